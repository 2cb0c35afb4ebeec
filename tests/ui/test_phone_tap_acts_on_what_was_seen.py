"""Entering together on a joined phone's page, reviewed (Flet harness): a tap
the phone sent before another device's change reached it acts on what the
person saw."""

from __future__ import annotations

import contextlib

from support.live_table import heard, meld, player

from jolly_scorer.store import Store


def test_a_lay_off_tapped_as_the_melds_move_lands_on_the_meld_seen(
    guest_page,  # noqa: F811
    tmp_path,
):
    app, _, own = guest_page
    with Store.open(tmp_path) as store:
        store.save_seat_part(own, 1, "Anna", player([meld("a1", ["7h", "8h", "9h"])]))
        store.save_seat_part(own, 1, "Cleo", player([meld("c1", ["Ks", "Kh", "Kd"])]))
    app.click(app.find(semantics="home-continue"))
    app.click(app.find(semantics="enter-round"))
    app.click(app.find(semantics="round-seat-1"))  # Ben
    app.click(app.find(semantics="round-add-layoff-1"))
    on_cleo = app.find(semantics="round-layoff-on-1-1")  # Cleo's kings, as seen
    assert "Cleo" in on_cleo.content.content
    # Anna puts down a second meld: it comes before Cleo's in every page's list
    with Store.open(tmp_path) as store:
        store.save_seat_part(
            own,
            1,
            "Anna",
            player([meld("a1", ["7h", "8h", "9h"]), meld("a2", ["2c", "3c", "4c"])]),
        )
    heard(
        app,
        tmp_path,
        own,
        until=lambda: bool(app.find_all(semantics="round-layoff-on-1-2")),
    )
    assert app.find_all(semantics="round-layoff-on-1-2")  # the page moved on
    app.click(on_cleo)  # the tap the phone sent before it heard of Anna's meld
    app.click(app.find(semantics="pick-X"))
    with Store.open(tmp_path) as store:
        layoffs = store.load_seat_parts(own, 1)["Ben"].data["layoffs"]
    assert [(lay["owner"], lay["meld"]) for lay in layoffs] == [("Cleo", "c1")]


def test_a_handglatt_tapped_as_the_closer_changed_is_not_given_to_the_new_one(
    guest_page,  # noqa: F811
    tmp_path,
):
    app, _, own = guest_page
    closer = {"closer": "Anna", "closer_chosen": True, "handglatt": False}
    with Store.open(tmp_path) as store:
        store.save_seat_part(own, 1, "", closer | {"discard": None})
    app.click(app.find(semantics="home-continue"))
    app.click(app.find(semantics="enter-round"))
    app.click(app.find(semantics="round-seat-1"))  # Ben
    switch = app.find(semantics="round-handglatt").content  # "Handglatt: Anna ..."
    with Store.open(tmp_path) as store:
        store.save_seat_part(own, 1, "", closer | {"closer": "Cleo", "discard": None})
    heard(
        app,
        tmp_path,
        own,
        until=lambda: any("Handglatt: Cleo" in t for t in app.texts()),
    )
    assert any("Handglatt: Cleo" in text for text in app.texts())
    with contextlib.suppress(Exception):  # the switch the phone showed is gone
        app.set_value(switch, True)  # the tap it sent before it heard
    with Store.open(tmp_path) as store:
        assert store.load_seat_parts(own, 1)[""].data["handglatt"] is False
    assert app.find(semantics="round-handglatt").content.value is False


def test_save_shows_a_change_made_elsewhere_a_moment_before_and_saves_nothing(
    guest_page,  # noqa: F811
    tmp_path,
):
    app, _, own = guest_page
    app.click(app.find(semantics="home-continue"))
    app.click(app.find(semantics="enter-round"))
    app.click(app.find(semantics="round-seat-1"))  # Ben
    app.click(app.find(semantics="round-count-all"))
    app.click(app.find(semantics="round-closer-0"))  # Anna went out
    app.type_text(app.find(semantics="round-good-0").content, "40")
    for seat in (1, 2):
        app.type_text(app.find(semantics=f"round-bad-{seat}").content, "5")
    app.click(app.find(semantics="round-done-1"))
    # another page made it a Handglatt just now; this page has not heard yet
    with Store.open(tmp_path) as store:
        part = store.load_seat_parts(own, 1)[""]
        store.save_seat_part(own, 1, "", part.data | {"handglatt": True})
    app.click(app.find(semantics="round-save"))
    with Store.open(tmp_path) as store:
        assert store.load_game(own).rounds == ()  # nothing saved yet
    assert app.find(semantics="round-notice")  # it says what changed
    assert app.find(semantics="round-handglatt").content.value is True
    app.click(app.find(semantics="round-save"))  # the round as shown now
    app.click(app.find(semantics="round-save-anyway"))  # (not everyone is done)
    with Store.open(tmp_path) as store:
        (saved,) = store.load_game(own).rounds
    assert saved.handglatt
