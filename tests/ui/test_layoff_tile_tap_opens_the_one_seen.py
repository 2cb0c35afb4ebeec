"""Review (this session's reviewer), on a joined phone's page (Flet harness):
a tap the phone sent before another device's change reached it acts on what
the person saw: here the tile of one of Ben's lay-offs."""

from __future__ import annotations

from support.live_table import heard, meld, player

from jolly_scorer.store import Store


def layoff(owner, key, cards):
    return {"owner": owner, "meld": key, "cards": cards}


def test_a_lay_off_tile_tapped_as_the_lay_offs_move_opens_the_one_seen(
    guest_page,  # noqa: F811
    tmp_path,
):
    app, _, own = guest_page
    with Store.open(tmp_path) as store:
        store.save_seat_part(own, 1, "Anna", player([meld("a1", ["7h", "8h", "9h"])]))
        store.save_seat_part(own, 1, "Cleo", player([meld("c1", ["Ks", "Kh", "Kd"])]))
        ben = player() | {"layoffs": [layoff("Cleo", "c1", ["Kc"])]}
        store.save_seat_part(own, 1, "Ben", ben)
    app.click(app.find(semantics="home-continue"))
    app.click(app.find(semantics="enter-round"))
    app.click(app.find(semantics="round-seat-1"))  # Ben
    on_cleo = app.find(semantics="round-layoff-1-1")  # "Laid off K♣ on Cleo's"
    # the host enters Ben's 10h on Anna's run (the table said so)
    with Store.open(tmp_path) as store:
        both = [layoff("Anna", "a1", ["10h"]), layoff("Cleo", "c1", ["Kc"])]
        store.save_seat_part(own, 1, "Ben", ben | {"layoffs": both})
    heard(
        app,
        tmp_path,
        own,
        until=lambda: bool(app.find_all(semantics="round-layoff-1-0")),
    )
    assert app.find_all(semantics="round-layoff-1-0")  # the page moved on
    app.click(on_cleo)  # the tap the phone sent before it heard
    app.click(app.find(semantics="pick-Qc"))  # hm, a queen: on the kings?
    with Store.open(tmp_path) as store:
        layoffs = store.load_seat_parts(own, 1)["Ben"].data["layoffs"]
    # Qc goes where Ben tapped: on Cleo's kings (shown as a problem there)
    assert {(lay["owner"], tuple(lay["cards"])) for lay in layoffs} == {
        ("Anna", ("10h",)),
        ("Cleo", ("Kc", "Qc")),
    }
