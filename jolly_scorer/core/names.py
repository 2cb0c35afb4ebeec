"""Player names: one rule for what a name may be and when two names are the same.

A name is cleaned before it is used anywhere (a new game, a rename, an imported
game file, the command line): Unicode NFC, spaces trimmed, inner runs of white
space collapsed to one space. A name holding a control or format character
(a newline, NUL, a zero-width space, a right-to-left override), or longer than
:data:`MAX_NAME_LENGTH` characters, is refused. Two names are the same player
when their :func:`name_key` is equal: case is ignored ("Anna" and "anna").

>>> clean_name("  Anna   Maria ")
'Anna Maria'
>>> clean_name("Ann\\u0065\\u0301") == "Ann\\u00e9"
True
>>> name_key("ANNA") == name_key("anna")
True
>>> clean_name("Anna\\u202e")
Traceback (most recent call last):
...
jolly_scorer.core.names.InvalidName: a name may not hold invisible characters (U+202E)
"""

from __future__ import annotations

import unicodedata

from jolly_scorer.core.errors import JollyError

__all__ = ["MAX_NAME_LENGTH", "InvalidName", "clean_name", "name_key"]

MAX_NAME_LENGTH = 40
"""The most characters a player's name may have (after cleaning)."""

# Control (Cc), format (Cf: zero-width space, bidi overrides), line and
# paragraph separators, private use and unpaired surrogates.
_REFUSED = frozenset({"Cc", "Cf", "Zl", "Zp", "Co", "Cs"})


class InvalidName(JollyError):
    """A name that cannot be a player's; ``reason`` is ``"empty"``,
    ``"too_long"`` or ``"control"`` (for the UI's message in the user's language)."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


def clean_name(text: str) -> str:
    """The name as kept: NFC, trimmed, inner white space collapsed; or
    :class:`InvalidName`.

    >>> clean_name("Ben\\u00a0 Ben")
    'Ben Ben'
    >>> clean_name(" \\u3000 ")
    Traceback (most recent call last):
    ...
    jolly_scorer.core.names.InvalidName: a player needs a name
    >>> clean_name("x" * 41)
    Traceback (most recent call last):
    ...
    jolly_scorer.core.names.InvalidName: a name has at most 40 characters, this one 41
    """
    if not isinstance(text, str):
        raise InvalidName(f"{text!r} is not a player's name", "control")
    for char in text:
        category = unicodedata.category(char)
        if category in _REFUSED:
            raise InvalidName(
                f"a name may not hold invisible characters (U+{ord(char):04X})",
                "control",
            )
    name = " ".join(unicodedata.normalize("NFC", text).split())
    if not name:
        raise InvalidName("a player needs a name", "empty")
    if len(name) > MAX_NAME_LENGTH:
        # the length only: a name of a million characters is not printed
        raise InvalidName(
            f"a name has at most {MAX_NAME_LENGTH} characters, this one {len(name)}",
            "too_long",
        )
    return name


def name_key(name: str) -> str:
    """What makes two names the same player: the clean name, case ignored.

    >>> name_key(" Jürgen ") == name_key("JÜRGEN")
    True
    """
    return unicodedata.normalize(
        "NFC", " ".join(unicodedata.normalize("NFC", name).split()).casefold()
    )
