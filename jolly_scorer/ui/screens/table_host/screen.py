"""The host's table (``jolly-scorer --table``): the table panel (the join QR
code, the address and PIN, the devices that joined, and ending the table;
``table_panel.py``) and the bar that brings it back.

The panel is shown as a dialog when the host's page opens, and again from the
bar at the bottom of every screen of the host's page (PIN, phones connected,
"Show QR"), which is hidden while a round is entered on a phone-sized page.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any, cast

import flet as ft

from jolly_scorer.i18n import Translator
from jolly_scorer.tables.pages import post_to_page
from jolly_scorer.tables.table import RECONNECT_GRACE, Table
from jolly_scorer.ui.models.failures import FAILURES
from jolly_scorer.ui.screens.table_host.panel import table_panel
from jolly_scorer.ui.state import AppState
from jolly_scorer.ui.widgets.basics import close_own


def _summary(table: Table, t: Translator) -> str:
    if table.ended:
        return t("The table has ended.")
    joined = sum(1 for d in table.guests() if d.pages)
    text = t("Live table · PIN {pin} · {count} connected", pin=table.pin, count=joined)
    back = sum(1 for d in table.guests() if table.state(d) == "coming back")
    if back:
        text += " · " + t("{count} reconnecting", count=back)
    wrong = sum(count for _, count in table.wrong_pins())
    if wrong:
        text += " · " + t.plural("{n} wrong PIN", "{n} wrong PINs", wrong)
    return text


def bar_shown(state: AppState) -> bool:
    """Whether the host's table bar is on the page: not while a round is
    entered on a phone-sized page (the card editor and the Save bar need the
    whole height; the PIN and the QR are on every other screen)."""
    from jolly_scorer.ui.screens.round_entry.layout import WIDE

    return not (state.nav.screen == "entry" and (state.page_width or 390) < WIDE)


def resume_round(state: AppState) -> None:
    """The host's page opened anew (the host restarted, issue 34.8): with
    parts of the table's next round stored, it goes back into that round
    (the phones come back to their seats), not Home."""
    game, game_id = state.game, state.game_id
    if not state.together or state.is_guest or game is None or game_id is None:
        return
    if state.result is not None and state.result.game_over:
        return
    try:
        entering = bool(state.store.load_seat_parts(game_id, len(game.rounds) + 1))
    except FAILURES:
        return
    if entering:
        state.enter_round()


#: Seconds the host's first panel waits for the page's language (the
#: browser's, asked after the page opened); then it opens in the one it has.
LANGUAGE_WAIT = 3.0


def offer_table(
    page: ft.Page,
    state: AppState,
    table: Table,
    language_known: asyncio.Event | None = None,
) -> None:
    """The host's page: open the table panel now, and keep a bar at the bottom
    (PIN, phones connected, "Show QR") that takes its own room, so it never
    covers a control of the screen above it (:func:`bar_shown`). Bar and
    panel speak the page's language, also once it follows the browser's
    after the page opened (issue 34.9).

    ``language_known``: set once the page has taken the browser's language
    (``app.follow_browser_language``); the first panel opens then (at the
    latest :data:`LANGUAGE_WAIT` seconds on), in that language. Opened at
    once, it was closed and opened again in the new language, and a tap on
    its Close meanwhile went to the panel that had gone: the new one stayed
    (a browser test waited 30 s for Home under it)."""
    resume_round(state)
    shown: list[ft.AlertDialog] = []  # the panel open now (one at most)

    def show(e: Any = None) -> None:
        dialog = table_panel(page, state, table)
        shown[:] = [dialog]
        page.show_dialog(dialog)

    summary = ft.Semantics(
        identifier="table-summary",
        content=ft.Text(_summary(table, state.t), size=15),
        expand=True,
    )
    show_button = ft.TextButton(state.t("Show QR"), on_click=show, height=48)
    page.bottom_appbar = ft.BottomAppBar(
        ft.Row(
            [
                ft.Icon(ft.Icons.QR_CODE_2),
                summary,
                ft.Semantics(identifier="table-show", content=show_button),
            ],
            spacing=12,
        ),
        height=56,
        padding=ft.Padding.symmetric(horizontal=16, vertical=4),
        visible=bar_shown(state),
    )
    bar = page.bottom_appbar

    def words() -> None:
        """The bar's words in the page's language now."""
        text: Any = summary.content
        text.value = _summary(table, state.t)
        text.max_lines = 2
        text.overflow = ft.TextOverflow.ELLIPSIS
        show_button.content = state.t("Show QR")

    words()

    async def _update() -> None:
        words()
        with contextlib.suppress(Exception):  # not on the page any more
            bar.update()

    async def _new_language() -> None:
        """The language changed: the bar, and the panel if open (drawn anew)."""
        words()
        if any(close_own(d) for d in shown):  # closed here: drawn anew
            show()
        with contextlib.suppress(Exception):
            page.update()

    def follow() -> None:
        if not post_to_page(page, _update):
            raise RuntimeError("the page is gone")  # the table forgets it

    table.on_change.append(follow)

    async def _after_grace() -> None:
        # devices still "reconnecting" after the grace are "not connected"
        await asyncio.sleep(RECONNECT_GRACE + 1)
        table.notify()

    if any(table.state(d) == "coming back" for d in table.guests()):
        page.run_task(_after_grace)

    async def _show_bar() -> None:
        page.update()

    language: list[str] = [state.settings.language]

    def screen_changed(_sender: Any, name: str | None) -> None:
        """In the same update as the screen (a tap's answer), or just after
        it (a change from another device)."""
        if name in (None, "settings") and state.settings.language != language[0]:
            language[0] = state.settings.language
            with contextlib.suppress(Exception):  # the page is gone
                page.run_task(_new_language)
        if name not in (None, "screen", "page_width") or bar.visible == bar_shown(
            state
        ):
            return
        bar.visible = bar_shown(state)
        with contextlib.suppress(Exception):  # the page is gone
            page.run_task(_show_bar)

    # the state holds its listeners weakly: the bar keeps this one
    bar.data = cast(Any, state).subscribe(screen_changed), screen_changed
    if language_known is None:
        show()
        return

    async def _show_first() -> None:
        with contextlib.suppress(TimeoutError):  # no answer: the one it has
            await asyncio.wait_for(language_known.wait(), LANGUAGE_WAIT)
        show()
        with contextlib.suppress(Exception):  # the page is gone
            page.update()

    page.run_task(_show_first)
