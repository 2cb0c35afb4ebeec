"""Issue 38.7: limits a club would never reach, written down and refused
with a message: rounds a game (a 100,000-round game froze every page 2.4 s
when opened) and players an event (a 10,000-player event took the
organiser's screen 17 s)."""

from __future__ import annotations

import pytest

from jolly_scorer.core.club.event import ClubEvent
from jolly_scorer.core.club.seating import MAX_EVENT_PLAYERS, TOO_MANY_PLAYERS
from jolly_scorer.core.errors import ClubError, GameFileError
from jolly_scorer.core.game import Counted, Round, add_round
from jolly_scorer.core.gamefile import game_from_json, game_to_json, round_to_json
from jolly_scorer.core.record import MAX_ROUNDS, TOO_MANY_ROUNDS
from jolly_scorer.core.rules import find_rules
from jolly_scorer.i18n import Translator

PLAYERS = ("Anna", "Ben")


def _round(n: int) -> Round:
    closer = PLAYERS[n % 2]
    return Round(
        closed_by=closer,
        counted=tuple(
            (p, Counted(good=1, bad=0 if p == closer else 1)) for p in PLAYERS
        ),
    )


def test_a_game_takes_at_most_max_rounds() -> None:
    data = {
        "rules": "jolly_at",
        "players": list(PLAYERS),
        "target": 10**9,
        "rounds": [round_to_json(_round(n)) for n in range(MAX_ROUNDS)],
    }
    game = game_from_json(data)
    assert len(game.rounds) == MAX_ROUNDS
    with pytest.raises(GameFileError, match="at most 1,000 rounds") as caught:
        add_round(game, _round(MAX_ROUNDS))
    assert str(caught.value) == TOO_MANY_ROUNDS
    longer = dict(data, rounds=[*data["rounds"], round_to_json(_round(0))])
    with pytest.raises(GameFileError, match="at most 1,000 rounds"):
        game_from_json(longer)
    assert len(game_to_json(game)["rounds"]) == MAX_ROUNDS


def test_an_event_takes_at_most_max_event_players() -> None:
    rules = find_rules("romme_de")
    players = tuple(f"P{n}" for n in range(MAX_EVENT_PLAYERS + 1))
    ClubEvent("Club", rules, players[:-1], series_count=1, games_per_series=1)
    with pytest.raises(ClubError) as caught:
        ClubEvent("Club", rules, players, series_count=1, games_per_series=1)
    assert str(caught.value) == TOO_MANY_PLAYERS


@pytest.mark.parametrize("text", [TOO_MANY_ROUNDS, TOO_MANY_PLAYERS])
def test_the_refusals_are_worded_in_every_language(text: str) -> None:
    for language in ("de", "fi"):
        assert Translator(language)(text) != text
