"""Round entry on a phone: a horizontal swipe on the player shown moves to the
next player (to the left) or the previous one (to the right).

The strip of players above stays for a direct choice. A swipe counts when the
finger travelled far enough sideways or left fast; vertical moves still
scroll, and taps inside the panel are taps.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

import flet as ft

__all__ = ["MIN_DISTANCE", "MIN_SPEED", "swipe_step", "swipeable"]

#: logical pixels sideways, or pixels per second at the end of the move
MIN_DISTANCE = 60.0
MIN_SPEED = 400.0

_STARTS: weakref.WeakKeyDictionary[Any, float] = weakref.WeakKeyDictionary()


def swipe_step(distance: float | None, speed: float | None) -> int:
    """``1`` (next player), ``-1`` (previous) or ``0`` (not a swipe) for a
    sideways move of ``distance`` pixels ending at ``speed`` pixels/second
    (negative: to the left).

    >>> swipe_step(-120, 0), swipe_step(90, 0), swipe_step(-20, -900)
    (1, -1, 1)
    >>> swipe_step(30, 100), swipe_step(None, None)
    (0, 0)
    """
    if distance is not None and abs(distance) >= MIN_DISTANCE:
        return 1 if distance < 0 else -1
    if speed is not None and abs(speed) >= MIN_SPEED:
        return 1 if speed < 0 else -1
    return 0


def swipeable(
    owner: Any, content: ft.Control, on_step: Callable[[int], Any]
) -> ft.Control:
    """``content`` (one player's panel) that ``on_step(±1)`` on a swipe;
    ``owner``: the screen's model (keeps where the finger went down)."""

    def start(e: ft.DragStartEvent[ft.GestureDetector]) -> None:
        _STARTS[owner] = e.local_position.x

    def end(e: ft.DragEndEvent[ft.GestureDetector]) -> None:
        began = _STARTS.pop(owner, None)
        distance = None if began is None else e.local_position.x - began
        step = swipe_step(distance, e.primary_velocity)
        if step:
            on_step(step)

    return ft.GestureDetector(
        content=content,
        on_horizontal_drag_start=start,
        on_horizontal_drag_end=end,
    )
