"""Issue 38.8: ``games import`` of a game whose players' names look alike
(Cyrillic "Аnna", fullwidth "Ａnna" beside "Anna") exited 0 without a word.
It still imports the game, and says so on stderr."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from jolly_scorer.cli import main


@pytest.mark.parametrize("other", ["\u0410nna", "\uff21nna"])
def test_import_says_which_names_look_alike(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], other: str
) -> None:
    path = tmp_path / "game.json"
    game = {"rules": "jolly_at", "players": ["Anna", other, "Ben"], "rounds": []}
    path.write_text(json.dumps(game), encoding="utf-8")
    status = main(["--data-dir", str(tmp_path / "d"), "games", "import", str(path)])
    out, err = capsys.readouterr()
    assert status == 0 and out == "1\n"
    assert "look alike" in err and other in err and "Anna" in err
    assert err.count("\n") == 1


def test_import_of_plain_names_says_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"players": ["Anna", "Ben"]}), encoding="utf-8")
    assert main(["--data-dir", str(tmp_path / "d"), "games", "import", str(path)]) == 0
    assert capsys.readouterr().err == ""
