"""Jokers on the table: exchanging one for the natural card it stands for, and
telling when cards laid off on a meld make its owner's jokers read otherwise.

The one home of the joker-exchange rule (``docs/rules.md``, "Exchanging a
joker"):

* a natural card may take the place of a joker in a valid meld when the joker
  stands for exactly that card: in a run the card the joker reads as; in a
  group any suit the group's natural cards lack;
* Austrian Jolly (rules based on ``jolly_at``): a joker in a group only once
  the fourth card lies there (the group is full, its joker stands for one suit);
* the meld stays valid with the natural card in the joker's place.

A meld is scored as it lies at the end of the round: a lay-off that extends a
run past a joker can make the joker read as another card, which moves points
between players without anyone noticing (4♠ X 6♠ with 5♠ laid off reads
4♠ 5♠ 6♠ X=7♠). :func:`rereadings` finds those jokers so the screen can say so.

>>> from jolly_scorer.core.cards import parse_card, parse_cards
>>> from jolly_scorer.core.rules import find_rules
>>> rules = find_rules("romme_de")
>>> joker_for(parse_cards("4s X 6s"), parse_card("5s"), rules)
1
>>> joker_for(parse_cards("4s X 6s"), parse_card("7s"), rules) is None
True
>>> [str(r) for r in rereadings(parse_cards("4s X 6s 5s"), (True,) * 3 + (False,),
...                             rules)]
['X at 2: 5s -> 7s']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from jolly_scorer.core.cards import Card
from jolly_scorer.core.melds import Meld, MeldType, check_meld
from jolly_scorer.core.rules import Rules

__all__ = [
    "Reread",
    "joker_for",
    "joker_reads",
    "rereadings",
    "swapped",
]

#: a group of this many cards holds one joker for exactly one suit
_FULL_GROUP = 4


def joker_reads(verdict: Meld) -> dict[int, Card]:
    """What each joker of a valid meld stands for, by its place in the cards
    as they lie (an invalid meld: nothing)."""
    if not verdict.valid:
        return {}
    return {
        original: card.stands_for
        for card, original in zip(verdict.cards, verdict.order, strict=True)
        if card.is_joker and card.stands_for is not None
    }


def _group_needs_four(rules: Rules) -> bool:
    """Austria: a joker in a group is exchanged only once the group is full."""
    return rules.base == "jolly_at"


def joker_for(cards: Sequence[Card], natural: Card, rules: Rules) -> int | None:
    """The place in ``cards`` (a meld as it lies) of a joker that ``natural``
    may take, or None.

    >>> from jolly_scorer.core.cards import parse_card, parse_cards
    >>> from jolly_scorer.core.rules import find_rules
    >>> at, de = find_rules("jolly_at"), find_rules("romme_de")
    >>> seven = parse_card("7s")
    >>> joker_for(parse_cards("7h 7d X"), seven, de), joker_for(
    ...     parse_cards("7h 7d X"), seven, at)
    (2, None)
    >>> joker_for(parse_cards("7h 7d 7c X"), seven, at)
    3
    """
    if natural.is_joker:
        return None
    cards = tuple(cards)
    verdict = check_meld(cards, rules)
    reads = joker_reads(verdict)
    if not reads:
        return None
    if verdict.type is MeldType.GROUP:
        naturals = [c for c in cards if not c.is_joker]
        if natural.rank is not naturals[0].rank:
            return None
        if any(c.suit is natural.suit for c in naturals):
            return None
        if _group_needs_four(rules) and len(cards) < _FULL_GROUP:
            return None
        # a group's joker stands for any suit it lacks: take the first that
        # reads as this card, else the first joker
        places = sorted(reads, key=lambda p: (reads[p] != natural, p))
    else:
        places = [p for p, card in sorted(reads.items()) if card == natural]
    for place in places:
        if check_meld(swapped(cards, place, natural), rules).valid:
            return place
    return None


def swapped(cards: Sequence[Card], place: int, natural: Card) -> tuple[Card, ...]:
    """``cards`` with ``natural`` in the place of the joker at ``place``.

    >>> from jolly_scorer.core.cards import format_cards, parse_card, parse_cards
    >>> format_cards(swapped(parse_cards("4s X 6s"), 1, parse_card("5s")))
    '4s 5s 6s'
    """
    if not cards[place].is_joker:
        raise ValueError(f"card {place + 1} is not a joker: {cards[place]}")
    return (*cards[:place], natural, *cards[place + 1 :])


@dataclass(frozen=True, slots=True)
class Reread:
    """A joker that reads as another card in the whole meld than in its
    owner's cards alone: ``place`` in the whole meld's cards."""

    place: int
    before: Card
    after: Card

    def __str__(self) -> str:
        return f"X at {self.place + 1}: {self.before} -> {self.after}"


def rereadings(
    cards: Sequence[Card], own: Sequence[bool], rules: Rules
) -> tuple[Reread, ...]:
    """The owner's jokers that the cards laid off re-read.

    ``cards`` is the meld as it lies, ``own[i]`` whether card ``i`` is the
    owner's (False: laid off by another player). Compares the reading of the
    owner's cards alone (as the owner laid them) with the reading of the
    whole meld; nothing when either is not a valid meld, or nothing was laid
    off. A joker declared (``X=6h``) never moves, so never shows here.
    """
    cards = tuple(cards)
    if len(own) != len(cards):
        raise ValueError("one flag per card")
    places = [i for i, mine in enumerate(own) if mine]
    if len(places) == len(cards):
        return ()
    alone = joker_reads(check_meld([cards[i] for i in places], rules))
    whole = joker_reads(check_meld(cards, rules))
    if not alone or not whole:
        return ()
    out: list[Reread] = []
    for n, place in enumerate(places):
        before, after = alone.get(n), whole.get(place)
        if before is not None and after is not None and before != after:
            out.append(Reread(place, before, after))
    return tuple(out)
