"""The event file: a whole club evening in one JSON object (the event, each
series' seating and the game files of every table), as ``jolly-scorer club
rank`` reads it and the store exports it (``docs/formats.md``).

>>> from jolly_scorer.core.club.seating import draw_seating
>>> from jolly_scorer.core.club.event import ClubEvent
>>> from jolly_scorer.core.game import new_game
>>> from jolly_scorer.core.rules import find_rules
>>> event = ClubEvent("Club", find_rules("romme_de"), ("A", "B", "C"), 2, 1)
>>> seating = draw_seating(event.players, series=1, seed=3)
>>> play = SeriesPlay(seating, ((new_game(event.rules, seating.tables[0]),),))
>>> data = event_file_to_json(event, [play])
>>> data["format"], event_file_from_json(data) == (event, (play,))
('jolly-scorer club event', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jolly_scorer.core.club.event import ClubEvent, event_from_json, event_to_json
from jolly_scorer.core.club.ranking import SeriesPlay
from jolly_scorer.core.club.seating import Seating
from jolly_scorer.core.errors import ClubError, GameFileError
from jolly_scorer.core.gamefile import game_to_json, load_game

__all__ = [
    "EVENT_FORMAT",
    "EVENT_VERSION",
    "event_file_from_json",
    "event_file_to_json",
]

EVENT_FORMAT = "jolly-scorer club event"
EVENT_VERSION = 1


def event_file_to_json(event: ClubEvent, plays: Sequence[SeriesPlay]) -> dict[str, Any]:
    """The event file of an event and the series played so far."""
    return {
        "format": EVENT_FORMAT,
        "version": EVENT_VERSION,
        "event": event_to_json(event),
        "series": [
            {
                "method": play.seating.method,
                "seed": play.seating.seed,
                "tables": [list(table) for table in play.seating.tables],
                "games": [[game_to_json(g) for g in games] for games in play.games],
            }
            for play in plays
        ],
    }


def event_file_from_json(data: Any) -> tuple[ClubEvent, tuple[SeriesPlay, ...]]:
    """The event and its series from an event file; a :class:`ClubError` (or
    the :class:`GameFileError` of a game) names the place of a fault.

    >>> event_file_from_json({"format": "jolly-scorer game"})
    Traceback (most recent call last):
    ...
    jolly_scorer.core.errors.ClubError: not an event file (format 'jolly-scorer game')
    """
    if not isinstance(data, dict):
        raise ClubError("an event file holds one JSON object")
    if data.get("format") != EVENT_FORMAT:
        raise ClubError(f"not an event file (format {data.get('format')!r})")
    version = data.get("version")
    if version != EVENT_VERSION:
        raise ClubError(f"event file version {version!r}: this program reads 1")
    unknown = sorted(set(data) - {"format", "version", "event", "series"})
    if unknown:
        raise ClubError(f"unknown event file key: {unknown[0]!r}")
    event = event_from_json(data.get("event"))
    series = data.get("series", [])
    if not isinstance(series, list) or len(series) > event.series_count:
        raise ClubError(f"series: a list of at most {event.series_count} series")
    plays: list[SeriesPlay] = []
    for number, item in enumerate(series, 1):
        where = f"series {number}"
        if not isinstance(item, dict):
            raise ClubError(f"{where}: an object with method, seed, tables, games")
        extra = sorted(set(item) - {"method", "seed", "tables", "games"})
        if extra:
            raise ClubError(f"{where}: unknown key {extra[0]!r}")
        tables = item.get("tables")
        games = item.get("games", [[] for _ in tables or ()])
        if not isinstance(tables, list) or not all(isinstance(t, list) for t in tables):
            raise ClubError(f"{where}: tables are lists of names")
        if not isinstance(games, list) or not all(isinstance(g, list) for g in games):
            raise ClubError(f"{where}: games are a list per table")
        method: Any = item.get("method")
        seed: Any = item.get("seed")
        seating = Seating(number, method, seed, tuple(tuple(t) for t in tables))
        loaded: list[tuple[Any, ...]] = []
        for table, table_games in enumerate(games, 1):
            found = []
            for index, game in enumerate(table_games, 1):
                try:
                    found.append(load_game(game))
                except GameFileError as error:
                    raise GameFileError(
                        f"{where}, table {table}, game {index}: {error}"
                    ) from None
            loaded.append(tuple(found))
        plays.append(SeriesPlay(seating, tuple(loaded)))
    return event, tuple(plays)
