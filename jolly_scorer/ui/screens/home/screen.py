"""Home: continue the running game with one tap, or start, look back, check, set up."""

from __future__ import annotations

import flet as ft

from jolly_scorer.ui.state import AppState
from jolly_scorer.ui.texts import preset_name
from jolly_scorer.ui.widgets.basics import card, colour, tagged
from jolly_scorer.ui.widgets.buttons import big_button
from jolly_scorer.ui.widgets.screen import messages


def _running_game(state: AppState) -> ft.Control | None:
    game, result, t = state.game, state.result, state.t
    if game is None or result is None:
        return None
    rows: list[ft.Control] = []
    for seat, player in enumerate(game.players):
        rows.append(
            ft.Row(
                [
                    ft.Container(
                        width=14, height=14, border_radius=7, bgcolor=colour(seat)
                    ),
                    ft.Text(player, size=20, expand=True),
                    ft.Text(
                        t.number(result.totals.get(player, 0)),
                        size=24,
                        weight=ft.FontWeight.BOLD,
                    ),
                ]
            )
        )
    if result.game_over:
        status = t("Finished — won by {names}", names=", ".join(result.winners))
    else:
        status = t.plural("{n} round played", "{n} rounds played", len(game.rounds))
    label = t("Continue the game") if not result.game_over else t("Show the last game")
    return card(
        ft.Column(
            [
                ft.Text(
                    f"{preset_name(game.rules.base, t)} · {status}",
                    size=16,
                    color=ft.Colors.ON_SURFACE_VARIANT,
                ),
                *rows,
                big_button(
                    label,
                    ft.Icons.PLAY_ARROW,
                    lambda: state.go("board"),
                    "home-continue",
                    primary=not result.game_over,
                    height=72,
                ),
            ],
            spacing=8,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )
    )


@ft.component
def Home(state: AppState) -> ft.Control:
    """The first screen."""
    t = state.t
    running = _running_game(state)
    has_running = running is not None and not state.game_over
    # a phone that joined a live table gets only what it may do there
    host_only = not state.is_guest
    buttons = [
        *(
            [
                big_button(
                    t("New game"),
                    ft.Icons.ADD,
                    lambda: state.go("new"),
                    "home-new-game",
                    primary=not has_running,
                    height=72 if not has_running else 64,
                ),
                big_button(
                    t("Past games"),
                    ft.Icons.HISTORY,
                    lambda: state.go("past"),
                    "home-past",
                ),
                big_button(
                    t("Club evening"),
                    ft.Icons.GROUPS,
                    lambda: state.go("club"),
                    "home-club",
                ),
            ]
            if host_only
            else []
        ),
        big_button(
            t("Check a meld"), ft.Icons.STYLE, lambda: state.go("meld"), "home-meld"
        ),
        big_button(
            t("Rules"), ft.Icons.MENU_BOOK, lambda: state.go("rules"), "home-rules"
        ),
        *(
            [
                big_button(
                    t("Settings"),
                    ft.Icons.SETTINGS,
                    lambda: state.go("settings"),
                    "home-settings",
                )
            ]
            if host_only
            else []
        ),
    ]
    if state.is_guest and running is None:
        buttons.insert(
            0,
            ft.Text(
                t("The host has not opened a game for the table yet."),
                size=18,
                italic=True,
            ),
        )
    return ft.Column(
        [
            tagged(
                "home-title",
                ft.Text(t("Jolly score keeper"), size=32, weight=ft.FontWeight.BOLD),
            ),
            *messages(state),
            *([running] if running is not None else []),
            *buttons,
        ],
        spacing=16,
        scroll=ft.ScrollMode.AUTO,
        expand=True,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
