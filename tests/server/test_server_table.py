"""Joining the live table (issue 10): ``jolly-scorer --table`` as a real
process on 127.0.0.1 and raw clients (HTTP and websocket speaking Flet's
protocol); what a joined device may do, in process."""

from __future__ import annotations

import urllib.parse

import pytest
from server_process import FletClient, http, start_server
from support.live_table import PLAYERS, make_games
from websockets.exceptions import InvalidStatus

from jolly_scorer.core import game as core
from jolly_scorer.i18n import Translator
from jolly_scorer.store import GameNotFound, Store
from jolly_scorer.tables.guest_store import GuestStore, Refused
from jolly_scorer.tables.table import (
    JOINS_PER_ADDRESS,
    LOCKOUT,
    MAX_DEVICES,
    PIN_BURST,
    PIN_TRIES,
    Table,
)


@pytest.fixture
def table(tmp_path):
    data = tmp_path / "data"
    make_games(data)
    server = start_server(tmp_path, "--table", data=data)
    yield server
    assert server.stop() == 0


def cookie_of(headers) -> str:
    value = headers.get("set-cookie") or headers.get("Set-Cookie") or ""
    assert value.startswith("jolly_table="), headers
    assert "HttpOnly" in value and "SameSite=strict" in value.replace(
        "Strict", "strict"
    )
    return value.split(";", 1)[0]


def refused(server, cookie=None) -> int:
    with pytest.raises(InvalidStatus) as caught:
        FletClient(server.port, origin=server.origin, cookie=cookie)
    return int(caught.value.response.status_code)


def test_table_shows_qr_pin_and_addresses_in_the_terminal(table):
    out = table.log()
    assert "\u2580" in out or "\u2584" in out or "\u2588" in out  # the QR code
    join = table.find(r"join at (http://127\.0\.0\.1:\d+/join\?token=\S+)")
    assert join.startswith(table.url)
    assert len(table.find(r"type PIN (\d+)")) == 6
    assert table.find(r"host screen (\S+)") != join


def test_without_the_secret_nothing_is_served(table):
    # no cookie, a made-up cookie, a foreign origin: no websocket at all
    assert refused(table) == 403
    assert refused(table, "jolly_table=guessed") == 403
    status, headers, _ = http(table.url + "/")
    assert status == 303 and headers["location"] == "/join"
    status, _, body = http(table.url + "/join")
    assert status == 200 and b'name="pin"' in body
    assert http(table.url + "/join?token=wrong")[0] == 403


def test_join_token_lets_a_phone_in_to_the_tables_game_only(table):
    join = table.find(r"join at (\S+)")
    status, headers, _ = http(join)
    assert status == 303 and headers["location"] == "/"
    cookie = cookie_of(headers)
    phone = FletClient(table.port, origin=table.origin, cookie=cookie)
    phone.register()
    phone.wait_text("Cleo")  # the table's game
    assert not any("Otto" in s for s in _texts(phone))
    phone.close()
    # a foreign page cannot use the phone's cookie (the origin check first)
    with pytest.raises(InvalidStatus):
        FletClient(table.port, origin="http://evil.example", cookie=cookie)


def _texts(client):
    from server_process import texts_of

    return list(texts_of(client.messages))


def test_pin_joins_and_wrong_pins_lock_the_client_out(table):
    pin = table.find(r"type PIN (\d+)")
    right = urllib.parse.urlencode({"pin": pin}).encode()
    headers = {
        "Origin": table.origin,
        "Content-Type": "application/x-www-form-urlencoded",
    }
    status, answer, _ = http(table.url + "/join", headers, right)
    assert status == 303
    FletClient(table.port, origin=table.origin, cookie=cookie_of(answer)).close()
    wrong = "000000" if pin != "000000" else "111111"
    for attempt in range(PIN_TRIES):
        status, _, body = http(table.url + "/join", headers, f"pin={wrong}".encode())
        assert status == 403 and b"Wrong PIN" in body, attempt
    status, _, body = http(table.url + "/join", headers, right)
    assert status == 429 and b"Too many wrong PINs" in body  # even the right one
    # a form posted from another site is refused before the PIN is looked at
    evil = dict(headers, Origin="http://evil.example")
    assert http(table.url + "/join", evil, right)[0] == 403


def test_lockout_ends_after_a_while():
    now = [0.0]
    table = Table(clock=lambda: now[0])
    for _ in range(PIN_TRIES):
        assert table.join_with_pin("0000000", "10.0.0.9", "")[0] is None
    device, problem = table.join_with_pin(table.pin, "10.0.0.9", "")
    assert device is None and problem.locked and problem.minutes == 5
    assert table.join_with_pin(table.pin, "10.0.0.8", "")[0] is not None  # others
    now[0] += LOCKOUT + 1
    assert table.join_with_pin(table.pin, "10.0.0.9", "")[0] is not None


def test_many_clients_guessing_slow_the_pin_down_but_never_switch_it_off():
    """Issue 19.4: 100 wrong PINs from rotating addresses switched the PIN off
    for everyone. Now after a burst every try waits its turn (one per
    PIN_SLOW seconds, from anyone, each address in the order it asked); the
    right PIN still works then."""
    now = [1000.0]
    table = Table(clock=lambda: now[0])
    wrong = "000000" if table.pin != "000000" else "111111"
    for i in range(PIN_BURST):
        table.join_with_pin(wrong, f"10.1.{i // 250}.{i % 250}", "")
    refused = 0
    for i in range(100):  # a burst from rotating addresses: nearly all wait
        device, problem = table.join_with_pin(wrong, f"10.2.0.{i}", "")
        refused += problem.locked
    assert refused >= 99
    device, problem = table.join_with_pin(table.pin, "10.9.9.9", "")
    assert device is None and problem.seconds >= 1
    assert "wait" in problem.text(Translator("en"))
    assert table.join_with_pin(table.pin, "10.9.9.9", "")[1].locked  # not yet
    now[0] += problem.seconds  # its turn (issue 38.6: in the order asked)
    device, problem = table.join_with_pin(table.pin, "10.9.9.9", "")
    assert device is not None, problem
    assert table.join_with_token(table.join_token, "10.9.9.8", "") is not None


def test_wrong_pin_counts_outlive_a_restart_of_the_table(tmp_path):
    kept = tmp_path / "live-table.json"
    table = Table()
    table.keep(kept)
    wrong = "000000" if table.pin != "000000" else "111111"
    for _ in range(PIN_TRIES):
        table.join_with_pin(wrong, "10.0.0.9", "")
    for i in range(PIN_BURST):
        table.join_with_pin(wrong, f"10.3.0.{i}", "")
    again = Table.resume(kept)
    assert again is not None
    device, problem = again.join_with_pin(again.pin, "10.0.0.9", "")
    assert device is None and problem.locked  # still locked out
    assert again.join_with_pin(wrong, "10.4.0.1", "")[1].locked  # still slow


def test_wrong_pins_say_how_many_tries_are_left_and_the_host_sees_them():
    """Issue 18.11: five times "Wrong PIN." and no word of the lockout."""
    table = Table()
    wrong = "000000" if table.pin != "000000" else "111111"
    t = Translator("en")
    texts = [table.join_with_pin(wrong, "10.0.0.9", "")[1].text(t) for _ in range(3)]
    assert "4 more tries" in texts[0] and "2 more tries" in texts[2], texts
    assert table.wrong_pins() == [("10.0.0.9", 3)]
    table.join_with_pin(wrong, "10.0.0.9", "")
    last = table.join_with_pin(wrong, "10.0.0.9", "")[1].text(t)
    assert "must now wait 5 minutes" in last
    de = table.join_with_pin(wrong, "10.0.0.8", "")[1].text(Translator("de"))
    assert "Falsche PIN" in de and "4" in de


def test_a_join_flood_never_pushes_out_a_device_holding_a_seat():
    """Issue 19.3: 70 joins in 0.4 s pushed every player's (asleep) phone out
    of the 64-device list. Seated devices stay; joins per address are bounded."""
    table = Table()
    seats = set()
    table.game_id = 1
    players = [
        table.join_with_token(table.join_token, f"10.0.0.{i}", "") for i in (1, 2, 3)
    ]
    seats.update(players)
    refused = 0
    for i in range(200):
        device, problem = table.join_with_link(table.join_token, f"10.5.{i % 10}.1", "")
        refused += device is None
    assert all(table.access(p) is not None for p in players)
    assert len(table.devices) <= MAX_DEVICES
    # with every place held the newcomer is refused, with a reason
    device, problem = table.join_with_link(table.join_token, "10.7.0.1", "")
    assert device is None and "full" in problem.text(Translator("en"))
    # one address: at most JOINS_PER_ADDRESS new devices
    table = Table()
    got = [table.join_with_link(table.join_token, "10.6.0.1", "") for _ in range(30)]
    assert sum(d is not None for d, _ in got) == JOINS_PER_ADDRESS
    assert "Too many devices" in got[-1][1].text(Translator("en"))


def test_forwarded_for_is_not_believed_unless_configured(table):
    """Issue 19.4: from loopback, a rotated X-Forwarded-For never locked."""
    pin = table.find(r"type PIN (\d+)")
    wrong = "000000" if pin != "000000" else "111111"
    for attempt in range(PIN_TRIES + 1):
        headers = {
            "Origin": table.origin,
            "Content-Type": "application/x-www-form-urlencoded",
            "X-Forwarded-For": f"10.9.0.{attempt}",
        }
        status, _, body = http(table.url + "/join", headers, f"pin={wrong}".encode())
    assert status == 429 and b"Too many wrong PINs" in body


def test_ending_the_table_stops_every_token_and_device():
    table = Table()
    phone = table.join_with_token(table.join_token, "10.0.0.2", "iPhone")
    host = table.join_with_token(table.host_token, "127.0.0.1", "Linux")
    assert phone and host
    assert table.access(phone).role == "guest"
    assert table.access(host).role == "host"
    assert [d.name for d in table.guests()] == ["iPhone"]
    table.end()
    assert table.access(phone) is None
    assert table.join_with_token(table.join_token, "10.0.0.3", "") is None
    assert table.join_with_pin(table.pin, "10.0.0.3", "")[0] is None
    assert table.access(host).role == "host"  # the host keeps their own page


def test_guest_store_reaches_the_tables_game_only(tmp_path):
    other, own = make_games(tmp_path)
    with Store.open(tmp_path) as store:
        guest = GuestStore(store, store.current_game_id)
        assert guest.current_game_id() == own
        assert [g.id for g in guest.list_games()] == [own]
        assert guest.load_game(own).players == tuple(PLAYERS)
        game = core.rename_player(guest.load_game(own), "Ben", "Bea")
        guest.save_game(own, game)  # the table's game can be changed
        assert store.load_game(own).players[1] == "Bea"
        with pytest.raises(GameNotFound):
            guest.load_game(other)
        with pytest.raises(GameNotFound):
            guest.save_game(other, store.load_game(other))
        with pytest.raises(GameNotFound):
            guest.export_game(other)
        for refused_call in (
            lambda: guest.delete_game(own),
            lambda: guest.create_game(game),
            lambda: guest.set_setting("language", "de"),
            lambda: guest.restore({}),  # type: ignore[attr-defined]
            lambda: guest.backup(),  # type: ignore[attr-defined]
        ):
            with pytest.raises(Refused):
                refused_call()
        assert guest.player_stats() == [] and guest.known_players() == []
        assert store.load_game(other).players == ("Otto", "Olga")


def test_guest_can_undo_on_the_tables_game_only(tmp_path):
    """A joined device keeps and reads the undo history of the table's game
    (another page session of it, or a reload, can take back any change), and
    cannot read or write the history of another game."""
    from jolly_scorer.store.undo import UndoHistory
    from jolly_scorer.ui.settings import UiSettings
    from jolly_scorer.ui.state import AppState

    other, own = make_games(tmp_path)
    with Store.open(tmp_path) as store:

        def phone() -> AppState:
            guest = GuestStore(store, store.current_game_id)
            state = AppState(store=guest, settings=UiSettings(language="en"))
            state.open_current()
            assert state.game_id == own and state.error is None
            return state

        assert phone().rename_player("Ben", "Bea") is None
        again = phone()  # the page reloaded: the history comes from the store
        assert again.full_undo and again.can_undo  # not just the last rounds
        assert again.undo() is None
        assert store.load_game(own).players == tuple(PLAYERS)
        assert phone().redo() is None  # redo too, from another session
        assert store.load_game(own).players[1] == "Bea"

        guest = GuestStore(store, store.current_game_id)
        game = store.load_game(other)
        with pytest.raises(GameNotFound):
            guest.load_history(other, game)
        renamed = core.rename_player(game, "Otto", "Oskar")
        with pytest.raises(GameNotFound):
            guest.save_history(other, UndoHistory.start(game).push(renamed))
        assert store.load_history(other, game) == (UndoHistory.start(game), False)
        assert store.load_game(other).players == ("Otto", "Olga")


def test_guest_page_enters_rounds_of_the_tables_game_only(guest_page, tmp_path):
    from support.app_steps import enter_round

    app, other, own = guest_page
    app.click(app.find(semantics="home-continue"))
    enter_round(app, 0, {1: (0, 5), 2: (0, 5)})
    with Store.open(tmp_path) as store:
        assert len(store.load_game(own).rounds) == 1
        assert store.load_game(other).rounds == ()


def test_guest_page_cannot_list_change_settings_or_start_games(guest_page, tmp_path):
    """A joined phone does not see what it may not do: Home offers the table's
    game, the meld checker and the rules; no New game, past games (with the
    stats and deleting), or settings (with backup and restore)."""
    app, other, own = guest_page
    for refused_button in ("home-new-game", "home-past", "home-settings"):
        assert not app.find_all(semantics=refused_button), refused_button
    for offered in ("home-continue", "home-meld", "home-rules"):
        assert app.find(semantics=offered)
    assert not any("Otto" in s for s in app.texts())  # only the table's game
    app.click(app.find(semantics="home-rules"))
    app.click(app.find(semantics="back"))
    app.click(app.find(semantics="home-continue"))
    app.wait_for(lambda: bool(app.find_all(semantics="enter-round")))
    with Store.open(tmp_path) as store:
        assert store.get_setting("language") is None
        assert sorted(g.id for g in store.list_games()) == sorted([other, own])


def test_a_guest_never_gets_a_host_only_screen(monkeypatch, tmp_path):
    """Whatever asks for it, a joined phone's page shows Home instead of New
    game, past games, a past game, stats or settings (the host gets them)."""
    from jolly_scorer.ui import app as ui_app
    from jolly_scorer.ui.settings import UiSettings
    from jolly_scorer.ui.state import AppState

    shown = {
        "Home": "home",
        "NewGame": "new",
        "PastGames": "past",
        "Stats": "stats",
        "SettingsView": "settings",
        "Scoreboard": "scoreboard",
    }
    for name, value in shown.items():
        monkeypatch.setattr(ui_app, name, lambda *a, v=value, **k: v)
    import jolly_scorer.ui.screens.club as club_screens

    for name, value in {"ClubScreen": "club", "BigRanking": "club_big"}.items():
        monkeypatch.setattr(club_screens, name, lambda *a, v=value, **k: v)
    monkeypatch.setattr(ui_app.ft, "memo", lambda fn: fn)  # no renderer here
    make_games(tmp_path)
    with Store.open(tmp_path) as store:
        for guest in (True, False):
            state = AppState(
                store=GuestStore(store, store.current_game_id) if guest else store,
                settings=UiSettings(language="en"),
                is_guest=guest,
            )
            state.open_current()
            for screen in sorted(ui_app.HOST_ONLY_SCREENS):
                state.nav.screen = screen
                view = ui_app.current_view(state)
                if guest:
                    assert view == "home", screen
                else:
                    assert view == ("scoreboard" if screen == "past_game" else screen)


def _control(messages, identifier):
    """The id of the control inside the Semantics wrapper ``identifier``."""
    found = []

    def walk(value):
        if isinstance(value, dict):
            if value.get("identifier") == identifier and isinstance(
                value.get("content"), dict
            ):
                found.append(value["content"].get("_i"))
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(messages)
    return found[-1] if found else None


def test_host_ends_the_table_and_joined_phones_are_cut_off(table):
    from server_process import CONTROL_EVENT, pack

    join = table.find(r"join at (\S+)")
    phone_cookie = cookie_of(http(join)[1])
    host_cookie = cookie_of(http(table.find(r"host screen (\S+)"))[1])
    phone = FletClient(table.port, origin=table.origin, cookie=phone_cookie)
    phone.register()
    phone.wait_text("Cleo")
    host = FletClient(table.port, origin=table.origin, cookie=host_cookie)
    host.register()
    host.wait_text("connected")  # the host's panel lists the phone
    end = None
    while end is None:
        host.receive()
        end = _control(host.messages, "table-end")
    host.ws.send(pack(CONTROL_EVENT, {"target": end, "name": "click", "data": None}))
    confirm = _control(host.messages, "table-end-confirm")  # asked in place
    host.ws.send(
        pack(CONTROL_EVENT, {"target": confirm, "name": "click", "data": None})
    )
    from websockets.exceptions import ConnectionClosed

    with pytest.raises(ConnectionClosed):  # the server closes the phone's page
        for _ in range(1000):
            phone.receive(timeout=10)
    assert refused(table, phone_cookie) == 403  # and it cannot come back
    again = FletClient(table.port, origin=table.origin, cookie=host_cookie)
    again.register()  # the host keeps their own page
    again.close()
    host.close()


def test_a_phone_cannot_take_over_the_hosts_page(table):
    host_cookie = cookie_of(http(table.find(r"host screen (\S+)"))[1])
    phone_cookie = cookie_of(http(table.find(r"join at (\S+)"))[1])
    host = FletClient(table.port, origin=table.origin, cookie=host_cookie)
    host_session = host.register()
    host.wait_text("PIN")
    host.close()  # the host's connection drops; its session waits for it
    phone = FletClient(
        table.port, origin=table.origin, cookie=phone_cookie, session_id=host_session
    )
    assert phone.register() != host_session  # a page of its own, not the host's
    phone.wait_text("Cleo")
    assert not any("PIN" in s for s in _texts(phone))
    phone.close()
    back = FletClient(
        table.port, origin=table.origin, cookie=host_cookie, session_id=host_session
    )
    assert back.register() == host_session  # the host itself comes back
    back.close()


def test_guests_keep_the_tables_game_when_the_host_finishes_it(tmp_path):
    from jolly_scorer.tables.guest_store import NotTheTablesGame

    other, own = make_games(tmp_path)
    table = Table()
    table.game_id = own  # pinned by the host's page
    with Store.open(tmp_path) as store:
        from jolly_scorer.core.game import Counted, Round

        played = core.add_round(
            store.load_game(own),
            Round(
                closed_by="Anna",
                counted=(("Ben", Counted(bad=7)), ("Cleo", Counted(bad=3))),
            ),
        )
        store.save_game(own, core.finish(played))
        assert store.current_game_id() == other  # "the newest unfinished game"
        guest = GuestStore(store, table.table_game(store.current_game_id))
        assert guest.load_game(own).players == tuple(PLAYERS)
        assert [g.id for g in guest.list_games()] == [own]
        with pytest.raises(NotTheTablesGame):
            guest.load_game(other)
        renamed = core.rename_player(store.load_game(other), "Otto", "Oskar")
        with pytest.raises(NotTheTablesGame):
            guest.save_game(other, renamed)
    # nothing pinned yet (no host page): the store's current game, then kept
    fresh = Table()
    with Store.open(tmp_path) as store:
        pinned = fresh.table_game(store.current_game_id)
        assert pinned() == other
        fresh.game_id = own
        assert pinned() == own
        # one table on the server: no game is another table's
        assert not pinned.elsewhere(other) and not pinned.elsewhere(own)


def test_guest_page_follows_the_host_to_a_new_game(flet_app, tmp_path, monkeypatch):
    from support.app_steps import new_game

    from jolly_scorer.tables import sessions
    from jolly_scorer.tables.table import Access
    from jolly_scorer.ui import app as ui_app

    other, own = make_games(tmp_path)
    table = Table(address="http://127.0.0.1:8550/")
    monkeypatch.setattr(sessions, "_TABLE", table)
    roles = [Access("host", table.host_device), Access("guest", "phone")]
    monkeypatch.setattr(ui_app, "current_access", lambda: roles.pop(0))
    host = flet_app(lambda page: ui_app.main(page, tmp_path), width=390, height=844)
    assert table.game_id == own  # the host's page pinned the game it shows
    host.click(host.find(semantics="table-close"))
    guest = flet_app(lambda page: ui_app.main(page, tmp_path), pubsub_with=host)
    guest.click(guest.find(semantics="home-continue"))
    guest.wait_for(lambda: bool(guest.find_all(semantics="enter-round")))
    new_game(host, players=["Xaver", "Yvonne"])
    host.wait_for(lambda: table.game_id not in (None, own, other))
    guest.wait_for(lambda: any("host moved the table" in t for t in guest.texts()))
    guest.click(guest.find(semantics="home-continue"))
    guest.wait_for(lambda: any("Xaver" in t for t in guest.texts()))


def test_host_page_following_another_device_pins_that_game(
    flet_app, tmp_path, monkeypatch
):
    from jolly_scorer.tables import sessions
    from jolly_scorer.tables.table import Access
    from jolly_scorer.ui import app as ui_app

    other, own = make_games(tmp_path)
    table = Table(address="http://127.0.0.1:8550/")
    monkeypatch.setattr(sessions, "_TABLE", table)
    monkeypatch.setattr(
        ui_app, "current_access", lambda: Access("host", table.host_device)
    )
    host = flet_app(lambda page: ui_app.main(page, tmp_path), width=390, height=844)
    assert table.game_id == own
    host.click(host.find(semantics="table-close"))
    with Store.open(tmp_path) as store:  # the command line plays the other game
        game = store.load_game(other)
        store.save_game(other, core.rename_player(game, "Otto", "Oskar"))
    host.click(host.find(semantics="home-settings"))
    host.click(host.find(semantics="back"))  # home follows the game played last
    host.wait_for(lambda: table.game_id == other)


def test_no_secret_no_page_and_no_file_of_the_data_folder(table):
    """Through raw clients, without the table's secret: no websocket (so no
    game can be listed, opened, changed, exported or deleted, no setting
    changed, no backup restored: all of that is only reachable through a page
    session), and no file of the data folder over HTTP."""
    host_cookie = cookie_of(http(table.find(r"host screen (\S+)"))[1])
    host = FletClient(table.port, origin=table.origin, cookie=host_cookie)
    host_session = host.register()
    host.wait_text("PIN")
    host.close()
    join_token = table.find(r"join at \S+token=(\S+)")
    for cookie in (
        None,
        "jolly_table=",
        f"jolly_table={join_token}",  # the QR's token is not a device's cookie
        "jolly_table=" + host_cookie.split("=", 1)[1][:-1],  # one letter short
        "other=" + host_cookie.split("=", 1)[1],  # the right value, wrong name
    ):
        assert refused(table, cookie) == 403, cookie
    # the host's page session cannot be taken without the host's cookie
    with pytest.raises(InvalidStatus):
        FletClient(table.port, origin=table.origin, session_id=host_session)
    # a page of another origin, or none, cannot use even the host's cookie
    for origin in ("http://evil.example", "null", f"http://127.0.0.1:{table.port + 1}"):
        with pytest.raises(InvalidStatus):
            FletClient(table.port, origin=origin, cookie=host_cookie)
    with pytest.raises(InvalidStatus):
        FletClient(table.port, origin=None, cookie=host_cookie)
    # no HTTP interface to the games: pages go to /join, data files are not served
    for path in ("/", "/games", "/api/games", "/settings", "/restore", "/docs"):
        status, headers, _ = http(table.url + path)
        assert status == 303 and headers["location"] == "/join", path
    for path in (
        "/games.db",
        "/live-table.json",
        "/openapi.json",
        "/..%2fdata%2fgames.db",
        "/%2e%2e/data/live-table.json",
    ):
        status, _, body = http(table.url + path)
        assert b"SQLite format" not in body and b"join_token" not in body, path
        assert status in (403, 404), (path, status)


def test_viewers_join_only_while_the_host_allows_them():
    table = Table()
    assert table.join_with_token(table.view_token, "10.0.0.5", "Android") is None
    table.allow_viewers(True)
    viewer = table.join_with_token(table.view_token, "10.0.0.5", "Android")
    phone = table.join_with_token(table.join_token, "10.0.0.6", "iPhone")
    assert viewer and phone
    assert table.access(viewer).role == "viewer"
    assert table.access(phone).role == "guest"
    assert [d.viewer for d in table.guests()] == [True, False]
    table.allow_viewers(False)  # the viewer's cookie stops working, the phone's not
    assert table.access(viewer) is None
    assert table.access(phone).role == "guest"
    assert table.join_with_token(table.view_token, "10.0.0.5", "Android") is None


def test_viewer_store_reads_the_tables_game_and_changes_nothing(tmp_path):
    from jolly_scorer.tables.guest_store import ViewerRefused, ViewerStore

    other, own = make_games(tmp_path)
    with Store.open(tmp_path) as store:
        viewer = ViewerStore(store, lambda: own)
        game = viewer.load_game(own)
        assert game.players == tuple(PLAYERS)
        assert [g.id for g in viewer.list_games()] == [own]
        assert viewer.revision(own) == store.revision(own)
        assert viewer.load_seat_parts(own, 1) == {}
        with pytest.raises(GameNotFound):
            viewer.load_game(other)
        renamed = core.rename_player(game, "Ben", "Bea")
        for write in (
            lambda: viewer.save_game(own, renamed),
            lambda: viewer.save_draft(own, {"draft": 1}),
            lambda: viewer.clear_draft(own),
            lambda: viewer.save_seat_part(own, 1, "Ben", {}),
            lambda: viewer.clear_seat_parts(own),
            lambda: viewer.save_history(own, None),
            lambda: viewer.set_setting("language", "de"),
            lambda: viewer.delete_game(own),
            lambda: viewer.create_game(renamed),
            lambda: viewer.restore({}),
            lambda: viewer.import_game({}),
        ):
            with pytest.raises(ViewerRefused):
                write()
        assert store.load_game(own).players == tuple(PLAYERS)
        assert store.load_draft(own) is None


def test_viewer_page_shows_the_scoreboard_read_only(flet_app, tmp_path, monkeypatch):
    from jolly_scorer.tables.table import Access
    from jolly_scorer.ui import app as ui_app

    other, own = make_games(tmp_path)
    monkeypatch.setattr(ui_app, "current_access", lambda: Access("viewer", "v"))
    app = flet_app(lambda page: ui_app.main(page, tmp_path), width=390, height=844)
    app.wait_for(lambda: bool(app.find_all(semantics="total-3")))
    assert any("Cleo" in s for s in app.texts())
    assert not any("Otto" in s for s in app.texts())
    for control in (
        "enter-round",
        "undo",
        "redo",
        "finish",
        "rename-1",
        "home-new-game",
    ):
        assert not app.find_all(semantics=control), control
    app.click(app.find(semantics="back"))  # nowhere else to go
    assert app.find(semantics="total-3") and not app.find_all(semantics="home-past")
    with Store.open(tmp_path) as store:
        assert store.load_game(own).rounds == () and store.load_draft(own) is None


def _texts_with(client, part):
    from server_process import texts_of

    return [s for s in texts_of(client.messages) if part in s]


def test_viewer_link_through_a_raw_websocket(table):
    """The host switches viewers on: the viewer link gives a read-only
    scoreboard (no control that changes anything is even sent); switched off,
    the viewer's page is closed and its cookie refused."""
    from server_process import CONTROL_EVENT, pack
    from websockets.exceptions import ConnectionClosed

    host_cookie = cookie_of(http(table.find(r"host screen (\S+)"))[1])
    join = table.find(r"join at (\S+)")
    host = FletClient(table.port, origin=table.origin, cookie=host_cookie)
    host.register()
    switch = None
    while switch is None:
        host.receive()
        switch = _control(host.messages, "table-viewers")
    host.ws.send(pack(4, {"id": switch, "props": {"value": True}}))
    host.ws.send(
        pack(CONTROL_EVENT, {"target": switch, "name": "change", "data": None})
    )
    deadline = 100
    while not [s for s in _texts_with(host, "/join?token=") if s != join]:
        host.receive()
        deadline -= 1
        assert deadline, "no viewer link on the host's page"
    (link,) = {s for s in _texts_with(host, "/join?token=") if s != join}
    viewer_cookie = cookie_of(http(link)[1])
    viewer = FletClient(table.port, origin=table.origin, cookie=viewer_cookie)
    viewer.register()
    viewer.wait_text("Cleo: 0 points")  # the read-only scoreboard
    for refused_control in ("enter-round", "undo", "finish", "rename-1", "home-past"):
        assert _control(viewer.messages, refused_control) is None, refused_control
    assert not _texts_with(viewer, "Otto")
    # the host switches viewers off: the viewer's page is closed
    host.ws.send(pack(4, {"id": switch, "props": {"value": False}}))
    host.ws.send(
        pack(CONTROL_EVENT, {"target": switch, "name": "change", "data": None})
    )
    with pytest.raises(ConnectionClosed):
        for _ in range(1000):
            viewer.receive(timeout=10)
    assert refused(table, viewer_cookie) == 403
    assert http(link)[0] == 403
    host.close()


def test_one_live_table_per_data_folder(table, tmp_path):
    """Issue 19.6: a second --table server on the same folder took the same
    secrets, and stopping either deleted live-table.json under the other."""
    kept = table.data / "live-table.json"
    assert kept.exists()
    with pytest.raises(RuntimeError) as caught:
        (tmp_path / "second").mkdir()
        start_server(tmp_path / "second", "--table", data=table.data)
    assert "a live table is already open on" in str(caught.value)
    assert "ready at" not in str(caught.value)
    assert kept.exists()  # the first table is untouched
    status, _, _ = http(table.url + "/join")
    assert status == 200
