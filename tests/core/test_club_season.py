"""The club's season (issue 37): its standings from its evenings' rankings,
cases computed by hand (a season of three evenings with a best-2 rule)."""

from __future__ import annotations

import pytest

from jolly_scorer.core.club.ranking import Line, Ranked, Ranking
from jolly_scorer.core.club.season import (
    DEFAULT_PLACE_POINTS,
    Season,
    rank_season,
    season_from_json,
    season_tie_break,
    season_to_json,
)
from jolly_scorer.core.errors import ClubError


def evening(*order: str, points: tuple[int, ...] | None = None) -> Ranking:
    """An evening's overall ranking: ``order`` best first (``points``: each
    one's tournament points)."""
    entries = tuple(
        Ranked(
            place,
            Line(player, None if points is None else points[place - 1], 0, 1, 0, (0,)),
            False,
        )
        for place, player in enumerate(order, 1)
    )
    return Ranking(None, entries, ())


#: three evenings; place points (default table) in brackets:
#: 1: Anna (25), Ben (20), Cleo (16), Dora (13)
#: 2: Ben (25), Emil (20), Anna (16), Dora (13), Cleo (11)
#: 3: Emil (25), Cleo (20), Anna (16), Ben (13), Dora (11)
THREE = [
    ("Abend 1", evening("Anna", "Ben", "Cleo", "Dora")),
    ("Abend 2", evening("Ben", "Emil", "Anna", "Dora", "Cleo")),
    ("Abend 3", evening("Emil", "Cleo", "Anna", "Ben", "Dora")),
]


def test_a_season_of_three_evenings_with_the_best_two_counted() -> None:
    """By hand, the best two evenings of each:
    Anna 25 16 16 -> 41; Ben 20 25 13 -> 45; Cleo 16 11 20 -> 36;
    Dora 13 13 11 -> 26; Emil - 20 25 -> 45.
    Ben and Emil: 45 each, one evening won each; all evenings: Ben 58,
    Emil 45: Ben first. Nothing by lot."""
    standing = rank_season(Season("2026", best=2, seed=3), THREE)
    assert standing.scoring == "places"
    got = [(s.place, s.player, s.total, s.won, s.all_values) for s in standing.entries]
    assert got == [
        (1, "Ben", 45, 1, 58),
        (2, "Emil", 45, 1, 45),
        (3, "Anna", 41, 1, 57),
        (4, "Cleo", 36, 0, 47),
        (5, "Dora", 26, 0, 37),
    ]
    lines = {s.player: s for s in standing.entries}
    assert lines["Anna"].values == (25, 16, 16)
    assert lines["Anna"].counted == (True, False, True)  # of equal, the later
    assert lines["Ben"].counted == (True, True, False)
    assert lines["Cleo"].counted == (True, False, True)
    assert lines["Emil"].values == (None, 20, 25)
    assert lines["Emil"].counted == (False, True, True)
    assert lines["Emil"].played == 2
    assert not any(s.by_lot for s in standing.entries)
    assert standing.tie_break == season_tie_break(best=True, seed=3)


def test_the_same_season_with_every_evening_counted() -> None:
    """By hand: Ben 58, Anna 57, Cleo 47, Emil 45, Dora 37: the best-2 rule
    moved Emil from 4th to 2nd."""
    standing = rank_season(Season("2026"), THREE)
    assert [(s.player, s.total) for s in standing.entries] == [
        ("Ben", 58),
        ("Anna", 57),
        ("Cleo", 47),
        ("Emil", 45),
        ("Dora", 37),
    ]
    assert all(
        all(c for c, v in zip(s.counted, s.values, strict=True) if v is not None)
        for s in standing.entries
    )


def test_tournament_points_are_added_when_every_evening_has_them() -> None:
    one = evening("A", "B", "C", points=(30, 20, 5))
    two = evening("B", "A", "C", points=(40, 10, 8))
    standing = rank_season(Season("S"), [("1", one), ("2", two)])
    assert standing.scoring == "points"
    assert [(s.player, s.total) for s in standing.entries] == [
        ("B", 60),
        ("A", 40),
        ("C", 13),
    ]
    # an evening without points: place points for every evening
    three = evening("C", "A", "B")
    mixed = rank_season(Season("S"), [("1", one), ("2", two), ("3", three)])
    assert mixed.scoring == "places"
    assert {s.player: s.total for s in mixed.entries} == {
        "A": 25 + 20 + 20,
        "B": 20 + 25 + 16,
        "C": 16 + 16 + 25,
    }
    with pytest.raises(ClubError, match="no tournament points"):
        rank_season(Season("S", scoring="points"), [("1", one), ("3", three)])


def test_the_clubs_own_place_points_and_places_beyond_the_table() -> None:
    rule = Season("S", scoring="places", place_points=(10, 5))
    standing = rank_season(rule, [("1", evening("A", "B", "C"))])
    assert [(s.player, s.total) for s in standing.entries] == [
        ("A", 10),
        ("B", 5),
        ("C", 0),
    ]


def test_players_equal_in_every_step_are_told_apart_by_the_seasons_lots() -> None:
    # tournament points: 10 each on both evenings, one evening won each
    evenings = [
        ("1", evening("A", "B", points=(10, 10))),
        ("2", evening("B", "A", points=(10, 10))),
    ]
    orders = set()
    for seed in range(8):
        standing = rank_season(Season("S", seed=seed), evenings)
        assert all(s.by_lot for s in standing.entries)
        orders.add(standing.order)
        # the same seed, the same order
        assert rank_season(Season("S", seed=seed), evenings).order == standing.order
    assert orders == {("A", "B"), ("B", "A")}
    assert season_tie_break(best=False, seed=5)[-1].endswith("(the season's seed 5)")


def test_names_are_one_player_in_any_case_and_the_last_spelling_shows() -> None:
    standing = rank_season(
        Season("S"),
        [("1", evening("anna", "Ben", "Cleo")), ("2", evening("Anna", "Ben", "Cleo"))],
    )
    assert standing.order[0] == "Anna"
    assert standing.entries[0].total == 50


@pytest.mark.parametrize(
    "bad",
    [
        {"name": ""},
        {"name": "S", "best": 0},
        {"name": "S", "place_points": [5, 10]},
        {"name": "S", "place_points": []},
        {"name": "S", "scoring": "goals"},
        {"name": "S", "seed": -1},
        {"name": "S", "extra": 1},
    ],
)
def test_a_bad_season_is_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ClubError):
        season_from_json(bad)


def test_the_season_round_trips_as_json() -> None:
    rule = Season("2026", scoring="places", place_points=(5, 3, 1), best=4, seed=9)
    assert season_from_json(season_to_json(rule)) == rule
    assert Season("x").place_points == DEFAULT_PLACE_POINTS
