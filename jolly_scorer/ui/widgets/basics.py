"""The smallest shared parts: seat colours, layout widths, stable test ids,
one-line texts, section titles, cards and signed numbers.

Every control a browser test drives is wrapped in ``ft.Semantics(identifier=...)``;
every icon-only control has a tooltip (its accessible name).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

#: One colour per seat, used for the name dot and the chart line.
PLAYER_COLOURS: tuple[str, ...] = (
    ft.Colors.BLUE_700,
    ft.Colors.RED_700,
    ft.Colors.GREEN_700,
    ft.Colors.ORANGE_800,
    ft.Colors.PURPLE_600,
    ft.Colors.TEAL_700,
)

WIDE = 720  # at least this many logical pixels: the desktop layout
MAX_WIDTH = 1100


#: A page reporting a width below this has not got its real size yet: a
#: mobile page's first report before its pixel ratio is applied (390 x 844
#: reported as 155 x 336), with no resize after it when the real size is the
#: one of before a reconnect. Its size counts as unknown.
NO_PHONE_WIDTH = 300


def page_size(page: ft.Page) -> tuple[float, float]:
    """The page's width and height as the screens lay out for them (a
    phone's 390 x 844 while the size is unknown or not yet real).

    >>> from types import SimpleNamespace as Page
    >>> page_size(Page(width=155, height=336)), page_size(Page(width=None, height=None))
    ((390.0, 844.0), (390.0, 844.0))
    >>> page_size(Page(width=320, height=640))
    (320.0, 640.0)
    """
    width, height = page.width, page.height
    if not width or not height or width < NO_PHONE_WIDTH:
        return 390.0, 844.0
    return float(width), float(height)


def colour(seat: int) -> str:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def seat_dot(seat: int, size: int = 10) -> ft.Control:
    """The round dot in the colour of the player in ``seat``."""
    return ft.Container(
        width=size, height=size, border_radius=size / 2, bgcolor=colour(seat)
    )


def memo(component: Callable[..., ft.Control]) -> Callable[..., ft.Control]:
    """``component`` drawn again only when its arguments changed (Flet's
    ``ft.memo``, typed)."""
    made: Callable[..., ft.Control] = ft.memo(component)  # type: ignore[no-untyped-call]
    return made


def tagged(identifier: str, control: ft.Control) -> ft.Semantics:
    """``control`` with a stable id for the browser tests (its ``expand`` moves up).

    >>> tagged("x", ft.Button("Go", expand=True)).expand
    True
    """
    return ft.Semantics(identifier=identifier, content=control, expand=control.expand)


Handler = Callable[..., Any]


def one_line(
    value: str,
    size: int,
    *,
    weight: ft.FontWeight | None = None,
    text_align: ft.TextAlign = ft.TextAlign.START,
) -> ft.Text:
    """Text that takes the rest of a row and ends in "…" if it does not fit."""
    return ft.Text(
        value,
        size=size,
        weight=weight,
        expand=True,
        max_lines=1,
        overflow=ft.TextOverflow.ELLIPSIS,
        text_align=text_align,
    )


def switch_row(
    identifier: str,
    text: str,
    value: bool,
    on_change: Callable[[ft.Event[ft.Switch]], Any],
    *,
    size: int = 16,
    key: str | None = None,
) -> ft.Control:
    """A switch with its text beside it (the text wraps, never cut); the
    text is also the switch's accessible name."""
    return ft.Row(
        [
            ft.Semantics(
                identifier=identifier,
                label=text,
                content=ft.Switch(value=value, on_change=on_change),
            ),
            ft.Text(text, size=size, expand=True),
        ],
        spacing=8,
        key=key,
    )


def warning_box(identifier: str, text: str) -> ft.Control:
    """A warning the table may overrule: tertiary colours, read out whole."""
    return ft.Semantics(
        identifier=identifier,
        label=text,
        content=ft.Container(
            ft.Text(text, size=16, color=ft.Colors.ON_TERTIARY_CONTAINER),
            bgcolor=ft.Colors.TERTIARY_CONTAINER,
            border_radius=10,
            padding=10,
        ),
    )


def section(title: str) -> ft.Control:
    return ft.Text(title, size=20, weight=ft.FontWeight.W_600)


def card(content: ft.Control, padding: int = 16) -> ft.Control:
    return ft.Container(
        content,
        padding=padding,
        border_radius=16,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
    )


def signed(value: int, t: Any) -> str:
    """``+12`` / ``−5`` / ``0`` in the user's number format."""
    text = t.number(value)
    return f"+{text}" if value > 0 else text


def close_own(dialog: ft.DialogControl) -> bool:
    """Close ``dialog`` if it is still open; whether it was.

    Not ``page.pop_dialog()``, which closes whichever dialog is on top: a
    tap on a closed dialog's button that reaches the server late (a double
    tap, a slow phone; Flet keeps a closed dialog until the browser reports
    its dismiss) would close another dialog opened meanwhile."""
    if not dialog.open:
        return False
    dialog.open = False
    dialog.update()
    return True
