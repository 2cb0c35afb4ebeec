"""The meld checker's choices (the rules, melds or a hand) and its actions
(another meld, clear), each a model method through ``act``."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.meld_checker import MeldCheckerModel
from jolly_scorer.ui.widgets.buttons import labelled_button

__all__ = ["actions", "choices"]

#: a short phone's buttons: 12 px beside the words (16-24 by default)
NARROW = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12))


def choices(
    model: MeldCheckerModel, t: Translator, act: Callable[..., None]
) -> ft.Control:
    """The rules (a dropdown) and the mode (two buttons)."""
    dropdown = ft.Semantics(
        identifier="meld-rules",
        content=ft.Dropdown(
            label=t("Rules"),
            value=model.rules_key,
            options=[
                ft.DropdownOption(key=key, text=name)
                for key, (name, _) in model.options.items()
            ],
            on_select=lambda e: act(model.choose_rules, e.control.value),
            text_size=18,
            width=360,
        ),
    )
    modes = ft.Row(
        [
            labelled_button(
                f"meld-mode-{value}",
                text,
                None,
                lambda _e=None, v=value: act(model.set_mode, v),
                filled=model.mode == value,
                selected=model.mode == value,
            )
            for value, text in (
                ("melds", t("Check melds")),
                ("hand", t("Best lay-down")),
            )
        ],
        wrap=True,
        spacing=8,
    )
    return ft.Row([dropdown, modes], wrap=True, spacing=12, run_spacing=6)


def actions(
    model: MeldCheckerModel,
    t: Translator,
    act: Callable[..., None],
    *,
    narrow: bool = False,
) -> ft.Control:
    """Clear, and in melds mode another meld; ``narrow`` (a short phone):
    12 px beside the words, both on one line above the grid."""
    style = NARROW if narrow else None
    buttons = [
        labelled_button(
            "meld-clear",
            t("Clear"),
            ft.Icons.CLEAR_ALL,
            lambda: act(model.clear),
            style=style,
        )
    ]
    if model.mode == "melds":
        another = labelled_button(
            "meld-add",
            t("Another meld"),
            ft.Icons.ADD,
            lambda: act(model.add_meld),
            style=style,
        )
        buttons.insert(0, another)
    return ft.Row(buttons, wrap=True, spacing=8)
