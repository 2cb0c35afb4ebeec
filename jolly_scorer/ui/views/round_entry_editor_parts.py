"""Round entry, parts of the card editor: its title, the buttons of what is
edited, and the best partial split of cards put down together."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from jolly_scorer.ui.i18n import Translator
from jolly_scorer.ui.models.round_entry import Editing, RoundEntryModel
from jolly_scorer.ui.round_model import RoundModel
from jolly_scorer.ui.views.common import labelled_button
from jolly_scorer.ui.views.round_entry_cards import BAD, card_row, meld_verdict
from jolly_scorer.ui.views.round_entry_parts import meld_name

if TYPE_CHECKING:
    from jolly_scorer.core.arranger import Arrangement
    from jolly_scorer.ui.settings import UiSettings

__all__ = ["ButtonSpec", "button_specs", "split_box", "target_buttons", "title"]

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
        if target.kind == "meld" and target.meld is not None:
            specs.append(
                (
                    "editor-delete-meld",
                    t("Delete meld"),
                    ft.Icons.DELETE_OUTLINE,
                    entry.delete_meld,
                    (target.meld,),
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


def target_buttons(
    specs: tuple[ButtonSpec, ...], act: Act, arrange: Callable[[], Any]
) -> list[ft.Control]:
    """The buttons of :func:`button_specs`; ``act(method, *args)`` runs one."""

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
        )
        for identifier, text, icon, method, args, filled, selected in specs
    ]


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
