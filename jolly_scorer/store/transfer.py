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

from jolly_scorer.core.errors import JollyError
from jolly_scorer.core.game import Game
from jolly_scorer.core.gamefile import load_game
from jolly_scorer.core.scoring import score_game
from jolly_scorer.store.errors import StoreError
from jolly_scorer.store.undo import UndoHistory, history_from_json

__all__ = [
    "BACKUP_FORMAT",
    "BACKUP_VERSION",
    "BackupGame",
    "parse_backup",
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
