"""A light base for the engine's immutable value types.

The command line must start fast, and ``dataclasses`` with ``typing`` cost more
at import than the whole of ``jolly-scorer check``; so the types on that path
derive from :class:`Frozen`: slots, equality and hashing by value, a readable
``repr``, no assignment after ``__init__``.

>>> class Point(Frozen):
...     __slots__ = ("x", "y")
...     def __init__(self, x: int, y: int) -> None:
...         self._init(x=x, y=y)
>>> p = Point(1, 2)
>>> p == Point(1, 2), p
(True, Point(x=1, y=2))
>>> p.x = 5
Traceback (most recent call last):
...
AttributeError: Point is immutable: cannot set 'x'
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Self


class Frozen:
    """Slots, value equality and hashing, no assignment after ``__init__``."""

    __slots__: tuple[str, ...] = ()

    def _init(self, **values: Any) -> None:
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def _replace(self, **changes: Any) -> Self:
        """A copy with some fields changed (no checks)."""
        copy = object.__new__(type(self))
        for name in self.__slots__:
            object.__setattr__(copy, name, changes.get(name, getattr(self, name)))
        return copy

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(
            f"{type(self).__name__} is immutable: cannot delete {name!r}"
        )

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Frozen)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        fields = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__slots__)
        return f"{type(self).__name__}({fields})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self._values()))


def _rebuild(cls: type[Frozen], values: tuple[Any, ...]) -> Frozen:
    obj = object.__new__(cls)
    for name, value in zip(cls.__slots__, values, strict=True):
        object.__setattr__(obj, name, value)
    return obj
