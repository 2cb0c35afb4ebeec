"""Round entry, the card editor: the cards of one meld, lay-off, hand or pile.

Its layout never moves under the finger: a title row, one row of the cards
entered (tap one to take it out; a joker in a meld opens its readings), one
line (two when the words need them) for the verdict (shown once the meld can
be judged) or the hand's points, the buttons of the target, then the card
grid, or on a phone after a tap on the keyboard button the typed-card field
(focused at once; it keeps the focus while cards are typed one after another,
and Enter only starts a new line). On a phone, what stands in for the grid (a
lay-off's choice of melds, a joker's readings) keeps the grid's room.
Every part has a key, so a redraw updates it instead of replacing it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from jolly_scorer.core.cards import Card
from jolly_scorer.ui.models.joker_swap import swap_offers
from jolly_scorer.ui.models.round import used_up_cards
from jolly_scorer.ui.models.round_entry import Editing, RoundEntryModel
from jolly_scorer.ui.models.round_watch import EDITOR, STATIC
from jolly_scorer.ui.screens.round_entry.editor.frame import (
    at_least,
    keyed,
    lower_slot,
    shell,
)
from jolly_scorer.ui.screens.round_entry.editor.parts import (
    ButtonSpec,
    button_specs,
    status_line,
    target_buttons,
    title,
    top_row,
)
from jolly_scorer.ui.screens.round_entry.editor.swap import swap_box
from jolly_scorer.ui.screens.round_entry.player import layoff_choice
from jolly_scorer.ui.screens.round_entry.scope import Scope, use_scope
from jolly_scorer.ui.screens.round_entry.split import split_box
from jolly_scorer.ui.screens.round_entry.watched import watched
from jolly_scorer.ui.widgets.card_picker import KEY_HEIGHT, gap, grid_height
from jolly_scorer.ui.widgets.card_pieces import (
    card_row,
    cards_field,
    joker_menu,
    picker,
)

__all__ = ["Editing", "editor", "lower_slot", "shell"]  # the frame: re-exported

#: the typed-card field's width beside the editor's buttons on a laptop
WIDE_FIELD = 280

Act = Callable[..., Any]


def editor(
    scope: Scope,
    *,
    wide: bool = False,
    available: float = 366,
    key_height: float = KEY_HEIGHT,
    narrow: bool = False,
) -> ft.Control:
    """The editor, docked like a keyboard under the player (beside the
    players on a wide screen). The scope's handlers are the newest whenever
    they run (``keep.latest``): its watched parts may hold them.
    ``key_height``, ``narrow``: a short or narrow phone's grid and frame
    (``layout.phone_fit``)."""
    entry, t, settings, act = scope.entry, scope.t, scope.settings, scope.act
    editing = entry.editing
    assert editing is not None
    rounds = entry.rounds
    target = editing.target
    meld_index = (
        target.meld
        if target is not None and target.kind in ("meld", "layoff")
        else None
    )
    typing = entry.typing and not wide

    # a tap changes one or two of these parts: the cards are drawn again
    # only when the editor's share of the model changed (``watched.py``,
    # ``RoundWatch``'s EDITOR); the top row and the buttons, drawn from
    # their arguments only (they read nothing else), when those changed
    heading = title(rounds, editing, t)
    has_cards = bool(_shown_cards(entry, editing))
    items: list[ft.Control] = [
        watched(
            scope,
            STATIC,
            _top,
            heading,
            entry.typing,
            has_cards,
            wide,
            narrow,
            key="top",
        ),
        watched(scope, EDITOR, _cards, key="cards"),
        # a line, two when the words need them (a Finnish hint: the second
        # line was drawn under whatever came below)
        keyed("status", at_least(30, status_line(entry, editing, t))),
    ]
    specs = button_specs(entry, editing, t)
    buttons: ft.Control | None = None
    if specs:
        buttons = watched(scope, STATIC, _buttons, specs, key="buttons")
    field: ft.Control | None = None
    if typing or wide or editing.bad:
        field = keyed(
            "field",
            cards_field(
                t,
                editing.text,
                lambda text: act(entry.typed, text),
                "meld-input",
                error=editing.bad,
                one_line=wide,  # issue 35.7: a 14-card hand, the grid whole
                autofocus=typing,
                on_submit=lambda text: act(confirm_typed, entry, text),
            ),
        )
    if wide and field is not None:
        # a laptop: the field and the buttons share a line, so the card
        # grid's last row is not cut by the Save bar at 800 px (issue 17.8);
        # the field stays the row's first control (it keeps the focus when
        # the buttons come and go)
        items.append(
            ft.Row(
                [
                    ft.Container(field, width=WIDE_FIELD),
                    *([buttons] if buttons else []),
                ],
                spacing=6,
                run_spacing=6,
                wrap=True,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
                key="field-row",
            )
        )
    else:
        items += [c for c in (buttons, field) if c is not None]
    lower: ft.Control | None = None  # None: the card grid
    if editing.joker is not None and meld_index is not None:
        position = editing.joker
        index = meld_index
        key = rounds.melds[index].key  # the meld seen, wherever it lies then
        lower = joker_menu(
            rounds.reading_choices(index),
            t,
            lambda reading: act(entry.choose_reading, key, reading),
            lambda: act(entry.show_joker, None),
            "joker-menu",
            on_remove=None if position < 0 else lambda: act(entry.remove, position),
            on_free=(
                (lambda: act(entry.free_jokers, key))
                if any(c.card.stands_for is not None for c in rounds.melds[index].cards)
                else None
            ),
        )
    elif (
        target is not None
        and target.kind == "layoff"
        and target.meld is not None
        and (offers := swap_offers(entry, target.meld, target.player))
    ):  # the card laid off is what a joker there stands for: exchange?
        lower = swap_box(entry, offers[0], t, act)
    elif entry.laying_off is not None and entry.laying_off == editing.player:
        name = entry.laying_off
        lower = layoff_choice(entry, rounds.players.index(name), name, t, act)
    elif editing.split is not None and editing.pile is not None:
        lower = split_box(entry, editing.pile, editing.split, t, settings, act)
    elif entry.busy:
        lower = ft.Semantics(
            identifier="editor-working",
            label=t("Working…"),
            content=ft.Row(
                [ft.ProgressRing(width=28, height=28), ft.Text(t("Working…"), size=17)],
                spacing=10,
            ),
        )
    elif typing:
        lower = ft.Container()
    # the grid stays on the page, hidden while something else is in its place:
    # showing it again sends one property instead of 53 keys
    grid = picker(
        scope.pick,
        t,
        settings,
        gone=used_up_cards(rounds.used_counts(), rounds.rules),
        available=available,
        key_height=key_height,
    )
    # a phone: what takes the grid's place keeps its room (typing: the
    # phone's keyboard takes it)
    height = grid_height(key_height, gap(available, key_height))
    items.append(lower_slot(grid, lower, hold=not wide and not typing, height=height))
    return shell(items, wide=wide, narrow=narrow)


def _shown_cards(entry: RoundEntryModel, editing: Editing) -> tuple[Card, ...]:
    """The cards the editor is open on (a pile's: those put down so far)."""
    target = editing.target
    return editing.pile_cards if target is None else entry.rounds.cards_of(target)


def _top(
    heading: str, typing: bool, has_cards: bool, wide: bool, narrow: bool
) -> ft.Control:
    """The title row, drawn from the arguments only (a watched part: the
    translator and the newest handlers come from the scope)."""
    scope = use_scope()
    return top_row(
        scope.entry, heading, scope.t, scope.act, typing, has_cards, wide, narrow
    )


def _cards() -> ft.Control:
    """The cards entered, every one in sight: a second line when they need
    it (issue 17.8: one line scrolling sideways hid two of an 8-card hand on
    a phone, cut one in half and laid its scroll bar over them). A tap takes
    a card out; a joker in a meld opens its readings. A watched part."""
    scope = use_scope()
    entry, t, act = scope.entry, scope.t, scope.act
    editing = entry.editing
    assert editing is not None
    target = editing.target
    cards = _shown_cards(entry, editing)
    in_meld = target is not None and target.kind in ("meld", "layoff")

    def tap_card(position: int) -> None:
        if in_meld and cards[position].is_joker:
            act(entry.show_joker, position)
        else:
            act(entry.remove, position)

    if cards:
        row = card_row(cards, t, scope.settings, on_tap=tap_card)
    else:
        row = ft.Text(t("Tap the cards below, or type them."), size=16)
    return at_least(50, row)


def _buttons(specs: tuple[ButtonSpec, ...]) -> ft.Control:
    """The buttons of what the editor is open on: drawn from ``specs`` only
    (data, compared across redraws), with the scope's newest handlers."""
    scope = use_scope()
    return ft.Row(
        target_buttons(specs, scope.act, scope.arrange),
        spacing=6,
        run_spacing=6,
        wrap=True,
    )


def confirm_typed(entry: RoundEntryModel, text: str) -> None:
    """Enter in the typed-card field (issue 17.8): the text counts, and the
    editor closes like Close, unless a token is no card (the field says
    which, and stays for the fix)."""
    entry.typed(text)
    if entry.editing is not None and entry.editing.bad is None:
        entry.edit(None)
