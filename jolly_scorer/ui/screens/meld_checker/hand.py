"""The meld checker's *best lay-down* side: the hand (a tap takes a card out),
its best value and whether it opens, then the melds that make it and what is
left in the hand. While the arranger works (off the event loop) it says so;
a refusal (too many cards, time up) is shown in words.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import flet as ft

from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.meld_checker import MeldCheckerModel
from jolly_scorer.ui.screens.meld_checker.melds import Act, title
from jolly_scorer.ui.widgets.card_pieces import (
    BAD,
    GOOD,
    card_row,
    meld_verdict,
)

if TYPE_CHECKING:
    from jolly_scorer.core.arranger import Arrangement
    from jolly_scorer.ui.settings import UiSettings

__all__ = ["hand_panel"]


def hand_panel(
    model: MeldCheckerModel, t: Translator, settings: UiSettings | None, act: Act
) -> tuple[list[ft.Control], list[ft.Control]]:
    """The hand and its best value (for the framed box); the melds that make it."""
    parts: list[ft.Control] = [title(t("Hand"))]
    if not model.hand:
        parts.append(ft.Text(t("Tap the cards of the hand below."), size=16))
        return parts, []
    take_out = partial(act, model.remove_from_hand)
    parts.append(card_row(model.hand, t, settings, on_tap=take_out))
    found = model.best()
    if found is None:  # being worked out off the event loop
        working = t("Working…")
        parts.append(
            ft.Semantics(
                identifier="best-working",
                label=working,
                content=ft.Row(
                    [ft.ProgressRing(width=24, height=24), ft.Text(working)],
                    spacing=10,
                ),
            )
        )
        return parts, []
    if found.error is not None or found.lay is None:
        error = found.error or ""
        parts.append(
            ft.Semantics(
                identifier="best-error",
                label=error,
                content=ft.Text(error, color=BAD, size=17),
            )
        )
        return parts, []
    parts.append(_value(model, found.lay, t))
    return parts, [_melds(found.lay, t, settings)]


def _value(model: MeldCheckerModel, lay: Arrangement, t: Translator) -> ft.Control:
    points = t.plural("{n} point", "{n} points", lay.points)
    opening, good = model.opening_text(lay.opening_reached)
    return ft.Semantics(
        identifier="best-summary",
        label=f"{points}. {opening}",
        content=ft.Column(
            [
                _big(t("Best lay-down: {points}", points=points)),
                _big(opening, GOOD if good else BAD),
            ],
            spacing=2,
        ),
    )


def _big(text: str, colour: str | None = None) -> ft.Control:
    return ft.Text(text, size=19, weight=ft.FontWeight.W_600, color=colour)


def _melds(lay: Arrangement, t: Translator, settings: UiSettings | None) -> ft.Control:
    lines: list[ft.Control] = []
    if not lay.melds:
        lines.append(ft.Text(t("No meld can be laid down from these cards."), size=18))
    for n, meld in enumerate(lay.melds):
        lines.append(card_row(meld.cards, t, settings))
        lines.append(meld_verdict(meld, t, f"best-meld-{n}"))
    if lay.left and lay.melds:
        left = " ".join(card.label for card in lay.left)
        lines.append(ft.Text(t("Left in hand: {cards}", cards=left), size=17))
    return ft.Container(
        ft.Column(lines, spacing=6),
        padding=12,
        border_radius=12,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
    )
