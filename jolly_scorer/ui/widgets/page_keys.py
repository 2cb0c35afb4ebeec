"""The page's keys, heard from the page's start (issue 17).

Flet's web client sends a page's key presses only while the page has an
``on_keyboard_event`` handler, and it learns that from the next update it
receives. The counting sheet used to set its handler when it appeared, so
the handler reached the browser one update *after* the sheet: a digit typed
as soon as the sheet showed went nowhere (a fresh-clone test run saw Dora's
12 saved as 2). Now the app gives every page one handler when it starts
(:func:`install`), and a screen only says where keys go now
(:func:`listen`), on the server: a key the browser sends after it showed the
sheet reaches the server after the sheet was drawn there, so it finds the
sheet listening.

>>> keys = PageKeys()
>>> heard = []
>>> keys("a")  # nobody listens: the key is dropped on the server
>>> keys.handler = heard.append
>>> keys("7")
>>> heard
['7']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

__all__ = ["PageKeys", "install", "listen"]

_KEY = "jolly-scorer page keys"

Handler = Callable[[Any], None]


class PageKeys:
    """The page's one keyboard handler: passes each key to the screen that
    listens now (none: the key is dropped)."""

    def __init__(self) -> None:
        self.handler: Handler | None = None

    def __call__(self, e: Any) -> None:
        handler = self.handler
        if handler is not None:
            handler(e)


def install(page: ft.Page) -> PageKeys:
    """Give ``page`` its one keyboard handler (sent with the page's first
    update, so the browser sends every key from then on)."""
    keys = PageKeys()
    page.session.store.set(_KEY, keys)
    page.on_keyboard_event = keys
    return keys


def listen(page: ft.Page, handler: Handler | None) -> None:
    """Send the page's keys to ``handler`` from now on (None: to nobody).
    A page the app did not start (a test's own page) gets ``handler`` as its
    handler directly, as before."""
    keys = page.session.store.get(_KEY)
    if isinstance(keys, PageKeys):
        keys.handler = handler
        return
    page.on_keyboard_event = handler
    page.update()
