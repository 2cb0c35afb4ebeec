"""The club evening's core (issue 21): table splits, draws, seating by standing,
late arrivals and leavers, tournament points and the ranking; data-driven
cases (tests/data/club/) and hypothesis properties."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.paths import DATA as TEST_DATA
from support.paths import ROOT

from jolly_scorer.core.club.event import ClubEvent, event_from_json, event_to_json
from jolly_scorer.core.club.points import (
    CONVERSIONS,
    Band,
    Conversion,
    conversion_from_json,
)
from jolly_scorer.core.club.ranking import (
    MISSED_RULE,
    SeriesPlay,
    next_seating,
    rank_event,
    rank_series,
    tie_break_rule,
)
from jolly_scorer.core.club.seating import (
    Seating,
    draw_seating,
    next_players,
    split_text,
    standing_seating,
    table_sizes,
)
from jolly_scorer.core.errors import ClubError
from jolly_scorer.core.game import Counted, Game, Round, add_round, finish, new_game
from jolly_scorer.core.rules import find_rules

DATA = TEST_DATA / "club"
ROMME = find_rules("romme_de")
JOLLY = find_rules("jolly_at")


def cases(name: str) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads((DATA / name).read_text(encoding="utf-8"))[
        "cases"
    ]
    return data


def names(count: int) -> list[str]:
    return [f"Player {i:02d}" for i in range(1, count + 1)]


# -- splits -----------------------------------------------------------------


@pytest.mark.parametrize("case", cases("splits.json"), ids=lambda c: str(c["players"]))
def test_split(case: dict[str, Any]) -> None:
    count = case["players"]
    assert list(table_sizes(count)) == case["threes"], f"{count} players, threes"
    assert list(table_sizes(count, fives=True)) == case["fives"], f"{count}, fives"


@pytest.mark.parametrize("count", [-1, 0, 1, 2])
def test_too_few_players_for_an_event(count: int) -> None:
    with pytest.raises(ClubError, match="at least 3"):
        table_sizes(count)


@given(st.integers(3, 400), st.booleans())
@settings(deadline=None)
def test_tables_hold_everyone_at_3_to_5_and_mostly_4(count: int, fives: bool) -> None:
    sizes = table_sizes(count, fives=fives)
    assert sum(sizes) == count
    assert set(sizes) <= {3, 4, 5}
    assert list(sizes) == sorted(sizes, reverse=True)
    # the fewest players sit at a table that is not of 4
    odd = sum(1 for s in sizes if s != 4)
    assert odd <= 3


def test_split_text_says_how_it_splits() -> None:
    assert split_text(10) == "10 players: 3 tables (4 + 3 + 3)"
    assert split_text(10, fives=True) == "10 players: 2 tables (5 + 5)"


# -- draws ------------------------------------------------------------------


@given(st.integers(3, 60), st.integers(0, 10**9), st.booleans(), st.integers(1, 9))
@settings(max_examples=60, deadline=None)
def test_a_draw_seats_every_player_exactly_once(
    count: int, seed: int, fives: bool, series: int
) -> None:
    players = names(count)
    seating = draw_seating(players, series=series, seed=seed, fives=fives)
    assert sorted(seating.players) == sorted(players)
    assert tuple(len(t) for t in seating.tables) == table_sizes(count, fives=fives)
    assert seating.method == "draw" and seating.seed == seed


def test_a_draw_is_the_same_for_the_same_seed_in_any_typed_order() -> None:
    players = names(10)
    one = draw_seating(players, series=1, seed=123456)
    assert one == draw_seating(list(reversed(players)), series=1, seed=123456)
    assert one != draw_seating(players, series=1, seed=123457)  # a redraw


def test_a_draw_is_the_same_on_every_machine_and_version() -> None:
    """The lots are SHA-256 of fixed text: this seating must never change."""
    seating = draw_seating(["Anna", "Ben", "Cleo", "Dora", "Emil"], series=1, seed=42)
    assert seating.tables == (("Anna", "Emil", "Cleo", "Dora", "Ben"),)
    seating = draw_seating(names(8), series=1, seed=7)
    assert seating.tables == (
        ("Player 01", "Player 02", "Player 05", "Player 04"),
        ("Player 03", "Player 08", "Player 07", "Player 06"),
    )


def test_a_draw_is_fair_enough() -> None:
    """Over many seeds, every player sits at table 1 about as often."""
    players = names(8)
    counts = dict.fromkeys(players, 0)
    for seed in range(2000):
        for player in draw_seating(players, series=1, seed=seed).tables[0]:
            counts[player] += 1
    assert all(850 <= c <= 1150 for c in counts.values()), counts


def test_names_twice_or_unclean_are_refused() -> None:
    with pytest.raises(ClubError, match="named twice"):
        draw_seating(["Anna", "anna ", "Ben"], series=1, seed=1)
    with pytest.raises(ClubError, match="invisible"):
        draw_seating(["Anna\u202e", "Ben", "Cleo"], series=1, seed=1)
    with pytest.raises(ClubError, match="seed"):
        draw_seating(["Anna", "Ben", "Cleo"], series=1, seed=-1)


def test_a_seating_with_a_player_twice_or_a_table_of_two_is_refused() -> None:
    with pytest.raises(ClubError, match="twice"):
        Seating(1, "draw", 0, (("A", "B", "C"), ("a", "D", "E")))
    with pytest.raises(ClubError, match="2 seats"):
        Seating(1, "draw", 0, (("A", "B"),))


# -- seating by standing ------------------------------------------------------


@pytest.mark.parametrize(
    "case", cases("seating.json"), ids=lambda c: "".join(c["ranked"])
)
def test_seating_by_standing(case: dict[str, Any]) -> None:
    seating = standing_seating(case["ranked"], series=2, seed=9, fives=case["fives"])
    assert [sorted(t) for t in seating.tables] == [sorted(t) for t in case["tables"]]
    assert seating.method == "standing"


@given(st.integers(3, 40), st.integers(0, 10**9), st.booleans())
@settings(max_examples=60, deadline=None)
def test_seating_by_standing_puts_the_best_at_table_1(
    count: int, seed: int, fives: bool
) -> None:
    ranked = names(count)
    seating = standing_seating(ranked, series=3, seed=seed, fives=fives)
    assert sorted(seating.players) == sorted(ranked)
    first = seating.tables[0]
    assert sorted(first) == ranked[: len(first)]
    if len(first) >= 4:
        assert set(ranked[:4]) <= set(first)  # the top 4 at table 1
    # and every table holds a run of the standing
    start = 0
    for table in seating.tables:
        assert sorted(table) == ranked[start : start + len(table)]
        start += len(table)


def test_late_arrivals_and_leavers() -> None:
    playing = ["Anna", "Ben", "Cleo", "Dora", "Emil"]
    after = next_players(playing, arrive=[" Fritz ", "Gabi"], leave=["EMIL"])
    assert after == ("Anna", "Ben", "Cleo", "Dora", "Fritz", "Gabi")
    with pytest.raises(ClubError, match="named twice"):
        next_players(playing, arrive=["anna"])
    with pytest.raises(ClubError, match="at least 3"):
        next_players(["A", "B", "C"], leave=["A"])
    with pytest.raises(ClubError, match="cannot leave"):
        next_players(playing, leave=["Zoe"])


# -- the event ----------------------------------------------------------------


def test_an_event_checks_its_table_sizes_against_the_rules() -> None:
    four = ROMME.replace(players_max=4)
    with pytest.raises(ClubError, match="table of 5"):
        ClubEvent("Club", four, tuple(names(5)), 2, 1)
    ClubEvent("Club", four, tuple(names(6)), 2, 1)  # 3 + 3 is fine
    with pytest.raises(ClubError, match="games or of minutes"):
        ClubEvent("Club", ROMME, tuple(names(4)), 2)
    with pytest.raises(ClubError, match="series"):
        ClubEvent("Club", ROMME, tuple(names(4)), 0, 1)
    with pytest.raises(ClubError, match="clean"):
        ClubEvent("Club", ROMME, (" Anna", "Ben", "Cleo"), 1, 1)


def test_an_event_round_trips_through_json() -> None:
    event = ClubEvent(
        "Friday <club>",
        JOLLY.replace(target=300),
        tuple(names(9)),
        4,
        games_per_series=None,
        minutes_per_series=45,
        points=conversion_from_json({"base": "bands5", "game_win": 10}),
        fives=True,
        seed=987654,
    )
    data = json.loads(json.dumps(event_to_json(event)))
    assert event_from_json(data) == event
    with pytest.raises(ClubError, match="unknown event key"):
        event_from_json(data | {"colour": "red"})
    with pytest.raises(ClubError, match="rules"):
        event_from_json(data | {"rules": "canasta"})


# -- tournament points ----------------------------------------------------------


def test_the_presets_are_valid_and_explained() -> None:
    for conversion in CONVERSIONS.values():
        assert conversion_from_json(conversion.to_json()) == conversion
        assert conversion.explained()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"bands": []}, "at least one band"),
        ({"bands": [{"upto": 10, "points": 5}]}, "last band"),
        (
            {"bands": [{"upto": 10, "points": 5}, {"upto": None, "points": 6}]},
            "more points",
        ),
        (
            {
                "bands": [
                    {"upto": 10, "points": 5},
                    {"upto": 10, "points": 1},
                    {"upto": None, "points": 0},
                ]
            },
            "above 10",
        ),
        ({"out": 1}, "fewer points than the best band"),
        ({"handglatt": 0}, "Handglatt"),
        ({"out": -1}, "whole number"),
        ({"out": True}, "whole number"),
        ({"bands": [{"upto": "ten", "points": 1}]}, "upto"),
    ],
)
def test_a_bad_conversion_table_is_refused(data: dict[str, Any], message: str) -> None:
    with pytest.raises(ClubError, match=message):
        conversion_from_json({"base": "bands5"} | data)


@st.composite
def conversions(draw: st.DrawFn) -> Conversion:
    ups = sorted(set(draw(st.lists(st.integers(0, 500), max_size=6))))
    points = sorted(
        draw(
            st.lists(st.integers(0, 50), min_size=len(ups) + 1, max_size=len(ups) + 1)
        ),
        reverse=True,
    )
    bands = tuple(Band(u, p) for u, p in zip([*ups, None], points, strict=True))
    out = draw(st.integers(points[0], 100))
    return Conversion("mine", out, draw(st.integers(out, 150)), bands)


@given(conversions(), st.integers(0, 2000), st.integers(0, 2000))
@settings(deadline=None)
def test_more_points_left_in_hand_never_give_more_points(
    conversion: Conversion, a: int, b: int
) -> None:
    low, high = sorted((a, b))
    assert conversion.for_hand(low) >= conversion.for_hand(high)
    assert conversion.out >= conversion.for_hand(low)
    assert conversion.handglatt >= conversion.out


def test_tournament_points_of_a_game() -> None:
    table = CONVERSIONS["bands5"]  # out 25, Handglatt 40, bands 10/25/50/100
    game = new_game(ROMME, ["A", "B", "C", "D"], rounds_limit=2)
    game = add_round(
        game,
        Round(
            "A",
            counted=(
                ("B", Counted(bad=10)),
                ("C", Counted(bad=11)),
                ("D", Counted(bad=101)),
            ),
        ),
    )
    # a Handglatt doubles the others' points in Rommé: 2 * 13 = 26 is band 3
    game = add_round(
        game,
        Round(
            "B",
            handglatt=True,
            counted=(
                ("A", Counted(bad=5)),
                ("C", Counted(bad=13)),
                ("D", Counted(bad=50)),
            ),
        ),
    )
    from jolly_scorer.core.scoring import score_game

    points = table.game_points(game, score_game(game))
    assert points == {"A": 25 + 15, "B": 15 + 40, "C": 10 + 5, "D": 0 + 2}
    with_win = conversion_from_json({"base": "bands5", "game_win": 7})
    assert with_win.game_points(game, score_game(game))["A"] == 40 + 7  # A won


# -- the ranking -------------------------------------------------------------------


def counted_game(rules: Any, table: tuple[str, ...], *rounds: dict[str, int]) -> Game:
    """A game of counted rounds: each dict is bad points by player; the
    player with 0 went out (penalty scoring) and the game is ended."""
    game = new_game(rules, table)
    for bad in rounds:
        closer = next(p for p, v in bad.items() if v == 0)
        game = add_round(
            game,
            Round(
                closer,
                counted=tuple(
                    (p, Counted(bad=v)) for p, v in bad.items() if p != closer
                ),
            ),
        )
    return finish(game)


EIGHT = ("Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz", "Gabi", "Hans")


def evening(points: Conversion | None = None) -> tuple[ClubEvent, list[SeriesPlay]]:
    """8 players, 2 tables, series 1 of 2 games each (Rommé, penalty)."""
    event = ClubEvent(
        "Club", ROMME, EIGHT, 2, games_per_series=2, points=points, seed=5
    )
    seating = Seating(1, "draw", 11, (EIGHT[:4], EIGHT[4:]))
    t1 = (
        counted_game(ROMME, EIGHT[:4], {"Anna": 0, "Ben": 20, "Cleo": 30, "Dora": 5}),
        counted_game(ROMME, EIGHT[:4], {"Anna": 12, "Ben": 0, "Cleo": 30, "Dora": 60}),
    )
    t2 = (
        counted_game(ROMME, EIGHT[4:], {"Emil": 0, "Fritz": 3, "Gabi": 90, "Hans": 40}),
        counted_game(ROMME, EIGHT[4:], {"Emil": 0, "Fritz": 8, "Gabi": 1, "Hans": 40}),
    )
    return event, [SeriesPlay(seating, (t1, t2))]


def test_the_raw_score_ranks_by_default() -> None:
    event, plays = evening()
    ranking = rank_event(event, plays)
    raw = {r.line.player: r.line.raw for r in ranking.entries}
    assert raw == {
        "Anna": 12,
        "Ben": 20,
        "Cleo": 60,
        "Dora": 65,
        "Emil": 0,
        "Fritz": 11,
        "Gabi": 91,
        "Hans": 80,
    }
    assert ranking.order == (
        "Emil",
        "Fritz",
        "Anna",
        "Ben",
        "Cleo",
        "Dora",
        "Hans",
        "Gabi",
    )
    assert [r.place for r in ranking.entries] == list(range(1, 9))
    assert all(r.line.points is None for r in ranking.entries)
    won = {r.line.player: r.line.won for r in ranking.entries}
    assert won == {
        "Anna": 1,
        "Ben": 1,
        "Cleo": 0,
        "Dora": 0,
        "Emil": 2,
        "Fritz": 0,
        "Gabi": 0,
        "Hans": 0,
    }
    # series 2 by standing: the best four at table 1
    seating = next_seating(event, plays, EIGHT, seed=3)
    assert seating.series == 2 and seating.method == "standing"
    assert sorted(seating.tables[0]) == ["Anna", "Ben", "Emil", "Fritz"]


def test_tournament_points_rank_first() -> None:
    event, plays = evening(CONVERSIONS["bands3"])  # out 10, Hg 15, 20/50 -> 5/2/0
    ranking = rank_event(event, plays)
    points = {r.line.player: r.line.points for r in ranking.entries}
    assert points == {
        "Anna": 15,
        "Ben": 15,
        "Cleo": 4,
        "Dora": 5,
        "Emil": 20,
        "Fritz": 10,
        "Gabi": 5,
        "Hans": 4,
    }
    # Anna and Ben tie on points: Anna's raw score (12) is better than Ben's (20)
    assert ranking.order == (
        "Emil",
        "Anna",
        "Ben",
        "Fritz",
        "Dora",
        "Gabi",
        "Cleo",
        "Hans",
    )
    # Cleo and Hans: 4 points each; Cleo's raw 60 beats Hans's 80
    assert not any(r.by_lot for r in ranking.entries)


def test_a_tie_on_everything_is_decided_by_lot_and_says_so() -> None:
    event = ClubEvent("Club", ROMME, ("A", "B", "C"), 1, 1, seed=1)
    game = counted_game(ROMME, ("A", "B", "C"), {"A": 0, "B": 10, "C": 10})
    play = SeriesPlay(Seating(1, "draw", 0, (("A", "B", "C"),)), ((game,),))
    ranking = rank_event(event, [play])
    assert ranking.order[0] == "A"
    assert [r.by_lot for r in ranking.entries] == [False, True, True]
    other = rank_event(
        ClubEvent("Club", ROMME, ("A", "B", "C"), 1, 1, seed=2), [play]
    ).order
    assert {ranking.order[1:], other[1:]} <= {("B", "C"), ("C", "B")}


def test_the_last_series_breaks_a_tie_overall() -> None:
    event = ClubEvent("Club", ROMME, ("A", "B", "C"), 2, 1, seed=1)
    table = ("A", "B", "C")
    one = SeriesPlay(
        Seating(1, "draw", 0, (table,)),
        ((counted_game(ROMME, table, {"A": 0, "B": 10, "C": 30}),),),
    )
    two = SeriesPlay(
        Seating(2, "standing", 0, (table,)),
        ((counted_game(ROMME, table, {"A": 10, "B": 0, "C": 30}),),),
    )
    # A and B: raw 10 each, one game won each; B was better in the last series
    ranking = rank_event(event, [one, two])
    assert ranking.order == ("B", "A", "C")
    assert not ranking.entries[0].by_lot


def test_a_missed_series_counts_the_worst_raw_score_and_no_points() -> None:
    players = ("A", "B", "C", "D")
    event = ClubEvent("Club", ROMME, players, 2, 1, points=CONVERSIONS["bands3"])
    one = SeriesPlay(
        Seating(1, "draw", 0, (("A", "B", "C"),)),
        ((counted_game(ROMME, ("A", "B", "C"), {"A": 0, "B": 10, "C": 70}),),),
    )
    two = SeriesPlay(
        Seating(2, "draw", 0, (players,)),
        ((counted_game(ROMME, players, {"A": 30, "B": 5, "C": 0, "D": 0 + 1}),),),
    )
    ranking = rank_event(event, [one, two])
    d = next(r.line for r in ranking.entries if r.line.player == "D")
    assert d.series == (None, 5)  # 1 left in hand: 5 points
    assert d.raw == 70 + 1  # the worst raw score of series 1, then 1
    assert d.points == 5
    assert d.games == 1
    assert MISSED_RULE.startswith("A player who missed a series")


def test_a_game_begun_without_a_round_is_not_a_game_played() -> None:
    """A table's next game started (no round yet) counts in no one's games:
    the ranking said "3 games" after two while the third had not begun."""
    players = ("A", "B", "C")
    event = ClubEvent("Club", ROMME, players, 1, 2)
    played = counted_game(ROMME, players, {"A": 0, "B": 10, "C": 70})
    begun = new_game(ROMME, players)
    play = SeriesPlay(Seating(1, "draw", 0, (players,)), ((played, begun),))
    ranking = rank_event(event, [play])
    assert {r.line.player: r.line.games for r in ranking.entries} == {
        "A": 1,
        "B": 1,
        "C": 1,
    }


def test_the_ranking_of_one_series() -> None:
    event, plays = evening()
    ranking = rank_series(event, plays[0])
    assert ranking.series == 1
    assert ranking.order[:2] == ("Emil", "Fritz")
    assert ranking.tie_break == tie_break_rule(
        points=False, plus=False, overall=False, seed=event.seed
    )


def test_plus_scoring_ranks_the_higher_raw_score_first() -> None:
    players = ("A", "B", "C")
    event = ClubEvent("Club", JOLLY, players, 1, 1)
    game = new_game(JOLLY, players, rounds_limit=1)
    game = add_round(
        game,
        Round(
            "B",
            counted=(
                ("A", Counted(good=40, bad=10)),
                ("B", Counted(good=50)),
                ("C", Counted(bad=25)),
            ),
        ),
    )
    play = SeriesPlay(Seating(1, "draw", 0, (players,)), ((game,),))
    ranking = rank_event(event, [play])
    assert ranking.order == ("B", "A", "C")  # 80, 30, -25
    assert ranking.tie_break[0] == "1. the better raw score (the higher: plus scoring)"


def test_a_game_of_another_table_is_refused() -> None:
    seating = Seating(1, "draw", 0, (("A", "B", "C"), ("D", "E", "F")))
    wrong = counted_game(ROMME, ("A", "B", "D"), {"A": 0, "B": 1, "D": 2})
    with pytest.raises(ClubError, match="table 1"):
        SeriesPlay(seating, ((wrong,), ()))
    with pytest.raises(ClubError, match="games for 1 tables"):
        SeriesPlay(seating, ((),))


@st.composite
def evenings(draw: st.DrawFn) -> tuple[ClubEvent, list[SeriesPlay]]:
    count = draw(st.integers(3, 13))
    players = tuple(names(count))
    points = draw(st.sampled_from([None, *CONVERSIONS.values()]))
    rules = draw(st.sampled_from([ROMME, JOLLY]))
    event = ClubEvent(
        "E", rules, players, 3, 1, points=points, seed=draw(st.integers(0, 99))
    )
    plays: list[SeriesPlay] = []
    for series in range(1, draw(st.integers(1, 3)) + 1):
        seating = draw_seating(players, series=series, seed=draw(st.integers(0, 99)))
        tables = []
        for table in seating.tables:
            game = new_game(rules, table, rounds_limit=3)
            for _ in range(draw(st.integers(0, 3))):
                closer = draw(st.sampled_from(table))
                game = add_round(
                    game,
                    Round(
                        closer,
                        counted=tuple(
                            (p, Counted(bad=draw(st.integers(0, 60))))
                            for p in table
                            if p != closer
                        ),
                    ),
                )
            tables.append((game,))
        plays.append(SeriesPlay(seating, tuple(tables)))
    return event, plays


@given(evenings())
@settings(max_examples=40, deadline=None)
def test_the_ranking_is_a_total_order(data: tuple[ClubEvent, list[SeriesPlay]]) -> None:
    event, plays = data
    ranking = rank_event(event, plays)
    assert sorted(ranking.order) == sorted(event.players)
    assert [r.place for r in ranking.entries] == list(range(1, len(event.players) + 1))
    # the order does not depend on the order the players were typed in
    shuffled = ClubEvent(
        event.name,
        event.rules,
        tuple(reversed(event.players)),
        event.series_count,
        1,
        points=event.points,
        seed=event.seed,
    )
    assert rank_event(shuffled, plays).order == ranking.order
    # and each step of the rule holds between neighbours
    plus = event.rules.is_plus
    for above, below in zip(ranking.entries, ranking.entries[1:], strict=False):
        a, b = above.line, below.line
        if event.points is not None:
            assert (a.points or 0) >= (b.points or 0)
            if a.points != b.points:
                continue
        assert (a.raw >= b.raw) if plus else (a.raw <= b.raw)
    # seating by standing after these series puts the best at table 1
    seating = next_seating(event, plays, event.players, seed=1)
    first = seating.tables[0]
    assert sorted(first) == sorted(ranking.order[: len(first)])


# -- the docs say what the code does ------------------------------------------

RULES_DOC = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")


def club_doc() -> str:
    return RULES_DOC.split("## A club evening", 1)[1]


def test_the_rules_doc_lists_every_conversion_preset_as_it_is() -> None:
    # rows without a leading "|": the knob table's check reads those
    rows = [ln for ln in club_doc().splitlines() if ln.startswith("`") and " | " in ln]
    shown = {}
    for row in rows:
        cells = [c.strip() for c in row.split("|")]
        shown[cells[0].strip("`")] = cells[1:]
    assert list(shown) == list(CONVERSIONS)
    for name, conversion in CONVERSIONS.items():
        out, handglatt, bands, game_win = shown[name]
        assert (int(out), int(handglatt), int(game_win)) == (
            conversion.out,
            conversion.handglatt,
            conversion.game_win,
        ), name
        written = []
        low = 0
        for band in conversion.bands:
            if band.upto is None:
                written.append(f"{'any' if low == 0 else 'more'} → {band.points}")
            else:
                written.append(f"{low}–{band.upto} → {band.points}")
                low = band.upto + 1
        assert bands == ", ".join(written), name


def test_the_rules_doc_splits_as_the_code_does() -> None:
    text = " ".join(club_doc().split("### The draw", 1)[0].split())
    found = re.findall(r"(\d+): ((?:\d+ \+ )*\d+)", text)
    assert len(found) >= 9
    fives = text.index("tables of 5*")
    for match in re.finditer(r"(\d+): ((?:\d+ \+ )*\d+)", text):
        count, sizes = int(match.group(1)), match.group(2)
        want = tuple(int(s) for s in sizes.split(" + "))
        assert table_sizes(count, fives=match.start() > fives) == want, match.group(0)
    assert "10 players: 3 tables (4 + 3 + 3)" in text
    assert split_text(10) == "10 players: 3 tables (4 + 3 + 3)"


def test_the_rules_doc_gives_the_tie_break_in_the_codes_order() -> None:
    steps = tie_break_rule(points=True, plus=True, overall=True)
    doc = " ".join(club_doc().split("### The ranking", 1)[1].split())
    places = [
        doc.index(s.split(". ", 1)[1].split(" (")[0].removeprefix("then "))
        for s in steps
    ]
    assert places == sorted(places)


@given(evenings())
@settings(max_examples=25, deadline=None)
def test_results_kept_by_the_caller_rank_the_same(
    data: tuple[ClubEvent, list[SeriesPlay]],
) -> None:
    from jolly_scorer.core.scoring import score_game

    event, plays = data
    kept = [
        SeriesPlay(
            p.seating, p.games, tuple(tuple(score_game(g) for g in t) for t in p.games)
        )
        for p in plays
    ]
    assert rank_event(event, kept) == rank_event(event, plays)
    assert rank_series(event, kept[0]) == rank_series(event, plays[0])


def test_a_result_of_another_game_is_refused() -> None:
    from jolly_scorer.core.scoring import score_game

    event, plays = evening()
    play = plays[0]
    one, two = play.games[0]
    with pytest.raises(ClubError, match="a result for each game"):
        SeriesPlay(play.seating, play.games, ((score_game(one),), ()))
    empty = score_game(new_game(ROMME, play.seating.tables[0]))  # no rounds
    bad = SeriesPlay(
        play.seating,
        play.games,
        ((score_game(one), empty), tuple(score_game(g) for g in play.games[1])),
    )
    with pytest.raises(ClubError, match="not its game's result"):
        rank_event(event, [bad])


def test_more_games_won_breaks_a_tie_of_points_and_raw_score() -> None:
    """Issue 37: reversing the step "then more games won" failed no test.
    A and B end on the same raw score (2); A won two games, B one."""
    table = ("A", "B", "C")
    event = ClubEvent("Club", ROMME, table, 1, games_per_series=3, seed=1)
    games = (
        counted_game(ROMME, table, {"A": 0, "B": 1, "C": 50}),
        counted_game(ROMME, table, {"A": 0, "B": 1, "C": 50}),
        counted_game(ROMME, table, {"A": 2, "B": 0, "C": 50}),
    )
    play = SeriesPlay(Seating(1, "draw", 0, (table,)), (games,))
    for ranking in (rank_series(event, play), rank_event(event, [play])):
        lines = {r.line.player: r.line for r in ranking.entries}
        assert (lines["A"].raw, lines["A"].won) == (2, 2)
        assert (lines["B"].raw, lines["B"].won) == (2, 1)
        assert ranking.order == ("A", "B", "C")
        assert not any(r.by_lot for r in ranking.entries)


@pytest.mark.parametrize("seed", range(12))
def test_a_player_who_missed_a_series_never_ranks_above_an_equal_one_who_played(
    seed: int,
) -> None:
    """Issue 37 item 5: D arrives for series 2 and counts C's worst raw score
    of series 1; in series 2 D and C score the same. Their lines are equal in
    every step; the lots used to decide (D above C for some seeds): now the
    one who played ranks first, and not by lot."""
    event = ClubEvent("Club", ROMME, ("A", "B", "C", "D"), 2, 1, seed=seed)
    one = SeriesPlay(
        Seating(1, "draw", 0, (("A", "B", "C"),)),
        ((counted_game(ROMME, ("A", "B", "C"), {"A": 0, "B": 10, "C": 50}),),),
    )
    four = ("A", "B", "C", "D")
    two = SeriesPlay(
        Seating(2, "draw", 0, (four,)),
        ((counted_game(ROMME, four, {"A": 0, "B": 10, "C": 30, "D": 30}),),),
    )
    ranking = rank_event(event, [one, two])
    lines = {r.line.player: r for r in ranking.entries}
    assert lines["C"].line.raw == lines["D"].line.raw == 80
    assert ranking.order == ("A", "B", "C", "D")
    assert not lines["C"].by_lot and not lines["D"].by_lot
    assert any("played more series" in step for step in ranking.tie_break)


def test_the_lots_say_their_seed() -> None:
    """Issue 37 item 4: the seed the lots are drawn from is in the rule."""
    event, plays = evening()
    for ranking in (rank_event(event, plays), rank_series(event, plays[0])):
        assert ranking.seed == event.seed == 5
        assert ranking.tie_break[-1].endswith("the drawn lots (the event's seed 5)")


def test_a_table_that_saved_nothing_yet_ranks_last_in_its_series() -> None:
    """Issue 37 item 6: while a series is played, the players of a table that
    saved no round yet showed 0 and ranked first (penalty scoring); they
    rank after every player with a result, and show no score."""
    from jolly_scorer.core.club.export import ranking_rows

    players = ("A", "B", "C", "D", "E", "F")
    event = ClubEvent("Club", ROMME, players, 1, 1)
    one, two = ("A", "B", "C"), ("D", "E", "F")
    played = counted_game(ROMME, one, {"A": 0, "B": 10, "C": 20})
    play = SeriesPlay(Seating(1, "draw", 0, (one, two)), ((played,), ()))
    ranking = rank_series(event, play)
    assert ranking.order[:3] == ("A", "B", "C")
    assert set(ranking.order[3:]) == {"D", "E", "F"}
    rows = ranking_rows(ranking)
    assert all(row[2] == "–" for row in rows[4:])


def test_the_overall_ranking_counts_no_0_for_a_series_not_yet_played() -> None:
    """Issue 37: while series 2 is played, the players of a table that saved
    nothing yet had 0 for series 2 in the overall ranking, and that 0 won the
    step "the better result in the last series" (penalty scoring). Their
    series 2 is missing (shown "–"), never 0; a missed player's worst score is
    taken from the tables that played."""
    from jolly_scorer.core.club.export import ranking_rows

    players = ("A", "B", "C", "D", "E", "F", "G")
    event = ClubEvent("Club", ROMME, players, 2, 1, seed=3)
    one, two = ("A", "B", "C"), ("D", "E", "F")
    first = SeriesPlay(
        Seating(1, "draw", 0, (one, two)),
        (
            (counted_game(ROMME, one, {"A": 0, "B": 10, "C": 20}),),
            (counted_game(ROMME, two, {"D": 0, "E": 10, "F": 20}),),
        ),
    )
    # series 2: A, B, C play on; D, E, F's table saved nothing yet; G arrived
    three, four = ("A", "B", "C", "G"), ("D", "E", "F")
    second = SeriesPlay(
        Seating(2, "standing", 0, (three, four)),
        ((counted_game(ROMME, three, {"A": 0, "B": 0, "C": 0, "G": 5}),), ()),
    )
    ranking = rank_event(event, [first, second])
    lines = {r.line.player: r.line for r in ranking.entries}
    assert lines["D"].series == (0, None)
    assert lines["E"].series == (10, None)
    assert lines["A"].series == (0, 0)
    # A and D: raw 0, one game won each; D's series 2 is not a better 0
    assert ranking.order.index("A") < ranking.order.index("D")
    assert lines["A"].games == 2
    rows = {row[1]: row for row in ranking_rows(ranking)[1:]}
    assert rows["D"][-1] == "–"
    # G missed series 1: its worst raw score is 20, series 2 as played
    assert lines["G"].raw == 20 + 5
