"""``jolly-scorer games ...`` and ``jolly-scorer stats`` as ``docs/formats.md`` says."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from support.paths import DATA

from jolly_scorer.cli import main
from jolly_scorer.core.gamefile import load_game
from jolly_scorer.core.scoring import score_game
from jolly_scorer.store import Store

SHARED = DATA  # tests/data/cases/*.json
CASES: list[dict[str, Any]] = json.loads(
    (SHARED / "cases" / "games.json").read_text(encoding="utf-8")
)


def cli(
    *args: str, stdin: str | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "jolly_scorer.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_import_export_score(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: dict[str, Any]
) -> None:
    data = str(tmp_path / "data")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(case["game"]), encoding="utf-8")
    status, out, _ = run(capsys, "--data-dir", data, "games", "import", str(path))
    assert status == 0
    game_id = out.strip()
    assert game_id == "1"
    status, out, _ = run(capsys, "games", "export", game_id, "--data-dir", data)
    assert status == 0
    exported = tmp_path / "exported.json"
    exported.write_text(out, encoding="utf-8")
    status, scored, _ = run(capsys, "score", "--json", str(exported))
    assert status == 0
    expected = score_game(load_game(case["game"]))
    assert json.loads(scored) == expected.to_json()
    status, out, _ = run(
        capsys, "--data-dir", data, "games", "export", game_id, "--format", "csv"
    )
    rows = list(csv.reader(io.StringIO(out)))
    players = list(load_game(case["game"]).players)
    assert rows[0] == ["round", *players]
    assert rows[-1] == ["total", *(str(expected.totals[p]) for p in players)]
    sums = [sum(int(r[i]) for r in rows[1:-1]) for i in range(1, len(players) + 1)]
    assert sums == [expected.totals[p] for p in players]


def test_list_stats_delete(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = str(tmp_path)
    assert run(capsys, "--data-dir", data, "games", "list") == (
        0,
        "no saved games\n",
        "",
    )
    assert run(capsys, "--data-dir", data, "games", "list", "--json")[1] == "[]\n"
    for case in CASES[:3]:
        with Store.open(data) as store:
            store.import_game(case["game"])
    status, out, _ = run(capsys, "games", "list", "--json", "--data-dir", data)
    listed = json.loads(out)
    assert [g["id"] for g in listed] == [3, 2, 1]
    first = listed[-1]
    assert set(first) >= {
        "id",
        "started",
        "players",
        "rules",
        "rounds",
        "totals",
        "finished",
        "winners",
    }
    expected = score_game(load_game(CASES[0]["game"]))
    assert first["totals"] == dict(expected.totals)
    assert first["rules"] == "jolly_at" and first["rounds"] == 1
    assert first["finished"] is False and first["winners"] == []
    assert first["started"].endswith("+00:00")
    status, out, _ = run(capsys, "--data-dir", data, "games", "list")
    assert status == 0 and len(out.splitlines()) == 3
    status, out, _ = run(capsys, "--data-dir", data, "stats", "--json")
    stats = json.loads(out)
    assert {s["player"] for s in stats} == {"A", "B", "C"}
    assert set(stats[0]) == {  # the keys of docs/formats.md, added to only
        "scoring",
        "plus",
        "penalty",
        "player",
        "games",
        "won",
        "rounds",
        "average",
        "best",
        "went_out",
        "handglatt",
    }
    assert run(capsys, "stats", "--data-dir", data)[0] == 0
    assert run(capsys, "--data-dir", data, "games", "delete", "2")[0] == 0
    status, out, err = run(capsys, "--data-dir", data, "games", "delete", "2")
    assert status == 2 and out == ""
    assert err == "jolly-scorer: there is no saved game with id 2\n"
    status, out, err = run(capsys, "--data-dir", data, "games", "export", "99")
    assert status == 2 and "99" in err


def test_import_rejects_what_score_rejects(tmp_path: Path) -> None:
    bad = json.dumps({"players": ["A", "B"], "rounds": [{"closed_by": "Z"}]})
    scored = cli("score", "-", stdin=bad)
    imported = cli("--data-dir", str(tmp_path), "games", "import", "-", stdin=bad)
    assert scored.returncode == imported.returncode == 2
    assert imported.stderr == scored.stderr
    assert "round 1: 'Z' is not a player" in imported.stderr
    listed = cli("--data-dir", str(tmp_path), "games", "list", "--json")
    assert json.loads(listed.stdout) == []
    not_json = cli("--data-dir", str(tmp_path), "games", "import", "-", stdin="{")
    assert not_json.returncode == 2 and "not valid JSON" in not_json.stderr


def test_environment_variable(tmp_path: Path) -> None:
    import os

    env = dict(os.environ, JOLLY_SCORER_DATA=str(tmp_path / "env"))
    done = cli("games", "import", "-", stdin=json.dumps(CASES[0]["game"]), env=env)
    assert done.returncode == 0 and done.stdout == "1\n"
    assert (tmp_path / "env" / "games.db").is_file()


def test_backup_and_restore(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with Store.open(tmp_path / "a") as store:
        for case in CASES:
            store.import_game(case["game"])
    backup = tmp_path / "backup.json"
    assert (
        run(capsys, "--data-dir", str(tmp_path / "a"), "games", "backup", str(backup))[
            0
        ]
        == 0
    )
    status, out, _ = run(
        capsys, "games", "restore", str(backup), "--data-dir", str(tmp_path / "b")
    )
    assert status == 0 and out == f"restored {len(CASES)} games\n"
    with Store.open(tmp_path / "a") as a, Store.open(tmp_path / "b") as b:
        assert [a.export_game(g.id) for g in a.list_games()] == [
            b.export_game(g.id) for g in b.list_games()
        ]


def test_too_new_and_damaged_through_the_cli(tmp_path: Path) -> None:
    import sqlite3

    from jolly_scorer.store.schema import apply_migrations

    newer = tmp_path / "newer"
    newer.mkdir()
    conn = sqlite3.connect(newer / "games.db", isolation_level=None)
    apply_migrations(conn)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    before = (newer / "games.db").read_bytes()
    done = cli("--data-dir", str(newer), "games", "list")
    assert done.returncode == 2 and done.stdout == ""
    assert "newer jolly-scorer" in done.stderr and done.stderr.count("\n") == 1
    assert (newer / "games.db").read_bytes() == before

    damaged = tmp_path / "damaged"
    damaged.mkdir()
    (damaged / "games.db").write_bytes(b"\x00garbage" * 1000)
    before = (damaged / "games.db").read_bytes()
    done = cli("stats", "--data-dir", str(damaged))
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "damaged" in done.stderr and "games.db.corrupt-1" in done.stderr
    assert (damaged / "games.db").read_bytes() == before
    assert (damaged / "games.db.corrupt-1").read_bytes() == before


def test_unwritable_data_dir_through_the_cli(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    done = cli("--data-dir", str(tmp_path / "file" / "sub"), "games", "list")
    assert done.returncode == 2
    assert done.stderr.startswith("jolly-scorer: cannot create the data folder")


def test_deleted_game_leaves_no_undo_steps_for_a_reused_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 9: ``games delete N`` must take the undo history of game N with it.

    SQLite reuses the id of the newest game once it is deleted; a new game with
    the same players must not inherit the deleted game's redo steps.
    """
    from jolly_scorer.core.game import Counted, Round, new_game
    from jolly_scorer.core.gamefile import game_to_json
    from jolly_scorer.core.rules import find_rules
    from jolly_scorer.ui.settings import UiSettings
    from jolly_scorer.ui.state import AppState

    data = tmp_path / "data"
    players = ["Anna", "Ben", "Cleo"]
    with Store.open(data) as store:
        state = AppState(store=store, settings=UiSettings(language="en"))
        assert state.start_game(find_rules("jolly_at"), players, target=100) is None
        first = state.game_id
        entry = Round(
            closed_by="Anna",
            counted=(("Ben", Counted(bad=10)), ("Cleo", Counted(bad=20))),
        )
        assert state.save_round(entry) is None
        assert state.undo() is None and state.can_redo  # a redo step is kept
    assert run(capsys, "--data-dir", str(data), "games", "delete", str(first)) == (
        0,
        f"deleted game {first}\n",
        "",
    )
    path = tmp_path / "new.json"
    fresh = new_game(find_rules("jolly_at"), players, target=100)
    path.write_text(json.dumps(game_to_json(fresh)), encoding="utf-8")
    status, out, _ = run(capsys, "--data-dir", str(data), "games", "import", str(path))
    assert status == 0 and out == f"{first}\n"  # the same id again
    with Store.open(data) as store:
        state = AppState(store=store, settings=UiSettings(language="en"))
        state.open_current()
        assert state.game_id == first and state.game == fresh
        assert not state.can_redo and not state.can_undo
        assert state.redo() is None and state.game.rounds == ()
        names = [row[0] for row in store._conn.execute("SELECT key FROM settings")]
        assert not [name for name in names if name.startswith("undo.")]


@contextmanager
def read_only(*paths: Path) -> Iterator[None]:
    """Make folders and files read-only: chmod, or ``chattr +i`` for root (whom
    chmod does not stop); skipped where neither works."""
    if os.geteuid() != 0:
        modes = {p: p.stat().st_mode for p in paths}
        for p in paths:
            p.chmod(0o555 if p.is_dir() else 0o444)
        try:
            yield
        finally:
            for p, mode in modes.items():
                p.chmod(mode)
        return
    if shutil.which("chattr") is None:
        pytest.skip("root, and no chattr to make a folder read-only")
    done = subprocess.run(["chattr", "+i", *map(str, paths)], capture_output=True)
    if done.returncode != 0:
        pytest.skip("chattr +i is not available here")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", *map(str, paths)], check=True)


@pytest.mark.parametrize("what", ["folder", "file"])
def test_read_only_data_folder_still_lists_exports_and_counts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], what: str
) -> None:
    """Issue 12.9: reading works from a read-only store; writing says why not."""
    data = tmp_path / "data"
    with Store.open(data) as store:
        ids = [store.import_game(case["game"]) for case in CASES[:2]]
        listed = [s.to_json() for s in store.list_games()]
        exported = store.export_game(ids[0])
        sheet = store.export_csv(ids[1])
    db = data / "games.db"
    assert sorted(p.name for p in data.iterdir()) == ["games.db"]
    paths = (data, db) if what == "folder" else (db,)
    before = db.read_bytes()
    with read_only(*paths):
        d = str(data)
        status, out, err = run(capsys, "--data-dir", d, "games", "list", "--json")
        assert (status, err) == (0, "") and json.loads(out) == listed
        assert run(capsys, "--data-dir", d, "games", "list")[0] == 0
        status, out, _ = run(capsys, "--data-dir", d, "games", "export", str(ids[0]))
        assert status == 0 and json.loads(out) == exported
        status, out, _ = run(
            capsys, "--data-dir", d, "games", "export", str(ids[1]), "--format", "csv"
        )
        assert status == 0 and out == sheet
        status, out, err = run(capsys, "--data-dir", d, "stats", "--json")
        assert status == 0 and err == "" and json.loads(out)
        status, out, err = run(capsys, "--data-dir", d, "games", "delete", str(ids[0]))
        assert status == 2 and out == ""
        assert err.startswith("jolly-scorer: cannot write") and "read-only" in err
        assert err.count("\n") == 1 and "nothing was saved" in err
        game_file = tmp_path / "game.json"
        game_file.write_text(json.dumps(CASES[0]["game"]), encoding="utf-8")
        status, out, err = run(
            capsys, "--data-dir", d, "games", "import", str(game_file)
        )
        assert status == 2 and "read-only" in err and err.count("\n") == 1
        with Store.open(data) as store:
            assert store.read_only and len(store.list_games()) == 2
    assert db.read_bytes() == before
    assert sorted(p.name for p in data.iterdir())[0] == "games.db"
    with Store.open(data) as store:  # writable again
        assert not store.read_only
        store.delete_game(ids[0])


def test_read_only_file_of_an_older_version_says_it_needs_an_upgrade(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import sqlite3

    from jolly_scorer.store.schema import MIGRATIONS, apply_migrations

    data = tmp_path / "old"
    data.mkdir()
    conn = sqlite3.connect(data / "games.db", isolation_level=None)
    apply_migrations(conn, MIGRATIONS[:3])
    conn.close()
    before = (data / "games.db").read_bytes()
    with read_only(data, data / "games.db"):
        status, out, err = run(capsys, "--data-dir", str(data), "games", "list")
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "read-only" in err and "older jolly-scorer" in err
    assert (data / "games.db").read_bytes() == before


@pytest.mark.parametrize(
    "text",
    ["1_0", "+5", "-1", " 1", "1 ", "\u0661", "\uff11", "\u00b9", "0x1", "1.0", ""],
)
def test_game_ids_are_plain_digits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    """Review (nice): ``int()`` took "1_0", "+5" and other scripts' digits."""
    with Store.open(tmp_path) as store:
        for _ in range(10):
            store.import_game(CASES[0]["game"])
    with pytest.raises(SystemExit) as raised:
        main(["--data-dir", str(tmp_path), "games", "delete", text])
    out, err = capsys.readouterr()
    assert raised.value.code == 2 and out == ""
    assert err.startswith("jolly-scorer: ") and err.count("\n") == 1, err
    with Store.open(tmp_path) as store:
        assert len(store.list_games()) == 10


@pytest.mark.parametrize("text", ["0", "9" * 20, "9" * 5000, "0" * 5000])
def test_game_ids_out_of_range_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    with pytest.raises(SystemExit) as raised:
        main(["--data-dir", str(tmp_path), "games", "export", text])
    out, err = capsys.readouterr()
    assert raised.value.code == 2 and out == "" and err.count("\n") == 1
    assert "no saved game" in err


def test_game_id_with_leading_zeros_is_taken(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Store.open(tmp_path) as store:
        store.import_game(CASES[0]["game"])
    status, out, _ = run(capsys, "--data-dir", str(tmp_path), "games", "export", "01")
    assert status == 0 and json.loads(out)
