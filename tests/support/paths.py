"""Where the repository and the tests' data files are, wherever a test file sits."""

from __future__ import annotations

import os
from pathlib import Path

#: the repository's root (``pyproject.toml``, ``docs/``, ``jolly_scorer/``)
ROOT = Path(__file__).resolve().parents[2]
#: ``tests/data``: the cases, the club evenings, the joker exchanges
DATA = ROOT / "tests" / "data"
#: the browser tests' screenshots (``$JOLLY_SCREENSHOTS``, relative to the root)
SCREENSHOTS = ROOT / os.environ.get("JOLLY_SCREENSHOTS", "build/screenshots")
#: what a failed browser test left: its pages' dumps, its first traceback
FAILED = SCREENSHOTS / "failed"


def file_name(text: str) -> str:
    """``text`` (a test's name or id) as a file name: letters, digits, ``-_.``

    >>> file_name("test_a[phone-de]")
    'test_a-phone-de-'
    """
    return "".join(c if c.isalnum() or c in "-_." else "-" for c in text)
