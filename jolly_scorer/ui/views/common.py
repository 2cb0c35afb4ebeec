"""Building blocks shared by the screens: big buttons, the top bar, messages, layout.

Every control a browser test drives is wrapped in ``ft.Semantics(identifier=...)``;
every icon-only control has a tooltip (its accessible name).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from jolly_scorer.core.rules import PRESET_IDS
from jolly_scorer.ui.i18n import Translator
from jolly_scorer.ui.state import AppState, Toast
from jolly_scorer.ui.texts import preset_name

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


def colour(seat: int) -> str:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def tagged(identifier: str, control: ft.Control) -> ft.Semantics:
    """``control`` with a stable id for the browser tests (its ``expand`` moves up).

    >>> tagged("x", ft.Button("Go", expand=True)).expand
    True
    """
    return ft.Semantics(identifier=identifier, content=control, expand=control.expand)


Handler = Callable[..., Any]


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
) -> ft.Control:
    """An outlined (or ``filled``) button with text, marked as a button.

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
        ),
        expand=expand,
    )


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


def top_bar(
    state: AppState,
    title: str,
    back: str | None = "home",
    actions: Sequence[ft.Control] = (),
) -> ft.Control:
    """Back button (to screen ``back``), the title, and actions on the right."""
    t = state.t
    items: list[ft.Control] = []
    if back is not None:
        items.append(
            icon_button(ft.Icons.ARROW_BACK, t("Back"), lambda: state.go(back), "back")
        )
    items.append(one_line(title, 26, weight=ft.FontWeight.BOLD))
    items.extend(actions)
    return ft.Row(items, spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def messages(state: AppState) -> list[ft.Control]:
    """The error (red) or notice banner, with a close button."""
    out: list[ft.Control] = []
    for text, bg, fg, ident in (
        (state.error, ft.Colors.ERROR_CONTAINER, ft.Colors.ON_ERROR_CONTAINER, "error"),
        (
            state.notice,
            ft.Colors.SECONDARY_CONTAINER,
            ft.Colors.ON_SECONDARY_CONTAINER,
            "notice",
        ),
    ):
        if not text:
            continue
        out.append(
            tagged(
                ident,
                ft.Container(
                    ft.Row(
                        [
                            ft.Text(state.t(text), size=18, color=fg, expand=True),
                            ft.IconButton(
                                ft.Icons.CLOSE,
                                tooltip=state.t("Close"),
                                icon_color=fg,
                                on_click=state.dismiss,
                            ),
                        ]
                    ),
                    bgcolor=bg,
                    border_radius=12,
                    padding=ft.Padding.only(left=16, right=4, top=4, bottom=4),
                ),
            )
        )
    return out


#: How long the snack bar stays (seconds); its close button hides it at once.
SNACK_SECONDS = 8.0


@ft.component
def Snack(state: AppState, toast: Toast) -> ft.Control:
    """The snack bar: what just happened to the game, and one tap to reverse it
    (Undo after a save or redo, Redo after an undo). It sits above the screen's
    buttons (nothing moves under a finger) and goes after ``SNACK_SECONDS``."""
    t = state.t

    async def expire() -> None:
        await asyncio.sleep(SNACK_SECONDS)
        state.dismiss_toast(toast.serial)

    ft.use_effect(expire, [toast.serial])
    ink = ft.Colors.ON_INVERSE_SURFACE
    items: list[ft.Control] = [
        ft.Semantics(
            identifier="snack-text",
            live_region=True,
            expand=True,
            content=ft.Text(toast.message, size=18, color=ink),
        )
    ]
    if toast.action is not None:
        label = t("Undo") if toast.action == "undo" else t("Redo")
        items.append(
            tagged(
                "snack-action",
                ft.TextButton(
                    label,
                    on_click=state.toast_action,
                    height=48,
                    style=ft.ButtonStyle(
                        color=ft.Colors.INVERSE_PRIMARY,
                        text_style=ft.TextStyle(size=18, weight=ft.FontWeight.W_600),
                    ),
                ),
            )
        )
    items.append(
        tagged(
            "snack-close",
            ft.IconButton(
                ft.Icons.CLOSE,
                icon_color=ink,
                tooltip=t("Close"),
                on_click=lambda: state.dismiss_toast(toast.serial),
            ),
        )
    )
    return tagged(
        "snack",
        ft.Container(
            ft.Row(items, spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            bgcolor=ft.Colors.INVERSE_SURFACE,
            border_radius=10,
            padding=ft.Padding.only(left=16, right=4, top=2, bottom=2),
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


def screen(
    state: AppState,
    title: str,
    body: Sequence[ft.Control],
    *,
    back: str | None = "home",
    actions: Sequence[ft.Control] = (),
    footer: Sequence[ft.Control] = (),
) -> ft.Control:
    """A screen: top bar, messages, scrolling body, optional fixed footer."""
    column = ft.Column(
        [*messages(state), *body],
        spacing=16,
        scroll=ft.ScrollMode.AUTO,
        expand=True,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
    parts: list[ft.Control] = [top_bar(state, title, back, actions), column]
    if state.toast is not None:
        parts.append(Snack(state, state.toast))
    if footer:
        parts.append(ft.Row(list(footer), spacing=12))
    return ft.Column(parts, spacing=12, expand=True)


def signed(value: int, t: Any) -> str:
    """``+12`` / ``−5`` / ``0`` in the user's number format."""
    text = t.number(value)
    return f"+{text}" if value > 0 else text


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
        ),
    )
