"""AppState as plain Python: every operation is core op → committed save → history."""

from __future__ import annotations

import pytest
from support.app_steps import counted

from jolly_scorer.core.game import Counted, Round
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store
from jolly_scorer.ui.models.game_form import GameForm
from jolly_scorer.ui.settings import UiSettings
from jolly_scorer.ui.state import AppState


@pytest.fixture
def store(tmp_path):
    with Store.open(tmp_path) as s:
        yield s


@pytest.fixture
def state(store):
    s = AppState(store=store, settings=UiSettings(language="en"))
    players = ["Anna", "Ben", "Cleo"]
    assert s.start_game(find_rules("jolly_at"), players, target=100) is None
    return s


def test_start_game_is_stored_and_shown(state, store):
    assert state.nav.screen == "board"
    assert store.current_game_id() == state.game_id
    assert store.load_game(state.game_id).players == ("Anna", "Ben", "Cleo")


def test_round_undo_redo_each_saved(state, store):
    assert state.save_round(counted(Anna=(40, 0), Ben=(10, 5), Cleo=(0, 20))) is None
    assert state.result.totals == {"Anna": 70, "Ben": 5, "Cleo": -20}
    assert len(store.load_game(state.game_id).rounds) == 1
    state.undo()
    assert state.result.totals == {"Anna": 0, "Ben": 0, "Cleo": 0}
    assert store.load_game(state.game_id).rounds == ()
    assert state.can_redo
    state.redo()
    assert len(store.load_game(state.game_id).rounds) == 1
    assert not state.can_redo


def test_rejected_round_changes_nothing(state, store):
    bad = Round(closed_by="Zoe", counted=(("Anna", Counted()),))
    error = state.save_round(bad)
    assert error and "Zoe" in error
    assert state.error == error
    assert state.game.rounds == () and not state.can_undo
    assert store.load_game(state.game_id).rounds == ()


def test_edit_past_round_rescores(state):
    state.save_round(counted(Anna=(40, 0), Ben=(0, 10), Cleo=(0, 10)))
    state.save_round(counted(Ben=(20, 0), Anna=(0, 5), Cleo=(0, 5)))
    state.enter_round(0)
    assert state.nav.edit_round == 0
    assert state.save_round(counted(Cleo=(30, 0), Anna=(0, 0), Ben=(0, 0))) is None
    assert state.result.totals["Cleo"] == 60 - 5
    assert state.nav.screen == "board" and state.nav.edit_round is None


def test_game_over_and_rematch(state, store):
    state.save_round(counted(Anna=(80, 0), Ben=(0, 10), Cleo=(0, 10)))
    assert state.game_over and state.result.winners == ("Anna",)
    old = state.game_id
    assert state.rematch() is None
    assert state.game_id != old
    assert state.game.players == ("Anna", "Ben", "Cleo")
    assert state.game.target == 100 and state.game.first_dealer == 1
    assert store.current_game_id() == state.game_id


def test_finish_and_reopen(state):
    state.save_round(counted(Anna=(10, 0), Ben=(0, 10), Cleo=(0, 10)))
    state.finish()
    assert state.game_over and state.result.winners == ("Anna",)
    state.undo()
    assert not state.game_over


def test_reload_shows_same_game(state, tmp_path):
    state.save_round(counted(Anna=(10, 0), Ben=(0, 10), Cleo=(0, 10)))
    with Store.open(tmp_path) as again:
        fresh = AppState(store=again)
        fresh.open_current()
        assert fresh.game_id == state.game_id
        assert fresh.result.totals == state.result.totals
        assert fresh.undo() is None and fresh.game.rounds == ()
        assert fresh.redo() is None and len(fresh.game.rounds) == 1


def test_settings_are_stored(state, store):
    state.preferences.change(language="fi", theme="dark")
    assert state.t("Save") != "Save"
    loaded = UiSettings.load(store.get_setting)
    assert (loaded.language, loaded.theme) == ("fi", "dark")
    assert state.preferences.change(theme="pink") is not None
    assert state.settings.theme == "dark"


def test_delete_running_game(state, store):
    game_id = state.game_id
    assert state.delete_game(game_id) is None
    assert state.game is None and store.list_games() == []


def test_game_form_seats_and_dealer():
    form = GameForm.start(find_rules("rommi_fi"))
    form = form.set_name(0, "Anna").set_name(1, "Ben").add("Cleo").deals_first(2)
    form = form.move(2, -1)
    assert form.players == ("Anna", "Cleo", "Ben") and form.first_dealer == 1
    form = form.remove(0)
    assert form.players == ("Cleo", "Ben") and form.first_dealer == 0
    assert form.error() is None
    assert form.set_name(1, "cleo").error() == "duplicate"
    assert GameForm.start(find_rules("jolly_at")).error() == "min_players"
    assert form.target_choices()[-1] == 1000
    assert form.with_knob("scoring", "plus").target in (100, 500)
    assert form.with_knob("hand_max", 15).is_house_rules()


def test_a_stored_game_the_engine_rejects_is_a_message_not_a_crash(tmp_path):
    """E.g. a game saved by an older version under rules checked more strictly now."""
    import json

    from jolly_scorer.core.game import Counted, Round, new_game
    from jolly_scorer.core.gamefile import round_to_json
    from jolly_scorer.core.rules import find_rules
    from jolly_scorer.store import Store
    from jolly_scorer.ui.settings import UiSettings
    from jolly_scorer.ui.state import AppState

    with Store.open(tmp_path) as store:
        game_id = store.create_game(new_game(find_rules("romme_de"), ["A", "B"]))
        bad = Round(closed_by="A", counted=(("A", Counted(bad=5)), ("B", Counted())))
        with store.atomic() as conn:
            conn.execute(
                "INSERT INTO rounds (game_id, idx, data) VALUES (?, 0, ?)",
                (game_id, json.dumps(round_to_json(bad))),
            )
    with Store.open(tmp_path) as store:
        state = AppState(store=store, settings=UiSettings(), page_width=390)
        state.open_current()
        assert state.error and "went out" in state.error
        state.error = None
        state.open_past_game(game_id)
        assert state.error and "went out" in state.error


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("anna", "anna is already a player."),
        ("  CLEO ", "CLEO is already a player."),
        ("   ", "A player needs a name."),
        ("x" * 41, "A name has at most 40 characters."),
        ("Be\u202ea", "A name may not hold invisible or control characters."),
        ("Be\nn", "A name may not hold invisible or control characters."),
    ],
)
def test_rename_refusals_use_the_core_name_rule(state, store, typed, message):
    """core.names decides; the refusal is in the user's words, nothing changes."""
    assert state.rename_player("Ben", typed) == message
    assert store.load_game(state.game_id).players == ("Anna", "Ben", "Cleo")
    assert state.rename_player("Ben", "  Benny   B ") is None
    assert store.load_game(state.game_id).players == ("Anna", "Benny B", "Cleo")


def test_rename_and_finish_keep_the_result_in_step(state):
    """Operations return their result: the state shows what the game scores."""
    from jolly_scorer.core.scoring import score_game

    state.save_round(counted(Anna=(40, 0), Ben=(10, 5), Cleo=(0, 20)))
    state.rename_player("Anna", "Ann")
    assert state.result == score_game(state.game)
    state.finish()
    assert state.result == score_game(state.game) and state.result.winners == ("Ann",)


def test_saving_a_round_leaves_a_message_for_the_board_with_one_tap_back(state, store):
    state.enter_round()
    assert state.save_round(counted(Anna=(20, 0), Ben=(0, 5), Cleo=(0, 7))) is None
    assert state.nav.screen == "board"
    assert (state.toasts.shown.message, state.toasts.shown.action) == (
        "Round 1 saved.",
        "undo",
    )
    first = state.toasts.shown.serial
    assert state.toast_action() is None  # the snack bar's Undo
    assert state.game.rounds == () and store.load_game(state.game_id).rounds == ()
    assert (state.toasts.shown.message, state.toasts.shown.action) == (
        "Round 1 taken back.",
        "redo",
    )
    assert state.toasts.shown.serial > first
    state.toast_action()  # Redo
    assert len(state.game.rounds) == 1
    assert (state.toasts.shown.message, state.toasts.shown.action) == (
        "Round 1 restored.",
        "undo",
    )
    state.toasts.dismiss(first)  # an old timer: the newer message stays
    assert state.toasts.shown is not None
    state.go("home")
    assert state.toasts.shown is None
    state.go("board")
    state.rename_player("Ben", "Bea")  # not a round: no message
    assert state.toasts.shown is None
    state.undo()
    assert state.toasts.shown.message == "Last change taken back."


def test_home_follows_the_game_changed_last(state, store):
    first = state.game_id
    state.start_game(find_rules("jolly_at"), ["Dora", "Eva"])
    second = state.game_id
    state.go("home")
    assert state.game_id == second
    game = store.load_game(first)
    store.save_game(first, game)  # played on another device
    state.go("home")
    assert state.game_id == first and state.game.players == ("Anna", "Ben", "Cleo")
    store.delete_game(first)
    store.delete_game(second)
    state.go("home")
    assert state.game is None


def test_opening_the_shared_round_redraws_nothing(state):
    """The round entry asks for the shared round while it is drawn: that
    changes nothing a screen shows, so no component that follows the state
    is drawn again (it drew the whole round entry twice on every "Enter
    round")."""
    state.go("entry")
    told: list[object] = []

    def heard(_sender: object, field: str | None) -> None:
        told.append(field)

    state.subscribe(heard)  # (held weakly: ``heard`` lives to the end)
    assert state.entering.shared_round() is not None
    assert told == []
    state.go("board")
    assert told  # the listener hears what does change
