"""The scoreboard's parts: a player's tile (total, last round, progress to
the target) and the winner's banner with the final standings."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from jolly_scorer.core.game import Game
from jolly_scorer.core.scoring import GameResult
from jolly_scorer.core.standings import leaders, standings
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.widgets.basics import colour, signed, tagged
from jolly_scorer.ui.widgets.kept_parts import Keep, built_anew


def player_tile(
    game: Game,
    result: GameResult,
    seat: int,
    t: Translator,
    wide: bool,
    on_rename: Callable[[str], None] | None = None,
    keep: Keep = built_anew,
) -> ft.Control:
    """Player ``seat``'s tile: name, last round, total, progress to the target.

    ``keep``: the page's kept parts. A tile that shows the same (and does the
    same: renames or not) is the very control of the last redraw; in a tile
    whose total changed, the name line and the colour bar stay kept."""
    player = game.players[seat]
    total = result.totals.get(player, 0)
    last = result.rounds[-1].scores[player].score if result.rounds else None
    leader = bool(
        not result.game_over
        and result.rounds
        and player in leaders(game.players, result.totals, plus=game.rules.is_plus)
    )
    return keep(
        f"tile-{seat}",
        _tile,
        t,
        player,
        seat,
        wide,
        on_rename,  # the board's own: a kept tile renames on the board shown
        total,
        last,
        leader,
        game.target,
        game.rules.is_plus,
        len(game.players),
        keep,
    )


def _tile(
    t: Translator,
    player: str,
    seat: int,
    wide: bool,
    on_rename: Callable[[str], None] | None,
    total: int,
    last: int | None,
    leader: bool,
    target: int,
    is_plus: bool,
    players: int,
    keep: Keep,
) -> ft.Control:
    progress = max(0.0, min(total / target, 1.0)) if target else 0.0
    near = not is_plus and progress >= 0.8
    renames = on_rename is not None
    name_row = keep(f"tile-name-{seat}", _name_row, player, wide, leader, renames)
    name_col = ft.Column(
        [
            name_row,
            ft.Text(
                t("last round {score}", score=signed(last, t))
                if last is not None
                else " ",
                size=17 if wide else 15,
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
        # a phone: five players' totals and the snack bar after Save fit on
        # the screen (issue 17.8: the snack bar hid the last total)
        size=72 if wide else 44,
        weight=ft.FontWeight.BOLD,
        color=ft.Colors.ERROR if near else None,
    )
    bar = keep(f"tile-colour-{seat}", _colour_bar, seat, wide)
    body = ft.Column(
        [
            ft.Row(
                [bar, name_part, total_text],
                spacing=12,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            ft.ProgressBar(
                value=progress,
                bar_height=8,
                border_radius=4,
                color=ft.Colors.ERROR if near else colour(seat),
                tooltip=t("{total} of {target}", total=total, target=target),
            ),
        ],
        spacing=4,
    )
    label = t("{name}: {total} points", name=player, total=total)
    return ft.Semantics(
        identifier=f"total-{seat + 1}",
        label=label,
        container=True,
        col={"xs": 12, "md": 6, "lg": 6 if players == 4 else 4},
        content=ft.Container(
            body,
            padding=ft.Padding.symmetric(horizontal=16, vertical=10 if wide else 6),
            border_radius=16,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        ),
    )


def _colour_bar(seat: int, wide: bool) -> ft.Control:
    return ft.Container(
        width=8, height=56 if wide else 44, border_radius=4, bgcolor=colour(seat)
    )


def _name_row(player: str, wide: bool, leader: bool, renames: bool) -> ft.Control:
    """The player's name, the cup of the leader, the pencil of renaming."""
    return ft.Row(
        [
            ft.Text(
                player,
                size=24 if wide else 22,
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
                if renames
                else []
            ),
        ],
        spacing=6,
    )


def winner_banner(game: Game, result: GameResult, t: Translator) -> ft.Control:
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
