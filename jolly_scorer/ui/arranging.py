"""The UI's one door to the arranger: always awaited off the event loop (in
the web server's worker processes, else a thread), with the UI's time limit,
refusals (too many cards, time up) as ``JollyError``.

>>> import asyncio
>>> from jolly_scorer.core.cards import parse_cards
>>> from jolly_scorer.core.rules import find_rules
>>> split = asyncio.run(split_cards(parse_cards("5h 6h 7h"), find_rules("jolly_at")))
>>> [str(c) for c in split.arrangement.melds[0].cards]
['5h', '6h', '7h']
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from jolly_scorer.core.cards import Card
from jolly_scorer.core.rules import Rules
from jolly_scorer.store.platform import run_blocking
from jolly_scorer.tables.sessions import heavy_runner

if TYPE_CHECKING:
    from jolly_scorer.core.arranger import Arrangement, Split

__all__ = ["TIME_LIMIT", "best_lay_down", "split_cards"]


async def _run(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    runner = heavy_runner()  # the server's worker processes, if it gave them
    if runner is not None:
        return await runner(function, *args, **kwargs)
    return await run_blocking(lambda: function(*args, **kwargs))


#: Seconds the arranger may search for one answer on a screen.
TIME_LIMIT = 5.0


def _limit(function: Any) -> dict[str, Any]:
    """``time_limit`` where the core's arranger takes one."""
    if "time_limit" in inspect.signature(function).parameters:
        return {"time_limit": TIME_LIMIT}
    return {}


async def split_cards(cards: Sequence[Card], rules: Rules) -> Split:
    """The arranger's split of cards put down together (off the event loop)."""
    from jolly_scorer.core.arranger import arrange

    split: Split = await _run(arrange, list(cards), rules, **_limit(arrange))
    return split


async def best_lay_down(cards: Sequence[Card], rules: Rules) -> Arrangement:
    """The melds worth the most in a hand (off the event loop)."""
    from jolly_scorer.core.arranger import best

    found: Arrangement = await _run(best, list(cards), rules, **_limit(best))
    return found
