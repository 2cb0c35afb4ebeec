"""The undo history as the store keeps it: differences from the present game,
saved in the game's own transaction, and the first stored form still read."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jolly_scorer.core.game import (
    Counted,
    Game,
    Round,
    add_round,
    finish,
    new_game,
    rename_player,
    replace_round,
)
from jolly_scorer.core.gamefile import game_to_json, round_to_json
from jolly_scorer.core.rules import find_rules
from jolly_scorer.core.scoring import score_game
from jolly_scorer.store import Store, StoreError
from jolly_scorer.store.rows import dumps
from jolly_scorer.store.undo import (
    HISTORY_VERSION,
    KEPT_STEPS,
    UndoHistory,
    history_from_json,
    history_to_json,
)
from jolly_scorer.ui.state import AppState

PLAYERS = ("Anna", "Ben", "Cleo")


def counted_round(players: tuple[str, ...], n: int) -> Round:
    closer = players[n % len(players)]
    return Round(
        closed_by=closer,
        counted=tuple(
            (p, Counted(good=(n * 7) % 40, bad=0 if p == closer else (n * 3) % 25))
            for p in players
        ),
    )


def a_game(rounds: int) -> Game:
    game = new_game(find_rules("jolly_at"), PLAYERS, target=10**9)
    for n in range(rounds):
        game = add_round(game, counted_round(game.players, n))
    return game


def first_form(history: UndoHistory) -> dict[str, Any]:
    """The stored form before version 2 (migration 004's rows, the app's
    ``undo.N`` settings): the whole game header in every step."""

    def step(game: Game) -> dict[str, Any]:
        present = history.present
        keep = 0
        for mine, theirs in zip(game.rounds, present.rounds, strict=False):
            if mine != theirs:
                break
            keep += 1
        head = game_to_json(dataclasses.replace(game, rounds=()))
        del head["rounds"]
        return {
            "head": head,
            "keep": keep,
            "rounds": [round_to_json(r) for r in game.rounds[keep:]],
        }

    return {
        "past": [step(g) for g in history.past[-KEPT_STEPS:]],
        "future": [step(g) for g in history.future[:KEPT_STEPS]],
    }


def kept(history: UndoHistory) -> UndoHistory:
    """What the store keeps of ``history``."""
    return UndoHistory(
        history.past[-KEPT_STEPS:], history.present, history.future[:KEPT_STEPS]
    )


# one change the app makes: (kind, number)
CHANGES = st.lists(
    st.tuples(
        st.sampled_from(["add", "edit", "finish", "reopen", "rename", "undo", "redo"]),
        st.integers(min_value=0, max_value=50),
    ),
    max_size=25,
)


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(changes=CHANGES, start=st.integers(min_value=0, max_value=4))
def test_any_changes_saved_and_loaded_give_the_same_undo_and_redo(
    changes: list[tuple[str, int]], start: int
) -> None:
    with tempfile.TemporaryDirectory() as folder, Store.open(folder) as store:
        state = AppState(store)
        game_id = store.create_game(a_game(start))
        store.save_history(game_id, UndoHistory.start(store.load_game(game_id)))
        state.open_current()
        assert state.game_id == game_id and state.history is not None
        for kind, n in changes:
            game = state.game
            assert game is not None
            if kind in ("add", "edit"):
                state.enter_round(
                    n % len(game.rounds) if kind == "edit" and game.rounds else None
                )
                state.save_round(counted_round(game.players, n))
            elif kind == "finish":
                state.finish()
            elif kind == "reopen":
                state.reopen()
            elif kind == "rename":
                state.rename_player(game.players[n % 3], f"P{n}")
            elif kind == "undo":
                state.undo()
            else:
                state.redo()
        history = state.history
        assert history is not None
        # the pure form, and the row through another connection
        assert history_from_json(history_to_json(history), history.present) == kept(
            history
        )
        with Store.open(folder) as other:
            game = other.load_game(game_id)
            assert game == history.present
            assert other.load_history(game_id, game) == (kept(history), True)


def test_each_step_is_a_difference_from_its_neighbour(tmp_path: Path) -> None:
    """A step back from adding a round is only how many rounds it keeps; an
    edit one with that round; a rename one that names it."""
    with Store.open(tmp_path) as store:
        state = AppState(store)
        game_id = store.create_game(a_game(300))
        state.open_current()
        for n in range(KEPT_STEPS + 5):
            state.enter_round()
            assert state.save_round(counted_round(PLAYERS, n)) is None
        state.enter_round(10)
        assert state.save_round(counted_round(PLAYERS, 99)) is None
        assert state.rename_player("Ben", "Benno") is None

        def text_of_row() -> str:
            (text,) = store._conn.execute(
                "SELECT data FROM history WHERE game_id = ?", (game_id,)
            ).fetchone()
            assert isinstance(text, str)
            return text

        def stored() -> dict[str, Any]:
            data = json.loads(text_of_row())
            assert isinstance(data, dict)
            return data

        data = stored()
        assert data["version"] == HISTORY_VERSION and data["future"] == []
        assert len(data["past"]) == KEPT_STEPS
        renamed, edited, *added = reversed(data["past"])
        assert renamed == {
            "renamed": ["Benno", "Ben"],
            "keep": 355,
            "players": ["Anna", "Ben", "Cleo"],
        }
        assert edited == {"keep": 10, "tail": 344, "rounds": [edited["rounds"][0]]}
        assert added == [{"keep": 354 - i} for i in range(KEPT_STEPS - 2)]
        # undone: the steps forward are differences too
        assert state.undo() is None and state.undo() is None
        data = stored()
        assert data["future"][0]["keep"] == 10 and len(data["future"]) == 2
        assert data["future"][1] == {
            "renamed": ["Ben", "Benno"],
            "keep": 355,
            "players": ["Anna", "Benno", "Cleo"],
        }
        assert len(text_of_row()) < 2000


def test_history_rows_of_the_first_form_still_load(tmp_path: Path) -> None:
    game = a_game(3)
    history = UndoHistory.start(game)
    history = history.push(rename_player(history.present, "Ben", "Benno"))
    history = history.push(
        add_round(history.present, counted_round(history.present.players, 9))
    )
    history = history.push(
        replace_round(history.present, 1, counted_round(history.present.players, 7))
    )
    history = history.push(finish(history.present))
    history = history.undo().undo()  # two redo steps, one of them a finish
    with Store.open(tmp_path) as store:
        game_id = store.create_game(history.present)
        revision = store.revision(game_id)
        with store.atomic() as conn:  # a row as version 1 wrote it
            conn.execute(
                "INSERT INTO history (game_id, revision, data) VALUES (?, ?, ?)",
                (game_id, revision, dumps(first_form(history))),
            )
    with Store.open(tmp_path) as store:
        present = store.load_game(game_id)
        assert store.load_history(game_id, present) == (history, True)
        # the next save writes the second form, read back the same
        store.save_game(game_id, present, history=history)
        (text,) = store._conn.execute("SELECT data FROM history").fetchone()
        assert json.loads(text)["version"] == HISTORY_VERSION
        assert store.load_history(game_id, store.load_game(game_id)) == (
            history,
            True,
        )


@pytest.mark.parametrize(
    "data",
    [
        {"version": 3, "past": [], "future": []},
        {"version": 2, "past": [{"keep": 99}], "future": []},
        {"version": 2, "past": [{"keep": 0, "players": ["A", "a"]}], "future": []},
        {"version": 2, "past": [{"keep": 0, "rounds": {}}], "future": []},
        {"version": 2, "past": {}, "future": []},
        {"version": 2, "past": [{"keep": 0, "renamed": ["A"]}], "future": []},
        {"version": 2, "past": [{"keep": 0, "renamed": "AB"}], "future": []},
        {"version": 2, "past": [{"keep": 1, "tail": -1}], "future": []},
        {"past": [{"keep": 0, "head": []}], "future": []},
    ],
)
def test_a_damaged_history_is_refused(data: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        history_from_json(data, a_game(2))


def test_the_game_and_its_history_are_saved_together_or_not_at_all(
    tmp_path: Path,
) -> None:
    with Store.open(tmp_path) as store:
        state = AppState(store)
        game_id = store.create_game(a_game(5))
        state.open_current()
        state.enter_round()
        assert state.save_round(counted_round(PLAYERS, 5)) is None
        before_game, before_history = state.game, state.history
        assert before_game is not None and before_history is not None
        # the history's write fails after the game's, inside the transaction
        store._conn.execute(
            "CREATE TEMP TRIGGER refuse BEFORE INSERT ON history "
            "BEGIN SELECT RAISE(ABORT, 'disk trouble'); END"
        )
        statements: list[str] = []
        store._conn.set_trace_callback(statements.append)
        state.enter_round()
        error = state.save_round(counted_round(PLAYERS, 6))
        store._conn.set_trace_callback(None)
        assert error is not None and state.error == error
        assert any(s.startswith("UPDATE games") for s in statements)
        assert statements[0] == "BEGIN IMMEDIATE" and "ROLLBACK" in statements
        assert "COMMIT" not in statements
        assert state.game is before_game and state.history is before_history
        with Store.open(tmp_path) as other:  # neither the game nor its history
            stored = other.load_game(game_id)
            assert stored == before_game
            assert other.load_history(game_id, stored) == (before_history, True)
        # the same store saves again once the trouble is gone
        store._conn.execute("DROP TRIGGER refuse")
        assert store.load_game(game_id) == before_game
        state.enter_round()
        assert state.save_round(counted_round(PLAYERS, 6)) is None
        assert len(store.load_game(game_id).rounds) == 7


def test_one_change_commits_once(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        state = AppState(store)
        store.create_game(a_game(5))
        state.open_current()
        for change in (
            lambda: (state.enter_round(), state.save_round(counted_round(PLAYERS, 1))),
            state.undo,
            state.redo,
            state.finish,
        ):
            statements: list[str] = []
            store._conn.set_trace_callback(statements.append)
            change()
            store._conn.set_trace_callback(None)
            assert state.error is None
            writes = [s for s in statements if s in ("BEGIN IMMEDIATE", "COMMIT")]
            # the draft's clearing after a new round is its own small write
            assert writes.count("COMMIT") <= 2
            assert any("INTO history" in s for s in statements)
            begin = statements.index("BEGIN IMMEDIATE")
            end = statements.index("COMMIT")
            assert any("UPDATE games" in s for s in statements[begin:end])
            assert any("INTO history" in s for s in statements[begin:end])


def test_saving_a_history_of_another_game_is_refused(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        game_id = store.create_game(a_game(2))
        with pytest.raises(ValueError):
            store.save_game(game_id, a_game(3), history=UndoHistory.start(a_game(1)))
        assert len(store.load_game(game_id).rounds) == 2


def test_a_store_error_in_the_transaction_is_a_store_error(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        game_id = store.create_game(a_game(2))
        store._conn.execute(
            "CREATE TEMP TRIGGER refuse BEFORE INSERT ON history "
            "BEGIN SELECT RAISE(ABORT, 'disk trouble'); END"
        )
        game = a_game(3)
        with pytest.raises((StoreError, sqlite3.Error)):
            store.save_game(game_id, game, history=UndoHistory.start(game))
        store._conn.execute("DROP TRIGGER refuse")
        assert len(store.load_game(game_id).rounds) == 2


@pytest.mark.parametrize("shared", [True, False], ids=["one store", "two stores"])
def test_another_session_shows_each_change_with_its_whole_score(
    tmp_path: Path, shared: bool
) -> None:
    """A session told of a change (``refresh``) scores only what changed, and
    shows the same game, history and result as the session that made it,
    through the same store (the server's sessions share the history's values)
    or another (another process: the history is read from its row)."""
    with Store.open(tmp_path) as store, Store.open(tmp_path) as elsewhere:
        game_id = store.create_game(a_game(20))
        one, two = AppState(store), AppState(store if shared else elsewhere)
        one.open_current()
        two.open_current()
        changes = [
            lambda: (one.enter_round(), one.save_round(counted_round(PLAYERS, 3))),
            lambda: (one.enter_round(4), one.save_round(counted_round(PLAYERS, 9))),
            one.undo,
            one.redo,
            lambda: one.rename_player("Cleo", "Clea"),
            one.finish,
            one.undo,
            one.undo,
        ]
        for change in changes:
            change()
            assert one.error is None
            two.refresh(game_id)
            assert two.game == one.game and two.history == one.history
            assert two.game is not None
            assert two.result == one.result == score_game(two.game)
            assert two.full_undo
