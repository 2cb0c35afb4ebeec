"""Round and game scoring, with a complete check of every round first.

Plus scoring: ``score = good - bad + bonus``, the highest total wins once a total
reaches the target. Penalty scoring: ``score = bad``, the lowest total wins once a
total reaches (or passes) the limit. See ``docs/rules.md`` ("Scoring a round",
"When the game ends").

>>> from jolly_scorer.core.cards import parse_cards
>>> from jolly_scorer.core.record import Game, Round, TableMeld
>>> from jolly_scorer.core.rules import find_rules
>>> game = Game(find_rules("jolly_at"), ("A", "B"), target=500)
>>> entry = Round(closed_by="A", table=(TableMeld.of("A", parse_cards("9h 10h Jh")),),
...               hands=(("B", parse_cards("9s")),))
>>> result = score_round(game, entry)
>>> result.scores["A"], result.scores["B"].score
(PlayerScore(good=29, bad=0, bonus=30, score=59), -9)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from jolly_scorer.core.cards import Card, Rank
from jolly_scorer.core.errors import GameFileError
from jolly_scorer.core.melds import Meld, check_meld
from jolly_scorer.core.pack import PackCount
from jolly_scorer.core.record import Game, Round
from jolly_scorer.core.rules import Rules
from jolly_scorer.core.standings import leaders
from jolly_scorer.core.values import WHOLE_MAX, as_whole, is_text

__all__ = [
    "GameResult",
    "PlayerScore",
    "RoundResult",
    "bad_points",
    "check_players",
    "score_game",
    "score_game_from",
    "score_round",
]


@dataclass(frozen=True, slots=True)
class PlayerScore:
    """One player's part of a round; ``bad`` is after any Handglatt doubling."""

    good: int
    bad: int
    bonus: int
    score: int

    def to_json(self) -> dict[str, int]:
        """``{"good", "bad", "bonus", "score"}`` as in ``docs/formats.md``."""
        return {
            "good": self.good,
            "bad": self.bad,
            "bonus": self.bonus,
            "score": self.score,
        }


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A scored round: each player's score, the totals after it, the table melds."""

    scores: Mapping[str, PlayerScore]
    totals: Mapping[str, int]
    melds: tuple[Meld, ...]

    def to_json(self) -> dict[str, object]:
        """The round object of ``jolly-scorer score --json``."""
        return {
            "scores": {p: s.to_json() for p, s in self.scores.items()},
            "totals": dict(self.totals),
        }


@dataclass(frozen=True, slots=True)
class GameResult:
    """A scored game: every round, the totals, whether it is over and who won."""

    rounds: tuple[RoundResult, ...]
    totals: Mapping[str, int]
    game_over: bool
    winners: tuple[str, ...]

    def to_json(self) -> dict[str, object]:
        """The object of ``jolly-scorer score --json``."""
        return {
            "rounds": [r.to_json() for r in self.rounds],
            "totals": dict(self.totals),
            "game_over": self.game_over,
            "winners": list(self.winners),
        }

    def totals_after(self) -> list[dict[str, int]]:
        """The totals after every round (for the chart)."""
        return [dict(r.totals) for r in self.rounds]


def bad_points(cards: Sequence[Card], rules: Rules) -> int:
    """Bad points of cards left in a hand.

    >>> from jolly_scorer.core.cards import parse_cards
    >>> from jolly_scorer.core.rules import find_rules
    >>> bad_points(parse_cards("Ah X Jd 4c"), find_rules("jolly_at"))
    89
    """
    total = 0
    for card in cards:
        if card.rank is None:
            total += rules.penalty_joker
        elif card.rank is Rank.ACE:
            total += rules.penalty_ace
        elif card.rank.is_face:
            total += rules.penalty_face
        else:
            total += card.rank.number
    return total


def check_players(players: Sequence[str], rules: Rules) -> None:
    """Players must be named, different, and as many as the rules allow."""
    for name in players:
        if not is_text(name) or not name.strip():
            raise GameFileError(f"players: {name!r} is not a player's name")
    twice = [p for p, k in Counter(players).items() if k > 1]
    if twice:
        raise GameFileError(f"players: {twice[0]!r} is named twice")
    count = len(players)
    if not rules.players_min <= count <= rules.players_max:
        word = "player" if count == 1 else "players"
        raise GameFileError(
            f"players: {count} {word}, the rules allow "
            f"{rules.players_min} to {rules.players_max}"
        )


class _Place:
    """Names a place in a game for error messages."""

    def __init__(self, round_number: int) -> None:
        self.round = f"round {round_number}"

    def __call__(self, where: str | None, message: str) -> GameFileError:
        prefix = self.round if where is None else f"{self.round}, {where}"
        return GameFileError(f"{prefix}: {message}")


def _check_player(
    name: str | None, players: Sequence[str], place: _Place, where: str | None
) -> None:
    if name not in players:
        raise place(where, f"{name!r} is not a player")


def _validate(game: Game, entry: Round, place: _Place) -> tuple[Meld, ...]:
    rules, players = game.rules, game.players
    if entry.closed_by is not None:
        _check_player(entry.closed_by, players, place, None)
    if entry.handglatt and entry.closed_by is None:
        raise place(None, "a Handglatt needs the player who went out (closed_by)")
    counted = entry.counted_of
    hands = entry.hand_of
    if len(hands) != len(entry.hands):
        raise place(None, "a hand is entered twice")
    for name, value in entry.counted:
        _check_player(name, players, place, "counted")
        for key, points in (("good", value.good), ("bad", value.bad)):
            if as_whole(points) is None:
                raise place(
                    f"counted {key} of {name}",
                    f"{points!r} is not a whole number from 0 to {WHOLE_MAX}",
                )
        if name == entry.closed_by and value.bad:
            raise place(
                f"counted bad of {name}",
                f"{name} went out and holds no cards, so has no bad points",
            )
    melds: list[Meld] = []
    pack = PackCount(rules)

    def count(cards: Sequence[Card], where: str) -> None:
        for card in cards:
            if not pack.add(card):
                raise place(where, pack.message(card))

    for i, table_meld in enumerate(entry.table, 1):
        where = f"table meld {i}"
        _check_player(table_meld.by, players, place, where)
        for placed in table_meld.cards:
            if placed.by is not None:
                _check_player(placed.by, players, place, f"{where}, card {placed.card}")
        cards = [placed.card for placed in table_meld.cards]
        meld = check_meld(cards, rules)
        if not meld.valid:
            shown = " ".join(str(c) for c in cards)
            raise place(where, f"invalid meld {shown}: {meld.message}")
        count(cards, where)
        melds.append(meld)
    for name, hand in entry.hands:
        where = f"hand of {name}"
        _check_player(name, players, place, where)
        if name == entry.closed_by and hand:
            raise place(where, f"{name} went out and holds no cards")
        if rules.hand_max is not None and len(hand) > rules.hand_max:
            raise place(
                where, f"{len(hand)} cards, a hand holds at most {rules.hand_max}"
            )
        count(hand, where)
    if entry.discard is not None:
        count([entry.discard], "discard")
    for name in players:
        if name == entry.closed_by or name in counted:
            continue
        if name not in hands:
            raise place(None, f"no hand entered for {name}")
        if not hands[name]:
            raise place(
                f"hand of {name}",
                f"{name} did not go out and holds at least one card",
            )
    return tuple(melds)


def score_round(
    game: Game, entry: Round, round_number: int | None = None
) -> RoundResult:
    """Validate one round of ``game`` and score it (totals are this round's only).

    ``round_number`` (1-based) names the round in errors; by default the next one.
    """
    number = len(game.rounds) + 1 if round_number is None else round_number
    place = _Place(number)
    melds = _validate(game, entry, place)
    rules = game.rules
    good = dict.fromkeys(game.players, 0)
    bad = dict.fromkeys(game.players, 0)
    for table_meld, meld in zip(entry.table, melds, strict=True):
        for slot, index in enumerate(meld.order):
            good[table_meld.credited(index)] += meld.card_points[slot]
    for name, hand in entry.hands:
        bad[name] += bad_points(hand, rules)
    for name, value in entry.counted:
        good[name] += value.good
        bad[name] += value.bad
    multiplier = rules.handglatt_multiplier if entry.handglatt else 1
    scores: dict[str, PlayerScore] = {}
    for name in game.players:
        closer = name == entry.closed_by
        player_bad = bad[name] if closer else bad[name] * multiplier
        if rules.is_plus:
            bonus = 0
            if closer:
                bonus = (
                    rules.handglatt_bonus if entry.handglatt else rules.closing_bonus
                )
            score = good[name] - player_bad + bonus
            scores[name] = PlayerScore(good[name], player_bad, bonus, score)
        else:
            scores[name] = PlayerScore(0, player_bad, 0, player_bad)
    totals = {name: scores[name].score for name in game.players}
    return RoundResult(scores, totals, melds)


def _winners(
    game: Game, totals: Mapping[str, int], rounds: int
) -> tuple[str, ...] | None:
    """The winners if the game is over after ``rounds`` rounds, else None."""
    rules = game.rules
    at_limit = game.rounds_limit is not None and rounds >= game.rounds_limit
    ahead = leaders(game.players, totals, plus=rules.is_plus)
    if rules.is_plus:
        if at_limit:
            return ahead
        if _reached(totals[ahead[0]], game):
            return ahead if len(ahead) == 1 else None
        return None
    if at_limit or any(_reached(totals[p], game) for p in game.players):
        return ahead
    return None


def _reached(total: int, game: Game) -> bool:
    return total >= game.target if game.rules.target_inclusive else total > game.target


def score_game(game: Game) -> GameResult:
    """Validate and score a whole game: running totals, the end, the winners.

    Raises :class:`GameFileError` naming the place of the first problem; nothing
    is half-scored.
    """
    return score_game_from(game, None, 0)


def score_game_from(
    game: Game, previous: GameResult | None, unchanged: int
) -> GameResult:
    """Score ``game`` again after a change, reusing the first ``unchanged`` rounds
    of ``previous``: the result of a game with the same players, rules, target,
    limit and first ``unchanged`` rounds (the operations of
    :mod:`~jolly_scorer.core.game` know which rounds they changed).

    >>> from jolly_scorer.core.record import Counted, Game, Round
    >>> from jolly_scorer.core.rules import find_rules
    >>> game = Game(find_rules("romme_de"), ("A", "B"), target=100)
    >>> one = Round(closed_by="A", counted=(("B", Counted(bad=30)),))
    >>> first = score_game(Game(game.rules, game.players, 100, rounds=(one,)))
    >>> later = Game(game.rules, game.players, 100, rounds=(one, one))
    >>> score_game_from(later, first, 1) == score_game(later)
    True
    """
    check_players(game.players, game.rules)
    for key, value in (("target", game.target), ("rounds_limit", game.rounds_limit)):
        if (value is not None or key == "target") and as_whole(value, 1) is None:
            raise GameFileError(
                f"{key}: {value!r} is not a whole number from 1 to {WHOLE_MAX}"
            )
    start = 0
    results: list[RoundResult] = []
    totals = dict.fromkeys(game.players, 0)
    winners: tuple[str, ...] | None = None
    if previous is not None and unchanged > 0:
        if not unchanged <= min(len(previous.rounds), len(game.rounds)) or set(
            previous.totals
        ) != set(game.players):
            raise ValueError(f"{unchanged} unchanged rounds: not in both games")
        start = unchanged
        results = list(previous.rounds[:start])
        totals = dict(results[-1].totals)
        winners = _winners(game, totals, start)
    for number in range(start + 1, len(game.rounds) + 1):
        if winners is not None:
            raise GameFileError(
                f"round {number}: the game was already over after round {number - 1}"
            )
        result = score_round(game, game.rounds[number - 1], number)
        for name in game.players:
            totals[name] += result.scores[name].score
        results.append(RoundResult(result.scores, dict(totals), result.melds))
        winners = _winners(game, totals, number)
    if winners is None and game.finished and game.rounds:
        winners = leaders(game.players, totals, plus=game.rules.is_plus)
    return GameResult(tuple(results), totals, winners is not None, winners or ())
