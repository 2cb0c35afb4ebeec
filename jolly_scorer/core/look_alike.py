"""Names that look alike: "Аnna" (with a Cyrillic А) beside "Anna", or a
fullwidth "Ｌea" beside "Lea", are different players to the program and the
same name on a score sheet.

:func:`skeleton` follows the idea of Unicode's confusable skeletons (UTS #39,
section 4): compatibility forms are unfolded (NFKD: fullwidth and
mathematical letters, ligatures, ``ſ``), then each character that is drawn
like another is replaced by it, from a table of the common cases: the
Cyrillic, Greek and Armenian letters drawn as Latin ones, and ``I``/``l``/
``1``, ``O``/``0``, ``rn``/``m``. Case is ignored, as for the same player
(:func:`jolly_scorer.core.names.name_key`); accents are kept ("Léa" and
"Lea" are told apart on a score sheet).

>>> skeleton("Аnna") == skeleton("Anna")
True
>>> skeleton("Ｌea") == skeleton("Lea")
True
>>> look_alike("Веn", ["Anna", "Ben"])
'Ben'
>>> look_alike("Léa", ["Lea"]) is None
True
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from jolly_scorer.core.names import name_key

__all__ = ["look_alike", "skeleton"]

# Each character drawn like a Latin letter or digit (UTS #39 confusables.txt,
# the letters of scripts a keyboard offers beside Latin). Letters with marks
# (ё, ї) need no entry: NFKD has split the mark off before.
_DRAWN_AS = str.maketrans(
    {
        # Cyrillic
        "а": "a", "в": "b", "е": "e", "г": "r", "һ": "h", "і": "i",
        "ј": "j", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p",
        "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "ԁ": "d", "ԛ": "q",
        "ԝ": "w", "ӏ": "l", "ь": "b", "п": "n", "ѡ": "w",
        "А": "A", "В": "B", "Е": "E", "Н": "H", "І": "l",
        "Ј": "J", "К": "K", "М": "M", "О": "O", "Р": "P", "С": "C", "Т": "T",
        "У": "Y", "Х": "X", "Ѕ": "S", "Ԁ": "d", "Ԛ": "Q", "Ԝ": "W", "Ӏ": "l",
        "З": "3", "Ь": "b",
        # Greek
        "α": "a", "β": "b", "γ": "y", "ε": "e", "ι": "i", "κ": "k", "ν": "v",
        "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ω": "w",
        "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "l", "Κ": "K",
        "Μ": "M", "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
        # Armenian
        "օ": "o", "ս": "u", "ց": "g", "հ": "h", "ո": "n", "զ": "q",
        # Latin drawn like other Latin letters and digits
        "ı": "i", "ɑ": "a", "ɡ": "g", "ʟ": "L", "I": "l", "1": "l", "|": "l",
        "0": "O",
    }
)  # fmt: skip


def skeleton(name: str) -> str:
    """What ``name`` looks like: equal skeletons, names that look alike."""
    text = unicodedata.normalize("NFKD", " ".join(name.split()))
    drawn = unicodedata.normalize("NFKD", text.translate(_DRAWN_AS)).casefold()
    return unicodedata.normalize("NFC", drawn.replace("rn", "m"))


def look_alike(name: str, others: Iterable[str]) -> str | None:
    """The first of ``others`` that looks like ``name`` without being the
    same player (that is a duplicate, refused elsewhere), else None."""
    if not name.strip():
        return None
    key = name_key(name)
    drawn = skeleton(name)
    for other in others:
        if other.strip() and name_key(other) != key and skeleton(other) == drawn:
            return other
    return None
