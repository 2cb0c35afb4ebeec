"""A club event as a value: its name, rules, players, series and scoring,
and its JSON object (the ``event`` of an event file, ``docs/formats.md``).

>>> from jolly_scorer.core.rules import find_rules
>>> event = ClubEvent("Friday club", find_rules("romme_de"),
...                   ("Anna", "Ben", "Cleo", "Dora", "Emil"), series_count=3,
...                   games_per_series=2)
>>> event.table_sizes(), event_from_json(event_to_json(event)) == event
((5,), True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jolly_scorer.core.club.points import Conversion, conversion_from_json
from jolly_scorer.core.club.seating import (
    MAX_EVENT_PLAYERS,
    MAX_SERIES,
    TOO_MANY_PLAYERS,
    check_seed,
    clean_players,
    table_sizes,
)
from jolly_scorer.core.errors import ClubError, RulesError
from jolly_scorer.core.gamefile import rules_to_json
from jolly_scorer.core.rules import Rules, resolve_rules
from jolly_scorer.core.values import WHOLE_MAX, as_whole, is_text

__all__ = ["ClubEvent", "event_from_json", "event_to_json"]


@dataclass(frozen=True, slots=True)
class ClubEvent:
    """An event: its name, the rules every table plays, everyone who played
    (late arrivals added at the end), the number of series and how long a
    series lasts (games per series, minutes per series, or both).

    ``points`` is the conversion table (:mod:`~.club_points`) when
    tournament points rank, None when the raw score does. ``fives``: tables
    of 5 rather than 3 where the count needs it.
    ``seed`` draws the lots that break the last ties of the ranking.

    >>> from jolly_scorer.core.rules import find_rules
    >>> event = ClubEvent("Friday club", find_rules("romme_de"),
    ...                   ("Anna", "Ben", "Cleo", "Dora"), series_count=3,
    ...                   games_per_series=2)
    >>> event.table_sizes()
    (4,)
    >>> ClubEvent("", find_rules("romme_de"), ("A", "B", "C"), 1, 1)
    Traceback (most recent call last):
    ...
    jolly_scorer.core.errors.ClubError: an event needs a name
    """

    name: str
    rules: Rules
    players: tuple[str, ...]
    series_count: int
    games_per_series: int | None = None
    minutes_per_series: int | None = None
    points: Conversion | None = None
    fives: bool = False
    seed: int = 0

    def __post_init__(self) -> None:
        if not is_text(self.name) or not self.name.strip():
            raise ClubError("an event needs a name")
        if len(self.name) > 200:
            raise ClubError("an event's name has at most 200 characters")
        if not isinstance(self.rules, Rules):
            raise ClubError(f"{self.rules!r} are not rules")
        if not isinstance(self.players, tuple):
            raise ClubError("the players are a tuple of names")
        if len(self.players) > MAX_EVENT_PLAYERS:
            raise ClubError(TOO_MANY_PLAYERS)
        if clean_players(self.players) != self.players:
            raise ClubError("the players' names must be clean (see clean_players)")
        if as_whole(self.series_count, 1, MAX_SERIES) is None:
            raise ClubError(
                f"series: {self.series_count!r} is not a number from 1 to {MAX_SERIES}"
            )
        for what, value in (
            ("games per series", self.games_per_series),
            ("minutes per series", self.minutes_per_series),
        ):
            if value is not None and as_whole(value, 1, WHOLE_MAX) is None:
                raise ClubError(f"{what}: {value!r} is not a whole number from 1")
        if self.games_per_series is None and self.minutes_per_series is None:
            raise ClubError("a series needs a number of games or of minutes")
        if self.points is not None and not isinstance(self.points, Conversion):
            raise ClubError(f"{self.points!r} is not a conversion table")
        check_seed(self.seed)
        if not isinstance(self.fives, bool):
            raise ClubError(f"fives: {self.fives!r} is not true or false")
        self.check_count(len(self.players))

    def check_count(self, count: int) -> tuple[int, ...]:
        """The table sizes for ``count`` players, or :class:`ClubError` when
        the rules do not allow a table that size."""
        sizes = table_sizes(count, fives=self.fives)
        for size in sorted(set(sizes)):
            if not self.rules.players_min <= size <= self.rules.players_max:
                raise ClubError(
                    f"{count} players need a table of {size}; the rules allow "
                    f"{self.rules.players_min} to {self.rules.players_max} players"
                )
        return sizes

    def table_sizes(self) -> tuple[int, ...]:
        """The table sizes for every player of the event."""
        return self.check_count(len(self.players))


_EVENT_KEYS = (
    "name",
    "rules",
    "players",
    "series_count",
    "games_per_series",
    "minutes_per_series",
    "points",
    "fives",
    "seed",
)


def event_to_json(event: ClubEvent) -> dict[str, Any]:
    """The event as a JSON object (:func:`event_from_json` reads it back equal).

    >>> from jolly_scorer.core.rules import find_rules
    >>> event = ClubEvent("Club", find_rules("rommi_fi"), ("A", "B", "C"), 2, 3)
    >>> event_to_json(event)["rules"], event_from_json(event_to_json(event)) == event
    ('rommi_fi', True)
    """
    return {
        "name": event.name,
        "rules": rules_to_json(event.rules),
        "players": list(event.players),
        "series_count": event.series_count,
        "games_per_series": event.games_per_series,
        "minutes_per_series": event.minutes_per_series,
        "points": None if event.points is None else event.points.to_json(),
        "fives": event.fives,
        "seed": event.seed,
    }


def event_from_json(data: Any) -> ClubEvent:
    """An event from its JSON object; :class:`ClubError` says what is wrong.

    >>> event_from_json({"name": "Club", "rules": "romme_de", "players": ["A"],
    ...                  "series_count": 1, "games_per_series": 1})
    Traceback (most recent call last):
    ...
    jolly_scorer.core.errors.ClubError: 1 players: an event needs at least 3
    """
    if not isinstance(data, dict):
        raise ClubError("an event is a JSON object")
    unknown = sorted(set(data) - set(_EVENT_KEYS))
    if unknown:
        raise ClubError(f"unknown event key: {unknown[0]!r}")
    try:
        rules = resolve_rules(data.get("rules", "jolly_at"))
    except (RulesError, TypeError) as error:
        raise ClubError(f"rules: {error}") from None
    players = data.get("players")
    if not isinstance(players, list):
        raise ClubError("players: a list of names")
    points = data.get("points")
    return ClubEvent(
        name=data.get("name", ""),
        rules=rules,
        players=clean_players(players),
        series_count=data.get("series_count", 0),
        games_per_series=data.get("games_per_series"),
        minutes_per_series=data.get("minutes_per_series"),
        points=None if points is None else conversion_from_json(points),
        fives=data.get("fives", False),
        seed=data.get("seed", 0),
    )
