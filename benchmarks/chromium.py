"""The headless Chromium every browser benchmark launches (Debian's, flags as in
tests/e2e/conftest.py; a benchmark does not import the test fixtures)."""

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
]
