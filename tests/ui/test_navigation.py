"""Where a page is (``models/navigation.py``) is apart from the game's change
pipeline (``AppState``), and every move of it is still told to whoever
follows the state: the app is drawn again, the live table's bar follows
the screen."""

from __future__ import annotations

from typing import Any, cast

import pytest
from support.app_steps import counted

from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store
from jolly_scorer.ui.settings import UiSettings
from jolly_scorer.ui.state import AppState


@pytest.fixture
def state(tmp_path):
    with Store.open(tmp_path) as store:
        s = AppState(store=store, settings=UiSettings(language="en"))
        assert s.start_game(find_rules("jolly_at"), ["Anna", "Ben"]) is None
        yield s


def heard(state: AppState) -> list[str | None]:
    """The names of the fields the state's followers are told of."""
    told: list[str | None] = []

    def listener(_sender: object, name: str | None) -> None:
        told.append(name)

    state.listener = listener  # type: ignore[attr-defined]  # (held weakly)
    cast(Any, state).subscribe(listener)
    return told


def test_a_move_is_told_as_the_states_own(state):
    told = heard(state)
    state.go("settings")
    assert state.nav.screen == "settings"
    assert "screen" in told
    told.clear()
    state.enter_round(None)
    assert (state.nav.screen, state.nav.edit_round) == ("entry", None)
    assert "screen" in told


def test_editing_a_saved_round_ends_with_the_entry(state):
    assert state.save_round(counted(Anna=(40, 0), Ben=(0, 5))) is None
    state.enter_round(0)
    assert state.nav.edit_round == 0
    assert state.save_round(counted(Anna=(30, 0), Ben=(0, 5))) is None
    assert (state.nav.screen, state.nav.edit_round) == ("board", None)
    assert state.game.rounds[0].counted[0][1].good == 30  # replaced, not added
    assert len(state.game.rounds) == 1


def test_the_past_game_viewed_goes_with_its_deletion(state):
    game_id = state.game_id
    assert state.save_round(counted(Anna=(40, 0), Ben=(0, 5))) is None
    assert state.finish() is None
    state.open_past_game(game_id)
    assert state.nav.screen == "past_game"
    assert state.nav.viewing_id == game_id
    assert state.nav.past.result.game_over
    assert state.delete_game(game_id) is None
    assert state.nav.past is None and state.nav.screen == "past"


def test_the_way_back_is_kept_only_in_the_game(state):
    game_id = state.game_id
    state.go("club")
    assert state.open_game(game_id, back="club") is None
    assert (state.nav.screen, state.nav.back_from_game) == ("board", "club")
    state.enter_round()
    assert state.nav.back_from_game == "club"  # still in the game
    state.go("rules")
    assert state.nav.back_from_game == "home"
