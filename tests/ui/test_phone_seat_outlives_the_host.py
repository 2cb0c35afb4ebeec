"""A joined phone's seat on its page, in process (Flet harness): kept in the
store, so a host restarted (every page session gone, the process's store
closed and opened again) does not ask the phone again; a store that cannot
keep it shows why and asks again."""

from __future__ import annotations

import sqlite3

from support.live_table import PLAYERS, open_entry

from jolly_scorer.store import Store, close_shared_stores
from jolly_scorer.store.errors import StoreBusy


def _seats(tmp_path):
    conn = sqlite3.connect(tmp_path / "games.db")
    try:
        return conn.execute("SELECT game_id, player FROM device_seats").fetchall()
    finally:
        conn.close()


def test_a_phones_seat_outlives_the_host(guest_page, flet_app, tmp_path):  # noqa: F811
    from jolly_scorer.ui import app as ui_app

    app, _, own = guest_page
    open_entry(app)
    app.click(app.find(semantics="round-seat-1"))
    assert _seats(tmp_path) == [(own, PLAYERS[1])]
    # the host process is gone: its store closed, nothing of it kept (the
    # old page stays idle; a new page session opens the file afresh)
    close_shared_stores()
    again = flet_app(lambda page: ui_app.main(page, tmp_path), width=390, height=844)
    # the same device cookie ("d") comes back: on the table's scoreboard (no
    # round is being entered), not on Home (issue 18, item 7)
    again.click(again.find(semantics="enter-round"))
    assert "Which seat is yours?" not in again.texts()
    assert again.find_all(semantics="round-done-1")  # its own seat
    again.click(again.find(semantics="round-seat-change"))
    assert "Which seat is yours?" in again.texts()
    again.click(again.find(semantics="round-seat-2"))
    assert _seats(tmp_path) == [(own, PLAYERS[2])]


def test_a_seat_the_store_cannot_keep_is_asked_again(
    guest_page,  # noqa: F811
    tmp_path,
    monkeypatch,
):
    app, _, own = guest_page
    open_entry(app)

    def busy(*args):
        raise StoreBusy()

    monkeypatch.setattr(Store, "save_device_seat", busy)
    app.click(app.find(semantics="round-seat-1"))
    app.wait_for(lambda: any(StoreBusy.public in s for s in app.texts()))
    assert "Which seat is yours?" in app.texts()  # asked again, no traceback
    assert _seats(tmp_path) == []
