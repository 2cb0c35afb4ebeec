"""Per-player statistics over many games (pure: game values in, numbers out).

A game counts for a player once it has at least one round. ``average`` is the
mean of the player's round scores (``score`` in ``docs/formats.md``: in penalty
scoring these are penalty points); ``best`` is the best single round by the
rules of its game: the highest score in plus scoring, the lowest in penalty
scoring.

>>> from jolly_scorer.core.game import Counted, Round, add_round, new_game
>>> from jolly_scorer.core.rules import find_rules
>>> game = new_game(find_rules("jolly_at"), ["Anna", "Ben"])
>>> game = add_round(game, Round(closed_by="Anna",
...                              counted=(("Anna", Counted(good=40)),
...                                       ("Ben", Counted(bad=12)))))
>>> anna, ben = player_stats([game])
>>> anna.player, anna.games, anna.rounds, anna.best, anna.went_out
('Anna', 1, 1, 70, 1)
>>> ben.average
-12.0
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from jolly_scorer.core.game import Game
from jolly_scorer.core.scoring import GameResult, score_game

__all__ = ["PlayerStats", "player_stats"]


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's record over all games."""

    player: str
    games: int
    won: int
    rounds: int
    average: float
    best: int | None
    went_out: int
    handglatt: int

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
        }


@dataclass(slots=True)
class _Tally:
    games: int = 0
    won: int = 0
    scores: list[int] = field(default_factory=list)
    best: int | None = None
    best_merit: int | None = None
    went_out: int = 0
    handglatt: int = 0


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
        sign = 1 if game.rules.is_plus else -1
        for player in game.players:
            tally = tallies.setdefault(player, _Tally())
            tally.games += 1
            if result.game_over and player in result.winners:
                tally.won += 1
        for entry, scored in zip(game.rounds, result.rounds, strict=True):
            for player in game.players:
                tally = tallies[player]
                score = scored.scores[player].score
                tally.scores.append(score)
                if tally.best_merit is None or sign * score > tally.best_merit:
                    tally.best_merit, tally.best = sign * score, score
            if entry.closed_by in tallies and entry.closed_by in game.players:
                tallies[entry.closed_by].went_out += 1
                if entry.handglatt:
                    tallies[entry.closed_by].handglatt += 1
    stats = [
        PlayerStats(
            player=name,
            games=t.games,
            won=t.won,
            rounds=len(t.scores),
            average=sum(t.scores) / len(t.scores) if t.scores else 0.0,
            best=t.best,
            went_out=t.went_out,
            handglatt=t.handglatt,
        )
        for name, t in tallies.items()
    ]
    stats.sort(key=lambda s: (-s.won, -s.games, s.player))
    return stats
