"""Per-player statistics over many games (pure: game values in, numbers out).

A game counts for a player once it has at least one round. Round scores of
the two scoring kinds are never mixed: plus scoring (Jolly: good − bad +
bonus, the higher the better) and penalty scoring (Rommi, Rommé: penalty
points, the lower the better) each get their own rounds, average and best
round (:class:`KindStats`; the best is the highest in plus scoring, the lowest
in penalty scoring). ``average`` and ``best`` of :class:`PlayerStats` are
those of the kind the player played most rounds of (a tie: plus), named by
``scoring``.

>>> from jolly_scorer.core.game import Counted, Round, add_round, new_game
>>> from jolly_scorer.core.rules import find_rules
>>> game = new_game(find_rules("jolly_at"), ["Anna", "Ben"])
>>> game = add_round(game, Round(closed_by="Anna",
...                              counted=(("Anna", Counted(good=40)),
...                                       ("Ben", Counted(bad=12)))))
>>> anna, ben = player_stats([game])
>>> anna.player, anna.games, anna.rounds, anna.best, anna.went_out
('Anna', 1, 1, 70, 1)
>>> ben.average, ben.scoring, ben.penalty is None
(-12.0, 'plus', True)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from jolly_scorer.core.game import Game
from jolly_scorer.core.scoring import GameResult, score_game

__all__ = ["KindStats", "PlayerStats", "player_stats"]

Scoring = Literal["plus", "penalty"]


@dataclass(frozen=True, slots=True)
class KindStats:
    """A player's rounds of one scoring kind: how many, their average, the best."""

    rounds: int
    average: float
    best: int

    def to_json(self) -> dict[str, object]:
        """``{"rounds", "average", "best"}``."""
        return {
            "rounds": self.rounds,
            "average": round(self.average, 2),
            "best": self.best,
        }


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's record over all games.

    ``rounds`` counts every round; ``average`` and ``best`` are those of
    ``scoring``, the kind the player played most rounds of; ``plus`` and
    ``penalty`` hold each kind apart (None: no round of that kind).
    """

    player: str
    games: int
    won: int
    rounds: int
    average: float
    best: int | None
    went_out: int
    handglatt: int
    scoring: Scoring = "plus"
    plus: KindStats | None = None
    penalty: KindStats | None = None

    def to_json(self) -> dict[str, object]:
        """The object of ``jolly-scorer stats --json``."""
        return {
            "player": self.player,
            "games": self.games,
            "won": self.won,
            "rounds": self.rounds,
            "average": round(self.average, 2),
            "best": self.best,
            "went_out": self.went_out,
            "handglatt": self.handglatt,
            "scoring": self.scoring,
            "plus": None if self.plus is None else self.plus.to_json(),
            "penalty": None if self.penalty is None else self.penalty.to_json(),
        }


@dataclass(slots=True)
class _Tally:
    games: int = 0
    won: int = 0
    scores: dict[Scoring, list[int]] = field(
        default_factory=lambda: {"plus": [], "penalty": []}
    )
    went_out: int = 0
    handglatt: int = 0

    def kind(self, scoring: Scoring) -> KindStats | None:
        scores = self.scores[scoring]
        if not scores:
            return None
        best = max(scores) if scoring == "plus" else min(scores)
        return KindStats(len(scores), sum(scores) / len(scores), best)


def player_stats(
    games: Iterable[Game], results: Iterable[GameResult] | None = None
) -> list[PlayerStats]:
    """Statistics per player: most games won first, then most played, then name.

    ``results`` (the scored games, in the same order) saves scoring again.
    """
    game_list = list(games)
    result_list = (
        [score_game(g) for g in game_list] if results is None else list(results)
    )
    tallies: dict[str, _Tally] = {}
    for game, result in zip(game_list, result_list, strict=True):
        if not game.rounds:
            continue
        scoring: Scoring = "plus" if game.rules.is_plus else "penalty"
        for player in game.players:
            tally = tallies.setdefault(player, _Tally())
            tally.games += 1
            if result.game_over and player in result.winners:
                tally.won += 1
        for entry, scored in zip(game.rounds, result.rounds, strict=True):
            for player in game.players:
                tallies[player].scores[scoring].append(scored.scores[player].score)
            if entry.closed_by in tallies and entry.closed_by in game.players:
                tallies[entry.closed_by].went_out += 1
                if entry.handglatt:
                    tallies[entry.closed_by].handglatt += 1
    stats = []
    for name, t in tallies.items():
        plus, penalty = t.kind("plus"), t.kind("penalty")
        main: Scoring = (
            "penalty"
            if penalty is not None and (plus is None or penalty.rounds > plus.rounds)
            else "plus"
        )
        shown = plus if main == "plus" else penalty
        stats.append(
            PlayerStats(
                player=name,
                games=t.games,
                won=t.won,
                rounds=sum(len(v) for v in t.scores.values()),
                average=0.0 if shown is None else shown.average,
                best=None if shown is None else shown.best,
                went_out=t.went_out,
                handglatt=t.handglatt,
                scoring=main,
                plus=plus,
                penalty=penalty,
            )
        )
    stats.sort(key=lambda s: (-s.won, -s.games, s.player))
    return stats
