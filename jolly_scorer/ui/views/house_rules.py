"""The house-rules editor: every knob of ``docs/rules.md`` in the user's language.

Yes/no knobs are switches, numbers are typed or stepped (− field +), knobs that
may be switched off ("none") have an "off" switch beside their number.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import flet as ft

from jolly_scorer.core.errors import JollyError
from jolly_scorer.core.rules import Rules
from jolly_scorer.ui.i18n import Translator
from jolly_scorer.ui.numbers import NumberError, parse_whole_number
from jolly_scorer.ui.texts import knob_label
from jolly_scorer.ui.views.game_form import EDITABLE_KNOBS

OPTIONAL = ("hand_max", "max_jokers_per_meld", "max_jokers_in_group")
#: Default value when an "off" knob is switched on.
ON_VALUE = {"hand_max": 20, "max_jokers_per_meld": 1, "max_jokers_in_group": 1}
STEP = {"opening_min": 5, "target": 50}


#: The largest number a rules field takes (the core allows more; no table does).
NUMBER_MAX = 100_000


#: Room taken beside a label: the page's margins and card padding, − field +.
CONTROLS_WIDTH = 48 + 48 + 76 + 48
SWITCH_WIDTH = 64


def label_fits(label: str, size: int, room: float) -> bool:
    """Whether ``label`` fits beside the number in ``room`` px, in at most two
    lines and without breaking its longest word (a letter is about 0.6 em).

    >>> label_fits("Play to", 17, 170), label_fits("Schlechtpunkte für Joker", 17, 110)
    (True, False)
    """
    letter = 0.6 * size
    longest = max((len(w) for w in label.split()), default=0)
    return longest * letter <= room and len(label) * letter <= 2 * room


@dataclass(frozen=True, slots=True)
class _Typed:
    """What was typed into a number field while it showed ``shown``."""

    shown: int
    text: str
    error: str | None = None


@ft.component
def NumberRow(
    label: str,
    value: int,
    on_change: Callable[[int], str | None],
    t: Translator,
    identifier: str,
    *,
    step: int = 1,
    minimum: int = 0,
    maximum: int = NUMBER_MAX,
    disabled: bool = False,
    size: int = 17,
    trailing: ft.Control | None = None,
    on_refused: Callable[[str, int | None], None] | None = None,
) -> ft.Control:
    """A labelled number: − field + (ids ``{identifier}-less``, ``{identifier}``,
    ``{identifier}-more``), an optional control after it, and the message under
    it when the typed text is not a whole number from ``minimum`` to ``maximum``
    (``ui.numbers``) or ``on_change`` refuses the number (it returns why):
    nothing changes then. ``on_refused(identifier, shown)`` is told the number
    shown when a text is refused (None once a number is taken), so that the
    form refuses to go on while the field holds a refused text."""
    typed, set_typed = ft.use_state(cast(_Typed | None, None))
    mine = typed if typed is not None and typed.shown == value else None
    mine = None if disabled else mine

    def tell(refused: bool) -> None:
        if on_refused is not None:
            on_refused(identifier, value if refused else None)

    text = mine.text if mine is not None else str(value)
    error = mine.error if mine is not None else None

    def typing(e: ft.Event[ft.TextField]) -> None:
        raw = e.control.value or ""
        try:
            number = parse_whole_number(raw, minimum=minimum, maximum=maximum)
        except NumberError as problem:
            message = t(problem.message, minimum=minimum, maximum=maximum)
            set_typed(_Typed(value, raw, message))
            tell(True)
            return
        refused = on_change(number) if number != value else None
        if refused:
            set_typed(_Typed(value, raw, refused))
        else:
            set_typed(_Typed(number, raw))
        tell(bool(refused))

    def stepped(number: int) -> None:
        refused = on_change(number)
        set_typed(_Typed(value, str(value), refused) if refused else None)
        tell(bool(refused))

    field = ft.TextField(
        value=text,
        width=76,
        text_size=20,
        text_align=ft.TextAlign.CENTER,
        keyboard_type=ft.KeyboardType.NUMBER,
        dense=True,
        disabled=disabled,
        content_padding=ft.Padding.symmetric(horizontal=4, vertical=10),
        tooltip=label,
        on_change=typing,
    )
    controls: list[ft.Control] = [
        ft.Semantics(
            identifier=f"{identifier}-less",
            content=ft.IconButton(
                ft.Icons.REMOVE,
                tooltip=t("Less: {what}", what=label),
                on_click=lambda: stepped(max(value - step, minimum)),
                disabled=disabled or value - step < minimum,
            ),
        ),
        ft.Semantics(identifier=identifier, content=field),
        ft.Semantics(
            identifier=f"{identifier}-more",
            content=ft.IconButton(
                ft.Icons.ADD,
                tooltip=t("More: {what}", what=label),
                on_click=lambda: stepped(min(value + step, maximum)),
                disabled=disabled or value + step > maximum,
            ),
        ),
    ]
    if trailing is not None:
        controls.append(trailing)
    room = (ft.context.page.width or 390) - CONTROLS_WIDTH
    room -= SWITCH_WIDTH if trailing is not None else 0
    caption = ft.Text(label, size=size, expand=True)
    parts: list[ft.Control]
    if label_fits(label, size, room):
        parts = [
            ft.Row(
                [caption, *controls],
                spacing=0,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            )
        ]
    else:  # a long label on a phone: its own line, the number under it
        parts = [
            ft.Text(label, size=size),
            ft.Row(controls, spacing=0, alignment=ft.MainAxisAlignment.END),
        ]
    if error:
        parts.append(
            ft.Semantics(
                identifier=f"{identifier}-error",
                live_region=True,
                content=ft.Text(error, color=ft.Colors.ERROR, size=16),
            )
        )
    return ft.Column(
        parts, spacing=2, horizontal_alignment=ft.CrossAxisAlignment.STRETCH
    )


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


Refused = Callable[[str, int | None], None]  # a number field's text refused


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
