"""What a meld may be: sizes and the joker rules, one table for the validator
(:mod:`~jolly_scorer.core.melds`) and the arranger.

>>> from jolly_scorer.core.rules import find_rules
>>> fi = meld_rules(find_rules("rommi_fi"))
>>> fi.joker_reason(naturals=1, jokers=2)
'a meld may not hold more jokers than natural cards'
>>> fi.allows(2, 2), fi.allows(0, 3)
(True, False)
"""

from __future__ import annotations

from jolly_scorer.core.values import Frozen

TYPE_CHECKING = False
if TYPE_CHECKING:
    from jolly_scorer.core.rules import Rules

__all__ = ["GROUP_MAX", "MIN_CARDS", "RUN_MAX", "MeldRules", "meld_rules"]

MIN_CARDS = 3
"""A meld has at least three cards."""
GROUP_MAX = 4
"""A group has at most four cards, one of each suit."""
RUN_MAX = 14
"""A run has at most fourteen cards (ace to ace, where the rules allow it)."""


class MeldRules(Frozen):
    """The joker rules of one meld, read from the rules once.

    ``min_naturals``: the natural cards a meld needs (at least one: a meld of
    jokers only is never one); ``at_most_naturals``: no more jokers than
    natural cards; ``per_meld`` and ``per_group``: the most jokers in a meld
    and in a group (None: no limit). ``ok[naturals][jokers]`` is
    :meth:`allows` as a table for the arranger's search.
    """

    __slots__ = ("min_naturals", "at_most_naturals", "per_meld", "per_group", "ok")
    min_naturals: int
    at_most_naturals: bool
    per_meld: int | None
    per_group: int | None
    ok: tuple[tuple[bool, ...], ...]

    def __init__(self, rules: Rules) -> None:
        self._init(
            min_naturals=max(1, rules.min_naturals),
            at_most_naturals=rules.jokers_at_most_naturals,
            per_meld=rules.max_jokers_per_meld,
            per_group=rules.max_jokers_in_group,
        )
        table = tuple(
            tuple(self.allows(n, j) for j in range(RUN_MAX + 1))
            for n in range(RUN_MAX + 1)
        )
        self._init(ok=table)

    def joker_reason(self, naturals: int, jokers: int) -> str | None:
        """Why a meld of so many natural cards and jokers breaks the joker
        rules (for people), or None."""
        if naturals < self.min_naturals:
            return f"a meld needs at least {self.min_naturals} natural cards"
        if self.at_most_naturals and jokers > naturals:
            return "a meld may not hold more jokers than natural cards"
        if self.per_meld is not None and jokers > self.per_meld:
            return f"a meld may hold at most {self.per_meld} jokers"
        return None

    def allows(self, naturals: int, jokers: int) -> bool:
        """Whether a meld may hold so many natural cards and jokers."""
        return self.joker_reason(naturals, jokers) is None

    def group_allows(self, jokers: int) -> bool:
        """Whether a group may hold so many jokers (besides :meth:`allows`)."""
        return self.per_group is None or jokers <= self.per_group


# Kept by the identity of the rules value (hashing rules reads every knob);
# each entry holds its rules, so the id cannot be reused meanwhile. Bounded,
# and the values are immutable.
_CACHE: dict[int, tuple[Rules, MeldRules]] = {}


def meld_rules(rules: Rules) -> MeldRules:
    """The meld table of ``rules``."""
    entry = _CACHE.get(id(rules))
    if entry is not None and entry[0] is rules:
        return entry[1]
    if len(_CACHE) >= 64:
        _CACHE.clear()
    found = MeldRules(rules)
    _CACHE[id(rules)] = (rules, found)
    return found
