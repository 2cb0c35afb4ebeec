"""Melds: validate, tell run from group, read the jokers, count the good points.

The reading rules of ``docs/formats.md``: if the cards as listed form a valid run in
ascending order, that reading is used; otherwise the engine takes the valid
arrangement worth the most points. A declared joker (``X=6h``) never moves.

>>> from jolly_scorer.core.rules import find_rules
>>> meld = check_meld(parse_cards("5h 6h X"), find_rules("jolly_at"))
>>> meld.type, meld.points, format_cards(meld.cards)
(<MeldType.RUN: 'run'>, 18, '5h 6h X=7h')
>>> check_meld(parse_cards("Kh Kh Ks"), find_rules("jolly_at")).reason
<Reason.DUPLICATE_SUIT: 'duplicate_suit'>
"""

from __future__ import annotations

from jolly_scorer.core.cards import SUITS, Card, Rank, format_cards, rank_number_at
from jolly_scorer.core.meld_rules import GROUP_MAX, MIN_CARDS, RUN_MAX, meld_rules
from jolly_scorer.core.pack import over_the_pack
from jolly_scorer.core.values import Choice, Frozen

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator, Sequence
    from typing import ClassVar, TypeVar

    T = TypeVar("T")

    from jolly_scorer.core.rules import Rules

__all__ = [
    "Meld",
    "MeldType",
    "MeldsVerdict",
    "Reason",
    "check_meld",
    "check_melds",
    "count_copies",
    "meld_readings",
    "position_value",
    "reading_choices",
]


class MeldType(Choice):
    """A run (one suit, consecutive) or a group (one rank, different suits)."""

    RUN: ClassVar[MeldType]
    GROUP: ClassVar[MeldType]
    _choices = {
        "RUN": "run",
        "GROUP": "group",
    }


class Reason(Choice):
    """Why a meld (or several together) is invalid; the codes of ``docs/formats.md``."""

    TOO_FEW_CARDS: ClassVar[Reason]
    JOKER_ONLY: ClassVar[Reason]
    TOO_MANY_JOKERS: ClassVar[Reason]
    DUPLICATE_SUIT: ClassVar[Reason]
    GROUP_TOO_LARGE: ClassVar[Reason]
    MIXED_SUITS: ClassVar[Reason]
    DUPLICATE_RANK: ClassVar[Reason]
    NOT_CONSECUTIVE: ClassVar[Reason]
    OUT_OF_RANGE: ClassVar[Reason]
    WRAP_AROUND: ClassVar[Reason]
    ACE_BOTH_ENDS: ClassVar[Reason]
    ADJACENT_JOKERS: ClassVar[Reason]
    DECLARED_JOKER_MISMATCH: ClassVar[Reason]
    INVALID_COMBINATION: ClassVar[Reason]
    TOO_MANY_COPIES: ClassVar[Reason]
    _choices = {
        "TOO_FEW_CARDS": "too_few_cards",
        "JOKER_ONLY": "joker_only",
        "TOO_MANY_JOKERS": "too_many_jokers",
        "DUPLICATE_SUIT": "duplicate_suit",
        "GROUP_TOO_LARGE": "group_too_large",
        "MIXED_SUITS": "mixed_suits",
        "DUPLICATE_RANK": "duplicate_rank",
        "NOT_CONSECUTIVE": "not_consecutive",
        "OUT_OF_RANGE": "out_of_range",
        "WRAP_AROUND": "wrap_around",
        "ACE_BOTH_ENDS": "ace_both_ends",
        "ADJACENT_JOKERS": "adjacent_jokers",
        "DECLARED_JOKER_MISMATCH": "declared_joker_mismatch",
        "INVALID_COMBINATION": "invalid_combination",
        "TOO_MANY_COPIES": "too_many_copies",
    }


class Meld(Frozen):
    """The verdict on one meld.

    ``cards`` is the arrangement (every joker declared as the card it stands
    for) when valid, else the cards as given; ``order[i]`` is the index in the
    given cards of ``cards[i]`` and ``card_points[i]`` its good points.
    """

    __slots__ = (
        "valid",
        "type",
        "points",
        "cards",
        "order",
        "card_points",
        "reason",
        "message",
    )
    valid: bool
    type: MeldType | None
    points: int | None
    cards: tuple[Card, ...]
    order: tuple[int, ...]
    card_points: tuple[int, ...]
    reason: Reason | None
    message: str | None

    def __init__(
        self,
        valid: bool,
        type: MeldType | None,
        points: int | None,
        cards: tuple[Card, ...],
        order: tuple[int, ...],
        card_points: tuple[int, ...],
        reason: Reason | None = None,
        message: str | None = None,
    ) -> None:
        self._init(
            valid=valid,
            type=type,
            points=points,
            cards=cards,
            order=order,
            card_points=card_points,
            reason=reason,
            message=message,
        )

    def to_json(self) -> dict[str, object]:
        """The meld object of ``jolly-scorer check --json``."""
        return {
            "valid": self.valid,
            "type": None if self.type is None else self.type.value,
            "points": self.points,
            "cards": [str(card) for card in self.cards],
            "reason": None if self.reason is None else self.reason.value,
            "message": self.message,
        }


def position_value(position: int, rules: Rules) -> int:
    """Good points of the card at a run position (1 low ace … 13 king, 14 high ace).

    >>> from jolly_scorer.core.rules import find_rules
    >>> [position_value(p, find_rules("jolly_at")) for p in (1, 5, 12, 14, 15)]
    [1, 5, 10, 11, 2]
    """
    number = rank_number_at(position)
    if number == 1:
        return rules.ace_low if position == 1 else rules.ace_high
    return _rank_value(number, rules)


def _rank_value(number: int, rules: Rules) -> int:
    return rules.face_value if number > 10 else number


def _group_value(rank: Rank, rules: Rules) -> int:
    return rules.ace_in_group if rank is Rank.ACE else _rank_value(rank.number, rules)


def _count(items: Iterable[T]) -> dict[T, int]:
    """How often each item occurs (``collections.Counter`` costs start-up time)."""
    counts: dict[T, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return counts


class _Parts:
    __slots__ = ("naturals", "jokers", "declared")

    def __init__(
        self,
        naturals: tuple[tuple[int, Card], ...],
        jokers: tuple[int, ...],
        declared: tuple[tuple[int, Card], ...],
    ) -> None:
        self.naturals = naturals
        self.jokers = jokers
        self.declared = declared


def _split(cards: Sequence[Card], use_declared: bool = True) -> _Parts:
    naturals: list[tuple[int, Card]] = []
    jokers: list[int] = []
    declared: list[tuple[int, Card]] = []
    for i, card in enumerate(cards):
        if not card.is_joker:
            naturals.append((i, card))
        elif card.stands_for is not None and use_declared:
            declared.append((i, card.stands_for))
        else:
            jokers.append(i)
    return _Parts(tuple(naturals), tuple(jokers), tuple(declared))


def _windows(n: int, wrap: bool, both_ends: bool) -> Iterator[int]:
    """Start positions of runs of ``n`` cards (positions 1..14, or cyclic)."""
    if n > RUN_MAX:
        return
    if n == RUN_MAX:
        if both_ends:
            yield 1
        return
    last = 13 if wrap else 15 - n
    yield from range(1, last + 1)


def _run_at(
    cards: Sequence[Card],
    parts: _Parts,
    start: int,
    rules: Rules,
    adjacent: bool,
    listed: bool,
) -> Meld | None:
    """The run of ``cards`` starting at ``start``, or None if they do not fit.

    With ``listed`` the cards must lie in the given order; otherwise the naturals
    and declared jokers take their places and plain jokers fill the gaps.
    """
    n = len(cards)
    suit = parts.naturals[0][1].suit
    slots: list[int | None] = [None] * n
    if listed:
        for i, card in enumerate(cards):
            target = card.natural
            if target is not None:
                number = rank_number_at(start + i)
                if target.suit is not suit or target.rank is None:
                    return None
                if target.rank.number != number:
                    return None
            slots[i] = i
    else:
        by_number: dict[int, list[int]] = {}
        for offset in range(n):
            by_number.setdefault(rank_number_at(start + offset), []).append(offset)
        fixed = [(i, c) for i, c in parts.naturals] + list(parts.declared)
        for i, card in fixed:
            if card.suit is not suit or card.rank is None:
                return None
            free = [o for o in by_number.get(card.rank.number, ()) if slots[o] is None]
            if not free:
                return None
            slots[free[0]] = i
        joker_iter = iter(parts.jokers)
        for offset in range(n):
            if slots[offset] is None:
                slots[offset] = next(joker_iter)
    order = tuple(i for i in slots if i is not None)
    arranged: list[Card] = []
    values: list[int] = []
    previous_joker = False
    for offset, index in enumerate(order):
        position = start + offset
        card = cards[index]
        if card.is_joker:
            if previous_joker and not adjacent:
                return None
            previous_joker = True
            assert suit is not None
            stands = Card(Rank.from_number(rank_number_at(position)), suit)
            arranged.append(Card.joker(stands))
        else:
            previous_joker = False
            arranged.append(card)
        values.append(position_value(position, rules))
    return Meld(True, MeldType.RUN, sum(values), tuple(arranged), order, tuple(values))


def _runs(
    cards: Sequence[Card],
    parts: _Parts,
    rules: Rules,
    *,
    listed: bool,
    wrap: bool | None = None,
    both_ends: bool | None = None,
    adjacent: bool | None = None,
) -> Iterator[Meld]:
    """The valid runs of ``cards``; ``wrap``, ``both_ends`` and ``adjacent``
    override the rules (to find out which rule a meld breaks)."""
    wrap = rules.wrap_around if wrap is None else wrap
    both_ends = rules.ace_both_ends if both_ends is None else both_ends
    adjacent = rules.adjacent_jokers if adjacent is None else adjacent
    if not parts.naturals:
        return
    for start in _windows(len(cards), wrap, both_ends):
        meld = _run_at(cards, parts, start, rules, adjacent, listed)
        if meld is not None:
            yield meld


def _group(cards: Sequence[Card], parts: _Parts, rules: Rules) -> Meld | None:
    rank = parts.naturals[0][1].rank
    assert rank is not None
    suits = [card.suit for _, card in parts.naturals]
    if any(card.rank is not rank for _, card in parts.naturals):
        return None
    if len(cards) > GROUP_MAX or len(set(suits)) != len(suits):
        return None
    if not meld_rules(rules).group_allows(len(parts.jokers) + len(parts.declared)):
        return None
    for _, card in parts.declared:
        if card.rank is not rank or card.suit in suits:
            return None
        suits.append(card.suit)
    if len(set(suits)) != len(suits):
        return None
    missing = iter(s for s in SUITS if s not in suits)
    arranged = tuple(
        Card.joker(Card(rank, next(missing)))
        if card.is_joker and card.stands_for is None
        else card
        for card in cards
    )
    value = _group_value(rank, rules)
    return Meld(
        True,
        MeldType.GROUP,
        value * len(cards),
        arranged,
        tuple(range(len(cards))),
        (value,) * len(cards),
    )


def _joker_count_reason(parts: _Parts, rules: Rules) -> str | None:
    return meld_rules(rules).joker_reason(
        len(parts.naturals), len(parts.jokers) + len(parts.declared)
    )


def meld_readings(cards: Sequence[Card], rules: Rules) -> tuple[Meld, ...]:
    """Every valid reading of the cards, the most points first.

    A joker in a run can often stand for more than one card: these are the
    choices a player can make (declare ``X=card`` to fix one).

    >>> from jolly_scorer.core.rules import find_rules
    >>> rules = find_rules("romme_de")
    >>> [format_cards(m.cards) for m in meld_readings(parse_cards("5h 6h X"), rules)]
    ['5h 6h X=7h', 'X=4h 5h 6h']
    """
    parts = _split(cards)
    if (
        len(cards) < MIN_CARDS
        or not parts.naturals
        or _joker_count_reason(parts, rules)
    ):
        return ()
    return _readings(cards, parts, rules)


def reading_choices(
    cards: Sequence[Card], rules: Rules
) -> tuple[tuple[Meld, bool], ...]:
    """Every reading of the cards with their jokers free (the most points
    first), each with whether it is the one the cards have as they lie (their
    :func:`check_meld` verdict): the choice a tap on a joker offers.

    >>> from jolly_scorer.core.rules import find_rules
    >>> rules = find_rules("romme_de")
    >>> [(format_cards(m.cards), now) for m, now in
    ...  reading_choices(parse_cards("X=4h 5h 6h"), rules)]
    [('5h 6h X=7h', False), ('X=4h 5h 6h', True)]
    """
    verdict = check_meld(cards, rules)
    now = verdict.cards if verdict.valid else None
    free = tuple(card.plain for card in cards)
    return tuple((r, r.cards == now) for r in meld_readings(free, rules))


def _readings(cards: Sequence[Card], parts: _Parts, rules: Rules) -> tuple[Meld, ...]:
    """:func:`meld_readings` for cards already split and counted."""
    found: list[Meld] = []
    group = _group(cards, parts, rules)
    if group is not None:
        found.append(group)
    found.extend(_runs(cards, parts, rules, listed=False))
    found.sort(key=lambda meld: -(meld.points or 0))
    return tuple(found)


def check_meld(cards: Sequence[Card], rules: Rules) -> Meld:
    """Validate one meld and read its jokers.

    >>> from jolly_scorer.core.rules import find_rules
    >>> at = find_rules("jolly_at")
    >>> meld = check_meld(parse_cards("X Ah 2h"), at)
    >>> meld.valid, meld.points, format_cards(meld.cards)
    (True, 6, 'Ah 2h X=3h')
    >>> check_meld(parse_cards("Ah As X X"), at).points
    100
    >>> bad = check_meld(parse_cards("Qs Ks As 2s"), at)
    >>> bad.valid, bad.reason.value
    (False, 'wrap_around')
    """
    cards = tuple(cards)
    parts = _split(cards)
    if (
        parts.naturals
        and len(cards) >= MIN_CARDS
        and not _joker_count_reason(parts, rules)
    ):
        listed = next(_runs(cards, parts, rules, listed=True), None)
        if listed is not None:
            return listed
        readings = _readings(cards, parts, rules)
        if readings:
            return readings[0]
    reason, message = _explain(cards, parts, rules)
    return Meld(
        False,
        None,
        None,
        cards,
        tuple(range(len(cards))),
        (0,) * len(cards),
        reason,
        message,
    )


def _explain(cards: Sequence[Card], parts: _Parts, rules: Rules) -> tuple[Reason, str]:
    """The most specific reason why no reading of ``cards`` is valid."""
    if len(cards) < MIN_CARDS:
        return Reason.TOO_FEW_CARDS, f"a meld needs at least {MIN_CARDS} cards"
    if not parts.naturals:
        return Reason.JOKER_ONLY, "a meld needs natural cards, not only jokers"
    joker_reason = _joker_count_reason(parts, rules)
    if joker_reason:
        return Reason.TOO_MANY_JOKERS, joker_reason
    naturals = [card for _, card in parts.naturals]
    ranks = _count(card.rank for card in naturals)
    suits = _count(card.suit for card in naturals)
    if len(ranks) == 1 and not (len(naturals) == 1 and len(cards) > GROUP_MAX):
        return _explain_group(cards, parts, rules, naturals)
    if len(suits) == 1:
        return _explain_run(cards, parts, rules, ranks)
    if len(ranks) == len(naturals):
        return Reason.MIXED_SUITS, "a run must be of one suit: " + format_cards(
            naturals
        )
    return (
        Reason.INVALID_COMBINATION,
        "neither a group of one rank nor a run of one suit: " + format_cards(naturals),
    )


def _explain_group(
    cards: Sequence[Card], parts: _Parts, rules: Rules, naturals: list[Card]
) -> tuple[Reason, str]:
    suits = _count(card.suit for card in naturals)
    twice = [str(card) for card in naturals if suits[card.suit] > 1]
    if twice:
        return (
            Reason.DUPLICATE_SUIT,
            f"a group needs different suits: {twice[0]} is there twice",
        )
    if len(cards) > GROUP_MAX:
        return (
            Reason.GROUP_TOO_LARGE,
            f"a group has at most {GROUP_MAX} cards, one of each suit",
        )
    limits = meld_rules(rules)
    if not limits.group_allows(len(parts.jokers) + len(parts.declared)):
        return (
            Reason.TOO_MANY_JOKERS,
            f"a group may hold at most {limits.per_group} jokers",
        )
    taken = {card.suit for card in naturals}
    bad = "X"
    for _, card in parts.declared:
        if card.rank is not naturals[0].rank or card.suit in taken:
            bad = f"X={card}"
            break
        taken.add(card.suit)
    return (
        Reason.DECLARED_JOKER_MISMATCH,
        f"the declared joker {bad} does not fit this group",
    )


def _explain_run(
    cards: Sequence[Card], parts: _Parts, rules: Rules, ranks: dict[Rank | None, int]
) -> tuple[Reason, str]:
    twice = [r for r, k in ranks.items() if k > 1 and not (r is Rank.ACE and k == 2)]
    if twice or ranks.get(Rank.ACE, 0) > 2:
        rank = twice[0] if twice else Rank.ACE
        return (
            Reason.DUPLICATE_RANK,
            f"a run holds each rank once: {rank} is there twice",
        )

    def fits(ignore_declared: bool = False, **relax: bool) -> bool:
        run_parts = _split(cards, use_declared=False) if ignore_declared else parts
        return (
            next(_runs(cards, run_parts, rules, listed=False, **relax), None)
            is not None
        )

    if parts.declared and fits(ignore_declared=True):
        return (
            Reason.DECLARED_JOKER_MISMATCH,
            "a declared joker does not fit its place in the run",
        )
    if fits(adjacent=True):
        return Reason.ADJACENT_JOKERS, "two jokers may not lie side by side in a run"
    if fits(both_ends=True):
        return (
            Reason.ACE_BOTH_ENDS,
            "the ace may be low (A-2-3) or high (Q-K-A), not both in one run",
        )
    if fits(wrap=True):
        return Reason.WRAP_AROUND, "a run may not go round the corner (K-A-2)"
    if len(cards) > RUN_MAX:
        return (
            Reason.OUT_OF_RANGE,
            f"a run has at most {RUN_MAX} cards (ace to ace)",
        )
    return (
        Reason.NOT_CONSECUTIVE,
        "the cards of a run must be consecutive (too few jokers to fill the gaps)",
    )


def count_copies(cards: Sequence[Card], rules: Rules) -> str | None:
    """A card there more often than the pack holds (or a joker too many), else None.

    >>> from jolly_scorer.core.rules import find_rules
    >>> count_copies(parse_cards("5h 5h 5h"), find_rules("jolly_at"))
    '5h'
    >>> count_copies(parse_cards("X X X X X"), find_rules("rommi_fi"))
    'X'
    """
    extra = over_the_pack(cards, rules)
    return None if extra is None else str(extra)


class MeldsVerdict(Frozen):
    """Several melds laid down together."""

    __slots__ = ("melds", "reason", "message", "opening_required")
    melds: tuple[Meld, ...]
    reason: Reason | None
    message: str | None
    opening_required: int

    def __init__(
        self,
        melds: tuple[Meld, ...],
        reason: Reason | None,
        message: str | None,
        opening_required: int,
    ) -> None:
        self._init(
            melds=melds,
            reason=reason,
            message=message,
            opening_required=opening_required,
        )

    @property
    def valid(self) -> bool:
        """Every meld valid and the melds fit in the pack."""
        return self.reason is None and all(meld.valid for meld in self.melds)

    @property
    def points(self) -> int | None:
        """The good points of all melds (None when any is invalid)."""
        if not self.valid:
            return None
        return sum(meld.points or 0 for meld in self.melds)

    @property
    def opening_reached(self) -> bool:
        """Whether these melds together reach the opening threshold."""
        return self.valid and (self.points or 0) >= self.opening_required

    def to_json(self) -> dict[str, object]:
        """The object of ``jolly-scorer check --json``."""
        return {
            "valid": self.valid,
            "points": self.points,
            "reason": None if self.reason is None else self.reason.value,
            "message": self.message,
            "opening": {
                "required": self.opening_required,
                "reached": self.opening_reached,
            },
            "melds": [meld.to_json() for meld in self.melds],
        }


def check_melds(melds: Sequence[Sequence[Card]], rules: Rules) -> MeldsVerdict:
    """Check melds laid down together: each meld, the pack, the opening.

    >>> from jolly_scorer.core.rules import find_rules
    >>> verdict = check_melds(
    ...     [parse_cards("5h X=6h 7h"), parse_cards("Qh Kh Ah")], find_rules("jolly_at")
    ... )
    >>> verdict.valid, verdict.points, verdict.opening_reached
    (True, 49, True)
    """
    checked = tuple(check_meld(cards, rules) for cards in melds)
    extra = count_copies([card for cards in melds for card in cards], rules)
    reason = message = None
    if extra is not None:
        reason = Reason.TOO_MANY_COPIES
        if extra == "X":
            message = (
                f"more than {rules.jokers} jokers: the pack holds only {rules.jokers}"
            )
        else:
            message = f"{extra} is there more than twice: the pack holds it twice"
    return MeldsVerdict(checked, reason, message, rules.opening_min)
