"""A club's season: its evenings' rankings added up (issue 37).

A season has a name and holds the club's evenings, in the order they were
played. Each evening gives each of its players a *season value*:

* its tournament points (the overall ranking's), when the season counts
  points (``scoring="points"``; every evening must use tournament points);
* or the *place points* of the place they took that evening, from a table
  of the club's choosing (:data:`DEFAULT_PLACE_POINTS` unless the club
  gives its own; a place beyond the table gives 0) (``scoring="places"``);
* ``scoring="auto"`` (the default): points when every evening uses
  tournament points, else place points.

A player's season total adds their values of the evenings counted: all of
them, or with a *best N* rule (``best``) only their N best evenings (an
evening missed counts nothing and is never among the best). The standings
are ordered by :func:`season_tie_break`, in words one step a line, ending in
the drawn lots of the season's seed, so no two players share a place.

Players are told apart as in an evening (:func:`~.names.name_key`): "anna"
of one evening is "Anna" of another; the name shown is that of the last
evening played.

>>> from jolly_scorer.core.club.ranking import Line, Ranked, Ranking
>>> def evening(*order):
...     lines = [Line(p, None, 0, 1, 0, (0,)) for p in order]
...     return Ranking(None, tuple(Ranked(i, l, False) for i, l in enumerate(lines, 1)), ())
>>> rule = Season("2026", place_points=(3, 2, 1))
>>> standing = rank_season(rule, [("1", evening("A", "B", "C")), ("2", evening("B", "A"))])
>>> [(s.place, s.player, s.total) for s in standing.entries]
[(1, 'B', 5), (2, 'A', 5), (3, 'C', 1)]
"""  # noqa: E501

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from jolly_scorer.core.club.ranking import Ranking
from jolly_scorer.core.club.seating import check_seed, lot
from jolly_scorer.core.errors import ClubError
from jolly_scorer.core.names import name_key
from jolly_scorer.core.values import as_whole, is_text

__all__ = [
    "DEFAULT_PLACE_POINTS",
    "Season",
    "SeasonLine",
    "SeasonStanding",
    "SeasonTexts",
    "standing_notes",
    "standing_rows",
    "rank_season",
    "season_from_json",
    "season_tie_break",
    "season_to_json",
]

#: place points when a club gives none: 1st 25, 2nd 20, 3rd 16, 4th 13,
#: 5th 11, then one less a place down to 1 at 15th (places beyond: 0)
DEFAULT_PLACE_POINTS: tuple[int, ...] = (
    25,
    20,
    16,
    13,
    11,
    10,
    9,
    8,
    7,
    6,
    5,
    4,
    3,
    2,
    1,
)

Scoring = Literal["auto", "points", "places"]
MAX_EVENINGS = 500
MAX_PLACES = 200


@dataclass(frozen=True, slots=True)
class Season:
    """A season's rule: its name, how an evening counts (``scoring``, the
    place points table), the best-N rule (None: every evening counts) and
    the seed of its lots."""

    name: str
    scoring: Scoring = "auto"
    place_points: tuple[int, ...] = DEFAULT_PLACE_POINTS
    best: int | None = None
    seed: int = 0

    def __post_init__(self) -> None:
        if not is_text(self.name) or not self.name.strip():
            raise ClubError("a season needs a name")
        if len(self.name) > 200:
            raise ClubError("a season's name has at most 200 characters")
        if self.scoring not in ("auto", "points", "places"):
            raise ClubError(f"scoring: {self.scoring!r} is not auto, points or places")
        if (
            not isinstance(self.place_points, tuple)
            or not 1 <= len(self.place_points) <= MAX_PLACES
        ):
            raise ClubError(f"place points: 1 to {MAX_PLACES} whole numbers")
        for value in self.place_points:
            if as_whole(value, 0, 10_000) is None:
                raise ClubError(f"place points: {value!r} is not a number from 0")
        if any(
            a < b
            for a, b in zip(self.place_points, self.place_points[1:], strict=False)
        ):
            raise ClubError("place points: a better place never gets fewer points")
        if self.best is not None and as_whole(self.best, 1, MAX_EVENINGS) is None:
            raise ClubError(f"best: {self.best!r} is not a number from 1")
        check_seed(self.seed)


@dataclass(frozen=True, slots=True)
class SeasonLine:
    """A player's line: place (each once), name, season total (the evenings
    counted), per evening their value (None: not played) and whether it
    counted, evenings played, evenings won, the sum of all their values, and
    ``by_lot`` when only the lots told them from a neighbour."""

    place: int
    player: str
    total: int
    values: tuple[int | None, ...]
    counted: tuple[bool, ...]
    played: int
    won: int
    all_values: int
    by_lot: bool


@dataclass(frozen=True, slots=True)
class SeasonStanding:
    """The standings, best first, with the evenings' names, what was added
    (``"points"`` or ``"places"``) and the tie-break in words."""

    name: str
    evenings: tuple[str, ...]
    scoring: Literal["points", "places"]
    best: int | None
    entries: tuple[SeasonLine, ...]
    tie_break: tuple[str, ...]

    @property
    def order(self) -> tuple[str, ...]:
        return tuple(e.player for e in self.entries)


def season_tie_break(*, best: bool, seed: int | None = None) -> tuple[str, ...]:
    """The order of the standings in words, one step a line (English; the UI
    translates).

    >>> for line in season_tie_break(best=True, seed=7):
    ...     print(line)
    1. the higher season total (the best evenings counted)
    2. then more evenings won
    3. then the higher total of all evenings played
    4. then the better value of the last evening, then of the one before, and so on
    5. then the drawn lots (the season's seed 7)
    """
    first = (
        "the higher season total (the best evenings counted)"
        if best
        else "the higher season total"
    )
    steps = [
        first,
        "more evenings won",
        "the higher total of all evenings played",
        "the better value of the last evening, then of the one before, and so on",
        "the drawn lots (from the season's seed)"
        if seed is None
        else f"the drawn lots (the season's seed {seed})",
    ]
    if not best:
        del steps[2]  # every evening counts: the same as the first step
    return tuple(
        f"{i}. {step if i == 1 else 'then ' + step}" for i, step in enumerate(steps, 1)
    )


def _scoring(season: Season, evenings: Sequence[tuple[str, Ranking]]) -> str:
    with_points = [
        any(r.line.points is not None for r in ranking.entries)
        for _, ranking in evenings
    ]
    if season.scoring == "points":
        for (name, _), has in zip(evenings, with_points, strict=True):
            if not has:
                raise ClubError(f"evening {name!r} has no tournament points")
        return "points"
    if season.scoring == "places":
        return "places"
    return "points" if evenings and all(with_points) else "places"


def rank_season(
    season: Season, evenings: Sequence[tuple[str, Ranking]]
) -> SeasonStanding:
    """The standings of ``season`` after ``evenings`` (each its name and its
    overall ranking, in the order played)."""
    if len(evenings) > MAX_EVENINGS:
        raise ClubError(f"a season holds at most {MAX_EVENINGS} evenings")
    for name, ranking in evenings:
        if ranking.series is not None:
            raise ClubError(f"evening {name!r}: its overall ranking, not a series'")
    scoring = _scoring(season, evenings)
    table = season.place_points
    count = len(evenings)
    names: dict[str, str] = {}
    values: dict[str, list[int | None]] = {}
    for index, (_, ranking) in enumerate(evenings):
        for ranked in ranking.entries:
            key = name_key(ranked.line.player)
            names[key] = ranked.line.player  # the last evening's spelling
            if scoring == "points":
                value = ranked.line.points or 0
            else:
                value = table[ranked.place - 1] if ranked.place <= len(table) else 0
            mine = values.setdefault(key, [None] * count)
            if mine[index] is not None:
                raise ClubError(f"{ranked.line.player!r} twice in one evening")
            mine[index] = value
    winners = {
        name_key(ranking.entries[0].line.player)
        for _, ranking in evenings
        if ranking.entries
    }
    wins = {
        key: sum(
            1
            for _, ranking in evenings
            if ranking.entries and name_key(ranking.entries[0].line.player) == key
        )
        for key in winners
    }
    rows: list[tuple[Any, ...]] = []
    for key, mine in values.items():
        played = [(v, i) for i, v in enumerate(mine) if v is not None]
        if season.best is not None:
            # the best N values; of equal values the later evenings count
            kept = sorted(played, key=lambda p: (-p[0], -p[1]))[: season.best]
        else:
            kept = played
        counted_at = {i for _, i in kept}
        rows.append(
            (
                key,
                sum(v for v, _ in kept),
                tuple(mine),
                tuple(i in counted_at for i in range(count)),
                len(played),
                wins.get(key, 0),
                sum(v for v, _ in played),
            )
        )

    def order_key(row: tuple[Any, ...]) -> tuple[Any, ...]:
        later = tuple(-(v if v is not None else -1) for v in reversed(row[2]))
        return (-row[1], -row[5], -row[6], later)

    keyed = sorted(rows, key=lambda r: (order_key(r), lot(season.seed, "season", r[0])))
    entries = []
    for place, row in enumerate(keyed, 1):
        mine_key = order_key(row)
        tied = (place > 1 and order_key(keyed[place - 2]) == mine_key) or (
            place < len(keyed) and order_key(keyed[place]) == mine_key
        )
        key, total, vals, counted, played, won, all_values = row
        entries.append(
            SeasonLine(
                place,
                names[key],
                total,
                vals,
                counted,
                played,
                won,
                all_values,
                tied,
            )
        )
    return SeasonStanding(
        season.name,
        tuple(name for name, _ in evenings),
        "points" if scoring == "points" else "places",
        season.best,
        tuple(entries),
        season_tie_break(best=season.best is not None, seed=season.seed),
    )


def season_to_json(season: Season) -> dict[str, Any]:
    """The season's rule as JSON (``docs/formats.md``).

    >>> season_from_json(season_to_json(Season("2026", best=2))) == Season("2026", best=2)
    True
    """  # noqa: E501
    return {
        "name": season.name,
        "scoring": season.scoring,
        "place_points": list(season.place_points),
        "best": season.best,
        "seed": season.seed,
    }


def season_from_json(data: Any) -> Season:
    """A season's rule from JSON, checked (a bad value: :class:`ClubError`)."""
    if not isinstance(data, dict):
        raise ClubError("a season is a JSON object")
    unknown = set(data) - {"name", "scoring", "place_points", "best", "seed"}
    if unknown:
        raise ClubError(f"season: unknown keys {sorted(unknown)}")
    points = data.get("place_points", list(DEFAULT_PLACE_POINTS))
    if not isinstance(points, list):
        raise ClubError("place points: a list of whole numbers")
    return Season(
        data.get("name"),  # type: ignore[arg-type]
        data.get("scoring", "auto"),
        tuple(points),
        data.get("best"),
        data.get("seed", 0),
    )


@dataclass(frozen=True, slots=True)
class SeasonTexts:
    """The words of the standings' table and page (English unless the
    caller passes its own; ``evening`` takes ``{name}``)."""

    place: str = "place"
    player: str = "player"
    total: str = "season total"
    played: str = "evenings"
    won: str = "won"
    missed: str = "–"
    by_lot: str = "by lot"
    heading: str = "Season standings"
    tie_break: str = "Ties are broken by"
    points: str = "Each evening counts its tournament points."
    places: str = "Each evening counts the place points of the place taken: {table}."
    best: str = (
        "Only each player's best {n} evenings count; a value in brackets does not."
    )
    language: str = "en"


def standing_rows(
    standing: SeasonStanding, texts: SeasonTexts = SeasonTexts()
) -> tuple[tuple[str, ...], ...]:
    """The standings as rows of texts: the heads, then a row per player, best
    first: place, player, season total, evenings played and won, then per
    evening its value (in brackets when a best-N rule left it out; the
    missed mark for an evening not played).

    >>> from jolly_scorer.core.club.ranking import Line, Ranked, Ranking
    >>> one = Ranking(None, (Ranked(1, Line("A", None, 0, 1, 0, (0,)), False),), ())
    >>> standing_rows(rank_season(Season("S", best=1), [("1", one), ("2", one)]))
    (('place', 'player', 'season total', 'evenings', 'won', '1', '2'), ('1', 'A', '25', '2', '2', '(25)', '25'))
    """  # noqa: E501
    head = [texts.place, texts.player, texts.total, texts.played, texts.won]
    head += list(standing.evenings)
    rows = [tuple(head)]
    for line in standing.entries:
        row = [str(line.place), line.player, str(line.total), str(line.played)]
        row.append(str(line.won))
        for value, counted in zip(line.values, line.counted, strict=True):
            if value is None:
                row.append(texts.missed)
            else:
                row.append(str(value) if counted else f"({value})")
        rows.append(tuple(row))
    return tuple(rows)


def standing_notes(
    standing: SeasonStanding,
    texts: SeasonTexts = SeasonTexts(),
    place_points: tuple[int, ...] = DEFAULT_PLACE_POINTS,
) -> tuple[str, ...]:
    """What the season adds, in words (under the standings)."""
    notes = []
    if standing.scoring == "points":
        notes.append(texts.points)
    else:
        table = ", ".join(f"{n}. {v}" for n, v in enumerate(place_points, 1))
        notes.append(texts.places.format(table=table))
    if standing.best is not None:
        notes.append(texts.best.format(n=standing.best))
    return tuple(notes)
