"""The games database: a thin repository over :mod:`sqlite3`.

Every write is one transaction (:meth:`Store.atomic`), committed before the
method returns; rows map to and from the core's frozen values, and no rule of
the game lives here. Rounds are stored one row each and saved by difference,
so saving round 1000 writes one row, not 1000.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from jolly_scorer.core.scoring import score_game
from jolly_scorer.store.base import KEPT_GAMES, _json_text, _Saved
from jolly_scorer.store.club import ClubEvents, backup_events, restore_events
from jolly_scorer.store.club_seasons import (
    ClubSeasons,
    backup_seasons,
    parse_backup_seasons,
    restore_seasons,
)
from jolly_scorer.store.connection import connect
from jolly_scorer.store.device_seats import DeviceSeatCalls
from jolly_scorer.store.games import GameCalls
from jolly_scorer.store.kept import DraftCalls, SettingCalls
from jolly_scorer.store.paths import DB_NAME, default_data_dir
from jolly_scorer.store.protocol import StoreRecords
from jolly_scorer.store.rows import dumps, parse_time, time_text
from jolly_scorer.store.seat_parts import SeatPartCalls
from jolly_scorer.store.transfer import (
    BACKUP_FORMAT,
    BACKUP_VERSION,
    parse_backup,
    parse_club_events,
)
from jolly_scorer.store.undo import history_to_json

__all__ = [
    "KEPT_GAMES",
    "Store",
    "close_shared_stores",
    "release_shared_store",
    "shared_store",
]


class Store(
    GameCalls,
    DraftCalls,
    SettingCalls,
    SeatPartCalls,
    DeviceSeatCalls,
    ClubEvents,
    ClubSeasons,
):
    """The saved games, players, drafts, undo histories and settings in one
    SQLite file.

    Open with :meth:`Store.open` (a command), or take the process's one store
    with :func:`shared_store` (every page session of the server). One
    connection behind one lock: safe to share between threads. Changes by
    other processes show in :meth:`data_version`; a file deleted or replaced
    under the store makes every write raise :class:`StoreGone`.

    The calls come by record kind (:mod:`.protocol` describes them): games
    and undo histories (:mod:`.games`), drafts and settings (:mod:`.kept`),
    seat parts (:mod:`.seat_parts`), device seats (:mod:`.device_seats`),
    club events (:mod:`.club`); the connection, transactions and cache are
    :mod:`.base`. Backup and restore, which span them all, are here.
    """

    @classmethod
    def open(
        cls,
        data_dir: str | Path | None = None,
        *,
        busy_timeout: float = 2.0,
        clock: Callable[[], datetime] | None = None,
    ) -> Store:
        """Open (creating the folder and file if needed) and migrate.

        A database that is up to date but cannot be written (a read-only
        folder or file) is opened for reading (:attr:`read_only`): every
        write then raises :class:`StoreWriteError`, reading works.

        :raises StoreCorrupt: the file is damaged (a copy is set aside).
        :raises StoreTooNew: a newer jolly-scorer wrote it (left untouched).
        :raises StoreWriteError: the folder or file cannot be written.
        :raises StoreBusy: another program held the file too long.
        """
        path = default_data_dir(data_dir) / DB_NAME
        now = clock or (lambda: datetime.now(UTC))
        conn, read_only = connect(path, busy_timeout=busy_timeout, clock=now)
        return cls(conn, path, now, read_only=read_only)

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    # -- backup -------------------------------------------------------------------

    def backup(self) -> dict[str, Any]:
        """Every game (with its draft and undo history), setting and known
        player as one JSON object."""
        with self._reading() as conn:
            ids = [
                row[0]
                for row in conn.execute("SELECT id FROM games ORDER BY started, id")
            ]
            games = []
            for game_id in ids:
                row = conn.execute(
                    "SELECT started, updated FROM games WHERE id = ?", (game_id,)
                ).fetchone()
                draft = self.load_draft(game_id)
                entry = {
                    "id": game_id,
                    "started": parse_time(row[0]).isoformat(),
                    "updated": parse_time(row[1]).isoformat(),
                    "game": self.export_game(game_id),
                    "draft": draft,
                }
                kept = conn.execute(
                    "SELECT h.data FROM history h JOIN games g ON g.id = h.game_id "
                    "AND g.revision = h.revision WHERE h.game_id = ?",
                    (game_id,),
                ).fetchone()
                if kept is not None:
                    with contextlib.suppress(ValueError):
                        entry["history"] = json.loads(kept[0])
                games.append(entry)
            settings = self.settings()
            players = self.known_players()
            club_events = backup_events(conn)
            club_seasons = backup_seasons(conn)
        return {
            "format": BACKUP_FORMAT,
            "version": BACKUP_VERSION,
            "created": self._clock().astimezone(UTC).isoformat(),
            "games": games,
            "settings": settings,
            "players": players,
            "club_events": club_events,
            "club_seasons": club_seasons,
        }

    def restore(self, data: Any) -> int:
        """Add the games of a backup (all checked first; all or nothing).

        Each game comes with its draft and undo history (if the backup has
        them). Settings the store does not have yet are taken from the backup;
        known players are added. Returns how many games were added.
        """
        games, settings, players = parse_backup(data)
        backup_ids = [entry.get("id") for entry in data["games"]]
        events = parse_club_events(data, {i for i in backup_ids if isinstance(i, int)})
        event_ids = [e.get("id") for e in data.get("club_events") or ()]
        seasons = parse_backup_seasons(data, {i for i in event_ids if type(i) is int})
        now = self._now()
        added: dict[int, _Saved] = {}
        new_ids: dict[int, int] = {}  # a game's id in the backup -> its new id
        with self.atomic() as conn:
            for name in reversed(players):
                conn.execute(
                    "INSERT OR IGNORE INTO players (name, last_used) VALUES (?, ?)",
                    (name, now),
                )
            for index, entry in enumerate(games):
                game = entry.game
                started = time_text(entry.started) if entry.started else now
                game_id, saved = self._insert_game(
                    conn, game, score_game(game), started, now
                )
                if entry.draft is not None:
                    conn.execute(
                        "INSERT INTO drafts (game_id, data, updated) VALUES (?, ?, ?)",
                        (game_id, _json_text(entry.draft, "draft"), now),
                    )
                if entry.history is not None:
                    conn.execute(
                        "INSERT INTO history (game_id, revision, data) "
                        "VALUES (?, ?, ?)",
                        (
                            game_id,
                            saved.revision,
                            dumps(history_to_json(entry.history)),
                        ),
                    )
                added[game_id] = saved
                backup_id = backup_ids[index]
                if isinstance(backup_id, int):
                    new_ids.setdefault(backup_id, game_id)
            made = restore_events(conn, events, new_ids, now)
            restore_seasons(
                conn,
                seasons,
                {
                    old: new
                    for old, new in zip(event_ids, made, strict=True)
                    if type(old) is int
                },
                now,
            )
            for key, value in settings.items():
                conn.execute(
                    "INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)",
                    (key, _json_text(value, f"setting {key!r}")),
                )
        with self._lock:
            for game_id, saved in added.items():
                self._remember(game_id, saved)
        return len(games)


# -- one store per process -----------------------------------------------------

_shared_lock = threading.Lock()
_shared: dict[Path, Store] = {}  # the store of each folder new users get
_users: dict[Store, int] = {}  # how many users each shared store has (old ones too)


def shared_store(data_dir: str | Path | None = None) -> Store:
    """The one :class:`Store` of this process for ``data_dir`` (as in
    :meth:`Store.open`), opened on first use and shared by every caller: every
    page session of the web server, on any thread. A page session costs no
    file of its own.

    Each call counts one user until :func:`release_shared_store`; the last
    user's release closes it (no file stays open for a folder nobody uses).
    Its :meth:`~Store.close` does nothing, so a session that closes "its"
    store leaves it to the others; :func:`close_shared_stores` (run at exit)
    closes them all. If the file was deleted or replaced, the next call opens
    the file now at the path (the sessions holding the old store get
    :class:`StoreGone` when they write). A store that cannot be opened is not
    kept: the next call tries again.

    :raises StoreError: as :meth:`Store.open`.
    """
    folder = default_data_dir(data_dir).resolve()
    with _shared_lock:
        store = _shared.get(folder)
        if store is None or store.closed or not store.is_current():
            store = Store.open(folder)
            store._shared = True
            _shared[folder] = store  # an old one stays open for its users
        _users[store] = _users.get(store, 0) + 1
        return store


def release_shared_store(store: Store) -> bool:
    """One user of ``store`` (from :func:`shared_store`) is done with it; the
    last one closes it. Returns whether it was closed."""
    with _shared_lock:
        left = _users.get(store, 0) - 1
        if left > 0:
            _users[store] = left
            return False
        _users.pop(store, None)
        for folder in [f for f, kept in _shared.items() if kept is store]:
            del _shared[folder]
    store._close()
    return True


def close_shared_stores() -> None:
    """Close every store :func:`shared_store` opened (at exit, or in tests)."""
    with _shared_lock:
        for store in {*_shared.values(), *_users}:
            store._close()
        _shared.clear()
        _users.clear()


atexit.register(close_shared_stores)


def _answers(store: Store) -> StoreRecords:
    """(Never called: mypy checks here that :class:`Store` answers every
    call of :class:`~jolly_scorer.store.protocol.StoreRecords`.)"""
    return store
