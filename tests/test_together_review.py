"""Entering together, reviewed: the ways a shared round could lose a part or
score wrong without anyone seeing it (two or three devices on one store)."""

from __future__ import annotations

from pathlib import Path

from test_together import PLAYERS, Device, fill_round

from jolly_scorer.core.game import new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store, StoreError
from jolly_scorer.ui.round_model import Target, parse_cards
from jolly_scorer.ui.views.round_entry_sync import Shared, new_shared_entry
from jolly_scorer.ui.views.round_entry_together import Together


def one_store(tmp_path: Path) -> Store:
    with Store.open(tmp_path) as setup:
        setup.create_game(new_game(find_rules("jolly_at"), PLAYERS))
    return Store.open(tmp_path)


def page_entry(device: Device) -> Shared:
    """The round entry as the screen opens it (``new_shared_entry``) and its
    first catch-up (the effect that runs once the page listens)."""
    shared = device.state.shared_round()
    assert shared is not None
    together = Together(shared, publish=lambda n: None, listen=lambda f: None)
    entry = new_shared_entry(device.state.game, device.state.t, together)  # type: ignore[arg-type]
    page = Shared(entry, together, device.state.t, lambda: None)
    page.follow()
    device.shared, device.entry = shared, entry
    return page


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


def test_a_page_that_cannot_read_the_parts_does_not_wipe_them(tmp_path: Path) -> None:
    with one_store(tmp_path) as store:
        host = Device(store, "host-1")
        fill_round(host)
        host.write()
        phone = Device(store, "guest-2")
        phone.state.store = FlakyStore(store)  # type: ignore[assignment]
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
        parts = store.load_seat_parts(1, 1)
        assert parts["Cleo"].data["counted"] == {"good": 0, "bad": 9}
        assert parts[""].data["closer"] == "Anna"
        assert host.catch_up() == {"Cleo"}
