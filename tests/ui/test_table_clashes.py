"""Two devices at one table act at the same moment (issue 34, items 3-5),
found by the table's fuzzer (``test_table_fuzz.py``) and checked here on the
models: a "not kept" names only what the page itself typed; a card tapped
into a part switched to counted points meanwhile is stored or refused with
a word; a card tapped on two devices at once is kept once and both say so.
Two devices are two AppStates on one store file (``support/devices.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from support.devices import PLAYERS, Device

from jolly_scorer.core.game import new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.i18n import Translator
from jolly_scorer.store import Store
from jolly_scorer.ui.models.round import Target
from jolly_scorer.ui.models.seat_parts import merge_part, tapped_twice
from jolly_scorer.ui.models.shared_round import twice_notice


@pytest.fixture
def devices(tmp_path: Path) -> Iterator[tuple[Device, Device]]:
    with Store.open(tmp_path) as setup:
        setup.create_game(new_game(find_rules("jolly_at"), PLAYERS))
    with Store.open(tmp_path) as one, Store.open(tmp_path) as two:
        yield Device(one, "host"), Device(two, "ben-phone")


def hand(device: Device, player: str) -> list[str]:
    return [str(c) for c in device.entry.rounds.hands[player]]


def test_a_page_names_only_what_it_typed_itself(
    devices: tuple[Device, Device],
) -> None:
    """34.4: the host switched everyone to counted points (it wrote Ben's
    part) and never typed for Ben; Ben's phone typed 4, then 5. Before, the
    host said "not kept: Good points 4"."""
    host, ben = devices
    host.entry.count_all()
    host.write()
    ben.catch_up()
    ben.entry.set_points("Ben", "bad", "4")
    ben.write()
    host.catch_up()
    assert host.entry.rounds.counted["Ben"].bad == 4
    ben.entry.set_points("Ben", "bad", "5")
    ben.write()
    host.catch_up()
    assert host.entry.rounds.counted["Ben"].bad == 5
    assert "not kept" not in (host.entry.notice or "")
    # what the host typed itself and lost is named
    host.entry.set_points("Ben", "bad", "7")
    ben.entry.set_points("Ben", "bad", "8")
    host.write()
    ben.write()  # later: 8 wins
    host.catch_up()
    assert host.entry.notice == (
        "Ben's part was changed on another device; not kept: Bad points 7"
    )
    assert "not kept" not in (ben.entry.notice or "")


def test_a_card_tapped_while_another_switched_to_points_is_kept(
    devices: tuple[Device, Device],
) -> None:
    """34.3: everyone counted on the host while Ben's phone tapped 2♣ into
    his hand (neither had heard): the card counts, Ben enters cards."""
    host, ben = devices
    ben.entry.edit(Target("hand", "Ben"))
    host.entry.count_all()
    host.write()
    ben.entry.pick("2c")
    ben.write()  # merged with the host's switch
    host.catch_up()
    ben.catch_up()
    for device in (host, ben):
        assert device.entry.rounds.modes["Ben"] == "cards"
        assert hand(device, "Ben") == ["2c"]
    base = {"mode": "cards", "hand": []}
    merged = merge_part(base, {"mode": "cards", "hand": ["2c"]}, {"mode": "points"})
    assert merged["mode"] == "cards" and merged["hand"] == ["2c"]


def test_a_card_tapped_into_a_hand_that_counts_points_now_is_refused_in_words(
    devices: tuple[Device, Device],
) -> None:
    """34.3: the phone had heard the switch but its hand editor was open:
    the tap is refused and the page says so (before: stored in a hand no
    page counts, and the page showed the card)."""
    host, ben = devices
    ben.entry.edit(Target("hand", "Ben"))
    host.entry.count_all()
    host.write()
    ben.catch_up()
    ben.entry.pick("2c")
    assert ben.entry.notice == "Ben counts points now; not entered: 2♣"
    assert hand(ben, "Ben") == [] and ben.entry.editing is None
    for language in ("de", "fi"):
        t = Translator(language)
        text = t("{name} counts points now; not entered: {card}", name="B", card="2♣")
        assert "counts points" not in text


def test_a_card_tapped_on_two_devices_at_once_is_kept_once_and_both_say_so(
    devices: tuple[Device, Device],
) -> None:
    """34.5: the host and Ben's phone tap 7♠ into Ben's hand in the same
    moment: one 7♠ is kept (before: one or two, by chance, and no word)."""
    host, ben = devices
    for device in (host, ben):
        device.entry.edit(Target("hand", "Ben"))
    ben.entry.pick("8h")  # another card too: the parts differ
    ben.entry.pick("7s")
    host.entry.pick("7s")
    ben.write()
    host.write()  # later: merged
    host.catch_up()
    ben.catch_up()
    for device in (host, ben):
        assert sorted(hand(device, "Ben")) == ["7s", "8h"]
        assert device.entry.notice is not None
        assert "7♠ was tapped on two devices; kept once" in device.entry.notice
    assert tapped_twice({}, {"hand": ["7s"]}, {"hand": ["7s", "7s"]}) == ["7s"]
    assert twice_notice(Translator("de"), ["7♠"]) == (
        "7♠ wurde auf zwei Geräten getippt; einmal übernommen"
    )
    assert "kahdella" in twice_notice(Translator("fi"), ["7♠"])


def test_a_field_shows_what_is_stored_after_two_phones_typed_at_once() -> None:
    """34.2: Ben's phone (on Dora's seat too) types 7 into Dora's bad
    points; Dora's phone draws the 7, but Dora had typed 4 before that
    drawing reached her browser: her browser shows 7 while the store (and
    the server's copy of the field) hold her 4, the later. Before, nothing
    more was sent: the field showed 7 for good. The server sends the
    field's number again."""
    import re

    from support.table_fuzz import table

    with table() as fuzz:
        ben, dora = fuzz.pages[1], fuzz.pages[3]
        dora.app.click(fuzz.ids(dora, "round-mode-3-points")[0])
        fuzz.still()
        ben.app.click(fuzz.ids(ben, "round-seat-change")[0])
        fuzz.still()
        ben.app.click(fuzz.ids(ben, "round-seat-3")[0])
        fuzz.still()
        ben.app.type_text(fuzz.ids(ben, "round-bad-3")[0].content, "7")
        field = fuzz.ids(dora, "round-bad-3")[0].content
        fuzz.deliver()  # Dora's page hears: the 7 is drawn, sent to her browser
        dora.app.settle()
        assert fuzz.ids(dora, "round-bad-3")[0].content.value == "7"
        # ... but her browser had typed 4 already: its text, then its change
        dora.app.session.apply_patch(field._i, {"value": "4"})
        sent = len(dora.app.conn.messages)
        dora.app.fire(field, "change", "4")
        fuzz.still()
        _, parts = fuzz.stored()
        assert parts["Dora"].data["counted"]["bad"] == 4
        # the browser is told the field's number again (it shows 7 otherwise)
        patches = repr(dora.app.conn.messages[sent:])
        assert re.search(r"'value', '4'\]", patches)


def test_a_hand_editor_closes_when_another_device_switches_its_part_to_points(
    devices: tuple[Device, Device],
) -> None:
    """34.3's leftover: Ben's phone has his hand editor open with 2♣ in it;
    the host switches Ben to counted points (its write is later and wins).
    Ben's phone then says "not kept: 2♣" (true) and its editor closes:
    before, it stayed open on 2♣ with the hand's points beside it, a field
    showing what is not stored. A tap that was on its way to the picker
    meanwhile is refused in words, never dropped silently."""
    host, ben = devices
    ben.entry.edit(Target("hand", "Ben"))
    ben.entry.pick("2c")
    ben.write()
    host.catch_up()
    host.entry.set_mode("Ben", "points")
    host.write()
    ben.catch_up()
    assert ben.entry.rounds.modes["Ben"] == "points"
    assert ben.entry.notice == (
        "Ben's part was changed on another device; not kept: 2♣"
    )
    assert ben.entry.editing is None
    ben.entry.pick("3c")  # the tap on the picker the page still showed
    assert ben.entry.notice == "Ben counts points now; not entered: 3♣"
    assert ben.entry.rounds.modes["Ben"] == "points"
    # another player's editor stays open through a switch of Ben's part
    ben.entry.edit(Target("hand", "Cleo"))
    ben.entry.pick("4c")
    host.entry.set_mode("Ben", "cards")
    host.write()
    ben.catch_up()
    assert ben.entry.editing is not None
    assert ben.entry.editing.target == Target("hand", "Cleo")
