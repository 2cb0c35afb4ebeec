"""Where the shared specification and its cases live (beside the checkout)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

SHARED = Path(
    os.environ.get("JOLLY_SHARED", Path(__file__).resolve().parents[2] / "shared")
)


def load_cases(name: str) -> list[dict[str, Any]]:
    """The cases of ``shared/cases/NAME.json``."""
    path = SHARED / "cases" / f"{name}.json"
    cases: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    return cases
