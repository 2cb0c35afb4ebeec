"""The live table's third pass (issue 34), in process: a phone's pad starts on
its own field (1), back to cards after a counted round offers melds again (6),
the host's Done on the counting sheet (7), the host back in its round after a
restart (8), the host's bar and panel in the page's language (9), who holds a
seat, asking before one is shared and the host sending a device away (10),
a second tap on "Everyone counted points" (11), and undo and finishing the
game the host's (12). The browser tests: ``tests/e2e/test_table_seats_browser.py``."""

from __future__ import annotations

from test_phone_round import as_host, host_page

from jolly_scorer.core.game import new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.i18n import Translator
from jolly_scorer.store import Store
from jolly_scorer.tables import sessions
from jolly_scorer.tables.table import Access
from jolly_scorer.ui.models.counted_keys import SheetKeys
from jolly_scorer.ui.models.round import RoundModel, Target
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.screens.round_entry.editor.parts import button_specs
from jolly_scorer.ui.state import device_key

PLAYERS = ["Anna", "Ben", "Cleo", "Dora"]


def counted(preset: str, closer: str, seat: str | None) -> RoundEntryModel:
    entry = RoundEntryModel(RoundModel(new_game(find_rules(preset), PLAYERS)))
    entry.together = seat is not None
    if seat is not None:
        entry.choose_seat(seat)
    entry.set_closer(closer)
    entry.count_all()
    return entry


def test_a_seated_phones_pad_starts_on_its_own_field():
    """Issue 34.1: Cleo's phone's sheet started on Anna's field, and the
    digits typed there went into Anna's points."""
    for preset, first in (
        ("romme_de", ("Cleo", "bad")),
        ("jolly_at", ("Cleo", "good")),
    ):
        keys = SheetKeys(counted(preset, "Anna", "Cleo"))
        assert keys.selected == first, preset
        assert keys.press("7")
        assert keys.entry.points_text(*first) == "7"
        assert keys.entry.points_text("Anna", "good") == ""  # nothing of Anna's
    # the phone of who went out in penalty scoring has no field: the table's
    keys = SheetKeys(counted("romme_de", "Cleo", "Cleo"))
    assert keys.selected == ("Dora", "bad")
    # the host (no seat) as before: from who went out on
    assert SheetKeys(counted("jolly_at", "Anna", None)).selected == ("Anna", "good")


def test_a_phones_sheet_opened_by_another_device_starts_on_its_own_field():
    """The host taps "Everyone counted points"; Cleo's phone follows (its
    own entry, as the merge gives it): its keys start in Cleo's field."""
    host = counted("jolly_at", "Anna", None)
    phone = RoundEntryModel(RoundModel(new_game(find_rules("jolly_at"), PLAYERS)))
    phone.together = True
    phone.choose_seat("Cleo")
    phone.follow(host.rounds, set(PLAYERS), ())
    assert SheetKeys(phone).selected == ("Cleo", "good")


def _kinds(entry: RoundEntryModel) -> list[str]:
    return [spec[0] for spec in button_specs(entry, entry.editing, Translator("en"))]


def test_back_to_cards_after_a_counted_round_offers_melds_again():
    """Issue 34.6: after everyone counted (Jolly, plus scoring), switching
    the closer back to cards offered only Hand: no meld, lay-off nor
    all-at-once, so the closer could not enter melds."""
    entry = counted("jolly_at", "Anna", None)
    entry.set_mode("Anna", "cards")
    entry.edit(Target("hand", "Anna"))
    kinds = _kinds(entry)
    assert "editor-next-meld" in kinds and "editor-layoff" in kinds, kinds
    # a round that opens counted (the table counted last round), too
    game = new_game(find_rules("jolly_at"), PLAYERS)
    rounds = RoundModel(game)
    for player in PLAYERS:
        rounds.set_mode(player, "points")
    rounds.default_mode = "points"
    opened = RoundEntryModel(rounds)
    assert not opened.show_melds
    opened.set_mode("Ben", "cards")
    assert opened.show_melds
    # and on a page that follows another device's switch
    other = counted("jolly_at", "Anna", "Ben")
    host = counted("jolly_at", "Anna", None)
    host.set_mode("Anna", "cards")
    other.follow(host.rounds, {"Anna"}, ())
    assert other.show_melds


def test_a_second_tap_on_everyone_counted_says_how_and_changes_nothing():
    """Issue 34.11: tapping the ticked button did nothing and said nothing.
    It still changes nothing (a round that opens counted shows it ticked: a
    habitual tap must not drop the numbers typed) and now says how."""
    entry = counted("romme_de", "Anna", "Ben")
    entry.set_points("Ben", "bad", "12")
    entry.tap_count_all()
    assert entry.all_counted and entry.rounds.counted["Ben"].bad == 12
    assert entry.error and "cards button" in entry.error
    entry.refresh_error()
    assert entry.error  # still true: still said
    entry.set_mode("Cleo", "cards")  # done as it said: the message goes
    entry.refresh_error()
    assert entry.error is None


def test_the_hosts_counting_sheet_has_each_players_done(
    flet_app, tmp_path, monkeypatch
):
    """Issue 34.7: the host laptop's counting sheet had no "Anna is done":
    every counted round asked "Not done: Anna" before saving."""
    host = host_page(flet_app, tmp_path, monkeypatch, 1280)
    host.click(host.find(semantics="enter-round"))
    host.click(host.find(semantics="round-closer-1"))
    host.click(host.find(semantics="round-count-all"))
    host.wait_for(lambda: bool(host.find_all(semantics="round-done-0")))
    done = host.find(semantics="round-done-0")
    assert done.label == "Anna is done"
    host.click(done)  # nothing typed for Anna: refused, saying what
    assert "Anna is not done yet" in " ".join(host.texts())
    sheet_type(host, "round-bad-0", "9")
    host.click(host.find(semantics="round-done-0"))
    table = sessions.current_table()
    with Store.open(tmp_path) as store:
        parts = store.load_seat_parts(table.game_id, 1)
    assert parts["Anna"].status == "done"
    host.wait_for(lambda: host.find(semantics="round-done-0").selected)


def test_a_phone_sized_hosts_sheet_has_done_under_each_line(
    flet_app, tmp_path, monkeypatch
):
    """On a 390 px host the line has no room for a tick: "Anna is done"
    goes under it, and the name keeps its room."""
    host = host_page(flet_app, tmp_path, monkeypatch, 390)
    host.click(host.find(semantics="enter-round"))
    host.click(host.find(semantics="round-closer-1"))
    host.click(host.find(semantics="round-count-all"))
    host.wait_for(lambda: bool(host.find_all(semantics="round-done-0")))
    assert "Anna is done" in host.texts()
    sheet_type(host, "round-bad-0", "4")
    host.click(host.find(semantics="round-done-0"))
    host.wait_for(lambda: host.find(semantics="round-done-0").selected)


def sheet_type(app, identifier, text):
    """A whole text typed into a counting sheet's field (as a client may
    send it; a browser sends keys)."""
    from support.app_steps import field_in

    app.type_text(field_in(app, identifier), text)


def test_the_host_returns_into_the_round_it_was_entering(
    flet_app, tmp_path, monkeypatch
):
    """Issue 34.8: after a restart the host landed on Home."""
    from support.live_table import make_games, player

    _, own = make_games(tmp_path)
    with Store.open(tmp_path) as store:
        store.save_seat_part(own, 1, "Ben", player(hand=["Kd"]), device="phone")
    from jolly_scorer.tables.table import Table
    from jolly_scorer.ui import app as ui_app

    table = Table(address="http://127.0.0.1:8550/")
    monkeypatch.setattr(sessions, "_TABLE", table)
    monkeypatch.setattr(
        ui_app, "current_access", lambda: Access("host", table.host_device)
    )
    host = flet_app(lambda page: ui_app.main(page, tmp_path), width=1280, height=800)
    host.click(host.find(semantics="table-close"))
    host.wait_for(lambda: bool(host.find_all(semantics="round-closer-0")))
    assert not host.find_all(semantics="home-continue")


def test_the_hosts_bar_and_panel_follow_the_pages_language(
    flet_app, tmp_path, monkeypatch
):
    """Issue 34.9: the bar stayed English after the page took the browser's
    language (German); the panel open at the start too."""
    from jolly_scorer.ui import app as ui_app

    as_host(tmp_path, monkeypatch)
    made = recorded_states(monkeypatch)
    host = flet_app(lambda page: ui_app.main(page, tmp_path), width=1280, height=800)
    assert any("Live table" in s for s in host.texts())
    app_state = made[-1]
    on_page(  # as follow_browser_language does, after the page opened
        host,
        lambda: setattr(
            app_state, "settings", app_state.settings.replace(language="de")
        ),
    )
    host.wait_for(lambda: any("Live-Tisch · PIN" in s for s in host.texts()))
    host.wait_for(lambda: any(s == "Live-Tisch" for s in host.texts()))
    assert "QR zeigen" in host.texts()
    shown = [d for d in host.page._dialogs.controls if d.open]  # (closed: kept)
    assert len(shown) == 1 and shown[0].title.value == "Live-Tisch"
    words = [a.content.content for a in shown[0].actions]
    assert words == ["Tisch beenden", "Schließen"], words


def host_following_the_browser(flet_app, tmp_path, monkeypatch, language):
    """The host's page in web mode with no language set, as a browser opens
    it: the page asks the browser for its language after it opened; the
    browser answers ``language`` once the returned event is set."""
    import asyncio
    import threading

    import flet as ft

    from jolly_scorer.ui import app as ui_app

    as_host(tmp_path, monkeypatch)
    monkeypatch.delenv("LANGUAGE", raising=False)
    answer = threading.Event()

    async def browser(page, state):  # a slow answer (a loaded machine)
        while not answer.is_set():
            await asyncio.sleep(0.01)
        if language is not None:
            state.settings = state.settings.replace(language=language)

    monkeypatch.setattr(ui_app, "_take_browser_language", browser)

    def main(page: ft.Page) -> None:
        page.web = True  # as a browser's page says
        ui_app.main(page, tmp_path)

    host = flet_app(main, width=1280, height=800)
    return host, answer


def test_the_hosts_first_panel_opens_in_the_browsers_language(
    flet_app, tmp_path, monkeypatch
):
    """The panel opened at the start in the server's language, and was
    closed and opened again when the page took the browser's: a tap on its
    Close meanwhile went to the panel that had gone, and the new one stayed
    over Home (a browser test waited 30 s for Home under it). Now the first
    panel waits for the page's language, and a Close closes it."""
    host, answer = host_following_the_browser(flet_app, tmp_path, monkeypatch, "de")
    host.wait_for(lambda: bool(host.find_all(semantics="table-summary")))
    assert not host.find_all(semantics="table-close")  # not yet
    answer.set()
    host.wait_for(lambda: any(s == "Live-Tisch" for s in host.texts()))
    shown = [d for d in host.page._dialogs.controls if d.open]
    assert len(shown) == 1
    assert [a.content.content for a in shown[0].actions] == [
        "Tisch beenden",
        "Schließen",
    ]
    host.click(host.find(semantics="table-close"))
    host.wait_for(lambda: not [d for d in host.page._dialogs.controls if d.open])
    host.click(host.find(semantics="home-continue"))  # Home, under no panel
    host.wait_for(lambda: bool(host.find_all(semantics="enter-round")))
    assert not [d for d in host.page._dialogs.controls if d.open]


def test_the_hosts_first_panel_opens_when_the_browser_does_not_say(
    flet_app, tmp_path, monkeypatch
):
    """No answer about the browser's language: the panel opens after
    ``LANGUAGE_WAIT`` seconds, in the server's language."""
    from jolly_scorer.ui.screens.table_host import screen

    monkeypatch.setattr(screen, "LANGUAGE_WAIT", 0.3)
    host, _ = host_following_the_browser(flet_app, tmp_path, monkeypatch, None)
    host.wait_for(lambda: any(s == "Live table" for s in host.texts()))
    assert len([d for d in host.page._dialogs.controls if d.open]) == 1


def on_page(app, do):
    """``do()`` in the page's session, as its own handlers run."""
    from flet.controls.context import _context_page

    async def run():
        _context_page.set(app.page)
        do()

    app._run(run())


def recorded_states(monkeypatch):
    """Every page's AppState made from now on (the app makes one a page)."""
    from jolly_scorer.ui import app as ui_app

    made = []
    real = ui_app.AppState

    def make(*args, **kwargs):
        made.append(real(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(ui_app, "AppState", make)
    return made


def _guest(flet_app, tmp_path, monkeypatch, table, device):
    from jolly_scorer.ui import app as ui_app

    monkeypatch.setattr(ui_app, "current_access", lambda: Access("guest", device))
    table.connected(Access("guest", device), +1)
    app = flet_app(lambda page: ui_app.main(page, tmp_path), width=390, height=844)
    return app


def test_a_taken_seat_is_marked_and_asked_before_it_is_shared(
    flet_app, tmp_path, monkeypatch
):
    """Issue 34.10: a fifth phone took Ben's seat without a word."""
    from support.live_table import open_entry

    host = host_page(flet_app, tmp_path, monkeypatch, 1280)
    table = sessions.current_table()
    ben = table.join_with_token(table.join_token, "10.0.0.2", "Android")
    other = table.join_with_token(table.join_token, "10.0.0.3", "Android")
    with Store.open(tmp_path) as store:
        store.save_device_seat(table.game_id, device_key(f"{store.path}\n{ben}"), "Ben")
    table.connected(Access("guest", ben), +1)
    phone = _guest(flet_app, tmp_path, monkeypatch, table, other)
    open_entry(phone)
    seat = phone.find(semantics="round-seat-1")
    assert "taken on 1 other device" in seat.label, seat.label
    assert "taken" not in phone.find(semantics="round-seat-2").label
    phone.click(seat)  # asked, not taken
    phone.wait_for(lambda: bool(phone.find_all(semantics="round-seat-share-ask")))
    assert not phone.find_all(semantics="round-seat-change")
    phone.click(phone.find(semantics="round-seat-share-no"))
    assert not phone.find_all(semantics="round-seat-share-ask")
    phone.click(phone.find(semantics="round-seat-1"))
    phone.click(phone.find(semantics="round-seat-share"))
    phone.wait_for(lambda: bool(phone.find_all(semantics="round-seat-change")))
    # the host tells the two apart and sends one away, asked first
    host.click(host.find(semantics="table-show"))
    host.wait_for(lambda: any("Device 2: Ben" in s for s in host.texts()))
    texts = host.texts()
    assert any("Device 1: Ben · Android · 10.0.0.2" in s for s in texts), texts
    host.click(host.find(semantics="table-send-away-2"))
    assert other in table.devices  # one tap only asks
    host.wait_for(lambda: bool(host.find_all(semantics="table-send-away-confirm-2")))
    host.click(host.find(semantics="table-send-away-confirm-2"))
    assert other not in table.devices and ben in table.devices
    assert table.access(other) is None  # its cookie stops working
    assert not table.send_away(table.host_device)  # never the host's own
    assert table.access(table.host_device) is not None
    host.wait_for(lambda: not any("Device 2" in s for s in host.texts()))


def test_a_joined_phone_may_not_undo_a_saved_round_nor_finish_the_game(
    flet_app, tmp_path, monkeypatch
):
    """Issue 34.12: every joined phone had Undo and Finish for the table's
    game. They are the host's: the phone shows neither and says where they
    are; its state refuses them anyway, changing nothing."""
    host = host_page(flet_app, tmp_path, monkeypatch, 1280)
    made = recorded_states(monkeypatch)
    table = sessions.current_table()
    phone_id = table.join_with_token(table.join_token, "10.0.0.2", "Android")
    phone = _guest(flet_app, tmp_path, monkeypatch, table, phone_id)
    phone.click(phone.find(semantics="home-continue"))
    state = made[-1]
    game = state.game
    assert game is not None
    assert not phone.find_all(semantics="undo")
    assert not phone.find_all(semantics="finish")
    assert phone.find_all(semantics="board-host-only")
    said = []
    on_page(phone, lambda: said.extend([state.finish(), state.undo()]))
    assert all(s and "host" in s for s in said), said
    assert not state.game_over and len(state.game.rounds) == len(game.rounds)
    assert host.find_all(semantics="finish")  # the host's board has it


def test_the_opening_warning_in_the_save_bar_is_never_cut():
    """Issue 34.11: on a phone the warning was cut after three lines
    ("…(nötig:"), the number the table needed gone."""
    from collections import defaultdict

    import flet as ft

    from jolly_scorer.ui.screens.round_entry.bar.bar import _bar

    entry = RoundEntryModel(RoundModel(new_game(find_rules("jolly_at"), PLAYERS)))
    warning = "Anna's melds stay below the opening (needed: 40). " * 4
    bar = _bar(
        entry,
        entry.rounds.preview(),
        Translator("de"),
        defaultdict(lambda: lambda: None),
        ft.Row(),  # Cancel and Save
        None,
        (warning,),
    )
    found = []

    def walk(control):
        if isinstance(control, ft.Semantics) and control.identifier == "round-warning":
            found.append(control.content)
        for name in ("content", "controls"):
            value = getattr(control, name, None)
            for child in value if isinstance(value, list) else [value]:
                if isinstance(child, ft.Control):
                    walk(child)

    for item in bar if isinstance(bar, list) else [bar]:
        walk(item)
    assert found and found[0].value == warning
    assert found[0].max_lines is None
