"""A game as immutable values: players, rules, target, rounds; and undo steps.

These are plain values: nothing here checks or scores a game. The operations
that make a new game from an old one, checked and scored, are in
:mod:`~jolly_scorer.core.game`; scoring is :mod:`~jolly_scorer.core.scoring`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from jolly_scorer.core.cards import Card
from jolly_scorer.core.rules import Rules

__all__ = [
    "Counted",
    "Game",
    "PlacedCard",
    "Round",
    "TableMeld",
    "UndoHistory",
]


@dataclass(frozen=True, slots=True)
class PlacedCard:
    """A card in a meld on the table; ``by`` is who laid it (None: the meld's owner)."""

    card: Card
    by: str | None = None


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table at the end of a round, its cards in the order they lie."""

    by: str
    cards: tuple[PlacedCard, ...]

    @classmethod
    def of(cls, by: str, cards: Iterable[Card | PlacedCard]) -> TableMeld:
        """A meld from cards (plain cards are credited to ``by``)."""
        return cls(
            by, tuple(c if isinstance(c, PlacedCard) else PlacedCard(c) for c in cards)
        )

    def credited(self, index: int) -> str:
        """Who laid the card at ``index``."""
        return self.cards[index].by or self.by


@dataclass(frozen=True, slots=True)
class Counted:
    """Points counted at the table instead of entering cards."""

    good: int = 0
    bad: int = 0


@dataclass(frozen=True, slots=True)
class Round:
    """One round as entered: who went out, the table, the hands, counted points."""

    closed_by: str | None = None
    handglatt: bool = False
    discard: Card | None = None
    table: tuple[TableMeld, ...] = ()
    hands: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    counted: tuple[tuple[str, Counted], ...] = ()

    @property
    def hand_of(self) -> Mapping[str, tuple[Card, ...]]:
        """The hands by player."""
        return dict(self.hands)

    @property
    def counted_of(self) -> Mapping[str, Counted]:
        """The counted points by player."""
        return dict(self.counted)

    def renamed(self, old: str, new: str) -> Round:
        """The same round with a player renamed."""

        def name(who: str | None) -> str | None:
            return new if who == old else who

        return Round(
            closed_by=name(self.closed_by),
            handglatt=self.handglatt,
            discard=self.discard,
            table=tuple(
                TableMeld(
                    name(m.by) or m.by,
                    tuple(PlacedCard(c.card, name(c.by)) for c in m.cards),
                )
                for m in self.table
            ),
            hands=tuple((name(p) or p, h) for p, h in self.hands),
            counted=tuple((name(p) or p, c) for p, c in self.counted),
        )


MAX_ROUNDS = 1000
"""The most rounds a game may have (a game is over after a few dozen; a
100,000-round game held every page up 2.4 s when opened, issue 38.7)."""

TOO_MANY_ROUNDS = "A game has at most 1,000 rounds: start a new game to go on."


@dataclass(frozen=True, slots=True)
class Game:
    """A game: players in seating order (clockwise), rules, target and rounds.

    ``first_dealer`` is the seat index of the first round's dealer; the deal
    moves clockwise (to the next seat) each round, and the player after the
    dealer starts. ``finished`` marks a game ended early by the players.
    """

    rules: Rules
    players: tuple[str, ...]
    target: int
    rounds_limit: int | None = None
    rounds: tuple[Round, ...] = ()
    first_dealer: int = 0
    finished: bool = False

    def dealer(self, round_index: int) -> str:
        """Who deals round ``round_index`` (0-based)."""
        return self.players[(self.first_dealer + round_index) % len(self.players)]

    def starter(self, round_index: int) -> str:
        """Who plays first in round ``round_index``: the player after the dealer."""
        return self.players[(self.first_dealer + round_index + 1) % len(self.players)]


@dataclass(frozen=True, slots=True)
class UndoHistory:
    """Undo and redo of one game as a history of game values (the app's undo;
    not the past games).

    >>> import dataclasses
    >>> from jolly_scorer.core.rules import find_rules
    >>> game = Game(find_rules("romme_de"), ("A", "B"), 100)
    >>> h = UndoHistory.start(game)
    >>> h = h.push(dataclasses.replace(h.present, finished=True))
    >>> h.undo().present.finished, h.undo().redo().present.finished
    (False, True)
    """

    past: tuple[Game, ...]
    present: Game
    future: tuple[Game, ...] = ()

    @classmethod
    def start(cls, game: Game) -> UndoHistory:
        """A history holding one game value."""
        return cls((), game)

    @property
    def can_undo(self) -> bool:
        """Whether there is a step to undo."""
        return bool(self.past)

    @property
    def can_redo(self) -> bool:
        """Whether there is an undone step to redo."""
        return bool(self.future)

    def push(self, game: Game) -> UndoHistory:
        """A new present; the redo steps are dropped."""
        return UndoHistory((*self.past, self.present), game)

    def undo(self) -> UndoHistory:
        """One step back (unchanged when there is none)."""
        if not self.past:
            return self
        return UndoHistory(self.past[:-1], self.past[-1], (self.present, *self.future))

    def redo(self) -> UndoHistory:
        """One undone step forward again (unchanged when there is none)."""
        if not self.future:
            return self
        return UndoHistory((*self.past, self.present), self.future[0], self.future[1:])
