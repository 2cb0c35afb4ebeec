"""The database schema as named, ordered migrations recorded in the database.

Each migration runs in one transaction together with its row in the
``migrations`` table and the new ``PRAGMA user_version`` (the number of
migrations applied), so a failing migration leaves nothing behind and stays
pending. A database that records a migration this program does not know, or a
higher ``user_version``, was written by a newer program: :func:`check_known`
says so before anything is written.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

__all__ = [
    "MIGRATIONS",
    "Migration",
    "applied_migrations",
    "apply_migrations",
    "check_known",
    "is_foreign",
    "pending_migrations",
]


@dataclass(frozen=True, slots=True)
class Migration:
    """A named schema step: SQL statements run one by one in one transaction,
    then ``carry`` (if any), which moves data in the same transaction."""

    name: str
    statements: tuple[str, ...]
    carry: Callable[[sqlite3.Connection], None] | None = None


def _carry_undo_settings(conn: sqlite3.Connection) -> None:
    """Move the app's ``undo.N`` settings into the ``history`` table.

    A setting is carried over only when its fingerprint still matches game N as
    stored (as the app checked before); every ``undo.N`` setting is removed,
    including those left behind by deleted games.
    """
    from jolly_scorer.store.rows import dumps, game_from_rows
    from jolly_scorer.store.undo import (
        history_from_json,
        history_to_json,
        legacy_fingerprint,
    )

    rows = [
        (key, value)
        for key, value in conn.execute(
            "SELECT key, value FROM settings WHERE key GLOB 'undo.[0-9]*'"
        )
        if key[5:].isdecimal() and key[5:].isascii()
    ]
    for key, value in rows:
        conn.execute("DELETE FROM settings WHERE key = ?", (key,))
        try:
            game_id = int(key[5:])
            data = json.loads(value)
            head = conn.execute(
                "SELECT rules, target, rounds_limit, first_dealer, finished, "
                "revision FROM games WHERE id = ?",
                (game_id,),
            ).fetchone()
            if head is None or not isinstance(data, dict):
                continue
            columns = dict(
                zip(
                    ("rules", "target", "rounds_limit", "first_dealer", "finished"),
                    head[:5],
                    strict=True,
                )
            )
            players = [
                name
                for (name,) in conn.execute(
                    "SELECT p.name FROM game_players gp JOIN players p "
                    "ON p.id = gp.player_id WHERE gp.game_id = ? ORDER BY gp.seat",
                    (game_id,),
                )
            ]
            texts = [
                text
                for (text,) in conn.execute(
                    "SELECT data FROM rounds WHERE game_id = ? ORDER BY idx",
                    (game_id,),
                )
            ]
            game = game_from_rows(columns, players, texts)
            if data.get("present") != legacy_fingerprint(game):
                continue
            history = history_from_json(data, game)
        except (ValueError, TypeError, KeyError):
            continue  # a damaged or foreign history is no history
        conn.execute(
            "INSERT OR REPLACE INTO history (game_id, revision, data) VALUES (?, ?, ?)",
            (game_id, head[5], dumps(history_to_json(history))),
        )


def _drop_games_extra(conn: sqlite3.Connection) -> None:
    """Drop ``games.extra`` (no longer written or read). An SQLite older than
    3.35 cannot drop a column: there the column stays, with its default."""
    if sqlite3.sqlite_version_info >= (3, 35, 0):
        conn.execute("ALTER TABLE games DROP COLUMN extra")


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        "001_initial",
        (
            """CREATE TABLE games (
                id INTEGER PRIMARY KEY,
                started TEXT NOT NULL,
                updated TEXT NOT NULL,
                revision INTEGER NOT NULL DEFAULT 0,
                rules TEXT NOT NULL,
                rules_base TEXT NOT NULL,
                target INTEGER NOT NULL,
                rounds_limit INTEGER,
                first_dealer INTEGER NOT NULL DEFAULT 0,
                finished INTEGER NOT NULL DEFAULT 0,
                extra TEXT NOT NULL DEFAULT '[]',
                round_count INTEGER NOT NULL DEFAULT 0,
                totals TEXT NOT NULL DEFAULT '{}',
                game_over INTEGER NOT NULL DEFAULT 0,
                winners TEXT NOT NULL DEFAULT '[]'
            )""",
            """CREATE TABLE players (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL UNIQUE,
                last_used TEXT NOT NULL
            )""",
            """CREATE TABLE game_players (
                game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
                seat INTEGER NOT NULL,
                player_id INTEGER NOT NULL REFERENCES players(id),
                PRIMARY KEY (game_id, seat)
            ) WITHOUT ROWID""",
            """CREATE TABLE rounds (
                game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
                idx INTEGER NOT NULL,
                data TEXT NOT NULL,
                PRIMARY KEY (game_id, idx)
            ) WITHOUT ROWID""",
        ),
    ),
    Migration(
        "002_drafts_settings",
        (
            """CREATE TABLE drafts (
                game_id INTEGER PRIMARY KEY
                    REFERENCES games(id) ON DELETE CASCADE,
                data TEXT NOT NULL,
                updated TEXT NOT NULL
            )""",
            """CREATE TABLE settings (
                key TEXT PRIMARY KEY,
                value TEXT NOT NULL
            )""",
        ),
    ),
    Migration(
        "003_recent_indexes",
        (
            "CREATE INDEX games_by_updated ON games(game_over, updated)",
            "CREATE INDEX players_by_last_used ON players(last_used)",
            "CREATE INDEX game_players_by_player ON game_players(player_id)",
        ),
    ),
    Migration(
        "004_undo_history",
        (
            """CREATE TABLE history (
                game_id INTEGER PRIMARY KEY
                    REFERENCES games(id) ON DELETE CASCADE,
                revision INTEGER NOT NULL,
                data TEXT NOT NULL
            )""",
        ),
        carry=_carry_undo_settings,
    ),
    Migration("005_drop_games_extra", (), carry=_drop_games_extra),
    Migration(
        "006_seat_parts",
        (
            # the next round being entered at a table, one part per seat (a
            # player's name; "" for the round's own part): every device
            # writes only the parts it changed
            """CREATE TABLE seat_parts (
                game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
                round_number INTEGER NOT NULL,
                seat TEXT NOT NULL,
                data TEXT NOT NULL,
                status TEXT NOT NULL,
                device TEXT NOT NULL,
                revision INTEGER NOT NULL,
                updated REAL NOT NULL,
                PRIMARY KEY (game_id, round_number, seat)
            ) WITHOUT ROWID""",
        ),
    ),
    Migration(
        "007_device_seats",
        (
            # the seat (a player's name) each device that joined a live table
            # chose in a game: a restarted host still knows every phone's seat
            """CREATE TABLE device_seats (
                game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
                device TEXT NOT NULL,
                player TEXT NOT NULL,
                updated TEXT NOT NULL,
                PRIMARY KEY (game_id, device)
            ) WITHOUT ROWID""",
        ),
    ),
    Migration(
        "008_club_events",
        (
            # a club evening (issue 21): the event as JSON (rules, players,
            # series, scoring; see core/club/seating.py), each series' seating seat
            # by seat, and the games each table played (ordinary games; a
            # game deleted leaves its link with game_id NULL, so the event
            # knows a result is missing instead of ranking without it; the
            # game's players as linked, so a rename at the table is undone
            # for the ranking, seat by seat)
            """CREATE TABLE club_events (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                data TEXT NOT NULL,
                created TEXT NOT NULL,
                updated TEXT NOT NULL,
                revision INTEGER NOT NULL
            )""",
            """CREATE TABLE club_series (
                event_id INTEGER NOT NULL
                    REFERENCES club_events(id) ON DELETE CASCADE,
                number INTEGER NOT NULL,
                method TEXT NOT NULL,
                seed INTEGER NOT NULL,
                PRIMARY KEY (event_id, number)
            ) WITHOUT ROWID""",
            """CREATE TABLE club_seats (
                event_id INTEGER NOT NULL,
                series INTEGER NOT NULL,
                table_number INTEGER NOT NULL,
                seat INTEGER NOT NULL,
                player TEXT NOT NULL,
                PRIMARY KEY (event_id, series, table_number, seat),
                FOREIGN KEY (event_id, series)
                    REFERENCES club_series(event_id, number) ON DELETE CASCADE
            ) WITHOUT ROWID""",
            """CREATE TABLE club_games (
                event_id INTEGER NOT NULL,
                series INTEGER NOT NULL,
                table_number INTEGER NOT NULL,
                idx INTEGER NOT NULL,
                game_id INTEGER REFERENCES games(id) ON DELETE SET NULL,
                players TEXT NOT NULL,
                PRIMARY KEY (event_id, series, table_number, idx),
                FOREIGN KEY (event_id, series)
                    REFERENCES club_series(event_id, number) ON DELETE CASCADE
            ) WITHOUT ROWID""",
            "CREATE INDEX club_games_by_game ON club_games(game_id)",
        ),
    ),
    Migration(
        "009_club_seasons",
        (
            # a club's season (issue 37): its rule as JSON (core/club/season.py)
            # and the evenings it holds, in order; an evening deleted leaves
            # the season (one evening less)
            """CREATE TABLE club_seasons (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                data TEXT NOT NULL,
                created TEXT NOT NULL,
                updated TEXT NOT NULL
            )""",
            """CREATE TABLE club_season_events (
                season_id INTEGER NOT NULL
                    REFERENCES club_seasons(id) ON DELETE CASCADE,
                idx INTEGER NOT NULL,
                event_id INTEGER NOT NULL
                    REFERENCES club_events(id) ON DELETE CASCADE,
                PRIMARY KEY (season_id, idx),
                UNIQUE (season_id, event_id)
            ) WITHOUT ROWID""",
        ),
    ),
)

_MIGRATIONS_TABLE = """CREATE TABLE IF NOT EXISTS migrations (
    name TEXT PRIMARY KEY,
    applied TEXT NOT NULL
)"""


def applied_migrations(conn: sqlite3.Connection) -> list[str]:
    """The names recorded in the database, in the order applied (reads only)."""
    exists = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'migrations'"
    ).fetchone()
    if exists is None:
        return []
    return [
        row[0] for row in conn.execute("SELECT name FROM migrations ORDER BY rowid")
    ]


def pending_migrations(
    conn: sqlite3.Connection, migrations: Sequence[Migration] = MIGRATIONS
) -> list[str]:
    """The names of the migrations not applied yet (reads only)."""
    done = set(applied_migrations(conn))
    return [m.name for m in migrations if m.name not in done]


def check_known(
    conn: sqlite3.Connection, migrations: Sequence[Migration] = MIGRATIONS
) -> str | None:
    """Why this database is too new for ``migrations``, or None (reads only)."""
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    known = {m.name for m in migrations}
    unknown = [name for name in applied_migrations(conn) if name not in known]
    if unknown:
        return f"it has schema step {unknown[0]!r}, unknown to this version"
    if version > len(migrations):
        return f"schema version {version}, this version knows up to {len(migrations)}"
    return None


def is_foreign(conn: sqlite3.Connection) -> bool:
    """Whether the file holds tables but no record of our migrations."""
    tables = conn.execute(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table'"
    ).fetchone()[0]
    return bool(tables) and not applied_migrations(conn)


def apply_migrations(
    conn: sqlite3.Connection,
    migrations: Sequence[Migration] = MIGRATIONS,
    *,
    clock: Callable[[], datetime] | None = None,
) -> list[str]:
    """Apply the pending migrations in order; returns the names applied.

    ``conn`` must be in autocommit mode (``isolation_level=None``). Each step
    takes the write lock, looks again at what is applied (another program may
    have migrated meanwhile), runs, records itself and commits, or rolls back.
    """
    now = clock or (lambda: datetime.now(UTC))
    done: list[str] = []
    for number, migration in enumerate(migrations, 1):
        if migration.name in applied_migrations(conn):
            continue
        conn.execute("BEGIN IMMEDIATE")
        try:
            if migration.name not in applied_migrations(conn):
                conn.execute(_MIGRATIONS_TABLE)
                for statement in migration.statements:
                    conn.execute(statement)
                if migration.carry is not None:
                    migration.carry(conn)
                conn.execute(
                    "INSERT INTO migrations (name, applied) VALUES (?, ?)",
                    (migration.name, now().isoformat()),
                )
                conn.execute(f"PRAGMA user_version = {number:d}")
                done.append(migration.name)
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
            raise
    return done
