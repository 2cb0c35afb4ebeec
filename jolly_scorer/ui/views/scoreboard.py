"""Scoreboard: big totals, who deals, the rounds, the chart; game over with rematch."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

import flet as ft

from jolly_scorer.core.game import Game
from jolly_scorer.core.scoring import GameResult
from jolly_scorer.core.standings import leaders, standings
from jolly_scorer.ui.i18n import Translator
from jolly_scorer.ui.state import AppState
from jolly_scorer.ui.views.charts import totals_chart
from jolly_scorer.ui.views.export import ExportButtons
from jolly_scorer.ui.views.rounds_table import column_width, fits, rounds_table
from jolly_scorer.ui.widgets.basics import (
    MAX_WIDTH,
    WIDE,
    card,
    colour,
    section,
    signed,
    tagged,
)
from jolly_scorer.ui.widgets.buttons import big_button, icon_button
from jolly_scorer.ui.widgets.screen import screen


def _player_tile(
    game: Game,
    result: GameResult,
    seat: int,
    t: Translator,
    wide: bool,
    on_rename: Callable[[str], None] | None = None,
) -> ft.Control:
    player = game.players[seat]
    total = result.totals.get(player, 0)
    last = result.rounds[-1].scores[player].score if result.rounds else None
    progress = max(0.0, min(total / game.target, 1.0)) if game.target else 0.0
    near = not game.rules.is_plus and progress >= 0.8
    leader = (
        not result.game_over
        and result.rounds
        and player in leaders(game.players, result.totals, plus=game.rules.is_plus)
    )
    name_col = ft.Column(
        [
            ft.Row(
                [
                    ft.Text(
                        player,
                        size=24,
                        weight=ft.FontWeight.W_600,
                        max_lines=1,
                        overflow=ft.TextOverflow.ELLIPSIS,
                    ),
                    *(
                        [ft.Icon(ft.Icons.EMOJI_EVENTS, color=ft.Colors.AMBER_700)]
                        if leader
                        else []
                    ),
                    *(
                        [
                            ft.Icon(
                                ft.Icons.EDIT_OUTLINED,
                                size=18,
                                color=ft.Colors.ON_SURFACE_VARIANT,
                            )
                        ]
                        if on_rename is not None
                        else []
                    ),
                ],
                spacing=6,
            ),
            ft.Text(
                t("last round {score}", score=signed(last, t))
                if last is not None
                else " ",
                size=17,
                color=ft.Colors.ON_SURFACE_VARIANT,
            ),
        ],
        spacing=0,
    )
    name_part: ft.Control = ft.Container(name_col, expand=True)
    if on_rename is not None:
        name_part = tagged(
            f"rename-{seat + 1}",
            ft.Container(
                name_col,
                expand=True,
                on_click=lambda: on_rename(player),
                tooltip=t("Rename {name}", name=player),
                border_radius=8,
            ),
        )
    total_text = ft.Text(
        t.number(total),
        size=72 if wide else 56,
        weight=ft.FontWeight.BOLD,
        color=ft.Colors.ERROR if near else None,
    )
    body = ft.Column(
        [
            ft.Row(
                [
                    ft.Container(
                        width=8, height=56, border_radius=4, bgcolor=colour(seat)
                    ),
                    name_part,
                    total_text,
                ],
                spacing=12,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            ft.ProgressBar(
                value=progress,
                bar_height=8,
                border_radius=4,
                color=ft.Colors.ERROR if near else colour(seat),
                tooltip=t("{total} of {target}", total=total, target=game.target),
            ),
        ],
        spacing=4,
    )
    label = t("{name}: {total} points", name=player, total=total)
    return ft.Semantics(
        identifier=f"total-{seat + 1}",
        label=label,
        container=True,
        col={"xs": 12, "md": 6, "lg": 6 if len(game.players) == 4 else 4},
        content=ft.Container(
            body,
            padding=ft.Padding.symmetric(horizontal=16, vertical=10),
            border_radius=16,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        ),
    )


SHOWN_ROUNDS = 10  # the newest rounds in the table until "show all" is tapped


def _winner_banner(game: Game, result: GameResult, t: Translator) -> ft.Control:
    names = " & ".join(result.winners)
    title = t.plural("{names} wins!", "{names} win!", len(result.winners), names=names)
    order = standings(game.players, result.totals, plus=game.rules.is_plus)
    lines = [
        ft.Text(
            f"{s.place}. {s.player}   {t.number(s.total)}",
            size=28 if s.place == 1 else 24,
            weight=ft.FontWeight.BOLD if s.place == 1 else None,
        )
        for s in order
    ]
    return tagged(
        "winner",
        ft.Container(
            ft.Column(
                [
                    ft.Row(
                        [
                            ft.Icon(
                                ft.Icons.EMOJI_EVENTS,
                                size=56,
                                color=ft.Colors.AMBER_700,
                            ),
                            ft.Text(
                                title, size=40, weight=ft.FontWeight.BOLD, expand=True
                            ),
                        ]
                    ),
                    *lines,
                ],
                spacing=6,
            ),
            padding=20,
            border_radius=20,
            bgcolor=ft.Colors.TERTIARY_CONTAINER,
        ),
    )


def _dialog_button(
    text: str, on_click: Callable[[], None], primary: bool = False
) -> ft.Control:
    """A dialog's action: 48 px high, 18 px text."""
    kind = ft.FilledButton if primary else ft.TextButton
    return kind(
        text,
        on_click=on_click,
        height=48,
        style=ft.ButtonStyle(text_style=ft.TextStyle(size=18)),
    )


@dataclass
class _Renaming:
    """The rename dialog: whose name, what is typed, the core's objection."""

    old: str
    typed: str
    error: str | None = None


def _rename_dialog(
    state: AppState,
    renaming: _Renaming,
    set_renaming: Callable[[_Renaming | None], None],
) -> ft.AlertDialog:
    t = state.t

    def save() -> None:
        message = state.rename_player(renaming.old, renaming.typed)
        if message is None:
            set_renaming(None)
            return
        state.dismiss()  # shown in the dialog, not behind it
        set_renaming(_Renaming(renaming.old, renaming.typed, message))

    def change(e: ft.Event[ft.TextField]) -> None:
        set_renaming(_Renaming(renaming.old, e.control.value or ""))

    field = ft.TextField(
        value=renaming.typed,
        autofocus=True,
        text_size=22,
        error=renaming.error,
        error_style=ft.TextStyle(size=16),
        error_max_lines=3,
        on_change=change,
        on_submit=save,
    )
    return ft.AlertDialog(
        modal=True,
        title=ft.Text(t("Rename {name}", name=renaming.old), size=24),
        content=tagged("rename-field", field),
        actions=[
            tagged(
                "rename-cancel",
                _dialog_button(t("Cancel"), lambda: set_renaming(None)),
            ),
            tagged("rename-save", _dialog_button(t("Rename"), save, primary=True)),
        ],
    )


def _finish_dialog(
    state: AppState, set_asking: Callable[[bool], None]
) -> ft.AlertDialog:
    t = state.t

    def confirm() -> None:
        set_asking(False)
        state.finish()

    return ft.AlertDialog(
        modal=True,
        title=ft.Text(t("Finish the game now?"), size=24),
        content=ft.Text(
            t("The game ends with the current totals. Undo brings it back."),
            size=18,
        ),
        actions=[
            tagged(
                "finish-cancel",
                _dialog_button(t("Keep playing"), lambda: set_asking(False)),
            ),
            tagged(
                "finish-confirm", _dialog_button(t("Finish"), confirm, primary=True)
            ),
        ],
    )


@ft.component
def Scoreboard(state: AppState, read_only: bool = False) -> ft.Control:
    """The running game (or, read only, a past game)."""
    t = state.t
    show_all, set_show_all = ft.use_state(False)
    renaming, set_renaming = ft.use_state(cast(_Renaming | None, None))
    asking_finish, set_asking_finish = ft.use_state(False)
    ft.use_dialog(
        _rename_dialog(state, renaming, set_renaming)
        if renaming is not None
        else _finish_dialog(state, set_asking_finish)
        if asking_finish
        else None
    )
    game = state.viewing if read_only else state.game
    result = state.viewing_result if read_only else state.result
    if game is None or result is None:
        return screen(state, t("Scoreboard"), [ft.Text(t("There is no game running."))])
    wide = (state.page_width or 0) >= WIDE
    n = len(game.rounds)
    over = result.game_over
    body: list[ft.Control] = []
    if over:
        body.append(_winner_banner(game, result, t))
    else:
        body.append(
            tagged(
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
        )
        goal = (
            t("Play to {target}", target=game.target)
            if game.rules.is_plus
            else t("Game ends at {target}", target=game.target)
        )
        if game.rounds_limit:
            goal += " · " + t.plural("{n} round", "{n} rounds", game.rounds_limit)
        body.append(ft.Text(goal, size=16, color=ft.Colors.ON_SURFACE_VARIANT))
    body.append(
        ft.ResponsiveRow(
            [
                _player_tile(
                    game,
                    result,
                    s,
                    t,
                    wide,
                    None if read_only else lambda p: set_renaming(_Renaming(p, p)),
                )
                for s in range(len(game.players))
            ],
            spacing=12,
            run_spacing=12,
        )
    )
    on_tap = None if read_only else state.enter_round
    if n:
        limit = None if show_all or n <= SHOWN_ROUNDS + 2 else SHOWN_ROUNDS
        full = min(state.page_width or 390, MAX_WIDTH) - 24 - 32  # card padding
        half = (full + 32 - 12) / 2 - 32
        # the laptop puts the table beside the chart when its columns fit there
        beside = wide and fits(len(game.players), column_width(game, result, t), half)
        room = half if beside else full
        parts = [
            section(t("Rounds")),
            rounds_table(game, result, t, on_tap, limit, room),
        ]
        if limit is not None:
            parts.append(
                tagged(
                    "all-rounds",
                    ft.TextButton(
                        t.plural("Show all {n} round", "Show all {n} rounds", n),
                        icon=ft.Icons.EXPAND_MORE,
                        on_click=lambda: set_show_all(True),
                    ),
                )
            )
        table = card(ft.Column(parts))
        chart = card(
            totals_chart(game.players, result.totals_after(), t, target=game.target)
        )
        if beside:
            body.append(
                ft.Row(
                    [ft.Container(table, expand=1), ft.Container(chart, expand=1)],
                    vertical_alignment=ft.CrossAxisAlignment.START,
                )
            )
        elif wide:
            body += [table, chart]
        else:
            body += [chart, table]
    game_id = state.viewing_id if read_only else state.game_id
    if game_id is not None:
        body.append(ExportButtons(state, game_id))
    footer: list[ft.Control] = []
    actions: list[ft.Control] = []
    if not read_only:
        actions = [
            icon_button(
                ft.Icons.UNDO,
                # the kept history did not match a game changed outside the app
                t("Undo") if state.full_undo else t("Undo: takes back the last round"),
                state.undo if state.can_undo else None,
                "undo",
            ),
            icon_button(
                ft.Icons.REDO, t("Redo"), state.redo if state.can_redo else None, "redo"
            ),
        ]
        if over:
            footer = [
                big_button(
                    t("Rematch"),
                    ft.Icons.REPLAY,
                    state.rematch,
                    "rematch",
                    primary=True,
                    height=72,
                    expand=True,
                ),
            ]
        else:
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
            finish = (lambda: set_asking_finish(True)) if n else None
            if wide:
                footer.append(
                    big_button(
                        t("Finish"),
                        ft.Icons.FLAG,
                        finish,
                        "finish",
                        expand=1,
                        height=72,
                    )
                )
            else:
                actions.append(
                    icon_button(ft.Icons.FLAG, t("Finish the game"), finish, "finish")
                )
    title = t("Round {n}", n=n + 1) if not over else t("Game over")
    back = "past" if read_only else "home"
    return screen(state, title, body, back=back, actions=actions, footer=footer)
