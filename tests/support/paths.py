"""Where the repository and the tests' data files are, wherever a test file sits."""

from __future__ import annotations

from pathlib import Path

#: the repository's root (``pyproject.toml``, ``docs/``, ``jolly_scorer/``)
ROOT = Path(__file__).resolve().parents[2]
#: ``tests/data``: the cases, the club evenings, the joker exchanges
DATA = ROOT / "tests" / "data"
