"""Round entry, the layout: a phone shows the strip of players, the player
shown and the editor docked above the Save bar; a laptop shows every player's
panel with the preview (or the editor) and the Save bar beside them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from jolly_scorer.ui.i18n import Translator
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.round_model import Preview
from jolly_scorer.ui.views.round_entry_closer import closer_section, player_strip
from jolly_scorer.ui.views.round_entry_editor import editor
from jolly_scorer.ui.views.round_entry_hand import points_rows
from jolly_scorer.ui.views.round_entry_parts import preview_table
from jolly_scorer.ui.views.round_entry_player import player_panel
from jolly_scorer.ui.views.round_entry_status import statuses_row
from jolly_scorer.ui.views.round_entry_together import together_notice
from jolly_scorer.ui.widgets.card_picker import Relay

if TYPE_CHECKING:
    from jolly_scorer.ui.settings import UiSettings

__all__ = ["WIDE", "layout"]

WIDE = 900


def layout(
    width: float,
    entry: RoundEntryModel,
    t: Translator,
    settings: UiSettings | None,
    act: Callable[..., Any],
    arrange: Callable[[], Any],
    relay: Relay,
    *,
    save_bar: Callable[[Preview], ft.Control],
    header: ft.Control,
) -> ft.Control:
    """The screen's controls for ``width`` (see the module docstring)."""
    rounds = entry.rounds
    wide = width >= WIDE
    preview = rounds.preview()
    side_width = min(560.0, width * 0.42)
    docked: ft.Control | None = None
    if entry.editing is not None:
        docked = editor(
            entry,
            t,
            settings,
            act,
            arrange,
            relay,
            wide=wide,
            available=(side_width - 40) if wide else min(width, 600) - 40,
        )
    body: list[ft.Control] = [closer_section(entry, t, settings, act)]
    if not rounds.melds_needed():
        text = t("Enter melds too (optional in penalty scoring)")
        body.append(
            ft.Row(
                [
                    ft.Semantics(
                        identifier="round-show-melds",
                        label=text,
                        content=ft.Switch(
                            value=entry.show_melds,
                            on_change=lambda e: act(
                                entry.set_show_melds, e.control.value
                            ),
                        ),
                    ),
                    ft.Text(text, size=15, expand=True),  # wraps, never cut
                ],
                spacing=8,
            )
        )

    def panel(seat: int, name: str) -> ft.Control:
        return player_panel(entry, seat, name, preview.scores[name], t, settings, act)

    if wide:
        body.append(
            ft.ResponsiveRow(
                [
                    ft.Container(panel(seat, name), col={"xs": 12, "lg": 6})
                    for seat, name in enumerate(rounds.players)
                ],
                spacing=10,
                run_spacing=10,
            )
        )
    elif entry.all_counted:
        body.append(points_rows(entry, preview, t, act))
    else:  # a phone: only the player shown is built
        seat = rounds.players.index(entry.player)
        body.append(panel(seat, entry.player))
    scroller = ft.Column(body, spacing=10, scroll=ft.ScrollMode.AUTO, expand=True)
    bar = save_bar(preview)
    notice = together_notice(entry)
    if notice is not None:
        header = ft.Column([header, notice], spacing=4)
    content: ft.Control
    if wide:
        watch = [statuses_row(entry, t)] if entry.together else []
        top = docked or ft.Column(
            [preview_table(rounds, preview, t), *watch],
            scroll=ft.ScrollMode.AUTO,
            spacing=12,
        )
        side = ft.Column([ft.Container(top, expand=True), bar], spacing=8, expand=True)
        content = ft.Column(
            [
                header,
                ft.Row(
                    [scroller, ft.Container(side, width=side_width)],
                    spacing=16,
                    expand=True,
                    vertical_alignment=ft.CrossAxisAlignment.STRETCH,
                ),
            ],
            spacing=8,
            expand=True,
        )
    else:
        strip = [] if entry.all_counted else [player_strip(entry, preview, t, act)]
        parts = [header, *strip, scroller, *([docked] if docked else []), bar]
        content = ft.Column(parts, spacing=4, expand=True)
    return ft.Container(
        content,
        padding=ft.Padding.symmetric(horizontal=4 if not wide else 8, vertical=2),
        expand=True,
    )
