"""One road to the store: every write of a seat part (a card tap in the round
entry, a rename, Cancel) passes the page's change pipeline (``AppState.entering.parts``)
on its way to the store, and the pipeline tells the other pages once per
batch, however many callers say so."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.devices import PLAYERS, Device

from jolly_scorer.core.game import new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store
from jolly_scorer.ui.screens.round_entry.together.shared import throw_away
from jolly_scorer.ui.screens.round_entry.together.together import Together


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path) as store:
        store.create_game(new_game(find_rules("jolly_at"), PLAYERS))
        yield store


class Recording:
    """The store, noting every call made on it."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.calls: list[str] = []

    def __getattr__(self, name: str) -> Any:
        self.calls.append(name)
        return getattr(self.store, name)


def test_a_tap_reaches_the_store_through_the_page_and_is_told_once(
    store: Store,
) -> None:
    host = Device(store, "host-1")
    assert host.shared.store is host.state.entering.parts  # not the store itself
    recording = Recording(store)
    host.state.store = recording  # type: ignore[assignment]
    host.entry.set_closer("Anna")
    host.entry.set_points("Ben", "bad", "5")
    # the screen's write (sync.Shared.write): two parts in one batch
    assert sorted(host.shared.write(host.entry)) == ["", "Ben"]
    assert recording.calls.count("save_seat_part") == 2  # the page's store
    assert host.told == [1]  # the other pages hear once
    host.state.entering.parts_written(1)  # the screen says so again: no second word
    assert host.told == [1]
    assert host.shared.write(host.entry) == []  # nothing changed
    host.state.entering.parts_written(1)
    assert host.told == [1]
    host.entry.set_points("Cleo", "bad", "7")
    assert host.write() == ["Cleo"]
    assert host.told == [1, 1]


def test_a_rename_and_a_round_thrown_away_are_told_by_the_page(
    store: Store,
) -> None:
    host = Device(store, "host-1")
    host.entry.set_points("Ben", "bad", "5")
    host.write()
    assert host.told == [1]
    host.state.go("board")
    assert host.state.rename_player("Ben", "Bert") is None
    assert host.told == [1, 1]  # the parts followed the name
    assert set(store.load_seat_parts(1, 1)) == {"Bert"}
    host.open()
    together = Together(host.shared, publish=lambda n: None, listen=lambda f: None)
    throw_away(together, host.entry)  # this page alone entered it
    assert store.load_seat_parts(1, 1) == {}
    assert host.told == [1, 1, 1]
