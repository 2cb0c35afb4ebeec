"""A game as immutable values: players, rules, target, rounds; and its operations.

Every operation returns a new :class:`Game` after the whole game has been
scored again, so an operation that would make the game invalid raises
:class:`~jolly_scorer.core.errors.GameFileError` and changes nothing.

>>> from jolly_scorer.core.rules import find_rules
>>> game = new_game(find_rules("jolly_at"), ["Anna", "Ben", "Cleo"], target=300)
>>> game.dealer(0), game.starter(0), game.dealer(1)
('Anna', 'Ben', 'Ben')
>>> game = add_round(game, Round(counted=(("Anna", Counted(good=40)),
...                                     ("Ben", Counted()), ("Cleo", Counted()))))
>>> len(game.rounds)
1
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from jolly_scorer.core.cards import Card
from jolly_scorer.core.errors import GameFileError
from jolly_scorer.core.names import InvalidName, clean_name, name_key
from jolly_scorer.core.rules import Rules

__all__ = [
    "Counted",
    "Game",
    "History",
    "PlacedCard",
    "Round",
    "TableMeld",
    "add_round",
    "finish",
    "new_game",
    "remove_last_round",
    "rename_player",
    "replace_round",
    "reopen",
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
    extra: tuple[tuple[str, str], ...] = field(default=(), compare=False)

    def dealer(self, round_index: int) -> str:
        """Who deals round ``round_index`` (0-based)."""
        return self.players[(self.first_dealer + round_index) % len(self.players)]

    def starter(self, round_index: int) -> str:
        """Who plays first in round ``round_index``: the player after the dealer."""
        return self.players[(self.first_dealer + round_index + 1) % len(self.players)]


def _checked(game: Game) -> Game:
    from jolly_scorer.core.scoring import score_game

    score_game(game)
    return game


def _clean(name: str, where: str) -> str:
    """The clean name, or :class:`GameFileError` naming the place."""
    try:
        return clean_name(name)
    except InvalidName as error:
        raise GameFileError(f"{where}: {error}") from None


def new_game(
    rules: Rules,
    players: Sequence[str],
    *,
    target: int | None = None,
    rounds_limit: int | None = None,
    first_dealer: int = 0,
) -> Game:
    """A new game with no rounds; players and target are checked.

    >>> from jolly_scorer.core.rules import find_rules
    >>> new_game(find_rules("jolly_at"), ["Anna"])
    Traceback (most recent call last):
    ...
    jolly_scorer.core.errors.GameFileError: players: 1 player, the rules allow 2 to 6
    """
    names = tuple(_clean(name, "players") for name in players)
    keys = [name_key(name) for name in names]
    for i, key in enumerate(keys):
        if key in keys[:i]:
            raise GameFileError(f"players: {names[i]!r} is named twice")
    if not 0 <= first_dealer < max(len(names), 1):
        raise GameFileError(f"first dealer: no seat {first_dealer}")
    game = Game(
        rules=rules,
        players=names,
        target=rules.target if target is None else target,
        rounds_limit=rules.rounds_limit if rounds_limit is None else rounds_limit,
        first_dealer=first_dealer,
    )
    return _checked(game)


def add_round(game: Game, entry: Round) -> Game:
    """The game with one more round (rejected if the game is over or it is invalid)."""
    return _checked(dataclasses.replace(game, rounds=(*game.rounds, entry)))


def replace_round(game: Game, index: int, entry: Round) -> Game:
    """The game with round ``index`` (0-based) replaced; later rounds are rescored.

    The game may become over, or not over again. If the change ends the game
    before its last round, the later rounds make it invalid and it is rejected.
    """
    if not 0 <= index < len(game.rounds):
        raise GameFileError(f"round {index + 1}: there is no such round")
    rounds = game.rounds[:index] + (entry,) + game.rounds[index + 1 :]
    return _checked(dataclasses.replace(game, rounds=rounds))


def remove_last_round(game: Game) -> Game:
    """The game without its last round."""
    if not game.rounds:
        raise GameFileError("there is no round to remove")
    return dataclasses.replace(game, rounds=game.rounds[:-1], finished=False)


def finish(game: Game) -> Game:
    """The game ended early: standings decide the winners."""
    return dataclasses.replace(game, finished=True)


def reopen(game: Game) -> Game:
    """A game ended early, going on again."""
    return dataclasses.replace(game, finished=False)


def rename_player(game: Game, old: str, new: str) -> Game:
    """The game with a player renamed in every round."""
    if old not in game.players:
        raise GameFileError(f"{old!r} is not a player")
    new = _clean(new, "rename")
    key = name_key(new)
    if any(name_key(p) == key for p in game.players if p != old):
        raise GameFileError(f"{new!r} is already a player")
    return _checked(
        dataclasses.replace(
            game,
            players=tuple(new if p == old else p for p in game.players),
            rounds=tuple(r.renamed(old, new) for r in game.rounds),
        )
    )


@dataclass(frozen=True, slots=True)
class History:
    """Undo and redo as a history of game values.

    >>> from jolly_scorer.core.rules import find_rules
    >>> h = History.start(new_game(find_rules("romme_de"), ["A", "B"]))
    >>> h = h.push(finish(h.present))
    >>> h.undo().present.finished, h.undo().redo().present.finished
    (False, True)
    """

    past: tuple[Game, ...]
    present: Game
    future: tuple[Game, ...] = ()

    @classmethod
    def start(cls, game: Game) -> History:
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

    def push(self, game: Game) -> History:
        """A new present; the redo steps are dropped."""
        return History((*self.past, self.present), game)

    def undo(self) -> History:
        """One step back (unchanged when there is none)."""
        if not self.past:
            return self
        return History(self.past[:-1], self.past[-1], (self.present, *self.future))

    def redo(self) -> History:
        """One undone step forward again (unchanged when there is none)."""
        if not self.future:
            return self
        return History((*self.past, self.present), self.future[0], self.future[1:])
