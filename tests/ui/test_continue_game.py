"""An unfinished older game can be continued from the past games (issue 17,
defect 5): start game A, save a round; start game B, save a round; Home →
Past games → game A opened read-only only (no round entry, undo, redo or
edit). Before this change there was no way to play A on (no ``continue-…``;
``AppState.continue_game`` did not exist)."""

from __future__ import annotations

import pytest
from support.app_steps import counted, enter_round, new_game

from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store
from jolly_scorer.ui.settings import UiSettings
from jolly_scorer.ui.state import AppState


@pytest.fixture
def two_games(tmp_path):
    with Store.open(tmp_path) as store:
        state = AppState(store=store, settings=UiSettings(language="en"))
        state.start_game(find_rules("jolly_at"), ["Anna", "Ben"], target=500)
        game_a = state.game_id
        assert state.save_round(counted(Anna=(40, 0), Ben=(0, 5))) is None
        state.start_game(find_rules("romme_de"), ["Cleo", "Dora"], target=500)
        game_b = state.game_id
        assert state.save_round(counted(Cleo=(0, 0), Dora=(0, 7))) is None
        yield state, store, game_a, game_b


def test_an_older_game_is_continued_and_stays_the_game(two_games):
    state, store, game_a, game_b = two_games
    state.go("home")
    assert state.game_id == game_b  # the game played last
    state.continue_game(game_a)
    assert (state.nav.screen, state.game_id) == ("board", game_a)
    assert state.nav.past is None
    assert state.can_undo  # its own history: the round saved before
    state.go("home")  # Home offers the game chosen, not the one played last
    assert state.game_id == game_a
    assert state.save_round(counted(Ben=(20, 0), Anna=(0, 3))) is None
    assert len(store.load_game(game_a).rounds) == 2
    assert len(store.load_game(game_b).rounds) == 1
    assert state.undo() is None  # undo acts on A
    assert len(store.load_game(game_a).rounds) == 1


def test_a_game_played_elsewhere_after_the_choice_is_followed(two_games, tmp_path):
    state, store, game_a, game_b = two_games
    state.continue_game(game_a)
    # another device plays B on
    other = AppState(store=store, settings=UiSettings(language="en"))
    other.open_current()
    assert other.game_id == game_b
    assert other.save_round(counted(Dora=(0, 0), Cleo=(0, 2))) is None
    state.refresh(game_b)
    assert state.game_id == game_a  # the board shown stays
    state.go("home")
    assert state.game_id == game_b  # Home: the game played last, as always


def test_a_game_that_is_over_opens_read_only(two_games):
    state, _store, game_a, _b = two_games
    state.continue_game(game_a)
    assert state.finish() is None
    state.go("home")
    state.continue_game(game_a)
    assert state.nav.screen == "past_game" and state.nav.viewing_id == game_a


def test_continue_from_the_list_on_a_phone(open_app):  # noqa: F811
    app = open_app()
    new_game(app, ("Anna", "Ben"))
    enter_round(app, 0, {1: (0, 5)})
    app.click(app.find(semantics="back"))
    new_game(app, ("Cleo", "Dora"))
    enter_round(app, 0, {1: (0, 7)})
    app.click(app.find(semantics="back"))
    app.click(app.find(semantics="home-past"))
    buttons = app.find_all(
        lambda c: str(getattr(c, "identifier", "")).startswith("continue-")
    )
    assert len(buttons) == 2  # both still running
    older = min(buttons, key=lambda c: int(c.identifier.split("-")[1]))
    app.click(older)
    assert app.find(semantics="enter-round")  # not read-only
    assert any("Anna" in text for text in app.texts())
    app.click(app.find(semantics="enter-round"))
    assert app.find_all(semantics="round-closer-0")
