"""Issue 18.8: the host's device list names each device's seat. A seat is
chosen (or left) after the device joined: the table is told then, so its
followers (the host's open device list) look again. Failed before: the list
said "no seat chosen yet" until the next join or disconnect (browser test
``tests/e2e/test_table_contexts_browser.py``, the phone-size screenshots)."""

from __future__ import annotations

from pathlib import Path

from jolly_scorer.core.game import new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store
from jolly_scorer.tables.guest_store import GuestStore
from jolly_scorer.tables.table import Table


def test_a_seat_chosen_or_left_tells_the_tables_followers(tmp_path: Path) -> None:
    told: list[str] = []
    table = Table()
    table.on_change.append(lambda: told.append("looked again"))
    with Store.open(tmp_path) as store:
        game_id = store.create_game(new_game(find_rules("jolly_at"), ["Anna", "Ben"]))
        guest = GuestStore(store, lambda: game_id, table.notify)
        guest.save_device_seat(game_id, "phone", "Ben")
        assert told == ["looked again"]
        assert store.load_device_seat(game_id, "phone") == "Ben"
        guest.forget_device_seat(game_id, "phone")
        assert told == ["looked again"] * 2
        assert (
            GuestStore(store, lambda: game_id).load_device_seat(game_id, "phone")
            is None
        )
