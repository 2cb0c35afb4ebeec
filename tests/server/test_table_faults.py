"""Faults at the live table (issue 10): a phone that drops off mid-round and
comes back, and the host's process killed with SIGKILL mid-round and started
again on the same data folder. ``jolly-scorer --table`` runs as a real process
on 127.0.0.1; the phones are raw websocket clients speaking Flet's protocol.
Every wait is on state (a frame, a stored value), bounded."""

from __future__ import annotations

import contextlib
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from server_process import (
    CONTROL_EVENT,
    FletClient,
    Server,
    http,
    pack,
    start_server,
    texts_of,
)
from websockets.exceptions import InvalidStatus

from jolly_scorer.core import game as core
from jolly_scorer.core.game import Counted, Round
from jolly_scorer.core.rules import resolve_rules
from jolly_scorer.store import Store
from jolly_scorer.tables.table import TABLE_FILE, Table

UPDATE_CONTROL_PROPS = 4  # flet.messaging.protocol.MessageAction
PLAYERS = ["Anna", "Ben", "Cleo"]
FIRST = Round(
    closed_by="Anna", counted=(("Ben", Counted(bad=3)), ("Cleo", Counted(bad=4)))
)
WAIT = 20.0  # seconds any one wait may take


def make_game(data: Path) -> int:
    with Store.open(data) as store:
        store.set_setting("language", "en")
        game = core.new_game(resolve_rules("jolly_at"), PLAYERS)
        return store.create_game(core.add_round(game, FIRST))


def wait_until(check: Callable[[], Any], what: str) -> Any:
    """Poll ``check`` (a read of stored state) until it is true, bounded."""
    deadline = time.monotonic() + WAIT
    while not (found := check()):
        assert time.monotonic() < deadline, f"no {what} in {WAIT:.0f} s"
        time.sleep(0.05)
    return found


def _wrapped(
    messages: Any, identifier: str, wrapper: bool = False
) -> dict[str, Any] | None:
    """The control (its dict) inside the Semantics wrapper ``identifier``, as
    last sent (or the wrapper itself)."""
    found: list[dict[str, Any]] = []

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            content = value.get("content")
            if value.get("identifier") == identifier and isinstance(content, dict):
                found.append(value if wrapper else content)
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(messages)
    return found[-1] if found else None


class Phone(FletClient):
    """A page over a raw websocket that taps and types like the Flet client."""

    def control(self, identifier: str, since: int = 0) -> dict[str, Any]:
        deadline = time.monotonic() + WAIT
        while (found := _wrapped(self.messages[since:], identifier)) is None:
            self.receive(timeout=max(0.1, deadline - time.monotonic()))
        return found

    def tap(self, identifier: str, since: int = 0) -> None:
        target = self.control(identifier, since)["_i"]
        sent = self.mark()
        self.ws.send(
            pack(CONTROL_EVENT, {"target": target, "name": "click", "data": None})
        )
        self.answer(sent)

    def answer(self, sent: int, within: float = 3.0) -> None:
        """Wait (at most ``within`` s) for the page's answer to what was just
        sent: the next frame. A tap that changes nothing gets none."""
        deadline = time.monotonic() + within
        while self.mark() == sent and time.monotonic() < deadline:
            with contextlib.suppress(TimeoutError):
                self.receive(timeout=max(0.05, deadline - time.monotonic()))

    def type(self, identifier: str, text: str, since: int = 0) -> None:
        target = self.control(identifier, since)["_i"]
        self.ws.send(
            pack(UPDATE_CONTROL_PROPS, {"id": target, "props": {"value": text}})
        )
        self.ws.send(
            pack(CONTROL_EVENT, {"target": target, "name": "change", "data": text})
        )

    def first_of(self, identifiers: tuple[str, ...], since: int = 0) -> str:
        """Which of ``identifiers`` is sent first (from frame ``since`` on)."""
        deadline = time.monotonic() + WAIT
        while True:
            for identifier in identifiers:
                if _wrapped(self.messages[since:], identifier) is not None:
                    return identifier
            self.receive(timeout=max(0.1, deadline - time.monotonic()))

    def mark(self) -> int:
        return len(self.messages)

    def settle(self, quiet: float = 0.3, within: float = 5.0) -> None:
        """Read frames until the page has sent nothing for ``quiet`` s (a tap
        may redraw more than once: a field asked to take the focus is built
        anew, and an event for the old one would go nowhere)."""
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            try:
                self.receive(timeout=quiet)
            except TimeoutError:
                return

    def has_text(self, text: str, since: int = 0) -> bool:
        return any(text in s for s in texts_of(self.messages[since:]))


def open_entry(phone: Phone) -> int:
    """Enter round: a joined phone sits down at Ben's seat when asked (entering
    together asks once). Returns the frame the entry starts at."""
    mark = phone.mark()
    phone.tap("enter-round")
    if phone.first_of(("round-seat-1", "round-closer-0"), mark) == "round-seat-1":
        phone.tap("round-seat-1", mark)
    return mark


def back_to_the_round(phone: Phone) -> int:
    """A joined phone that sat down comes back to its seat in the round being
    entered (issue 18.7); one that did not lands on Home: continue from there.
    Returns the frame the entry starts at."""
    if phone.first_of(("home-continue", "round-bad-1"), 0) == "home-continue":
        phone.tap("home-continue")
        return open_entry(phone)
    return 0


def cookie_of(url: str) -> str:
    status, headers, _ = http(url)
    value = headers.get("set-cookie") or headers.get("Set-Cookie") or ""
    assert status == 303 and value.startswith("jolly_table="), (status, headers)
    return value.split(";", 1)[0]


def join(server: Server, cookie: str, session_id: str | None = None) -> Phone:
    phone = Phone(
        server.port, origin=server.origin, cookie=cookie, session_id=session_id
    )
    phone.register()
    return phone


def enter_points(phone: Phone, points: dict[int, str]) -> None:
    """On a phone (one player at a time): Anna went out, the others' counted
    bad points (seat -> text). A phone that sat down before comes back to
    the scoreboard (issue 18.7), one that did not to Home."""
    if phone.first_of(("home-continue", "enter-round"), 0) == "home-continue":
        phone.tap("home-continue")
    mark = open_entry(phone)
    phone.tap("round-closer-0", mark)
    # every field on one screen (a round after one everyone counted opens so,
    # ticked: a second tap would send everyone back to cards, issue 34.11)
    phone.control("round-count-all", mark)
    if not (_wrapped(phone.messages[mark:], "round-count-all", True) or {}).get(
        "selected"
    ):
        phone.tap("round-count-all", mark)
    phone.settle()
    phone.type("round-good-0", "40", mark)  # the closer's: never taken as 0
    for seat, text in points.items():
        phone.type(f"round-bad-{seat}", text, mark)


def stored_bad_points(data: Path, game_id: int) -> int | None:
    """Ben's bad points in the round being entered, as the store keeps them:
    the game's draft, or Ben's seat part of the next round (entering
    together keeps the round per seat)."""
    with Store.open(data) as store:
        draft = store.load_draft(game_id) or {}
        next_round = len(store.load_game(game_id).rounds) + 1
        parts = store.load_seat_parts(game_id, next_round)
    counted = draft.get("counted", {}).get("Ben")
    if counted is None and "Ben" in parts:
        counted = parts["Ben"].data.get("counted")
    return counted.get("bad") if isinstance(counted, dict) else None


@pytest.fixture
def table(tmp_path):
    data = tmp_path / "data"
    game_id = make_game(data)
    servers: list[Server] = []

    def start() -> Server:
        server = start_server(tmp_path, "--table", data=data, env={"LANGUAGE": "en"})
        servers.append(server)
        return server

    yield start, data, game_id
    for server in servers:
        if server.proc.poll() is None:
            server.stop()


def test_a_phone_that_drops_mid_round_comes_back_to_the_game_and_its_draft(table):
    start, data, game_id = table
    server = start()
    cookie = cookie_of(server.find(r"join at (\S+)"))
    phone = join(server, cookie)
    session = str(phone.session_id)
    enter_points(phone, {1: "7"})
    wait_until(lambda: stored_bad_points(data, game_id) == 7, "draft")
    phone.close()  # the network is gone mid-round; the page session waits
    # meanwhile another device corrects round 1 (Ben: 3 -> 13 bad points)
    with Store.open(data) as store:
        fixed = Round(
            closed_by="Anna",
            counted=(("Ben", Counted(bad=13)), ("Cleo", Counted(bad=4))),
        )
        store.save_game(game_id, core.replace_round(store.load_game(game_id), 0, fixed))
    # the same page comes back: its round entry with Ben's 7, then the game
    back = join(server, cookie, session)
    assert back.session_id == session
    assert back.control("round-bad-1").get("value") == "7"
    back.close()
    # a reload (a new page session with the same cookie) finds the draft too
    again = join(server, cookie)
    mark = back_to_the_round(again)
    assert again.control("round-bad-1", mark).get("value") == "7"
    again.close()


def test_host_killed_mid_round_comes_back_with_every_round_and_the_draft(table):
    start, data, game_id = table
    server = start()
    join_url = server.find(r"join at (\S+)")
    pin = server.find(r"type PIN (\d+)")
    host_cookie = cookie_of(server.find(r"host screen (\S+)"))
    phone_cookie = cookie_of(join_url)
    host = join(server, host_cookie)
    host.tap("table-close")
    phone = join(server, phone_cookie)
    # round 2 saved through the phone, then round 3 half entered
    enter_points(phone, {1: "5", 2: "2"})
    phone.tap("round-save")
    wait_until(lambda: _rounds(data, game_id) == 2, "round 2 saved")
    phone.close()
    phone = join(server, phone_cookie)
    enter_points(phone, {1: "9"})
    wait_until(lambda: stored_bad_points(data, game_id) == 9, "draft")
    # another phone's seat part of round 3 (Cleo's hand, done), as a device
    # entering together writes it, and every part kept before the kill
    cleo = {
        "mode": "cards",
        "hand": ["7h", "Kd"],
        "counted": None,
        "entered": [],
        "melds": [],
        "layoffs": [],
    }
    with Store.open(data) as store:
        store.save_seat_part(game_id, 3, "Cleo", cleo, status="done", device="phone")
        parts_before = store.load_seat_parts(game_id, 3)
    assert (data / TABLE_FILE).exists()

    server.proc.send_signal(signal.SIGKILL)
    server.proc.wait(timeout=WAIT)
    for client in (host, phone):
        client.ws.close()

    again = start()
    assert "the live table goes on" in again.log()
    # the same QR code and PIN: a phone at the table need not scan again
    assert again.find(r"join at (\S+)").split("?")[1] == join_url.split("?")[1]
    assert again.find(r"type PIN (\d+)") == pin
    with Store.open(data) as store:
        game = store.load_game(game_id)
        assert len(game.rounds) == 2 and game.rounds[0] == FIRST
        assert dict(game.rounds[1].counted)["Ben"].bad == 5
    assert stored_bad_points(data, game_id) == 9
    with Store.open(data) as store:
        parts_after = store.load_seat_parts(game_id, 3)
    assert parts_after == parts_before  # every seat part, as it was
    assert parts_after["Cleo"].data == cleo and parts_after["Cleo"].status == "done"
    # the phone's own cookie still works: its page reconnects by itself
    back = join(again, phone_cookie)
    mark = back_to_the_round(back)
    assert back.control("round-bad-1", mark).get("value") == "9"
    back.close()
    join(again, host_cookie).close()  # and the host's
    # a normal stop ends it: the next table has new secrets
    assert again.stop() == 0
    assert not (data / TABLE_FILE).exists()
    third = start()
    assert (
        third.find(r"type PIN (\d+)") != pin or third.find(r"join at (\S+)") != join_url
    )
    with pytest.raises(InvalidStatus):
        join(third, phone_cookie)


def _rounds(data: Path, game_id: int) -> int:
    with Store.open(data) as store:
        return len(store.load_game(game_id).rounds)


def test_a_kept_table_goes_on_only_after_a_crash_and_not_for_long(tmp_path):
    path = tmp_path / TABLE_FILE
    table = Table()
    table.keep(path)
    phone = table.join_with_token(table.join_token, "10.0.0.2", "Android")
    assert phone is not None
    table.pin_game(7)
    assert path.stat().st_mode & 0o077 == 0  # the owner's only
    resumed = Table.resume(path)
    assert resumed is not None
    assert (resumed.pin, resumed.join_token, resumed.game_id) == (
        table.pin,
        table.join_token,
        7,
    )
    assert resumed.access(phone) is not None and resumed.access(phone).role == "guest"
    assert resumed.access(table.host_device).role == "host"
    # too old: a new table
    assert Table.resume(path, now=time.time() + 13 * 3600) is None
    assert not path.exists()
    # ended: nothing kept
    table.keep(path)
    table.end()
    assert not path.exists() and Table.resume(path) is None
    # a damaged file: a new table, the file gone
    path.write_text('{"version": 1, "pin": "12"}')
    assert Table.resume(path) is None and not path.exists()


def test_a_deleted_wal_refuses_every_write_like_a_deleted_database(tmp_path):
    """Issue 19.5: with games.db-wal and -shm deleted while the server ran,
    the page said "Round 4 saved" and after a restart rounds 3 and 4 were
    gone (they went into the deleted WAL). The store's files are its
    database and its companions: a write is refused, the watcher tells every
    page, and no round is confirmed that is not on disk."""
    import asyncio

    import pytest

    from jolly_scorer.store import StoreGone
    from jolly_scorer.tables.watcher import StoreWatcher

    data = tmp_path / "data"
    game_id = make_game(data)
    store = Store.open(data)
    try:
        game = store.load_game(game_id)
        store.save_game(game_id, core.add_round(game, FIRST))
        assert store.is_current()
        for name in ("games.db-wal", "games.db-shm"):
            (data / name).unlink()
        assert not store.is_current()
        with pytest.raises(StoreGone):
            store.save_game(game_id, core.add_round(store.load_game(game_id), FIRST))
        told: list[str] = []
        watcher = StoreWatcher(store, lambda _: None, lambda: told.append("x"))

        async def watch() -> None:
            await asyncio.wait_for(watcher.run(), timeout=10)

        asyncio.run(watch())
        assert told == ["x"]  # every page is told (show_store_gone)
    finally:
        store.close()
