"""The command line as other programs call it: exit status, stdout, stderr."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from jolly_scorer.cli import main


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "jolly_scorer.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_check_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--json", "5h", "X=6h", "7h", "/", "Qh", "Kh", "Ah"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == {
        "valid": True,
        "points": 49,
        "reason": None,
        "message": None,
        "opening": {"required": 30, "reached": True},
        "melds": [
            {
                "valid": True,
                "type": "run",
                "points": 18,
                "cards": ["5h", "X=6h", "7h"],
                "reason": None,
                "message": None,
            },
            {
                "valid": True,
                "type": "run",
                "points": 31,
                "cards": ["Qh", "Kh", "Ah"],
                "reason": None,
                "message": None,
            },
        ],
    }


def test_check_invalid_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--json", "--rules", "rommi_fi", "Kh", "Ah", "2h"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["valid"] is False and out["points"] is None
    assert out["melds"][0]["reason"] == "wrap_around" and out["melds"][0]["message"]


def test_check_too_many_copies(capsys: pytest.CaptureFixture[str]) -> None:
    args = [
        "check",
        "--json",
        "5h",
        "6h",
        "7h",
        "/",
        "5h",
        "6h",
        "7h",
        "/",
        "5h",
        "5s",
        "5d",
    ]
    assert main(args) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["reason"] == "too_many_copies" and out["message"]


def test_check_rules_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    toml = tmp_path / "house.toml"
    toml.write_text('base = "jolly_at"\nwrap_around = true\nopening_min = 20\n')
    assert main(["check", "--json", "--rules", str(toml), "Kh", "Ah", "2h"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["points"] == 23 and out["opening"] == {"required": 20, "reached": True}
    js = tmp_path / "house.json"
    js.write_text(json.dumps({"base": "rommi_fi", "adjacent_jokers": False}))
    assert main(["check", "--rules", str(js), "5h", "X", "X", "8h"]) == 1


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["check", "5h", "6h", "7q"], "'7q'"),
        (["check", "--rules", "canasta", "5h", "6h", "7h"], "'canasta'"),
        (["check", "5h", "/", "/", "6h"], "empty meld"),
        (["score", "/nonexistent/game.json"], "cannot read"),
        (["rules", "nope"], "'nope'"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_input_is_one_line_exit_2(args: list[str], needle: str) -> None:
    result = run(*args)
    assert result.returncode == 2, result.stderr
    assert needle in result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("{not json", "is not valid JSON"),
        ('{"players": ["A", "B"], "rounds": [{"closed_by": "Z"}]}', "round 1: 'Z'"),
        ('{"rules": {"base": "jolly_at", "x": 1}, "players": ["A","B"]}', "'x'"),
        ("[1, 2]", "one JSON object"),
    ],
)
def test_score_invalid_file(text: str, needle: str) -> None:
    result = run("score", "-", stdin=text)
    assert result.returncode == 2
    assert needle in result.stderr and "Traceback" not in result.stderr
    assert result.stdout == ""


def test_score_stdin_and_text_output() -> None:
    game: dict[str, Any] = {
        "rules": "jolly_at",
        "players": ["Anna", "Ben", "Cleo"],
        "target": 500,
        "rounds": [
            {
                "closed_by": "Anna",
                "handglatt": False,
                "discard": "9c",
                "table": [
                    {"by": "Anna", "cards": ["5h", "6h", "7h"]},
                    {
                        "by": "Ben",
                        "cards": [
                            {"card": "10h", "by": "Anna"},
                            "Jh",
                            "Qh",
                            "Kh",
                            {"card": "Ah", "by": "Anna"},
                        ],
                    },
                ],
                "hands": {"Ben": ["5c", "5d"], "Cleo": ["Ah", "X", "Jd", "4c"]},
                "counted": {},
            }
        ],
    }
    result = run("score", "--json", "-", stdin=json.dumps(game))
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["totals"] == {"Anna": 69, "Ben": 20, "Cleo": -89}
    assert out["rounds"][0]["scores"]["Anna"] == {
        "good": 39,
        "bad": 0,
        "bonus": 30,
        "score": 69,
    }
    text = run("score", "-", stdin=json.dumps(game))
    assert "Anna" in text.stdout and "69" in text.stdout


def test_rules_listing_and_preset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    assert "rommi_fi" in capsys.readouterr().out
    assert main(["rules", "--json", "romme_de"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["base"] == "romme_de" and out["target_inclusive"] is False
    assert main(["rules", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 3


def test_check_does_not_import_flet_or_sqlite() -> None:
    code = (
        "import sys; from jolly_scorer.cli import main; "
        "main(['check', '5h', '6h', '7h']); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('flet', 'sqlite3', 'flet_charts', 'babel')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert result.stdout.strip().splitlines()[-1] == "[]"


@pytest.mark.parametrize(
    "args",
    [
        ["--data-dir", "{d}", "games", "list", "--json"],
        ["games", "--data-dir", "{d}", "list", "--json"],
        ["games", "list", "--json", "--data-dir", "{d}"],
        ["stats", "--json", "--data-dir", "{d}"],
    ],
)
def test_data_dir_before_or_after_the_command(args: list[str], tmp_path: Path) -> None:
    result = run(*(a.format(d=tmp_path) for a in args))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == []
    assert (tmp_path / "games.db").exists()


def test_app_options_with_data_dir_parse() -> None:
    from jolly_scorer.cli import build_parser

    args = build_parser("app").parse_args(
        ["app", "--no-open", "--port", "8612", "--data-dir", "/tmp/x"]
    )
    assert args.data_dir == "/tmp/x" and args.port == 8612


@pytest.mark.parametrize(
    ("stdin", "needle"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"players": ["A", "B"], "target": ' + "9" * 5000 + "}", "cannot be read"),
        ('{"players": ["A", "B"], "target": 100000000000000000000}', "target"),
        ('{"players": ["A", "\\ud800"]}', "players"),
        ('{"players": ["A", "B"], "rounds": [{"table": false, "hands": {}}]}', "table"),
    ],
)
def test_odd_files_are_rejected_cleanly(
    stdin: str, needle: str, tmp_path: Path
) -> None:
    for args in (["score", "-"], ["--data-dir", str(tmp_path), "games", "import", "-"]):
        result = run(*args, stdin=stdin)
        assert result.returncode == 2, result.stderr
        assert needle in result.stderr and "Traceback" not in result.stderr


def test_huge_game_id_is_a_clean_error(tmp_path: Path) -> None:
    result = run("--data-dir", str(tmp_path), "games", "export", "9" * 20)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "no saved game" in result.stderr


def test_data_dir_named_like_a_command(tmp_path: Path) -> None:
    folder = tmp_path / "stats"
    result = run("--data-dir", str(folder), "games", "list", "--json")
    assert result.returncode == 0, result.stderr


def test_names_print_on_an_ascii_terminal() -> None:
    game = {"rules": "romme_de", "players": ["Jürgen", "Åsa"], "rounds": []}
    result = subprocess.run(
        [sys.executable, "-m", "jolly_scorer.cli", "score", "-"],
        input=json.dumps(game),
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
    )
    assert result.returncode == 0, result.stderr
    assert "J\\xfcrgen" in result.stdout
