"""The user's display settings, as one small frozen value.

Views receive a :class:`UiSettings` and only read it; the app replaces it (and stores
each field with ``store.set_setting``) when the user changes a setting.
"""

from __future__ import annotations

import contextlib
import dataclasses
import locale
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

Theme = Literal["system", "light", "dark"]

LANGUAGES: tuple[str, ...] = ("de", "fi", "en")
THEMES: tuple[Theme, ...] = ("system", "light", "dark")

#: The keys under which each field is kept with ``store.set_setting``.
SETTING_KEYS: tuple[str, ...] = (
    "language",
    "theme",
    "four_colour",
    "large_cards",
    "default_rules",
    "saved_rules",
)


def system_language(env: Mapping[str, str] | None = None) -> str:
    """The user's language from the environment: ``"de"``, ``"fi"`` or ``"en"``.

    >>> system_language({"LANG": "fi_FI.UTF-8"})
    'fi'
    >>> system_language({"LC_ALL": "de_AT.UTF-8", "LANG": "en_US"})
    'de'
    >>> system_language({"LANG": "fr_FR"})
    'en'
    """
    values = os.environ if env is None else env
    candidates = [values.get(k, "") for k in ("LC_ALL", "LC_MESSAGES", "LANG")]
    if env is None:
        with contextlib.suppress(ValueError):
            candidates.append(locale.getlocale()[0] or "")
    for value in candidates:
        code = value.split(".")[0].split("_")[0].split("-")[0].lower()
        if code in LANGUAGES:
            return code
        if value:
            break
    return "en"


@dataclass(frozen=True, slots=True)
class UiSettings:
    """How the app looks and which rules a new game starts from.

    Attributes:
        language: ``"de"``, ``"fi"`` or ``"en"``.
        theme: ``"system"``, ``"light"`` or ``"dark"``.
        four_colour: show the four suits in four colours (clubs green, diamonds blue).
        large_cards: draw card chips and the card picker larger.
        default_rules: a preset id (``"jolly_at"``) or a rules object
            (``{"base": "rommi_fi", "opening_min": 30}``) for new games.
        saved_rules: the house rules saved from the new-game screen (a rules
            object), offered in the settings next to the presets.

    >>> UiSettings().replace(language="fi").language
    'fi'
    >>> UiSettings().replace(theme="pink")
    Traceback (most recent call last):
    ...
    ValueError: unknown theme: 'pink'
    """

    language: str = "en"
    theme: Theme = "system"
    four_colour: bool = False
    large_cards: bool = False
    default_rules: dict[str, Any] | str = field(default="jolly_at")
    saved_rules: dict[str, Any] | None = None

    def __post_init__(self) -> None:
        if self.language not in LANGUAGES:
            raise ValueError(f"unknown language: {self.language!r}")
        if self.theme not in THEMES:
            raise ValueError(f"unknown theme: {self.theme!r}")

    def replace(self, **changes: Any) -> UiSettings:
        """A copy with some fields changed (validated like the constructor)."""
        return dataclasses.replace(self, **changes)

    @classmethod
    def load(
        cls, get: Callable[[str, Any], Any], language: str | None = None
    ) -> UiSettings:
        """Read the settings through ``get(key, default)`` (``store.get_setting``).

        Values that are missing or unusable fall back to the defaults; the language
        falls back to ``language`` or the system's.

        >>> UiSettings.load(lambda k, d: {"theme": "dark"}.get(k, d), "de").theme
        'dark'
        """
        default = cls(language=language or system_language())
        result = default
        for key in SETTING_KEYS:
            value = get(key, getattr(default, key))
            try:
                result = result.replace(**{key: _coerce(key, value)})
            except (TypeError, ValueError):
                continue
        return result

    def items(self) -> dict[str, Any]:
        """The fields as a dict, in the form ``store.set_setting`` keeps them."""
        return {key: getattr(self, key) for key in SETTING_KEYS}


def _coerce(key: str, value: Any) -> Any:
    if key in ("four_colour", "large_cards"):
        if not isinstance(value, bool):
            raise TypeError(key)
        return value
    if key == "saved_rules":
        if value is None or isinstance(value, dict):
            return value
        raise TypeError(key)
    if key == "default_rules":
        if isinstance(value, str | dict):
            return value
        raise TypeError(key)
    if not isinstance(value, str):
        raise TypeError(key)
    return value
