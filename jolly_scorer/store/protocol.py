"""The store's calls, described once, by record kind.

:class:`~jolly_scorer.store.Store` answers every one of them
(:class:`StoreRecords`); everything else types against the part it uses
instead of restating signatures:

* a page of the app (``ui/state.AppState``) uses :class:`GameStore`: games,
  undo histories, drafts, seat parts, device seats and settings;
* a joined device's store (``server/guest_store.GuestStore`` and
  ``ViewerStore``) wraps a :class:`GameStore` and is one (its table says
  what a guest and a viewer may call);
* the shared round entry (``ui/models/shared_round``) uses
  :class:`SeatPartRecords` with a few reads;
* the club screens add :class:`~jolly_scorer.store.club_store.ClubStore`,
  and the season screens
  :class:`~jolly_scorer.store.club_seasons.SeasonStore`.

Each small protocol is one kind of record (one table of the database, or a
few that belong together); the docstrings say what the call does, the
implementations (``store/store.py`` and its record modules) say how.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, Protocol

from jolly_scorer.core.game import Game, UndoHistory
from jolly_scorer.core.scoring import GameResult
from jolly_scorer.core.stats import PlayerStats
from jolly_scorer.store.club_seasons import SeasonStore
from jolly_scorer.store.club_store import ClubStore
from jolly_scorer.store.rows import GameSummary
from jolly_scorer.store.seat_parts import SeatPart

__all__ = [
    "DeviceSeatRecords",
    "DraftRecords",
    "GameLoading",
    "GameRecords",
    "GameStore",
    "HistoryRecords",
    "RoundPartsStore",
    "SeatPartRecords",
    "SettingRecords",
    "StoreRecords",
    "TransferRecords",
]


class GameLoading(Protocol):
    """Reading one game (what a page entering its next round reads)."""

    def load_game(self, game_id: int) -> Game:
        """The stored game; :class:`~jolly_scorer.store.GameNotFound`."""

    def revision(self, game_id: int) -> int:
        """The game's revision token (changes with every save)."""


class GameRecords(GameLoading, Protocol):
    """The games: their rounds, players and scores."""

    def create_game(
        self,
        game: Game,
        *,
        started: datetime | None = None,
        result: GameResult | None = None,
    ) -> int:
        """Store a new game (checked by scoring first); returns its id."""

    def save_game(
        self,
        game_id: int,
        game: Game,
        *,
        result: GameResult | None = None,
        expected_revision: int | None = None,
        history: UndoHistory | None = None,
        parts_version: int | None = None,
    ) -> int:
        """Store the game as it is now (only the rounds that changed), with
        its undo history in the same transaction; returns the new revision.
        :class:`~jolly_scorer.store.StoreConflict` when the stored revision
        is not ``expected_revision``; :class:`~jolly_scorer.store.PartsChanged`
        when a seat part of the round saved was written since
        ``parts_version``."""

    def list_games(self, limit: int | None = None) -> Sequence[GameSummary]:
        """Every stored game, newest first (``limit``: the newest so many)."""

    def game_summary(self, game_id: int) -> GameSummary:
        """One game's line of the list of games."""

    def last_played(self) -> tuple[int, datetime] | None:
        """``(id, when it changed)`` of the game changed last, if any."""

    def current_game_id(self) -> int | None:
        """The most recently updated game that is not over, if any."""

    def delete_game(self, game_id: int) -> None:
        """Remove a game with its rounds, draft and undo history."""

    def known_players(self) -> Sequence[str]:
        """Every player ever stored, most recently used first."""

    def player_stats(self) -> Sequence[PlayerStats]:
        """Per-player statistics over all stored games."""

    def export_game(self, game_id: int) -> dict[str, Any]:
        """The game file of a stored game."""

    def export_csv(self, game_id: int) -> str:
        """The score sheet of a stored game."""


class HistoryRecords(Protocol):
    """The undo history kept with each game's revision."""

    def load_history(self, game_id: int, game: Game) -> tuple[UndoHistory, bool]:
        """The undo history around ``game`` (as just loaded or saved), and
        whether it is the kept one (False: only its last rounds can be
        taken back)."""

    def save_history(self, game_id: int, history: UndoHistory) -> None:
        """Keep the undo history of the game just saved;
        :class:`~jolly_scorer.store.StoreConflict` if it changed since."""


class DraftRecords(Protocol):
    """A half-entered round per game (kept before rounds were shared)."""

    def save_draft(self, game_id: int, draft: dict[str, Any]) -> None:
        """Keep a half-entered round (any JSON object) until cleared."""

    def load_draft(self, game_id: int) -> dict[str, Any] | None:
        """The draft of a game, or None."""

    def clear_draft(self, game_id: int) -> None:
        """Forget the draft of a game (none: nothing)."""


class SeatPartRecords(Protocol):
    """The round being entered at a table, one part per seat (see
    :mod:`~jolly_scorer.store.seat_parts`)."""

    def save_seat_part(
        self,
        game_id: int,
        round_number: int,
        seat: str,
        data: dict[str, Any],
        *,
        status: str = "entering",
        device: str = "",
        expected: int | None = None,
    ) -> SeatPart:
        """Keep one seat's part (``seat`` "" is the round's own part);
        :class:`~jolly_scorer.store.StoreConflict` when ``round_number`` is
        no longer the next round; with ``expected`` (the part's revision as
        read, 0: none), :class:`~jolly_scorer.store.seat_parts.PartWrittenSince`
        when it was written since."""

    def replace_seat_parts(
        self,
        game_id: int,
        round_number: int,
        parts: Mapping[str, tuple[dict[str, Any], str, str]],
    ) -> dict[str, SeatPart]:
        """Every part of the game replaced by ``parts`` (``seat: (data,
        status, device)``) in one transaction: all or nothing."""

    def load_seat_parts(self, game_id: int, round_number: int) -> dict[str, SeatPart]:
        """Every part kept of that round, by seat."""

    def seat_parts_version(self, game_id: int) -> int:
        """The newest part's revision (0 when none): compare to see a change."""

    def clear_seat_parts(self, game_id: int) -> None:
        """Forget every part of the game (the round was dropped)."""


class DeviceSeatRecords(Protocol):
    """The seat (a player) each joined device chose in a game."""

    def load_device_seat(self, game_id: int, device: str) -> str | None:
        """The seat device key ``device`` chose, or None."""

    def save_device_seat(self, game_id: int, device: str, player: str) -> None:
        """Keep ``player`` as the seat of ``device`` in the game."""

    def forget_device_seat(self, game_id: int, device: str) -> None:
        """Forget the seat of ``device`` in the game."""


class SettingRecords(Protocol):
    """The app's settings (JSON values by key)."""

    def get_setting(self, key: str, default: Any = None) -> Any:
        """A stored setting, or ``default``."""

    def set_setting(self, key: str, value: Any) -> None:
        """Store a setting (a JSON value)."""

    def settings(self) -> dict[str, Any]:
        """All stored settings."""


class TransferRecords(Protocol):
    """Whole-store imports and backups (the host's, never a guest's)."""

    def import_game(self, data: Any) -> int:
        """Store a game file's JSON data as a new game; returns its id."""

    def backup(self) -> dict[str, Any]:
        """Every game, setting, known player and club event as one object."""

    def restore(self, data: Any) -> int:
        """Add the games of a backup (all or nothing); how many."""


class GameStore(
    GameRecords,
    HistoryRecords,
    DraftRecords,
    SeatPartRecords,
    DeviceSeatRecords,
    SettingRecords,
    Protocol,
):
    """The store as a page of the app uses it (a joined device's too)."""


class RoundPartsStore(GameLoading, DraftRecords, SeatPartRecords, Protocol):
    """What the next round entered together reads and writes (a page's
    ``SharedRound``): the game, its seat parts, and an old draft taken over."""


class StoreRecords(GameStore, TransferRecords, ClubStore, SeasonStore, Protocol):
    """Every record call :class:`~jolly_scorer.store.Store` answers."""
