"""The host's table panel (``jolly-scorer --table``): the join QR code, the
address and PIN, the devices that joined, and ending the table.

Shown as a dialog when the host's page opens, and again from the bar at the
bottom of every screen of the host's page (PIN, phones connected, "Show QR").
"""

from __future__ import annotations

import contextlib
from typing import Any, cast

import flet as ft

from jolly_scorer.ui.i18n import Translator
from jolly_scorer.ui.server import current_table
from jolly_scorer.ui.state import AppState
from jolly_scorer.ui.table import Table, join_url, qr_png, view_url


def _devices(table: Table, t: Any) -> list[ft.Control]:
    guests = table.guests()
    if not guests:
        return [ft.Text(t("No phone has joined yet."), italic=True)]
    rows: list[ft.Control] = []
    for device in guests:
        status = t("connected") if device.pages else t("not connected")
        kind = f" · {t('viewer')}" if device.viewer else ""
        rows.append(
            ft.Text(
                f"{device.name}{kind} · {device.address} · {status}",
                semantics_label=f"device {device.name} {status}",
            )
        )
    return rows


def table_panel(page: ft.Page, state: AppState, table: Table) -> ft.AlertDialog:
    """The dialog; its device list follows joins and disconnects."""
    t = state.t
    url = join_url(table, table.address)
    devices = ft.Column(_devices(table, t), spacing=4)
    ended = ft.Text(
        t("The table has ended: no phone can join or change anything."),
        visible=table.ended,
        color=ft.Colors.ERROR,
    )

    def follow() -> None:
        devices.controls = _devices(table, t)
        ended.visible = table.ended
        with contextlib.suppress(Exception):
            page.run_task(_update, dialog)

    async def _update(control: ft.Control) -> None:
        control.update()

    def close(e: Any = None) -> None:
        with contextlib.suppress(Exception):
            table.on_change.remove(follow)
        page.pop_dialog()

    def end(e: Any) -> None:
        table.end()
        end_button.disabled = True
        switch.disabled = True
        viewer_link.visible = False
        follow()

    viewer_link = ft.Semantics(
        identifier="table-viewer-link",
        content=ft.Text(view_url(table, table.address), selectable=True, size=14),
        visible=table.viewers and not table.ended,
    )

    def allow_viewers(e: Any) -> None:
        table.allow_viewers(bool(e.control.value))
        viewer_link.visible = table.viewers
        follow()

    switch = ft.Switch(
        value=table.viewers,
        on_change=allow_viewers,
        disabled=table.ended,
    )
    # the label beside the switch wraps (German and Finnish are long)
    viewers = ft.Row(
        [
            ft.Semantics(identifier="table-viewers", content=switch),
            ft.Text(
                t("Allow viewers: a link that shows the scoreboard, read only"),
                size=15,
                expand=True,
            ),
        ],
        spacing=8,
    )

    end_button = ft.Semantics(
        identifier="table-end",
        content=ft.TextButton(
            t("End the table"),
            icon=ft.Icons.STOP_CIRCLE_OUTLINED,
            on_click=end,
            disabled=table.ended,
        ),
    )
    body = ft.Column(
        [
            ft.Semantics(
                identifier="table-qr",
                label=t("QR code to join the table"),
                content=ft.Image(src=qr_png(url), width=240, height=240),
            ),
            ft.Text(t("Scan to join, or open this address:"), size=16),
            ft.Text(f"{table.address.rstrip('/')}/join", selectable=True, size=18),
            ft.Semantics(
                identifier="table-pin",
                content=ft.Text(
                    t("PIN: {pin}", pin=table.pin),
                    size=28,
                    weight=ft.FontWeight.BOLD,
                ),
            ),
            ended,
            viewers,
            viewer_link,
            ft.Text(t("Joined"), weight=ft.FontWeight.BOLD, size=16),
            devices,
        ],
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        tight=True,
        spacing=8,
    )
    dialog = ft.AlertDialog(
        title=ft.Text(t("Live table")),
        content=body,
        actions=[
            end_button,
            ft.Semantics(
                identifier="table-close",
                content=ft.TextButton(t("Close"), on_click=close),
            ),
        ],
        on_dismiss=lambda e: close_quietly(),
        scrollable=True,
    )

    def close_quietly() -> None:
        with contextlib.suppress(ValueError):
            table.on_change.remove(follow)

    table.on_change.append(follow)
    return dialog


def _summary(table: Table, t: Translator) -> str:
    if table.ended:
        return t("The table has ended.")
    joined = sum(1 for d in table.guests() if d.pages)
    return t("Live table · PIN {pin} · {count} connected", pin=table.pin, count=joined)


def bar_shown(state: AppState) -> bool:
    """Whether the host's table bar is on the page: not while a round is
    entered on a phone-sized page (the card editor and the Save bar need the
    whole height; the PIN and the QR are on every other screen)."""
    from jolly_scorer.ui.views.round_entry_layout import WIDE

    return not (state.screen == "entry" and (state.page_width or 390) < WIDE)


def offer_table(page: ft.Page, state: AppState) -> None:
    """The host's page: open the table panel now, and keep a bar at the bottom
    (PIN, phones connected, "Show QR") that takes its own room, so it never
    covers a control of the screen above it (:func:`bar_shown`)."""
    table = current_table()
    if table is None:
        return
    t = state.t

    def show(e: Any = None) -> None:
        page.show_dialog(table_panel(page, state, table))

    summary = ft.Text(_summary(table, t), size=15, expand=True)
    page.bottom_appbar = ft.BottomAppBar(
        ft.Row(
            [
                ft.Icon(ft.Icons.QR_CODE_2),
                summary,
                ft.Semantics(
                    identifier="table-show",
                    content=ft.TextButton(t("Show QR"), on_click=show),
                ),
            ],
            spacing=12,
        ),
        height=56,
        padding=ft.Padding.symmetric(horizontal=16, vertical=4),
        visible=bar_shown(state),
    )
    bar = page.bottom_appbar

    async def _update() -> None:
        summary.value = _summary(table, t)
        summary.update()

    def follow() -> None:
        page.run_task(_update)  # raises when the page is gone: then forgotten

    table.on_change.append(follow)

    async def _show_bar() -> None:
        page.update()

    def screen_changed(_sender: Any, name: str | None) -> None:
        """In the same update as the screen (a tap's answer), or just after
        it (a change from another device)."""
        if name not in (None, "screen", "page_width") or bar.visible == bar_shown(
            state
        ):
            return
        bar.visible = bar_shown(state)
        with contextlib.suppress(Exception):  # the page is gone
            page.run_task(_show_bar)

    # the state holds its listeners weakly: the bar keeps this one
    bar.data = cast(Any, state).subscribe(screen_changed), screen_changed
    show()
