"""The app inside the browser (Pyodide): the games database in IndexedDB.

``flet publish`` runs the site's ``main.py``, which calls :func:`run`. Each
session reads the stored games in (:func:`~jolly_scorer.store.platform.open_data_dir`)
before the store is opened; every committed change is written back by the
store through :func:`~jolly_scorer.store.platform.flush`, and the screen
updates after it wait until it is written
(:func:`~jolly_scorer.store.platform.hold_until_written`).
"""

from __future__ import annotations

import os

import flet as ft

from jolly_scorer.store import StoreError, StoreWriteError, platform
from jolly_scorer.ui import app
from jolly_scorer.ui.i18n import N_, Translator, default_language, supported_language

ANOTHER_TAB = N_(
    "The app is open in another tab or window of this browser. Use that one, "
    "or close it and reload this page."
)


async def main(page: ft.Page) -> None:
    """One session: the saved games read in, then the same app as served."""
    if not await platform.claim_browser_data():
        t = Translator(default_language())
        app.store_problem(page, StoreError(t(ANOTHER_TAB)))
        return
    try:
        folder = await platform.open_data_dir()
    except OSError as error:
        app.store_problem(page, StoreWriteError(str(error)))
        return
    connection = page.session.connection
    if hasattr(connection, "send_callback"):  # Flet's PyodideConnection
        connection.send_callback = platform.hold_until_written(connection.send_callback)
    app.main(page, folder)
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
    ft.run(main)
