"""Entering together, reviewed: the ways a shared round could lose a part or
score wrong without anyone seeing it (two or three devices on one store)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from support.devices import PLAYERS, Device, enter_melds, fill_round, page_entry

from jolly_scorer.core.game import new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store, StoreError
from jolly_scorer.ui.models.round import parse_cards
from jolly_scorer.ui.screens.round_entry.together.shared import throw_away
from jolly_scorer.ui.screens.round_entry.together.sync import Shared


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    """A store of one game (Anna, Ben and Cleo), open for the test."""
    with Store.open(tmp_path) as setup:
        setup.create_game(new_game(find_rules("jolly_at"), PLAYERS))
    with Store.open(tmp_path) as store:
        yield store


def two_pages(
    store: Store,
    first_enters: Callable[[Device], object] | None = None,
    names: tuple[str, str] = ("host-1", "guest-2"),
) -> tuple[Device, Device]:
    """Two pages at the table; with ``first_enters``, the first page enters
    that and writes it before the second page opens (on those parts)."""
    first = Device(store, names[0])
    if first_enters is not None:
        first_enters(first)
        first.write()
    return first, Device(store, names[1])


def filled_on_the_hosts_page(store: Store) -> tuple[Device, Shared, Device]:
    """The host's round entry open on its page, a round filled there and
    written; then a phone opens."""
    host = Device(store, "host-1")
    page = page_entry(host)
    fill_round(host)
    host.write()
    return host, page, Device(store, "guest-2")


class FlakyStore:
    """The store, with its next read of the parts failing (a busy database)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.fail = 1

    def load_seat_parts(self, game_id: int, number: int):  # type: ignore[no-untyped-def]
        if self.fail:
            self.fail -= 1
            raise StoreError("database is locked")
        return self.store.load_seat_parts(game_id, number)

    def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
        return getattr(self.store, name)


def test_a_page_that_cannot_read_the_parts_does_not_wipe_them(store: Store) -> None:
    host, phone = two_pages(store, fill_round)
    flaky = FlakyStore(store)
    flaky.fail = 2  # the entry's start, and its first catch-up
    phone.state.store = flaky  # type: ignore[assignment]
    page = page_entry(phone)
    assert phone.entry.error  # it says it could not read the round
    parts = store.load_seat_parts(1, 1)
    assert parts[""].data["closer"] == "Anna"
    assert parts["Ben"].data["counted"] == {"good": 0, "bad": 5}
    phone.entry.set_points("Cleo", "bad", "9")  # entered meanwhile
    page.follow()  # the store answers again: the page catches up
    assert phone.entry.rounds.closer == "Anna"
    assert phone.entry.rounds.counted["Ben"].bad == 5
    assert phone.entry.rounds.counted["Cleo"].bad == 9  # kept, and written
    assert phone.entry.error is None
    parts = store.load_seat_parts(1, 1)
    assert parts["Cleo"].data["counted"] == {"good": 0, "bad": 9}
    assert parts[""].data["closer"] == "Anna"
    assert host.catch_up() == {"Cleo"}


def test_a_player_renamed_mid_round_keeps_their_part(store: Store) -> None:
    host, phone = two_pages(store)
    enter_melds(phone)
    phone.write()
    phone.state.device_seat.choose("Anna")
    host.state.go("board")
    assert host.state.rename_player("Anna", "Anne") is None
    phone.state.refresh(1)
    # the phone's entry was of players who are no longer: it leaves it
    assert phone.state.entering.follow_saved_round()
    assert phone.state.device_seat.load() == "Anne"
    for device in (host, phone):
        device.open()
        rounds = device.entry.rounds
        assert device.entry.error is None
        assert rounds.closer == "Anne"
        assert [m.owner for m in rounds.melds] == ["Anne"]
        assert [str(p.card) for p in rounds.melds[0].cards] == [
            "7h",
            "8h",
            "9h",
            "10h",
        ]
        assert rounds.layoffs_of("Ben") == [(0, parse_cards("10h")[0])]
    assert host.state.undo() is None  # the rename taken back
    host.open()
    assert host.entry.rounds.closer == "Anna"
    assert host.entry.rounds.melds[0].owner == "Anna"
    phone.state.refresh(1)
    assert phone.state.device_seat.load() == "Anna"  # the seat came back with the name
    phone.state.device_seat.choose(None)


def test_save_saves_nothing_when_the_others_parts_cannot_be_read(
    store: Store,
) -> None:
    host, page, phone = filled_on_the_hosts_page(store)
    phone.entry.set_points("Ben", "bad", "12")  # the host has not heard yet
    phone.write()
    flaky = FlakyStore(store)
    host.shared.store = flaky
    # Save first catches up; it cannot: the page says so and saves nothing
    assert page.follow() is False
    assert host.entry.error
    assert host.entry.rounds.counted["Ben"].bad == 5  # still the stale round
    assert page.follow() is True  # the store answers again
    assert host.entry.rounds.counted["Ben"].bad == 12


def test_save_does_not_save_a_change_the_saver_never_saw(store: Store) -> None:
    host, page, phone = filled_on_the_hosts_page(store)
    phone.entry.set_handglatt(True)  # Anna went out Handglatt, says Ben
    phone.write()
    # the host taps Save before its page heard of it: the page shows the
    # Handglatt first and says so; nothing is saved
    assert page.ready_to_save() is False
    assert host.entry.rounds.handglatt
    assert host.entry.notice == "Who went out's part was changed on another device"
    assert page.ready_to_save() is True  # the second tap saves what it shows
    # a Done tapped elsewhere changes nothing the saver looks at
    phone.catch_up()
    phone.entry.tap_done("Ben")
    phone.write()
    assert page.ready_to_save() is True


def test_a_lay_off_whose_meld_is_gone_is_the_same_meld_on_every_page(
    store: Store,
) -> None:
    host, phone = two_pages(store, enter_melds)
    # Anna's own page takes her meld back; Ben's lay-off on it stays his
    anna = dict(store.load_seat_parts(1, 1)["Anna"].data, melds=[])
    store.save_seat_part(1, 1, "Anna", anna)
    host.catch_up()
    phone.catch_up()
    keys = [[m.key for m in d.entry.rounds.melds] for d in (host, phone)]
    assert keys[0] == keys[1] and len(keys[0]) == 1
    assert phone.entry.rounds.melds[0].owner == "Ben"
    assert phone.entry.rounds.problems()  # 10h alone: Save is blocked
    phone.entry.set_points("Cleo", "bad", "3")
    phone.write()
    host.catch_up()  # merged again: the same meld, the same name
    assert [m.key for m in host.entry.rounds.melds] == keys[0]


def test_a_page_that_hears_of_the_parts_before_the_save_goes_to_the_board(
    store: Store,
) -> None:
    host, phone = two_pages(store, fill_round)
    page = page_entry(phone)
    assert host.save() is None  # the phone has not heard of it yet
    # the phone's catch-up (or its Save) finds the round gone: saved
    assert page.ready_to_save() is False
    assert phone.entry.closed
    assert phone.entry.rounds.closer == "Anna"  # not emptied meanwhile
    assert phone.state.nav.screen == "board"
    assert phone.state.notice == "Round 1 was saved on another device."


def test_the_hand_editor_closes_when_another_device_makes_its_player_closer(
    store: Store,
) -> None:
    host, phone = two_pages(store)
    phone.entry.choose_seat("Ben")  # the editor opens on Ben's hand
    assert phone.entry.editing is not None
    phone.entry.pick("Kd")
    phone.write()
    host.catch_up()
    host.entry.set_closer("Ben")  # Ben went out, says the host
    host.write()
    phone.catch_up()
    # cards tapped now would go into a hand that no longer counts
    assert phone.entry.editing is None


def test_a_meld_taken_back_keeps_the_others_lay_offs_on_it(store: Store) -> None:
    # (Ben's lay-off entered on Anna's phone too, then his phone opens)
    anna, ben = two_pages(store, enter_melds, ("guest-anna", "guest-ben"))
    ben.entry.rounds.set_hand("Ben", parse_cards("Kd Qs"))
    ben.write()
    anna.catch_up()
    anna.entry.delete_meld(0)  # Anna takes her run back on her phone
    assert sorted(anna.write()) == ["Anna", "Ben"]
    ben.catch_up()
    rounds = ben.entry.rounds
    # Ben's 10h is not dropped: it stays in sight as his, and blocks Save
    assert [(m.owner, m.plain) for m in rounds.melds] == [("Ben", parse_cards("10h"))]
    assert rounds.hands["Ben"] == list(parse_cards("Kd Qs"))
    assert ben.entry.save() is None and ben.entry.error


def test_a_round_no_page_can_read_can_be_thrown_away(store: Store) -> None:
    host = Device(store, "host-1")
    store.save_seat_part(1, 1, "", {"closer": "Zed"})  # renamed by the CLI, say
    page = page_entry(host)
    assert host.entry.error  # the round cannot be read: nothing is written
    assert page.ready_to_save() is False
    host.entry.set_points("Ben", "bad", "3")
    assert host.entry.cancel() is False  # asks first; "Throw away" confirms
    throw_away(page.together, host.entry)
    assert store.load_seat_parts(1, 1) == {}  # the table can start afresh


def test_done_tapped_for_a_player_keeps_what_they_entered_meanwhile(
    store: Store,
) -> None:
    host, phone = two_pages(store)
    phone.entry.choose_seat("Ben")
    phone.entry.pick("Kd")
    phone.write()
    host.catch_up()
    phone.entry.pick("Qs")  # Ben's last card ...
    phone.write()
    host.entry.tap_done("Ben")  # ... as the host taps "Ben is done"
    host.write()
    part = store.load_seat_parts(1, 1)["Ben"]
    assert part.data["hand"] == ["Kd", "Qs"]
    assert part.status == "done"
    assert host.entry.rounds.hands["Ben"] == list(parse_cards("Kd Qs"))
    assert host.entry.status("Ben") == "done"
    assert host.write() == []  # nothing stale is written back
    phone.catch_up()
    assert phone.entry.notice is None  # Ben's cards were not changed
    assert phone.entry.status("Ben") == "done"


def test_a_handglatt_tapped_for_one_closer_is_not_given_to_another(
    store: Store,
) -> None:
    host, phone = two_pages(store)
    phone.entry.set_closer("Anna")
    phone.write()
    host.catch_up()
    phone.entry.set_closer("Ben")  # Ben went out, not Anna
    phone.write()
    host.catch_up()
    # the host's tap on "Handglatt: Anna ..." was sent before it heard
    host.entry.set_handglatt(True, closer="Anna")
    assert host.entry.rounds.handglatt is False
    host.entry.set_handglatt(True, closer="Ben")  # the switch as shown now
    assert host.entry.rounds.handglatt is True


def test_everyone_counted_on_one_phone_keeps_the_cards_another_entered(
    store: Store,
) -> None:
    def annas_cards(anna: Device) -> None:
        anna.entry.choose_seat("Anna")
        anna.entry.pick("7h")
        anna.entry.pick("Kd")

    anna, ben = two_pages(store, annas_cards, ("guest-anna", "guest-ben"))
    ben.entry.count_all()  # "Everyone counted points", on Ben's phone
    ben.write()
    anna.catch_up()
    rounds = anna.entry.rounds
    assert rounds.modes == {"Anna": "cards", "Ben": "points", "Cleo": "points"}
    assert rounds.hands["Anna"] == list(parse_cards("7h Kd"))
    assert anna.entry.notice is None  # Anna's part was not touched


def test_a_past_round_edited_while_the_table_enters_the_next_keeps_its_parts(
    store: Store,
) -> None:
    host = Device(store, "host-1")
    fill_round(host)
    assert host.save() is None
    phone = Device(store, "guest-2")  # on round 2
    phone.entry.set_points("Ben", "bad", "8")
    phone.write()
    host.state.enter_round(0)  # the host corrects round 1 meanwhile
    edited = host.state.game.rounds[0]  # type: ignore[union-attr]
    corrected = dataclasses.replace(edited, handglatt=True)
    assert host.state.save_round(corrected) is None
    assert store.load_seat_parts(1, 2)["Ben"].data["counted"]["bad"] == 8
    phone.state.refresh(1)
    assert phone.state.entering.follow_saved_round() is False  # still round 2
    phone.entry.set_points("Cleo", "bad", "2")
    assert phone.write() == ["Cleo"]  # not refused
    host.state.go("board")
    assert host.state.undo() is None  # the correction taken back
    assert store.load_seat_parts(1, 2)["Cleo"].data["counted"]["bad"] == 2
