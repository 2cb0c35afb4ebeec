"""Buttons shared by the screens: big full-width ones, outlined ones with a
label, icon buttons with a tooltip, and the rule-preset picker."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from jolly_scorer.core.rules import PRESET_IDS
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.texts import preset_name
from jolly_scorer.ui.widgets.basics import Handler, tagged

#: segments at least 40 px tall: Flutter draws them 32 px in a desktop
#: browser (its compact density), under the 40 px a finger needs (issue 35)
SEGMENTS = ft.ButtonStyle(visual_density=ft.VisualDensity.STANDARD)


def big_button(
    text: str,
    icon: ft.IconData | None,
    on_click: Handler | None,
    identifier: str,
    *,
    primary: bool = False,
    height: int = 64,
    expand: bool | int = False,
) -> ft.Control:
    """A large, full-width button (touch target 64 px high)."""
    style = ft.ButtonStyle(
        text_style=ft.TextStyle(size=20, weight=ft.FontWeight.W_600),
        shape=ft.RoundedRectangleBorder(radius=14),
        padding=ft.Padding.symmetric(horizontal=20),
    )
    kind = ft.FilledButton if primary else ft.FilledTonalButton
    button = kind(
        content=text,
        icon=icon,
        on_click=on_click,
        height=height,
        style=style,
        disabled=on_click is None,
        expand=expand,
    )
    return tagged(identifier, button)


def labelled_button(
    identifier: str,
    text: str,
    icon: ft.IconData | None,
    on_click: Handler,
    *,
    filled: bool = False,
    height: int = 48,
    expand: bool | int | None = None,
    selected: bool | None = None,
    label: str | None = None,
    style: ft.ButtonStyle | None = None,
) -> ft.Control:
    """An outlined (or ``filled``) button with text, marked as a button
    (``style``: the button's, e.g. a narrower padding).

    ``expand`` goes to the wrapper (the browser tests find it by ``identifier``);
    the button then fills it.

    >>> b = labelled_button("x", "Go", None, print, expand=2)
    >>> b.button, b.expand, b.content.expand
    (True, 2, True)
    """
    kind = ft.FilledButton if filled else ft.OutlinedButton
    return ft.Semantics(
        identifier=identifier,
        button=True,
        selected=selected,
        label=label,
        content=kind(
            content=text,
            icon=icon,
            on_click=on_click,
            height=height,
            expand=True if expand else None,
            style=style,
        ),
        expand=expand,
    )


def icon_button(
    icon: ft.IconData,
    tooltip: str,
    on_click: Handler | None,
    identifier: str,
    *,
    size: int = 30,
) -> ft.Control:
    """An icon button with a tooltip; at least 56 px to tap."""
    return tagged(
        identifier,
        ft.IconButton(
            icon=icon,
            icon_size=size,
            tooltip=tooltip,
            on_click=on_click,
            disabled=on_click is None,
        ),
    )


def preset_picker(
    identifier: str, selected: str, on_pick: Callable[[str], Any], t: Translator
) -> ft.Control:
    """The three rule presets as segments (short name, full name as tooltip)."""
    return tagged(
        identifier,
        ft.SegmentedButton(
            segments=[
                ft.Segment(
                    value=p,
                    label=ft.Text(preset_name(p, t).split(" (")[0], size=17),
                    tooltip=preset_name(p, t),
                )
                for p in PRESET_IDS
            ],
            selected=[selected],
            on_change=lambda e: on_pick(e.control.selected[0]),
            style=SEGMENTS,
        ),
    )
