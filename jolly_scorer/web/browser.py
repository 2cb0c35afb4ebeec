"""The app inside the browser (Pyodide): the games database in IndexedDB.

``flet publish`` runs the site's ``main.py``, which calls :func:`run`. Each
session reads the stored games in (:func:`~jolly_scorer.store.platform.open_data_dir`)
before the store is opened; every committed change is written back by the
store through :func:`~jolly_scorer.store.platform.flush`, and the screen
updates after it wait until it is written
(:func:`~jolly_scorer.store.platform.hold_until_written`). When a write-back
fails (or does not end), the page says so until one succeeds
(:func:`warn_when_not_kept`).
"""

from __future__ import annotations

import asyncio
import importlib
import os
import sys
from collections.abc import Callable
from pathlib import Path

import flet as ft

from jolly_scorer.i18n import N_, Translator, default_language, supported_language
from jolly_scorer.server.flet_fixes import fix_redraws
from jolly_scorer.store import StoreError, StoreWriteError, platform
from jolly_scorer.store.store import release_shared_store, shared_store
from jolly_scorer.ui import app
from jolly_scorer.ui.settings import UiSettings
from jolly_scorer.ui.widgets.basics import tagged
from jolly_scorer.web.loading import SHOWN

# each redraw's diff is freed at once, not by a full collection, and its walk
# over the added controls skips what it does nothing with (also in the
# worker's memory snapshot, which holds this module)
fix_redraws()

ANOTHER_TAB = N_(
    "The app is open in another tab or window of this browser. Use that one, "
    "or close it and reload this page."
)
NOT_KEPT = N_(
    "Your games are not being kept in this browser: saving them in the browser's "
    "storage failed. Export them now (Game file) before you close this page."
)


def app_language(folder: Path | None) -> str:
    """The language the app speaks: the one chosen in the settings, else the
    browser's."""
    try:
        store = shared_store(folder)
    except StoreError:
        return default_language()
    try:
        return UiSettings.load(store.get_setting, default_language()).language
    except StoreError:
        return default_language()
    finally:
        release_shared_store(store)


def not_kept_banner(language: str, close: Callable[[], None]) -> ft.Banner:
    """The warning at the top of the page: the games are not kept, export them."""
    t = Translator(language)
    ink = ft.Colors.ON_ERROR_CONTAINER
    return ft.Banner(
        leading=ft.Icon(ft.Icons.WARNING_AMBER, color=ink),
        content=tagged("not-kept", ft.Text(t(NOT_KEPT), size=18, color=ink)),
        actions=[ft.TextButton(t("Close"), on_click=close)],
        bgcolor=ft.Colors.ERROR_CONTAINER,
    )


def warn_when_not_kept(page: ft.Page, language: Callable[[], str]) -> None:
    """While the games cannot be written to the browser's storage (a failed or
    stuck write-back), a banner at the top of the page says so and asks for an
    export (Flet's ``Banner``: the screen moves down, nothing is covered). It
    goes when a later write-back succeeds; closed by hand, it comes back with
    the next write-back that fails."""
    shown: list[ft.Banner] = []

    def close() -> None:
        for banner in shown:
            if banner.open:
                banner.open = False
                banner.update()
        shown.clear()

    async def show(problem: str | None) -> None:
        if problem is None:
            close()
        elif not any(banner.open for banner in shown):
            shown.clear()
            shown.append(not_kept_banner(language(), close))
            page.show_dialog(shown[0])

    stops: list[Callable[[], None]] = []

    def changed(problem: str | None) -> None:
        try:
            if page.session.connection is not None:
                page.run_task(show, problem)
                return
        except (AttributeError, RuntimeError):  # a page closing meanwhile
            pass
        for stop in stops:  # the page is gone
            stop()

    stops.append(platform.watch_writes(changed))


def mark(step: str) -> None:
    """A step of the start on the browser's console, as the worker marks its
    own (``jolly-timeline STEP EPOCH_MS``, read by ``benchmarks/pwa.py
    --timeline``); nothing outside the browser."""
    if sys.platform != "emscripten":
        return
    js = importlib.import_module("js")
    now = js.performance.timeOrigin + js.performance.now()
    js.console.log(f"jolly-timeline app: {step} {now}")


#: What :func:`read_games` found: the games claimed (False: another tab holds
#: them), and their folder or why it could not be read.
GamesRead = tuple[bool, "Path | None | OSError"]
#: The games read in before the page connects (:func:`read_games_early`),
#: taken by the first session.
_early: asyncio.Future[GamesRead] | None = None


async def read_games() -> GamesRead:
    """Claim the browser's games (a tab at a time) and read them in."""
    if not await platform.claim_browser_data():
        return False, None
    try:
        return True, await platform.open_data_dir()
    except OSError as error:
        return True, error


def read_games_early() -> None:
    """Start :func:`read_games` now, while Flutter starts: the worker is idle
    until the page connects, and the first session then takes what was read
    (40–50 ms it no longer waits for, on the way to the first screen)."""
    global _early
    try:
        _early = asyncio.get_event_loop().create_task(read_games())
    except RuntimeError:  # no event loop here: the session reads them
        _early = None


async def main(page: ft.Page) -> None:
    """One session: the saved games read in, then the same app as served;
    then the page is told that its first screen was sent."""
    mark("session")
    try:
        await _session(page)
    finally:
        tell_shown(page)


def tell_shown(page: ft.Page) -> None:
    """Tell the page that the app's first screen was sent: its loading screen
    goes once Flutter has drawn it (``web/loading.py``). Sent through the
    connection like the screen, so it follows the screen's messages, also
    when they are held until the games are written (Flet's own client would
    drop it: not one of its packet types)."""
    send = getattr(page.session.connection, "send_callback", None)
    if send is not None:
        send(SHOWN)


async def _session(page: ft.Page) -> None:
    global _early
    early, _early = _early, None
    claimed, folder = await (early if early is not None else read_games())
    if not claimed:
        t = Translator(default_language())
        app.store_problem(page, StoreError(t(ANOTHER_TAB)))
        return
    if isinstance(folder, OSError):
        app.store_problem(page, StoreWriteError(str(folder)))
        return
    connection = page.session.connection
    if hasattr(connection, "send_callback"):  # Flet's PyodideConnection
        connection.send_callback = platform.hold_until_written(connection.send_callback)
    mark("games read in")
    app.main(page, folder)
    mark("first screen sent")
    warn_when_not_kept(page, lambda: app_language(folder))
    platform.flush()  # a new (empty) database is kept too


def use_browser_language() -> None:
    """The browser is this app's system: its language (``navigator.languages``)
    is the default until one is chosen in the settings. Known before the first
    screen, so the app starts in it (no round trip to ask the page)."""
    language = supported_language(platform.browser_languages())
    if language is not None and not os.environ.get("LANGUAGE"):
        os.environ["LANGUAGE"] = language


def run() -> None:
    """Start the app (``main.py`` of the published site); assets are at the
    site's root, where ``flet publish`` copied them."""
    use_browser_language()
    if platform.IN_BROWSER:
        read_games_early()
    ft.run(main)
