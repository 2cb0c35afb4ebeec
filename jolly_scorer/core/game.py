"""A game's operations: each makes a new game from an old one, checked and scored.

:class:`Scored` is a game together with its result. Its operations return the
new game with its new result, and score only what changed: a new round, or an
edited round and those after it. An operation that would make the game invalid
raises :class:`~jolly_scorer.core.errors.GameFileError` and changes nothing.
The functions of the same names take and return a plain :class:`Game` (scoring
it whole) for callers that do not keep its result.

The value types (:class:`Game`, :class:`Round`, …) live in
:mod:`~jolly_scorer.core.record` and are re-exported here.

>>> from jolly_scorer.core.rules import find_rules
>>> game = new_game(find_rules("jolly_at"), ["Anna", "Ben", "Cleo"], target=300)
>>> game.dealer(0), game.starter(0), game.dealer(1)
('Anna', 'Ben', 'Ben')
>>> scored = Scored.of(game).add_round(
...     Round(counted=(("Anna", Counted(good=40)), ("Ben", Counted()),
...                    ("Cleo", Counted()))))
>>> len(scored.game.rounds), scored.result.totals["Anna"]
(1, 40)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from jolly_scorer.core.errors import GameFileError
from jolly_scorer.core.names import InvalidName, clean_name, name_key
from jolly_scorer.core.record import (
    MAX_ROUNDS,
    TOO_MANY_ROUNDS,
    Counted,
    Game,
    PlacedCard,
    Round,
    TableMeld,
    UndoHistory,
)
from jolly_scorer.core.rules import Rules
from jolly_scorer.core.scoring import GameResult, score_game, score_game_from

__all__ = [
    "Counted",
    "Game",
    "PlacedCard",
    "Round",
    "Scored",
    "TableMeld",
    "UndoHistory",
    "add_round",
    "finish",
    "new_game",
    "remove_last_round",
    "rename_player",
    "replace_round",
    "reopen",
]


@dataclass(frozen=True, slots=True)
class Scored:
    """A game and its result (``result`` is ``score_game(game)``).

    Build one with :meth:`of` (scores the game) or from a result the caller
    kept for this very game value.
    """

    game: Game
    result: GameResult

    def __post_init__(self) -> None:
        # a cheap guard against a result kept for another game value
        if len(self.result.rounds) != len(self.game.rounds) or set(
            self.result.totals
        ) != set(self.game.players):
            raise ValueError("this result is not the result of this game")

    @classmethod
    def of(cls, game: Game) -> Scored:
        """The game, checked and scored whole."""
        return cls(game, score_game(game))

    def _after(self, game: Game, unchanged: int) -> Scored:
        """``game`` scored again from round ``unchanged`` (0-based) on."""
        return Scored(game, score_game_from(game, self.result, unchanged))

    def add_round(self, entry: Round) -> Scored:
        """One more round (rejected if the game is over, the round invalid, or
        the game has :data:`MAX_ROUNDS` already)."""
        if len(self.game.rounds) >= MAX_ROUNDS:
            raise GameFileError(TOO_MANY_ROUNDS)
        game = dataclasses.replace(self.game, rounds=(*self.game.rounds, entry))
        return self._after(game, len(self.game.rounds))

    def replace_round(self, index: int, entry: Round) -> Scored:
        """Round ``index`` (0-based) replaced; it and the later rounds rescored.

        The game may become over, or not over again. If the change ends the
        game before its last round, the later rounds make it invalid and it is
        rejected.
        """
        rounds = self.game.rounds
        if not 0 <= index < len(rounds):
            raise GameFileError(f"round {index + 1}: there is no such round")
        changed = rounds[:index] + (entry,) + rounds[index + 1 :]
        return self._after(dataclasses.replace(self.game, rounds=changed), index)

    def remove_last_round(self) -> Scored:
        """The game without its last round (and not finished)."""
        rounds = self.game.rounds
        if not rounds:
            raise GameFileError("there is no round to remove")
        game = dataclasses.replace(self.game, rounds=rounds[:-1], finished=False)
        return self._after(game, len(rounds) - 1)

    def finish(self) -> Scored:
        """The game ended early: standings decide the winners."""
        game = dataclasses.replace(self.game, finished=True)
        return self._after(game, len(game.rounds))

    def reopen(self) -> Scored:
        """A game ended early, going on again."""
        game = dataclasses.replace(self.game, finished=False)
        return self._after(game, len(game.rounds))

    def to(self, game: Game) -> Scored:
        """``game``, another value of this game (an undo or redo step), scored:
        when players, rules, target, limit and first dealer are the same, the
        leading rounds both share are not scored again.

        >>> from jolly_scorer.core.rules import find_rules
        >>> g = new_game(find_rules("romme_de"), ["A", "B"])
        >>> one = Scored.of(g).add_round(Round("A", counted=(("B", Counted(bad=9)),)))
        >>> two = one.add_round(Round("B", counted=(("A", Counted(bad=4)),)))
        >>> two.to(one.game) == one, one.to(two.game) == two
        (True, True)
        """
        old = self.game
        if game is old:
            return self
        if (
            game.players != old.players
            or (game.rules is not old.rules and game.rules != old.rules)
            or game.target != old.target
            or game.rounds_limit != old.rounds_limit
            or game.first_dealer != old.first_dealer
        ):
            return Scored.of(game)
        mine, theirs = old.rounds, game.rounds
        shared = min(len(mine), len(theirs))
        if mine[:shared] != theirs[:shared]:  # one C loop; same objects at once
            shared = 0
            while mine[shared] is theirs[shared] or mine[shared] == theirs[shared]:
                shared += 1
        return self._after(game, shared)

    def rename_player(self, old: str, new: str) -> Scored:
        """A player renamed in every round (the name cleaned; taken names, in
        any case, refused)."""
        game = self.game
        if old not in game.players:
            raise GameFileError(f"{old!r} is not a player")
        new = _clean(new, "rename")
        key = name_key(new)
        if any(name_key(p) == key for p in game.players if p != old):
            raise GameFileError(f"{new!r} is already a player")
        return Scored.of(
            dataclasses.replace(
                game,
                players=tuple(new if p == old else p for p in game.players),
                rounds=tuple(r.renamed(old, new) for r in game.rounds),
            )
        )


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
    """A new game with no rounds; names, players and target are checked.

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
    score_game(game)  # checks players, target and limit
    return game


def add_round(game: Game, entry: Round) -> Game:
    """The game with one more round; see :meth:`Scored.add_round`."""
    return Scored.of(game).add_round(entry).game


def replace_round(game: Game, index: int, entry: Round) -> Game:
    """The game with round ``index`` replaced; see :meth:`Scored.replace_round`."""
    return Scored.of(game).replace_round(index, entry).game


def remove_last_round(game: Game) -> Game:
    """The game without its last round."""
    return Scored.of(game).remove_last_round().game


def finish(game: Game) -> Game:
    """The game ended early: standings decide the winners."""
    return Scored.of(game).finish().game


def reopen(game: Game) -> Game:
    """A game ended early, going on again."""
    return Scored.of(game).reopen().game


def rename_player(game: Game, old: str, new: str) -> Game:
    """The game with a player renamed in every round."""
    return Scored.of(game).rename_player(old, new).game
