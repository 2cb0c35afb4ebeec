"""Round entry, kept parts while entering together (Flet harness): another
device's change replaces the round; every kept part shows it, and a tap the
phone sent on a kept part before it heard acts on what the person saw."""

from __future__ import annotations

import time

from support.live_table import heard, meld, open_as, player

from jolly_scorer.store import Store


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
    heard(
        app, tmp_path, own, until=lambda: bool(app.find_all(semantics="round-meld-1-1"))
    )
    assert app.find(semantics="round-meld-1-1").label.startswith("Ben's meld 2")
    app.click(kings)  # the tap the phone sent before it heard
    app.click(app.find(semantics="pick-Kc"))  # the editor is open on it
    with Store.open(tmp_path) as store:
        melds = store.load_seat_parts(own, 1)["Ben"].data["melds"]
    by_key = {m["key"]: m["cards"] for m in melds}
    assert by_key["b2"] == ["2c", "3c", "4c"]  # never the meld next to it
    assert by_key["b1"] == ["Ks", "Kh", "Kd", "Kc"]  # the meld tapped


def test_every_change_another_device_makes_shows_as_on_a_screen_built_afresh(
    flet_app,
    tmp_path,
    monkeypatch,
    fresh,  # noqa: F811
):
    """Two phones on Ben's seat: one keeps its parts, one builds every part
    on every redraw. After each change another device stores, both show the
    same (a closer, Handglatt, a discard, a hand, counted points, a status,
    a meld and its lay-off, a problem)."""
    from support.kept import snapshot
    from support.live_table import make_games

    from jolly_scorer.tables.table import Access
    from jolly_scorer.ui import app as ui_app

    _, own = make_games(tmp_path)
    monkeypatch.setattr(ui_app, "current_access", lambda: Access("guest", "d"))
    phones = [
        flet_app(lambda page: ui_app.main(page, tmp_path), width=390, height=844)
        for _ in range(2)
    ]
    fresh.pages.add(id(phones[1].page))
    for app in phones:
        open_as(app, 1)  # Ben
        # the seat's own part opens in the editor (its grid sent at once)
        app.wait_for(lambda app=app: bool(app.find_all(semantics="pick-Kc")))
    assert snapshot(phones[0]) == snapshot(phones[1])

    def stored(seat, data, status="entering"):
        with Store.open(tmp_path) as store:
            store.save_seat_part(own, 1, seat, data, status=status, device="x")
        for app in phones:
            heard(app, tmp_path, own)
        # each page hears through a thread and runs only while it is settled:
        # both are settled in turn until they agree (a kept part shown stale
        # stays stale, and this times out)
        deadline = time.monotonic() + 20
        while snapshot(phones[0]) != snapshot(phones[1]):
            assert time.monotonic() < deadline, differ(*map(snapshot, phones))
            for app in phones:
                app.settle()
            time.sleep(0.02)

    closer = {"closer": "Anna", "closer_chosen": True, "handglatt": False}
    stored("", closer | {"discard": None})
    stored("", closer | {"discard": "Kc"})
    stored("", closer | {"handglatt": True, "discard": "Kc"})
    stored("Ben", player(hand=["Kc", "5h"]))
    stored("Ben", player(hand=["Kc", "5h"]), status="done")
    stored("Ben", player(hand=["Kc", "Kc", "Kc"]))  # a third copy: a problem
    stored("Ben", player([meld("b1", ["7h", "8h", "9h"])], hand=["5h"]))
    stored("Ben", player([meld("b1", ["7h", "8h", "Kd"])], hand=["5h"]))
    counted = player() | {"mode": "points", "counted": {"good": 0, "bad": 12}}
    stored("Ben", counted | {"entered": ["bad"]})
    stored("Ben", counted | {"counted": {"good": 0, "bad": 21}, "entered": ["bad"]})
    cleo = player([meld("c1", ["Qs", "Qh", "Qd"])])
    stored("Cleo", cleo)
    stored(
        "Ben",
        player(hand=["5h"])
        | {"layoffs": [{"owner": "Cleo", "meld": "c1", "cards": ["Qc"]}]},
    )
    stored("", {"closer": "Cleo", "closer_chosen": True, "handglatt": False})
    stored("Anna", player(hand=["2c"]), status="done")


def differ(kept: list[object], scratch: list[object]) -> str:
    """Where two snapshots part: the first line each shows there."""
    at = next(
        (i for i, (a, b) in enumerate(zip(kept, scratch, strict=False)) if a != b),
        min(len(kept), len(scratch)),
    )
    return (
        f"the two phones differ at line {at} of {len(kept)}/{len(scratch)}:\n"
        f"kept:    {kept[at : at + 3]}\nscratch: {scratch[at : at + 3]}"
    )


def test_two_melds_stored_under_one_key_both_show(
    guest_page,  # noqa: F811
    tmp_path,
):
    """A damaged part (another version, a crafted message) names two melds
    alike: the page still shows both, and a tap opens the one tapped."""
    app, _, own = guest_page
    twins = [meld("b1", ["Ks", "Kh", "Kd"]), meld("b1", ["2c", "3c", "4c"])]
    with Store.open(tmp_path) as store:
        store.save_seat_part(own, 1, "Ben", player(twins))
    open_as(app, 1)  # Ben
    assert app.find(semantics="round-meld-1-0").label == "Ben's meld 1"
    assert app.find(semantics="round-meld-1-1").label == "Ben's meld 2"
    app.click(app.find(semantics="round-meld-1-1"))
    app.click(app.find(semantics="pick-5c"))
    with Store.open(tmp_path) as store:
        melds = store.load_seat_parts(own, 1)["Ben"].data["melds"]
    assert [m["cards"] for m in melds] == [["Ks", "Kh", "Kd"], ["2c", "3c", "4c", "5c"]]
