"""Every case of ``tests/data/cases`` through the Python API, a sample by CLI."""

from __future__ import annotations

import json
from typing import Any

import pytest

from jolly_scorer.cli import main
from jolly_scorer.core.cards import parse_cards
from jolly_scorer.core.gamefile import load_game
from jolly_scorer.core.melds import check_meld
from jolly_scorer.core.rules import resolve_rules
from jolly_scorer.core.scoring import score_game
from tests.shared_cases import load_cases

MELDS = load_cases("melds")
GAMES = load_cases("games")


@pytest.mark.parametrize("case", MELDS, ids=[c["id"] for c in MELDS])
def test_meld_case(case: dict[str, Any]) -> None:
    meld = check_meld(parse_cards(case["cards"]), resolve_rules(case["rules"]))
    expected = case["expected"]
    got = {
        "valid": meld.valid,
        "type": None if meld.type is None else meld.type.value,
        "points": meld.points,
        "reason": None if meld.reason is None else meld.reason.value,
    }
    wanted = {"reason": None} | expected
    assert got == wanted, f"{case['id']} {case['cards']}: {case.get('why')}"


def _check_game(case: dict[str, Any], result: dict[str, Any]) -> None:
    expected = case["expected"]
    last = result["rounds"][-1]["scores"]
    for player, fields in expected.get("last_round", {}).items():
        got = {key: last[player][key] for key in fields}
        assert got == fields, f"{case['id']} {player}: {case.get('why')}"
    for key in ("totals", "game_over", "winners"):
        if key in expected:
            assert result[key] == expected[key], f"{case['id']} {key}"


@pytest.mark.parametrize("case", GAMES, ids=[c["id"] for c in GAMES])
def test_game_case(case: dict[str, Any]) -> None:
    if "error" in case["expected"]:
        with pytest.raises(ValueError):
            score_game(load_game(case["game"]))
        return
    _check_game(case, score_game(load_game(case["game"])).to_json())


@pytest.mark.parametrize("case", MELDS[::5], ids=[c["id"] for c in MELDS[::5]])
def test_meld_case_cli(
    case: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["check", "--json", "--rules", case["rules"], *case["cards"]])
    out = json.loads(capsys.readouterr().out)
    expected = case["expected"]
    assert status == (0 if expected["valid"] else 1)
    meld = out["melds"][0]
    assert meld["valid"] == expected["valid"]
    assert meld["type"] == expected["type"]
    assert meld["points"] == expected["points"]
    if "reason" in expected:
        assert meld["reason"] == expected["reason"]


@pytest.mark.parametrize("case", GAMES[::3], ids=[c["id"] for c in GAMES[::3]])
def test_game_case_cli(
    case: dict[str, Any], tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(case["game"]), encoding="utf-8")
    assert main(["score", "--json", str(path)]) == 0
    _check_game(case, json.loads(capsys.readouterr().out))
