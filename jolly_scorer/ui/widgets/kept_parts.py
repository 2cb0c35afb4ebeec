"""A page's controls kept between its redraws by what they are drawn from.

At a table of twelve phones every saved round redraws each phone's
scoreboard. A control that shows the same as last time (the top bar, the
table's names, the legend, the export buttons) is then the very control of
the last redraw: Flet does not compare or send a control it sent before, so
a saved round costs each page only what changed.

No list of "what a part shows" is written by hand (one that forgets a field
is a stale screen): a kept part is drawn by a function of its inputs alone,
``keep(name, draw, *inputs)`` calls ``draw(*inputs)``, and the inputs are
what is compared. ``draw`` may not close over anything, and each input is a
value (text, number, a translator, a frozen record, a tuple of them), a
handler (called on a tap, never while drawing), or an object used only by
the part's handlers, named as itself with :class:`Same`.
"""

from __future__ import annotations

import dataclasses
import enum
import types
from collections.abc import Callable, Iterable
from typing import Any, Generic, Protocol, TypeVar

from jolly_scorer.i18n import Translator

C = TypeVar("C")
T = TypeVar("T")

__all__ = ["Keep", "KeptParts", "Same", "built_anew", "check_draw"]


class Same(Generic[T]):
    """An input equal only to itself: the very object. For an object the
    part uses only in its handlers (the page's state, called on a tap, never
    read while drawing), a frozen one better compared by identity than field
    by field (the game and its result), or the page's holder of the kept
    parts inside this one (each drawn from its own inputs).

    >>> state = ["the page's", "state"]
    >>> Same(state) == Same(state), Same(state) == Same(list(state))
    (True, False)
    """

    __slots__ = ("it",)

    def __init__(self, it: T) -> None:
        self.it = it

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Same) and other.it is self.it

    def __hash__(self) -> int:
        return id(self.it)

    def __repr__(self) -> str:
        return f"Same({self.it!r})"


#: the kinds of value an input may be (beside tuples of them, frozen
#: dataclasses, handlers and :class:`Same`)
_VALUES = (str, int, float, bool, type(None), enum.Enum, Translator, frozenset, Same)


def _is_input(value: object) -> bool:
    if isinstance(value, _VALUES):
        return True
    if isinstance(value, tuple):
        return all(_is_input(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        params: Any = getattr(value, "__dataclass_params__", None)
        if params is not None and params.frozen:
            return True
    return callable(value)  # a handler: the part calls it on a tap


def check_draw(name: str, draw: Callable[..., Any], inputs: tuple[object, ...]) -> None:
    """Refuse a part whose drawing could depend on more than its inputs.

    >>> check_draw("title", lambda text: text, ("Round 3",))
    >>> shown = "Round 3"
    >>> def hidden(): return shown
    >>> check_draw("title", lambda: hidden(), ())  # globals are the code's
    >>> def inner():
    ...     text = "Round 3"
    ...     return lambda: text
    >>> check_draw("title", inner(), ())
    Traceback (most recent call last):
    ...
    TypeError: kept part 'title': draw it from its inputs, not 'text'
    >>> check_draw("title", lambda state: 1, (object(),))
    Traceback (most recent call last):
    ...
    TypeError: kept part 'title': input 1 (object) is not a value (Same(...)?)
    """
    code = getattr(draw, "__code__", None)
    if isinstance(draw, types.MethodType) or code is None:
        raise TypeError(f"kept part {name!r}: draw it with a plain function")
    if code.co_name == "<lambda>" and (draw.__defaults__ or draw.__kwdefaults__):
        raise TypeError(f"kept part {name!r}: pass its inputs, not a lambda's defaults")
    if code.co_freevars:
        around = code.co_freevars[0]
        raise TypeError(f"kept part {name!r}: draw it from its inputs, not {around!r}")
    for i, value in enumerate(inputs, 1):
        if not _is_input(value):
            raise TypeError(
                f"kept part {name!r}: input {i} ({type(value).__name__}) is not "
                "a value (Same(...)?)"
            )


class KeptParts:
    """Named controls with the inputs they were drawn from.

    Each name stands for one place on the page (a control is never in two
    places), so a page keeps at most one control per name.

    >>> import flet as ft
    >>> kept = KeptParts()
    >>> def title(n): return ft.Text(f"Round {n}")
    >>> a = kept("title", title, 3)
    >>> kept("title", title, 3) is a
    True
    >>> kept("title", title, 4).value
    'Round 4'
    """

    def __init__(self) -> None:
        self._last: dict[str, tuple[tuple[object, ...], Any]] = {}

    def __call__(self, name: str, draw: Callable[..., C], *inputs: object) -> C:
        """The control ``name`` of the last redraw when it was drawn from
        equal ``inputs``, else ``draw(*inputs)`` (kept for the next redraw)."""
        last = self._last.get(name)
        if last is not None and last[0] == inputs:
            return last[1]  # type: ignore[no-any-return]
        check_draw(name, draw, inputs)
        made = draw(*inputs)
        self._last[name] = (inputs, made)
        return made

    def keep_only(self, names: Iterable[str]) -> None:
        """Drop every part but ``names`` (the places still on the page)."""
        now = set(names)
        for name in [n for n in self._last if n not in now]:
            del self._last[name]

    def clear(self) -> None:
        self._last.clear()


def built_anew(name: str, draw: Callable[..., C], *inputs: object) -> C:
    """A page that keeps nothing: every part is drawn again (and checked as
    a kept one is, so a part that could go stale fails in every test)."""
    check_draw(name, draw, inputs)
    return draw(*inputs)


class Keep(Protocol):
    """What the parts of a board take: :class:`KeptParts` or :func:`built_anew`."""

    def __call__(self, name: str, draw: Callable[..., C], *inputs: object) -> C: ...
