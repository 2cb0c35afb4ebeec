"""The ranking of a club evening, per series and overall, with its tie-break.

A player's *raw score* in a series is the sum of their game totals in that
series (the rules' scoring: plus scoring, higher is better; penalty scoring,
lower is better). With a conversion table (:mod:`~.club_points`) the
*tournament points* of every round and game won add up as well, and rank
first. The order is total: the rule of :func:`tie_break_rule` ends with the
drawn lots, so no two players share a place; a place decided by lot says so
(:attr:`Ranked.by_lot`).

A player who missed a series (arrived late, left early) counts for it the
worst raw score anyone played in it and no tournament points: missing a
series never helps (between lines equal in every other step, the player who
played more series ranks first, before any lot). A series a player's table
has saved nothing of yet is not yet played: missing from the line (None),
never a 0, and after every result in it where the last series decides.

>>> from jolly_scorer.core.club.seating import Seating
>>> from jolly_scorer.core.club.event import ClubEvent
>>> from jolly_scorer.core.game import Counted, Round, add_round, new_game
>>> from jolly_scorer.core.rules import find_rules
>>> rules = find_rules("romme_de")
>>> event = ClubEvent("Club", rules, ("A", "B", "C"), 1, games_per_series=1)
>>> hands = (("A", Counted(bad=30)), ("C", Counted(bad=5)))
>>> game = add_round(new_game(rules, ["A", "B", "C"]), Round("B", counted=hands))
>>> play = SeriesPlay(Seating(1, "draw", 9, (("A", "B", "C"),)), ((game,),))
>>> [(r.place, r.line.player, r.line.raw) for r in rank_event(event, [play]).entries]
[(1, 'B', 0), (2, 'C', 5), (3, 'A', 30)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from jolly_scorer.core.club.event import ClubEvent
from jolly_scorer.core.club.points import Conversion
from jolly_scorer.core.club.seating import Seating, lot, standing_seating
from jolly_scorer.core.errors import ClubError
from jolly_scorer.core.names import name_key
from jolly_scorer.core.record import Game
from jolly_scorer.core.scoring import GameResult, score_game

__all__ = [
    "MISSED_RULE",
    "MISSED_RULE_RAW",
    "PLAYED_MORE",
    "Line",
    "Ranked",
    "Ranking",
    "SeriesPlay",
    "next_seating",
    "rank_event",
    "missed_rule",
    "rank_series",
    "tie_break_rule",
]

PLAYED_MORE = "the one who played more series"
"""The overall ranking's step before the lots: between equal lines the
player who played ranks first (a missed series never helps, not even by
lot)."""

MISSED_RULE = (
    "A player who missed a series counts for it the worst raw score played in "
    "it and no tournament points: missing a series never helps."
)
"""What a missed series counts, in words for the organiser."""

MISSED_RULE_RAW = (
    "A player who missed a series counts for it the worst raw score played in "
    "it: missing a series never helps."
)
"""The same for an event without tournament points."""


def missed_rule(ranking: Ranking) -> str:
    """What a missed series counts, for ``ranking`` (tournament points are
    named only when the event uses them)."""
    points = any(r.line.points is not None for r in ranking.entries)
    return MISSED_RULE if points else MISSED_RULE_RAW


@dataclass(frozen=True, slots=True)
class SeriesPlay:
    """One series as played: its seating and, per table, the games played there
    (in order; a table with no game yet has none). Each game's players are
    exactly its table's players.

    ``results`` (optional, the same shape as ``games``) are the games'
    results, ``score_game(game)``, when the caller keeps them (a page that
    ranks again after every saved round): then only a changed game is scored
    again. Without them every game is scored.
    """

    seating: Seating
    games: tuple[tuple[Game, ...], ...]
    results: tuple[tuple[GameResult, ...], ...] | None = None

    def __post_init__(self) -> None:
        if len(self.games) != len(self.seating.tables):
            raise ClubError(
                f"series {self.seating.series}: games for {len(self.games)} "
                f"tables, {len(self.seating.tables)} tables seated"
            )
        if self.results is not None and [len(r) for r in self.results] != [
            len(g) for g in self.games
        ]:
            raise ClubError(f"series {self.seating.series}: a result for each game")
        for number, (table, games) in enumerate(
            zip(self.seating.tables, self.games, strict=True), 1
        ):
            seated = sorted(map(name_key, table))
            for game in games:
                if sorted(map(name_key, game.players)) != seated:
                    raise ClubError(
                        f"series {self.seating.series}, table {number}: a game of "
                        f"{', '.join(game.players)} is not this table's game"
                    )


@dataclass(frozen=True, slots=True)
class Line:
    """One player's line: tournament points (None: the event ranks by raw
    score), raw score, games played and won, and per series the measure that
    ranks (points, or raw score) with None for a series missed or not yet
    played (the table saved nothing of it yet)."""

    player: str
    points: int | None
    raw: int
    games: int
    won: int
    series: tuple[int | None, ...]


@dataclass(frozen=True, slots=True)
class Ranked:
    """A place (1 is best, each place once) and its line; ``by_lot`` when only
    the drawn lots told this player from a neighbour."""

    place: int
    line: Line
    by_lot: bool


@dataclass(frozen=True, slots=True)
class Ranking:
    """A ranking (``series`` None: overall), best first, with its tie-break
    rule in words."""

    series: int | None
    entries: tuple[Ranked, ...]
    tie_break: tuple[str, ...]
    #: the event's seed the lots are drawn from (shown wherever lots decide)
    seed: int | None = None

    @property
    def order(self) -> tuple[str, ...]:
        """The players, best first."""
        return tuple(r.line.player for r in self.entries)


def tie_break_rule(
    *, points: bool, plus: bool, overall: bool, seed: int | None = None
) -> tuple[str, ...]:
    """The order of the ranking in words, one step a line (English; the UI
    translates). ``points``: the event uses tournament points; ``seed``: the
    event's seed the lots are drawn from, written in the last step (so that
    anyone can draw the lots again: :func:`~.seating.lot`).

    >>> for line in tie_break_rule(points=True, plus=False, overall=True, seed=42):
    ...     print(line)
    1. more tournament points
    2. then the better raw score (the lower: penalty scoring)
    3. then more games won
    4. then the better result in the last series, then in the one before, and so on
    5. then the one who played more series
    6. then the drawn lots (the event's seed 42)
    """
    raw = "the higher: plus scoring" if plus else "the lower: penalty scoring"
    steps = ["more tournament points"] if points else []
    steps.append(f"the better raw score ({raw})")
    steps.append("more games won")
    if overall:
        steps.append(
            "the better result in the last series, then in the one before, and so on"
        )
        steps.append(PLAYED_MORE)
    if seed is None:
        steps.append("the drawn lots (from the event's seed)")
    else:
        steps.append(f"the drawn lots (the event's seed {seed})")
    return tuple(
        f"{i}. {step if i == 1 else 'then ' + step}" for i, step in enumerate(steps, 1)
    )


@dataclass(frozen=True, slots=True)
class _Tally:
    points: int
    raw: int
    games: int
    won: int


def _tally(play: SeriesPlay, conversion: Conversion | None) -> dict[str, _Tally]:
    """Each seated player's results in one series."""
    tallies = {p: _Tally(0, 0, 0, 0) for p in play.seating.players}
    for number, (table, games) in enumerate(
        zip(play.seating.tables, play.games, strict=True)
    ):
        by_key = {name_key(p): p for p in table}
        for index, game in enumerate(games):
            if play.results is None:
                result = score_game(game)
            else:
                result = play.results[number][index]
                if len(result.rounds) != len(game.rounds) or set(result.totals) != set(
                    game.players
                ):
                    raise ClubError("a result given is not its game's result")
            points = conversion.game_points(game, result) if conversion else {}
            for player in game.players:
                seated = by_key[name_key(player)]
                t = tallies[seated]
                tallies[seated] = _Tally(
                    t.points + points.get(player, 0),
                    t.raw + result.totals[player],
                    t.games + bool(game.rounds),  # a game begun: not played yet
                    t.won + (result.game_over and player in result.winners),
                )
    return tallies


def _ranked(
    lines: Sequence[Line],
    *,
    high: bool,
    plus: bool,
    seed: int,
    filled: Sequence[tuple[int | None, ...]] | None = None,
) -> tuple[Ranked, ...]:
    """``lines`` in order; ``high``: the series measure is better high (points,
    or plus scoring); ``filled``: per line, the series measures with missed
    series filled in and None for a series not yet played (the overall
    ranking's fourth step; then the fifth: fewer series missed)."""

    def key(i: int) -> tuple[object, ...]:
        line = lines[i]
        # a series not yet played (None) is after every result in it
        later = tuple(
            (v is None, 0 if v is None else -v if high else v)
            for v in reversed(filled[i] if filled else ())
        )
        return (
            # a series' ranking while it is played: nothing played yet (a
            # table that saved no round) is no result, not a raw score of 0
            # that would rank first
            filled is None and line.games == 0,
            -(line.points or 0),
            -line.raw if plus else line.raw,
            -line.won,
            later,
            sum(v is None for v in line.series),
        )

    keys = [key(i) for i in range(len(lines))]
    order = sorted(
        range(len(lines)), key=lambda i: (keys[i], lot(seed, "lots", lines[i].player))
    )
    return tuple(
        Ranked(
            place,
            lines[i],
            (place > 1 and keys[order[place - 2]] == keys[i])
            or (place < len(order) and keys[order[place]] == keys[i]),
        )
        for place, i in enumerate(order, 1)
    )


def rank_series(event: ClubEvent, play: SeriesPlay) -> Ranking:
    """The ranking of one series: the players seated in it, by the rule of
    :func:`tie_break_rule` (the lots drawn from the event's seed)."""
    conversion = event.points
    tallies = _tally(play, conversion)
    number = play.seating.series
    lines = [
        Line(
            player,
            t.points if conversion else None,
            t.raw,
            t.games,
            t.won,
            (t.points if conversion else t.raw,),
        )
        for player, t in tallies.items()
    ]
    plus = event.rules.is_plus
    return Ranking(
        number,
        _ranked(lines, high=conversion is not None or plus, plus=plus, seed=event.seed),
        tie_break_rule(
            points=conversion is not None, plus=plus, overall=False, seed=event.seed
        ),
        event.seed,
    )


def rank_event(event: ClubEvent, plays: Sequence[SeriesPlay]) -> Ranking:
    """The overall ranking of every player of the event after the series
    ``plays`` (in order, 1 first), by the rule of :func:`tie_break_rule`.

    A missed series counts the worst raw score played in it and no points
    (:data:`MISSED_RULE`).
    """
    for number, play in enumerate(plays, 1):
        if play.seating.series != number:
            raise ClubError(f"series {play.seating.series} given as series {number}")
    conversion = event.points
    plus = event.rules.is_plus
    per_series = [_tally(play, conversion) for play in plays]
    by_key = {name_key(p): p for p in event.players}
    keyed: list[dict[str, _Tally]] = []  # each series' tallies by name key
    for tallies in per_series:
        for player in tallies:
            if name_key(player) not in by_key:
                raise ClubError(f"{player!r} is seated but not a player of the event")
        keyed.append({name_key(p): t for p, t in tallies.items()})
    lines: list[Line] = []
    filled: list[tuple[int | None, ...]] = []
    for player in event.players:
        points = raw = games = won = 0
        series: list[int | None] = []
        measures: list[int | None] = []
        key = name_key(player)
        for tallies in keyed:
            mine = tallies.get(key)
            if mine is not None and not mine.games:
                # seated, but the table saved nothing yet: not yet played
                # (missing, not a 0 that would be the best result)
                series.append(None)
                measures.append(None)
                continue
            if mine is None:
                raws = [t.raw for t in tallies.values() if t.games]
                worst = (min(raws) if plus else max(raws)) if raws else 0
                raw += worst
                series.append(None)
                measures.append(0 if conversion else worst)
                continue
            points += mine.points
            raw += mine.raw
            games += mine.games
            won += mine.won
            series.append(mine.points if conversion else mine.raw)
            measures.append(mine.points if conversion else mine.raw)
        filled.append(tuple(measures))
        lines.append(
            Line(player, points if conversion else None, raw, games, won, tuple(series))
        )
    return Ranking(
        None,
        _ranked(
            lines,
            high=conversion is not None or plus,
            plus=plus,
            seed=event.seed,
            filled=filled,
        ),
        tie_break_rule(
            points=conversion is not None, plus=plus, overall=True, seed=event.seed
        ),
        event.seed,
    )


def next_seating(
    event: ClubEvent,
    plays: Sequence[SeriesPlay],
    playing: Sequence[str],
    *,
    seed: int,
) -> Seating:
    """Series ``len(plays) + 1`` seated by standing: ``playing`` (who plays it,
    see :func:`~.club.next_players`) in the order of the overall ranking so
    far, the best at table 1; ``seed`` draws the seats within each table.

    >>> from jolly_scorer.core.rules import find_rules
    >>> event = ClubEvent("Club", find_rules("romme_de"), ("A", "B", "C", "D"), 2, 1)
    >>> next_seating(event, [], ["A", "B", "C", "D"], seed=1).series
    1
    """
    ranking = rank_event(event, plays)
    place = {name_key(p): i for i, p in enumerate(ranking.order)}
    for player in playing:
        if name_key(player) not in place:
            raise ClubError(f"{player!r} is not a player of the event")
    ranked = sorted(playing, key=lambda p: place[name_key(p)])
    event.check_count(len(ranked))
    return standing_seating(ranked, series=len(plays) + 1, seed=seed, fives=event.fives)
