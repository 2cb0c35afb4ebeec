"""The past games' delete dialog acts once: the tap that closes it (Delete or
Keep it) decides, and a second tap that reaches the server after it closed (a
double tap, a slow phone: the browser shows the dialog fading out, and Flet
keeps a closed dialog until the client reports its dismiss,
``support.dialogs``) does nothing: no second deletion, no error, no game
deleted after "Keep it". The same guard as the scoreboard's dialogs
(tests/ui/test_board_dialogs.py)."""

from __future__ import annotations

import pytest
from support.app_steps import PLAYERS, play, rounds
from support.dialogs import dismissed, in_open_dialog, open_dialogs

from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store
from jolly_scorer.ui.settings import UiSettings
from jolly_scorer.ui.state import AppState


def past_games(open_app, tmp_path, games: int = 2):
    """The past games screen over ``games`` stored games (ids 1, 2, ...)."""
    with Store.open(tmp_path) as store:
        state = AppState(store=store, settings=UiSettings(language="en"))
        for _ in range(games):
            state.start_game(find_rules("romme_de"), PLAYERS)
            play(state, rounds(2))
    app = open_app()
    app.click(app.find(semantics="home-past"))
    app.wait_for(lambda: app.find_all(semantics=f"past-{games}"))
    return app


def stored_ids(tmp_path) -> list[int]:
    with Store.open(tmp_path) as store:
        return sorted(g.id for g in store.list_games())


def shown_ids(app) -> list[int]:
    return sorted(
        int(c.identifier.split("-")[1])
        for c in app.find_all(
            lambda c: str(getattr(c, "identifier", "")).startswith("past-")
        )
    )


def ask_delete(app, game_id: int) -> None:
    app.click(app.find(semantics=f"delete-{game_id}"))
    app.wait_for(lambda: len(open_dialogs(app)) == 1)


@pytest.mark.parametrize(
    ("first", "second", "deleted"),
    [
        ("delete-confirm", "delete-confirm", True),  # a double tap on Delete
        ("delete-cancel", "delete-confirm", False),  # Keep it, then a late Delete
        ("delete-confirm", "delete-cancel", True),
        ("delete-cancel", "delete-cancel", False),
    ],
)
def test_a_second_tap_in_the_closed_delete_dialog_does_nothing(
    open_app, tmp_path, first, second, deleted
):
    # failed before the fix: a double tap on Delete deleted the deleted game
    # once more ("This game is not there any more (deleted)." on the screen), and
    # a late Delete after "Keep it" deleted the game kept
    app = past_games(open_app, tmp_path)
    ask_delete(app, 2)
    a, b = in_open_dialog(app, first), in_open_dialog(app, second)
    app.click(a)
    app.click(b)  # the same dialog, closed by the first tap
    app.wait_for(lambda: not open_dialogs(app))
    assert not app.find_all(semantics="error"), app.texts()
    kept = [1] if deleted else [1, 2]
    assert stored_ids(tmp_path) == kept
    assert shown_ids(app) == kept
    assert ("Game deleted." in app.texts()) == deleted
    # the dialog opens and acts again afterwards
    dismissed(app)
    ask_delete(app, 1)
    app.click(in_open_dialog(app, "delete-confirm"))
    app.wait_for(lambda: not open_dialogs(app))
    assert stored_ids(tmp_path) == ([] if deleted else [2])
    assert not app.find_all(semantics="error"), app.texts()


def test_a_late_tap_in_a_closed_dialog_leaves_the_next_one_alone(open_app, tmp_path):
    # "Keep it" on game 2, then Delete asked for game 1: a late Delete in the
    # closed dialog of game 2 (still in the page, its dismiss not yet reported)
    # deletes nothing and leaves the dialog of game 1 open (failed before:
    # game 2 was deleted)
    app = past_games(open_app, tmp_path)
    ask_delete(app, 2)
    late = in_open_dialog(app, "delete-confirm")
    app.click(in_open_dialog(app, "delete-cancel"))
    app.wait_for(lambda: not open_dialogs(app))
    ask_delete(app, 1)
    app.click(late)
    assert stored_ids(tmp_path) == [1, 2]
    assert len(open_dialogs(app)) == 1  # game 1's, still asking
    app.click(in_open_dialog(app, "delete-confirm"))
    app.wait_for(lambda: not open_dialogs(app))
    assert stored_ids(tmp_path) == [2] and shown_ids(app) == [2]
    assert not app.find_all(semantics="error"), app.texts()


def test_a_tap_in_the_dialog_of_a_screen_gone_does_nothing(open_app, tmp_path):
    # the past games screen went while its dialog was open (a joined phone
    # sent home by its table does so; here the Back button under the dialog,
    # which the harness can tap): the dialog closes with it, and a late
    # Delete in it deletes nothing (failed without the guard's clearing on
    # unmount: game 2 was deleted from the start screen)
    app = past_games(open_app, tmp_path)
    ask_delete(app, 2)
    late = in_open_dialog(app, "delete-confirm")
    app.click(app.find(semantics="back"))
    app.wait_for(lambda: app.find_all(semantics="home-past"))
    app.wait_for(lambda: not open_dialogs(app))
    app.click(late)
    assert stored_ids(tmp_path) == [1, 2]
    assert not app.find_all(semantics="error"), app.texts()
