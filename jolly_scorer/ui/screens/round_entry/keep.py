"""Round entry: stable handlers for the parts drawn apart.

The closer section, the strip, the hands, the meld tiles, the Save bar and
the card editor's cards are drawn again only when their share of the model
changed (``watched.py``, told by ``models/round_watch.RoundWatch``: nothing
there lists what a part shows); the editor's top row and buttons only when
their arguments did (they are drawn from them alone).
Their handlers must not go stale: they call :func:`latest` handlers, which
always run the screen's newest function.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

from jolly_scorer.ui.widgets.card_picker import Relay

__all__ = ["latest"]


_LATEST: weakref.WeakKeyDictionary[Any, dict[str, Relay]] = weakref.WeakKeyDictionary()


def latest(owner: Any, name: str, fn: Callable[..., Any]) -> Relay:
    """The one :class:`~jolly_scorer.ui.widgets.card_picker.Relay` of
    ``owner`` (the screen's model) called ``name``, now calling ``fn``; call
    it on every redraw: a part drawn in an earlier redraw (``watched.py``),
    or the memoized card grid, acts with the screen's handlers as they are
    now, never with those of its own redraw."""
    handlers = _LATEST.setdefault(owner, {})
    handler = handlers.get(name)
    if handler is None:
        handler = handlers[name] = Relay()
    if fn is not handler:  # given back: it already calls the newest
        handler.target = fn
    return handler
