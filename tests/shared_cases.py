"""The test cases kept in the repository, and where the upstream copy may live.

The cases of ``tests/data/cases/NAME.json`` are copies of the project's shared
specification cases, so a clone of the repository passes its tests on its own.
``tests/project/test_data_copies.py`` checks that the copies still equal the upstream
folder when it is present: ``$JOLLY_SHARED/cases`` or ``../shared/cases`` beside
the checkout.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data"
CASES = DATA / "cases"


def upstream_cases() -> Path | None:
    """The upstream cases folder, or None when this checkout has none beside it.

    ``$JOLLY_SHARED`` (the folder holding ``cases/``) wins over ``../shared``.
    """
    env = os.environ.get("JOLLY_SHARED")
    root = Path(env) if env else Path(__file__).resolve().parents[2] / "shared"
    folder = root / "cases"
    return folder if folder.is_dir() else None


def load_cases(name: str) -> list[dict[str, Any]]:
    """The cases of ``tests/data/cases/NAME.json``."""
    path = CASES / f"{name}.json"
    cases: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    return cases
