"""An event's tables and rankings, worked out once per saved round for every
page of this process.

At a club evening every saved round makes the organiser's page, the
projector's ranking page and each "follow from home" page read the event
again. Scoring every game of the event for each of them costs the server
most of a saved round's time (72 players × 4 series: about 200 ms a page).
Two things make it cheap, both keyed on values the store already keeps:

* a game's result is kept with the game value it was scored from: the store
  hands out the same :class:`~jolly_scorer.core.game.Game` value for a game
  that did not change (``Store.load_game``), so only the changed game is
  scored again (the core's ranking takes the results given,
  :class:`~jolly_scorer.core.club.ranking.SeriesPlay`);
* the rankings of one state of the event (its revision and the very game
  values read) are worked out once and shared by every page that reads the
  same state.

Both are bounded, and an entry is used only for the same value it was made
from (compared by identity, then kept alive by the entry), so nothing stale
is ever shown.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, replace

from jolly_scorer.core.club.ranking import Ranking, rank_event, rank_series
from jolly_scorer.core.game import Game
from jolly_scorer.core.scoring import GameResult, score_game
from jolly_scorer.store.club_store import EventPlay

__all__ = ["EventRankings", "event_rankings", "game_result"]

_RESULTS_KEPT = 2048  # game results (a game's value and its result)
_RANKINGS_KEPT = 16  # states of events

_lock = threading.Lock()
_results: OrderedDict[int, tuple[Game, GameResult]] = OrderedDict()
_rankings: OrderedDict[tuple[object, ...], tuple[EventPlay, EventRankings]] = (
    OrderedDict()
)


@dataclass(frozen=True, slots=True)
class EventRankings:
    """Per series (1 first) its games' results and ranking, and the overall."""

    results: tuple[tuple[tuple[GameResult, ...], ...], ...]
    series: tuple[Ranking, ...]
    overall: Ranking


def game_result(game: Game) -> GameResult:
    """``score_game(game)``, scored once per game value."""
    with _lock:
        kept = _results.get(id(game))
        if kept is not None and kept[0] is game:
            _results.move_to_end(id(game))
            return kept[1]
    result = score_game(game)
    with _lock:
        _results[id(game)] = (game, result)
        while len(_results) > _RESULTS_KEPT:
            _results.popitem(last=False)
    return result


def event_rankings(event_id: int, revision: int, play: EventPlay) -> EventRankings:
    """The rankings of ``play`` (read at the event's ``revision``)."""
    key: tuple[object, ...] = (
        event_id,
        revision,
        tuple(id(g) for p in play.plays for table in p.games for g in table),
    )
    with _lock:
        kept = _rankings.get(key)
        if kept is not None and _same_games(kept[0], play):
            _rankings.move_to_end(key)
            return kept[1]
    plays = tuple(
        replace(p, results=tuple(tuple(map(game_result, t)) for t in p.games))
        for p in play.plays
    )
    rankings = EventRankings(
        results=tuple(p.results or () for p in plays),
        series=tuple(rank_series(play.record.event, p) for p in plays),
        overall=rank_event(play.record.event, plays),
    )
    with _lock:
        _rankings[key] = (play, rankings)
        while len(_rankings) > _RANKINGS_KEPT:
            _rankings.popitem(last=False)
    return rankings


def _same_games(a: EventPlay, b: EventPlay) -> bool:
    """The same game values (not equal ones: the very values) in one order,
    and the same event."""
    if a.record != b.record:
        return False
    games_a = [g for p in a.plays for t in p.games for g in t]
    games_b = [g for p in b.plays for t in p.games for g in t]
    return len(games_a) == len(games_b) and all(
        x is y for x, y in zip(games_a, games_b, strict=True)
    )
