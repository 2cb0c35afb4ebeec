"""What a model works out from its state, kept while the state is unchanged.

A redraw of the round entry asks the round's problems and its preview of the
scores a dozen times (the Save bar, the strip, each hand, the watch of what
changed); each answer scores the whole round. :func:`worked_out` keeps the
answer with a *copy* of the state it was worked out from (every attribute
but the caches, as plain values: :func:`frozen`) and works it out again
as soon as anything differs. No list of what an answer depends on: a field
added tomorrow is in the state too (a stale answer is a wrong score that
looks right).

>>> class Sum:
...     def __init__(self):
...         self.values = [1, 2]
...     def total(self):
...         return worked_out(self, "total", lambda: sum(self.values))
>>> s = Sum()
>>> s.total()
3
>>> s.values.append(4)  # changed in place: worked out again
>>> s.total()
7
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Mapping
from typing import Any, TypeVar

__all__ = ["CACHE", "frozen", "state", "worked_out"]

T = TypeVar("T")

#: the attribute holding an object's answers (not part of its state)
CACHE = "_worked_out"


def frozen(value: Any) -> Hashable:
    """``value`` as a value that a later change in place cannot alter
    (dicts, lists and sets that change in place are copied as tuples)."""
    kind = _KINDS.get(type(value))
    if kind is None:
        kind = _KINDS[type(value)] = _kind(type(value))
    if kind is _PLAIN:
        return value  # type: ignore[no-any-return]  # (hashable or compared)
    if kind is _MAP:
        return tuple(sorted(((repr(k), frozen(v)) for k, v in value.items())))
    if kind is _SEQ:
        return tuple(frozen(v) for v in value)
    if kind is _SET:
        return tuple(sorted(repr(v) for v in value))
    return (type(value).__name__, *(frozen(getattr(value, f)) for f in kind))


#: how :func:`frozen` copies a value of each type (worked out once per type)
_PLAIN, _MAP, _SEQ, _SET = ("plain",), ("map",), ("seq",), ("set",)
_KINDS: dict[type, tuple[str, ...]] = {}


def _kind(cls: type) -> tuple[str, ...]:
    """:data:`_PLAIN` (kept as it is: immutable, or a frozen dataclass),
    :data:`_MAP`, :data:`_SEQ`, :data:`_SET`, or a mutable dataclass's
    field names."""
    if issubclass(cls, Mapping):
        return _MAP
    if issubclass(cls, (list, tuple)):
        return _SEQ
    if issubclass(cls, (set, frozenset)):
        return _SET
    if dataclasses.is_dataclass(cls):
        params = getattr(cls, "__dataclass_params__", None)
        if params is not None and params.frozen:
            return _PLAIN
        return tuple(f.name for f in dataclasses.fields(cls))
    return _PLAIN


def state(owner: Any, caches: frozenset[str] = frozenset()) -> Hashable:
    """Every attribute of ``owner`` but its caches (``caches``, names
    starting with ``_`` listed there, and :data:`CACHE`), frozen."""
    return frozen(
        {k: v for k, v in vars(owner).items() if k != CACHE and k not in caches}
    )


def worked_out(
    owner: Any,
    name: str,
    work: Callable[[], T],
    caches: frozenset[str] = frozenset(),
) -> T:
    """``work()``, or its answer from before while ``owner``'s state (all
    its attributes but ``caches``) is what it was then."""
    now = state(owner, caches)
    kept: dict[str, tuple[Hashable, Any]] = owner.__dict__.setdefault(CACHE, {})
    last = kept.get(name)
    if last is not None and last[0] == now:
        answer: T = last[1]
        return answer
    answer = work()
    kept[name] = (now, answer)
    return answer
