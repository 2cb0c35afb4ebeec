"""Round entry: the best partial split of cards put down together, with
what is left over and the choices (lay these down, the rest stays or goes
into the hand; or change the cards)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.widgets.buttons import labelled_button
from jolly_scorer.ui.widgets.card_pieces import BAD, card_row, meld_verdict

if TYPE_CHECKING:
    from jolly_scorer.core.arranger import Arrangement
    from jolly_scorer.ui.settings import UiSettings

__all__ = ["split_box"]

Act = Callable[..., Any]


def split_box(
    entry: RoundEntryModel,
    owner: str,
    split: Arrangement,
    t: Translator,
    settings: UiSettings | None,
    act: Act,
) -> ft.Control:
    """The best partial split of the cards put down, what is left, the choices."""
    parts: list[ft.Control] = [
        ft.Text(
            t("Not every card fits into a meld. The best split:"),
            size=17,
            weight=ft.FontWeight.W_600,
        )
    ]
    for n, meld in enumerate(split.melds):
        parts.append(card_row(meld.cards, t, settings))
        parts.append(meld_verdict(meld, t, f"editor-split-meld-{n}"))
    left = " ".join(c.label for c in split.left)
    parts.append(
        ft.Semantics(
            identifier="editor-split-left",
            label=t("Left over: {cards}", cards=left),
            content=ft.Row(
                [
                    ft.Icon(ft.Icons.WARNING_AMBER, color=BAD, size=22),
                    ft.Text(
                        t("Left over: {cards}", cards=left),
                        size=17,
                        color=BAD,
                        weight=ft.FontWeight.W_600,
                        expand=True,
                    ),
                ],
                spacing=6,
            ),
        )
    )
    buttons = [
        labelled_button(
            "editor-split-pile",
            t("Lay these down, keep the rest here"),
            ft.Icons.CHECK,
            lambda: act(entry.accept_split, "pile"),
            filled=True,
        )
    ]
    if owner != entry.rounds.closer:
        buttons.append(
            labelled_button(
                "editor-split-hand",
                t("Lay these down, the rest into {name}'s hand", name=owner),
                ft.Icons.PAN_TOOL_OUTLINED,
                lambda: act(entry.accept_split, "hand"),
            )
        )
    buttons.append(
        labelled_button(
            "editor-split-back",
            t("Change the cards"),
            ft.Icons.EDIT,
            lambda: act(entry.accept_split, None),
        )
    )
    parts.append(ft.Column(buttons, spacing=6))
    return ft.Semantics(
        identifier="editor-split",
        container=True,
        content=ft.Container(
            ft.Column(parts, spacing=6),
            padding=10,
            border_radius=12,
            border=ft.Border.all(2, BAD),
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        ),
    )
