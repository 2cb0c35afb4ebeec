"""A page's controls kept between its redraws by what they show.

At a table of twelve phones every saved round redraws each phone's
scoreboard. A control that shows the same as last time (the top bar, the
table's names, the legend, the export buttons) is then the very control of
the last redraw: Flet does not compare or send a control it sent before, so
a saved round costs each page only what changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

import flet as ft

C = TypeVar("C", bound=ft.Control)


class KeptParts:
    """Named controls with the inputs they were built from.

    Each name stands for one place on the page (a control is never in two
    places), so a page keeps at most one control per name.

    >>> kept = KeptParts()
    >>> a = kept("title", ("en", 3), lambda: ft.Text("Round 3"))
    >>> kept("title", ("en", 3), lambda: ft.Text("Round 3")) is a
    True
    >>> kept("title", ("en", 4), lambda: ft.Text("Round 4")).value
    'Round 4'
    """

    def __init__(self) -> None:
        self._last: dict[str, tuple[tuple[object, ...], ft.Control]] = {}

    def __call__(
        self, name: str, inputs: tuple[object, ...], build: Callable[[], C]
    ) -> C:
        """The control ``name`` of the last redraw when it was built from
        equal ``inputs`` (everything it shows and every handler's target),
        else a new one from ``build`` (kept for the next redraw)."""
        last = self._last.get(name)
        if last is not None and last[0] == inputs:
            return last[1]  # type: ignore[return-value]
        made = build()
        self._last[name] = (inputs, made)
        return made

    def clear(self) -> None:
        self._last.clear()


def built_anew(name: str, inputs: tuple[object, ...], build: Callable[[], C]) -> C:
    """A page that keeps nothing: every control is built again."""
    return build()


class Keep(Protocol):
    """What the parts of a board take: :class:`KeptParts` or :func:`built_anew`."""

    def __call__(
        self, name: str, inputs: tuple[object, ...], build: Callable[[], C]
    ) -> C: ...
