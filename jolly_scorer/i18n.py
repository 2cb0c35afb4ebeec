"""Translations for the app: German (Austrian game terms), Finnish, English.

English is the source language: code writes English text and the catalogs
``jolly_scorer/locales/<lang>/LC_MESSAGES/messages.po`` map it to other
languages. The ``.po`` files are read at runtime (no compile step).

Using it in a screen::

    t = Translator("de")                      # or Translator() for the system
    t("Save")                                 # -> "Speichern"
    t("Rename {name}", name="Anna")           # str.format placeholders
    t.plural("{n} round", "{n} rounds", 3)    # -> "3 Runden" (n is passed)
    t.number(1234.5)                          # -> "1.234,5"

Only literal strings are found by the extractor, so write ``t("Hello {name}",
name=x)``, never ``t(f"Hello {x}")``. For text defined at import time (tables,
constants) mark it with ``N_("...")`` and translate it later with ``t(text)``.

Adding a string:

1. Write ``t("New text")`` (or ``N_``/``t.plural``) in any ``jolly_scorer/ui``
   module.
2. Run ``uv run python -m jolly_scorer.i18n``: it extracts every marked
   string and adds the new ones (with an empty translation) to every catalog.
3. Fill in ``msgstr`` in ``locales/de/...`` and ``locales/fi/...`` (English may
   stay empty: an empty ``msgstr`` shows the English source).
   ``tests/ui/test_i18n.py`` fails while a German or Finnish translation is missing
   or its ``{placeholders}`` differ from the English ones.
"""

from __future__ import annotations

import gettext
import hashlib
import io
import json
import os
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path

from babel import Locale
from babel.numbers import format_decimal

__all__ = [
    "KEYWORDS",
    "LOCALES_DIR",
    "N_",
    "SOURCE_LANGUAGE",
    "Translator",
    "available_languages",
    "default_language",
    "language_name",
]

LOCALES_DIR = Path(__file__).parent / "locales"
SOURCE_LANGUAGE = "en"
DOMAIN = "messages"
#: Call names the extractor looks for (babel keyword spec).
KEYWORDS: dict[str, tuple[int, ...] | None] = {"t": None, "N_": None, "plural": (1, 2)}


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it now."""
    return message


def _po_path(language: str) -> Path:
    return LOCALES_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def available_languages() -> tuple[str, ...]:
    """Languages with a catalog, sorted: ``('de', 'en', 'fi')``."""
    return tuple(sorted(p.parent.parent.name for p in LOCALES_DIR.glob("*/*/*.po")))


def _normalize(tag: str) -> str | None:
    """``'de_AT.UTF-8'`` -> ``'de'`` when we have it, else None."""
    lang = tag.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return lang if lang in available_languages() else None


def supported_language(tags: Sequence[str | None]) -> str | None:
    """The first of the user's language tags (``'fi-FI'``, ``'de'``) that the app
    speaks, else None.

    >>> supported_language(["sv-SE", "fi-FI", "en-US"]), supported_language(["sv"])
    ('fi', None)
    """
    for tag in tags:
        if tag and (lang := _normalize(tag)):
            return lang
    return None


def default_language(environ: Mapping[str, str] | None = None) -> str:
    """The system language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English.

    >>> default_language({"LANG": "fi_FI.UTF-8"})
    'fi'
    >>> default_language({"LANG": "C.UTF-8"})
    'en'
    """
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for tag in env.get(var, "").split(":"):
            if tag and (lang := _normalize(tag)):
                return lang
    return SOURCE_LANGUAGE


def language_name(language: str) -> str:
    """The language's own name, for a language picker: ``'Deutsch'``, ``'suomi'``."""
    name = Locale.parse(language).get_display_name(language) or language
    return name[:1].upper() + name[1:]


def compiled_path(language: str) -> Path:
    """The catalog read in ahead (:meth:`_Catalog.compiled`) beside the ``.po``:
    written by ``jolly-scorer build-web`` into the phone app only, where
    reading the ``.po`` with babel took 2.5 s of the first start."""
    return _po_path(language).with_suffix(".json")


class _Catalog:
    def __init__(self, language: str) -> None:
        self.messages: dict[str | tuple[str, str], str | tuple[str, ...]] = {}
        self.plural_index: Callable[[int], int] = lambda n: 0 if n == 1 else 1
        self.plural_expr = ""
        path = _po_path(language)
        if not path.exists():
            return
        po = path.read_bytes()
        if self._read_compiled(compiled_path(language), po):
            return
        from babel.messages.pofile import read_po

        catalog = read_po(io.BytesIO(po), locale=language)
        self.plural_expr = catalog.plural_expr
        self.plural_index = gettext.c2py(catalog.plural_expr)
        for msg in catalog:
            if not msg.id or msg.fuzzy:
                continue
            key = msg.id if isinstance(msg.id, str) else (msg.id[0], msg.id[1])
            if isinstance(msg.string, str):
                if msg.string:
                    self.messages[key] = msg.string
            elif msg.string and all(msg.string):
                self.messages[key] = tuple(msg.string)

    def compiled(self, po: bytes) -> str:
        """This catalog as JSON, for the ``.po`` whose bytes are ``po``."""
        messages = [
            [list(k) if isinstance(k, tuple) else k, v]
            for k, v in self.messages.items()
        ]
        return json.dumps(
            {
                "po": hashlib.sha256(po).hexdigest(),
                "plural": self.plural_expr,
                "messages": messages,
            },
            ensure_ascii=False,
        )

    def _read_compiled(self, path: Path, po: bytes) -> bool:
        """Read the compiled catalog if there is one for exactly this ``.po``."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return False
        if data.get("po") != hashlib.sha256(po).hexdigest():
            return False  # another .po's: read the .po
        self.plural_expr = data["plural"]
        self.plural_index = gettext.c2py(self.plural_expr)
        for key, text in data["messages"]:
            k = tuple(key) if isinstance(key, list) else key
            self.messages[k] = tuple(text) if isinstance(text, list) else text
        return True


@cache
def _catalog(language: str) -> _Catalog:
    return _Catalog(language)


class Translator:
    """Translate English source text into one language.

    >>> t = Translator("de")
    >>> t("Save")
    'Speichern'
    >>> t("Rename {name}", name="Anna")
    'Anna umbenennen'
    >>> Translator("fi").plural("{n} round", "{n} rounds", 2)
    '2 kierrosta'
    >>> Translator("en")("Not in any catalog {x}", x=1)
    'Not in any catalog 1'
    """

    def __init__(self, language: str | None = None) -> None:
        lang = _normalize(language) if language else None
        self.language: str = lang or default_language()
        self.locale: Locale = Locale.parse(self.language)
        self._catalog = _catalog(self.language)

    def __repr__(self) -> str:
        return f"Translator({self.language!r})"

    def __eq__(self, other: object) -> bool:
        """Two translators of one language translate alike (a part kept by
        what it was drawn from is kept across a page's translators).

        >>> Translator("de") == Translator("de"), Translator("de") == Translator("fi")
        (True, False)
        """
        return isinstance(other, Translator) and other.language == self.language

    def __hash__(self) -> int:
        return hash((Translator, self.language))

    def __call__(self, message: str, /, **kwargs: object) -> str:
        """Translate ``message`` and fill its ``{placeholders}`` from kwargs."""
        text = self._catalog.messages.get(message, message)
        assert isinstance(text, str)
        return text.format(**kwargs) if kwargs else text

    def plural(self, singular: str, plural: str, n: int, /, **kwargs: object) -> str:
        """Translate by count; ``{n}`` is available in the text."""
        forms = self._catalog.messages.get((singular, plural))
        if isinstance(forms, tuple):
            idx = min(self._catalog.plural_index(n), len(forms) - 1)
            text = forms[idx]
        else:
            text = singular if n == 1 else plural
        return text.format(n=n, **kwargs)

    def number(self, value: float, digits: int | None = None) -> str:
        """Format a number the local way (``1.234,5`` in German).

        >>> Translator("de").number(-1234.5)
        '-1.234,5'
        """
        fmt = None if digits is None else "#,##0." + "0" * digits
        return format_decimal(value, format=fmt, locale=self.locale)


def update_catalogs(root: Path | None = None) -> dict[str, int]:
    """Extract marked strings from the package into every catalog.

    New strings get an empty translation; existing translations are kept;
    strings no longer in the code are kept as obsolete (``#~``) entries.
    Returns the number of untranslated strings per language.
    """
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir
    from babel.messages.pofile import read_po, write_po

    source = root or Path(__file__).parent
    template = Catalog(project="jolly-scorer", fuzzy=False)
    method_map = [("**.py", "python")]
    for filename, lineno, message, comments, _context in extract_from_dir(
        str(source), method_map=method_map, keywords=KEYWORDS
    ):
        template.add(message, None, [(filename, lineno)], auto_comments=comments)

    missing = {}
    for lang in available_languages():
        path = _po_path(lang)
        with path.open("rb") as f:
            catalog = read_po(f, locale=lang)
        template.creation_date = catalog.creation_date  # keep the header stable
        catalog.update(template, no_fuzzy_matching=True)
        with path.open("wb") as f:
            write_po(f, catalog, width=88, omit_header=False, include_lineno=False)
        missing[lang] = sum(
            1
            for m in catalog
            if m.id
            and (not m.string or (isinstance(m.string, tuple) and not all(m.string)))
        )
    _catalog.cache_clear()
    return missing


if __name__ == "__main__":  # uv run python -m jolly_scorer.i18n
    for lang, n in update_catalogs().items():
        print(f"{lang}: {n} untranslated")
