"""The repository's copies of the shared cases still equal the upstream ones.

Skipped when no upstream folder is present (a plain clone of the repository):
see ``tests/shared_cases.py`` for where it is looked for.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.shared_cases import CASES, load_cases, upstream_cases


@pytest.mark.parametrize("name", ["games", "melds"])
def test_the_cases_are_in_the_repository(name: str) -> None:
    cases = load_cases(name)
    ids = [case["id"] for case in cases]
    assert cases and len(set(ids)) == len(ids)


def test_copies_equal_the_upstream_cases() -> None:
    upstream = upstream_cases()
    if upstream is None:
        pytest.skip("no upstream cases folder ($JOLLY_SHARED or ../shared/cases)")
    theirs = {p.name: p for p in upstream.glob("*.json")}
    ours = {p.name: p for p in CASES.glob("*.json")}
    assert sorted(ours) == sorted(theirs), (
        f"tests/data/cases holds {sorted(ours)}, {upstream} holds {sorted(theirs)}"
    )
    stale = [
        name
        for name in sorted(ours)
        if Path(ours[name]).read_bytes() != Path(theirs[name]).read_bytes()
    ]
    assert not stale, (
        f"tests/data/cases differs from {upstream} in {stale}: "
        f"cp {upstream}/*.json tests/data/cases/"
    )
