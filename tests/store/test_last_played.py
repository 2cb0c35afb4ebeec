"""Issue 38.7, what was left: Home asks for the game played last at every
change, and a joined device's store for its table's game; both read every
stored game's summary (20,000 games: about a second each time, the event
loop held). They read what they need: the game changed last down an index,
the table's game alone."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from jolly_scorer.core.game import new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store
from jolly_scorer.tables.guest_store import GuestStore, ViewerStore
from jolly_scorer.ui.state import AppState, UiSettings


class EveryGameRefused:
    """A store that fails a test when every game's summary is read."""

    def __init__(self, store: Any) -> None:
        self._store = store

    def list_games(self, limit: int | None = None) -> Any:
        assert limit is not None, "read every game's summary"
        return self._store.list_games(limit)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path) as store:
        for n in range(5):
            store.create_game(new_game(find_rules("jolly_at"), [f"A{n}", "Ben"]))
        yield store


def the_last(store: Store) -> tuple[int, object]:
    last = max(store.list_games(), key=lambda g: (g.updated, g.id))
    return last.id, last.updated


def test_the_game_played_last_is_read_alone(store: Store) -> None:
    assert store.last_played() == the_last(store) == (5, store.game_summary(5).updated)
    game = store.load_game(2)
    store.save_game(2, game, expected_revision=store.revision(2))  # changed last
    assert store.last_played() == the_last(store)
    assert store.last_played()[0] == 2  # type: ignore[index]
    store.delete_game(2)
    assert store.last_played() == the_last(store)


def test_home_reads_no_list_of_every_game(store: Store) -> None:
    state = AppState(store=EveryGameRefused(store), settings=UiSettings("en"))  # type: ignore[arg-type]
    state.open_current()
    state.follow_last_played()
    state.continue_game(3)
    assert state.game_id == 3
    state.follow_last_played()
    assert state.game_id == 3


def test_a_joined_device_reads_its_tables_game_alone(store: Store) -> None:
    for kind in (GuestStore, ViewerStore):
        guest = kind(EveryGameRefused(store), lambda: 3)  # type: ignore[arg-type]
        assert [g.id for g in guest.list_games()] == [3]
        assert guest.last_played() == (3, store.game_summary(3).updated)
        assert guest.list_games(limit=0) == []
    assert GuestStore(store, lambda: 99).list_games() == []  # deleted
    assert GuestStore(store, lambda: None).last_played() is None


def test_the_game_played_last_goes_down_an_index(store: Store) -> None:
    asked: list[str] = []
    with store._reading() as conn:  # the store's own connection
        conn.set_trace_callback(asked.append)
        try:
            store.last_played()
        finally:
            conn.set_trace_callback(None)
        plans = [
            " ".join(row[3] for row in conn.execute("EXPLAIN QUERY PLAN " + q))
            for q in asked
            if q.lstrip().upper().startswith("SELECT")
        ]
    assert plans and all("USING INDEX" in p or "COVERING INDEX" in p for p in plans)
    assert not any("TEMP B-TREE" in p for p in plans), plans  # no sort of all
