"""The games database: a thin repository over :mod:`sqlite3`.

Every write is one transaction (:meth:`Store.atomic`), committed before the
method returns; rows map to and from the core's frozen values, and no rule of
the game lives here. Rounds are stored one row each and saved by difference,
so saving round 1000 writes one row, not 1000.
"""

from __future__ import annotations

import atexit
import contextlib
import dataclasses
import json
import secrets
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from jolly_scorer.core.game import Game, Round
from jolly_scorer.core.gamefile import game_to_json, load_scored
from jolly_scorer.core.scoring import GameResult, score_game
from jolly_scorer.core.stats import PlayerStats, player_stats
from jolly_scorer.store import device_seats, seat_parts
from jolly_scorer.store.club import ClubEvents, backup_events, restore_events
from jolly_scorer.store.connection import (
    commit,
    connect,
    file_identity,
    same_files,
    translated,
)
from jolly_scorer.store.errors import (
    GameNotFound,
    PartsChanged,
    StoreConflict,
    StoreCorrupt,
    StoreError,
    StoreGone,
    StoreWriteError,
)
from jolly_scorer.store.paths import DB_NAME, default_data_dir
from jolly_scorer.store.protocol import StoreRecords
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
from jolly_scorer.store.seat_parts import SeatPart
from jolly_scorer.store.transfer import (
    BACKUP_FORMAT,
    BACKUP_VERSION,
    parse_backup,
    parse_club_events,
    score_sheet,
)
from jolly_scorer.store.undo import (
    KEPT_STEPS,
    StepTexts,
    UndoHistory,
    history_from_json,
    history_text,
    history_to_json,
    rounds_history,
)

__all__ = [
    "KEPT_GAMES",
    "Store",
    "close_shared_stores",
    "release_shared_store",
    "shared_store",
]

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


class Store(ClubEvents):
    """The saved games, players, drafts, undo histories and settings in one
    SQLite file.

    Open with :meth:`Store.open` (a command), or take the process's one store
    with :func:`shared_store` (every page session of the server). One
    connection behind one lock: safe to share between threads. Changes by
    other processes show in :meth:`data_version`; a file deleted or replaced
    under the store makes every write raise :class:`StoreGone`.
    """

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
                raise StoreGone(self._path)
            return int(self._conn.execute("PRAGMA data_version").fetchone()[0])

    def revisions(self) -> dict[int, int]:
        """Every stored game's id and revision token (each write changes it):
        compare two calls to see which games were added, changed or deleted,
        e.g. after :meth:`data_version` changed. One read of the games table.
        """
        with self._reading() as conn:
            rows = conn.execute("SELECT id, revision FROM games").fetchall()
        return {int(game_id): int(revision) for game_id, revision in rows}

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
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                if not self.is_current():
                    raise StoreGone(self._path)
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
            self._remember(game_id, saved)
        return game_id

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
        """Store the game as it is now, in one transaction committed on return;
        returns the game's new revision (pass it as ``expected_revision`` to
        the next save).

        Only the rounds that changed are written. With ``history`` (whose
        ``present`` is ``game``) the undo history is kept in the same
        transaction: the game and its history are saved together or not at
        all. An invalid game raises
        :class:`~jolly_scorer.core.errors.GameFileError` and nothing is stored.

        A stored round is never overwritten by a stale copy: with
        ``expected_revision`` (the revision the caller loaded or last saved; see
        :meth:`revision`), the game is written only if the stored revision is
        still that one. This is what each page session must pass: the store is
        shared by all of them, so what it last read or wrote is no caller's
        copy. Without it, the game is written only if nobody changed it since
        this store last read or wrote it. Otherwise :class:`StoreConflict` is
        raised and nothing is written.

        ``parts_version`` (a round entered together, saved as the game's new
        last round): the newest revision of that round's seat parts the saver
        read or wrote. If a part of it was
        written since, :class:`PartsChanged` is raised and nothing is written
        (the save would clear a part the saver never saw).
        """
        result = score_game(game) if result is None else result
        if history is not None and not _same_game(history.present, game):
            raise ValueError("the undo history's present is not the game saved")
        now = self._now()
        new_revision = _new_revision()
        with self._lock:
            kept = None
            if history is not None:
                kept = history_text(history, self._step_texts)
            saved = self._saved.get(game_id)
            columns = summary_columns(game, result)
            if saved is None or not _same_header(saved.game, game):
                columns = game_columns(game) | columns
            sets = ", ".join(f"{name} = ?" for name in columns)
            values = (*columns.values(), now, new_revision, game_id)
            if expected_revision is not None:
                want: int | None = expected_revision
                if saved is not None and saved.revision != want:
                    raise StoreConflict(game_id)  # the store saw another revision
            else:
                want = saved.revision if saved is not None else None
            if saved is not None:
                texts, changed, shrink = _difference(saved, game)
            with self.atomic() as conn:
                if parts_version is not None and parts_version != seat_parts.version(
                    conn, game_id, len(game.rounds)
                ):
                    raise PartsChanged(game_id)
                if want is None:
                    updated = conn.execute(
                        f"UPDATE games SET {sets}, updated = ?, revision = ? "
                        "WHERE id = ?",
                        values,
                    )
                else:
                    updated = conn.execute(
                        f"UPDATE games SET {sets}, updated = ?, revision = ? "
                        "WHERE id = ? AND revision = ?",
                        (*values, want),
                    )
                if updated.rowcount != 1:
                    self._revision(conn, game_id)  # GameNotFound if there is none
                    raise StoreConflict(game_id)
                if saved is None:
                    old = dict(
                        conn.execute(
                            "SELECT idx, data FROM rounds WHERE game_id = ?", (game_id,)
                        ).fetchall()
                    )
                    texts = tuple(round_text(entry) for entry in game.rounds)
                    changed = [i for i, text in enumerate(texts) if old.get(i) != text]
                    shrink = any(i >= len(texts) for i in old)
                if changed:
                    conn.executemany(
                        "INSERT OR REPLACE INTO rounds (game_id, idx, data) "
                        "VALUES (?, ?, ?)",
                        [(game_id, i, texts[i]) for i in changed],
                    )
                if shrink:
                    conn.execute(
                        "DELETE FROM rounds WHERE game_id = ? AND idx >= ?",
                        (game_id, len(texts)),
                    )
                same_players = saved is not None and saved.game.players == game.players
                if not same_players:
                    stored = self._players_of(conn, game_id)
                    if stored != game.players:
                        self._seat_players(conn, game_id, game.players, now)
                        # a rename: the devices' seats follow the names
                        device_seats.follow_rename(conn, game_id, stored, game.players)
                if kept is not None:
                    conn.execute(
                        "INSERT OR REPLACE INTO history (game_id, revision, data) "
                        "VALUES (?, ?, ?)",
                        (game_id, new_revision, kept),
                    )
                seat_parts.keep_next_round_only(conn, game_id, len(game.rounds))
            kept_history = None if history is None else _kept(history)
            self._remember(game_id, _Saved(new_revision, game, texts, kept_history))
        return new_revision

    def revision(self, game_id: int) -> int:
        """The game's current revision token (changes with every save)."""
        with self._reading() as conn:
            return self._revision(conn, game_id)

    def load_game(self, game_id: int) -> Game:
        """The stored game; :class:`GameNotFound` if there is none.

        Rounds this store has read or written before are not decoded again:
        a game unchanged since is the same value, and a game another program
        changed costs only its changed rounds.
        """
        with self._lock:
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
                        "SELECT data FROM rounds WHERE game_id = ? ORDER BY idx",
                        (game_id,),
                    )
                )
            saved = self._saved.get(game_id)
            if (
                saved is not None
                and saved.revision == row["revision"]
                and saved.texts == texts
                and saved.game.players == players
            ):
                self._saved.move_to_end(game_id)
                return saved.game
            known = saved.game.rounds if saved is not None else ()
            old = saved.texts if saved is not None else ()
            try:
                game = game_from_rows(row, players, texts, known=(old, known))
            except (ValueError, TypeError, KeyError) as error:
                raise StoreCorrupt(
                    f"saved game {game_id} in {str(self._path)!r} cannot be read: "
                    f"{error}",
                    self._path,
                ) from None
            self._remember(game_id, _Saved(row["revision"], game, texts))
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
        """Remove a game with its rounds, draft and undo history, in one
        transaction (its players stay known)."""
        with self.atomic() as conn:
            if conn.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount == 0:
                raise GameNotFound(game_id)
        with self._lock:
            self._saved.pop(game_id, None)

    def known_players(self) -> list[str]:
        """Every player of every game ever stored, most recently used first
        (the last change to one of their games, or when they were seated)."""
        with self._reading() as conn:
            return [
                name
                for (name,) in conn.execute(
                    "SELECT p.name FROM players p "
                    "LEFT JOIN game_players gp ON gp.player_id = p.id "
                    "LEFT JOIN games g ON g.id = gp.game_id GROUP BY p.id "
                    "ORDER BY max(p.last_used, coalesce(max(g.updated), '')) DESC, "
                    "p.id DESC"
                )
            ]

    def player_stats(self) -> list[PlayerStats]:
        """Per-player statistics over all stored games (unreadable ones left out)."""
        games = []
        for summary in self.list_games():
            try:
                games.append(self.load_game(summary.id))
            except StoreCorrupt:
                continue
        return player_stats(games)

    # -- undo history -----------------------------------------------------------

    def load_history(self, game_id: int, game: Game) -> tuple[UndoHistory, bool]:
        """The undo history around ``game``, the game as just loaded or saved
        through this store, and whether it is the kept one.

        False: no history was kept for this version of the game (another
        program changed it, or a crash came between the save and the history),
        so only its last rounds can be taken back.
        """
        with self._reading() as conn:
            row = conn.execute(
                "SELECT g.revision, h.revision, h.data FROM games g "
                "LEFT JOIN history h ON h.game_id = g.id WHERE g.id = ?",
                (game_id,),
            ).fetchone()
            if row is None:
                raise GameNotFound(game_id)
            saved = self._saved.get(game_id)
        current = row[0] == row[1] and _holds(saved, row[0], game)
        if current:
            assert saved is not None
            kept = saved.history
            if kept is not None and kept.present is game:
                return kept, True  # written or read through this store
            try:
                history = history_from_json(json.loads(row[2]), game)
            except ValueError:  # a damaged history is no history
                pass
            else:
                with self._lock:
                    if self._saved.get(game_id) is saved:
                        self._remember(
                            game_id, dataclasses.replace(saved, history=history)
                        )
                return history, True
        return rounds_history(game), False

    def save_history(self, game_id: int, history: UndoHistory) -> None:
        """Keep the undo history of the game just saved through this store
        (a change to the game keeps it in the same transaction:
        ``save_game(..., history=...)``).

        ``history.present`` must be that game: if the game was changed since
        (by another session or program), :class:`StoreConflict` is raised and
        nothing is written.
        """
        with self._lock:
            text = history_text(history, self._step_texts)
        with self._lock:
            with self.atomic() as conn:
                revision = self._revision(conn, game_id)
                saved = self._saved.get(game_id)
                if not _holds(saved, revision, history.present):
                    raise StoreConflict(game_id)
                conn.execute(
                    "INSERT OR REPLACE INTO history (game_id, revision, data) "
                    "VALUES (?, ?, ?)",
                    (game_id, revision, text),
                )
            assert saved is not None
            self._remember(game_id, dataclasses.replace(saved, history=_kept(history)))

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

    # -- the round being entered at a table, one part per seat ----------------

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
        """Keep one seat's part of the next round (see :mod:`.seat_parts`):
        ``seat`` is a player of the game or "" for the round's own part.
        :class:`StoreConflict` when ``round_number`` is no longer the next
        round (it was saved meanwhile); with ``expected`` (the part's
        revision as read, 0: none) ``PartWrittenSince`` when it was written
        since; :class:`StoreError` for anything else wrong, and nothing is
        written."""
        text = _part_text(data)
        with self.atomic() as conn:
            write = self._part_writer(conn, game_id, round_number)
            return write(seat, text, status, device, expected)

    def replace_seat_parts(
        self,
        game_id: int,
        round_number: int,
        parts: Mapping[str, tuple[dict[str, Any], str, str]],
    ) -> dict[str, SeatPart]:
        """Every part of the game replaced by ``parts`` (``seat: (data,
        status, device)``, of ``round_number``), in one transaction: all or
        nothing (players renamed mid-round, say). Refused like
        :meth:`save_seat_part`, and then the parts stay as they were."""
        texts = {seat: (_part_text(d), st, dev) for seat, (d, st, dev) in parts.items()}
        with self.atomic() as conn:
            write = self._part_writer(conn, game_id, round_number)
            conn.execute("DELETE FROM seat_parts WHERE game_id = ?", (game_id,))
            return {seat: write(seat, *rest) for seat, rest in texts.items()}

    def _part_writer(
        self, conn: sqlite3.Connection, game_id: int, round_number: int
    ) -> Callable[..., SeatPart]:
        """``write(seat, text, status, device, expected=None)`` for the parts
        of ``round_number`` of game ``game_id``, in the transaction ``conn``."""
        row = conn.execute(
            "SELECT round_count FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise GameNotFound(game_id)
        players, rounds = self._players_of(conn, game_id), int(row[0])

        def write(
            seat: str, text: str, status: str, device: str, expected: int | None = None
        ) -> SeatPart:
            return seat_parts.write_part(
                conn,
                game_id,
                round_number,
                seat,
                text,
                status=status,
                device=device,
                players=players,
                rounds=rounds,
                expected=expected,
            )

        return write

    def load_seat_parts(self, game_id: int, round_number: int) -> dict[str, SeatPart]:
        """Every part kept of that round, by seat."""
        with self._reading() as conn:
            return seat_parts.read_parts(conn, game_id, round_number)

    def seat_parts_version(self, game_id: int) -> int:
        """The newest part's revision (0 when none): compare to see a change."""
        with self._reading() as conn:
            return seat_parts.version(conn, game_id)

    def clear_seat_parts(self, game_id: int) -> None:
        """Forget every part of the game (the round was dropped)."""
        with self.atomic() as conn:
            conn.execute("DELETE FROM seat_parts WHERE game_id = ?", (game_id,))

    # -- the seat each joined device chose (see :mod:`.device_seats`) ---------

    def load_device_seat(self, game_id: int, device: str) -> str | None:
        """The player ``device`` (a device key) chose in the game, or None."""
        with self._reading() as conn:
            row = conn.execute(
                "SELECT player FROM device_seats WHERE game_id = ? AND device = ?",
                (game_id, device),
            ).fetchone()
        return None if row is None else str(row[0])

    def save_device_seat(self, game_id: int, device: str, player: str) -> None:
        """Keep ``player`` as the seat of ``device`` in the game (replacing
        its earlier choice); :class:`GameNotFound` if there is no such game,
        :class:`StoreError` if ``player`` is not one of its players."""
        device_seats.check_device(device)
        with self.atomic() as conn:
            self._revision(conn, game_id)  # GameNotFound if there is none
            if player not in self._players_of(conn, game_id):
                raise StoreError(f"{player!r} is not a player of game {game_id}")
            conn.execute(
                "INSERT OR REPLACE INTO device_seats (game_id, device, player, "
                "updated) VALUES (?, ?, ?, ?)",
                (game_id, device, player, self._now()),
            )

    def forget_device_seat(self, game_id: int, device: str) -> None:
        """Forget the seat of ``device`` in the game (none kept: nothing)."""
        with self.atomic() as conn:
            conn.execute(
                "DELETE FROM device_seats WHERE game_id = ? AND device = ?",
                (game_id, device),
            )

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
        scored = load_scored(data)  # scored once, not again by create_game
        return self.create_game(scored.game, result=scored.result)

    def export_game(self, game_id: int) -> dict[str, Any]:
        """The game file of a stored game."""
        return game_to_json(self.load_game(game_id))

    def export_csv(self, game_id: int) -> str:
        """The score sheet: a row per round, a column per player, then totals."""
        return score_sheet(self.load_game(game_id))

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
        return {
            "format": BACKUP_FORMAT,
            "version": BACKUP_VERSION,
            "created": self._clock().astimezone(UTC).isoformat(),
            "games": games,
            "settings": settings,
            "players": players,
            "club_events": club_events,
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
            restore_events(conn, events, new_ids, now)
            for key, value in settings.items():
                conn.execute(
                    "INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)",
                    (key, _json_text(value, f"setting {key!r}")),
                )
        with self._lock:
            for game_id, saved in added.items():
                self._remember(game_id, saved)
        return len(games)

    # -- helpers ------------------------------------------------------------

    def _remember(self, game_id: int, saved: _Saved) -> None:
        """Keep what was last read or written of a game (the newest few)."""
        with self._lock:
            self._saved[game_id] = saved
            self._saved.move_to_end(game_id)
            while len(self._saved) > KEPT_GAMES:
                self._saved.popitem(last=False)

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
        return game_id, _Saved(revision, game, texts)

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


def _same_header(old: Game, new: Game) -> bool:
    """Whether the ``games`` columns of the game itself (rules, target...) are
    the same for both games."""
    return (
        (old.rules is new.rules or old.rules == new.rules)
        and old.target == new.target
        and old.rounds_limit == new.rounds_limit
        and old.first_dealer == new.first_dealer
        and old.finished == new.finished
    )


def _common_prefix(old: tuple[Round, ...], new: tuple[Round, ...]) -> int:
    """How many leading rounds ``old`` and ``new`` share."""
    n = min(len(old), len(new))
    if old[:n] == new[:n]:  # one C loop; same objects compare at once
        return n
    i = 0
    while i < n and (old[i] is new[i] or old[i] == new[i]):
        i += 1
    return i


def _difference(saved: _Saved, game: Game) -> tuple[tuple[str, ...], list[int], bool]:
    """The round texts of ``game``, the places whose text changed since
    ``saved``, and whether rounds were taken away at the end."""
    old_rounds, old_texts = saved.game.rounds, saved.texts
    keep = _common_prefix(old_rounds, game.rounds)
    tail = tuple(
        old_texts[i]
        if i < len(old_rounds) and (old_rounds[i] is entry or old_rounds[i] == entry)
        else round_text(entry)
        for i, entry in enumerate(game.rounds[keep:], keep)
    )
    texts = old_texts[:keep] + tail
    changed = [
        i
        for i in range(keep, len(texts))
        if i >= len(old_texts) or old_texts[i] != texts[i]
    ]
    return texts, changed, len(old_texts) > len(texts)


def _kept(history: UndoHistory) -> UndoHistory:
    """What the ``history`` table keeps of ``history`` (the same values)."""
    if len(history.past) <= KEPT_STEPS and len(history.future) <= KEPT_STEPS:
        return history
    return UndoHistory(
        history.past[-KEPT_STEPS:], history.present, history.future[:KEPT_STEPS]
    )


def _same_game(a: Game, b: Game) -> bool:
    return a is b or a == b


def _holds(saved: _Saved | None, revision: int, game: Game) -> bool:
    """Whether ``saved`` is ``game`` at ``revision`` (the row's revision now)."""
    return (
        saved is not None
        and saved.revision == revision
        and (saved.game is game or saved.game == game)
    )


def _roll_back(conn: sqlite3.Connection) -> None:
    """Roll back if a transaction is open; the first error is the one to report."""
    if conn.in_transaction:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")


def _new_revision() -> int:
    """A fresh revision token: random, so a reused game id never matches."""
    return secrets.randbits(62)


def _part_text(data: Any) -> str:
    """A seat part's JSON text; a part is a JSON object."""
    if not isinstance(data, dict):
        raise StoreError(f"a part must be a JSON object, not {data!r}")
    return _json_text(data, "a part")


def _json_text(value: Any, what: str) -> str:
    try:
        return dumps(value)
    except (TypeError, ValueError) as error:
        raise StoreError(f"{what} is not JSON data: {error}") from None


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
