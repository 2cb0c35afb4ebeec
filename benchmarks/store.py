"""Benchmark of the games database against bare ``sqlite3`` on the same data.

``uv run python benchmarks/store.py [--repeat N]`` times, in one run and on the
same machine and file settings (WAL, ``synchronous=FULL``):

* saving one round (the 1000th) of a stored game with ``Store.save_game``,
  with the scored result passed in (as the app does) and without (the store
  scores the whole game itself), against one bare ``INSERT`` of the same round
  text in its own transaction;
* loading a game of 1000 rounds with ``Store.load_game`` (rows to frozen game
  values) against a bare ``SELECT`` of the same 1000 round texts: from an open
  store whose game is unchanged, after another program changed one round (only
  that round is decoded again), and from a store just opened (every round is
  decoded: the core's ``round_from_json`` sets that pace), with and without
  the time of ``Store.open``;
* saving a round and showing it, as the app does: ``AppState.save_round`` (the
  operation scores the new round, the store commits the game and its undo
  history) on a 200- and a 1000-round game in a real store in a temporary
  folder, against a bare ``INSERT`` in the same folder, in turns (``--app``
  runs only this part), and on the 1000-round game after a player was renamed
  and back (two undo steps in which every round differs); another session on
  the game shows the change (``AppState.refresh``); the Undo of that round.
  Goals on the server: <= 50 ms and <= 100 ms.

Medians of ``--repeat`` runs; the cases compared are timed in turns, so that
each sees the same machine and disk load; the ratio is store time / bare time.
"""

from __future__ import annotations

import argparse
import dataclasses
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from jolly_scorer.core.cards import parse_cards
from jolly_scorer.core.game import Game, PlacedCard, Round, TableMeld, new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.core.scoring import score_game
from jolly_scorer.store import Store
from jolly_scorer.store.rows import round_text

PLAYERS = ("Anna", "Ben", "Cleo", "Dora")


def a_round(n: int) -> Round:
    """A realistic round: four melds on the table, a lay-off, three hands."""
    closer = PLAYERS[n % 4]
    others = [p for p in PLAYERS if p != closer]
    return Round(
        closed_by=closer,
        discard=parse_cards("9c")[0],
        table=(
            TableMeld.of(closer, parse_cards("5h 6h 7h")),
            TableMeld.of(closer, parse_cards("Kc Kd Ks")),
            TableMeld(
                others[0],
                (
                    *(PlacedCard(c) for c in parse_cards("Qs Ks")),
                    PlacedCard(parse_cards("As")[0], closer),
                ),
            ),
            TableMeld.of(others[1], parse_cards("2d 3d 4d 5d")),
        ),
        hands=(
            (others[0], parse_cards("2c 9d")),
            (others[1], parse_cards("Ah X Jd 4c")),
            (others[2], parse_cards("3s 8h 10c Qd")),
        ),
    )


def turns_ms(
    cases: list[tuple[Callable[[], object], Callable[[], object]]], repeat: int
) -> list[list[float]]:
    """Times (ms) of several ``(run, reset)`` cases, taken in turns, so that
    each sees the same disk and machine load (the disk's flush time varies a
    lot on a shared machine)."""
    times: list[list[float]] = [[] for _ in cases]
    for _ in range(repeat):
        for (run, reset), kept in zip(cases, times, strict=True):
            reset()
            began = time.perf_counter()
            run()
            kept.append((time.perf_counter() - began) * 1000)
    return times


def medians_ms(
    cases: list[tuple[Callable[[], object], Callable[[], object]]], repeat: int
) -> list[float]:
    """Median times (ms) of cases taken in turns (:func:`turns_ms`)."""
    return [statistics.median(kept) for kept in turns_ms(cases, repeat)]


def turn_ratio(times: list[list[float]], case: int) -> float:
    """The median over the turns of case ``case``'s time / case 0's time: the
    load of the moment cancels out."""
    return statistics.median(t / b for t, b in zip(times[case], times[0], strict=True))


def bare_table(path: Path, texts: list[str]) -> sqlite3.Connection:
    """A bare sqlite3 file with the store's settings and ``texts`` as rounds."""
    bare = sqlite3.connect(path, isolation_level=None)
    bare.execute("PRAGMA journal_mode = WAL")
    bare.execute("PRAGMA synchronous = FULL")
    bare.execute(
        "CREATE TABLE rounds (game_id INTEGER, idx INTEGER, data TEXT,"
        " PRIMARY KEY (game_id, idx)) WITHOUT ROWID"
    )
    bare.executemany("INSERT INTO rounds VALUES (1, ?, ?)", enumerate(texts))
    return bare


def nothing() -> None:
    pass


def bench_save_round(count: int, repeat: int, renamed: bool = False) -> None:
    """``AppState.save_round`` (a new round, then Undo to go back, untimed) on a
    game of ``count`` rounds, in turns with a bare INSERT of the same text.

    ``renamed``: a player was renamed and back just before, so the undo steps
    hold two games whose every round differs from its neighbour's."""
    from jolly_scorer.ui.state import AppState

    base = new_game(find_rules("jolly_at"), PLAYERS, target=10**9)
    game = dataclasses.replace(base, rounds=tuple(a_round(i) for i in range(count)))
    entry = a_round(count)
    text = round_text(entry)
    with (
        tempfile.TemporaryDirectory() as folder,
        Store.open(Path(folder) / "store") as store,
    ):
        store.create_game(game)
        state = AppState(store)
        state.open_current()
        assert state.game is not None and len(state.game.rounds) == count
        if renamed:
            assert state.rename_player("Ben", "Benedikt") is None, state.error
            assert state.rename_player("Benedikt", "Ben") is None, state.error
        bare = bare_table(
            Path(folder) / "bare.db", [round_text(r) for r in game.rounds]
        )

        def bare_insert() -> None:
            bare.execute("BEGIN IMMEDIATE")
            bare.execute("INSERT INTO rounds VALUES (1, ?, ?)", (count, text))
            bare.execute("COMMIT")

        def bare_back() -> None:
            bare.execute("DELETE FROM rounds WHERE game_id = 1 AND idx = ?", (count,))

        def save_round() -> None:
            assert state.save_round(entry) is None, state.error

        def back() -> None:
            if state.game is not None and len(state.game.rounds) > count:
                assert state.undo() is None, state.error
            state.enter_round()

        def undo() -> None:
            assert state.undo() is None, state.error

        def saved() -> None:
            back()
            save_round()

        other = AppState(store)  # another session showing the game
        other.open_current()

        def refresh_other() -> None:
            assert state.game_id is not None
            other.refresh(state.game_id)
            assert other.game is state.game and other.error is None

        cases = [(bare_insert, bare_back), (save_round, back)]
        times = turns_ms([*cases, (refresh_other, nothing), (undo, saved)], repeat)
        ratio = turn_ratio(times, 1)
        for conn in (bare, store._conn):
            conn.execute("PRAGMA synchronous = OFF")
        cpu = turns_ms(cases, repeat)
        for conn in (bare, store._conn):
            conn.execute("PRAGMA synchronous = FULL")
        bare.close()
    goal = 50 if count <= 200 else 100
    print(
        f"AppState.save_round on a {count}-round game"
        f"{' after a rename' if renamed else ''}: "
        f"{statistics.median(times[1]):7.2f} ms (goal {goal} ms), bare INSERT "
        f"{statistics.median(times[0]):5.2f} ms, ratio {ratio:5.1f}; "
        f"synchronous=OFF {statistics.median(cpu[1]):5.2f} ms vs "
        f"{statistics.median(cpu[0]):5.2f} ms, ratio {turn_ratio(cpu, 1):5.1f}"
    )
    print(
        f"  another session shows it (refresh): {statistics.median(times[2]):7.2f} "
        f"ms, ratio {turn_ratio(times, 2):5.1f}; Undo of that round: "
        f"{statistics.median(times[3]):7.2f} ms, ratio {turn_ratio(times, 3):5.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument(
        "--app", action="store_true", help="only AppState.save_round (200, 1000)"
    )
    args = parser.parse_args()
    if args.app:
        for count in (200, 1000):
            bench_save_round(count, args.repeat)
        bench_save_round(1000, args.repeat, renamed=True)
        return
    n = args.rounds
    base = new_game(find_rules("jolly_at"), PLAYERS, target=10**9)
    full: Game = dataclasses.replace(base, rounds=tuple(a_round(i) for i in range(n)))
    before = dataclasses.replace(full, rounds=full.rounds[:-1])
    result = score_game(full)
    before_result = score_game(before)
    last_text = round_text(full.rounds[-1])
    texts = [round_text(r) for r in full.rounds]

    with tempfile.TemporaryDirectory() as folder:
        store = Store.open(Path(folder) / "store")
        game_id = store.create_game(before)

        def save_with_result() -> None:
            store.save_game(game_id, full, result=result)

        def save_scoring() -> None:
            store.save_game(game_id, full)

        def back() -> None:
            store.save_game(game_id, before, result=before_result)

        bare_path = Path(folder) / "bare.db"
        bare = sqlite3.connect(bare_path, isolation_level=None)
        bare.execute("PRAGMA journal_mode = WAL")
        bare.execute("PRAGMA synchronous = FULL")
        bare.execute(
            "CREATE TABLE rounds (game_id INTEGER, idx INTEGER, data TEXT,"
            " PRIMARY KEY (game_id, idx)) WITHOUT ROWID"
        )
        bare.executemany("INSERT INTO rounds VALUES (1, ?, ?)", enumerate(texts[:-1]))

        def bare_insert() -> None:
            bare.execute("BEGIN IMMEDIATE")
            bare.execute("INSERT INTO rounds VALUES (1, ?, ?)", (n - 1, last_text))
            bare.execute("COMMIT")

        def bare_back() -> None:
            bare.execute("DELETE FROM rounds WHERE game_id = 1 AND idx = ?", (n - 1,))

        save_times = turns_ms(
            [(bare_insert, bare_back), (save_with_result, back), (save_scoring, back)],
            args.repeat,
        )
        save_bare, save_app, save_full = map(statistics.median, save_times)
        save_turns = turn_ratio(save_times, 1)
        # the same without the disk flush: the store's own cost, not the disk's
        for conn in (bare, store._conn):
            conn.execute("PRAGMA synchronous = OFF")
        cpu_bare, cpu_app = medians_ms(
            [(bare_insert, bare_back), (save_with_result, back)], args.repeat
        )
        for conn in (bare, store._conn):
            conn.execute("PRAGMA synchronous = FULL")
        store.save_game(game_id, full, result=result)
        bare_back()
        bare_insert()

        def load() -> None:
            fresh = Store.open(Path(folder) / "store")
            try:
                assert len(fresh.load_game(game_id).rounds) == n
            finally:
                fresh.close()

        def load_warm() -> None:
            assert len(store.load_game(game_id).rounds) == n

        def bare_select() -> None:
            rows = bare.execute(
                "SELECT data FROM rounds WHERE game_id = 1 ORDER BY idx"
            ).fetchall()
            assert len(rows) == n

        # another program changes round n/2 back and forth between loads
        other = Store.open(Path(folder) / "store")
        middle = n // 2
        versions = [
            full,
            dataclasses.replace(
                full,
                rounds=(*full.rounds[:middle], a_round(middle + 1))
                + full.rounds[middle + 1 :],
            ),
        ]
        results = [score_game(v) for v in versions]
        turn = [0]

        def changed_elsewhere() -> None:
            turn[0] ^= 1
            other.load_game(game_id)
            other.save_game(game_id, versions[turn[0]], result=results[turn[0]])

        load_bare, load_store, load_changed = medians_ms(
            [
                (bare_select, nothing),
                (load_warm, nothing),
                (load_warm, changed_elsewhere),
            ],
            args.repeat,
        )
        fresh: list[Store] = []

        def open_fresh() -> None:
            fresh.append(Store.open(Path(folder) / "store"))

        def load_fresh() -> None:
            opened = fresh.pop()
            try:
                assert len(opened.load_game(game_id).rounds) == n
            finally:
                opened.close()

        cold_times = turns_ms(
            [(bare_select, nothing), (load, nothing), (load_fresh, open_fresh)],
            max(10, args.repeat // 2),
        )
        cold_bare, load_cold, load_decode = map(statistics.median, cold_times)
        cold_turns = turn_ratio(cold_times, 1)
        decode_turns = turn_ratio(cold_times, 2)
        other.close()
        bare.close()
        store.close()

    print(f"store benchmark: a game of {n} rounds, medians of {args.repeat} runs")
    print(f"bare sqlite3 INSERT of one round (own transaction): {save_bare:8.2f} ms")
    print(
        f"save_game, round {n}, result passed in (the app):      "
        f"{save_app:8.2f} ms  ratio {save_app / save_bare:6.1f}"
    )
    print(
        f"save_game, round {n}, store scores the game:           "
        f"{save_full:8.2f} ms  ratio {save_full / save_bare:6.1f}"
    )
    print(f"save_game / bare INSERT, median of the per-turn ratios: {save_turns:6.1f}")
    print(
        f"the same with synchronous=OFF: bare {cpu_bare:5.2f} ms, save_game "
        f"{cpu_app:5.2f} ms  ratio {cpu_app / cpu_bare:6.1f}"
    )
    print(f"bare sqlite3 SELECT of {n} round texts:               {load_bare:8.2f} ms")
    print(
        f"load_game of {n} rounds (open store):                 "
        f"{load_store:8.2f} ms  ratio {load_store / load_bare:6.1f}"
    )
    print(
        f"load_game, one round changed by another program:      "
        f"{load_changed:8.2f} ms  ratio {load_changed / load_bare:6.1f}"
    )
    print(
        f"Store.open + load_game of {n} rounds:                 "
        f"{load_cold:8.2f} ms  ratio {cold_turns:6.1f}"
    )
    print(
        f"load_game of {n} rounds, store just opened (untimed):    "
        f"{load_decode:8.2f} ms  ratio {decode_turns:6.1f}"
    )
    print(
        f"(cold ratios: median of per-turn ratios to the bare SELECT, "
        f"{cold_bare:.2f} ms in those turns)"
    )
    for count in (200, 1000):
        bench_save_round(count, args.repeat)
    bench_save_round(1000, args.repeat, renamed=True)


if __name__ == "__main__":
    main()
