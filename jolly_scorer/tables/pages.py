"""Telling a page from another thread, and errors that never reach a page as
tracebacks.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Coroutine
from typing import Any

import flet as ft

from jolly_scorer.i18n import Translator, default_language

log = logging.getLogger("jolly_scorer.server")


def post_to_page(
    page: ft.Page, handler: Callable[[], Coroutine[Any, Any, None]]
) -> bool:
    """Run ``handler()`` on ``page``'s event loop, from any thread.

    Returns False when the page is gone for good (its session was closed):
    the caller stops following for it. A page that is disconnected but kept
    for a reconnect runs nothing now and returns True: what changed is on its
    controls and goes out with its next update. (``page.run_task`` made the
    coroutine first and then failed on a page without a connection: "coroutine
    ... was never awaited", and the caller, taking the error for a closed
    page, stopped following a page that came back.)"""
    try:
        session = page.session
    except RuntimeError:  # the session was destroyed
        return False
    connection = session.connection
    if connection is None:
        return session.expires_at is not None  # kept for a reconnect
    coroutine = handler()
    try:
        asyncio.run_coroutine_threadsafe(coroutine, connection.loop)
    except RuntimeError:  # its loop is closed
        coroutine.close()
        return False
    return True


# -- errors never reach the page as tracebacks ---------------------------------


def contain_errors(page: ft.Page, t: Translator | None = None) -> None:
    """A handler's exception goes to the server log; the page stays and shows a
    short message (Flet would replace it with "Error running app" and send the
    traceback, with server paths, to the browser)."""
    session = page.session
    say = t or Translator(default_language())

    def error(message: str) -> None:
        log.error("error in a page session: %s", message)
        with contextlib.suppress(Exception):
            page.show_dialog(
                ft.SnackBar(
                    ft.Text(say("Something went wrong. Nothing else was changed.")),
                    duration=ft.Duration(seconds=6),
                )
            )

    session.error = error  # type: ignore[method-assign]
