"""A number pad for the counting sheet (issue 17): the digits, ⌫ and Next.

Each tap is one event to the server, in the order tapped, applied there to the
selected field (``ui.models.counted_keys``): no system keyboard to open, no
focus to move, nothing typed that could land in a field it does not show in.
Above the keys: whose number the digits go to.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from jolly_scorer.i18n import Translator

__all__ = ["number_pad", "pad_keys"]

#: The pad's two rows (six keys of about 58 px on a phone: low enough that
#: the pad fits under five players' lines), whose number it types above them.
ROWS = (("1", "2", "3", "4", "5", "Backspace"), ("6", "7", "8", "9", "0", "Next"))
#: a key's height (logical pixels)
KEY_HEIGHT = 46


def number_pad(
    t: Translator,
    on_key: Callable[[str], Any],
    whose: str | None,
    *,
    width: int | None = None,
    keys: ft.Control | None = None,
) -> ft.Control:
    """The pad (``round-pad``), its keys ``round-pad-<key>`` (``round-pad-7``,
    ``round-pad-Backspace``, ``round-pad-Next``) and the line saying whose
    number it types (``round-pad-for``; empty while no field is selected).
    ``keys``: the keys as :func:`pad_keys` drew them (kept across redraws)."""
    if keys is None:
        keys = pad_keys(t, on_key)
    caption = "" if whose is None else t("Typing the number for {name}", name=whose)
    head = ft.Semantics(
        identifier="round-pad-for",
        label=caption,
        live_region=True,
        content=ft.Text(
            caption,
            size=15,
            weight=ft.FontWeight.W_600,
            max_lines=1,
            overflow=ft.TextOverflow.ELLIPSIS,
        ),
    )
    return ft.Semantics(
        identifier="round-pad",
        container=True,
        content=ft.Container(
            ft.Column([head, keys], spacing=4),
            width=width,
            padding=ft.Padding.symmetric(horizontal=2, vertical=2),
        ),
    )


def pad_keys(t: Translator, on_key: Callable[[str], Any]) -> ft.Control:
    """The pad's keys in their two rows (they change with nothing but the
    language and the handler: a redraw may keep them)."""
    rows: list[ft.Control] = [
        ft.Row([_key(t, key, on_key) for key in row], spacing=6) for row in ROWS
    ]
    return ft.Column(rows, spacing=4)


def _key(t: Translator, key: str, on_key: Callable[[str], Any]) -> ft.Control:
    if key == "Backspace":
        label = t("Delete the last digit")
        content: ft.Control = ft.Icon(ft.Icons.BACKSPACE_OUTLINED, size=26)
    elif key == "Next":
        label = t("Next player")
        content = ft.Icon(ft.Icons.KEYBOARD_RETURN, size=28)
    else:
        label = key
        content = ft.Text(key, size=24, weight=ft.FontWeight.W_600)
    button = ft.FilledTonalButton(
        content=content,
        height=KEY_HEIGHT,
        expand=True,
        tooltip=None if key.isdigit() else label,
        style=ft.ButtonStyle(
            shape=ft.RoundedRectangleBorder(radius=12),
            padding=ft.Padding.all(0),
        ),
        on_click=lambda _e=None: on_key(key),
    )
    return ft.Semantics(
        identifier=f"round-pad-{key}",
        label=label,
        button=True,
        expand=True,
        content=button,
    )
