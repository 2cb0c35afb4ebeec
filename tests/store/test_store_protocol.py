"""The store's calls are described once (``store/protocol.py``): the store
answers every one, and a joined device's store wraps it with a rule for each
call of a page's store (mypy checks the signatures; these check the rules)."""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from pathlib import Path

import pytest

from jolly_scorer.core.game import new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store
from jolly_scorer.store.club_seasons import SeasonStore
from jolly_scorer.store.club_store import ClubStore
from jolly_scorer.store.protocol import GameStore, StoreRecords
from jolly_scorer.tables.guest_store import (
    ONLY_HOST,
    ONLY_READING,
    GuestStore,
    NotTheTablesGame,
    Refused,
    ViewerRefused,
    ViewerStore,
)


def calls(protocol: type) -> set[str]:
    return {name for name in dir(protocol) if not name.startswith("_")}


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path) as store:
        store.create_game(new_game(find_rules("jolly_at"), ["Anna", "Ben"]))
        store.create_game(new_game(find_rules("jolly_at"), ["Otto", "Olga"]))
        yield store


def test_the_store_answers_every_call_of_the_protocol(store: Store) -> None:
    assert calls(StoreRecords) > calls(GameStore)
    assert all(callable(getattr(store, name)) for name in calls(StoreRecords))


def test_the_one_protocol_holds_the_club_and_its_seasons() -> None:
    """Issue 37: ``SeasonStore`` stood beside ``StoreRecords``, so mypy never
    checked that the store answers the season calls as the protocol says."""
    assert SeasonStore in StoreRecords.__mro__
    assert calls(ClubStore) | calls(SeasonStore) <= calls(StoreRecords)
    for name in calls(SeasonStore):  # each call says what it does
        assert (getattr(SeasonStore, name).__doc__ or "").strip(), name


def test_a_guest_has_a_rule_for_every_call_of_a_pages_store() -> None:
    # a call without its own line would fall to "only the host" unseen
    assert calls(GameStore) <= set(vars(GuestStore))


def test_a_guest_reaches_only_the_tables_game_through_every_per_game_call(
    store: Store,
) -> None:
    guest = GuestStore(store, lambda: 1)
    per_game = 0
    for name in calls(GameStore):
        wanted = inspect.signature(getattr(GameStore, name)).parameters
        if "game_id" not in wanted:
            continue
        per_game += 1
        rest = [None for p in list(wanted.values())[2:] if p.default is p.empty]
        with pytest.raises((NotTheTablesGame, Refused)) as refused:
            getattr(guest, name)(2, *rest)  # another game than the table's
        if isinstance(refused.value, Refused):  # deleting a game: the host's
            assert str(refused.value) == ONLY_HOST, name
    assert per_game == 20
    assert guest.load_game(1).players == ("Anna", "Ben")
    assert guest.seat_parts_version(1) == 0
    with pytest.raises(Refused, match="Only the host"):
        guest.backup()  # type: ignore[attr-defined]


def test_a_viewer_refuses_every_write_with_its_own_message(store: Store) -> None:
    viewer = ViewerStore(store, lambda: 1)
    writes = {
        "save_game": (1, store.load_game(1)),
        "create_game": (store.load_game(1),),
        "delete_game": (1,),
        "save_draft": (1, {}),
        "clear_draft": (1,),
        "save_seat_part": (1, 1, "Anna", {}),
        "clear_seat_parts": (1,),
        "save_device_seat": (1, "phone", "Anna"),
        "set_setting": ("language", "de"),
        "settings": (),
    }
    for name, args in writes.items():
        with pytest.raises(ViewerRefused) as refused:
            getattr(viewer, name)(*args)
        assert str(refused.value) == ONLY_READING, name
    assert viewer.load_game(1).players == ("Anna", "Ben")
    assert store.load_draft(1) is None
