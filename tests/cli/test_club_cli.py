"""``jolly-scorer club ...``: split, rank (text, JSON, CSV, HTML), export, and
the event file as docs/formats.md shows it."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from support.paths import ROOT

from jolly_scorer.cli import main
from jolly_scorer.core.club.event import ClubEvent
from jolly_scorer.core.club.file import event_file_from_json, event_file_to_json
from jolly_scorer.core.club.points import CONVERSIONS
from jolly_scorer.core.club.ranking import rank_event
from jolly_scorer.core.club.seating import draw_seating
from jolly_scorer.core.errors import ClubError
from jolly_scorer.core.game import Counted, Round, add_round, finish, new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store

FORMATS = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
ROMME = find_rules("romme_de")


def doc_event_file() -> Any:
    rest = FORMATS.split("### The event file", 1)[1]
    return json.loads(rest.split("```json\n", 1)[1].split("```", 1)[0])


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def event_path(tmp_path: Path) -> Path:
    path = tmp_path / "event.json"
    path.write_text(json.dumps(doc_event_file()), encoding="utf-8")
    return path


def test_split(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "club", "split", "10") == (
        0,
        "10 players: 3 tables (4 + 3 + 3)\n",
        "",
    )
    status, out, _ = run(capsys, "club", "split", "10", "--fives", "--json")
    assert (status, json.loads(out)) == (0, {"players": 10, "tables": [5, 5]})
    status, out, err = run(capsys, "club", "split", "2")
    assert (status, out) == (2, "")
    assert err == "jolly-scorer: 2 players: an event needs at least 3\n"


def test_the_docs_event_file_ranks_as_the_docs_say(
    capsys: pytest.CaptureFixture[str], event_path: Path
) -> None:
    status, out, err = run(capsys, "club", "rank", "--json", str(event_path))
    assert (status, err) == (0, "")
    shown = FORMATS.split("`club rank --json` prints:", 1)[1]
    shown = shown.split("```json\n", 1)[1].split("```", 1)[0]
    first = json.loads(shown.split('"ranking": [', 1)[1].split(", ...", 1)[0])
    result = json.loads(out)
    assert result["series"] is None
    assert result["ranking"][0] == first
    assert [r["player"] for r in result["ranking"]] == ["Anna", "Ben", "Cleo", "Dora"]
    for step in result["tie_break"][:2]:
        assert json.dumps(step) in shown


def test_rank_as_text(capsys: pytest.CaptureFixture[str], event_path: Path) -> None:
    status, out, _ = run(capsys, "club", "rank", str(event_path))
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "Friday club: overall after 1 of 2 series"
    assert lines[1].split() == ["place", "player", "points", "raw", "games", "won"]
    assert lines[2].split() == ["1", "Anna", "10", "0", "1", "1"]
    assert lines[3].split() == ["2", "Ben", "5", "3", "1", "0"]
    assert "ties are broken by:" in lines
    status, out, _ = run(capsys, "club", "rank", "--series", "1", str(event_path))
    assert out.splitlines()[0] == "Friday club: series 1"
    status, _, err = run(capsys, "club", "rank", "--series", "2", str(event_path))
    assert status == 2 and "1 series played" in err


def test_rank_as_csv_and_html(
    capsys: pytest.CaptureFixture[str], event_path: Path
) -> None:
    status, out, _ = run(capsys, "club", "rank", "--csv", str(event_path))
    rows = list(csv.reader(io.StringIO(out)))
    assert status == 0 and rows[1][:3] == ["1", "Anna", "10"]
    status, out, _ = run(capsys, "club", "rank", "--html", str(event_path))
    assert status == 0 and out.startswith("<!DOCTYPE html>")
    assert "<h1>Friday club</h1>" in out
    with pytest.raises(SystemExit) as stop:
        main(["club", "rank", "--csv", "--html", str(event_path)])
    assert stop.value.code == 2 and "not allowed with" in capsys.readouterr().err


def test_a_bad_event_file_names_the_place(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = doc_event_file()
    data["series"][0]["games"][0][0]["rounds"][0]["closed_by"] = "Zoe"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, err = run(capsys, "club", "rank", str(path))
    assert (status, out) == (2, "")
    assert err.startswith("jolly-scorer: series 1, table 1, game 1: round 1")
    data = doc_event_file()
    data["series"][0]["tables"] = [["Anna", "Ben", "Cleo", "Zoe"]]
    data["series"][0]["games"] = [[]]
    path.write_text(json.dumps(data), encoding="utf-8")
    status, _, err = run(capsys, "club", "rank", str(path))
    assert status == 2 and "'Zoe' is seated but not a player" in err
    path.write_text(json.dumps({"format": "jolly-scorer game"}), encoding="utf-8")
    status, _, err = run(capsys, "club", "rank", str(path))
    assert status == 2 and "not an event file" in err


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"version": 2}, "version 2"),
        ({"extra": 1}, "unknown event file key"),
        ({"series": "none"}, "series"),
        ({"series": [{"method": "draw", "seed": 1, "tables": "x"}]}, "tables"),
        (
            {"series": [{"method": "lots", "seed": 1, "tables": [["A", "B", "C"]]}]},
            "way of seating",
        ),
        (
            {"series": [{"method": "draw", "seed": 1.5, "tables": [["A", "B", "C"]]}]},
            "seed",
        ),
        ({"series": [{"method": "draw", "seed": 1, "tables": [[1, 2, 3]]}]}, "name"),
    ],
)
def test_event_file_faults(change: dict[str, Any], message: str) -> None:
    data = doc_event_file() | change
    with pytest.raises(ClubError, match=message):
        event_file_from_json(data)


def test_export_from_the_store_ranks_the_same(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    players = ("Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz", "Gabi")
    event = ClubEvent("Club", ROMME, players, 2, 1, points=CONVERSIONS["bands5"])
    with Store.open(tmp_path) as store:
        event_id = store.create_event(event)
        seating = draw_seating(players, series=1, seed=99)
        store.seat_series(event_id, seating)
        for number, table in enumerate(seating.tables, 1):
            game = new_game(ROMME, table)
            entry = Round(
                table[0],
                counted=tuple(
                    (p, Counted(bad=7 * i)) for i, p in enumerate(table) if i
                ),
            )
            store.start_table_game(event_id, 1, number, finish(add_round(game, entry)))
        expected = rank_event(event, store.event_play(event_id).plays)
    status, out, _ = run(capsys, "club", "export", "1", "--data-dir", str(tmp_path))
    assert status == 0
    loaded, plays = event_file_from_json(json.loads(out))
    assert loaded == event and rank_event(loaded, plays) == expected
    assert event_file_to_json(loaded, plays) == json.loads(out)
    status, _, err = run(capsys, "club", "export", "5", "--data-dir", str(tmp_path))
    assert status == 2 and "no club event with id 5" in err


def test_the_command_line_exit_status() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "jolly_scorer.cli", "club", "split", "x"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "not a number: 'x'" in done.stderr
