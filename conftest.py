"""Names every doctest of the core may use without importing them."""

from typing import Any

import pytest

from jolly_scorer.core.cards import format_cards, parse_cards
from jolly_scorer.core.rules import find_rules


@pytest.fixture(autouse=True)
def _doctest_names(doctest_namespace: dict[str, Any]) -> None:
    doctest_namespace.update(
        parse_cards=parse_cards, format_cards=format_cards, find_rules=find_rules
    )
