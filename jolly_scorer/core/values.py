"""A light base for the engine's immutable value types.

The command line must start fast: ``jolly-scorer check`` takes at most 4 times
a bare ``python -c pass``. The types on its path (cards, rules, melds) derive
from :class:`Frozen` (slots, equality and hashing by value, a readable
``repr``, no assignment after ``__init__``) and :class:`Choice` (a cheap
``StrEnum``). Measured (issue 9, same run, loaded 2-core machine): check with
these types 2.6-2.7 times ``python -c pass``; the same types as frozen slotted
dataclasses and ``StrEnum`` 4.5-4.9 times (``dataclasses`` alone pulls in
``inspect``, about 20 ms). Every other value type of the core, off that path,
is a frozen slotted dataclass.

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
    from collections.abc import Iterator
    from typing import Any, ClassVar, Self


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


class _ChoiceMeta(type):
    """Makes the names listed in ``_choices`` members; ``Cls(value)`` looks one up."""

    _members: tuple[Any, ...]
    _by_value: dict[str, Any]
    _names: dict[str, str]

    def __new__(
        mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any]
    ) -> _ChoiceMeta:
        cls = super().__new__(mcs, name, bases, namespace)
        choices: dict[str, str] = namespace.get("_choices", {})
        make: Any = str.__new__
        members = {name: make(cls, value) for name, value in choices.items()}
        for member_name, member in members.items():
            type.__setattr__(cls, member_name, member)
        cls._members = tuple(members.values())
        cls._by_value = {choices[n]: m for n, m in members.items()}
        cls._names = {value: name for name, value in choices.items()}
        return cls

    def __call__(cls, value: object) -> Any:
        try:
            return cls._by_value[value]  # type: ignore[index]
        except (KeyError, TypeError):
            raise ValueError(f"{value!r} is not a valid {cls.__name__}") from None

    def __iter__(cls) -> Iterator[Any]:
        return iter(cls._members)

    def __len__(cls) -> int:
        return len(cls._members)

    def __contains__(cls, value: object) -> bool:
        return value in cls._by_value


class Choice(str, metaclass=_ChoiceMeta):
    """A closed set of strings, like ``enum.StrEnum`` but cheap to import.

    Subclasses list their members in ``_choices`` (name: value) and declare each
    as ``NAME: ClassVar[Subclass]`` for the type checker.

    >>> from typing import ClassVar
    >>> class Colour(Choice):
    ...     RED: ClassVar[Colour]
    ...     _choices = {"RED": "r"}
    >>> Colour.RED, Colour("r") is Colour.RED, str(Colour.RED), list(Colour)
    (<Colour.RED: 'r'>, True, 'r', [<Colour.RED: 'r'>])
    """

    __slots__ = ()
    _choices: ClassVar[dict[str, str]] = {}

    @property
    def value(self) -> str:
        """The member's value (its notation)."""
        return str.__str__(self)

    @property
    def name(self) -> str:
        """The member's name, e.g. ``ACE``."""
        return type(self)._names[self.value]

    def __str__(self) -> str:
        return str.__str__(self)

    def __repr__(self) -> str:
        return f"<{type(self).__name__}.{self.name}: {self.value!r}>"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.value,))

    def __deepcopy__(self, memo: object) -> Choice:
        return self

    def __copy__(self) -> Choice:
        return self


WHOLE_MAX = 1_000_000_000
"""The largest whole number a rules knob or a counted score may be."""


def as_whole(value: object, low: int = 0, high: int = WHOLE_MAX) -> int | None:
    """``value`` as a whole number in ``low..high``, else None (``true`` is not 1).

    >>> as_whole(500), as_whole(500.0), as_whole(0.5), as_whole(True), as_whole(10**20)
    (500, 500, None, None, None)
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, float) and value.is_integer() and abs(value) <= high:
        value = int(value)
    if not isinstance(value, int) or not low <= value <= high:
        return None
    return value


def is_text(value: object) -> bool:
    """Whether ``value`` is a string that can be written out (valid Unicode).

    >>> is_text("Jürgen"), is_text("\\ud800"), is_text(5)
    (True, False, False)
    """
    if not isinstance(value, str):
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
