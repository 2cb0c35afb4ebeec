"""The store's connection, transactions and cache of what it last read or
wrote of each game: what every record module of the store builds on (see
``store.py`` for the one ``Store`` made of them).

One connection behind one lock: safe to share between threads. Every write is
one transaction (:meth:`StoreBase.atomic`), committed before the method
returns.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from jolly_scorer.core.game import Game
from jolly_scorer.store.connection import (
    commit,
    file_identity,
    rescue,
    same_files,
    translated,
)
from jolly_scorer.store.errors import (
    GameNotFound,
    StoreCorrupt,
    StoreError,
    StoreGone,
    StoreWriteError,
)
from jolly_scorer.store.rows import dumps, time_text
from jolly_scorer.store.undo import StepTexts, UndoHistory

__all__ = ["KEPT_GAMES", "StoreBase"]

#: How many games a store keeps decoded (the games open in its sessions).
KEPT_GAMES = 32


@dataclass(frozen=True, slots=True)
class _Saved:
    """What this connection last wrote or read of a game, for saving by difference.

    ``revision`` is the random token every write puts in ``games.revision``: if
    the row still holds it, nobody else has written the game since.
    """

    revision: int
    game: Game
    texts: tuple[str, ...]
    #: The undo history kept with this revision (its last :data:`KEPT_STEPS`
    #: steps each way), as written or last read: the sessions sharing the
    #: store then share its values, not copies.
    history: UndoHistory | None = None


class StoreBase:
    """The connection, its transactions and the per-game cache."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        path: Path,
        clock: Callable[[], datetime],
        *,
        read_only: bool = False,
    ) -> None:
        self._conn = conn
        self._conn.row_factory = sqlite3.Row
        self._path = path
        self._clock = clock
        self._lock = threading.RLock()
        self._saved: OrderedDict[int, _Saved] = OrderedDict()
        self._step_texts = StepTexts()  # undo steps written before, as text
        self._identity = file_identity(path)
        self._closed = False
        self._shared = False
        self._read_only = read_only
        self._rescued = False  # rescue tried (see _gone)
        self._rescue_copy: Path | None = None

    @property
    def path(self) -> Path:
        """The database file."""
        return self._path

    def close(self) -> None:
        """Close the connection (committed data is already on disk).

        Closing twice is harmless. A store handed out by
        :func:`~jolly_scorer.store.shared_store` stays open for the other
        sessions: its ``close`` does nothing (see :func:`release_shared_store`).
        """
        if self._shared:
            return
        self._close()

    def _close(self) -> None:
        with self._lock:
            if not self._closed:
                self._closed = True
                self._saved.clear()
                self._step_texts.clear()
                self._conn.close()

    @property
    def read_only(self) -> bool:
        """Whether the database could only be opened for reading."""
        return self._read_only

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` closed the connection."""
        return self._closed

    def is_current(self) -> bool:
        """Whether the file this store has open is still the file at its path
        (not deleted, moved or replaced; its folder still there)."""
        return same_files(self._identity, file_identity(self._path))

    def data_version(self) -> int:
        """A number that changes whenever another connection commits to the
        database: another process (the command line, a second server on the
        same folder) or another :class:`Store`. This store's own writes leave
        it as it is. Cheap (no disk read): poll it, say, once a second and
        reload the open games when it changes.

        :raises StoreGone: the file was deleted or replaced meanwhile.
        """
        with self._lock, translated(self._path):
            if not self.is_current():
                raise self._gone()
            return int(self._conn.execute("PRAGMA data_version").fetchone()[0])

    def _gone(self) -> StoreGone:
        """The files under this store changed: before refusing, keep what
        it knows (once) in a rescue copy beside the database
        (:func:`~jolly_scorer.store.connection.rescue`)."""
        if not self._rescued and not self._conn.in_transaction:
            self._rescued = True
            self._rescue_copy = rescue(self._conn, self._path)
        return StoreGone(self._path, self._rescue_copy)

    def revisions(self) -> dict[int, int]:
        """Every stored game's id and revision token (each write changes it):
        compare two calls to see which games were added, changed or deleted,
        e.g. after :meth:`data_version` changed. One read of the games table.
        """
        with self._reading() as conn:
            rows = conn.execute("SELECT id, revision FROM games").fetchall()
        return {int(game_id): int(revision) for game_id, revision in rows}

    # -- transactions -------------------------------------------------------

    @contextmanager
    def atomic(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: commit at the end, roll back on any error.

        Before committing, the file is checked to be still the one at the
        store's path: if it was deleted or replaced, :class:`StoreGone` is
        raised and nothing is written.
        """
        if self._read_only:
            raise StoreWriteError(
                f"cannot write {str(self._path)!r}: it is read-only (the folder "
                "or the file cannot be written); nothing was saved"
            )
        with self._lock, translated(self._path):
            conn = self._conn
            if not self.is_current():
                raise self._gone()
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                if not self.is_current():
                    raise StoreGone(self._path)
                commit(conn)
            except BaseException as error:
                _roll_back(conn)
                if isinstance(error, StoreGone):
                    raise self._gone() from None
                raise

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        """One read transaction: a consistent snapshot."""
        with self._lock, translated(self._path):
            conn = self._conn
            if conn.in_transaction:  # nested in another read or write
                yield conn
                return
            conn.execute("BEGIN")
            try:
                yield conn
            finally:
                if conn.in_transaction:
                    conn.execute("COMMIT")

    def _now(self) -> str:
        return time_text(self._clock())

    def _stored(self, text: str, what: str) -> Any:
        """A JSON column's value; :class:`StoreCorrupt` naming ``what`` if damaged."""
        try:
            return json.loads(text)
        except (ValueError, TypeError):
            raise StoreCorrupt(
                f"{what} in {str(self._path)!r} cannot be read", self._path
            ) from None

    def _remember(self, game_id: int, saved: _Saved) -> None:
        """Keep what was last read or written of a game (the newest few)."""
        with self._lock:
            self._saved[game_id] = saved
            self._saved.move_to_end(game_id)
            while len(self._saved) > KEPT_GAMES:
                self._saved.popitem(last=False)

    @staticmethod
    def _revision(conn: sqlite3.Connection, game_id: int) -> int:
        row = conn.execute(
            "SELECT revision FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise GameNotFound(game_id)
        return int(row[0])

    @staticmethod
    def _players_of(conn: sqlite3.Connection, game_id: int) -> tuple[str, ...]:
        return tuple(
            name
            for (name,) in conn.execute(
                "SELECT p.name FROM game_players gp JOIN players p "
                "ON p.id = gp.player_id WHERE gp.game_id = ? ORDER BY gp.seat",
                (game_id,),
            )
        )


def _roll_back(conn: sqlite3.Connection) -> None:
    """Roll back if a transaction is open; the first error is the one to report."""
    if conn.in_transaction:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")


def _new_revision() -> int:
    """A fresh revision token: random, so a reused game id never matches."""
    return secrets.randbits(62)


def _json_text(value: Any, what: str) -> str:
    try:
        return dumps(value)
    except (TypeError, ValueError) as error:
        raise StoreError(f"{what} is not JSON data: {error}") from None
