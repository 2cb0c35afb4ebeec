"""Named migrations, newer and damaged database files."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from jolly_scorer.core.game import Counted, Game, Round, add_round, new_game
from jolly_scorer.core.gamefile import game_to_json, round_to_json
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store, StoreCorrupt, StoreTooNew
from jolly_scorer.store.schema import (
    MIGRATIONS,
    Migration,
    applied_migrations,
    apply_migrations,
)
from jolly_scorer.store.undo import UndoHistory, history_to_json, legacy_fingerprint

NAMES = [m.name for m in MIGRATIONS]


def raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


def tables(conn: sqlite3.Connection) -> set[str]:
    rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
    return {r[0] for r in rows}


def test_at_least_two_named_migrations() -> None:
    assert len(MIGRATIONS) >= 2
    assert sorted(NAMES) == NAMES and len(set(NAMES)) == len(NAMES)


def test_from_empty_and_rerun_is_a_no_op() -> None:
    conn = sqlite3.connect(":memory:", isolation_level=None)
    assert apply_migrations(conn) == NAMES
    assert applied_migrations(conn) == NAMES
    assert conn.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
    schema = conn.execute("SELECT sql FROM sqlite_master ORDER BY name").fetchall()
    assert apply_migrations(conn) == []
    assert conn.execute("SELECT sql FROM sqlite_master ORDER BY name").fetchall() == (
        schema
    )


def test_failing_migration_rolls_back_and_stays_pending() -> None:
    conn = sqlite3.connect(":memory:", isolation_level=None)
    broken = (
        *MIGRATIONS[:1],
        Migration("002_broken", ("CREATE TABLE half (x)", "THIS IS NOT SQL")),
    )
    with pytest.raises(sqlite3.OperationalError):
        apply_migrations(conn, broken)
    assert applied_migrations(conn) == [NAMES[0]]
    assert "half" not in tables(conn)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    assert not conn.in_transaction
    assert apply_migrations(conn) == NAMES[1:]


@pytest.mark.parametrize("done", range(len(MIGRATIONS)))
def test_from_every_earlier_version(tmp_path: Path, done: int) -> None:
    """A file made by an older version (``done`` steps, with a game) opens."""
    path = tmp_path / "games.db"
    conn = raw(path)
    apply_migrations(conn, MIGRATIONS[:done])
    game = new_game(find_rules("rommi_fi"), ["Anna", "Ben"], target=5000)
    game = add_round(
        game, Round(closed_by="Anna", counted=(("Ben", Counted(good=5, bad=20)),))
    )
    if done >= 1:  # the first schema already holds games
        conn.execute(
            "INSERT INTO games (id, started, updated, revision, rules, rules_base,"
            " target, round_count, totals) VALUES (1, ?, ?, 1, ?, ?, ?, 1, ?)",
            (
                "2025-01-01T00:00:00+00:00",
                "2025-01-01T00:00:00+00:00",
                json.dumps("rommi_fi"),
                "rommi_fi",
                5000,
                json.dumps({"Anna": 0, "Ben": 0}),
            ),
        )
        for seat, name in enumerate(game.players):
            conn.execute(
                "INSERT INTO players (name, last_used) VALUES (?, '2025')", (name,)
            )
            conn.execute(
                "INSERT INTO game_players VALUES (1, ?, "
                "(SELECT id FROM players WHERE name = ?))",
                (seat, name),
            )
        round_json = game_to_json(game)["rounds"][0]
        conn.execute("INSERT INTO rounds VALUES (1, 0, ?)", (json.dumps(round_json),))
    conn.close()
    with Store.open(tmp_path) as store:
        conn = store._conn
        assert applied_migrations(conn) == NAMES
        assert conn.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
        if done >= 1:
            assert store.load_game(1) == game
            assert store.known_players() == ["Ben", "Anna"]
        store.save_draft(store.create_game(game), {"ok": True})
        store.set_setting("theme", "dark")
    with Store.open(tmp_path) as store:  # and opens again unchanged
        assert store.get_setting("theme") == "dark"


def _newer_by_name(path: Path) -> None:
    conn = raw(path)
    apply_migrations(conn)
    conn.execute("INSERT INTO migrations VALUES ('999_from_the_future', 'later')")
    conn.close()


def _newer_by_version(path: Path) -> None:
    conn = raw(path)
    apply_migrations(conn)
    conn.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 5}")
    conn.close()


@pytest.mark.parametrize("make", [_newer_by_name, _newer_by_version])
def test_newer_file_is_left_untouched(tmp_path: Path, make: object) -> None:
    path = tmp_path / "games.db"
    make(path)  # type: ignore[operator]
    before = path.read_bytes()
    for _ in range(2):
        with pytest.raises(StoreTooNew, match="newer jolly-scorer") as caught:
            Store.open(tmp_path)
        assert "\n" not in str(caught.value)
        assert caught.value.path == path
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.db"]


def _not_a_database(path: Path) -> None:
    path.write_bytes(b"these are the scores of last Christmas\n" * 200)


def _damaged_page(path: Path) -> None:
    with Store.open(path.parent) as store:
        game = new_game(find_rules("jolly_at"), ["A", "B"])
        for _ in range(30):
            store.create_game(game)
        store._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        store._conn.execute("PRAGMA journal_mode = DELETE")
    data = bytearray(path.read_bytes())
    page = 4096
    data[page * 2 + 8 : page * 2 + 200] = b"\xff" * 192  # a b-tree page's cells
    path.write_bytes(bytes(data))


def _index_mismatch(path: Path) -> None:
    """A readable file whose index disagrees with its table."""
    with Store.open(path.parent) as store:
        game = new_game(find_rules("jolly_at"), ["A", "B"])
        for _ in range(5):
            store.create_game(game)
    conn = raw(path)
    conn.execute("PRAGMA writable_schema = ON")
    conn.execute(
        "UPDATE sqlite_master SET sql = "
        "'CREATE INDEX games_by_updated ON games(started, id)' "
        "WHERE name = 'games_by_updated'"
    )
    conn.execute("PRAGMA writable_schema = OFF")
    conn.close()


def _foreign_database(path: Path) -> None:
    conn = raw(path)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.close()


@pytest.mark.parametrize(
    "damage", [_not_a_database, _damaged_page, _index_mismatch, _foreign_database]
)
def test_damaged_file_is_copied_aside_and_left_untouched(
    tmp_path: Path, damage: object
) -> None:
    path = tmp_path / "games.db"
    damage(path)  # type: ignore[operator]
    before = path.read_bytes()
    with pytest.raises(StoreCorrupt, match="damaged") as caught:
        Store.open(tmp_path)
    message = str(caught.value)
    assert "\n" not in message and "games.db.corrupt-1" in message
    assert caught.value.copy == tmp_path / "games.db.corrupt-1"
    assert caught.value.copy.read_bytes() == before
    assert path.read_bytes() == before
    with pytest.raises(StoreCorrupt, match="corrupt-2"):  # never overwrites a copy
        Store.open(tmp_path)
    assert path.read_bytes() == before


def _old_file_with_undo_settings(path: Path) -> tuple[Game, UndoHistory]:
    """A file of migration 003 where the app kept undo histories as settings."""
    conn = raw(path)
    apply_migrations(conn, MIGRATIONS[:3])
    game = new_game(find_rules("rommi_fi"), ["Anna", "Ben"], target=5000)
    history = UndoHistory.start(game)
    for n in range(3):
        entry = Round(closed_by="Anna", counted=(("Ben", Counted(bad=10 + n)),))
        history = history.push(add_round(history.present, entry))
    history = history.undo()  # two rounds stored, a redo step kept
    game = history.present
    conn.execute(
        "INSERT INTO games (id, started, updated, revision, rules, rules_base,"
        " target, round_count, totals, extra) VALUES (1, ?, ?, 77, ?, ?, ?, 2, ?, ?)",
        (
            "2025-01-01T00:00:00+00:00",
            "2025-01-01T00:00:00+00:00",
            json.dumps("rommi_fi"),
            "rommi_fi",
            5000,
            json.dumps({"Anna": 0, "Ben": 21}),
            "[]",
        ),
    )
    for seat, name in enumerate(game.players):
        conn.execute(
            "INSERT INTO players (name, last_used) VALUES (?, '2025')", (name,)
        )
        conn.execute(
            "INSERT INTO game_players VALUES (1, ?, "
            "(SELECT id FROM players WHERE name = ?))",
            (seat, name),
        )
    for idx, entry in enumerate(game.rounds):
        conn.execute(
            "INSERT INTO rounds VALUES (1, ?, ?)",
            (idx, json.dumps(round_to_json(entry))),
        )
    old = history_to_json(history) | {"present": legacy_fingerprint(game)}
    stale = history_to_json(history) | {"present": "not this game"}
    for key, value in (
        ("undo.1", old),  # the running game's history: carried over
        ("undo.2", old),  # left behind by a deleted game: dropped
        ("undo.1x", {"kept": "not an undo history"}),
        ("language", "fi"),
    ):
        conn.execute("INSERT INTO settings VALUES (?, ?)", (key, json.dumps(value)))
    conn.close()
    other = raw(path)
    other.execute(
        "UPDATE settings SET value = ? WHERE key = 'undo.2'", (json.dumps(stale),)
    )
    other.close()
    return game, history


def test_undo_settings_move_into_the_history_table(tmp_path: Path) -> None:
    game, history = _old_file_with_undo_settings(tmp_path / "games.db")
    with Store.open(tmp_path) as store:
        assert store.load_game(1) == game
        assert store.load_history(1, store.load_game(1)) == (history, True)
        assert store.settings() == {
            "language": "fi",
            "undo.1x": {"kept": "not an undo history"},
        }
        rows = store._conn.execute("SELECT game_id, revision FROM history").fetchall()
        assert [tuple(r) for r in rows] == [(1, 77)]
        columns = {r[1] for r in store._conn.execute("PRAGMA table_info(games)")}
        assert ("extra" in columns) == (sqlite3.sqlite_version_info < (3, 35))


def test_undo_setting_of_another_game_is_not_carried_over(tmp_path: Path) -> None:
    game, _ = _old_file_with_undo_settings(tmp_path / "games.db")
    conn = raw(tmp_path / "games.db")  # the kept history no longer fits game 1
    conn.execute("DELETE FROM rounds WHERE idx = 1")
    conn.close()
    with Store.open(tmp_path) as store:
        shorter = store.load_game(1)
        assert len(shorter.rounds) == 1
        history, kept = store.load_history(1, shorter)
        assert not kept and history.present == shorter and not history.can_redo
        assert store._conn.execute("SELECT count(*) FROM history").fetchone()[0] == 0
        assert not [
            k for k in store.settings() if k.startswith("undo.") and k[5:].isdigit()
        ]
