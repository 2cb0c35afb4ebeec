"""Round entry: the joker exchange, offered in one tap where the card grid
was, as soon as a card laid off is the card a joker of that meld stands for
(the model: :mod:`jolly_scorer.ui.models.joker_swap`); and the line a meld
shows when the cards laid off on it make its joker read as another card."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.joker_swap import (
    SwapOffer,
    destinations,
    dismiss,
    meld_rereadings,
    swap_joker,
)
from jolly_scorer.ui.models.round import RoundModel
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.widgets.buttons import labelled_button
from jolly_scorer.ui.widgets.card_pieces import BAD

__all__ = ["reread_note", "swap_box"]

Act = Callable[..., Any]
SWAP = ft.Colors.PURPLE_700


def _cards_of(rounds: RoundModel, key: str | None) -> str:
    meld = next((m for m in rounds.melds if m.key == key), None)
    return "" if meld is None else " ".join(c.label for c in meld.plain)


def swap_box(
    entry: RoundEntryModel, offer: SwapOffer, t: Translator, act: Act
) -> ft.Control:
    """ "5♠ takes the joker's place? Where did the joker go?" with one button
    per place, and "Leave 5♠ beside the joker"."""
    rounds = entry.rounds
    owner = rounds.melds[offer.meld].owner
    card = offer.card.label
    parts: list[ft.Control] = [
        ft.Row(
            [
                ft.Icon(ft.Icons.SWAP_HORIZ, color=SWAP, size=24),
                ft.Text(
                    t(
                        "{card} is the card {owner}'s joker stands for. "
                        "Exchange them: where did the joker go?",
                        card=card,
                        owner=owner,
                    ),
                    size=17,
                    weight=ft.FontWeight.W_600,
                    expand=True,
                ),
            ],
            spacing=6,
        )
    ]
    # every place alike: which one it was is the table's, never a default
    buttons: list[ft.Control] = []
    for n, (kind, key) in enumerate(destinations(entry, offer)):
        if kind == "there":
            text = t("It is already in {cards}", cards=_cards_of(rounds, key))
            icon = ft.Icons.CHECK
        elif kind == "into":
            text = t("Into {cards}", cards=_cards_of(rounds, key))
            icon = ft.Icons.ADD
        elif kind == "new":
            text = t("Into a new meld of {name}", name=offer.by)
            icon = ft.Icons.ADD_BOX_OUTLINED
        else:
            text = t("Into {name}'s hand", name=offer.by)
            icon = ft.Icons.PAN_TOOL_OUTLINED
        buttons.append(
            labelled_button(
                f"editor-swap-{n}",
                text,
                icon,
                lambda _e=None, to=(kind, key): act(swap_joker, entry, offer, to),
                label=text,
            )
        )
    leave = t("Leave {card} beside the joker", card=card)
    if offer.reads_now is not None:
        leave = t(
            "Leave {card} beside the joker (it then stands for {now})",
            card=card,
            now=offer.reads_now.label,
        )
    buttons.append(
        labelled_button(
            "editor-swap-leave",
            leave,
            ft.Icons.CLOSE,
            lambda _e=None: act(dismiss, entry, offer),
            label=leave,
        )
    )
    parts.append(ft.Column(buttons, spacing=6))
    return ft.Semantics(
        identifier="editor-swap",
        container=True,
        content=ft.Container(
            ft.Column(parts, spacing=8),
            padding=10,
            border_radius=12,
            border=ft.Border.all(2, ft.Colors.PURPLE_300),
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
        ),
    )


def reread_note(
    rounds: RoundModel, index: int, t: Translator, identifier: str
) -> ft.Control | None:
    """ "The cards laid off make the joker stand for 7♠ instead of 5♠", or
    None when they re-read no joker."""
    changes = meld_rereadings(rounds, index)
    if not changes:
        return None
    text = " ".join(
        t(
            "The cards laid off make the joker stand for {after} instead of {before}.",
            after=c.after.label,
            before=c.before.label,
        )
        for c in changes
    )
    return ft.Semantics(
        identifier=identifier,
        label=text,
        content=ft.Row(
            [
                ft.Icon(ft.Icons.WARNING_AMBER, color=BAD, size=22),
                ft.Text(text, size=16, color=BAD, expand=True),
            ],
            spacing=6,
        ),
    )
