"""The seat parts on their way between a page and the store: the part of the
page's change pipeline (``ui/state.AppState``, which owns one
:class:`PartsRoad`) that the round entered together writes through.

A card tap reaches the store like this: the round entry's model changes,
``SharedRound.write`` stores the parts that changed through the page's
:class:`PartsRoad` (a :class:`~jolly_scorer.store.protocol.RoundPartsStore`,
so the shared round neither knows nor minds), and once the batch is written
:meth:`PartsRoad.tell` tells the other pages, once, through the app's
pubsub. Renaming players (``AppState``) and throwing a round away write
through here too; a ``tell`` with nothing written since the last one says
nothing, so a caller that tells again (the screen, after a write) costs no
second message.

The store is read at each call (the app may swap it: a store gone and
opened again, a test's flaky store).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Concatenate, ParamSpec, TypeVar

from jolly_scorer.store.protocol import GameStore, RoundPartsStore

__all__ = ["PartsRoad"]

P = ParamSpec("P")
R = TypeVar("R")


def _read(
    method: Callable[Concatenate[Any, P], R],
) -> Callable[Concatenate[PartsRoad, P], R]:
    """A read, passed on to the store (the protocol's signature)."""
    name = method.__name__

    def read(self: PartsRoad, /, *args: P.args, **kwargs: P.kwargs) -> R:
        answer: R = getattr(self._store(), name)(*args, **kwargs)
        return answer

    read.__name__ = read.__qualname__ = name
    read.__doc__ = method.__doc__
    return read


def _write(
    method: Callable[Concatenate[Any, P], R],
    *,
    parts: bool = True,
) -> Callable[Concatenate[PartsRoad, P], R]:
    """A write, passed on to the store; ``parts``: the other pages are to
    hear of it (:meth:`PartsRoad.tell`)."""
    name = method.__name__

    def write(self: PartsRoad, /, *args: P.args, **kwargs: P.kwargs) -> R:
        answer: R = getattr(self._store(), name)(*args, **kwargs)
        if parts:
            self.untold = True
        return answer

    write.__name__ = write.__qualname__ = name
    write.__doc__ = method.__doc__
    return write


class PartsRoad:
    """The seat parts of the page's game as it reads and writes them."""

    def __init__(
        self, store: Callable[[], GameStore], tell: Callable[[int], None]
    ) -> None:
        #: the page's store, at each call
        self._store = store
        #: tells the other pages that round ``number``'s parts changed
        self._tell = tell
        #: parts were written since the other pages were last told
        self.untold = False

    load_game = _read(RoundPartsStore.load_game)
    revision = _read(RoundPartsStore.revision)
    load_draft = _read(RoundPartsStore.load_draft)
    load_seat_parts = _read(RoundPartsStore.load_seat_parts)
    seat_parts_version = _read(RoundPartsStore.seat_parts_version)

    save_seat_part = _write(RoundPartsStore.save_seat_part)
    replace_seat_parts = _write(RoundPartsStore.replace_seat_parts)
    clear_seat_parts = _write(RoundPartsStore.clear_seat_parts)
    save_draft = _write(RoundPartsStore.save_draft, parts=False)  # this page's
    clear_draft = _write(RoundPartsStore.clear_draft, parts=False)

    def tell(self, number: int) -> None:
        """Tell the other pages that parts of round ``number`` were written
        (nothing written since they were last told: nothing to say)."""
        if self.untold:
            self.untold = False
            self._tell(number)


def _answers(road: PartsRoad) -> RoundPartsStore:
    """(Never called: mypy checks here that the road is a RoundPartsStore.)"""
    return road
