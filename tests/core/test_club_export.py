"""The club evening's results: the ranking as CSV and as one static HTML page
(everything escaped, nothing loaded from anywhere, readable on a phone and a
projector)."""

from __future__ import annotations

import csv
import io
import re
from html.parser import HTMLParser

from jolly_scorer.core.club.event import ClubEvent
from jolly_scorer.core.club.export import PageTexts, ranking_html, ranking_rows
from jolly_scorer.core.club.points import CONVERSIONS
from jolly_scorer.core.club.ranking import (
    MISSED_RULE,
    Line,
    Ranked,
    Ranking,
    SeriesPlay,
    rank_event,
)
from jolly_scorer.core.club.seating import Seating
from jolly_scorer.core.game import Counted, Round, add_round, finish, new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store.club_export import ranking_csv

ROMME = find_rules("romme_de")
NASTY = ('<script>alert("x")</script>', "Ben & 'Co'", '=HYPERLINK("x")', "Zoë")


def nasty_ranking(points: bool = True) -> Ranking:
    event = ClubEvent(
        "</title><script>alert(1)</script>",
        ROMME,
        NASTY,
        2,
        1,
        points=CONVERSIONS["bands5"] if points else None,
    )
    table = NASTY[:3]
    game = new_game(ROMME, table)
    game = add_round(
        game,
        Round(
            table[0], counted=((table[1], Counted(bad=7)), (table[2], Counted(bad=40)))
        ),
    )
    play = SeriesPlay(Seating(1, "draw", 1, (table,)), ((finish(game),),))
    return rank_event(event, [play])


class Collect(HTMLParser):
    """The tags, attributes and texts of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.attrs: list[tuple[str, str | None]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attrs.extend(attrs)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse(page: str) -> Collect:
    parser = Collect()
    parser.feed(page)
    parser.close()
    return parser


def test_the_page_escapes_every_text() -> None:
    ranking = nasty_ranking()
    page = ranking_html(
        "</title><script>alert(1)</script>",
        ranking,
        subtitle="<b>18 March</b>",
        notes=(MISSED_RULE, "<img src=x onerror=alert(1)>"),
    )
    found = parse(page)
    assert (
        "script" not in found.tags and "img" not in found.tags and "b" not in found.tags
    )
    text = "".join(found.text)
    for name in NASTY:
        assert name in text  # shown as written, never run
    assert "</title><script>alert(1)</script>" in text
    assert "<img src=x onerror=alert(1)>" in text
    assert MISSED_RULE in text


def test_the_page_loads_nothing_from_anywhere() -> None:
    page = ranking_html("Friday", nasty_ranking())
    found = parse(page)
    assert not {"script", "link", "img", "iframe", "object", "embed"} & set(found.tags)
    assert not [a for a in found.attrs if a[0] in ("src", "href", "style", "on")]
    assert not re.search(r"url\(|@import|https?:|//[a-z]", page, re.IGNORECASE)


def test_the_page_fits_a_phone_and_a_projector() -> None:
    page = ranking_html("Friday", nasty_ranking())
    assert (
        '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    )
    assert '<meta charset="utf-8">' in page
    assert ".scroll { overflow-x: auto" in page  # a wide table scrolls on a phone
    assert "clamp(" in page  # the type grows with the screen
    assert "color-scheme: light dark" in page


def test_the_page_shows_the_ranking_and_the_tie_break() -> None:
    ranking = nasty_ranking()
    page = ranking_html("Friday", ranking)
    text = "".join(parse(page).text)
    for step in ranking.tie_break:
        assert step in text
    assert text.index(ranking.order[0]) < text.index(ranking.order[1])
    assert "Final ranking" in text


def test_the_page_in_another_language() -> None:
    texts = PageTexts(
        place="Platz",
        player="Spieler",
        points="Wertungspunkte",
        raw="Punkte",
        games="Spiele",
        won="gewonnen",
        series="Serie {n}",
        by_lot="Los",
        overall="Endstand",
        tie_break="Bei Gleichstand entscheidet",
        language="de",
    )
    page = ranking_html("Freitag", nasty_ranking(), texts=texts)
    assert '<html lang="de">' in page
    assert "<th>Wertungspunkte</th>" in page and "<th>Serie 1</th>" in page
    assert "Endstand" in page


def test_rows_show_points_only_when_the_event_uses_them() -> None:
    assert "tournament points" in ranking_rows(nasty_ranking(points=True))[0]
    assert "tournament points" not in ranking_rows(nasty_ranking(points=False))[0]


def test_a_missed_series_shows_a_dash() -> None:
    line = Line("Anna", None, 50, 1, 0, (None, 50))
    rows = ranking_rows(Ranking(None, (Ranked(1, line, False),), ()))
    assert rows[1][-2:] == ("–", "50")


def test_the_csv_reads_back_and_runs_no_formula() -> None:
    ranking = nasty_ranking()
    text = ranking_csv(ranking)
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][:4] == ["place", "player", "tournament points", "raw score"]
    assert [r[1] for r in rows[1:]] == [
        "'" + p if p.startswith("=") else p for p in ranking.order
    ]
    assert [int(r[0]) for r in rows[1:]] == [1, 2, 3, 4]
    points = {r.line.player: r.line.points for r in ranking.entries}
    for row in rows[1:]:
        name = row[1][1:] if row[1].startswith("'=") else row[1]
        assert int(row[2]) == points[name]


def test_the_csv_marks_places_decided_by_lot() -> None:
    tied = tuple(
        Ranked(n, Line(p, None, 5, 1, 0, (5,)), n > 1)
        for n, p in ((1, "A"), (2, "B"), (3, "C"))
    )
    rows = list(csv.reader(io.StringIO(ranking_csv(Ranking(None, tied, ())))))
    assert rows[0][-1] == "by lot"
    assert [r[-1] for r in rows[1:]] == ["", "x", "x"]


def test_a_series_ranking_labels_its_column_with_its_own_number() -> None:
    """Issue 37 item 3: series 2's ranking labelled its column "series 1"."""
    line = Line("Anna", None, 50, 1, 0, (50,))
    rows = ranking_rows(Ranking(2, (Ranked(1, line, False),), ()))
    assert rows[0][-1] == "series 2"
    assert "series 1" not in rows[0]
    page = ranking_html("Club", Ranking(2, (Ranked(1, line, False),), ()))
    assert "<th>series 2</th>" in page and "series 1" not in page


def lot_ranking() -> Ranking:
    tied = tuple(
        Ranked(n, Line(p, None, 5, 1, 0, (5,)), True)
        for n, p in ((1, "Jürgen"), (2, "Ödön"))
    )
    rule = ("1. the better raw score", "2. then the drawn lots (the event's seed 4711)")
    return Ranking(None, tied, rule, seed=4711)


def test_both_exports_show_the_seed_of_the_lots() -> None:
    """Issue 37 item 4: where the lots decide, the seed they use is shown."""
    ranking = lot_ranking()
    head = next(csv.reader(io.StringIO(ranking_csv(ranking))))
    assert head[-1] == "by lot (the event's seed 4711)"
    assert "the event&#x27;s seed 4711" in ranking_html("Club", ranking)


def test_the_spreadsheet_csv_reads_back_in_a_german_spreadsheets_dialect() -> None:
    """Issue 37 item 7: UTF-8 with a byte-order mark, semicolons. Read back
    by Python's csv as a spreadsheet would: the dialect sniffed from the
    text, the encoding from the byte-order mark."""
    from jolly_scorer.store.club_export import ranking_csv_bytes

    ranking = lot_ranking()
    data = ranking_csv_bytes(ranking)
    assert data.startswith(b"\xef\xbb\xbf")
    text = data.decode("utf-8-sig")
    dialect = csv.Sniffer().sniff(text.splitlines()[0] + "\n" + text.splitlines()[1])
    assert dialect.delimiter == ";"
    rows = list(csv.reader(io.StringIO(text), dialect))
    assert [r[1] for r in rows[1:]] == ["Jürgen", "Ödön"]
    assert all(len(r) == len(rows[0]) for r in rows)
    # a comma inside a cell stays in its cell
    comma = Ranking(
        None, (Ranked(1, Line("Meier, Jörg", None, 5, 1, 0, (5,)), False),), ()
    )
    back = list(
        csv.reader(
            io.StringIO(ranking_csv_bytes(comma).decode("utf-8-sig")), delimiter=";"
        )
    )
    assert back[1][1] == "Meier, Jörg"
    # commas asked for: the same rows, still with the byte-order mark
    plain = ranking_csv_bytes(ranking, semicolons=False).decode("utf-8-sig")
    assert list(csv.reader(io.StringIO(plain))) == rows
