"""Whole numbers typed by a person, parsed strictly.

Only ASCII digits count: ``-5``, ``1e9``, ``3.5``, ``abc``, ``²`` and ``①`` are
refused, never read as something else. The caller shows the message beside
the field and changes nothing.
"""

from __future__ import annotations

from jolly_scorer.i18n import N_

__all__ = ["MAX_DIGITS", "NumberError", "parse_whole_number"]

#: Longest number a field accepts (10^9 is the engine's largest whole number).
MAX_DIGITS = 10


class NumberError(ValueError):
    """A field's text is not a whole number in range; ``message`` is English
    source text for the translator: show it as
    ``t(error.message, minimum=error.minimum, maximum=error.maximum)``."""

    def __init__(self, message: str, minimum: int, maximum: int) -> None:
        super().__init__(message)
        self.message = message
        self.minimum = minimum
        self.maximum = maximum


def parse_whole_number(
    text: str, *, minimum: int = 0, maximum: int = 10**9, empty: int | None = None
) -> int:
    """The whole number in ``text`` (surrounding spaces allowed).

    ``empty`` is the value of an empty field; ``None`` refuses it.

    >>> parse_whole_number(" 42 ")
    42
    >>> parse_whole_number("", empty=0)
    0
    >>> parse_whole_number("-5")
    Traceback (most recent call last):
    ...
    jolly_scorer.ui.models.numbers.NumberError: Enter a whole number (digits 0-9 only)
    >>> parse_whole_number("²")
    Traceback (most recent call last):
    ...
    jolly_scorer.ui.models.numbers.NumberError: Enter a whole number (digits 0-9 only)
    >>> parse_whole_number("2000000000")
    Traceback (most recent call last):
    ...
    jolly_scorer.ui.models.numbers.NumberError: At most {maximum}
    """
    stripped = text.strip()
    if stripped == "":
        if empty is None:
            raise NumberError(N_("Enter a number"), minimum, maximum)
        return empty
    if not (stripped.isascii() and stripped.isdigit()):
        raise NumberError(
            N_("Enter a whole number (digits 0-9 only)"), minimum, maximum
        )
    if len(stripped) > MAX_DIGITS or int(stripped) > maximum:
        raise NumberError(N_("At most {maximum}"), minimum, maximum)
    value = int(stripped)
    if value < minimum:
        raise NumberError(N_("At least {minimum}"), minimum, maximum)
    return value
