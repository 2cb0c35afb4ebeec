"""Round and game scoring: validation, bonuses, the end of the game."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from jolly_scorer.core import game as ops
from jolly_scorer.core.errors import GameFileError
from jolly_scorer.core.gamefile import game_to_json, load_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.core.scoring import score_game


def game(
    rules: Any = "jolly_at", players: Any = ("A", "B"), **extra: Any
) -> dict[str, Any]:
    return {"rules": rules, "players": list(players), "rounds": [], **extra}


def simple_round(**changes: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "closed_by": "A",
        "table": [{"by": "A", "cards": ["9h", "10h", "Jh"]}],
        "hands": {"B": ["9s"]},
        "discard": "2c",
    }
    return entry | changes


def scored(data: dict[str, Any]) -> dict[str, Any]:
    return score_game(load_game(data)).to_json()


@pytest.mark.parametrize(
    ("round_changes", "message"),
    [
        ({"closed_by": "Z"}, "round 1: 'Z' is not a player"),
        ({"handglatt": True, "closed_by": None}, "round 1: a Handglatt needs"),
        ({"hands": {}}, "round 1: no hand entered for B"),
        ({"hands": {"B": []}}, "round 1, hand of B: B did not go out"),
        ({"hands": {"B": ["9s"], "A": ["2h"]}}, "round 1, hand of A: A went out"),
        ({"hands": {"B": ["9s"], "Q": ["2h"]}}, "hand of Q: 'Q' is not a player"),
        (
            {"table": [{"by": "A", "cards": ["9h", "10h", "Qh"]}]},
            "round 1, table meld 1: invalid meld 9h 10h Qh",
        ),
        ({"table": [{"by": "Z", "cards": ["9h", "10h", "Jh"]}]}, "table meld 1: 'Z'"),
        (
            {"table": [{"by": "A", "cards": ["9h", "10h", {"card": "Jh", "by": "Z"}]}]},
            "table meld 1, card Jh: 'Z' is not a player",
        ),
        ({"hands": {"B": ["9h", "9h"]}}, "round 1, hand of B: a third 9h"),
        ({"hands": {"B": ["9q"]}}, "round 1, hand of B: not a card: '9q'"),
        ({"discard": "9h", "hands": {"B": ["9h"]}}, "round 1, discard: a third 9h"),
        ({"hands": {"B": ["X"] * 7}}, "hand of B: a joker too many"),
        (
            {
                "hands": {
                    "B": ["2c"] * 1
                    + ["3c"] * 2
                    + ["4d"] * 2
                    + ["5d"] * 2
                    + ["6s"] * 2
                    + ["7s"] * 2
                    + ["8s"] * 2
                    + ["9c"] * 2
                    + ["Kd"] * 2
                    + ["Qd"]
                }
            },
            "hand of B: 18 cards",
        ),
        (
            {"counted": {"B": {"bad": -1}}},
            "counted of B, bad: -1 is not a whole number",
        ),
        ({"counted": {"B": {"bad": 1.5}}}, "counted of B, bad: 1.5"),
        ({"counted": {"B": {"worse": 1}}}, "counted of B: expected"),
        ({"counted": {"A": {"bad": 3}}}, "counted bad of A: A went out"),
        ({"counted": {"B": {"bad": 10**12}}}, "counted of B, bad: 1000000000000"),
        ({"table": {}}, "round 1: table must be a list"),
    ],
)
def test_round_errors_name_the_place(
    round_changes: dict[str, Any], message: str
) -> None:
    data = game(rounds=[simple_round(**round_changes)])
    if "18 cards" in message:
        data["rules"] = {"base": "jolly_at", "hand_max": 17}
    with pytest.raises(GameFileError) as error:
        scored(data)
    assert message in str(error.value)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (game(players=["A"]), "players: 1 player, the rules allow 2 to 6"),
        (game(players=list("ABCDEFG")), "players: 7 players"),
        (game(players=["A", "A"]), "players: 'A' is named twice"),
        (game(rules="whist"), "rules: unknown rules preset: 'whist'"),
        (
            game(rules={"base": "jolly_at", "jokes": 2}),
            "rules: unknown rules key: 'jokes'",
        ),
        (game(target=0), "target: 0 is not a whole number"),
        (game(target="500"), "target: '500'"),
        (game(version=99), "newer jolly-scorer"),
    ],
)
def test_game_errors(data: dict[str, Any], message: str) -> None:
    with pytest.raises(GameFileError, match=message):
        scored(data)


def test_round_after_the_end_is_rejected() -> None:
    rounds = [{"counted": {"A": {"good": 500}, "B": {}}}, simple_round()]
    with pytest.raises(GameFileError, match="round 2: the game was already over"):
        scored(game(rounds=rounds))


def test_plus_game_ends_and_the_highest_that_reached_wins() -> None:
    rounds = [{"counted": {"A": {"good": 480}, "B": {"good": 495}}}, simple_round()]
    result = scored(game(rounds=rounds))
    assert result["totals"] == {"A": 539, "B": 486}
    assert result["game_over"] and result["winners"] == ["A"]


def test_plus_tie_at_the_top_goes_on() -> None:
    rounds = [{"counted": {"A": {"good": 510}, "B": {"good": 510}}}]
    result = scored(game(rounds=rounds))
    assert not result["game_over"] and result["winners"] == []


def test_target_exclusive_and_inclusive() -> None:
    rounds = [{"counted": {"A": {"good": 300}, "B": {"good": 100}}}]
    assert scored(game(rounds=rounds, target=300))["game_over"]
    exclusive = {"base": "jolly_at", "target_inclusive": False}
    assert not scored(game(rules=exclusive, rounds=rounds, target=300))["game_over"]


def test_rounds_limit_shares_a_tie() -> None:
    rounds = [{"counted": {"A": {"bad": 10}, "B": {"bad": 10}, "C": {"bad": 30}}}] * 2
    result = scored(
        game(rules="rommi_fi", players="ABC", rounds=rounds, rounds_limit=2)
    )
    assert result["game_over"] and result["winners"] == ["A", "B"]
    plus = scored(game(players="ABC", rounds=rounds, rounds_limit=2))
    assert plus["winners"] == ["A", "B"]


def test_nobody_out_no_bonus_no_doubling() -> None:
    entry = simple_round(closed_by=None, hands={"A": ["2c"], "B": ["9s"]})
    scores = scored(game(rounds=[entry]))["rounds"][0]["scores"]
    assert scores["A"] == {"good": 29, "bad": 2, "bonus": 0, "score": 27}


def test_counted_closer_gets_the_bonus_and_counted_bad_is_doubled() -> None:
    entry = {
        "closed_by": "A",
        "handglatt": True,
        "counted": {"A": {"good": 40}, "B": {"bad": 12}},
    }
    scores = scored(game(rounds=[entry]))["rounds"][0]["scores"]
    assert scores["A"] == {"good": 40, "bad": 0, "bonus": 60, "score": 100}
    assert scores["B"] == {"good": 0, "bad": 24, "bonus": 0, "score": -24}


def test_penalty_scoring_closer_zero() -> None:
    entry = simple_round(hands={"B": ["Ah", "X"]})
    scores = scored(game(rules="romme_de", rounds=[entry]))["rounds"][0]["scores"]
    assert scores == {
        "A": {"good": 0, "bad": 0, "bonus": 0, "score": 0},
        "B": {"good": 0, "bad": 31, "bonus": 0, "score": 31},
    }


def test_lay_off_credit_follows_the_card() -> None:
    entry = simple_round(
        table=[{"by": "B", "cards": ["Jc", "Qc", "Kc", {"card": "Ac", "by": "A"}]}],
        hands={"B": ["2s"]},
    )
    scores = scored(game(rounds=[entry]))["rounds"][0]["scores"]
    assert scores["A"]["good"] == 11 and scores["B"]["good"] == 30


def test_game_file_round_trip() -> None:
    data = game(
        rules={"base": "rommi_fi", "opening_min": 30},
        players="ABC",
        rounds=[
            simple_round(
                hands={"B": ["9s"], "C": ["X=4h", "Kd"]},
                table=[{"by": "A", "cards": ["9h", {"card": "10h", "by": "C"}, "Jh"]}],
            )
        ],
    )
    loaded = load_game(data)
    again = load_game(copy.deepcopy(game_to_json(loaded)))
    assert again == loaded
    assert game_to_json(again) == game_to_json(loaded)


def test_operations_and_history() -> None:
    g = load_game(game(rounds=[simple_round()]))
    bigger = ops.add_round(g, load_game(game(rounds=[simple_round()])).rounds[0])
    assert score_game(bigger).totals == {"A": 118, "B": -18}
    winning = ops.Round(counted=(("A", ops.Counted(good=500)), ("B", ops.Counted())))
    with pytest.raises(GameFileError, match="round 2: the game was already over"):
        ops.replace_round(bigger, 0, winning)
    assert score_game(ops.replace_round(g, 0, winning)).game_over
    assert ops.remove_last_round(bigger) == g
    renamed = ops.rename_player(bigger, "A", "Anna")
    assert score_game(renamed).totals == {"Anna": 118, "B": -18}
    with pytest.raises(GameFileError, match="already a player"):
        ops.rename_player(bigger, "A", "B")
    finished = ops.finish(g)
    assert score_game(finished).winners == ("A",)
    history = ops.UndoHistory.start(g).push(bigger).push(renamed)
    assert history.undo().undo().present == g
    assert history.undo().redo().present == renamed
    assert not history.redo().can_redo


def test_standings_ties_share_a_place() -> None:
    from jolly_scorer.core.standings import leaders, standings

    players = ("Anna", "Ben", "Cleo", "Dora")
    totals = {"Anna": 10, "Ben": 30, "Cleo": 30, "Dora": 5}
    plus = [(s.place, s.player) for s in standings(players, totals, plus=True)]
    assert plus == [(1, "Ben"), (1, "Cleo"), (3, "Anna"), (4, "Dora")]
    low = [(s.place, s.player) for s in standings(players, totals, plus=False)]
    assert low == [(1, "Dora"), (2, "Anna"), (3, "Ben"), (3, "Cleo")]
    assert leaders(players, totals, plus=True) == ("Ben", "Cleo")
    assert leaders(players, totals, plus=False) == ("Dora",)
    assert leaders((), {}, plus=True) == ()


def test_saving_a_round_scores_only_what_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from jolly_scorer.core import scoring
    from jolly_scorer.core.game import Scored

    entry = ops.Round(counted=(("A", ops.Counted(good=1)), ("B", ops.Counted())))
    scored = Scored.of(ops.new_game(find_rules("jolly_at"), ["A", "B"]))
    for _ in range(50):
        scored = scored.add_round(entry)
    calls: list[int] = []
    real = scoring.score_round

    def counting(game: ops.Game, one: ops.Round, number: int | None = None) -> object:
        calls.append(number or 0)
        return real(game, one, number)

    monkeypatch.setattr(scoring, "score_round", counting)
    after = scored.add_round(entry)
    assert calls == [51] and after.result.totals == {"A": 51, "B": 0}
    calls.clear()
    edited = after.replace_round(9, entry)
    assert calls == list(range(10, 52))
    calls.clear()
    assert edited.remove_last_round().result.totals == {"A": 50, "B": 0}
    assert edited.finish().result.winners == ("A",)
    assert calls == []


def test_a_result_of_another_game_is_refused() -> None:
    from jolly_scorer.core.game import Scored

    entry = ops.Round(counted=(("A", ops.Counted(good=1)), ("B", ops.Counted())))
    empty = Scored.of(ops.new_game(find_rules("jolly_at"), ["A", "B"]))
    one = empty.add_round(entry)
    with pytest.raises(ValueError, match="not the result of this game"):
        Scored(one.game, empty.result)
    other = Scored.of(ops.new_game(find_rules("jolly_at"), ["A", "C"]))
    with pytest.raises(ValueError, match="not the result of this game"):
        Scored(empty.game, other.result)
