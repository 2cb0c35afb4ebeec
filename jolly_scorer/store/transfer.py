"""Data in and out of the store: the CSV score sheet and the backup format.

Pure functions over game values and JSON data; :class:`~.store.Store` does the
reading and writing.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from jolly_scorer.core.club.event import ClubEvent, event_from_json
from jolly_scorer.core.club.seating import Seating
from jolly_scorer.core.errors import ClubError, JollyError
from jolly_scorer.core.game import Game
from jolly_scorer.core.gamefile import load_game
from jolly_scorer.core.names import name_key
from jolly_scorer.core.scoring import score_game
from jolly_scorer.store.errors import StoreError
from jolly_scorer.store.undo import UndoHistory, history_from_json

__all__ = [
    "BACKUP_FORMAT",
    "BACKUP_VERSION",
    "BackupEvent",
    "BackupGame",
    "BackupSeries",
    "parse_backup",
    "parse_club_events",
    "score_sheet",
    "spreadsheet_text",
]

BACKUP_FORMAT = "jolly-scorer backup"
BACKUP_VERSION = 1


def score_sheet(game: Game) -> str:
    """The CSV score sheet: ``round`` + players, one row per round, then totals.

    Names are written so that a spreadsheet never runs them as formulas
    (:func:`spreadsheet_text`); the scores are plain numbers.

    >>> from jolly_scorer.core.game import Counted, Round, add_round, new_game
    >>> from jolly_scorer.core.rules import find_rules
    >>> game = new_game(find_rules("romme_de"), ["A", "B"])
    >>> game = add_round(game, Round(closed_by="A", counted=(("B", Counted(bad=7)),)))
    >>> print(score_sheet(game), end="")
    round,A,B
    1,0,7
    total,0,7
    """
    result = score_game(game)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["round", *map(spreadsheet_text, game.players)])
    for number, scored in enumerate(result.rounds, 1):
        writer.writerow([number, *(scored.scores[p].score for p in game.players)])
    writer.writerow(["total", *(result.totals[p] for p in game.players)])
    return out.getvalue()


#: What makes a spreadsheet read a cell as a formula (or a command).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_text(text: str) -> str:
    """A text cell a spreadsheet shows as text, never runs as a formula: a
    leading ``=``, ``+``, ``-``, ``@``, tab or carriage return gets a ``'``.

    >>> print(spreadsheet_text('=HYPERLINK("http://x.example")'))
    '=HYPERLINK("http://x.example")
    >>> print(spreadsheet_text("Anna"))
    Anna
    """
    return "'" + text if text.startswith(_FORMULA_START) else text


@dataclass(frozen=True, slots=True)
class BackupGame:
    """One game of a backup, checked."""

    game: Game
    started: datetime | None
    draft: dict[str, Any] | None
    history: UndoHistory | None = None


def _fail(where: str, message: str) -> StoreError:
    return StoreError(f"backup, {where}: {message}" if where else f"backup: {message}")


def _moment(value: Any, where: str) -> datetime | None:
    if value is None:
        return None
    try:
        return datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise _fail(where, f"{value!r} is not an ISO 8601 time") from None


def parse_backup(
    data: Any,
) -> tuple[list[BackupGame], dict[str, Any], list[str]]:
    """Check a whole backup: its games, settings and known players.

    Raises :class:`StoreError` naming the first problem; nothing is half read.
    """
    if not isinstance(data, Mapping) or data.get("format") != BACKUP_FORMAT:
        raise _fail("", f"not a jolly-scorer backup (no 'format': {BACKUP_FORMAT!r})")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise _fail("version", f"{version!r} is not a backup version")
    if version > BACKUP_VERSION:
        raise _fail(
            "version",
            f"made by a newer jolly-scorer (version {version}, this one reads "
            f"up to {BACKUP_VERSION})",
        )
    games_data = data.get("games")
    if not isinstance(games_data, Sequence) or isinstance(games_data, str):
        raise _fail("games", "expected a list of games")
    games: list[BackupGame] = []
    for number, entry in enumerate(games_data, 1):
        where = f"game {number}"
        if not isinstance(entry, Mapping) or "game" not in entry:
            raise _fail(where, "expected {'game': {...}, 'started': ...}")
        try:
            game = load_game(entry["game"])
        except JollyError as error:
            raise _fail(where, str(error)) from None
        draft = entry.get("draft")
        if draft is not None and not isinstance(draft, Mapping):
            raise _fail(where, "the draft must be an object")
        history = None
        if entry.get("history") is not None:
            try:
                history = history_from_json(entry["history"], game)
            except ValueError as error:
                raise _fail(
                    where, f"the undo history cannot be read: {error}"
                ) from None
        games.append(
            BackupGame(
                game,
                _moment(entry.get("started"), where),
                None if draft is None else dict(draft),
                history,
            )
        )
    settings = data.get("settings") or {}
    if not isinstance(settings, Mapping) or not all(
        isinstance(k, str) for k in settings
    ):
        raise _fail("settings", "expected an object of settings")
    players = data.get("players") or []
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise _fail("players", "expected a list of names")
    return games, dict(settings), players


@dataclass(frozen=True, slots=True)
class BackupSeries:
    """A seated series of a backed-up club event: per table, its games as
    (the game's ``id`` in the backup or None for a deleted one, the game's
    players as linked)."""

    seating: Seating
    games: tuple[tuple[tuple[int | None, tuple[str, ...]], ...], ...]


@dataclass(frozen=True, slots=True)
class BackupEvent:
    """A club event of a backup, checked."""

    event: ClubEvent
    created: datetime | None
    updated: datetime | None
    series: tuple[BackupSeries, ...]


def _links(
    data: Any, seating: Seating, game_ids: set[int], where: str
) -> tuple[tuple[tuple[int | None, tuple[str, ...]], ...], ...]:
    if not isinstance(data, list) or len(data) != len(seating.tables):
        raise _fail(where, "'games': a list per table")
    tables = []
    for number, (table, links) in enumerate(zip(seating.tables, data, strict=True), 1):
        if not isinstance(links, list):
            raise _fail(where, f"table {number}: a list of games")
        found = []
        for link in links:
            game = link.get("game") if isinstance(link, Mapping) else None
            players = link.get("players") if isinstance(link, Mapping) else None
            if game is not None and game not in game_ids:
                raise _fail(where, f"table {number}: no game {game!r} in the backup")
            if not isinstance(players, list) or sorted(
                map(name_key, (p for p in players if isinstance(p, str)))
            ) != sorted(map(name_key, table)):
                raise _fail(where, f"table {number}: a game's players are not its own")
            found.append((game, tuple(players)))
        tables.append(tuple(found))
    return tuple(tables)


def parse_club_events(data: Any, game_ids: set[int]) -> list[BackupEvent]:
    """Check the club events of a backup (``club_events``, absent in a backup
    from before them); their games are named by the backup's game ``id``."""
    entries = data.get("club_events") if isinstance(data, Mapping) else None
    if entries is None:
        return []
    if not isinstance(entries, list):
        raise _fail("club_events", "expected a list of club events")
    events = []
    for number, entry in enumerate(entries, 1):
        where = f"club event {number}"
        if not isinstance(entry, Mapping) or not isinstance(entry.get("series"), list):
            raise _fail(where, "expected {'event': {...}, 'series': [...]}")
        try:
            event = event_from_json(entry.get("event"))
            keys = {name_key(p) for p in event.players}
            series = []
            for count, part in enumerate(entry["series"], 1):
                if not isinstance(part, Mapping):
                    raise ClubError(f"series {count}: an object")
                tables = part.get("tables")
                if not isinstance(tables, list) or not all(
                    isinstance(t, list) for t in tables
                ):
                    raise ClubError(f"series {count}: 'tables', lists of names")
                method: Any = part.get("method")  # Seating checks both
                seed: Any = part.get("seed")
                named = tuple(map(tuple, tables))
                seating = Seating(count, method, seed, named)
                if any(name_key(p) not in keys for p in seating.players):
                    raise ClubError(f"series {count}: a player not of the event")
                links = _links(part.get("games"), seating, game_ids, where)
                series.append(BackupSeries(seating, links))
        except JollyError as error:
            raise _fail(where, str(error)) from None
        if len(series) > event.series_count:
            raise _fail(where, f"more than {event.series_count} series")
        events.append(
            BackupEvent(
                event,
                _moment(entry.get("created"), where),
                _moment(entry.get("updated"), where),
                tuple(series),
            )
        )
    return events
