"""The host's table dialog: the join QR code, the address and PIN, the
viewers' switch and link, the devices that joined (following joins and
disconnects), and ending the table. Opened by ``table_host.offer_table``.
"""

from __future__ import annotations

import contextlib
from typing import Any

import flet as ft

from jolly_scorer.tables.join_page import join_url, qr_png, view_url
from jolly_scorer.tables.pages import post_to_page
from jolly_scorer.tables.table import Device, Table
from jolly_scorer.ui.state import AppState, device_key
from jolly_scorer.ui.widgets.basics import close_own

__all__ = ["held_seats", "table_panel", "wrong_pin_lines"]


def _seat(state: AppState, table: Table, device: Device) -> str | None:
    """The player whose seat ``device`` chose at the table's game, if any."""
    store: Any = state.store
    if table.game_id is None or device.viewer:
        return None
    try:
        key = device_key(f"{store.path}\n{device.id}")  # as its page keeps it
        seat: str | None = store.load_device_seat(table.game_id, key)
    except Exception:  # the database is gone or damaged: the list still shows
        return None
    return seat


def held_seats(store: Any, table: Table, me: str) -> dict[str, int]:
    """How many joined devices other than ``me`` hold each seat of the
    table's game now (connected or coming back; issue 34.10)."""
    held: dict[str, int] = {}
    if table.game_id is None:
        return held
    for device in table.guests():
        if device.id == me or device.viewer or table.state(device) == "away":
            continue
        try:
            key = device_key(f"{store.path}\n{device.id}")  # as its page keeps it
            seat = store.load_device_seat(table.game_id, key)
        except Exception:  # the database is gone or damaged: no mark
            continue
        if seat is not None:
            held[seat] = held.get(seat, 0) + 1
    return held


def _devices(
    state: AppState, table: Table, t: Any, asked: list[str]
) -> list[ft.Control]:
    """One row per joined device: its number (the order it joined: two
    phones on one seat, or none chosen yet, are told apart), its seat, kind,
    address, state and the time it joined, and "Send away" (asked first, in
    place: ``asked`` holds the device being asked about)."""
    guests = table.guests()
    if not guests:
        return [ft.Text(t("No phone has joined yet."), italic=True)]
    rows: list[ft.Control] = []
    for number, device in enumerate(guests, 1):
        status = {
            "connected": t("connected"),
            "coming back": t("reconnecting…"),
            "away": t("not connected"),
        }[table.state(device)]
        if device.viewer:
            who = t("viewer")
        else:
            who = _seat(state, table, device) or t("no seat chosen yet")
        since = device.joined.astimezone().strftime("%H:%M")
        name = t("Device {n}", n=number)
        text = f"{name}: {who} · {device.name} · {device.address} · {status}"
        line = ft.Text(
            f"{text} · {t('joined {time}', time=since)}",
            semantics_label=f"device {who} {device.name} {status} ({name})",
            expand=True,  # wraps beside the button
        )
        rows.append(
            ft.Row(
                [line, _send_away(table, device.id, number, name, t, asked)],
                spacing=4,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            )
        )
    return rows + wrong_pin_lines(table, t)


def _send_away(
    table: Table, device: str, number: int, name: str, t: Any, asked: list[str]
) -> ft.Control:
    """The host's "Send away" of one device: the first tap asks ("Send
    Device 2 away?"), the second sends it (its pages close; it may join
    again with the PIN)."""
    if asked and asked[0] == device:
        text = t("Send {name} away", name=name)
        return ft.Semantics(
            identifier=f"table-send-away-confirm-{number}",
            button=True,
            label=text,
            content=ft.FilledButton(
                text,
                bgcolor=ft.Colors.ERROR,
                on_click=lambda _e=None: _sent(table, device, asked),
            ),
        )

    def ask(_e: Any = None) -> None:
        asked[:] = [device]
        table.notify()  # the list is drawn again, asking

    text = t("Send {name} away", name=name)
    return ft.Semantics(
        identifier=f"table-send-away-{number}",
        button=True,
        label=text,
        content=ft.IconButton(ft.Icons.LOGOUT, tooltip=text, on_click=ask),
    )


def _sent(table: Table, device: str, asked: list[str]) -> None:
    if asked and asked[0] == device:  # a late second tap sends nobody away
        asked.clear()
        table.send_away(device)


def wrong_pin_lines(table: Table, t: Any) -> list[ft.Control]:
    """ "3 wrong PINs from 10.0.0.7", one line per address, most first."""
    return [
        ft.Text(
            t.plural(
                "{n} wrong PIN from {address}",
                "{n} wrong PINs from {address}",
                count,
                address=address,
            ),
            color=ft.Colors.ERROR,
        )
        for address, count in table.wrong_pins()[:5]
    ]


def table_panel(page: ft.Page, state: AppState, table: Table) -> ft.AlertDialog:
    """The dialog; its device list follows joins and disconnects."""
    t = state.t
    url = join_url(table, table.address)
    asked: list[str] = []  # the device whose "Send away" is being asked
    devices = ft.Column(_devices(state, table, t, asked), spacing=4)
    ended = ft.Text(
        t("The table has ended: no phone can join or change anything."),
        visible=table.ended,
        color=ft.Colors.ERROR,
    )

    def follow() -> None:
        async def _update() -> None:
            devices.controls = _devices(state, table, t, asked)
            ended.visible = table.ended
            with contextlib.suppress(Exception):  # the dialog was closed
                dialog.update()

        if not post_to_page(page, _update):
            raise RuntimeError("the page is gone")  # the table forgets it

    def close(e: Any = None) -> None:
        if close_own(dialog):  # a late second tap closes no other dialog
            with contextlib.suppress(Exception):
                table.on_change.remove(follow)

    def ask_end(e: Any) -> None:
        """Ending sends every phone away for good: asked first, in place."""
        end_button.visible = False
        asking.visible = True
        dialog.update()

    def keep(e: Any) -> None:
        end_button.visible = True
        asking.visible = False
        dialog.update()

    def end(e: Any) -> None:
        if table.ended or not asking.visible:  # a late second tap
            return
        table.end()
        asking.visible = False
        end_button.visible = True
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
            on_click=ask_end,
            disabled=table.ended,
            height=48,
        ),
    )
    asking = ft.Column(
        [
            ft.Text(
                t(
                    "End the table for everyone? No phone can join or change"
                    " anything after that."
                ),
                weight=ft.FontWeight.BOLD,
            ),
            ft.Row(
                [
                    ft.Semantics(
                        identifier="table-end-keep",
                        content=ft.TextButton(
                            t("Keep the table"), on_click=keep, height=48
                        ),
                    ),
                    ft.Semantics(
                        identifier="table-end-confirm",
                        content=ft.FilledButton(
                            t("End now"), on_click=end, bgcolor=ft.Colors.ERROR
                        ),
                    ),
                ],
                alignment=ft.MainAxisAlignment.CENTER,
                wrap=True,  # a phone: one under the other, both centred
                run_spacing=4,
            ),
        ],
        visible=False,
        tight=True,
        spacing=8,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
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
            asking,
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
                content=ft.TextButton(t("Close"), on_click=close, height=48),
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
