"""The docs say what the code does: knobs, presets, reason codes, examples, links."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from support.paths import ROOT

from jolly_scorer.core.gamefile import load_game
from jolly_scorer.core.melds import Reason
from jolly_scorer.core.rules import KNOBS, PRESET_IDS, PRESETS
from jolly_scorer.core.scoring import score_game

DOCS = ROOT / "docs"
RULES = (DOCS / "rules.md").read_text(encoding="utf-8")
FORMATS = (DOCS / "formats.md").read_text(encoding="utf-8")
SAMPLE = DOCS / "sample-game.json"


def knob_table() -> tuple[list[str], dict[str, list[str]]]:
    """The presets of the knob table's header and its rows: knob -> values."""
    lines = RULES.split("## The knobs", 1)[1].splitlines()
    rows = [line for line in lines if line.startswith("| ")]
    header = [cell.strip().strip("`") for cell in rows[0].strip("|").split("|")]
    table = {}
    for row in rows[1:]:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        table[cells[0].strip("`")] = cells[2:]
    return header[2:], table


def doc_value(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def test_the_knob_table_names_every_preset() -> None:
    presets, _ = knob_table()
    assert presets == list(PRESET_IDS)


@pytest.mark.parametrize("knob", KNOBS)
def test_every_knob_is_in_the_rules_doc_with_every_presets_value(knob: str) -> None:
    presets, table = knob_table()
    assert knob in table, f"docs/rules.md: no row for the knob {knob!r}"
    wanted = [doc_value(getattr(PRESETS[p], knob)) for p in presets]
    assert table[knob] == wanted, f"docs/rules.md, knob {knob!r}"


def test_the_rules_doc_has_no_knob_the_code_lacks() -> None:
    _, table = knob_table()
    assert sorted(set(table) - set(KNOBS)) == []


@pytest.mark.parametrize("reason", [r.value for r in Reason])
def test_every_reason_code_is_in_the_formats_doc(reason: str) -> None:
    assert f"| `{reason}` |" in FORMATS


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "jolly_scorer.cli", *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )


def test_the_sample_game_scores() -> None:
    done = cli("score", "docs/sample-game.json")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    shown = FORMATS.split("$ jolly-scorer score docs/sample-game.json\n", 1)[1]
    assert shown.startswith(done.stdout), "docs/formats.md shows another score"


def test_the_sample_game_as_json_matches_the_doc() -> None:
    done = cli("score", "--json", "docs/sample-game.json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["totals"] == {"Anna": 97, "Ben": 9, "Cleo": 3}
    shown = json.loads(json_block(FORMATS, "### Its score"))
    assert shown["rounds"][0] == result["rounds"][0]


def json_block(text: str, after: str) -> str:
    """The first ```json block after the heading ``after``."""
    rest = text.split(after, 1)[1]
    return rest.split("```json\n", 1)[1].split("```", 1)[0]


def test_the_game_file_example_scores() -> None:
    game = load_game(json.loads(json_block(FORMATS, "### The game file")))
    assert score_game(game).to_json()["totals"]["Anna"] == 69


def test_the_check_example_is_what_check_prints() -> None:
    done = cli("check", "--json", "5h", "6h", "X", "/", "Qh", "Kh", "Ah")
    assert done.returncode == 0
    assert json.loads(done.stdout) == json.loads(json_block(FORMATS, "## `jolly"))


DOC_FILES = [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]


@pytest.mark.parametrize("doc", DOC_FILES, ids=lambda p: p.name)
def test_docs_stand_on_their_own(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    # the rules and formats are told here, not by pointing at a folder beside it
    assert not re.search(r"(FORMAT|RULES|FLET)\.md|/work/", text)
    for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text):
        if "://" not in target:
            assert (doc.parent / target).exists(), f"{doc.name}: no {target}"


def test_screenshots_of_the_tests_go_to_an_ignored_folder() -> None:
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    done = subprocess.run(
        ["git", "check-ignore", "-q", "build/screenshots/any.png"], cwd=ROOT
    )
    assert done.returncode == 0
