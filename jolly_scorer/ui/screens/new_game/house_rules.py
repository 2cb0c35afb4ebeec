"""The house-rules editor: every knob of ``docs/rules.md`` in the user's language.

Yes/no knobs are switches, numbers are typed or stepped (− field +), knobs that
may be switched off ("none") have an "off" switch beside their number.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from jolly_scorer.core.errors import JollyError
from jolly_scorer.core.rules import Rules
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.game_form import EDITABLE_KNOBS
from jolly_scorer.ui.texts import knob_label
from jolly_scorer.ui.widgets.buttons import SEGMENTS
from jolly_scorer.ui.widgets.number_row import (
    NumberRow,
    Refused,
)

OPTIONAL = ("hand_max", "max_jokers_per_meld", "max_jokers_in_group")
#: Default value when an "off" knob is switched on.
ON_VALUE = {"hand_max": 20, "max_jokers_per_meld": 1, "max_jokers_in_group": 1}
STEP = {"opening_min": 5, "target": 50}


Change = Callable[[str, Any], str | None]  # a knob's new value → why refused


def least(rules: Rules, key: str) -> int:
    """The smallest number the core takes for knob ``key`` (0 or 1).

    >>> from jolly_scorer.core.rules import find_rules
    >>> jolly = find_rules("jolly_at")
    >>> least(jolly, "hand_size"), least(jolly, "jokers")
    (1, 0)
    """
    try:
        rules.replace(**{key: 0})
    except JollyError:
        return 1
    return 0


def knob_row(
    key: str,
    rules: Rules,
    t: Translator,
    on_change: Change,
    on_refused: Refused | None = None,
) -> ft.Control:
    label = knob_label(key, t)
    value = getattr(rules, key)
    ident = f"knob-{key}"
    control: ft.Control
    if key in OPTIONAL:
        off = value is None
        return ft.Container(
            NumberRow(
                label,
                ON_VALUE[key] if off else value,
                lambda v: on_change(key, v),
                t,
                ident,
                minimum=least(rules, key),
                disabled=off,
                on_refused=on_refused,
                trailing=ft.Switch(
                    value=not off,
                    tooltip=t("{what}: on or off", what=label),
                    on_change=lambda e: on_change(
                        key, ON_VALUE[key] if e.control.value else None
                    ),
                ),
            ),
            padding=ft.Padding.symmetric(vertical=2),
        )
    if not isinstance(value, bool) and key != "scoring":
        return ft.Container(
            NumberRow(
                label,
                value,
                lambda v: on_change(key, v),
                t,
                ident,
                step=STEP.get(key, 1),
                minimum=least(rules, key),
                on_refused=on_refused,
            ),
            padding=ft.Padding.symmetric(vertical=2),
        )
    if key == "scoring":  # the label above: beside the two segments a
        # phone broke "Zählweise" inside the word
        choice = ft.Semantics(
            identifier=ident,
            content=ft.SegmentedButton(
                segments=[
                    ft.Segment(value="plus", label=ft.Text(t("Plus points"))),
                    ft.Segment(value="penalty", label=ft.Text(t("Penalty points"))),
                ],
                selected=[value],
                on_change=lambda e: on_change("scoring", e.control.selected[0]),
                style=SEGMENTS,  # 40 px tall on a desktop too (32 at 1920 px)
            ),
        )
        return ft.Container(
            ft.Column([ft.Text(label, size=17), choice], spacing=6),
            padding=ft.Padding.symmetric(vertical=2),
        )
    else:
        control = ft.Semantics(
            identifier=ident,
            content=ft.Switch(
                value=value,
                label=None,
                tooltip=label,
                on_change=lambda e: on_change(key, bool(e.control.value)),
            ),
        )
    return ft.Container(
        ft.Row(
            [ft.Text(label, size=17, expand=True), control],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        ),
        padding=ft.Padding.symmetric(vertical=2),
    )


def house_rules_editor(
    rules: Rules, t: Translator, on_change: Change, on_refused: Refused | None = None
) -> ft.Control:
    """Every editable knob, one row each."""
    return ft.Column(
        [knob_row(key, rules, t, on_change, on_refused) for key in EDITABLE_KNOBS],
        spacing=0,
    )
