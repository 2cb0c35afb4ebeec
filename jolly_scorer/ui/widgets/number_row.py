"""A number row: its label, then − field +, typed or stepped, with a refused
text shown beside the field (and told to the screen, which then will not go on
with a number the field does not show)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

import flet as ft

from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.numbers import NumberError, parse_whole_number
from jolly_scorer.ui.widgets.basics import page_size
from jolly_scorer.ui.widgets.typed_text import TypedText

Refused = Callable[[str, int | None], None]  # a number field's text refused

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

    field = TypedText(
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
    room = page_size(ft.context.page)[0] - CONTROLS_WIDTH
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
