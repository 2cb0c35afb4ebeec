"""Round entry, kept parts while entering together (Flet harness): another
device's change replaces the round; every kept part shows it, and a tap the
phone sent on a kept part before it heard acts on what the person saw."""

from __future__ import annotations

from test_server_table import guest_page  # noqa: F401 (fixture)
from test_together_review_page import heard, meld, player

from jolly_scorer.store import Store


def open_as(app, seat):
    app.click(app.find(semantics="home-continue"))
    app.click(app.find(semantics="enter-round"))
    app.click(app.find(semantics=f"round-seat-{seat}"))


def test_a_meld_tapped_as_the_melds_move_opens_the_meld_seen(
    guest_page,  # noqa: F811
    tmp_path,
):
    app, _, own = guest_page
    with Store.open(tmp_path) as store:
        store.save_seat_part(own, 1, "Anna", player([meld("a1", ["7h", "8h", "9h"])]))
        store.save_seat_part(
            own,
            1,
            "Ben",
            player([meld("b1", ["Ks", "Kh", "Kd"]), meld("b2", ["2c", "3c", "4c"])]),
        )
    open_as(app, 1)  # Ben
    kings = app.find(semantics="round-meld-1-0")  # Ben's first meld, as seen
    assert "Ben's meld 1" in kings.label
    # Anna's meld goes (another device): Ben's melds move up the list
    with Store.open(tmp_path) as store:
        store.save_seat_part(own, 1, "Anna", player())
    heard(app, tmp_path, own)
    assert app.find(semantics="round-meld-1-1").label.startswith("Ben's meld 2")
    app.click(kings)  # the tap the phone sent before it heard
    app.click(app.find(semantics="pick-Kc"))  # the editor is open on it
    with Store.open(tmp_path) as store:
        melds = store.load_seat_parts(own, 1)["Ben"].data["melds"]
    by_key = {m["key"]: m["cards"] for m in melds}
    assert by_key["b2"] == ["2c", "3c", "4c"]  # never the meld next to it
    assert by_key["b1"] == ["Ks", "Kh", "Kd", "Kc"]  # the meld tapped
