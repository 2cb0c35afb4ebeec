"""Reading stored rounds: the quick path of ``round_from_json`` gives the same
round, or the same refusal, as the checking path, whatever the data."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.paths import DATA

from jolly_scorer.core import gamefile
from jolly_scorer.core.gamefile import round_from_json

CASES = json.loads((DATA / "cases" / "games.json").read_text("utf-8"))
ROUNDS: list[Any] = [r for case in CASES for r in case["game"].get("rounds", [])]

BASE: dict[str, Any] = {
    "closed_by": "A",
    "handglatt": False,
    "discard": "9c",
    "table": [
        {"by": "A", "cards": ["5h", "6h", "7h"]},
        {"by": "B", "cards": ["Qs", "Ks", {"card": "As", "by": "A"}]},
    ],
    "hands": {"B": ["2c", "X=9d"], "C": ["Ah", "X", "Jd", "4c"]},
    "counted": {"A": {"good": 10, "bad": 0}, "C": {"bad": 5}},
}


def outcome(data: Any, quick: bool) -> tuple[str, Any]:
    """The round read (or the refusal), by the quick path or only the checking one."""
    saved = gamefile._plain_round
    if not quick:
        gamefile._plain_round = lambda data: None  # type: ignore[assignment]
    try:
        return "round", round_from_json(copy.deepcopy(data), 3)
    except Exception as error:  # the same kind and words either way
        return type(error).__name__, str(error)
    finally:
        gamefile._plain_round = saved  # type: ignore[assignment]


def test_the_usual_rounds_take_the_quick_path() -> None:
    for data in [BASE, *ROUNDS]:
        assert gamefile._plain_round(data) is not None
        assert outcome(data, True) == outcome(data, False)


@pytest.mark.parametrize(
    "change",
    [
        {"closed_by": 5},
        {"closed_by": "\ud800"},
        {"closed_by": None, "handglatt": None, "table": None, "hands": None},
        {"handglatt": 1},
        {"discard": ["9c"]},
        {"discard": "9x"},
        {"table": {}},
        {"table": [{"cards": ["5h"]}]},
        {"table": [{"by": "A"}]},
        {"table": [{"by": "A", "cards": [{"card": "5h", "by": "A", "x": 1}]}]},
        {"table": [{"by": "A", "cards": [{"by": "A"}]}]},
        {"table": [{"by": "A", "cards": [["5h"]]}]},
        {"table": [{"by": "A", "cards": [{"card": "5h", "by": 3}]}]},
        {"table": [{"by": "A", "cards": [5]}]},
        {"hands": {"B": "2c"}},
        {"hands": {"B": [["2c"]]}},
        {"hands": {"B": [2]}},
        {"hands": []},
        {"hands": {"\ud800": ["2c"]}},
        {"counted": {"\udc00": {"good": 1}}},
        {"counted": {"A": {"good": 5.0}}},
        {"counted": {"A": {"good": True}}},
        {"counted": {"A": {"good": -1}}},
        {"counted": {"A": {"good": 10**10}}},
        {"counted": {"A": {"worse": 1}}},
        {"counted": {"A": 5}},
        {"counted": []},
        {"extra": "ignored"},
    ],
)
def test_unusual_data_is_read_or_refused_as_by_the_checking_path(
    change: dict[str, Any],
) -> None:
    data = BASE | change
    assert outcome(data, True) == outcome(data, False)


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-5, max_value=10**10)
    | st.floats(allow_nan=False)
    | st.sampled_from(["A", "B", "Z", "5h", "X", "X=7h", "10h", "qd", "", "\ud800"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(["card", "by", "good", "bad", "cards", "A", "B"]),
            inner,
            max_size=3,
        )
    ),
    max_leaves=6,
)


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _places(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += _places(item, (*path, i))
    return found


PLACES = _places(BASE)[1:]


@settings(max_examples=300, deadline=None)
@given(place=st.sampled_from(PLACES), value=JSON)
def test_any_value_anywhere_is_read_or_refused_as_by_the_checking_path(
    place: tuple[Any, ...], value: Any
) -> None:
    data = copy.deepcopy(BASE)
    inner = data
    for key in place[:-1]:
        inner = inner[key]
    inner[place[-1]] = value
    assert outcome(data, True) == outcome(data, False)
