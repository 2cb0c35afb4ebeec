"""The joker's menu, shared by round entry and the meld checker: what a tap
on a joker opens (every valid reading with its points, the current one ticked;
take the joker out; let the app read the jokers; close)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from jolly_scorer.core.melds import Meld
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.widgets.buttons import labelled_button

__all__ = ["joker_menu", "reading_text"]


def reading_text(reading: Meld, t: Translator) -> str:
    """``'4♥ 5♥ 6♥ · 15 points'``."""
    cards = " ".join(c.label for c in reading.cards)
    return f"{cards} · " + t.plural("{n} point", "{n} points", reading.points or 0)


def joker_menu(
    choices: Sequence[tuple[Meld, bool]],
    t: Translator,
    on_choose: Callable[[Meld], Any],
    on_close: Callable[[], Any],
    identifier: str,
    *,
    on_remove: Callable[[], Any] | None = None,
    on_free: Callable[[], Any] | None = None,
) -> ft.Control:
    """What a tap on a joker opens: every valid reading with its points (the
    current one ticked), to fix the joker as that card; take it out; close."""
    items: list[ft.Control] = [
        ft.Row(
            [
                ft.Icon(ft.Icons.STAR, color=ft.Colors.PURPLE_700, size=22),
                ft.Text(
                    t("The joker stands for:"),
                    size=17,
                    weight=ft.FontWeight.W_600,
                    expand=True,
                ),
                ft.Semantics(
                    identifier=f"{identifier}-close",
                    content=ft.IconButton(
                        ft.Icons.CLOSE,
                        tooltip=t("Close"),
                        on_click=lambda: on_close(),
                    ),
                ),
            ],
            spacing=6,
        )
    ]
    if not choices:
        items.append(
            ft.Text(t("No valid reading: the meld is not valid yet."), size=16)
        )
    for n, (reading, current) in enumerate(choices):
        text = reading_text(reading, t)
        items.append(
            labelled_button(
                f"{identifier}-{n}",
                text,
                ft.Icons.CHECK if current else None,
                lambda _e=None, r=reading: on_choose(r),
                filled=current,
                selected=current,
                label=(t("Now: {reading}", reading=text) if current else text),
            )
        )
    if on_remove is not None:
        items.append(
            ft.Semantics(
                identifier=f"{identifier}-remove",
                button=True,
                content=ft.TextButton(
                    content=t("Take the joker out"),
                    icon=ft.Icons.DELETE_OUTLINE,
                    on_click=lambda: on_remove(),
                    height=44,
                ),
            )
        )
    if on_free is not None:
        items.append(
            labelled_button(
                "editor-free-jokers",
                t("Let the app read the jokers"),
                ft.Icons.AUTO_FIX_HIGH,
                lambda: on_free(),
            )
        )
    return ft.Semantics(
        identifier=identifier,
        container=True,
        content=ft.Container(
            ft.Column(
                items, spacing=6, horizontal_alignment=ft.CrossAxisAlignment.START
            ),
            padding=10,
            border_radius=12,
            border=ft.Border.all(2, ft.Colors.PURPLE_300),
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
        ),
    )
