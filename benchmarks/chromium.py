"""The headless Chromium every browser benchmark and browser test launches
(Debian's) with its flags: tests/e2e/conftest.py imports them from here, as
``benchmarks.chromium`` (a benchmark does not import the test fixtures)."""

from __future__ import annotations

import os

CHROMIUM = os.environ.get("JOLLY_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # several pages at once (a host and its phones): a page in the background
    # still paints and runs its timers, as each phone at a table would
    "--disable-renderer-backgrounding",
    "--disable-background-timer-throttling",
    "--disable-backgrounding-occluded-windows",
]
