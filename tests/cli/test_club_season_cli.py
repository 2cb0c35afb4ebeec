"""``jolly-scorer club season ...`` (issue 37): a season made, its evenings
added, its standings printed as a table, JSON, CSV (also for a German
spreadsheet) and a web page; bad input is exit 2 with one line."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from jolly_scorer.cli import main
from jolly_scorer.core.club.event import ClubEvent
from jolly_scorer.core.club.seating import draw_seating
from jolly_scorer.core.game import Counted, Round, add_round, new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store

ROMME = find_rules("romme_de").replace(rounds_limit=1)
FOUR = ("Anna", "Ben", "Jörg", "Dora")


def evening(data: Path, name: str, order: tuple[str, ...]) -> int:
    with Store.open(data) as store:
        event_id = store.create_event(ClubEvent(name, ROMME, FOUR, 1, 1, seed=1))
        seating = draw_seating(FOUR, series=1, seed=2)
        store.seat_series(event_id, seating)
        table = seating.tables[0]
        bad = {p: 10 * i for i, p in enumerate(order)}
        done = Round(
            order[0],
            counted=tuple((p, Counted(bad=bad[p])) for p in table if p != order[0]),
        )
        store.start_table_game(event_id, 1, 1, add_round(new_game(ROMME, table), done))
    return event_id


def run(
    capsys: pytest.CaptureFixture[str], data: Path, *args: str
) -> tuple[int, str, str]:
    status = main(["club", "season", *args, "--data-dir", str(data)])
    out, err = capsys.readouterr()
    return status, out, err


def test_a_season_on_the_command_line(capsys, tmp_path: Path) -> None:
    one = evening(tmp_path, "Abend 1", ("Anna", "Ben", "Jörg", "Dora"))
    two = evening(tmp_path, "Abend 2", ("Jörg", "Anna", "Ben", "Dora"))
    status, out, _ = run(
        capsys, tmp_path, "new", "Saison 2026", "--best", "1", "--seed", "4"
    )
    assert status == 0 and out.strip() == "1"
    for event_id in (one, two):
        assert run(capsys, tmp_path, "add", "1", str(event_id))[0] == 0
    status, out, _ = run(capsys, tmp_path, "show", "1", "--json")
    data = json.loads(out)
    assert data["evenings"] == ["Abend 1", "Abend 2"]
    # best 1: Anna 25 (20 left out), Jörg 25 (16 left out); one evening won
    # each; all evenings: Anna 45 > Jörg 41
    assert [(s["player"], s["total"]) for s in data["standings"]][:3] == [
        ("Anna", 25),
        ("Jörg", 25),
        ("Ben", 20),
    ]
    assert data["standings"][0]["counted"] == [True, False]
    assert data["tie_break"][-1] == "5. then the drawn lots (the season's seed 4)"
    status, out, _ = run(capsys, tmp_path, "show", "1")
    assert "Saison 2026: standings after 2 evenings" in out and "(20)" in out
    status, out, _ = run(capsys, tmp_path, "show", "1", "--csv")
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0][:3] == ["place", "player", "season total"]
    status, out, _ = run(capsys, tmp_path, "show", "1", "--html")
    assert out.startswith("<!DOCTYPE html>") and "Saison 2026" in out
    status, out, _ = run(capsys, tmp_path, "list", "--json")
    assert json.loads(out) == [{"id": 1, "name": "Saison 2026", "evenings": 2}]


def test_the_seasons_spreadsheet_csv_reads_back(capfdbinary, tmp_path: Path) -> None:
    one = evening(tmp_path, "Abend 1", ("Jörg", "Anna", "Ben", "Dora"))
    assert main(["club", "season", "new", "S", "--data-dir", str(tmp_path)]) == 0
    assert (
        main(["club", "season", "add", "1", str(one), "--data-dir", str(tmp_path)]) == 0
    )
    capfdbinary.readouterr()
    assert (
        main(
            [
                "club",
                "season",
                "show",
                "1",
                "--spreadsheet",
                "--data-dir",
                str(tmp_path),
            ]
        )
        == 0
    )
    data = capfdbinary.readouterr().out
    assert data.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig")), delimiter=";"))
    assert rows[1][1] == "Jörg" and rows[1][2] == "25"


@pytest.mark.parametrize(
    "args",
    [
        ("show", "7"),
        ("add", "1", "99"),
        ("new", "S", "--places", "5,10"),
        ("new", "S", "--best", "0"),
        ("new", ""),
    ],
)
def test_bad_input_is_exit_2_with_one_line(
    capsys, tmp_path: Path, args: tuple[str, ...]
) -> None:
    with Store.open(tmp_path) as store:
        store.list_events()
    if args[0] == "add":
        assert main(["club", "season", "new", "S", "--data-dir", str(tmp_path)]) == 0
        capsys.readouterr()
    try:
        status = main(["club", "season", *args, "--data-dir", str(tmp_path)])
    except SystemExit as stop:  # argparse's own refusal
        status = int(stop.code or 0)
    _, err = capsys.readouterr()
    assert status == 2
    assert err.startswith("jolly-scorer:") or "error" in err
    assert "Traceback" not in err
