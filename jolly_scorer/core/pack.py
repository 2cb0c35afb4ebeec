"""The pack rule, in one place: two 52-card decks and the rules' jokers.

A round (table, hands and discard together), melds laid down together, a hand
given to the arranger: none may hold a natural card more often than
:data:`DECKS` times, nor more plain or declared jokers than ``rules.jokers``.

>>> from jolly_scorer.core.cards import parse_cards
>>> from jolly_scorer.core.rules import find_rules
>>> rules = find_rules("rommi_fi")
>>> copies_in_pack(parse_cards("5h")[0], rules), copies_in_pack(parse_cards("X")[0], rules)
(2, 4)
>>> over_the_pack(parse_cards("5h X 5h X=6h X X X"), rules)
Card.parse('X')
>>> over_the_pack(parse_cards("5h 5h X X X X"), rules) is None
True
"""  # noqa: E501

from __future__ import annotations

from jolly_scorer.core.cards import Card

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

    from jolly_scorer.core.rules import Rules

__all__ = ["DECKS", "PackCount", "copies_in_pack", "over_the_pack"]

DECKS = 2
"""The game is played with two 52-card decks: every natural card twice."""


def copies_in_pack(card: Card, rules: Rules) -> int:
    """How many of ``card`` the pack holds (any joker counts as a joker)."""
    return rules.jokers if card.is_joker else DECKS


class PackCount:
    """Counts cards one by one; :meth:`add` says whether the pack still holds them.

    >>> from jolly_scorer.core.cards import parse_cards
    >>> from jolly_scorer.core.rules import find_rules
    >>> count = PackCount(find_rules("jolly_at"))
    >>> [count.add(card) for card in parse_cards("9h 9h 9h")]
    [True, True, False]
    >>> count.message(parse_cards("9h")[0])
    'a third 9h: the pack holds every card twice'
    """

    __slots__ = ("rules", "seen")

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.seen: dict[Card, int] = {}

    def add(self, card: Card) -> bool:
        """Count ``card``; False when the pack holds fewer of it than counted."""
        plain = card.plain
        count = self.seen.get(plain, 0) + 1
        self.seen[plain] = count
        return count <= copies_in_pack(plain, self.rules)

    def message(self, card: Card) -> str:
        """Why ``card`` is one too many, as a sentence for people."""
        if card.is_joker:
            jokers = self.rules.jokers
            return f"a joker too many: the pack holds {jokers} jokers"
        return f"a third {card.plain}: the pack holds every card twice"


def over_the_pack(cards: Iterable[Card], rules: Rules) -> Card | None:
    """The first card (plain) counted more often than the pack holds, else None."""
    count = PackCount(rules)
    for card in cards:
        if not count.add(card):
            return card.plain
    return None
