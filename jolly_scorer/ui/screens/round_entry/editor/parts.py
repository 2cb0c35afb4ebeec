"""Round entry, parts of the card editor: its title and top row (keyboard,
backspace, Done), the line under the cards, the buttons of what is edited."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from jolly_scorer.core.scoring import bad_points
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.problem_text import meld_name
from jolly_scorer.ui.models.round import RoundModel, Target
from jolly_scorer.ui.models.round_entry import Editing, RoundEntryModel
from jolly_scorer.ui.widgets.buttons import labelled_button
from jolly_scorer.ui.widgets.card_pieces import BAD, meld_verdict

__all__ = [
    "ButtonSpec",
    "button_specs",
    "status_line",
    "target_buttons",
    "title",
    "top_row",
]

Act = Callable[..., Any]


def title(model: RoundModel, editing: Editing, t: Translator) -> str:
    """What the editor is open on, in words."""
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


#: One button of the editor as data: (identifier, text, icon, the model's
#: method and its arguments, or None for "arrange", filled, selected). Data
#: compares equal across redraws, so the row is rebuilt only when it changes.
ButtonSpec = tuple[str, str, Any, Any, tuple[Any, ...], bool, bool | None]


def button_specs(
    entry: RoundEntryModel, editing: Editing, t: Translator
) -> tuple[ButtonSpec, ...]:
    """A meld: next meld, delete; cards put down together: split into melds."""
    target = editing.target
    count = (t("Count points"), ft.Icons.CALCULATE_OUTLINED, entry.set_mode)
    if target is not None and target.kind == "hand" and not entry.show_melds:
        player = target.player
        return (("editor-count-points", *count, (player, "points"), False, None),)
    if target is not None and target.kind != "discard" and entry.show_melds:
        owner = target.player
        specs: list[ButtonSpec] = [
            (
                "editor-next-meld",
                t("Next meld") if target.kind == "meld" else t("Meld"),
                ft.Icons.ADD,
                entry.new_meld,
                (owner,),
                False,
                None,
            ),
            (
                "editor-layoff",
                t("Lay off"),
                ft.Icons.CALL_MERGE,
                entry.start_layoff,
                (owner,),
                False,
                entry.laying_off == owner,
            ),
        ]
        if target.kind == "hand":
            specs.append(
                ("editor-count-points", *count, (owner, "points"), False, None)
            )
        elif owner != entry.rounds.closer and entry.rounds.modes[owner] == "cards":
            # after the melds, the hand: one tap (it took closing the editor
            # and scrolling below the Save bar on a phone)
            specs.append(
                (
                    "editor-hand",
                    t("Hand"),
                    ft.Icons.BACK_HAND_OUTLINED,
                    entry.edit,
                    (Target("hand", owner),),
                    False,
                    None,
                )
            )
        if target.kind == "meld" and target.meld is not None:
            specs.append(
                (
                    "editor-delete-meld",
                    t("Delete meld"),
                    ft.Icons.DELETE_OUTLINE,
                    entry.delete_meld,
                    (entry.rounds.melds[target.meld].key,),  # the meld seen
                    False,
                    None,
                )
            )
        return tuple(specs)
    if target is None and editing.pile is not None and editing.split is None:
        arrange = t("Arrange into melds")
        return (
            ("editor-arrange", arrange, ft.Icons.AUTO_AWESOME, None, (), True, None),
        )
    return ()


#: the editor's buttons' padding (:func:`target_buttons`)
NARROW = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12))


def target_buttons(
    specs: tuple[ButtonSpec, ...], act: Act, arrange: Callable[[], Any]
) -> list[ft.Control]:
    """The buttons of :func:`button_specs`; ``act(method, *args)`` runs one.
    Narrow (12 px padding beside the text, not 16-24): a lay-off's three
    buttons ("Kombination", "Anlegen", "Hand") fit one line on a phone; on
    two they pushed the card grid's last row under the Save bar (issue 35.8).
    """

    def handler(method: Any, args: tuple[Any, ...]) -> Callable[[], Any]:
        if method is None:
            return lambda: arrange()
        return lambda: act(method, *args)

    return [
        labelled_button(
            identifier,
            text,
            icon,
            handler(method, args),
            filled=filled,
            selected=selected,
            style=NARROW,
        )
        for identifier, text, icon, method, args, filled, selected in specs
    ]


def status_line(entry: RoundEntryModel, editing: Editing, t: Translator) -> ft.Control:
    """The one line under the cards: verdict, hint or the hand's bad points."""
    target = editing.target
    rounds = entry.rounds
    text, colour = "", None
    if (
        target is not None
        and target.kind in ("meld", "layoff")
        and target.meld is not None
    ):
        verdict = entry.judged(target.meld)
        if verdict is not None:
            return meld_verdict(verdict, t, "editor-verdict")
        text = t("A meld has at least 3 cards.")
    elif target is not None and target.kind == "hand":
        cards = rounds.cards_of(target)
        text = t("Bad points: {n}", n=t.number(bad_points(cards, rounds.rules)))
        colour = BAD
    elif target is not None and target.kind == "discard":
        text = t("Optional. It scores nothing, but the deck check counts it.")
    elif editing.pile is not None:
        text = t("Tap every card put down, in any order.")
    return ft.Text(text, size=16, color=colour, max_lines=2)


def top_row(
    entry: RoundEntryModel,
    heading: str,
    t: Translator,
    act: Act,
    typing: bool,
    has_cards: bool,
    wide: bool,
    narrow: bool = False,
) -> ft.Control:
    """Title, keyboard switch (phone), backspace, Done: drawn from the
    arguments only (``entry`` gives its methods to the handlers). ``narrow``
    (a 320 px phone): Close is its icon alone, the title keeps ~150 px (with
    the word it took ~90 px: "Karten in der Hand von An…" on four lines)."""
    tools: list[ft.Control] = []
    if not wide:
        tools.append(
            ft.Semantics(
                identifier="editor-keyboard",
                content=ft.IconButton(
                    ft.Icons.GRID_VIEW if typing else ft.Icons.KEYBOARD,
                    tooltip=t("Tap cards") if typing else t("Type cards"),
                    on_click=lambda: act(entry.set_typing, not typing),
                    icon_size=26,
                ),
            )
        )
    tools.append(
        ft.Semantics(
            identifier="editor-backspace",
            content=ft.IconButton(
                ft.Icons.BACKSPACE_OUTLINED,
                tooltip=t("Take out the last card"),
                on_click=lambda: act(entry.remove, None),
                disabled=not has_cards,
                icon_size=26,
            ),
        )
    )
    close = t("Close")  # "Close", not "Done": "done" is a player's part complete
    if narrow:
        tools.append(
            ft.Semantics(
                identifier="editor-done",
                label=close,
                button=True,
                content=ft.IconButton(
                    ft.Icons.EXPAND_MORE,
                    on_click=lambda: act(entry.edit, None),
                    icon_size=28,
                    style=ft.ButtonStyle(side=ft.BorderSide(1, ft.Colors.OUTLINE)),
                ),
            )
        )
    else:
        tools.append(
            labelled_button(
                "editor-done",
                close,
                ft.Icons.EXPAND_MORE,
                lambda: act(entry.edit, None),
            )
        )
    return ft.Row(
        [
            ft.Semantics(  # its own node: the explorer sees the title's box
                identifier="editor-title",
                container=True,
                expand=True,
                content=ft.Text(  # "Benedikt legt an: Kombination 1 von Annabella",
                    heading,  # "Pelaajan Benedikt käteen jääneet kortit": a phone
                    size=17 if wide else 15,  # has ~180 px beside the tools
                    weight=ft.FontWeight.BOLD,
                    expand=True,
                    max_lines=4,  # "Benedikt lisää kortteja: Pelaajan Annabella
                    overflow=ft.TextOverflow.ELLIPSIS,  # yhdistelmä 1" (a lay-off
                    # has one row of buttons: room for it)
                ),
            ),
            *tools,
        ],
        spacing=2,
    )
