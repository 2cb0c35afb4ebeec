"""Round entry, the card editor: the cards of one meld, lay-off, hand or pile.

It shows the cards entered (tap one to take it out), the meld's verdict with
its joker reading and the other readings to choose from, a text field for
notation and the one-tap card picker. A *pile* is the unordered cards a player
put down; "Arrange into melds" splits it with the arranger.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import flet as ft

from jolly_scorer.core.cards import Card
from jolly_scorer.core.scoring import bad_points
from jolly_scorer.ui.i18n import Translator
from jolly_scorer.ui.round_model import RoundModel, Target
from jolly_scorer.ui.views.common import labelled_button
from jolly_scorer.ui.views.round_entry_cards import (
    BAD,
    card_row,
    cards_field,
    joker_menu,
    meld_verdict,
    parse_typed,
    picker,
)
from jolly_scorer.ui.views.round_entry_parts import meld_name

if TYPE_CHECKING:
    from jolly_scorer.core.arranger import Arrangement
    from jolly_scorer.ui.settings import UiSettings

__all__ = ["Editing", "editor"]


@dataclass(frozen=True)
class Editing:
    """What the editor is open on: a model target, or a player's pile."""

    target: Target | None
    pile: str | None
    text: str
    bad: str | None
    pile_cards: tuple[Card, ...]
    #: a tap on a joker opened its readings (the position tapped, -1: none)
    joker: int | None = None
    #: the best partial split of the pile, waiting to be accepted
    split: Arrangement | None = None

    @property
    def player(self) -> str:
        """The player whose panel holds the editor."""
        if self.target is not None:
            return self.target.player
        return self.pile or ""


def _title(model: RoundModel, editing: Editing, t: Translator) -> str:
    target = editing.target
    if target is None:
        return t("Cards {name} put down (any order)", name=editing.pile or "")
    if target.kind == "hand":
        return t("Cards left in {name}'s hand", name=target.player)
    if target.kind == "discard":
        return t("{name}'s last card, discarded face down", name=target.player)
    assert target.meld is not None
    if target.kind == "layoff":
        return t(
            "{name} lays off on {meld}",
            name=target.player,
            meld=meld_name(model, target.meld, t),
        )
    return meld_name(model, target.meld, t)


def editor(
    model: RoundModel,
    editing: Editing,
    t: Translator,
    settings: UiSettings | None,
    actions: Mapping[str, Callable[..., Any]],
    *,
    typing: bool = False,
    wide: bool = False,
) -> ft.Control:
    """The editor, docked like a keyboard under the players (beside them if wide).

    On a phone it shows the card picker or, after a tap on the keyboard button,
    the text field (``typing``); a wide screen shows both. Tapping an entered
    card takes it out, except a joker in a meld: that opens its readings.
    """
    target = editing.target
    cards = editing.pile_cards if target is None else model.cards_of(target)
    meld_index = (
        target.meld
        if target is not None and target.kind in ("meld", "layoff")
        else None
    )
    items: list[ft.Control] = [
        _top_row(model, editing, t, actions, cards, typing, wide)
    ]

    def tap_card(position: int) -> None:
        if meld_index is not None and cards[position].is_joker:
            actions["joker"](position)
        else:
            actions["remove"](position)

    if cards:
        items.append(card_row(cards, t, settings, on_tap=tap_card))
    elif target is not None and target.kind == "discard":
        items.append(
            ft.Text(
                t("Optional. It scores nothing, but the deck check counts it."),
                size=16,
            )
        )
    else:
        items.append(ft.Text(t("Tap the cards below, or type them."), size=16))
    if meld_index is not None:
        items += _meld_parts(model, meld_index, editing, t, actions)
    elif target is not None and target.kind == "hand":
        items.append(
            ft.Text(
                t("Bad points: {n}", n=t.number(bad_points(cards, model.rules))),
                size=17,
                color=BAD,
            )
        )
    if editing.split is not None and editing.pile is not None:
        items.append(
            _split_box(model, editing.pile, editing.split, t, settings, actions)
        )

    def on_text(text: str) -> None:
        parsed, bad = parse_typed(text)
        message = None if bad is None else t("Not a card: {token}", token=bad)
        actions["typed"](parsed, text, message)

    buttons = _buttons(editing, t, actions)
    row = ft.Row(buttons, wrap=True, spacing=8, run_spacing=8)
    if editing.pile is not None and editing.split is None:
        items.append(row)
    if typing or wide or editing.bad:
        items.append(
            cards_field(t, editing.text, on_text, "meld-input", error=editing.bad)
        )
    if wide or not typing:
        items.append(
            picker(
                actions["pick"],
                t,
                settings,
                used=model.used_counts(),
                jokers=model.rules.jokers,
            )
        )
    if editing.pile is None and buttons:
        items.append(row)
    return ft.Semantics(
        identifier="round-editor",
        container=True,
        content=ft.Container(
            ft.Column(items, spacing=8, scroll=ft.ScrollMode.AUTO),
            padding=10,
            border=ft.Border.all(2, ft.Colors.PRIMARY),
            border_radius=14,
            bgcolor=ft.Colors.SURFACE,
            expand=True,
        ),
    )


def _top_row(
    model: RoundModel,
    editing: Editing,
    t: Translator,
    actions: Mapping[str, Callable[..., Any]],
    cards: tuple[Card, ...],
    typing: bool,
    wide: bool,
) -> ft.Control:
    """Title, keyboard switch (phone), backspace, Done."""
    return ft.Row(
        [
            ft.Text(
                _title(model, editing, t),
                size=19,
                weight=ft.FontWeight.BOLD,
                expand=True,
            ),
            *(
                []
                if wide
                else [
                    ft.Semantics(
                        identifier="editor-keyboard",
                        content=ft.IconButton(
                            ft.Icons.GRID_VIEW if typing else ft.Icons.KEYBOARD,
                            tooltip=t("Tap cards") if typing else t("Type cards"),
                            on_click=lambda: actions["typing"](not typing),
                            icon_size=28,
                        ),
                    )
                ]
            ),
            ft.Semantics(
                identifier="editor-backspace",
                content=ft.IconButton(
                    ft.Icons.BACKSPACE_OUTLINED,
                    tooltip=t("Take out the last card"),
                    on_click=lambda: actions["remove"](None),
                    disabled=not cards,
                    icon_size=28,
                ),
            ),
            labelled_button(
                "editor-done",
                t("Done"),
                ft.Icons.CHECK,
                lambda: actions["done"](),
                filled=True,
            ),
        ],
        spacing=4,
    )


def _meld_parts(
    model: RoundModel,
    index: int,
    editing: Editing,
    t: Translator,
    actions: Mapping[str, Callable[..., Any]],
) -> list[ft.Control]:
    """The verdict of the meld edited, the joker menu or the hint to it."""
    out: list[ft.Control] = []
    verdict = model.verdict(index)
    meld = model.melds[index]
    if meld.cards:
        out.append(meld_verdict(verdict, t, "editor-verdict"))
    has_joker = any(c.card.is_joker for c in meld.cards)
    if editing.joker is not None and has_joker:
        position = editing.joker
        out.append(
            joker_menu(
                model.reading_choices(index),
                t,
                lambda reading: actions["choose_reading"](index, reading),
                lambda: actions["joker"](None),
                "joker-menu",
                on_remove=(
                    None if position < 0 else lambda: actions["remove"](position)
                ),
            )
        )
    elif has_joker and verdict.valid and len(model.readings(index)) > 1:
        out.append(
            ft.Text(
                t("Tap the joker to choose another reading."),
                size=15,
                italic=True,
            )
        )
    if any(c.card.stands_for is not None for c in meld.cards):
        out.append(
            labelled_button(
                "editor-free-jokers",
                t("Let the app read the jokers"),
                ft.Icons.AUTO_FIX_HIGH,
                lambda: actions["free_jokers"](index),
            )
        )
    return out


def _buttons(
    editing: Editing, t: Translator, actions: Mapping[str, Callable[..., Any]]
) -> list[ft.Control]:
    target = editing.target
    buttons: list[ft.Control] = []
    if target is not None and target.kind == "meld" and target.meld is not None:
        meld = target.meld
        buttons.append(
            labelled_button(
                "editor-next-meld",
                t("Next meld"),
                ft.Icons.ADD,
                lambda: actions["new_meld"](target.player),
            )
        )
        buttons.append(
            labelled_button(
                "editor-delete-meld",
                t("Delete meld"),
                ft.Icons.DELETE_OUTLINE,
                lambda: actions["delete_meld"](meld),
            )
        )
    if target is None and editing.pile is not None:
        pile_owner = editing.pile
        buttons.insert(
            0,
            labelled_button(
                "editor-arrange",
                t("Arrange into melds"),
                ft.Icons.AUTO_AWESOME,
                lambda: actions["arrange"](pile_owner, editing.pile_cards),
                filled=True,
            ),
        )
    return buttons


def _split_box(
    model: RoundModel,
    owner: str,
    split: Arrangement,
    t: Translator,
    settings: UiSettings | None,
    actions: Mapping[str, Callable[..., Any]],
) -> ft.Control:
    """The best partial split of a pile, the cards left over, and the choices."""
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
            lambda: actions["accept_split"]("pile"),
            filled=True,
        )
    ]
    if owner != model.closer:
        buttons.append(
            labelled_button(
                "editor-split-hand",
                t("Lay these down, the rest into {name}'s hand", name=owner),
                ft.Icons.PAN_TOOL_OUTLINED,
                lambda: actions["accept_split"]("hand"),
            )
        )
    buttons.append(
        labelled_button(
            "editor-split-back",
            t("Change the cards"),
            ft.Icons.EDIT,
            lambda: actions["accept_split"](None),
        )
    )
    parts.append(ft.Row(buttons, wrap=True, spacing=8, run_spacing=8))
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
