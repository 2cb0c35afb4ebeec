"""A round played on a phone (390 x 844), in process (Flet harness): what the
browser walk-through in German and Finnish showed, checked without a browser.

* Cancel at a live table asks what fits what happens: once another device
  entered a part, confirming only leaves (every part stays for the others);
  alone, it throws the round away.
* The phone's room between the strip and the Save bar belongs to the list or
  to the open editor, never to both (no sliver of the list above the editor),
  and the editor sits on the Save bar in a list running upwards (a tall one
  scrolls its top instead of pushing the bar off the screen).
"""

from __future__ import annotations

import flet as ft
from support.app_steps import field_in
from support.live_table import heard, player

from jolly_scorer.store import Store
from jolly_scorer.ui.screens.round_entry.layout import ROOM, phone_room


def enter_as_ben(app) -> None:
    app.click(app.find(semantics="home-continue"))
    app.click(app.find(semantics="enter-round"))
    app.click(app.find(semantics="round-seat-1"))  # Ben
    app.click(app.find(semantics="round-mode-1-points"))
    app.type_text(field_in(app, "round-bad-1"), "7")


def test_cancel_at_a_table_others_enter_only_leaves_and_says_so(
    guest_page,  # noqa: F811
    tmp_path,
):
    app, _, own = guest_page
    enter_as_ben(app)
    with Store.open(tmp_path) as store:  # Cleo enters her hand on her phone
        store.save_seat_part(own, 1, "Cleo", player(hand=["Kd"]), device="cleo")
    heard(app, tmp_path, own)
    app.click(app.find(semantics="round-cancel"))
    ask = app.find(semantics="round-cancel-ask")
    assert ask.label == (
        "Leave this round? What was entered stays for the others at the table."
    )
    assert not app.find_all(semantics="round-throw-away")  # nothing is thrown
    app.click(app.find(semantics="round-leave"))
    app.wait_for(lambda: bool(app.find_all(semantics="enter-round")))
    with Store.open(tmp_path) as store:  # both parts stay for the table
        parts = store.load_seat_parts(own, 1)
    assert parts["Ben"].data["counted"] and parts["Cleo"].data["hand"] == ["Kd"]


def test_cancel_at_a_table_alone_asks_to_throw_away_and_does(
    guest_page,  # noqa: F811
    tmp_path,
):
    app, _, own = guest_page
    enter_as_ben(app)
    app.click(app.find(semantics="round-cancel"))
    assert app.find(semantics="round-cancel-ask").label == "Throw away this round?"
    assert not app.find_all(semantics="round-leave")
    app.click(app.find(semantics="round-throw-away"))
    app.wait_for(lambda: bool(app.find_all(semantics="enter-round")))
    with Store.open(tmp_path) as store:
        assert store.load_seat_parts(own, 1) == {}


def _part(room_part: ft.Control) -> tuple[ft.Control, int, bool]:
    """What a part of the phone's room holds, its share of the room, and
    whether it has accessibility nodes (a screen reader finds it)."""
    assert isinstance(room_part, ft.Container)
    semantics = room_part.content
    assert isinstance(semantics, ft.Semantics)
    assert isinstance(room_part.expand, int)
    return semantics.content, room_part.expand, not semantics.exclude_semantics


def test_the_room_is_the_lists_or_the_open_editors_never_both():
    scroller = ft.Column([ft.Text("Who went out?")], expand=True)
    editor = ft.Container(ft.Text("Anna's meld 1"))
    # closed: the list has the room, the waiting grid a flex of 1; only the
    # list has accessibility nodes
    listed, dock = phone_room(scroller, editor, None)
    assert _part(listed) == (scroller, ROOM, True)
    assert _part(dock) == (editor, 1, False)
    # open: the editor has it, the list keeps its place (the same control,
    # not rebuilt) and no accessibility nodes: squeezed under a pixel, its
    # nodes lay over the editor's card picker (issue 34.11c)
    listed, dock = phone_room(scroller, editor, object())
    assert _part(listed) == (scroller, 1, False)
    assert _part(dock) == (editor, ROOM, True)
    # the laptop's layout has no dock: the list alone
    assert phone_room(scroller, None, None) == [scroller]
    assert ROOM >= 100_000  # the other part: far under a pixel of 844


def as_host(tmp_path, monkeypatch):
    """The games of ``support.live_table`` in ``tmp_path``, and the pages
    opened from now on are the host's of a live table."""
    from support.live_table import make_games

    from jolly_scorer.tables import sessions
    from jolly_scorer.tables.table import Access, Table
    from jolly_scorer.ui import app as ui_app

    make_games(tmp_path)
    table = Table(address="http://127.0.0.1:8550/")
    monkeypatch.setattr(sessions, "_TABLE", table)
    monkeypatch.setattr(
        ui_app, "current_access", lambda: Access("host", table.host_device)
    )


def host_page(flet_app, tmp_path, monkeypatch, width):
    """The host's page of a live table, in process, ``width`` wide."""
    from jolly_scorer.ui import app as ui_app

    as_host(tmp_path, monkeypatch)
    host = flet_app(lambda page: ui_app.main(page, tmp_path), width=width, height=844)
    host.click(host.find(semantics="table-close"))
    host.click(host.find(semantics="home-continue"))
    return host


def test_a_phone_sized_host_enters_a_round_without_the_table_bar(
    flet_app, tmp_path, monkeypatch
):
    """The table bar took 56 px of a phone's height: the open card editor
    pushed the Save bar under it. While a round is entered on a phone-sized
    host page the bar steps aside; it is back on the board."""
    host = host_page(flet_app, tmp_path, monkeypatch, 390)
    bar = host.page.bottom_appbar
    assert bar is not None and bar.visible  # the board: PIN and QR
    assert host.find_all(semantics="table-show")
    host.click(host.find(semantics="enter-round"))
    host.wait_for(lambda: bool(host.find_all(semantics="round-save")))
    assert not bar.visible
    host.click(host.find(semantics="round-cancel"))  # nothing entered: closes
    host.wait_for(lambda: bool(host.find_all(semantics="enter-round")))
    assert bar.visible


def test_a_laptop_host_keeps_the_table_bar_while_a_round_is_entered(
    flet_app, tmp_path, monkeypatch
):
    host = host_page(flet_app, tmp_path, monkeypatch, 1280)
    host.click(host.find(semantics="enter-round"))
    host.wait_for(lambda: bool(host.find_all(semantics="round-save")))
    assert host.page.bottom_appbar.visible


def test_every_chip_of_the_strip_is_whole_on_the_screen(flet_app):
    """Four long names do not fit a phone's strip as wide as they want:
    Dora's chip was off the screen while her part was shown, and six
    players' 5th and 6th chips were slivers (issue 35.6). The chips share
    the line, within the screen, again when a chip grew (Dora goes out)."""
    from support.round_screen import Screen

    from jolly_scorer.core.game import new_game
    from jolly_scorer.core.rules import find_rules
    from jolly_scorer.ui.screens.round_entry.strip import CHIP_GAP, PHONE_MARGINS

    names = ["Annabella", "Benedikt", "Cleopatra", "Dora"]
    s = Screen(flet_app, new_game(find_rules("jolly_at"), names))
    viewport = 390 - PHONE_MARGINS

    def lines() -> list[float]:
        """Each line's width: its chips and the gaps between them."""
        chips = [s.app.find(semantics=f"round-show-{i}") for i in range(len(names))]
        widths: dict[int, list[float]] = {}
        for chip in chips:
            row = s.app.parent_of(chip)
            while not isinstance(row, ft.Row):  # each chip is a part of its own
                row = s.app.parent_of(row)
            widths.setdefault(id(row), []).append(chip.content.width)
        return [sum(w) + CHIP_GAP * (len(w) - 1) for w in widths.values()]

    assert len(lines()) == 1 and max(lines()) <= viewport
    s.app.click(s.app.find(semantics="round-show-3"))
    s.app.click(s.app.find(semantics="round-closer-3"))
    s.app.wait_for(lambda: "+30" in s.app.find(semantics="round-show-3").label)
    assert len(lines()) == 1 and max(lines()) <= viewport


def test_while_cancel_asks_the_list_is_shown_and_the_editor_waits(flet_app):
    """The question makes the bar taller: the open editor steps aside for the
    list (what would be thrown away), and is back after Keep entering."""
    from flet_harness import iter_controls
    from support.round_screen import Screen

    from jolly_scorer.core.game import new_game
    from jolly_scorer.core.rules import find_rules

    s = Screen(flet_app, new_game(find_rules("jolly_at"), ["Anna", "Ben", "Cleo"]))

    def dock_flex() -> int:
        """The flex of the room's part that holds the editor (open or waiting)."""
        ids = ("round-editor", "round-editor-waiting")
        editors = [
            c
            for c, _ in iter_controls(s.app.page)
            if isinstance(c, ft.Semantics) and c.identifier in ids
        ]
        assert len(editors) == 1
        part = s.app.parent_of(editors[0])
        while not (isinstance(part, ft.Container) and part.expand):
            part = s.app.parent_of(part)
        return int(part.expand)

    s.tap("round-closer-0")
    s.tap("round-add-meld-0")
    s.tap("pick-5h")
    assert dock_flex() == ROOM  # the editor has the room
    s.tap("round-cancel")
    assert s.app.find_all(semantics="round-cancel-ask")
    assert dock_flex() == 1  # the list has it
    s.tap("round-keep-entering")
    assert dock_flex() == ROOM and s.app.find_all(semantics="editor-done")


def test_a_counting_table_gets_no_card_grid_until_a_part_turns_to_cards(
    flet_app, monkeypatch
):
    """While every player counts points no card is picked, so the card grid
    that waits hidden for the editor is not built (about 270 controls, the
    server's largest piece of work in a counted round); a player's part
    turned to cards brings it."""
    from support.round_screen import Screen

    from jolly_scorer.core.game import Counted, Round, add_round, new_game
    from jolly_scorer.core.rules import find_rules
    from jolly_scorer.ui.screens.round_entry.editor import dock

    monkeypatch.setattr(dock, "WARM_UP", 0)  # the hidden grid's moment: at once
    game = new_game(find_rules("romme_de"), ["Anna", "Ben", "Cleo"])
    counted = tuple((p, Counted(bad=b)) for p, b in (("Anna", 0), ("Ben", 7)))
    game = add_round(game, Round("Anna", counted=(*counted, ("Cleo", Counted()))))
    s = Screen(flet_app, game)
    s.tap("round-closer-0")  # the warm-up's moment has passed by now
    assert s.app.find_all(semantics="round-good-1") or s.app.find_all(
        semantics="round-bad-1"
    )
    assert not s.app.find_all(semantics="card-picker")
    s.tap("round-mode-1-cards")
    s.app.wait_for(lambda: bool(s.app.find_all(semantics="card-picker")))


def test_the_first_meld_opens_on_the_grid_that_waited(flet_app, monkeypatch):
    """A moment after the round entry opens, the card grid is sent hidden
    (editor/dock.py), so the tap that opens the editor sends a few properties,
    not the grid's 53 keys again (about 30 KB, and Flutter building them
    while the finger waits): the grid shown is the very one that waited."""
    from support.round_screen import Screen

    from jolly_scorer.core.game import new_game
    from jolly_scorer.core.rules import find_rules
    from jolly_scorer.ui.screens.round_entry.editor import dock

    monkeypatch.setattr(dock, "WARM_UP", 0)
    s = Screen(flet_app, new_game(find_rules("jolly_at"), ["Anna", "Ben", "Cleo"]))
    s.app.wait_for(lambda: bool(s.app.find_all(semantics="round-editor-waiting")))
    waiting = s.app.find(semantics="card-picker")
    s.tap("round-closer-0")
    s.tap("round-add-meld-0")
    assert s.app.find_all(semantics="round-editor")
    assert s.app.find(semantics="card-picker") is waiting
    s.tap("pick-5h")
    assert s.app.find(semantics="card-picker") is waiting
