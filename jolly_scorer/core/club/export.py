"""A club evening's ranking as a table of plain values and as one static HTML
page a club can put on its website or show on a projector.

The page holds everything it needs (no script, no font, no image, no link to
anything): every text is escaped, it reads on a phone (the table scrolls
sideways when it is wider than the screen) and from the back of a room (the
type grows with the width of the screen up to 1920 pixels), in light or dark.
The texts are English unless the caller passes its own (:class:`PageTexts`):
the UI passes them translated.

>>> from jolly_scorer.core.club.ranking import Line, Ranked, Ranking
>>> ranking = Ranking(None, (Ranked(1, Line("<Anna>", None, 12, 2, 1, (12,)), False),),
...                   ("1. the better raw score",))
>>> rows = ranking_rows(ranking)
>>> rows[0], rows[1]
(('place', 'player', 'raw score', 'games', 'won', 'series 1'), ('1', '<Anna>', '12', '2', '1', '12'))
>>> "&lt;Anna&gt;" in ranking_html("Club & Co", ranking), "<Anna>" in ranking_html("C", ranking)
(True, False)
"""  # noqa: E501

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from jolly_scorer.core.club.ranking import Ranking
from jolly_scorer.core.club.season import (
    DEFAULT_PLACE_POINTS,
    SeasonStanding,
    SeasonTexts,
    standing_notes,
    standing_rows,
)

__all__ = ["PageTexts", "ranking_html", "ranking_rows", "season_html"]


@dataclass(frozen=True, slots=True)
class PageTexts:
    """The words of the table and the page (``series`` takes ``{n}``)."""

    place: str = "place"
    player: str = "player"
    points: str = "tournament points"
    raw: str = "raw score"
    games: str = "games"
    won: str = "won"
    series: str = "series {n}"
    missed: str = "–"
    by_lot: str = "by lot"
    lot_seed: str = "by lot (the event's seed {seed})"
    overall: str = "Final ranking"
    tie_break: str = "Ties are broken by"
    language: str = "en"


def ranking_rows(
    ranking: Ranking, texts: PageTexts = PageTexts()
) -> tuple[tuple[str, ...], ...]:
    """The ranking as rows of texts: the heads, then one row per player, best
    first. Tournament points only when the event uses them; one column per
    series (its measure; ``texts.missed`` for a series missed)."""
    entries = ranking.entries
    uses_points = any(r.line.points is not None for r in entries)
    count = max((len(r.line.series) for r in entries), default=0)
    head = [texts.place, texts.player]
    if uses_points:
        head.append(texts.points)
    head += [texts.raw, texts.games, texts.won]
    if ranking.series is not None:  # one series: its own number
        head += [texts.series.format(n=ranking.series)] * min(count, 1)
    else:
        head += [texts.series.format(n=n) for n in range(1, count + 1)]
    rows = [tuple(head)]
    for ranked in entries:
        line = ranked.line
        row = [str(ranked.place), line.player]
        if not line.games and ranking.series is not None:  # not played yet
            row += [texts.missed] * (1 + uses_points) + ["0", "0"]
            row += [texts.missed] * count
            rows.append(tuple(row))
            continue
        if uses_points:
            row.append(str(line.points or 0))
        row += [str(line.raw), str(line.games), str(line.won)]
        row += [texts.missed if v is None else str(v) for v in line.series]
        row += [texts.missed] * (count - len(line.series))
        rows.append(tuple(row))
    return tuple(rows)


_STYLE = """
:root { color-scheme: light dark; --line: #8884; --lead: #c9a227; }
* { box-sizing: border-box; }
body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto,
  sans-serif; font-size: clamp(16px, 1.15vw + 10px, 34px); line-height: 1.35;
  background: Canvas; color: CanvasText; }
main { max-width: 1800px; margin: 0 auto; padding: 1em 4vw 2em; }
h1 { font-size: 1.8em; margin: 0 0 .15em; overflow-wrap: anywhere; }
.sub { margin: 0 0 1em; opacity: .75; }
.scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
th, td { padding: .35em .6em; border-bottom: 1px solid var(--line);
  text-align: right; white-space: nowrap; }
th { font-size: .8em; font-weight: 600; opacity: .8; vertical-align: bottom;
  white-space: normal; hyphens: auto; }
th:nth-child(2), td:nth-child(2) { text-align: left; white-space: normal;
  overflow-wrap: break-word; min-width: 8em; }
tbody tr:nth-child(-n+3) td:nth-child(-n+2) { font-weight: 700; }
tbody tr:first-child td:first-child { color: var(--lead); }
.lot { font-size: .7em; opacity: .7; margin-left: .4em; }
footer { margin-top: 1.5em; font-size: .85em; }
footer ol { margin: .3em 0; padding-left: 1.2em; }
footer li { list-style: none; }
@media print { body { font-size: 11pt; } .scroll { overflow: visible; } }
"""


def _page(
    title: str,
    heading: str,
    rows: tuple[tuple[str, ...], ...],
    by_lot: tuple[bool, ...],
    *,
    lot: str,
    language: str,
    subtitle: str = "",
    footer: str,
) -> str:
    """One static page: ``title``, ``heading``, ``rows`` (heads first) as a
    table whose places decided by lot (``by_lot``, a flag a row) say ``lot``,
    and ``footer`` (HTML, its texts escaped by the caller). Every text given
    here is escaped."""

    def cells(row: tuple[str, ...], tag: str) -> str:
        return "".join(f"<{tag}>{escape(cell)}</{tag}>" for cell in row)

    mark = f'<span class="lot">({escape(lot)})</span>'
    body = [
        f"<tr><td>{escape(row[0])}{mark if lots else ''}</td>"
        f"{cells(row[1:], 'td')}</tr>"
        for row, lots in zip(rows[1:], by_lot, strict=True)
    ]
    sub = f'<p class="sub">{escape(subtitle)}</p>' if subtitle else ""
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{escape(language)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)} – {escape(heading)}</title>\n"
        f"<style>{_STYLE}</style>\n</head>\n<body>\n<main>\n"
        f"<h1>{escape(title)}</h1>\n{sub}"
        f"<h2>{escape(heading)}</h2>\n"
        '<div class="scroll"><table>\n'
        f"<thead><tr>{cells(rows[0], 'th')}</tr></thead>\n"
        f"<tbody>\n{chr(10).join(body)}\n</tbody>\n</table></div>\n"
        f"<footer>{footer}</footer>\n"
        "</main>\n</body>\n</html>\n"
    )


def _paragraphs(texts: tuple[str, ...]) -> str:
    return "".join(f"<p>{escape(text)}</p>" for text in texts)


def _rule(head: str, steps: tuple[str, ...]) -> str:
    """The tie-break under a table: its head and its steps."""
    items = "".join(f"<li>{escape(step)}</li>" for step in steps)
    return f"<p>{escape(head)}</p><ol>{items}</ol>"


def ranking_html(
    title: str,
    ranking: Ranking,
    *,
    subtitle: str = "",
    notes: tuple[str, ...] = (),
    texts: PageTexts = PageTexts(),
) -> str:
    """One static page: ``title`` (the event's name), the ranking as a table,
    and under it the tie-break rule and ``notes`` (e.g. what a missed series
    counts). Every text is escaped.

    >>> page = ranking_html("Friday", Ranking(None, (), ("1. more games won",)))
    >>> page.startswith("<!DOCTYPE html>"), "http" in page, "<script" in page
    (True, False, False)
    """
    heading = (
        texts.overall
        if ranking.series is None
        else texts.series.format(n=ranking.series)
    )
    return _page(
        title,
        heading,
        ranking_rows(ranking, texts),
        tuple(r.by_lot for r in ranking.entries),
        lot=texts.by_lot,
        language=texts.language,
        subtitle=subtitle,
        footer=_rule(texts.tie_break, ranking.tie_break) + _paragraphs(notes),
    )


def season_html(
    standing: SeasonStanding,
    *,
    texts: SeasonTexts | None = None,
    tie_break: tuple[str, ...] | None = None,
    place_points: tuple[int, ...] = DEFAULT_PLACE_POINTS,
) -> str:
    """The season's standings as one static page, as :func:`ranking_html`:
    the season's name, the table (an evening per column), what an evening
    counts, and the tie-break (``tie_break``: its lines translated).

    >>> page = season_html(SeasonStanding("2026", (), "places", None, (), ()))
    >>> page.startswith("<!DOCTYPE html>"), "<script" in page
    (True, False)
    """
    texts = texts or SeasonTexts()
    steps = standing.tie_break if tie_break is None else tie_break
    notes = standing_notes(standing, texts, place_points)
    return _page(
        standing.name,
        texts.heading,
        standing_rows(standing, texts),
        tuple(line.by_lot for line in standing.entries),
        lot=texts.by_lot,
        language=texts.language,
        footer=_paragraphs(notes) + _rule(texts.tie_break, steps),
    )
