"""Scoreboard: big totals, who deals, the rounds, the chart; game over with rematch.

The tiles and the winner's banner are in ``scoreboard_tiles``, the dialogs in
``scoreboard_dialogs``. A phone that joined a live table (``state.is_guest``)
gets no button the table's store would refuse it (Rematch starts a new game).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

import flet as ft

from jolly_scorer.core.game import Game
from jolly_scorer.core.scoring import GameResult
from jolly_scorer.ui.i18n import Translator
from jolly_scorer.ui.state import AppState
from jolly_scorer.ui.views.charts import Points, totals_chart
from jolly_scorer.ui.views.export import export_buttons
from jolly_scorer.ui.views.rounds_table import (
    KeptRows,
    column_width,
    fits,
    rounds_table,
)
from jolly_scorer.ui.views.scoreboard_dialogs import (
    Renaming,
    finish_dialog,
    rename_dialog,
)
from jolly_scorer.ui.views.scoreboard_tiles import player_tile, winner_banner
from jolly_scorer.ui.widgets.basics import MAX_WIDTH, WIDE, card, section, tagged
from jolly_scorer.ui.widgets.buttons import big_button, icon_button
from jolly_scorer.ui.widgets.kept_parts import Keep, KeptParts, built_anew
from jolly_scorer.ui.widgets.screen import screen

SHOWN_ROUNDS = 10  # the newest rounds in the table until "show all" is tapped


@dataclass
class Kept:
    """What a page's scoreboard keeps from its last redraw: the rows of the
    rounds table and the chart's points. When a round is saved at a table of
    twelve phones, each page redraws its board; what shows the same is the
    same control again, which Flet neither compares nor sends."""

    rows: KeptRows = field(default_factory=dict)
    points: Points = field(default_factory=dict)
    #: the top bar, the table's names and legend, the export buttons
    parts: KeptParts = field(default_factory=KeptParts)
    #: the game and result (the very objects: they are frozen), then the
    #: other inputs, and the body's controls built from them last time
    body: tuple[Game, GameResult, tuple[object, ...], list[ft.Control]] | None = None

    def same_body(
        self, game: Game, result: GameResult, inputs: tuple[object, ...]
    ) -> list[ft.Control] | None:
        """The body of the last redraw if it was built from these very game
        and result objects and these inputs (a page redraws for changes that
        do not touch the board too: it is then not built nor compared again)."""
        last = self.body
        if last is None or last[0] is not game or last[1] is not result:
            return None
        return last[3] if last[2] == inputs else None


def _heading(game: Game, t: Translator) -> list[ft.Control]:
    """Who deals and starts the next round, and what the game is played to."""
    n = len(game.rounds)
    dealer = tagged(
        "dealer",
        ft.Text(
            t(
                "Round {n}: {dealer} deals, {starter} starts",
                n=n + 1,
                dealer=game.dealer(n),
                starter=game.starter(n),
            ),
            size=22,
            weight=ft.FontWeight.W_500,
        ),
    )
    goal = (
        t("Play to {target}", target=game.target)
        if game.rules.is_plus
        else t("Game ends at {target}", target=game.target)
    )
    if game.rounds_limit:
        goal += " · " + t.plural("{n} round", "{n} rounds", game.rounds_limit)
    return [dealer, ft.Text(goal, size=16, color=ft.Colors.ON_SURFACE_VARIANT)]


def _rounds_and_chart(
    state: AppState,
    game: Game,
    result: GameResult,
    on_tap: Callable[[int], None] | None,
    show_all: bool,
    on_show_all: Callable[[], None],
    kept: Kept | None = None,
) -> list[ft.Control]:
    """The rounds table and the totals chart: side by side on a laptop when
    the table's columns fit half the width, else one above the other."""
    keep: Keep = kept.parts if kept is not None else built_anew
    t = state.t
    n = len(game.rounds)
    wide = (state.page_width or 0) >= WIDE
    limit = None if show_all or n <= SHOWN_ROUNDS + 2 else SHOWN_ROUNDS
    full = min(state.page_width or 390, MAX_WIDTH) - 24 - 32  # card padding
    half = (full + 32 - 12) / 2 - 32
    beside = wide and fits(len(game.players), column_width(game, result, t), half)
    parts = [
        section(t("Rounds")),
        rounds_table(
            game,
            result,
            t,
            on_tap,
            limit,
            half if beside else full,
            kept.rows if kept is not None else None,
            keep,
        ),
    ]
    if limit is not None:
        parts.append(
            tagged(
                "all-rounds",
                ft.TextButton(
                    t.plural("Show all {n} round", "Show all {n} rounds", n),
                    icon=ft.Icons.EXPAND_MORE,
                    on_click=on_show_all,
                ),
            )
        )
    table = card(ft.Column(parts))
    chart = card(
        totals_chart(
            game.players,
            result.totals_after(),
            t,
            target=game.target,
            points=kept.points if kept is not None else None,
        )
    )
    if beside:
        return [
            ft.Row(
                [ft.Container(table, expand=1), ft.Container(chart, expand=1)],
                vertical_alignment=ft.CrossAxisAlignment.START,
            )
        ]
    return [table, chart] if wide else [chart, table]


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
    state: AppState, game: Game, over: bool, on_finish: Callable[[], None] | None
) -> list[ft.Control]:
    """The footer of the running game (not read only)."""
    t = state.t
    n = len(game.rounds)
    wide = (state.page_width or 0) >= WIDE
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


def _body(
    state: AppState,
    game: Game,
    result: GameResult,
    read_only: bool,
    show_all: bool,
    set_show_all: Callable[[bool], None],
    rename: Callable[[str], None] | None,
    kept: Kept,
) -> list[ft.Control]:
    """Who deals (or who won), the players' tiles, the rounds and the chart."""
    t = state.t
    wide = (state.page_width or 0) >= WIDE
    body: list[ft.Control] = (
        [winner_banner(game, result, t)] if result.game_over else _heading(game, t)
    )
    tiles = [
        player_tile(game, result, s, t, wide, rename) for s in range(len(game.players))
    ]
    body.append(ft.ResponsiveRow(tiles, spacing=12, run_spacing=12))
    if game.rounds:
        on_tap = None if read_only else state.enter_round
        body += _rounds_and_chart(
            state,
            game,
            result,
            on_tap,
            show_all,
            lambda: set_show_all(True),
            kept,
        )
    else:  # only what the last redraw showed is kept
        kept.rows.clear()
        kept.points.clear()
    return body


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
        shown = _body(
            state, game, result, read_only, show_all, set_show_all, rename, board
        )
        board.body = (game, result, inputs, shown)
    body = list(shown)
    keep = board.parts
    game_id = state.viewing_id if read_only else state.game_id
    if game_id is not None:
        body.append(
            keep(
                "export", (t.language, game_id), lambda: export_buttons(state, game_id)
            )
        )
    finish = (lambda: set_asking_finish(True)) if n and not read_only else None
    footer = [] if read_only else _footer(state, game, over, finish)
    wide = (state.page_width or 0) >= WIDE
    actions = [] if read_only else _actions(state, over, wide, finish, keep)
    title = t("Round {n}", n=n + 1) if not over else t("Game over")
    back = "past" if read_only else "home"
    return screen(
        state, title, body, back=back, actions=actions, footer=footer, keep=keep
    )
