"""Game values to database rows and back: the store's only mapping code."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from jolly_scorer.core.game import Game, Round
from jolly_scorer.core.gamefile import round_from_json, round_to_json, rules_to_json
from jolly_scorer.core.rules import resolve_rules
from jolly_scorer.core.scoring import GameResult

__all__ = [
    "GameSummary",
    "dumps",
    "game_columns",
    "game_from_rows",
    "parse_time",
    "round_text",
    "summary_columns",
    "time_text",
]


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One line of the list of saved games.

    ``rules`` is the base preset id; ``rounds`` the number of rounds played;
    ``totals`` the standings by player in seat order; ``game_over`` whether the
    game has ended (target reached, rounds limit, or ended early).
    """

    id: int
    started: datetime
    updated: datetime
    players: tuple[str, ...]
    rules: str
    rounds: int
    totals: dict[str, int]
    game_over: bool
    winners: tuple[str, ...]

    def to_json(self) -> dict[str, object]:
        """The object of ``jolly-scorer games list --json``."""
        return {
            "id": self.id,
            "started": self.started.isoformat(),
            "updated": self.updated.isoformat(),
            "players": list(self.players),
            "rules": self.rules,
            "rounds": self.rounds,
            "totals": dict(self.totals),
            "finished": self.game_over,
            "winners": list(self.winners),
        }


def dumps(value: Any) -> str:
    """Compact, stable JSON text."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def time_text(moment: datetime) -> str:
    """A moment as ISO 8601 text in UTC (naive moments are local time)."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def parse_time(text: str) -> datetime:
    """A moment stored by :func:`time_text`."""
    return datetime.fromisoformat(text)


def round_text(entry: Round) -> str:
    """A round as stored: the round object of the game file."""
    return dumps(round_to_json(entry))


def game_columns(game: Game) -> dict[str, Any]:
    """The columns of ``games`` that hold the game itself."""
    return {
        "rules": dumps(rules_to_json(game.rules)),
        "rules_base": game.rules.base,
        "target": game.target,
        "rounds_limit": game.rounds_limit,
        "first_dealer": game.first_dealer,
        "finished": int(game.finished),
        "extra": "[]",  # Game.extra is gone from the core
    }


def summary_columns(game: Game, result: GameResult) -> dict[str, Any]:
    """The columns of ``games`` that summarise it for the list."""
    return {
        "round_count": len(game.rounds),
        "totals": dumps({p: result.totals[p] for p in game.players}),
        "game_over": int(result.game_over),
        "winners": dumps(list(result.winners)),
    }


def game_from_rows(
    row: sqlite3.Row, players: Sequence[str], round_texts: Sequence[str]
) -> Game:
    """A game from its ``games`` row, seat-ordered names and round texts.

    Raises :class:`JollyError` (or ValueError) when the stored data is damaged.
    """
    rules = resolve_rules(json.loads(row["rules"]))
    return Game(
        rules=rules,
        players=tuple(players),
        target=row["target"],
        rounds_limit=row["rounds_limit"],
        rounds=tuple(
            round_from_json(json.loads(text), number)
            for number, text in enumerate(round_texts, 1)
        ),
        first_dealer=row["first_dealer"],
        finished=bool(row["finished"]),
    )
