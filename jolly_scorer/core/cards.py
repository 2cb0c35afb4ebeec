"""Cards and their notation.

A natural card is a rank and a suit (``5h``, ``10s``, ``Qd``, ``A♠``); a joker is
``X`` (also ``*`` and ``JK``) and may be declared to stand for a card (``X=6h``).
Printing then parsing gives the same card.

>>> parse_cards("7h 8h X")
(Card.parse('7h'), Card.parse('8h'), Card.parse('X'))
>>> str(Card.parse("t♠")), str(Card.parse("jk=qD"))
('10s', 'X=Qd')
"""

from __future__ import annotations

from jolly_scorer.core.errors import CardError
from jolly_scorer.core.values import Choice, Frozen

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import ClassVar

__all__ = [
    "RANKS",
    "SUITS",
    "Card",
    "Rank",
    "Suit",
    "format_cards",
    "full_deck",
    "parse_card",
    "parse_cards",
    "rank_number_at",
]


class Suit(Choice):
    """A suit; its value is the notation letter."""

    HEARTS: ClassVar[Suit]
    DIAMONDS: ClassVar[Suit]
    CLUBS: ClassVar[Suit]
    SPADES: ClassVar[Suit]
    _choices = {
        "HEARTS": "h",
        "DIAMONDS": "d",
        "CLUBS": "c",
        "SPADES": "s",
    }

    @property
    def symbol(self) -> str:
        """The suit symbol, e.g. ``♥``."""
        return _SUIT_SYMBOLS[self]


_SUIT_SYMBOLS = {
    Suit.HEARTS: "♥",
    Suit.DIAMONDS: "♦",
    Suit.CLUBS: "♣",
    Suit.SPADES: "♠",
}


class Rank(Choice):
    """A rank; its value is the notation, its :attr:`number` runs from ace 1 to 13."""

    ACE: ClassVar[Rank]
    TWO: ClassVar[Rank]
    THREE: ClassVar[Rank]
    FOUR: ClassVar[Rank]
    FIVE: ClassVar[Rank]
    SIX: ClassVar[Rank]
    SEVEN: ClassVar[Rank]
    EIGHT: ClassVar[Rank]
    NINE: ClassVar[Rank]
    TEN: ClassVar[Rank]
    JACK: ClassVar[Rank]
    QUEEN: ClassVar[Rank]
    KING: ClassVar[Rank]
    _choices = {
        "ACE": "A",
        "TWO": "2",
        "THREE": "3",
        "FOUR": "4",
        "FIVE": "5",
        "SIX": "6",
        "SEVEN": "7",
        "EIGHT": "8",
        "NINE": "9",
        "TEN": "10",
        "JACK": "J",
        "QUEEN": "Q",
        "KING": "K",
    }

    @property
    def number(self) -> int:
        """Ace 1, 2 to 10 face value, jack 11, queen 12, king 13."""
        return _RANK_NUMBERS[self]

    @classmethod
    def from_number(cls, number: int) -> Rank:
        """The rank with this number (1 to 13).

        >>> Rank.from_number(12)
        <Rank.QUEEN: 'Q'>
        """
        return RANKS[number - 1]

    @property
    def is_face(self) -> bool:
        """Jack, queen or king."""
        return self in (Rank.JACK, Rank.QUEEN, Rank.KING)


def rank_number_at(position: int) -> int:
    """The rank number (ace 1 … king 13) at a run position: 1 is the low ace,
    14 the high ace, and on round the corner (15 is a two).

    >>> [rank_number_at(p) for p in (1, 13, 14, 15)]
    [1, 13, 1, 2]
    """
    return (position - 1) % 13 + 1


RANKS: tuple[Rank, ...] = tuple(Rank)
SUITS: tuple[Suit, ...] = tuple(Suit)
_RANK_NUMBERS = {rank: i + 1 for i, rank in enumerate(RANKS)}
_RANK_TOKENS = {rank.value.lower(): rank for rank in RANKS} | {"t": Rank.TEN}
_SUIT_TOKENS = {suit.value: suit for suit in SUITS} | {
    symbol: suit for suit, symbol in _SUIT_SYMBOLS.items()
}
_JOKER_TOKENS = ("x", "*", "jk")


class Card(Frozen):
    """A natural card (rank and suit) or a joker (both ``None``).

    A joker may carry ``stands_for``, the natural card it was declared to be.

    >>> Card(Rank.FIVE, Suit.HEARTS)
    Card.parse('5h')
    >>> Card.joker().is_joker
    True
    """

    __slots__ = ("rank", "suit", "stands_for")
    rank: Rank | None
    suit: Suit | None
    stands_for: Card | None

    def __init__(
        self, rank: Rank | None, suit: Suit | None, stands_for: Card | None = None
    ) -> None:
        if (rank is None) != (suit is None):
            raise CardError(f"a card needs both a rank and a suit: {rank} {suit}")
        if stands_for is not None and (rank is not None or stands_for.is_joker):
            raise CardError("only a joker can stand for a natural card")
        self._init(rank=rank, suit=suit, stands_for=stands_for)

    @classmethod
    def joker(cls, stands_for: Card | None = None) -> Card:
        """A joker, optionally declared to stand for a natural card."""
        return cls(None, None, stands_for)

    @classmethod
    def parse(cls, token: str) -> Card:
        """Parse one card token; see :func:`parse_card`."""
        return parse_card(token)

    @property
    def is_joker(self) -> bool:
        """Whether this card is a joker (declared or not)."""
        return self.rank is None

    @property
    def plain(self) -> Card:
        """The card without a joker declaration (a natural card is itself)."""
        return _PLAIN_JOKER if self.is_joker else self

    @property
    def natural(self) -> Card | None:
        """The natural card this card is or, a declared joker, stands for
        (None: a joker not declared)."""
        return self.stands_for if self.rank is None else self

    @property
    def label(self) -> str:
        """The card with its suit symbol, e.g. ``10♥`` or ``X→6♥``."""
        if self.rank is None or self.suit is None:
            return "X" if self.stands_for is None else "X→" + self.stands_for.label
        return f"{self.rank.value}{self.suit.symbol}"

    def sort_key(self) -> tuple[int, int, int]:
        """A key that sorts by suit, then rank, jokers last."""
        if self.rank is None or self.suit is None:
            return (9, 99, 0 if self.stands_for is None else 1)
        return (SUITS.index(self.suit), self.rank.number, 0)

    def __str__(self) -> str:
        if self.rank is None or self.suit is None:
            return "X" if self.stands_for is None else f"X={self.stands_for}"
        return f"{self.rank.value}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


_PLAIN_JOKER = Card(None, None)


def _parse_natural(token: str, original: str) -> Card:
    text = token.strip()
    if len(text) < 2:
        raise CardError(f"not a card: {original!r}")
    suit = _SUIT_TOKENS.get(text[-1].lower())
    rank = _RANK_TOKENS.get(text[:-1].lower())
    if suit is None or rank is None:
        raise CardError(f"not a card: {original!r}")
    return Card(rank, suit)


def parse_card(token: str) -> Card:
    """Parse one card in any accepted notation.

    >>> parse_card("Ts"), parse_card("qD"), parse_card("A♠"), parse_card("*")
    (Card.parse('10s'), Card.parse('Qd'), Card.parse('As'), Card.parse('X'))
    >>> parse_card("X=6h").stands_for
    Card.parse('6h')
    >>> parse_card("11h")
    Traceback (most recent call last):
    ...
    jolly_scorer.core.errors.CardError: not a card: '11h'
    """
    if not isinstance(token, str):
        raise CardError(f"not a card: {token!r}")
    card = _PARSED.get(token)
    if card is None:
        card = _parse_token(token)
        if len(_PARSED) < 4096:  # valid spellings are few; a flood is not kept
            _PARSED[token] = card
    return card


_PARSED: dict[str, Card] = {}


def _parse_token(token: str) -> Card:
    text = token.strip()
    head, sep, tail = text.partition("=")
    if head.lower() in _JOKER_TOKENS:
        if not sep:
            return _PLAIN_JOKER
        declared = _parse_natural(tail, token)
        return Card.joker(declared)
    if sep:
        raise CardError(f"not a card: {token!r}")
    return _parse_natural(text, token)


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas (or an iterable of tokens).

    >>> [str(c) for c in parse_cards("5h, 6h X=7h")]
    ['5h', '6h', 'X=7h']
    >>> parse_cards("5h 6x")
    Traceback (most recent call last):
    ...
    jolly_scorer.core.errors.CardError: not a card: '6x'
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(parse_card(token) for token in tokens)


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in canonical notation, separated by spaces.

    >>> format_cards(parse_cards("th jk"))
    '10h X'
    """
    return " ".join(str(card) for card in cards)


def full_deck(jokers: int) -> tuple[Card, ...]:
    """Two 52-card packs plus ``jokers`` jokers.

    >>> len(full_deck(6))
    110
    """
    naturals = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
    return naturals + naturals + (_PLAIN_JOKER,) * jokers
