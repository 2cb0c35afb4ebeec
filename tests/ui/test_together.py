"""Entering a round together, in process: two AppStates on one store file act
as two devices at the table (a host and a phone, or two phones).

Each device holds what its round entry holds (a ``RoundEntryModel`` and its
``SharedRound``); what one stores, the other catches up with.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from support.devices import PLAYERS, Device, fill_round

from jolly_scorer.core.game import new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store
from jolly_scorer.store.store import close_shared_stores, shared_store
from jolly_scorer.ui.models.round import RoundModel, RoundTaken, Target, parse_cards


@pytest.fixture(params=["shared", "two stores"])
def stores(
    request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[tuple[Store, Store]]:
    """Two devices' stores: the server's one shared store, or two connections."""
    with Store.open(tmp_path) as setup:
        setup.create_game(new_game(find_rules("jolly_at"), PLAYERS))
    if request.param == "shared":
        store = shared_store(tmp_path)
        yield store, shared_store(tmp_path)
        close_shared_stores()
    else:
        with Store.open(tmp_path) as one, Store.open(tmp_path) as two:
            yield one, two


@pytest.fixture
def devices(stores: tuple[Store, Store]) -> tuple[Device, Device]:
    return Device(stores[0], "host-1"), Device(stores[1], "guest-2")


def test_a_change_on_one_device_shows_on_the_other(
    devices: tuple[Device, Device],
) -> None:
    host, phone = devices
    phone.entry.set_points("Ben", "bad", "12")
    assert phone.write() == ["Ben"]
    assert phone.told == [1]
    assert host.catch_up() == {"Ben"}
    assert host.entry.rounds.counted["Ben"].bad == 12
    assert host.entry.points_text("Ben", "bad") == "12"
    assert host.entry.status("Ben") == "entering"
    assert host.entry.status("Anna") is None
    assert host.entry.rounds.preview().scores["Ben"].score == -12
    assert host.entry.notice is None  # not a part the host entered


def test_only_the_parts_that_changed_are_written(
    devices: tuple[Device, Device],
) -> None:
    host, _ = devices
    host.entry.set_closer("Anna")
    assert host.write() == [""]
    revision = host.shared.revisions[""]
    host.entry.set_points("Cleo", "bad", "7")
    assert host.write() == ["Cleo"]
    assert host.shared.revisions[""] == revision
    assert host.write() == []  # nothing changed: nothing written


def test_text_typed_for_another_player_is_not_clobbered(
    devices: tuple[Device, Device],
) -> None:
    host, phone = devices
    phone.entry.select_player("Cleo")
    phone.entry.edit(Target("hand", "Cleo"))
    phone.entry.typed("7h 8h Q")  # half typed: "Q" is not a card yet
    phone.entry.set_points("Ben", "bad", "1x")  # refused, kept with its message
    host.entry.set_points("Anna", "good", "40")
    host.write()
    assert phone.catch_up() == {"Anna"}
    assert phone.entry.rounds.counted["Anna"].good == 40
    assert phone.entry.player == "Cleo"
    editing = phone.entry.editing
    assert editing is not None and editing.text == "7h 8h Q" and editing.bad
    assert phone.entry.points_text("Ben", "bad") == "1x"
    assert phone.entry.points_error("Ben", "bad")


def test_the_later_change_wins_and_the_other_device_is_told(
    devices: tuple[Device, Device],
) -> None:
    host, phone = devices
    host.entry.set_points("Anna", "good", "20")
    host.write()
    phone.catch_up()
    phone.entry.set_points("Anna", "good", "30")
    phone.write()
    assert host.catch_up() == {"Anna"}
    assert host.entry.rounds.counted["Anna"].good == 30
    assert host.entry.points_text("Anna", "good") == "30"
    assert host.entry.notice == (  # what the host had entered is named
        "Anna's part was changed on another device; not kept: Good points 20"
    )
    assert phone.catch_up() == set()  # its own write: nothing new, no notice
    assert phone.entry.notice is None


def test_both_write_the_same_player_at_once_the_later_is_kept(
    devices: tuple[Device, Device],
) -> None:
    host, phone = devices
    host.entry.set_points("Ben", "bad", "5")
    phone.entry.set_points("Ben", "bad", "9")
    host.write()
    phone.write()  # later: kept
    host.catch_up()
    phone.catch_up()
    assert host.entry.rounds.counted["Ben"].bad == 9
    assert phone.entry.rounds.counted["Ben"].bad == 9
    assert host.entry.notice == (
        "Ben's part was changed on another device; not kept: Bad points 5"
    )


def test_done_is_shown_everywhere_and_editing_again_takes_it_back(
    devices: tuple[Device, Device],
) -> None:
    host, phone = devices
    phone.entry.choose_seat("Cleo")
    phone.entry.set_points("Cleo", "bad", "6")
    phone.entry.tap_done("Cleo")
    assert phone.entry.status("Cleo") == "done"
    phone.write()
    host.catch_up()
    assert host.entry.status("Cleo") == "done"
    phone.entry.set_points("Cleo", "bad", "8")  # edits again: not done
    phone.write()
    assert phone.entry.status("Cleo") == "entering"
    host.catch_up()
    assert host.entry.status("Cleo") == "entering"
    phone.entry.tap_done("Cleo")
    phone.write()
    phone.entry.tap_done("Cleo")  # a second tap takes Done back
    phone.write()
    host.catch_up()
    assert host.entry.status("Cleo") == "entering"


def test_save_asks_while_someone_is_not_done(devices: tuple[Device, Device]) -> None:
    host, phone = devices
    fill_round(host)
    host.entry.tap_done("Anna")
    assert host.save(anyway=False) == "asked"
    assert host.entry.confirm_save
    assert host.state.game is not None and not host.state.game.rounds
    for name in ("Ben", "Cleo"):
        host.entry.tap_done(name)
    assert host.entry.everyone_done()
    assert host.save(anyway=False) is None  # everyone done: no question
    assert host.state.game is not None and len(host.state.game.rounds) == 1


def test_a_save_by_one_device_clears_everyones_round(
    devices: tuple[Device, Device], stores: tuple[Store, Store]
) -> None:
    host, phone = devices
    fill_round(host)
    host.write()
    phone.catch_up()
    assert phone.save() is None
    game_id = phone.state.game_id
    assert game_id is not None
    assert stores[0].load_seat_parts(game_id, 1) == {}
    # the host hears it: the board with the saved round, an empty next round
    host.state.refresh(game_id)
    assert host.state.entering.follow_saved_round()
    assert host.state.nav.screen == "board"
    assert host.state.notice == "Round 1 was saved on another device."
    assert host.state.game is not None and len(host.state.game.rounds) == 1
    host.open()
    assert host.shared.number == 2
    assert not host.entry.rounds.has_entries()


def test_a_round_is_never_saved_twice(devices: tuple[Device, Device]) -> None:
    host, phone = devices
    fill_round(host)
    host.write()
    phone.catch_up()
    assert host.save() is None
    taken = phone.save()
    assert isinstance(taken, RoundTaken) and taken.number == 1
    assert phone.state.game is not None and len(phone.state.game.rounds) == 1
    assert host.state.game is not None
    host.state.refresh(host.state.game_id or 0)
    assert len(host.state.game.rounds) == 1


def test_a_page_that_comes_back_catches_up(devices: tuple[Device, Device]) -> None:
    host, phone = devices
    phone.entry.set_points("Ben", "bad", "4")
    phone.entry.tap_done("Ben")
    phone.write()
    host.entry.set_closer("Cleo")
    host.write()
    # a page opened (or reloaded) now shows the round as stored
    again = Device(phone.state.store, "guest-2")  # type: ignore[arg-type]
    assert again.entry.rounds.closer == "Cleo"
    assert again.entry.rounds.counted["Ben"].bad == 4
    assert again.entry.status("Ben") == "done"


def test_the_editor_stays_on_its_meld_when_melds_move(
    devices: tuple[Device, Device],
) -> None:
    host, phone = devices
    phone.entry.new_meld("Cleo")
    for code in ("7h", "8h", "9h"):
        phone.entry.pick(code)
    editing = phone.entry.editing
    assert editing is not None and editing.target is not None
    key = phone.entry.rounds.melds[editing.target.meld or 0].key
    phone.write()
    host.entry.rounds.add_meld("Anna", parse_cards("Qs Qh Qd"))
    host.write()
    phone.catch_up()
    melds = phone.entry.rounds.melds
    assert [m.owner for m in melds] == ["Anna", "Cleo"]  # seat order
    editing = phone.entry.editing
    assert editing is not None and editing.target is not None
    assert melds[editing.target.meld or 0].key == key
    assert editing.text == "7h 8h 9h"


def test_an_old_draft_is_taken_over_once(stores: tuple[Store, Store]) -> None:
    store = stores[0]
    game_id = store.list_games()[0].id
    old = RoundModel(store.load_game(game_id))
    old.set_closer("Ben")
    old.set_counted("Cleo", bad=3)
    store.save_draft(game_id, old.to_draft())
    host = Device(store, "host-1")
    assert host.entry.rounds.closer == "Ben"
    assert host.entry.rounds.counted["Cleo"].bad == 3
    assert store.load_draft(game_id) is None  # offered once
    phone = Device(stores[1], "guest-2")  # the other page sees it too
    assert phone.entry.rounds.closer == "Ben"


def test_a_seat_is_remembered_per_device_and_game(
    devices: tuple[Device, Device],
) -> None:
    host, phone = devices
    assert phone.state.device_seat.load() is None
    phone.state.device_seat.choose("Ben")
    assert phone.state.device_seat.load() == "Ben"
    assert host.state.device_seat.load() is None  # another device
    again = Device(phone.state.store, "guest-2")  # type: ignore[arg-type]
    assert again.state.device_seat.load() == "Ben"  # a reload keeps it
    phone.state.device_seat.choose(None)
    assert phone.state.device_seat.load() is None


def test_a_joined_device_shares_only_the_tables_game(
    stores: tuple[Store, Store],
) -> None:
    from jolly_scorer.tables.guest_store import GuestStore, NotTheTablesGame

    store = stores[1]
    table_game = store.list_games()[0].id
    other = store.create_game(new_game(find_rules("jolly_at"), ["Otto", "Pia"]))
    host = Device(stores[0], "host-1")  # the newest game: Otto's
    assert host.state.game_id == other
    guest_store = GuestStore(store, lambda: table_game)
    phone = Device(guest_store, "guest-2")  # type: ignore[arg-type]
    assert phone.state.game_id == table_game  # pinned by the host, not the newest
    phone.entry.set_points("Ben", "bad", "3")
    assert phone.write() == ["Ben"]
    assert stores[0].load_seat_parts(table_game, 1)["Ben"].device == "guest-2"
    with pytest.raises(NotTheTablesGame):
        guest_store.save_seat_part(other, 1, "Otto", {}, device="guest-2")
    with pytest.raises(NotTheTablesGame):
        guest_store.load_seat_parts(other, 1)
    with pytest.raises(NotTheTablesGame):
        guest_store.replace_seat_parts(other, 1, {"Otto": ({}, "done", "guest-2")})
    assert stores[0].load_seat_parts(other, 1) == {}
    ben = guest_store.load_seat_parts(table_game, 1)["Ben"]
    guest_store.replace_seat_parts(table_game, 1, {"Ben": (ben.data, "done", "g")})
    assert stores[0].load_seat_parts(table_game, 1)["Ben"].status == "done"


def test_a_part_written_after_the_round_was_saved_is_refused(
    devices: tuple[Device, Device],
) -> None:
    from jolly_scorer.store.errors import StoreConflict

    host, phone = devices
    fill_round(host)
    assert host.save() is None
    phone.entry.set_points("Ben", "bad", "9")  # has not heard of the save yet
    with pytest.raises(StoreConflict):
        phone.write()
    phone.state.entering.round_saved_elsewhere()  # what the page does then
    assert phone.state.nav.screen == "board"
    assert phone.state.notice == "Round 1 was saved on another device."
    game = phone.state.game
    assert game is not None and len(game.rounds) == 1


def test_a_host_alone_at_the_table_saves_without_the_question(
    devices: tuple[Device, Device],
) -> None:
    host, _ = devices
    fill_round(host)
    assert host.save(anyway=False) is None  # nobody else entered, nobody Done
    assert host.state.game is not None and len(host.state.game.rounds) == 1


def test_once_a_phone_entered_its_part_save_asks(
    devices: tuple[Device, Device],
) -> None:
    host, phone = devices
    phone.entry.set_points("Ben", "bad", "5")
    phone.write()
    host.catch_up()
    fill_round(host)
    assert host.save(anyway=False) == "asked"
    assert host.save(anyway=True) is None


def test_a_round_taken_back_leaves_the_round_being_entered(
    devices: tuple[Device, Device], stores: tuple[Store, Store]
) -> None:
    host, phone = devices
    fill_round(host)
    assert host.save() is None
    game_id = host.state.game_id
    assert game_id is not None
    phone.state.refresh(game_id)
    phone.state.entering.follow_saved_round()
    phone.open()  # round 2 on the phone
    phone.entry.set_points("Ben", "bad", "4")
    phone.write()
    assert stores[0].load_seat_parts(game_id, 2)
    assert host.state.undo() is None  # round 1 taken back
    assert stores[0].load_seat_parts(game_id, 2) == {}  # no stale round 2
    phone.state.refresh(game_id)
    assert phone.state.entering.follow_saved_round()
    assert phone.state.nav.screen == "board"
    assert phone.state.notice == "The game was changed on another device."
