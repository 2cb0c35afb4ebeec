"""A screen's frame: the top bar, the error and notice banners, the snack bar
after save/undo/redo, the scrolling body and the fixed footer."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence

import flet as ft

from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.page_records import Toast
from jolly_scorer.ui.state import AppState
from jolly_scorer.ui.widgets.basics import one_line, tagged
from jolly_scorer.ui.widgets.buttons import icon_button
from jolly_scorer.ui.widgets.kept_parts import Keep, built_anew


def top_bar(
    state: AppState,
    title: str,
    back: str | None = "home",
    actions: Sequence[ft.Control] = (),
    keep: Keep = built_anew,
) -> ft.Control:
    """Back button (to screen ``back``), the title, and actions on the right."""
    t = state.t
    items: list[ft.Control] = []
    if back is not None:
        items.append(keep("back", _back_button, t, back, state.go))
    items.append(one_line(title, 26, weight=ft.FontWeight.BOLD))
    items.extend(actions)
    return ft.Row(items, spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _back_button(t: Translator, to: str, go: Callable[[str], None]) -> ft.Control:
    return icon_button(ft.Icons.ARROW_BACK, t("Back"), lambda: go(to), "back")


def club_place(state: AppState) -> list[ft.Control]:
    """A phone at a club table: its table and series, and where its player
    sits now when that is another table (issue 37)."""
    place = state.club_place
    if place is None:
        return []
    t = state.t
    where = t(
        "Table {table} · series {series} of {count}",
        table=place.table,
        series=place.series,
        count=place.series_count,
    )
    out: list[ft.Control] = [
        tagged(
            "club-place",
            ft.Text(
                where, size=15, weight=ft.FontWeight.W_600, color=ft.Colors.PRIMARY
            ),
        )
    ]
    if place.moved_to is not None:
        moved = t(
            "{player}: you now sit at table {table} (series {series}). "
            "Join it with the PIN on its table card.",
            player=place.player or "",
            table=place.moved_to,
            series=place.series,
        )
        out.append(
            tagged(
                "club-moved",
                ft.Container(
                    ft.Text(moved, size=18, color=ft.Colors.ON_TERTIARY_CONTAINER),
                    bgcolor=ft.Colors.TERTIARY_CONTAINER,
                    border_radius=12,
                    padding=ft.Padding.symmetric(horizontal=16, vertical=8),
                ),
            )
        )
    return out


def messages(state: AppState) -> list[ft.Control]:
    """The error (red) or notice banner, with a close button (and, on a phone
    at a club table, where it sits: :func:`club_place`)."""
    out: list[ft.Control] = club_place(state)
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
        state.toasts.dismiss(toast.serial)

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
                on_click=lambda: state.toasts.dismiss(toast.serial),
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


def screen(
    state: AppState,
    title: str,
    body: Sequence[ft.Control],
    *,
    back: str | None = "home",
    actions: Sequence[ft.Control] = (),
    footer: Sequence[ft.Control] = (),
    keep: Keep = built_anew,
) -> ft.Control:
    """A screen: top bar, messages, scrolling body, optional fixed footer.
    ``keep``: the page's parts from its last redraw (the back button)."""
    column = ft.Column(
        [*messages(state), *body],
        spacing=16,
        scroll=ft.ScrollMode.AUTO,
        expand=True,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
    parts: list[ft.Control] = [top_bar(state, title, back, actions, keep), column]
    if state.toasts.shown is not None:
        parts.append(Snack(state, state.toasts.shown))
    if footer:
        parts.append(ft.Row(list(footer), spacing=12))
    return ft.Column(parts, spacing=12, expand=True)
