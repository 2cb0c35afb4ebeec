"""A session that has not seen another device's change yet never overwrites it.

Every page session of the server shares one :class:`Store` (``shared_store``),
so what the store last read or wrote is no session's own copy: each AppState
keeps the revision it loaded or saved and the store refuses a write over any
other. And ending the edit of a saved round leaves the new round's draft alone.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from jolly_scorer.core.game import Counted, Round
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store
from jolly_scorer.store.errors import StoreConflict
from jolly_scorer.store.store import close_shared_stores, shared_store
from jolly_scorer.ui.settings import UiSettings
from jolly_scorer.ui.state import AppState

CONFLICT = (
    "The game was just changed on another device and now shows that change. "
    "Check yours and save it again."
)


def counted(**points: tuple[int, int]) -> Round:
    closer = next(iter(points))
    return Round(
        closed_by=closer,
        counted=tuple((p, Counted(good=g, bad=b)) for p, (g, b) in points.items()),
    )


ROUND_1 = counted(Anna=(20, 0), Ben=(0, 5), Cleo=(0, 5))
ROUND_2 = counted(Ben=(30, 0), Anna=(0, 10), Cleo=(0, 10))
EDIT_1 = counted(Cleo=(25, 0), Anna=(0, 5), Ben=(0, 5))


@pytest.fixture(params=["shared", "two stores"])
def stores(
    request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[tuple[Store, Store]]:
    """The stores of two devices: the process's one shared store (a phone and
    a laptop on one server), or two connections to one file."""
    if request.param == "shared":
        store = shared_store(tmp_path)
        yield store, shared_store(tmp_path)
        close_shared_stores()
    else:
        with Store.open(tmp_path) as one, Store.open(tmp_path) as two:
            yield one, two


def session(store: Store) -> AppState:
    return AppState(store=store, settings=UiSettings(language="en"))


@pytest.fixture
def devices(stores: tuple[Store, Store]) -> tuple[AppState, AppState, Store]:
    """A plays round 1; B opens the game after it (and is told nothing later)."""
    a, b = session(stores[0]), session(stores[1])
    assert a.start_game(find_rules("jolly_at"), ["Anna", "Ben", "Cleo"]) is None
    assert a.save_round(ROUND_1) is None
    b.open_current()
    assert b.game_id == a.game_id and b.game == a.game
    b.go("board")
    return a, b, stores[0]


def stored_rounds(store: Store, game_id: int) -> tuple[Round, ...]:
    return store.load_game(game_id).rounds


def test_stale_edit_is_refused_and_reloads(
    devices: tuple[AppState, AppState, Store],
) -> None:
    a, b, store = devices
    assert a.save_round(ROUND_2) is None
    b.enter_round(0)  # B has not seen round 2
    assert b.save_round(EDIT_1) == CONFLICT
    assert b.error == CONFLICT
    assert stored_rounds(store, a.game_id) == (ROUND_1, ROUND_2)  # nothing lost
    assert b.game is not None and b.game.rounds == (ROUND_1, ROUND_2)  # reloaded
    # now that B shows the stored game, its edit goes through
    assert b.save_round(EDIT_1) is None
    assert stored_rounds(store, a.game_id) == (EDIT_1, ROUND_2)


def test_stale_undo_is_refused(devices: tuple[AppState, AppState, Store]) -> None:
    a, b, store = devices
    b.enter_round()
    assert b.save_round(ROUND_2, number=2) is None  # B's snack bar offers Undo
    assert b.toasts.shown is not None and b.toasts.shown.action == "undo"
    a.refresh(a.game_id)
    assert a.save_round(counted(Anna=(50, 0), Ben=(0, 0), Cleo=(0, 0))) is None
    assert b.toast_action() == CONFLICT  # B taps Undo after A saved round 3
    assert len(stored_rounds(store, a.game_id)) == 3
    assert b.game is not None and len(b.game.rounds) == 3
    assert b.toasts.shown is None  # its Undo would take back A's round


def test_stale_redo_is_refused(devices: tuple[AppState, AppState, Store]) -> None:
    a, b, store = devices
    assert b.undo() is None  # B takes round 1 back: redo offered
    assert b.can_redo
    a.refresh(a.game_id)
    assert a.game is not None and a.game.rounds == ()
    assert a.save_round(ROUND_2) is None
    assert b.redo() == CONFLICT
    assert stored_rounds(store, a.game_id) == (ROUND_2,)


@pytest.mark.parametrize("change", ["finish", "rename"])
def test_stale_game_change_is_refused(
    devices: tuple[AppState, AppState, Store], change: str
) -> None:
    a, b, store = devices
    assert a.save_round(ROUND_2) is None
    if change == "finish":
        assert b.finish() == CONFLICT
    else:
        assert b.rename_player("Ben", "Bea") == CONFLICT
    game = store.load_game(a.game_id)
    assert game.rounds == (ROUND_1, ROUND_2)
    assert not game.finished and "Ben" in game.players


def test_a_session_keeps_saving_over_its_own_changes(
    devices: tuple[AppState, AppState, Store],
) -> None:
    a, _, store = devices
    for _ in range(3):
        assert a.save_round(ROUND_2) is None
    assert a.undo() is None and a.redo() is None
    assert a.stored_revision == store.revision(a.game_id)
    assert len(stored_rounds(store, a.game_id)) == 4


def test_save_game_returns_the_new_revision(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        a = session(store)
        a.start_game(find_rules("jolly_at"), ["Anna", "Ben"])
        assert a.game is not None and a.game_id is not None
        seen = store.revision(a.game_id)
        game = a.game
        revision = store.save_game(a.game_id, game, expected_revision=seen)
        assert revision == store.revision(a.game_id) != seen
        with pytest.raises(StoreConflict):
            store.save_game(a.game_id, game, expected_revision=seen)
        assert store.save_game(a.game_id, game, expected_revision=revision)


def test_an_old_revision_is_refused_even_if_the_store_never_read_the_game(
    tmp_path: Path,
) -> None:
    """A store that holds nothing of the game still checks the revision."""
    with Store.open(tmp_path) as store:
        a = session(store)
        a.start_game(find_rules("jolly_at"), ["Anna", "Ben", "Cleo"])
        assert a.game_id is not None and a.game is not None
        old = store.revision(a.game_id)
        assert a.save_round(ROUND_1) is None
    with Store.open(tmp_path) as fresh:
        with pytest.raises(StoreConflict):
            fresh.save_game(a.game_id, a.game, expected_revision=old)
        assert fresh.load_game(a.game_id).rounds == (ROUND_1,)


# -- drafts ---------------------------------------------------------------------


@pytest.fixture
def state(tmp_path: Path) -> Iterator[AppState]:
    with Store.open(tmp_path) as store:
        s = session(store)
        assert s.start_game(find_rules("jolly_at"), ["Anna", "Ben", "Cleo"]) is None
        assert s.save_round(ROUND_1) is None
        yield s


DRAFT = {"closer": "Ben", "points": {"Anna": "10"}}


def keep_new_round_draft(state: AppState) -> None:
    state.enter_round()
    state.drafts.save(DRAFT)
    state.go("board")
    assert state.drafts.load() == DRAFT


def test_cancelling_an_edit_keeps_the_new_round_draft(state: AppState) -> None:
    keep_new_round_draft(state)
    state.enter_round(0)
    state.cancel_round()
    state.enter_round()
    assert state.drafts.load() == DRAFT


def test_saving_an_edit_keeps_the_new_round_draft(state: AppState) -> None:
    keep_new_round_draft(state)
    state.enter_round(0)
    assert state.save_round(EDIT_1) is None
    state.enter_round()
    assert state.drafts.load() == DRAFT


def test_saving_or_cancelling_the_new_round_clears_its_draft(state: AppState) -> None:
    keep_new_round_draft(state)
    state.enter_round()
    assert state.save_round(ROUND_2, number=2) is None
    state.enter_round()
    assert state.drafts.load() is None
    keep_new_round_draft(state)
    state.enter_round()
    state.cancel_round()
    state.enter_round()
    assert state.drafts.load() is None
