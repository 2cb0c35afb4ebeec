"""Two devices change one player's part at the same moment (issue 18, item 1):
the changes merge card by card (a three-way merge against the part both
started from), and where they truly conflict the page whose entry was not
kept names it.

Two devices are two AppStates on one store file, as in ``test_together.py``;
"at the same moment" is both having read the same revision of the part before
either writes (what a tap on two phones within one round trip gives).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.devices import PLAYERS, Device

from jolly_scorer.core.cards import parse_cards
from jolly_scorer.core.game import new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store
from jolly_scorer.store.seat_parts import PartWrittenSince
from jolly_scorer.ui.models.round import Target
from jolly_scorer.ui.models.seat_parts import lost_from, merge_part


@pytest.fixture
def devices(tmp_path: Path) -> Iterator[tuple[Device, Device]]:
    with Store.open(tmp_path) as setup:
        setup.create_game(new_game(find_rules("jolly_at"), PLAYERS))
    with Store.open(tmp_path) as one, Store.open(tmp_path) as two:
        yield Device(one, "ben-phone"), Device(two, "cleo-phone")


def tap(device: Device, target: Target, *codes: str) -> None:
    """Open the editor on ``target`` and tap cards on the picker."""
    device.entry.edit(target)
    for code in codes:
        device.entry.pick(code)


def hand(device: Device, player: str) -> list[str]:
    return [str(c) for c in device.entry.rounds.hands[player]]


# -- the store: a write over a part written since it was read is refused ------


def test_a_part_written_since_it_was_read_is_not_written_over(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        game_id = store.create_game(new_game(find_rules("jolly_at"), PLAYERS))
        first = store.save_seat_part(game_id, 1, "Ben", {"hand": ["7h"]}, expected=0)
        with pytest.raises(PartWrittenSince):  # read as absent: it is not now
            store.save_seat_part(game_id, 1, "Ben", {"hand": ["8h"]}, expected=0)
        with pytest.raises(PartWrittenSince):
            store.save_seat_part(
                game_id, 1, "Ben", {"hand": ["8h"]}, expected=first.revision - 1
            )
        assert store.load_seat_parts(game_id, 1)["Ben"].data == {"hand": ["7h"]}
        store.save_seat_part(
            game_id, 1, "Ben", {"hand": ["7h", "8h"]}, expected=first.revision
        )
        assert store.load_seat_parts(game_id, 1)["Ben"].data["hand"] == ["7h", "8h"]


# -- the merge of one part --------------------------------------------------


def test_cards_added_on_both_devices_are_both_kept() -> None:
    base: dict[str, Any] = {"hand": ["2c"], "melds": [{"key": "a", "cards": ["7h"]}]}
    mine = {"hand": ["2c", "Kd"], "melds": [{"key": "a", "cards": ["7h", "8h"]}]}
    theirs = {"hand": ["2c", "Qs"], "melds": [{"key": "a", "cards": ["7h", "9h"]}]}
    merged = merge_part(base, mine, theirs)
    assert merged["hand"] == ["2c", "Qs", "Kd"]
    assert merged["melds"] == [{"key": "a", "cards": ["7h", "9h", "8h"]}]


def test_a_card_taken_out_on_one_device_goes_and_a_meld_added_stays() -> None:
    base = {"hand": ["2c", "3c"], "melds": [], "layoffs": []}
    mine = {"hand": ["3c"], "melds": [], "layoffs": []}
    theirs = {
        "hand": ["2c", "3c"],
        "melds": [{"key": "b", "cards": ["Qh", "Qs", "Qd"]}],
        "layoffs": [{"owner": "Anna", "meld": "m1", "cards": ["9h"]}],
    }
    merged = merge_part(base, mine, theirs)
    assert merged["hand"] == ["3c"]
    assert merged["melds"] == theirs["melds"]
    assert merged["layoffs"] == theirs["layoffs"]


def test_a_meld_taken_out_while_the_other_added_to_it_keeps_its_cards() -> None:
    base = {"melds": [{"key": "a", "cards": ["7h", "8h", "9h"]}]}
    mine: dict[str, Any] = {"melds": []}
    theirs = {"melds": [{"key": "a", "cards": ["7h", "8h", "9h", "Th"]}]}
    assert merge_part(base, mine, theirs) == theirs


def test_one_card_put_in_two_places_stays_where_the_later_put_it() -> None:
    base = {"hand": ["7h"], "melds": [{"key": "a", "cards": ["8h", "9h"]}]}
    mine = {"hand": [], "melds": [{"key": "a", "cards": ["8h", "9h", "7h"]}]}
    theirs = {
        "hand": [],
        "melds": [
            {"key": "a", "cards": ["8h", "9h"]},
            {"key": "b", "cards": ["7h"]},
        ],
    }
    merged = merge_part(base, mine, theirs)
    assert merged == {"hand": [], "melds": [{"key": "a", "cards": ["8h", "9h", "7h"]}]}
    assert lost_from(theirs, merged) == []  # the card is there, elsewhere
    assert lost_from({"counted": {"good": 0, "bad": 5}}, {"counted": None}) == [
        ("bad", "5")
    ]


def test_counted_points_merge_field_by_field_and_the_later_wins_a_clash() -> None:
    base = {"counted": {"good": 0, "bad": 0}}
    mine = {"counted": {"good": 10, "bad": 0}}
    theirs = {"counted": {"good": 0, "bad": 7}}
    assert merge_part(base, mine, theirs) == {"counted": {"good": 10, "bad": 7}}
    clash = merge_part(base, mine, {"counted": {"good": 20, "bad": 0}})
    assert clash == {"counted": {"good": 10, "bad": 0}}


# -- two devices -----------------------------------------------------------


def test_two_taps_on_one_part_at_the_same_moment_keep_both_cards(
    devices: tuple[Device, Device],
) -> None:
    """The issue's case: failed before (the later write's hand replaced the
    earlier one whole: 7♥ was gone and nobody was told which)."""
    ben, cleo = devices
    tap(ben, Target("hand", "Ben"), "7h")
    tap(cleo, Target("hand", "Ben"), "8h")  # Cleo's phone on Ben's part
    assert ben.write() == ["Ben"]
    assert cleo.write() == ["Ben"]  # read before Ben's write: merged
    ben.catch_up()
    cleo.catch_up()
    assert sorted(hand(ben, "Ben")) == sorted(hand(cleo, "Ben")) == ["7h", "8h"]
    assert cleo.entry.notice is None  # nothing of Cleo's was dropped
    # Ben's phone is told its part changed, but nothing of it is lost
    assert ben.entry.notice == "Ben's part was changed on another device"


def test_melds_built_on_two_devices_at_once_are_all_kept(
    devices: tuple[Device, Device],
) -> None:
    ben, cleo = devices
    ben.entry.rounds.add_meld("Ben", parse_cards("7h 8h 9h"))
    cleo.entry.rounds.add_meld("Ben", parse_cards("Qs Qd Qc"))
    tap(cleo, Target("hand", "Ben"), "2c")
    ben.write()
    cleo.write()
    ben.catch_up()
    for device in (ben, cleo):
        melds = sorted(
            " ".join(str(c) for c in m.plain)
            for m in device.entry.rounds.melds
            if m.owner == "Ben"
        )
        assert melds == ["7h 8h 9h", "Qs Qd Qc"]
        assert hand(device, "Ben") == ["2c"]


def test_a_clash_is_named_on_the_page_whose_entry_was_not_kept(
    devices: tuple[Device, Device],
) -> None:
    ben, cleo = devices
    ben.entry.set_points("Ben", "bad", "5")
    cleo.entry.set_points("Ben", "bad", "9")
    ben.write()
    cleo.write()  # later: 9 wins
    ben.catch_up()
    assert ben.entry.rounds.counted["Ben"].bad == 9
    assert ben.entry.notice == (
        "Ben's part was changed on another device; not kept: Bad points 5"
    )


def test_a_card_moved_to_two_places_is_named_where_it_was_not_kept(
    devices: tuple[Device, Device],
) -> None:
    ben, cleo = devices
    meld = ben.entry.rounds.add_meld("Ben", parse_cards("8h 9h"))
    tap(ben, Target("hand", "Ben"), "7h")
    ben.write()
    cleo.catch_up()
    # the same 7h: Ben's phone moves it to a meld of its own, Cleo's to the run
    ben.entry.rounds.set_hand("Ben", [])
    ben.entry.rounds.add_meld("Ben", parse_cards("7h"))
    cleo.entry.rounds.set_hand("Ben", [])
    cleo.entry.edit(Target("meld", "Ben", meld))
    cleo.entry.pick("7h")
    ben.write()
    cleo.write()  # later: the 7h goes on the run
    ben.catch_up()
    cleo.catch_up()
    for device in (ben, cleo):
        cards = [str(c) for m in device.entry.rounds.melds for c in m.plain]
        assert sorted(cards) == ["7h", "8h", "9h"]
        assert hand(device, "Ben") == []
    assert cleo.entry.notice is None
    assert ben.entry.notice is not None  # its own meld of 7h was not kept
    assert "Ben" in ben.entry.notice


def test_writes_racing_in_threads_lose_no_card(tmp_path: Path) -> None:
    """Two devices writing one part from two threads, many times: every card
    tapped is in the part at the end (the store refuses a write over a part
    written since it was read, and the device merges again)."""
    with Store.open(tmp_path) as setup:
        setup.create_game(new_game(find_rules("jolly_at"), PLAYERS))
    with Store.open(tmp_path) as one, Store.open(tmp_path) as two:
        devices = Device(one, "ben-phone"), Device(two, "cleo-phone")
        codes = {
            devices[0]: ["2h", "3h", "4h", "5h", "6h", "7h"],
            devices[1]: ["2s", "3s", "4s", "5s", "6s", "7s"],
        }
        start = threading.Barrier(2)
        errors: list[BaseException] = []

        def run(device: Device) -> None:
            try:
                start.wait()
                for code in codes[device]:
                    device.entry.rounds.add_card(
                        Target("hand", "Ben"), parse_cards(code)[0]
                    )
                    device.write()
            except BaseException as error:  # pragma: no cover - reported below
                errors.append(error)

        threads = [threading.Thread(target=run, args=(d,)) for d in devices]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert not errors
        for device in devices:
            device.catch_up()
        stored = one.load_seat_parts(1, 1)["Ben"].data["hand"]
        assert sorted(stored) == sorted(codes[devices[0]] + codes[devices[1]])
