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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests run last: Playwright's sync API keeps an event loop running
    in the main thread while its session-wide browser is open, and a test that
    calls ``asyncio.run`` after it would fail for that reason alone."""
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)
