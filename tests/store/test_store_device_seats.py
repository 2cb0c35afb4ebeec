"""The seat each joined device chose, kept in the store (``device_seats``):
migration 007 from a 006 file, get/set/forget, a rename, a deleted game, the
table's game only for a guest, and a phone's seat surviving a host restart."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from jolly_scorer.core.game import Counted, Round, add_round, new_game, rename_player
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store, StoreError
from jolly_scorer.store.errors import GameNotFound, StoreBusy
from jolly_scorer.store.schema import MIGRATIONS
from jolly_scorer.store.undo import UndoHistory
from jolly_scorer.tables.guest_store import GuestStore, NotTheTablesGame, ViewerStore
from jolly_scorer.ui.settings import UiSettings
from jolly_scorer.ui.state import AppState, device_key

PHONE = device_key("phone cookie")
OTHER_PHONE = device_key("another phone's cookie")


def _game() -> Any:
    return new_game(find_rules("jolly_at"), ["Anna", "Ben", "Cleo"])


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path) as opened:
        opened.create_game(_game())
        yield opened


def _seats(path: Path) -> list[tuple[Any, ...]]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute(
            "SELECT game_id, device, player FROM device_seats ORDER BY 1, 2"
        ).fetchall()
    finally:
        conn.close()


def _contents(conn: sqlite3.Connection) -> dict[str, list[tuple[Any, ...]]]:
    names = [
        name
        for (name,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' "
            "AND name NOT IN ('migrations', 'device_seats') "
            "AND name NOT LIKE 'club\\_%' ESCAPE '\\' ORDER BY name"  # 008's
        )
    ]
    return {
        name: sorted(conn.execute(f"SELECT * FROM {name}").fetchall(), key=repr)
        for name in names
    }


def test_migration_007_keeps_everything_of_a_006_file(tmp_path: Path) -> None:
    with Store.open(tmp_path) as first:  # every kind of record there is
        game_id = first.create_game(_game())
        counted = (("Ben", Counted(bad=12)), ("Cleo", Counted(bad=5)))
        entry = Round(closed_by="Anna", counted=counted)
        game = add_round(first.load_game(game_id), entry)
        first.save_game(game_id, game, history=UndoHistory.start(game))
        first.save_draft(game_id, {"closer": "Ben"})
        first.save_seat_part(game_id, 2, "Cleo", {"hand": ["7h"]}, status="done")
        first.set_setting("language", "fi")
        path = first.path
    conn = sqlite3.connect(path, isolation_level=None)
    # back to what migration 006 left: 007 to 009 only added their tables
    conn.execute("DROP TABLE device_seats")
    for table in (
        "club_season_events",
        "club_seasons",
        "club_games",
        "club_seats",
        "club_series",
        "club_events",
    ):
        conn.execute(f"DROP TABLE {table}")
    conn.execute(
        "DELETE FROM migrations WHERE name IN "
        "('007_device_seats', '008_club_events', '009_club_seasons')"
    )
    conn.execute("PRAGMA user_version = 6")
    before = _contents(conn)
    conn.close()
    assert before["seat_parts"] and before["history"] and before["drafts"]

    with Store.open(tmp_path) as again:
        assert again.load_game(game_id) == game
        assert again.load_device_seat(game_id, PHONE) is None
        again.save_device_seat(game_id, PHONE, "Ben")
    conn = sqlite3.connect(path)
    try:
        assert _contents(conn) == before
        names = [n for (n,) in conn.execute("SELECT name FROM migrations")]
        assert names == [m.name for m in MIGRATIONS]
        assert names[6] == "007_device_seats"
        assert conn.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
    finally:
        conn.close()
    assert _seats(path) == [(game_id, PHONE, "Ben")]


def test_get_set_forget_a_devices_seat(store: Store) -> None:
    assert store.load_device_seat(1, PHONE) is None
    store.save_device_seat(1, PHONE, "Ben")
    store.save_device_seat(1, OTHER_PHONE, "Anna")
    assert store.load_device_seat(1, PHONE) == "Ben"
    store.save_device_seat(1, PHONE, "Cleo")  # changed its mind
    assert store.load_device_seat(1, PHONE) == "Cleo"
    assert store.load_device_seat(1, OTHER_PHONE) == "Anna"
    store.forget_device_seat(1, PHONE)
    store.forget_device_seat(1, PHONE)  # none kept: nothing happens
    assert store.load_device_seat(1, PHONE) is None
    assert store.load_device_seat(1, OTHER_PHONE) == "Anna"
    assert _seats(store.path) == [(1, OTHER_PHONE, "Anna")]


def test_a_seat_that_is_no_player_or_game_is_refused(store: Store) -> None:
    with pytest.raises(StoreError, match="not a player"):
        store.save_device_seat(1, PHONE, "Zoe")
    with pytest.raises(GameNotFound):
        store.save_device_seat(99, PHONE, "Anna")
    for device in ("", "x" * 65):
        with pytest.raises(StoreError, match="device key"):
            store.save_device_seat(1, device, "Anna")
    assert _seats(store.path) == []


def test_seats_follow_a_rename_and_its_undo(store: Store, tmp_path: Path) -> None:
    store.save_device_seat(1, PHONE, "Anna")
    store.save_device_seat(1, OTHER_PHONE, "Ben")
    game = store.load_game(1)
    renamed = rename_player(rename_player(game, "Anna", "Anne"), "Ben", "Anna")
    revision = store.save_game(1, renamed)  # in the game's own transaction
    assert store.load_device_seat(1, PHONE) == "Anne"
    assert store.load_device_seat(1, OTHER_PHONE) == "Anna"  # Ben's seat, renamed
    with Store.open(tmp_path) as other:  # another program takes it back
        other.save_game(1, game, expected_revision=revision)
    assert store.load_device_seat(1, PHONE) == "Anna"
    assert store.load_device_seat(1, OTHER_PHONE) == "Ben"


def test_a_refused_rename_leaves_the_seats(store: Store) -> None:
    store.save_device_seat(1, PHONE, "Anna")
    stale = store.revision(1) + 1
    renamed = rename_player(store.load_game(1), "Anna", "Anne")
    with pytest.raises(StoreError):
        store.save_game(1, renamed, expected_revision=stale)
    assert store.load_device_seat(1, PHONE) == "Anna"


def test_a_deleted_game_takes_its_seats_along(store: Store) -> None:
    second = store.create_game(_game())
    store.save_device_seat(1, PHONE, "Anna")
    store.save_device_seat(second, PHONE, "Cleo")
    store.delete_game(1)
    assert _seats(store.path) == [(second, PHONE, "Cleo")]


def test_exports_and_backups_do_not_carry_seats(store: Store) -> None:
    store.save_device_seat(1, PHONE, "Anna")
    backup = store.backup()
    assert PHONE not in json.dumps(store.export_game(1))
    assert PHONE not in json.dumps(backup) and PHONE not in store.export_csv(1)
    store.restore(backup)  # the game again, as a new game: no seats
    assert len(store.list_games()) == 2
    assert _seats(store.path) == [(1, PHONE, "Anna")]


def test_a_guest_keeps_a_seat_in_the_tables_game_only(store: Store) -> None:
    other = store.create_game(_game())
    guest = GuestStore(store, lambda: 1)
    guest.save_device_seat(1, PHONE, "Ben")
    assert guest.load_device_seat(1, PHONE) == "Ben"
    for call in (
        lambda: guest.save_device_seat(other, PHONE, "Anna"),
        lambda: guest.load_device_seat(other, PHONE),
        lambda: guest.forget_device_seat(other, PHONE),
    ):
        with pytest.raises(NotTheTablesGame):
            call()
    assert store.load_device_seat(other, PHONE) is None
    guest.forget_device_seat(1, PHONE)
    assert store.load_device_seat(1, PHONE) is None
    viewer = ViewerStore(store, lambda: 1)
    for call in (
        lambda: viewer.save_device_seat(1, PHONE, "Anna"),
        lambda: viewer.load_device_seat(1, PHONE),
        lambda: viewer.forget_device_seat(1, PHONE),
    ):
        with pytest.raises(StoreError):
            call()
    assert _seats(store.path) == []


def _phone(store: Any, cookie: str = "phone cookie") -> AppState:
    """A joined phone's page as the app makes it (ui/app.py)."""
    state = AppState(store=store, settings=UiSettings(language="en"), is_guest=True)
    state.together = True
    state.device_key = device_key(cookie)
    state.open_current()
    return state


def test_a_phones_seat_survives_a_host_restart(tmp_path: Path) -> None:
    with Store.open(tmp_path) as host:
        game_id = host.create_game(_game())
        phone = _phone(GuestStore(host, lambda: game_id))
        assert phone.device_seat.load() is None  # asked
        assert phone.device_seat.choose("Cleo") is None
        assert phone.device_seat.load() == "Cleo"
        assert _phone(host, "another cookie").device_seat.load() is None
    # the host was killed: a new process opens the store, the phone reconnects
    with Store.open(tmp_path) as restarted:
        phone = _phone(GuestStore(restarted, lambda: game_id))
        assert phone.device_seat.load() == "Cleo"  # not asked again
        # nothing kept in the process: the store is the only record
        restarted.forget_device_seat(game_id, PHONE)
        assert phone.device_seat.load() is None
        assert _phone(restarted).device_seat.load() is None


def test_a_renamed_players_phone_keeps_its_seat_after_a_restart(
    tmp_path: Path,
) -> None:
    with Store.open(tmp_path) as store:
        game_id = store.create_game(_game())
        phone = _phone(GuestStore(store, lambda: game_id))
        phone.device_seat.choose("Ben")
        host = _phone(store, "host cookie")
        assert host.rename_player("Ben", "Benny") is None
        phone.refresh(game_id)
        assert phone.device_seat.load() == "Benny"
    with Store.open(tmp_path) as restarted:
        phone = _phone(GuestStore(restarted, lambda: game_id))
        assert phone.device_seat.load() == "Benny"


class _Failing:
    """The store, but its seats are busy."""

    def __init__(self, store: Store) -> None:
        self._store = store

    def __getattr__(self, name: str) -> Any:
        if name.endswith("_device_seat"):

            def busy(*args: Any) -> Any:
                raise StoreBusy()

            return busy
        return getattr(self._store, name)


def test_a_store_failure_is_shown_and_the_seat_is_asked(store: Store) -> None:
    store.save_device_seat(1, PHONE, "Anna")
    phone = _phone(_Failing(store))
    assert phone.device_seat.load() is None  # asked again
    assert phone.error == StoreBusy.public
    phone.error = None
    assert phone.device_seat.choose("Ben") == StoreBusy.public
    assert phone.error == StoreBusy.public
    assert store.load_device_seat(1, PHONE) == "Anna"
