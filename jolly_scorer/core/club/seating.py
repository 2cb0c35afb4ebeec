"""A club evening: an event, its players split into tables, each series seated.

An event seats its players at tables of four; a table of three (or, if the
organiser prefers, of five) only where the number of players needs it
(:func:`table_sizes`). Series 1 is drawn from a seed (:func:`draw_seating`);
each later series is seated by standing ("Setzung nach Ergebnis": the best
players at table 1, :func:`standing_seating`) or drawn again. Between series
players may arrive late or leave (:func:`next_players`). The event itself
is :mod:`~.club_event`, its tournament points :mod:`~.club_points`, its
ranking :mod:`~.club_ranking`.

Nothing here reads a clock or a random source: a draw is the order of the
players' *lots*, a SHA-256 of the seed, the series and the player's name key
(:func:`lot`), so the same seed gives the same seating on any machine and in
any later version, whatever order the names were typed in. The caller picks
the seed (the store takes one from :mod:`secrets`) and shows it; a redraw is
the same call with another seed.

>>> sizes = table_sizes(10)
>>> sizes
(4, 3, 3)
>>> seating = draw_seating(["Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz", "Gabi",
...                         "Hans", "Ida", "Jan"], series=1, seed=42)
>>> [len(table) for table in seating.tables]
[4, 3, 3]
>>> seating.table_of("Anna") in (1, 2, 3)
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from jolly_scorer.core.errors import ClubError
from jolly_scorer.core.names import InvalidName, clean_name, name_key
from jolly_scorer.core.values import WHOLE_MAX, as_whole

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Literal

    SeatingMethod = Literal["draw", "standing"]

__all__ = [
    "TablePlace",
    "MAX_SERIES",
    "MIN_PLAYERS",
    "SPLIT_RULE",
    "ClubError",
    "Seating",
    "check_seed",
    "clean_players",
    "draw_order",
    "draw_seating",
    "lot",
    "next_players",
    "split_text",
    "standing_seating",
    "table_sizes",
]

MIN_PLAYERS = 3
"""The fewest players an event seats: one table of three."""

MAX_SERIES = 99
"""The most series an event may have."""

MAX_EVENT_PLAYERS = 500
"""The most players an event may have (a club evening has a few dozen; a
10,000-player event took 17 s to draw on the organiser's screen, issue 38.7)."""

TOO_MANY_PLAYERS = "An event has at most 500 players."

SPLIT_RULE = (
    "Players sit at tables of 4. Where the number of players is not a multiple "
    "of 4, one, two or three tables of 3 take the rest (10 players: 4 + 3 + 3). "
    "With 'tables of 5' chosen, tables of 5 take the rest instead where they "
    "can (10 players: 5 + 5), and tables of 3 only where they cannot (7 "
    "players: 4 + 3). 5 players always sit at one table of 5. The larger "
    "tables come first: table 1 is always one of the largest. At least 3 "
    "players are needed."
)
"""How players are split into tables, in words for the organiser."""


def table_sizes(count: int, *, fives: bool = False) -> tuple[int, ...]:
    """The table sizes for ``count`` players, largest first (see :data:`SPLIT_RULE`).

    Tables of 4; the rest by tables of 3 (or, with ``fives``, by tables of 5
    where that works), so the fewest players sit at a table that is not of 4.

    >>> table_sizes(8), table_sizes(9), table_sizes(11), table_sizes(5)
    ((4, 4), (3, 3, 3), (4, 4, 3), (5,))
    >>> table_sizes(9, fives=True), table_sizes(10, fives=True), table_sizes(7, fives=True)
    ((5, 4), (5, 5), (4, 3))
    >>> table_sizes(2)
    Traceback (most recent call last):
    ...
    jolly_scorer.core.errors.ClubError: 2 players: an event needs at least 3
    """  # noqa: E501
    if isinstance(count, bool) or not isinstance(count, int):
        raise ClubError(f"{count!r} is not a number of players")
    if count < MIN_PLAYERS:
        raise ClubError(f"{count} players: an event needs at least {MIN_PLAYERS}")
    if count == 5:
        return (5,)
    rest = count % 4
    if fives and count >= 5 * rest:
        return (5,) * rest + (4,) * ((count - 5 * rest) // 4)
    threes = (4 - rest) % 4  # 1 left over: three tables of 3, 2: two, 3: one
    return (4,) * ((count - 3 * threes) // 4) + (3,) * threes


def split_text(count: int, *, fives: bool = False) -> str:
    """How ``count`` players split, in words (English; the UI translates).

    >>> split_text(10)
    '10 players: 3 tables (4 + 3 + 3)'
    >>> split_text(4)
    '4 players: 1 table (4)'
    """
    sizes = table_sizes(count, fives=fives)
    word = "table" if len(sizes) == 1 else "tables"
    return f"{count} players: {len(sizes)} {word} ({' + '.join(map(str, sizes))})"


def lot(seed: int, salt: str, player: str) -> bytes:
    """A player's lot in a draw: drawn players are ordered by their lots.

    The same for a name in any case or spacing (:func:`~.names.name_key`), so
    the draw does not depend on how or in which order the names were typed.

    >>> lot(7, "series 1", "Anna") == lot(7, "series 1", " ANNA ")
    True
    >>> lot(7, "series 1", "Anna") == lot(8, "series 1", "Anna")
    False
    """
    text = f"jolly-scorer club\x1f{seed}\x1f{salt}\x1f{name_key(player)}"
    return hashlib.sha256(text.encode("utf-8")).digest()


def draw_order(players: Sequence[str], seed: int, salt: str) -> tuple[str, ...]:
    """The players in the order of their lots (a fair shuffle given the seed).

    >>> draw_order(["Anna", "Ben", "Cleo"], 1, "x") == draw_order(
    ...     ["Cleo", "Anna", "Ben"], 1, "x")
    True
    """
    return tuple(sorted(players, key=lambda p: lot(seed, salt, p)))


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits at which table in one series (1-based ``series``).

    ``tables[0]`` is table 1, each in seat order (the first seat deals first).
    ``method`` is ``"draw"`` or ``"standing"``; ``seed`` (0 to 10⁹) is the
    seed of the draw (of the seat order within the tables, for seating by
    standing).
    """

    series: int
    method: SeatingMethod
    seed: int
    tables: tuple[tuple[str, ...], ...]

    def __post_init__(self) -> None:
        if as_whole(self.series, 1, MAX_SERIES) is None:
            raise ClubError(f"series {self.series!r}: a series is 1 to {MAX_SERIES}")
        if self.method not in ("draw", "standing"):
            raise ClubError(f"{self.method!r} is not a way of seating a series")
        check_seed(self.seed)
        seen: set[str] = set()
        for number, table in enumerate(self.tables, 1):
            if len(table) not in (3, 4, 5):
                raise ClubError(f"table {number} has {len(table)} seats, not 3 to 5")
            if clean_players(table) != table:
                raise ClubError(f"table {number}: the names must be clean")
            for player in table:
                key = name_key(player)
                if key in seen:
                    raise ClubError(
                        f"{player!r} is seated twice in series {self.series}"
                    )
                seen.add(key)

    @property
    def players(self) -> tuple[str, ...]:
        """Everyone seated, table by table."""
        return tuple(p for table in self.tables for p in table)

    def table_of(self, player: str) -> int:
        """The (1-based) table ``player`` sits at; :class:`ClubError` if none.

        >>> Seating(1, "draw", 0, (("A", "B", "C"),)).table_of("B")
        1
        """
        key = name_key(player)
        for number, table in enumerate(self.tables, 1):
            if any(name_key(p) == key for p in table):
                return number
        raise ClubError(f"{player!r} is not seated in series {self.series}")


def check_seed(seed: object) -> None:
    if as_whole(seed) is None:
        raise ClubError(f"a seed is a whole number from 0 to {WHOLE_MAX}, not {seed!r}")


def _fill(order: Sequence[str], sizes: Sequence[int]) -> list[tuple[str, ...]]:
    tables: list[tuple[str, ...]] = []
    start = 0
    for size in sizes:
        tables.append(tuple(order[start : start + size]))
        start += size
    return tables


def draw_seating(
    players: Sequence[str], *, series: int, seed: int, fives: bool = False
) -> Seating:
    """The players drawn to tables: everyone's lot orders them, and the tables
    are filled in that order (the seat order too). Redraw: another seed.

    >>> one = draw_seating(["A", "B", "C", "D", "E", "F", "G"], series=1, seed=5)
    >>> sorted(one.players) == ["A", "B", "C", "D", "E", "F", "G"], one.method
    (True, 'draw')
    >>> one == draw_seating(["G", "F", "E", "D", "C", "B", "A"], series=1, seed=5)
    True
    """
    names = clean_players(players)
    order = draw_order(names, seed, f"series {series}")
    tables = _fill(order, table_sizes(len(names), fives=fives))
    return Seating(series, "draw", seed, tuple(tables))


def standing_seating(
    ranked: Sequence[str], *, series: int, seed: int, fives: bool = False
) -> Seating:
    """Seating by standing: ``ranked`` is best first; the best players fill
    table 1, the next table 2, and so on. Within a table the seats are drawn
    by ``seed`` (so the leader does not always deal first).

    >>> s = standing_seating(["A", "B", "C", "D", "E", "F", "G", "H"], series=2, seed=1)
    >>> [sorted(t) for t in s.tables]
    [['A', 'B', 'C', 'D'], ['E', 'F', 'G', 'H']]
    """
    names = clean_players(ranked)
    tables = _fill(names, table_sizes(len(names), fives=fives))
    salt = f"series {series} seats"
    return Seating(
        series, "standing", seed, tuple(draw_order(t, seed, salt) for t in tables)
    )


def clean_players(players: Sequence[str]) -> tuple[str, ...]:
    """The names cleaned (:func:`~.names.clean_name`), none twice in any case.

    >>> clean_players([" Anna ", "Ben"])
    ('Anna', 'Ben')
    >>> clean_players(["Anna", "ANNA"])
    Traceback (most recent call last):
    ...
    jolly_scorer.core.errors.ClubError: 'ANNA' is named twice
    """
    if isinstance(players, str):
        raise ClubError("the players are a list of names, not one text")
    names: list[str] = []
    keys: set[str] = set()
    for player in players:
        try:
            name = clean_name(player)
        except InvalidName as error:
            raise ClubError(f"players: {error}") from None
        if name_key(name) in keys:
            raise ClubError(f"{name!r} is named twice")
        keys.add(name_key(name))
        names.append(name)
    return tuple(names)


def next_players(
    playing: Sequence[str],
    *,
    arrive: Sequence[str] = (),
    leave: Sequence[str] = (),
) -> tuple[str, ...]:
    """Who plays the next series: ``playing`` without those who ``leave``,
    then the late arrivals (cleaned; someone already playing is refused).

    >>> next_players(["Anna", "Ben", "Cleo"], arrive=["Dora"], leave=["ben"])
    ('Anna', 'Cleo', 'Dora')
    >>> next_players(["Anna", "Ben", "Cleo"], leave=["Emil"])
    Traceback (most recent call last):
    ...
    jolly_scorer.core.errors.ClubError: 'Emil' is not playing, so cannot leave
    """
    going = {name_key(p) for p in leave}
    current = {name_key(p) for p in playing}
    for player in leave:
        if name_key(player) not in current:
            raise ClubError(f"{player!r} is not playing, so cannot leave")
    staying = [p for p in playing if name_key(p) not in going]
    names = clean_players([*staying, *arrive])
    if len(names) < MIN_PLAYERS:
        raise ClubError(
            f"{len(names)} players left: an event needs at least {MIN_PLAYERS}"
        )
    return names


@dataclass(frozen=True, slots=True)
class TablePlace:
    """Where a phone at a club table is: its ``table`` in ``series`` (of
    ``series_count``); ``moved_to``: the table where ``player`` (the seat
    this phone last chose at this table) sits in this series, when it is
    another one."""

    table: int
    series: int
    series_count: int
    player: str | None = None
    moved_to: int | None = None
