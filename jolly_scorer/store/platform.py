"""What differs between the platforms the app runs on, in one place.

The served app and the command line run on CPython; the installable web app
runs inside the browser on Pyodide (``sys.platform == "emscripten"``), where
threads cannot start. Code that does heavy work awaits :func:`run_blocking`
instead of starting a thread itself.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from typing import TypeVar

__all__ = ["IN_BROWSER", "run_blocking"]

T = TypeVar("T")

#: True inside the browser (Pyodide): no threads, data kept in IndexedDB.
IN_BROWSER = sys.platform == "emscripten"


async def run_blocking(function: Callable[[], T]) -> T:
    """Run ``function`` off the event loop where threads exist (so other pages
    stay answered), inline in the browser.

    >>> asyncio.run(run_blocking(lambda: 6 * 7))
    42
    """
    if IN_BROWSER:
        return function()
    return await asyncio.to_thread(function)
