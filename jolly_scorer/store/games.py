"""The games with their undo histories (a game and its history are saved
together, in one transaction): the store's game calls
(:class:`~jolly_scorer.store.protocol.GameRecords` and
:class:`~jolly_scorer.store.protocol.HistoryRecords`).

Rounds are stored one row each and saved by difference, so saving round 1000
writes one row, not 1000.
"""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from datetime import datetime
from typing import Any

from jolly_scorer.core.game import Game, Round
from jolly_scorer.core.gamefile import game_to_json, load_scored
from jolly_scorer.core.scoring import GameResult, score_game
from jolly_scorer.core.stats import PlayerStats, player_stats
from jolly_scorer.store import device_seats, seat_parts
from jolly_scorer.store.base import StoreBase, _new_revision, _Saved
from jolly_scorer.store.errors import (
    GameNotFound,
    PartsChanged,
    StoreConflict,
    StoreCorrupt,
)
from jolly_scorer.store.rows import (
    GameSummary,
    game_columns,
    game_from_rows,
    parse_time,
    round_text,
    summary_columns,
    time_text,
)
from jolly_scorer.store.transfer import score_sheet
from jolly_scorer.store.undo import (
    KEPT_STEPS,
    UndoHistory,
    history_from_json,
    history_text,
    rounds_history,
)

__all__ = ["GameCalls"]


class GameCalls(StoreBase):
    """The games, their rounds and players, and their undo histories."""

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
            want = _base_revision(game_id, saved, expected_revision)
            known = None if saved is None else _difference(saved, game)
            with self.atomic() as conn:
                if parts_version is not None and parts_version != seat_parts.version(
                    conn, game_id, len(game.rounds)
                ):
                    raise PartsChanged(game_id)
                columns = summary_columns(game, result)
                if saved is None or not _same_header(saved.game, game):
                    columns = game_columns(game) | columns
                self._write_header(conn, game_id, columns, now, new_revision, want)
                texts = _write_rounds(conn, game_id, game, known)
                if saved is None or saved.game.players != game.players:
                    self._follow_players(conn, game_id, game.players, now)
                if kept is not None:
                    conn.execute(
                        "INSERT OR REPLACE INTO history (game_id, revision, data) "
                        "VALUES (?, ?, ?)",
                        (game_id, new_revision, kept),
                    )
                # the round entered together went with the save (or is gone)
                seat_parts.keep_next_round_only(conn, game_id, len(game.rounds))
            kept_history = None if history is None else _kept(history)
            self._remember(game_id, _Saved(new_revision, game, texts, kept_history))
        return new_revision

    def _write_header(
        self,
        conn: sqlite3.Connection,
        game_id: int,
        columns: dict[str, Any],
        now: str,
        new_revision: int,
        want: int | None,
    ) -> None:
        """The game's own row, written over revision ``want`` (None: over
        any); :class:`StoreConflict` when the row holds another one."""
        sets = ", ".join(f"{name} = ?" for name in columns)
        values = (*columns.values(), now, new_revision, game_id)
        if want is None:
            updated = conn.execute(
                f"UPDATE games SET {sets}, updated = ?, revision = ? WHERE id = ?",
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

    def _follow_players(
        self,
        conn: sqlite3.Connection,
        game_id: int,
        players: tuple[str, ...],
        now: str,
    ) -> None:
        """Seat the game's players as stored now (a rename: the devices'
        seats follow the names)."""
        stored = self._players_of(conn, game_id)
        if stored != players:
            self._seat_players(conn, game_id, players, now)
            device_seats.follow_rename(conn, game_id, stored, players)

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

    def list_games(self, limit: int | None = None) -> list[GameSummary]:
        """Every stored game, newest first; ``limit``: only the newest
        ``limit`` (their players read alone: a page of past games reads as
        much with 20,000 games stored as with 50, issue 38.7)."""
        with self._reading() as conn:
            if limit is None:
                rows = conn.execute(
                    "SELECT * FROM games ORDER BY started DESC, id DESC"
                ).fetchall()
                return self._summaries(conn, rows, every=True)
            rows = conn.execute(
                "SELECT * FROM games ORDER BY started DESC, id DESC LIMIT ?",
                (max(0, limit),),
            ).fetchall()
            return self._summaries(conn, rows)

    def game_summary(self, game_id: int) -> GameSummary:
        """One game's line of the list of games (:class:`GameNotFound` if
        there is no such game)."""
        with self._reading() as conn:
            rows = conn.execute("SELECT * FROM games WHERE id = ?", (game_id,))
            found = self._summaries(conn, rows.fetchall())
        if not found:
            raise GameNotFound(game_id)
        return found[0]

    def last_played(self) -> tuple[int, datetime] | None:
        """``(id, when it changed)`` of the game changed last, finished or
        not: two steps down the index on (game_over, updated), however many
        games are stored (Home asks it at every change, issue 38)."""
        with self._reading() as conn:
            rows = [
                conn.execute(
                    "SELECT id, updated FROM games WHERE game_over = ? "
                    "ORDER BY updated DESC, id DESC LIMIT 1",
                    (over,),
                ).fetchone()
                for over in (0, 1)
            ]
        found = [(parse_time(r["updated"]), int(r["id"])) for r in rows if r]
        if not found:
            return None
        updated, game_id = max(found)
        return game_id, updated

    def _summaries(
        self, conn: sqlite3.Connection, rows: list[sqlite3.Row], every: bool = False
    ) -> list[GameSummary]:
        """The summaries of the games ``rows`` (their players read for these
        games alone, unless ``every`` game is read)."""
        if every:
            seated = conn.execute(
                "SELECT gp.game_id, p.name FROM game_players gp JOIN players p "
                "ON p.id = gp.player_id ORDER BY gp.game_id, gp.seat"
            )
        else:
            ids = [row["id"] for row in rows]
            seated = conn.execute(
                "SELECT gp.game_id, p.name FROM game_players gp JOIN players p "
                "ON p.id = gp.player_id WHERE gp.game_id IN "
                f"({','.join('?' * len(ids))}) ORDER BY gp.game_id, gp.seat",
                ids,
            )
        seats: dict[int, list[str]] = {}
        for game_id, name in seated:
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

    # -- import, export ----------------------------------------------------------

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


def _base_revision(
    game_id: int, saved: _Saved | None, expected: int | None
) -> int | None:
    """The revision a save writes over: the caller's (``expected``), else
    what this store last read or wrote (None: it knows none, any will do).
    :class:`StoreConflict` when the store saw another revision than the
    caller's."""
    if expected is None:
        return saved.revision if saved is not None else None
    if saved is not None and saved.revision != expected:
        raise StoreConflict(game_id)  # the store saw another revision
    return expected


def _write_rounds(
    conn: sqlite3.Connection,
    game_id: int,
    game: Game,
    known: tuple[tuple[str, ...], list[int], bool] | None,
) -> tuple[str, ...]:
    """Write the rounds that changed (``known``: the difference to what this
    store last read or wrote; None: compared with the rows); their texts."""
    if known is None:
        old = dict(
            conn.execute(
                "SELECT idx, data FROM rounds WHERE game_id = ?", (game_id,)
            ).fetchall()
        )
        texts = tuple(round_text(entry) for entry in game.rounds)
        changed = [i for i, text in enumerate(texts) if old.get(i) != text]
        shrink = any(i >= len(texts) for i in old)
    else:
        texts, changed, shrink = known
    if changed:
        conn.executemany(
            "INSERT OR REPLACE INTO rounds (game_id, idx, data) VALUES (?, ?, ?)",
            [(game_id, i, texts[i]) for i in changed],
        )
    if shrink:
        conn.execute(
            "DELETE FROM rounds WHERE game_id = ? AND idx >= ?",
            (game_id, len(texts)),
        )
    return texts


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
