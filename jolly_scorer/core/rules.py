"""Rules as a frozen value: every knob of ``docs/rules.md``, three presets, house rules.

>>> find_rules("rommi_fi").opening_min
40
>>> house_rules({"base": "jolly_at", "opening_min": 40}).opening_min
40
>>> house_rules({"base": "jolly_at", "opening": 40})
Traceback (most recent call last):
...
jolly_scorer.core.errors.RulesError: unknown rules key: 'opening'
"""

from __future__ import annotations

from types import MappingProxyType

from jolly_scorer.core.errors import RulesError
from jolly_scorer.core.values import WHOLE_MAX, Frozen, as_whole, is_text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any, Literal

    Scoring = Literal["plus", "penalty"]

__all__ = [
    "KNOBS",
    "PRESETS",
    "PRESET_IDS",
    "Rules",
    "find_rules",
    "house_rules",
    "resolve_rules",
]

KNOBS: tuple[str, ...] = (
    "jokers",
    "players_min",
    "players_max",
    "hand_size",
    "hand_max",
    "opening_min",
    "opening_waived_going_out",
    "min_naturals",
    "jokers_at_most_naturals",
    "max_jokers_per_meld",
    "max_jokers_in_group",
    "adjacent_jokers",
    "wrap_around",
    "ace_both_ends",
    "ace_low",
    "ace_high",
    "ace_in_group",
    "face_value",
    "penalty_ace",
    "penalty_face",
    "penalty_joker",
    "scoring",
    "closing_bonus",
    "handglatt_bonus",
    "handglatt_multiplier",
    "target",
    "target_inclusive",
    "rounds_limit",
)
_OPTIONAL_INT = (
    "hand_max",
    "max_jokers_per_meld",
    "max_jokers_in_group",
    "rounds_limit",
)
_BOOLS = (
    "opening_waived_going_out",
    "jokers_at_most_naturals",
    "adjacent_jokers",
    "wrap_around",
    "ace_both_ends",
    "target_inclusive",
)
_POSITIVE = (
    "players_min",
    "players_max",
    "hand_size",
    "hand_max",
    "rounds_limit",
    "target",
)


class Rules(Frozen):
    """Every rule knob; their meaning is in ``docs/rules.md`` ("The knobs").

    ``base`` names the preset the rules started from; ``name`` is a label.
    Build rules with :func:`find_rules`, :func:`house_rules` or
    :meth:`Rules.replace`.
    """

    __slots__ = ("base", *KNOBS, "name")
    base: str
    jokers: int
    players_min: int
    players_max: int
    hand_size: int
    hand_max: int | None
    opening_min: int
    opening_waived_going_out: bool
    min_naturals: int
    jokers_at_most_naturals: bool
    max_jokers_per_meld: int | None
    max_jokers_in_group: int | None
    adjacent_jokers: bool
    wrap_around: bool
    ace_both_ends: bool
    ace_low: int
    ace_high: int
    ace_in_group: int
    face_value: int
    penalty_ace: int
    penalty_face: int
    penalty_joker: int
    scoring: Scoring
    closing_bonus: int
    handglatt_bonus: int
    handglatt_multiplier: int
    target: int
    target_inclusive: bool
    rounds_limit: int | None
    name: str | None

    def __init__(self, *, base: str, name: str | None = None, **knobs: Any) -> None:
        missing = [key for key in KNOBS if key not in knobs]
        unknown = [key for key in knobs if key not in KNOBS]
        if missing or unknown:
            raise RulesError(f"rules: missing {missing}, unknown {unknown}")
        self._init(base=base, name=name, **knobs)

    def replace(self, **changes: Any) -> Rules:
        """A copy with some knobs changed (checked like house rules).

        >>> find_rules("jolly_at").replace(jokers=4).jokers
        4
        """
        return house_rules(changes, base=self)

    def to_dict(self) -> dict[str, Any]:
        """The rules object of ``docs/formats.md``: ``base`` plus every knob.

        >>> find_rules("romme_de").to_dict()["penalty_joker"]
        20
        """
        data = {"base": self.base} | {key: getattr(self, key) for key in KNOBS}
        if self.name is not None:
            data["name"] = self.name
        return data

    def overrides(self) -> dict[str, Any]:
        """The knobs that differ from the base preset.

        >>> find_rules("jolly_at").replace(jokers=4).overrides()
        {'jokers': 4}
        """
        preset = PRESETS.get(self.base)
        return {
            key: getattr(self, key)
            for key in KNOBS
            if preset is None or getattr(self, key) != getattr(preset, key)
        }

    @property
    def is_plus(self) -> bool:
        """Plus scoring: good minus bad plus bonus, highest total wins."""
        return self.scoring == "plus"


JOLLY_AT = Rules(
    base="jolly_at",
    jokers=6,
    players_min=2,
    players_max=6,
    hand_size=13,
    hand_max=20,
    opening_min=30,
    opening_waived_going_out=True,
    min_naturals=2,
    jokers_at_most_naturals=False,
    max_jokers_per_meld=None,
    max_jokers_in_group=None,
    adjacent_jokers=False,
    wrap_around=False,
    ace_both_ends=False,
    ace_low=1,
    ace_high=11,
    ace_in_group=25,
    face_value=10,
    penalty_ace=25,
    penalty_face=10,
    penalty_joker=50,
    scoring="plus",
    closing_bonus=30,
    handglatt_bonus=60,
    handglatt_multiplier=2,
    target=500,
    target_inclusive=True,
    rounds_limit=None,
)
ROMMI_FI = JOLLY_AT._replace(
    base="rommi_fi",
    jokers=4,
    hand_max=None,
    opening_min=40,
    min_naturals=1,
    jokers_at_most_naturals=True,
    adjacent_jokers=True,
    ace_in_group=11,
    penalty_ace=11,
    penalty_joker=30,
    scoring="penalty",
    closing_bonus=0,
    handglatt_bonus=0,
    handglatt_multiplier=1,
)
ROMME_DE = JOLLY_AT._replace(
    base="romme_de",
    hand_max=None,
    opening_min=40,
    adjacent_jokers=True,
    ace_in_group=11,
    penalty_ace=11,
    penalty_joker=20,
    scoring="penalty",
    closing_bonus=0,
    handglatt_bonus=0,
    handglatt_multiplier=2,
    target_inclusive=False,
)

PRESETS: Mapping[str, Rules] = MappingProxyType(
    {r.base: r for r in (JOLLY_AT, ROMMI_FI, ROMME_DE)}
)
PRESET_IDS: tuple[str, ...] = tuple(PRESETS)


def find_rules(name: str) -> Rules:
    """The preset with this id.

    >>> find_rules("romme_de").target_inclusive
    False
    >>> find_rules("canasta")
    Traceback (most recent call last):
    ...
    jolly_scorer.core.errors.RulesError: unknown rules preset: 'canasta' (presets: jolly_at, rommi_fi, romme_de)
    """  # noqa: E501
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        raise RulesError(
            f"unknown rules preset: {name!r} (presets: {', '.join(PRESET_IDS)})"
        ) from None


def _check_value(key: str, value: Any) -> Any:
    if key == "scoring":
        if value not in ("plus", "penalty"):
            raise RulesError(
                f"rules key {key!r} must be 'plus' or 'penalty', not {value!r}"
            )
        return value
    if key in _BOOLS:
        if not isinstance(value, bool):
            raise RulesError(f"rules key {key!r} must be true or false, not {value!r}")
        return value
    if value is None and key in _OPTIONAL_INT:
        return None
    low = 1 if key in _POSITIVE else 0
    number = as_whole(value, low)
    if number is None:
        kind = "a whole number" + (" or null" if key in _OPTIONAL_INT else "")
        if isinstance(value, int | float) and not isinstance(value, bool):
            kind = f"a whole number from {low} to {WHOLE_MAX}"
        raise RulesError(f"rules key {key!r} must be {kind}, not {value!r}")
    return number


def house_rules(data: Mapping[str, Any], base: Rules | None = None) -> Rules:
    """Rules from a rules object: ``{"base": preset, knob: value, ...}``.

    Without ``base`` in the object (or the argument) the base is ``jolly_at``.
    An unknown key or a value of the wrong type raises :class:`RulesError`
    naming the key.

    >>> house_rules({"base": "romme_de", "jokers": 4}).jokers
    4
    >>> house_rules({"jokers": "four"})
    Traceback (most recent call last):
    ...
    jolly_scorer.core.errors.RulesError: rules key 'jokers' must be a whole number, not 'four'
    """  # noqa: E501
    if not isinstance(data, dict):
        raise RulesError(f"a rules object must be a mapping, not {data!r}")
    if "base" in data:
        start = find_rules(data["base"])
    else:
        start = base if base is not None else PRESETS["jolly_at"]
    changes: dict[str, Any] = {}
    for key, value in data.items():
        if key == "base":
            continue
        if key == "name":
            if value is not None and not is_text(value):
                raise RulesError(f"rules key 'name' must be text, not {value!r}")
            changes["name"] = value
            continue
        if key not in KNOBS:
            raise RulesError(f"unknown rules key: {key!r}")
        changes[key] = _check_value(key, value)
    rules = start._replace(**changes)
    if rules.players_min > rules.players_max:
        raise RulesError(
            f"rules key 'players_min' ({rules.players_min}) is larger than "
            f"'players_max' ({rules.players_max})"
        )
    return rules


def resolve_rules(spec: str | Mapping[str, Any] | Rules) -> Rules:
    """Rules from a preset id, a rules object or a :class:`Rules` value.

    >>> resolve_rules("rommi_fi") is find_rules("rommi_fi")
    True
    """
    if isinstance(spec, Rules):
        return spec
    if isinstance(spec, str):
        return find_rules(spec)
    return house_rules(spec)
