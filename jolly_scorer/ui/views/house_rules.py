"""The house-rules editor: every knob of RULES.md, labelled in the user's language.

Yes/no knobs are switches, numbers are steppers, knobs that may be switched off
("none") have an "off" switch beside their stepper.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from jolly_scorer.core.rules import Rules
from jolly_scorer.ui.i18n import Translator
from jolly_scorer.ui.texts import knob_label
from jolly_scorer.ui.views.game_form import EDITABLE_KNOBS

OPTIONAL = ("hand_max", "max_jokers_per_meld", "max_jokers_in_group")
#: Default value when an "off" knob is switched on.
ON_VALUE = {"hand_max": 20, "max_jokers_per_meld": 1, "max_jokers_in_group": 1}
STEP = {"opening_min": 5, "target": 50}


def stepper(
    value: int,
    on_change: Callable[[int], None],
    t: Translator,
    label: str,
    identifier: str,
    *,
    step: int = 1,
    minimum: int = 0,
    disabled: bool = False,
) -> ft.Control:
    """− value + with 48 px buttons (ids ``{identifier}-less`` and ``-more``)."""
    return ft.Row(
        [
            ft.Semantics(
                identifier=f"{identifier}-less",
                content=ft.IconButton(
                    ft.Icons.REMOVE,
                    tooltip=t("Less: {what}", what=label),
                    on_click=lambda: on_change(max(value - step, minimum)),
                    disabled=disabled or value - step < minimum,
                ),
            ),
            ft.Semantics(
                identifier=identifier,
                label=label,
                value=str(value),
                content=ft.Text(
                    str(value),
                    size=20,
                    weight=ft.FontWeight.BOLD,
                    width=64,
                    text_align=ft.TextAlign.CENTER,
                    opacity=0.4 if disabled else 1.0,
                ),
            ),
            ft.Semantics(
                identifier=f"{identifier}-more",
                content=ft.IconButton(
                    ft.Icons.ADD,
                    tooltip=t("More: {what}", what=label),
                    on_click=lambda: on_change(value + step),
                    disabled=disabled,
                ),
            ),
        ],
        spacing=0,
        tight=True,
    )


def knob_row(
    key: str, rules: Rules, t: Translator, on_change: Callable[[str, Any], None]
) -> ft.Control:
    label = knob_label(key, t)
    value = getattr(rules, key)
    ident = f"knob-{key}"
    control: ft.Control
    if key == "scoring":
        control = ft.Semantics(
            identifier=ident,
            content=ft.SegmentedButton(
                segments=[
                    ft.Segment(value="plus", label=ft.Text(t("Plus points"))),
                    ft.Segment(value="penalty", label=ft.Text(t("Penalty points"))),
                ],
                selected=[value],
                on_change=lambda e: on_change("scoring", e.control.selected[0]),
            ),
        )
    elif isinstance(value, bool):
        control = ft.Semantics(
            identifier=ident,
            content=ft.Switch(
                value=value,
                label=None,
                tooltip=label,
                on_change=lambda e: on_change(key, bool(e.control.value)),
            ),
        )
    elif key in OPTIONAL:
        off = value is None
        control = ft.Row(
            [
                stepper(
                    ON_VALUE[key] if off else value,
                    lambda v: on_change(key, v),
                    t,
                    label,
                    ident,
                    minimum=1,
                    disabled=off,
                ),
                ft.Switch(
                    value=not off,
                    tooltip=t("{what}: on or off", what=label),
                    on_change=lambda e: on_change(
                        key, ON_VALUE[key] if e.control.value else None
                    ),
                ),
            ],
            tight=True,
            spacing=4,
        )
    else:
        control = stepper(
            value, lambda v: on_change(key, v), t, label, ident, step=STEP.get(key, 1)
        )
    return ft.Container(
        ft.Row(
            [ft.Text(label, size=17, expand=True), control],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        ),
        padding=ft.Padding.symmetric(vertical=2),
    )


def house_rules_editor(
    rules: Rules, t: Translator, on_change: Callable[[str, Any], None]
) -> ft.Control:
    """Every editable knob, one row each."""
    return ft.Column(
        [knob_row(key, rules, t, on_change) for key in EDITABLE_KNOBS],
        spacing=0,
    )
