"""Scoreboard: big totals, who deals, the rounds, the chart; game over with rematch.

The body (who deals, the tiles, the rounds and the chart) is in
``scoreboard_body``, the tiles and the winner's banner in ``scoreboard_tiles``,
the dialogs in ``scoreboard_dialogs``. A phone that joined a live table
(``state.is_guest``) gets no button the table's store would refuse it (Rematch
starts a new game).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import flet as ft

from jolly_scorer.core.game import Game
from jolly_scorer.ui.screens.past_games.export import export_buttons
from jolly_scorer.ui.screens.scoreboard.body import Kept, board_body
from jolly_scorer.ui.screens.scoreboard.dialogs import (
    Renaming,
    finish_dialog,
    rename_dialog,
)
from jolly_scorer.ui.screens.scoreboard.entering import EnteringLine
from jolly_scorer.ui.state import AppState
from jolly_scorer.ui.widgets.basics import WIDE
from jolly_scorer.ui.widgets.buttons import big_button, icon_button
from jolly_scorer.ui.widgets.kept_parts import Keep
from jolly_scorer.ui.widgets.screen import screen


def _actions(
    state: AppState,
    over: bool,
    wide: bool,
    on_finish: Callable[[], None] | None,
    keep: Keep,
) -> list[ft.Control]:
    """The top bar's actions of the running game (not read only): undo, redo
    and, on a phone, Finish (a laptop has it in the footer). Each is kept by
    what it shows and does (the setters it calls stay the page's)."""
    t = state.t
    # the kept history did not match a game changed outside the app
    undo = t("Undo") if state.full_undo else t("Undo: takes back the last round")
    can_undo, can_redo = state.can_undo, state.can_redo
    actions = [
        keep(
            "undo",
            (undo, can_undo),
            lambda: icon_button(
                ft.Icons.UNDO, undo, state.undo if can_undo else None, "undo"
            ),
        ),
        keep(
            "redo",
            (t.language, can_redo),
            lambda: icon_button(
                ft.Icons.REDO, t("Redo"), state.redo if can_redo else None, "redo"
            ),
        ),
    ]
    if not over and not wide:
        actions.append(
            keep(
                "finish",
                (t.language, on_finish is not None),
                lambda: icon_button(
                    ft.Icons.FLAG, t("Finish the game"), on_finish, "finish"
                ),
            )
        )
    return actions


def _footer(
    state: AppState,
    game: Game,
    over: bool,
    wide: bool,
    on_finish: Callable[[], None] | None,
) -> list[ft.Control]:
    """The footer of the running game (not read only)."""
    t = state.t
    n = len(game.rounds)
    if over:
        if state.is_guest:  # a rematch is a new game: the host's
            hint = t("The host of the table can start a rematch.")
            return [ft.Text(hint, size=16, color=ft.Colors.ON_SURFACE_VARIANT)]
        rematch = big_button(
            t("Rematch"),
            ft.Icons.REPLAY,
            state.rematch,
            "rematch",
            primary=True,
            height=72,
            expand=True,
        )
        return [rematch]
    footer = [
        big_button(
            t("Enter round {n}", n=n + 1),
            ft.Icons.ADD,
            lambda: state.enter_round(None),
            "enter-round",
            primary=True,
            height=72,
            expand=3,
        ),
    ]
    if wide:
        footer.append(
            big_button(
                t("Finish"), ft.Icons.FLAG, on_finish, "finish", expand=1, height=72
            )
        )
    return footer


@ft.component
def Scoreboard(state: AppState, read_only: bool = False) -> ft.Control:
    """The running game (or, read only, a past game)."""
    t = state.t
    show_all, set_show_all = ft.use_state(False)
    renaming, set_renaming = ft.use_state(cast(Renaming | None, None))
    asking_finish, set_asking_finish = ft.use_state(False)
    kept: Any = ft.use_ref(Kept)
    ft.use_dialog(
        rename_dialog(state, renaming, set_renaming)
        if renaming is not None
        else finish_dialog(state, set_asking_finish)
        if asking_finish
        else None
    )
    game = state.viewing if read_only else state.game
    result = state.viewing_result if read_only else state.result
    if game is None or result is None:
        kept.current = Kept()  # only what the last redraw showed is kept
        return screen(state, t("Scoreboard"), [ft.Text(t("There is no game running."))])
    n = len(game.rounds)
    over = result.game_over
    board: Kept = kept.current
    inputs = (t.language, state.page_width, show_all, read_only)
    shown = board.same_body(game, result, inputs)
    if shown is None:
        # the handlers kept in the body call use_state's setters, which stay
        # the same for the page: they act on the page as it is now
        rename = None if read_only else lambda p: set_renaming(Renaming(p, p))
        shown = board_body(
            state, game, result, read_only, show_all, set_show_all, rename, board
        )
        board.body = (game, result, inputs, shown)
    body = list(shown)
    keep = board.parts
    game_id = state.viewing_id if read_only else state.game_id
    if game_id is not None and not read_only and not over:
        body.insert(0, EnteringLine(state, game_id, n + 1))  # at a live table
    if game_id is not None:
        body.append(
            keep(
                "export", (t.language, game_id), lambda: export_buttons(state, game_id)
            )
        )
    finish = (lambda: set_asking_finish(True)) if n and not read_only else None
    wide = (state.page_width or 0) >= WIDE
    footer = [] if read_only else _footer(state, game, over, wide, finish)
    actions = [] if read_only else _actions(state, over, wide, finish, keep)
    title = t("Round {n}", n=n + 1) if not over else t("Game over")
    back = "past" if read_only else state.back_from_game
    return screen(
        state, title, body, back=back, actions=actions, footer=footer, keep=keep
    )
