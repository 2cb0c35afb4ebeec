"""The games database through its API, against real files in ``tmp_path``."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from support.paths import DATA

from jolly_scorer.core.errors import GameFileError
from jolly_scorer.core.game import (
    Counted,
    Game,
    Round,
    add_round,
    finish,
    new_game,
    remove_last_round,
    rename_player,
    replace_round,
)
from jolly_scorer.core.gamefile import load_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.core.scoring import score_game
from jolly_scorer.store import (
    GameNotFound,
    Store,
    StoreConflict,
    StoreCorrupt,
    StoreError,
    default_data_dir,
)
from jolly_scorer.store.undo import UndoHistory

SHARED = DATA  # tests/data/cases/*.json
CASES: list[dict[str, Any]] = json.loads(
    (SHARED / "cases" / "games.json").read_text(encoding="utf-8")
)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path / "data") as opened:
        yield opened


def counted_round(game: Game, n: int) -> Round:
    """A simple deterministic round: someone goes out, the others count."""
    closer = game.players[n % len(game.players)]
    return Round(
        closed_by=closer,
        counted=tuple(
            (p, Counted(good=(n * 7) % 40, bad=0 if p == closer else (n * 3) % 25))
            for p in game.players
        ),
    )


def long_game(rounds: int, players: tuple[str, ...] = ("Anna", "Ben", "Cleo")) -> Game:
    game = new_game(find_rules("jolly_at"), players, target=10**9)
    for n in range(rounds):
        game = add_round(game, counted_round(game, n))
    return game


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_import_export_score_round_trip(store: Store, case: dict[str, Any]) -> None:
    game_id = store.import_game(case["game"])
    original = load_game(case["game"])
    assert store.load_game(game_id) == original
    exported = store.export_game(game_id)
    again = load_game(json.loads(json.dumps(exported)))
    assert again == original
    assert score_game(again).to_json() == score_game(original).to_json()
    # the CSV score sheet: one row per round, then the totals row
    rows = list(csv.reader(io.StringIO(store.export_csv(game_id))))
    result = score_game(original)
    assert rows[0] == ["round", *original.players]
    assert len(rows) == len(original.rounds) + 2
    for number, row in enumerate(rows[1:-1], 1):
        scores = result.rounds[number - 1].scores
        assert row == [str(number), *(str(scores[p].score) for p in original.players)]
    assert rows[-1] == ["total", *(str(result.totals[p]) for p in original.players)]
    totals = [sum(int(row[i]) for row in rows[1:-1]) for i in range(1, len(rows[0]))]
    assert totals == [result.totals[p] for p in original.players]
    summary = next(s for s in store.list_games() if s.id == game_id)
    assert summary.totals == dict(result.totals)
    assert summary.game_over == result.game_over
    assert summary.winners == result.winners
    assert summary.rounds == len(original.rounds)


def test_invalid_game_file_is_rejected_and_nothing_stored(store: Store) -> None:
    bad = {"players": ["A", "B"], "rounds": [{"closed_by": "Z"}]}
    with pytest.raises(GameFileError, match="round 1: 'Z' is not a player"):
        store.import_game(bad)
    assert store.list_games() == []
    assert store.known_players() == []


def test_save_and_load_every_operation(store: Store) -> None:
    game = long_game(3)
    game_id = store.create_game(game)
    steps = [
        lambda g: add_round(g, counted_round(g, 10)),
        lambda g: replace_round(g, 1, counted_round(g, 99)),
        remove_last_round,
        lambda g: rename_player(g, "Ben", "Bea"),
        finish,
        lambda g: dataclasses.replace(g, finished=False),
    ]
    for step in steps:
        game = step(game)
        store.save_game(game_id, game)
        assert store.load_game(game_id) == game
        with Store.open(store.path.parent) as other:  # a fresh connection
            assert other.load_game(game_id) == game
    assert store.load_game(game_id).players == ("Anna", "Bea", "Cleo")
    assert "Ben" in store.known_players() and "Bea" in store.known_players()


def test_saving_a_round_writes_only_that_round(store: Store) -> None:
    game = long_game(200)
    game_id = store.create_game(game)
    statements: list[str] = []
    store._conn.set_trace_callback(statements.append)
    try:
        game = add_round(game, counted_round(game, 200))
        store.save_game(game_id, game)
    finally:
        store._conn.set_trace_callback(None)
    round_writes = [s for s in statements if "INTO rounds" in s]
    assert len(round_writes) == 1 and ", 200, " in round_writes[0]
    assert not any(s.startswith("DELETE FROM rounds") for s in statements)
    # a second connection (cache not warm) also writes only the change
    with Store.open(store.path.parent) as other:
        statements.clear()
        other._conn.set_trace_callback(statements.append)
        changed = replace_round(game, 5, counted_round(game, 77))
        other.save_game(game_id, changed)
        other._conn.set_trace_callback(None)
    round_writes = [s for s in statements if "INTO rounds" in s]
    assert len(round_writes) == 1 and ", 5, " in round_writes[0]
    # and the first store, whose cache is now stale, notices the other writer
    assert store.load_game(game_id) == changed
    shorter = remove_last_round(remove_last_round(changed))
    store.save_game(game_id, shorter)
    with Store.open(store.path.parent) as other:
        assert other.load_game(game_id) == shorter


def test_stale_cache_after_another_writer(store: Store) -> None:
    game = long_game(5)
    game_id = store.create_game(game)
    with Store.open(store.path.parent) as other:
        other_game = replace_round(game, 2, counted_round(game, 50))
        other.save_game(game_id, other_game)
    # this store's copy is stale: saving it would overwrite the other's round 3
    mine = add_round(game, counted_round(game, 5))
    with pytest.raises(StoreConflict, match="changed on another device"):
        store.save_game(game_id, mine)
    with Store.open(store.path.parent) as fresh:
        assert fresh.load_game(game_id) == other_game
    # after reading the game again, the change can be made on top of it
    again = add_round(store.load_game(game_id), counted_round(game, 5))
    store.save_game(game_id, again)
    with Store.open(store.path.parent) as fresh:
        assert fresh.load_game(game_id) == again


def test_expected_revision_guards_a_shared_store(store: Store) -> None:
    """Two app sessions on one Store: the one holding an old copy is refused."""
    game = long_game(3)
    game_id = store.create_game(game)
    seen = store.revision(game_id)
    first = add_round(game, counted_round(game, 1))
    store.save_game(game_id, first, expected_revision=seen)
    second = add_round(game, counted_round(game, 2))  # made from the old copy
    with pytest.raises(StoreConflict):
        store.save_game(game_id, second, expected_revision=seen)
    assert store.load_game(game_id) == first


def test_invalid_game_is_not_saved(store: Store) -> None:
    game = long_game(2)
    game_id = store.create_game(game)
    broken = dataclasses.replace(game, rounds=(*game.rounds, Round(closed_by="Nobody")))
    with pytest.raises(GameFileError):
        store.save_game(game_id, broken)
    assert store.load_game(game_id) == game


def test_unknown_ids(store: Store) -> None:
    game = long_game(1)
    for call in (
        lambda: store.load_game(42),
        lambda: store.save_game(42, game),
        lambda: store.delete_game(42),
        lambda: store.export_game(42),
        lambda: store.export_csv(42),
        lambda: store.save_draft(42, {}),
        lambda: store.load_history(42, game),
        lambda: store.save_history(42, UndoHistory.start(game)),
    ):
        with pytest.raises(GameNotFound, match="no saved game with id 42"):
            call()


def test_list_current_and_delete(tmp_path: Path) -> None:
    moments = iter(
        datetime(2026, 1, 1, tzinfo=UTC) + timedelta(minutes=i) for i in range(100)
    )
    with Store.open(tmp_path, clock=lambda: next(moments)) as store:
        assert store.list_games() == [] and store.current_game_id() is None
        first = store.create_game(long_game(1))
        second = store.create_game(long_game(1, ("Dora", "Anna")))
        assert [s.id for s in store.list_games()] == [second, first]
        assert store.current_game_id() == second
        store.save_game(first, long_game(2))
        assert store.current_game_id() == first
        store.save_game(first, finish(long_game(2)))
        assert store.current_game_id() == second
        summary = {s.id: s for s in store.list_games()}[first]
        assert summary.game_over and summary.rounds == 2
        assert (
            summary.players == ("Anna", "Ben", "Cleo") and summary.rules == "jolly_at"
        )
        assert datetime(2026, 1, 1, tzinfo=UTC) <= summary.started < summary.updated
        assert store.known_players()[0] in ("Anna", "Ben", "Cleo")
        store.save_draft(second, {"closed_by": "Dora"})
        store.delete_game(second)
        assert store.current_game_id() is None
        assert [s.id for s in store.list_games()] == [first]
        assert "Dora" in store.known_players()  # players are kept
        count = store._conn.execute("SELECT count(*) FROM drafts").fetchone()[0]
        assert count == 0


def test_started_given(store: Store) -> None:
    moment = datetime(2025, 12, 24, 18, 30, tzinfo=UTC)
    game_id = store.create_game(long_game(0), started=moment)
    assert store.list_games()[0].started == moment
    assert store.list_games()[0].id == game_id


def test_drafts_and_settings_survive_reopen(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        game_id = store.create_game(long_game(1))
        assert store.load_draft(game_id) is None
        draft = {"closed_by": "Anna", "hands": {"Ben": ["5h", "X"]}, "note": "ü"}
        store.save_draft(game_id, draft)
        store.set_setting("language", "fi")
        store.set_setting("theme", {"dark": True, "four_colour": False})
        with pytest.raises(StoreError):
            store.set_setting("bad", object())
        with pytest.raises(StoreError):
            store.save_draft(game_id, ["not", "an", "object"])  # type: ignore[arg-type]
    with Store.open(tmp_path) as store:
        assert store.load_draft(game_id) == draft
        assert store.get_setting("language") == "fi"
        assert store.get_setting("theme") == {"dark": True, "four_colour": False}
        assert store.get_setting("missing", "default") == "default"
        store.clear_draft(game_id)
        store.clear_draft(game_id)
        assert store.load_draft(game_id) is None


def test_player_stats(store: Store) -> None:
    rules = find_rules("jolly_at")
    game = new_game(rules, ["Anna", "Ben"], target=100)
    game = add_round(
        game,
        Round(
            closed_by="Anna",
            handglatt=True,
            counted=(("Anna", Counted(good=40)), ("Ben", Counted(bad=10))),
        ),
    )
    store.create_game(game)
    store.create_game(new_game(rules, ["Anna", "Cleo"]))  # no rounds: not counted
    stats = {s.player: s for s in store.player_stats()}
    result = score_game(game)
    anna = stats["Anna"]
    assert (anna.games, anna.won, anna.rounds) == (1, 1, 1)
    assert anna.best == result.totals["Anna"] and anna.average == anna.best
    assert (anna.went_out, anna.handglatt) == (1, 1)
    assert stats["Ben"].won == 0 and stats["Ben"].went_out == 0
    assert "Cleo" not in stats


def test_backup_restore(tmp_path: Path) -> None:
    with Store.open(tmp_path / "a") as store:
        ids = [store.import_game(case["game"]) for case in CASES]
        store.save_draft(ids[0], {"x": 1})
        store.set_setting("language", "de")
        backup = json.loads(json.dumps(store.backup()))
        games = [store.load_game(i) for i in ids]
    with Store.open(tmp_path / "b") as other:
        other.set_setting("language", "fi")
        assert other.restore(backup) == len(CASES)
        restored = sorted(other.list_games(), key=lambda s: s.id)
        assert [other.load_game(s.id) for s in restored] == games
        assert other.load_draft(restored[0].id) == {"x": 1}
        assert other.get_setting("language") == "fi"  # kept, not overwritten
        # all or nothing: one bad game and nothing is added
        broken = json.loads(json.dumps(backup))
        broken["games"][-1]["game"]["rounds"][0]["closed_by"] = "Nobody"
        with pytest.raises(StoreError, match=rf"backup, game {len(CASES)}: round 1"):
            other.restore(broken)
        assert len(other.list_games()) == len(CASES)
        with pytest.raises(StoreError, match="not a jolly-scorer backup"):
            other.restore({"games": []})
        with pytest.raises(StoreError, match="newer"):
            other.restore(backup | {"version": 99})


def test_default_data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("JOLLY_SCORER_DATA", str(tmp_path / "env"))
    assert default_data_dir() == tmp_path / "env"
    assert default_data_dir(tmp_path / "x") == tmp_path / "x"
    monkeypatch.delenv("JOLLY_SCORER_DATA")
    assert "jolly-scorer" in str(default_data_dir())
    with Store.open(tmp_path / "deep" / "er") as store:
        assert store.path == tmp_path / "deep" / "er" / "games.db"
        mode = store._conn.execute("PRAGMA journal_mode").fetchone()[0]
        assert mode == "wal"


def test_schema_has_the_named_tables(store: Store) -> None:
    conn = sqlite3.connect(store.path)
    names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    conn.close()
    expected = {
        "games",
        "players",
        "game_players",
        "rounds",
        "drafts",
        "settings",
        "history",
    }
    assert expected | {"migrations"} <= names


def test_threads_share_one_store(store: Store) -> None:
    from concurrent.futures import ThreadPoolExecutor

    ids = [store.create_game(long_game(0)) for _ in range(4)]

    def play(game_id: int) -> Game:
        game = store.load_game(game_id)
        for n in range(20):
            game = add_round(game, counted_round(game, n))
            store.save_game(game_id, game)
            store.save_draft(game_id, {"n": n})
        return game

    with ThreadPoolExecutor(4) as pool:
        finals = list(pool.map(play, ids))
    for game_id, game in zip(ids, finals, strict=True):
        assert store.load_game(game_id) == game


def test_reused_id_never_mixes_two_games(store: Store) -> None:
    """SQLite may reuse the id of the newest game once it is deleted."""
    mine = long_game(4)
    game_id = store.create_game(mine)
    with Store.open(store.path.parent) as other:
        other.delete_game(game_id)
        theirs = long_game(4, ("Dora", "Emil"))
        assert other.create_game(theirs) == game_id  # the same id again
    mine = add_round(mine, counted_round(mine, 4))
    with pytest.raises(StoreConflict):  # never written over the other game
        store.save_game(game_id, mine)
    with Store.open(store.path.parent) as fresh:
        assert fresh.load_game(game_id) == theirs


def test_damaged_rows_are_clear_errors_not_tracebacks(store: Store) -> None:
    good = store.create_game(long_game(2))
    bad = store.create_game(long_game(3, ("Dora", "Emil")))
    store.save_draft(good, {"x": 1})
    store.set_setting("language", "de")
    with store.atomic() as conn:
        conn.execute("UPDATE games SET totals = '{oops' WHERE id = ?", (bad,))
        conn.execute("UPDATE rounds SET data = '{oops' WHERE game_id = ?", (bad,))
        conn.execute("UPDATE drafts SET data = '{oops'")
        conn.execute("UPDATE settings SET value = '{oops'")
    with pytest.raises(StoreCorrupt, match=f"game {bad}"):
        store.list_games()
    with pytest.raises(StoreCorrupt):
        store.load_game(bad)
    assert store.load_draft(good) is None
    assert store.get_setting("language", "en") == "en"
    with store.atomic() as conn:
        conn.execute("UPDATE games SET totals = '{}' WHERE id = ?", (bad,))
    # the game whose rounds are damaged is left out of the statistics
    assert {s.player for s in store.player_stats()} == {"Anna", "Ben", "Cleo"}


def test_undo_history_is_a_record_of_its_game(store: Store) -> None:
    game = long_game(2)
    game_id = store.create_game(game)
    history = UndoHistory.start(game)
    for n in (2, 3):
        history = history.push(add_round(history.present, counted_round(game, n)))
        store.save_game(game_id, history.present)
        store.save_history(game_id, history)
    history = history.undo()
    store.save_game(game_id, history.present)
    store.save_history(game_id, history)
    with Store.open(store.path.parent) as other:  # another session or device
        loaded = other.load_game(game_id)
        assert other.load_history(game_id, loaded) == (history, True)
        # a change made without the history (the command line, an older app)
        changed = replace_round(loaded, 0, counted_round(loaded, 40))
        other.save_game(game_id, changed)
    with pytest.raises(StoreConflict):  # not this game's history any more
        store.save_history(game_id, history.push(history.present))
    loaded = store.load_game(game_id)
    back, kept = store.load_history(game_id, loaded)
    assert not kept and back.present == loaded and not back.can_redo
    assert back.undo().present.rounds == loaded.rounds[:-1]
    # deleting the game deletes its history in the same transaction
    statements: list[str] = []
    store._conn.set_trace_callback(statements.append)
    store.delete_game(game_id)
    store._conn.set_trace_callback(None)
    assert statements[0] == "BEGIN IMMEDIATE" and statements[-1] == "COMMIT"
    assert set(statements[1:-1]) == {f"DELETE FROM games WHERE id = {game_id}"}
    assert store._conn.execute("SELECT count(*) FROM history").fetchone()[0] == 0


def test_backup_restore_carries_the_undo_history(tmp_path: Path) -> None:
    with Store.open(tmp_path / "a") as store:
        game = long_game(3)
        game_id = store.create_game(game)
        history = UndoHistory.start(game).push(finish(game)).undo()
        store.save_history(game_id, history)
        stale_id = store.create_game(long_game(1, ("Dora", "Emil")))
        store.save_history(stale_id, UndoHistory.start(store.load_game(stale_id)))
        with Store.open(tmp_path / "a") as other:  # changed without its history
            other.save_game(stale_id, long_game(2, ("Dora", "Emil")))
        backup = json.loads(json.dumps(store.backup()))
    assert "history" in backup["games"][0] and "history" not in backup["games"][1]
    with Store.open(tmp_path / "b") as other:
        assert other.restore(backup) == 2
        first, second = sorted(s.id for s in other.list_games())
        loaded = other.load_game(first)
        assert other.load_history(first, loaded) == (history, True)
        assert not other.load_history(second, other.load_game(second))[1]
        broken = json.loads(json.dumps(backup))
        broken["games"][0]["history"] = {"past": [{"keep": 99}], "future": []}
        with pytest.raises(StoreError, match="backup, game 1: the undo history"):
            other.restore(broken)


@pytest.mark.parametrize(
    "name",
    [
        '=HYPERLINK("http://x.example","y")',
        "+1+cmd|' /C calc'!A0",
        "-2+3",
        "@SUM(A1:A2)",
    ],
)
def test_csv_export_never_hands_a_formula_to_a_spreadsheet(
    store: Store, name: str
) -> None:
    """Issue 12.8: a name starting with = + - @ (tab, CR) is text, not a formula."""
    game = new_game(find_rules("romme_de"), ["Anna", name])
    game = add_round(game, Round(closed_by="Anna", counted=((name, Counted(bad=7)),)))
    game_id = store.import_game(json.loads(json.dumps(store_file(game))))
    rows = list(csv.reader(io.StringIO(store.export_csv(game_id))))
    assert rows[0] == ["round", "Anna", "'" + name]
    assert rows[1:] == [["1", "0", "7"], ["total", "0", "7"]]
    # what a spreadsheet would take as a formula: nothing
    cells = [cell for row in rows for cell in row]
    assert not [c for c in cells if c[:1] in ("=", "+", "@", "\t", "\r")]
    assert [c for c in cells if c.startswith("-")] == []


def test_spreadsheet_text_escapes_tab_and_carriage_return_too() -> None:
    from jolly_scorer.store.transfer import spreadsheet_text

    assert spreadsheet_text("\t=1+2") == "'\t=1+2"
    assert spreadsheet_text("\r=1+2") == "'\r=1+2"
    assert spreadsheet_text("Anna-Lena") == "Anna-Lena"
    assert spreadsheet_text("") == ""


def store_file(game: Game) -> dict[str, Any]:
    from jolly_scorer.core.gamefile import game_to_json

    return game_to_json(game)


def test_readers_on_other_threads_never_make_a_writer_conflict(store: Store) -> None:
    """Page sessions on worker threads share one store: one saves rounds while
    others keep loading the same game; the saver is never refused."""
    import threading

    game = long_game(0)
    game_id = store.create_game(game)
    done = threading.Event()
    seen: list[int] = []

    def read() -> None:
        while not done.is_set():
            seen.append(len(store.load_game(game_id).rounds))
            store.load_history(game_id, store.load_game(game_id))

    readers = [threading.Thread(target=read) for _ in range(3)]
    for reader in readers:
        reader.start()
    try:
        for n in range(60):
            game = add_round(game, counted_round(game, n))
            store.save_game(game_id, game)
    finally:
        done.set()
        for reader in readers:
            reader.join()
    assert store.load_game(game_id) == game
    assert seen and max(seen) <= 60
