"""The games database: a thin repository over :mod:`sqlite3`.

Every write is one transaction (:meth:`Store.atomic`), committed before the
method returns; rows map to and from the core's frozen values, and no rule of
the game lives here. Rounds are stored one row each and saved by difference,
so saving round 1000 writes one row, not 1000.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from jolly_scorer.core.game import Game, Round
from jolly_scorer.core.gamefile import game_to_json, load_game
from jolly_scorer.core.scoring import GameResult, score_game
from jolly_scorer.core.stats import PlayerStats, player_stats
from jolly_scorer.store.connection import commit, connect, translated
from jolly_scorer.store.errors import (
    GameNotFound,
    StoreConflict,
    StoreCorrupt,
    StoreError,
)
from jolly_scorer.store.paths import DB_NAME, default_data_dir
from jolly_scorer.store.rows import (
    GameSummary,
    dumps,
    game_columns,
    game_from_rows,
    parse_time,
    round_text,
    summary_columns,
    time_text,
)
from jolly_scorer.store.transfer import (
    BACKUP_FORMAT,
    BACKUP_VERSION,
    parse_backup,
    score_sheet,
)

__all__ = ["Store"]


@dataclass(frozen=True, slots=True)
class _Saved:
    """What this connection last wrote or read of a game, for saving by difference.

    ``revision`` is the random token every write puts in ``games.revision``: if
    the row still holds it, nobody else has written the game since.
    """

    revision: int
    rounds: tuple[Round, ...]
    texts: tuple[str, ...]


class Store:
    """The saved games, players, drafts and settings in one SQLite file.

    Open with :meth:`Store.open`; safe to share between threads (one lock).
    """

    def __init__(
        self, conn: sqlite3.Connection, path: Path, clock: Callable[[], datetime]
    ) -> None:
        self._conn = conn
        self._conn.row_factory = sqlite3.Row
        self._path = path
        self._clock = clock
        self._lock = threading.RLock()
        self._saved: dict[int, _Saved] = {}

    @classmethod
    def open(
        cls,
        data_dir: str | Path | None = None,
        *,
        busy_timeout: float = 2.0,
        clock: Callable[[], datetime] | None = None,
    ) -> Store:
        """Open (creating the folder and file if needed) and migrate.

        :raises StoreCorrupt: the file is damaged (a copy is set aside).
        :raises StoreTooNew: a newer jolly-scorer wrote it (left untouched).
        :raises StoreWriteError: the folder or file cannot be written.
        :raises StoreBusy: another program held the file too long.
        """
        path = default_data_dir(data_dir) / DB_NAME
        now = clock or (lambda: datetime.now(UTC))
        return cls(connect(path, busy_timeout=busy_timeout, clock=now), path, now)

    @property
    def path(self) -> Path:
        """The database file."""
        return self._path

    def close(self) -> None:
        """Close the connection (committed data is already on disk)."""
        with self._lock:
            self._conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    # -- transactions -------------------------------------------------------

    @contextmanager
    def atomic(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: commit at the end, roll back on any error."""
        with self._lock, translated(self._path):
            conn = self._conn
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                commit(conn)
            except BaseException:
                _roll_back(conn)
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

    # -- games --------------------------------------------------------------

    def create_game(
        self,
        game: Game,
        *,
        started: datetime | None = None,
        result: GameResult | None = None,
    ) -> int:
        """Store a new game (checked by scoring first); returns its id.

        ``result`` is ``score_game(game)`` if the caller has it already.
        """
        result = score_game(game) if result is None else result
        now = self._now()
        with self._lock:
            with self.atomic() as conn:
                game_id, saved = self._insert_game(
                    conn, game, result, time_text(started) if started else now, now
                )
            self._saved[game_id] = saved
        return game_id

    def save_game(
        self,
        game_id: int,
        game: Game,
        *,
        result: GameResult | None = None,
        expected_revision: int | None = None,
    ) -> None:
        """Store the game as it is now, in one transaction committed on return.

        Only the rounds that changed are written. An invalid game raises
        :class:`~jolly_scorer.core.errors.GameFileError` and nothing is stored.

        A stored round is never overwritten by a stale copy: if the game was
        changed by another connection since this one last read or wrote it, or
        its revision is not ``expected_revision`` (what the caller loaded; see
        :meth:`revision`), :class:`StoreConflict` is raised and nothing is written.
        """
        result = score_game(game) if result is None else result
        columns = game_columns(game) | summary_columns(game, result)
        now = self._now()
        new_revision = _new_revision()
        with self._lock:
            with self.atomic() as conn:
                revision = self._revision(conn, game_id)
                saved = self._saved.get(game_id)
                stale = saved is not None and saved.revision != revision
                if stale or expected_revision not in (None, revision):
                    raise StoreConflict(game_id)
                if saved is not None:
                    old = dict(enumerate(saved.texts))
                    texts = tuple(
                        saved.texts[i]
                        if i < len(saved.rounds)
                        and (saved.rounds[i] is entry or saved.rounds[i] == entry)
                        else round_text(entry)
                        for i, entry in enumerate(game.rounds)
                    )
                else:
                    old = dict(
                        conn.execute(
                            "SELECT idx, data FROM rounds WHERE game_id = ?", (game_id,)
                        ).fetchall()
                    )
                    texts = tuple(round_text(entry) for entry in game.rounds)
                conn.executemany(
                    "INSERT OR REPLACE INTO rounds (game_id, idx, data) "
                    "VALUES (?, ?, ?)",
                    (
                        (game_id, i, text)
                        for i, text in enumerate(texts)
                        if old.get(i) != text
                    ),
                )
                if len(old) > len(texts) or any(i >= len(texts) for i in old):
                    conn.execute(
                        "DELETE FROM rounds WHERE game_id = ? AND idx >= ?",
                        (game_id, len(texts)),
                    )
                if self._players_of(conn, game_id) != game.players:
                    self._seat_players(conn, game_id, game.players, now)
                else:
                    conn.execute(
                        "UPDATE players SET last_used = ? WHERE id IN "
                        "(SELECT player_id FROM game_players WHERE game_id = ?)",
                        (now, game_id),
                    )
                sets = ", ".join(f"{name} = ?" for name in columns)
                conn.execute(
                    f"UPDATE games SET {sets}, updated = ?, revision = ? WHERE id = ?",
                    (*columns.values(), now, new_revision, game_id),
                )
            self._saved[game_id] = _Saved(new_revision, game.rounds, texts)

    def revision(self, game_id: int) -> int:
        """The game's current revision token (changes with every save)."""
        with self._reading() as conn:
            return self._revision(conn, game_id)

    def load_game(self, game_id: int) -> Game:
        """The stored game; :class:`GameNotFound` if there is none."""
        with self._reading() as conn:
            row = conn.execute(
                "SELECT * FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            if row is None:
                raise GameNotFound(game_id)
            players = self._players_of(conn, game_id)
            texts = tuple(
                text
                for (text,) in conn.execute(
                    "SELECT data FROM rounds WHERE game_id = ? ORDER BY idx", (game_id,)
                )
            )
        try:
            game = game_from_rows(row, players, texts)
        except (ValueError, TypeError, KeyError) as error:
            raise StoreCorrupt(
                f"saved game {game_id} in {str(self._path)!r} cannot be read: {error}",
                self._path,
            ) from None
        self._saved[game_id] = _Saved(row["revision"], game.rounds, texts)
        return game

    def _stored(self, text: str, what: str) -> Any:
        """A JSON column's value; :class:`StoreCorrupt` naming ``what`` if damaged."""
        try:
            return json.loads(text)
        except (ValueError, TypeError):
            raise StoreCorrupt(
                f"{what} in {str(self._path)!r} cannot be read", self._path
            ) from None

    def list_games(self) -> list[GameSummary]:
        """Every stored game, newest first."""
        with self._reading() as conn:
            rows = conn.execute(
                "SELECT * FROM games ORDER BY started DESC, id DESC"
            ).fetchall()
            seats: dict[int, list[str]] = {}
            for game_id, name in conn.execute(
                "SELECT gp.game_id, p.name FROM game_players gp "
                "JOIN players p ON p.id = gp.player_id ORDER BY gp.game_id, gp.seat"
            ):
                seats.setdefault(game_id, []).append(name)
        return [
            GameSummary(
                id=row["id"],
                started=parse_time(row["started"]),
                updated=parse_time(row["updated"]),
                players=tuple(seats.get(row["id"], ())),
                rules=row["rules_base"],
                rounds=row["round_count"],
                totals=self._stored(row["totals"], f"game {row['id']}"),
                game_over=bool(row["game_over"]),
                winners=tuple(self._stored(row["winners"], f"game {row['id']}")),
            )
            for row in rows
        ]

    def current_game_id(self) -> int | None:
        """The most recently updated game that is not over, if any."""
        with self._reading() as conn:
            row = conn.execute(
                "SELECT id FROM games WHERE game_over = 0 "
                "ORDER BY updated DESC, id DESC LIMIT 1"
            ).fetchone()
        return None if row is None else int(row[0])

    def delete_game(self, game_id: int) -> None:
        """Remove a game with its rounds and draft (its players stay known)."""
        with self.atomic() as conn:
            if conn.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount == 0:
                raise GameNotFound(game_id)
        self._saved.pop(game_id, None)

    def known_players(self) -> list[str]:
        """Every player of every game ever stored, most recently used first."""
        with self._reading() as conn:
            return [
                name
                for (name,) in conn.execute(
                    "SELECT name FROM players ORDER BY last_used DESC, id DESC"
                )
            ]

    def game_totals(self, game_id: int) -> list[dict[str, int]]:
        """The totals after every round (for the chart)."""
        return score_game(self.load_game(game_id)).totals_after()

    def player_stats(self) -> list[PlayerStats]:
        """Per-player statistics over all stored games (unreadable ones left out)."""
        games = []
        for summary in self.list_games():
            try:
                games.append(self.load_game(summary.id))
            except StoreCorrupt:
                continue
        return player_stats(games)

    # -- drafts and settings ---------------------------------------------------

    def save_draft(self, game_id: int, draft: dict[str, Any]) -> None:
        """Keep a half-entered round (any JSON object) until cleared."""
        if not isinstance(draft, dict):
            raise StoreError(f"a draft must be a JSON object, not {draft!r}")
        text = _json_text(draft, "draft")
        with self.atomic() as conn:
            self._revision(conn, game_id)
            conn.execute(
                "INSERT OR REPLACE INTO drafts (game_id, data, updated) "
                "VALUES (?, ?, ?)",
                (game_id, text, self._now()),
            )

    def load_draft(self, game_id: int) -> dict[str, Any] | None:
        """The draft of a game, or None."""
        with self._reading() as conn:
            row = conn.execute(
                "SELECT data FROM drafts WHERE game_id = ?", (game_id,)
            ).fetchone()
        if row is None:
            return None
        try:
            value = json.loads(row[0])
        except ValueError:  # a damaged draft is no draft
            return None
        return value if isinstance(value, dict) else None

    def clear_draft(self, game_id: int) -> None:
        """Forget the draft of a game (nothing happens if there is none)."""
        with self.atomic() as conn:
            conn.execute("DELETE FROM drafts WHERE game_id = ?", (game_id,))

    def get_setting(self, key: str, default: Any = None) -> Any:
        """A stored setting (a JSON value), or ``default``."""
        with self._reading() as conn:
            row = conn.execute(
                "SELECT value FROM settings WHERE key = ?", (key,)
            ).fetchone()
        if row is None:
            return default
        try:
            return json.loads(row[0])
        except ValueError:  # a damaged setting falls back to the default
            return default

    def set_setting(self, key: str, value: Any) -> None:
        """Store a setting; ``value`` must be JSON (text, number, list, object...)."""
        text = _json_text(value, f"setting {key!r}")
        with self.atomic() as conn:
            conn.execute(
                "INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)",
                (key, text),
            )

    def settings(self) -> dict[str, Any]:
        """All stored settings."""
        with self._reading() as conn:
            rows = conn.execute("SELECT key, value FROM settings ORDER BY key")
            return {key: self._stored(value, f"setting {key!r}") for key, value in rows}

    # -- import, export, backup -------------------------------------------------

    def import_game(self, data: Any) -> int:
        """Store a game file's JSON data as a new game; returns its id.

        A file ``jolly-scorer score`` rejects raises the same
        :class:`~jolly_scorer.core.errors.GameFileError`; nothing is stored.
        """
        return self.create_game(load_game(data))

    def export_game(self, game_id: int) -> dict[str, Any]:
        """The game file of a stored game."""
        return game_to_json(self.load_game(game_id))

    def export_csv(self, game_id: int) -> str:
        """The score sheet: a row per round, a column per player, then totals."""
        return score_sheet(self.load_game(game_id))

    def backup(self) -> dict[str, Any]:
        """Every game, draft, setting and known player as one JSON object."""
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
                games.append(
                    {
                        "id": game_id,
                        "started": parse_time(row[0]).isoformat(),
                        "updated": parse_time(row[1]).isoformat(),
                        "game": self.export_game(game_id),
                        "draft": draft,
                    }
                )
            settings = self.settings()
            players = self.known_players()
        return {
            "format": BACKUP_FORMAT,
            "version": BACKUP_VERSION,
            "created": self._clock().astimezone(UTC).isoformat(),
            "games": games,
            "settings": settings,
            "players": players,
        }

    def restore(self, data: Any) -> int:
        """Add the games of a backup (all checked first; all or nothing).

        Settings the store does not have yet are taken from the backup; known
        players are added. Returns how many games were added.
        """
        games, settings, players = parse_backup(data)
        now = self._now()
        added: dict[int, _Saved] = {}
        with self.atomic() as conn:
            for name in reversed(players):
                conn.execute(
                    "INSERT OR IGNORE INTO players (name, last_used) VALUES (?, ?)",
                    (name, now),
                )
            for entry in games:
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
                added[game_id] = saved
            for key, value in settings.items():
                conn.execute(
                    "INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)",
                    (key, _json_text(value, f"setting {key!r}")),
                )
        self._saved.update(added)
        return len(games)

    # -- helpers ------------------------------------------------------------

    def _insert_game(
        self,
        conn: sqlite3.Connection,
        game: Game,
        result: GameResult,
        started: str,
        now: str,
    ) -> tuple[int, _Saved]:
        """Insert a new game's rows (inside a transaction); its id and cache."""
        columns = game_columns(game) | summary_columns(game, result)
        revision = _new_revision()
        names = ", ".join(columns)
        marks = ", ".join("?" for _ in columns)
        cursor = conn.execute(
            f"INSERT INTO games (started, updated, revision, {names}) "
            f"VALUES (?, ?, ?, {marks})",
            (started, now, revision, *columns.values()),
        )
        game_id = int(cursor.lastrowid or 0)
        self._seat_players(conn, game_id, game.players, now)
        texts = tuple(round_text(r) for r in game.rounds)
        conn.executemany(
            "INSERT INTO rounds (game_id, idx, data) VALUES (?, ?, ?)",
            ((game_id, i, text) for i, text in enumerate(texts)),
        )
        return game_id, _Saved(revision, game.rounds, texts)

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

    @staticmethod
    def _seat_players(
        conn: sqlite3.Connection, game_id: int, players: tuple[str, ...], now: str
    ) -> None:
        conn.execute("DELETE FROM game_players WHERE game_id = ?", (game_id,))
        for seat, name in enumerate(players):
            conn.execute(
                "INSERT INTO players (name, last_used) VALUES (?, ?) "
                "ON CONFLICT (name) DO UPDATE SET last_used = excluded.last_used",
                (name, now),
            )
            conn.execute(
                "INSERT INTO game_players (game_id, seat, player_id) "
                "SELECT ?, ?, id FROM players WHERE name = ?",
                (game_id, seat, name),
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
