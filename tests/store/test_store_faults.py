"""Faults: a busy database, two writers, read-only folders, a full disk, SIGKILL.

The children are real processes running a small script against the same file.
"""

from __future__ import annotations

import dataclasses
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from jolly_scorer.core.game import Game, Round, new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import (
    Store,
    StoreBusy,
    StoreGone,
    StoreWriteError,
    close_shared_stores,
    release_shared_store,
    shared_store,
)

# Shared by the parent and the children: a deterministic round number n.
HELPERS = """
from jolly_scorer.core.game import Counted, Round

def nth_round(players, n):
    closer = players[n % len(players)]
    return Round(
        closed_by=closer,
        handglatt=n % 7 == 0,
        counted=tuple(
            (p, Counted(good=(n * 7) % 40, bad=0 if p == closer else (n * 3) % 25))
            for p in players
        ),
    )
"""

CHILD = (
    HELPERS
    + """
import os, resource, signal, sys
from jolly_scorer.core.game import add_round
from jolly_scorer.store import Store, StoreBusy, StoreWriteError

mode, folder = sys.argv[1], sys.argv[2]
game_id, count = int(sys.argv[3]), int(sys.argv[4])
store = Store.open(folder)
if mode == "fsize":  # a file size limit: writes past it fail with EFBIG
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    limit = sum(os.path.getsize(os.path.join(folder, f)) for f in os.listdir(folder))
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit + 16384, limit + 16384))
game = store.load_game(game_id)
print("ready", len(game.rounds), flush=True)
while len(game.rounds) < count:
    nxt = add_round(game, nth_round(game.players, len(game.rounds)))
    try:
        store.save_game(game_id, nxt)
    except StoreBusy as error:
        print("busy", error, flush=True)
        continue
    except StoreWriteError as error:
        print("full", error, flush=True)
        break
    game = nxt
    print("saved", len(game.rounds), flush=True)  # saved, whatever the draft does
    if len(game.rounds) % 3 == 0:
        try:
            store.save_draft(game_id, {"after": len(game.rounds)})
        except StoreBusy as error:
            print("busy", error, flush=True)
        except StoreWriteError as error:
            print("full", error, flush=True)
            break
store.close()
print("done", flush=True)
"""
)

helpers: dict[str, Any] = {}
exec(HELPERS, helpers)
nth_round: Callable[[tuple[str, ...], int], Round] = helpers["nth_round"]


def expected_game(game: Game, rounds: int) -> Game:
    """The game a child has after ``rounds`` rounds (not scored again here)."""
    more = tuple(nth_round(game.players, n) for n in range(len(game.rounds), rounds))
    return dataclasses.replace(game, rounds=game.rounds + more)


def fresh_game(players: tuple[str, ...] = ("Anna", "Ben", "Cleo")) -> Game:
    return new_game(find_rules("jolly_at"), players, target=10**9)


@pytest.fixture
def child_script(tmp_path: Path) -> Path:
    path = tmp_path / "child.py"
    path.write_text(CHILD, encoding="utf-8")
    return path


def spawn(script: Path, *args: object) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(script), *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def acknowledged(output: str) -> int:
    """The last round count a child reported as saved."""
    counts = [
        int(line.split()[1])
        for line in output.splitlines()
        if line.startswith("saved ")
    ]
    return counts[-1] if counts else 0


def integrity(path: Path) -> list[tuple[str]]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("PRAGMA integrity_check").fetchall()
    finally:
        conn.close()


# -- busy ----------------------------------------------------------------------


@pytest.fixture
def locked(tmp_path: Path) -> Iterator[tuple[Store, int, sqlite3.Connection]]:
    store = Store.open(tmp_path, busy_timeout=0.2)
    game_id = store.create_game(fresh_game())
    other = sqlite3.connect(store.path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program is writing
    yield store, game_id, other
    if other.in_transaction:
        other.execute("ROLLBACK")
    other.close()
    store.close()


def test_busy_gives_a_clear_error_and_a_retry_works(
    locked: tuple[Store, int, sqlite3.Connection],
) -> None:
    store, game_id, other = locked
    game = expected_game(fresh_game(), 1)
    with pytest.raises(StoreBusy) as caught:
        store.save_game(game_id, game)
    assert str(caught.value) == (
        "the database is busy (another program is writing); try again"
    )
    assert store.load_game(game_id).rounds == ()  # reading still works
    assert store.list_games()[0].rounds == 0
    other.execute("ROLLBACK")
    store.save_game(game_id, game)
    assert store.load_game(game_id) == game


def test_default_busy_timeout_is_about_two_seconds(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        other = sqlite3.connect(store.path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        began = time.monotonic()
        with pytest.raises(StoreBusy):
            store.set_setting("theme", "dark")
        waited = time.monotonic() - began
        other.execute("ROLLBACK")
        other.close()
        assert 1.5 <= waited <= 10  # about 2 s; generous for a loaded machine
        store.set_setting("theme", "dark")


def test_two_processes_writing_at_once(tmp_path: Path, child_script: Path) -> None:
    rounds = 150
    with Store.open(tmp_path) as store:
        ids = [store.create_game(fresh_game()), store.create_game(fresh_game())]
    children = [spawn(child_script, "write", tmp_path, i, rounds) for i in ids]
    outputs = [child.communicate(timeout=120) for child in children]
    for child, (out, err) in zip(children, outputs, strict=True):
        assert child.returncode == 0, err
        assert acknowledged(out) == rounds
        assert all(
            line.startswith(("ready", "saved", "done", "busy"))
            for line in out.splitlines()
        )
    assert integrity(tmp_path / "games.db") == [("ok",)]
    with Store.open(tmp_path) as store:
        for game_id in ids:
            assert store.load_game(game_id) == expected_game(fresh_game(), rounds)


# -- read-only and full --------------------------------------------------------


def test_data_folder_that_cannot_be_made(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("not a folder")
    with pytest.raises(StoreWriteError, match="cannot create the data folder"):
        Store.open(tmp_path / "file" / "data")


def test_database_path_that_is_a_folder(tmp_path: Path) -> None:
    (tmp_path / "games.db").mkdir()
    with pytest.raises(StoreWriteError, match="cannot write"):
        Store.open(tmp_path)


def test_read_only_connection_keeps_the_game(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        game_id = store.create_game(fresh_game())
        game = expected_game(fresh_game(), 3)
        store._conn.execute("PRAGMA query_only = ON")
        with pytest.raises(StoreWriteError, match="read-only") as caught:
            store.save_game(game_id, game)
        assert "\n" not in str(caught.value)
        assert game == expected_game(fresh_game(), 3)  # in memory, untouched
        assert store.load_game(game_id).rounds == ()
        store._conn.execute("PRAGMA query_only = OFF")
        store.save_game(game_id, game)  # the retry works
        assert store.load_game(game_id) == game


def _chattr(flag: str, *paths: Path) -> bool:
    if shutil.which("chattr") is None:
        return False
    done = subprocess.run(["chattr", flag, *map(str, paths)], capture_output=True)
    return done.returncode == 0


def test_immutable_folder(tmp_path: Path) -> None:
    """``chattr +i`` stops even root from writing (chmod does not)."""
    folder = tmp_path / "ro"
    folder.mkdir()
    with Store.open(tmp_path / "ok") as store:
        store.create_game(fresh_game())
    for name in ("games.db",):
        shutil.copy(tmp_path / "ok" / name, folder / name)
    empty = tmp_path / "empty"
    empty.mkdir()
    if not _chattr("+i", empty, folder, folder / "games.db"):
        pytest.skip("chattr +i is not available here")
    try:
        with pytest.raises(StoreWriteError, match="cannot"):
            Store.open(empty)
        before = (folder / "games.db").read_bytes()
        with Store.open(folder) as store:  # opened for reading only
            assert store.read_only and len(store.list_games()) == 1
            with pytest.raises(StoreWriteError, match="read-only") as caught:
                store.create_game(fresh_game())
            assert "nothing was saved" in str(caught.value)
        assert (folder / "games.db").read_bytes() == before
    finally:
        _chattr("-i", empty, folder, folder / "games.db")


def test_disk_full_keeps_the_stored_game(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        game_id = store.create_game(fresh_game())
        saved = expected_game(fresh_game(), 2)
        store.save_game(game_id, saved)
        pages = store._conn.execute("PRAGMA page_count").fetchone()[0]
        store._conn.execute(f"PRAGMA max_page_count = {pages}")
        bigger = expected_game(saved, 400)
        with pytest.raises(StoreWriteError, match="disk is full") as caught:
            store.save_game(game_id, bigger)
        assert "nothing was saved" in str(caught.value)
        assert store.load_game(game_id) == saved
        store._conn.execute("PRAGMA max_page_count = 1073741823")
        store.save_game(game_id, bigger)
    with Store.open(tmp_path) as store:
        assert store.load_game(game_id) == bigger


def test_file_size_limit_in_a_real_process(tmp_path: Path, child_script: Path) -> None:
    """Writes really fail (EFBIG from RLIMIT_FSIZE): saved rounds stay intact."""
    with Store.open(tmp_path) as store:
        game_id = store.create_game(fresh_game())
    child = spawn(child_script, "fsize", tmp_path, game_id, 100_000)
    out, err = child.communicate(timeout=120)
    assert child.returncode == 0, err
    assert "full cannot write" in out, out[-500:]
    acked = acknowledged(out)
    assert acked > 0
    assert integrity(tmp_path / "games.db") == [("ok",)]
    with Store.open(tmp_path) as store:
        assert store.load_game(game_id) == expected_game(fresh_game(), acked)


# -- the kill test -----------------------------------------------------------------


def test_sigkill_at_random_points(tmp_path: Path, child_script: Path) -> None:
    """Kill a saving process 30 times; every acknowledged round survives.

    Each child is killed right after it acknowledged a random number (1 to 20)
    of rounds, while it is saving the next; its whole output is read through
    the one file object that ``readline`` uses (``communicate`` would miss
    the lines ``readline`` already buffered).
    """
    kills = int(os.environ.get("JOLLY_KILLS", "30"))
    rng = random.Random(os.environ.get("JOLLY_KILL_SEED", "jolly"))
    with Store.open(tmp_path) as store:
        game_id = store.create_game(fresh_game())
    acked = unacknowledged = 0
    began = time.monotonic()
    for _ in range(kills):
        child = spawn(child_script, "kill", tmp_path, game_id, 10**9)
        assert child.stdout is not None and child.stderr is not None
        first = child.stdout.readline()  # opened and loaded
        assert first.startswith("ready"), child.stderr.read()
        lines = [first]
        wanted = rng.randint(1, 20)
        while acknowledged("".join(lines)) < acked + wanted:
            line = child.stdout.readline()
            assert line, child.stderr.read()
            lines.append(line)
        child.send_signal(signal.SIGKILL)
        lines.append(child.stdout.read())  # what readline buffered, and the rest
        child.stderr.read()
        child.wait(timeout=30)
        assert child.returncode == -signal.SIGKILL
        acked = max(acked, acknowledged("".join(lines)))
        assert integrity(tmp_path / "games.db") == [("ok",)]
        with Store.open(tmp_path) as store:
            game = store.load_game(game_id)
            # every acknowledged round is there; at most one more (saved, not
            # yet acknowledged when the kill came)
            assert acked <= len(game.rounds) <= acked + 1
            assert game == expected_game(fresh_game(), len(game.rounds))
            unacknowledged += len(game.rounds) - acked
            acked = len(game.rounds)
    assert acked > kills  # the children really saved rounds between kills
    print(
        f"{kills} kills, {acked} rounds ({unacknowledged} saved but not yet "
        f"acknowledged when killed), {time.monotonic() - began:.1f} s"
    )


# A first open that stops inside migration STOP (after its statements, before
# its commit) and says so; the test kills it there.
STOPPING_OPEN = """
import dataclasses, sys, time
from jolly_scorer.store import connection, schema, Store

folder, stop = sys.argv[1], int(sys.argv[2])
steps = list(schema.MIGRATIONS)
step = steps[stop]

def carry(conn, step=step):
    if step.carry is not None:
        step.carry(conn)
    print("inside", step.name, flush=True)
    time.sleep(120)

steps[stop] = dataclasses.replace(step, carry=carry)
connection.apply_migrations = lambda conn, clock=None: schema.apply_migrations(
    conn, tuple(steps), clock=clock
)
Store.open(folder).close()
"""


def test_sigkill_while_creating_the_database(tmp_path: Path) -> None:
    """A kill inside each migration of the first open leaves a file that opens:
    the killed migration left nothing behind and runs again."""
    from jolly_scorer.store.schema import MIGRATIONS, applied_migrations

    names = [m.name for m in MIGRATIONS]
    for stop in range(len(MIGRATIONS)):
        folder = tmp_path / f"d{stop}"
        child = subprocess.Popen(
            [sys.executable, "-c", STOPPING_OPEN, str(folder), str(stop)],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert child.stdout is not None
        assert child.stdout.readline() == f"inside {names[stop]}\n"
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
        child.stdout.close()
        conn = sqlite3.connect(folder / "games.db")
        try:  # killed inside migration ``stop``: the ones before it are there
            assert applied_migrations(conn) == names[:stop]
        finally:
            conn.close()
        with Store.open(folder) as store:
            assert store.list_games() == []
            store.create_game(fresh_game())
            assert applied_migrations(store._conn) == names
        assert integrity(folder / "games.db") == [("ok",)]


# -- the file under the store ---------------------------------------------------


def _delete_files(folder: Path) -> None:
    for name in ("games.db", "games.db-wal", "games.db-shm"):
        (folder / name).unlink(missing_ok=True)


def _remove_folder(folder: Path) -> None:
    shutil.rmtree(folder)


def _replace_file(folder: Path) -> None:
    other = folder.parent / "other"
    with Store.open(other) as store:
        store.create_game(fresh_game(("Dora", "Emil")))
    os.replace(other / "games.db", folder / "games.db")


@pytest.mark.parametrize("how", [_delete_files, _remove_folder, _replace_file])
def test_deleted_database_refuses_every_write(
    tmp_path: Path, how: Callable[[Path], None]
) -> None:
    """Issue 12.4: with the file gone, no round is confirmed and then lost."""
    folder = tmp_path / "data"
    store = Store.open(folder)
    try:
        game_id = store.create_game(fresh_game())
        saved = expected_game(fresh_game(), 1)
        store.save_game(game_id, saved)
        assert store.is_current()
        how(folder)
        assert not store.is_current()
        for write in (
            lambda: store.save_game(game_id, expected_game(fresh_game(), 2)),
            lambda: store.create_game(fresh_game()),
            lambda: store.save_draft(game_id, {"x": 1}),
            lambda: store.set_setting("theme", "dark"),
            lambda: store.delete_game(game_id),
        ):
            with pytest.raises(StoreGone, match="deleted or replaced") as caught:
                write()
            assert "\n" not in str(caught.value)
        with pytest.raises(StoreGone):
            store.data_version()
        assert store.load_game(game_id) == saved  # what it had can be exported
    finally:
        store.close()
    if how is not _replace_file:
        with Store.open(folder) as again:  # a new, empty database: nothing
            assert again.list_games() == []  # was confirmed into the old one


def test_deleted_database_through_the_app_confirms_nothing(tmp_path: Path) -> None:
    from jolly_scorer.ui.settings import UiSettings
    from jolly_scorer.ui.state import AppState

    with Store.open(tmp_path) as store:
        state = AppState(store=store, settings=UiSettings(language="en"))
        assert state.start_game(find_rules("jolly_at"), ["A", "B"], target=100) is None
        _delete_files(tmp_path)
        state.enter_round()
        error = state.save_round(nth_round(("A", "B"), 0))
        assert error is not None and "deleted or replaced" in error
        assert state.game is not None and state.game.rounds == ()
        assert state.nav.screen == "entry"  # the round is still there to retry


def test_data_version_shows_other_writers_only(
    tmp_path: Path, child_script: Path
) -> None:
    with Store.open(tmp_path) as store:
        game_id = store.create_game(fresh_game())
        seen = store.data_version()
        store.save_game(game_id, expected_game(fresh_game(), 1))
        store.set_setting("theme", "dark")
        assert store.data_version() == seen  # its own writes: no change
        with Store.open(tmp_path) as other:
            other.set_setting("theme", "light")
        assert store.data_version() != seen
        seen = store.data_version()
        child = spawn(child_script, "write", tmp_path, game_id, 3)
        out, err = child.communicate(timeout=60)
        assert child.returncode == 0, err
        assert store.data_version() != seen  # another process saved rounds
        assert store.load_game(game_id) == expected_game(fresh_game(), 3)


def _open_files() -> int:
    return len(os.listdir("/proc/self/fd"))


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc")
def test_one_shared_store_for_every_session(tmp_path: Path) -> None:
    """Issue 12.5: sessions share one store; open files do not grow with them,
    and the last session to end closes it."""
    from concurrent.futures import ThreadPoolExecutor

    try:
        first = shared_store(tmp_path)
        game_id = first.create_game(fresh_game())
        before = _open_files()

        def session(n: int) -> int:
            store = shared_store(tmp_path)
            try:
                assert store is first
                game = store.load_game(game_id)
                store.save_draft(game_id, {"n": n})
                store.close()  # does nothing: the store stays open for the others
                return len(game.rounds)
            finally:
                assert not release_shared_store(store)  # the session ended

        with ThreadPoolExecutor(4) as pool:
            assert set(pool.map(session, range(300))) == {0}
        assert _open_files() <= before + 4  # the pool's threads, not the sessions
        assert not first.closed and first.load_draft(game_id) is not None
        _delete_files(tmp_path)
        second = shared_store(tmp_path)  # the file was deleted: a new one
        assert second is not first and second.list_games() == []
        with pytest.raises(StoreGone):
            first.save_draft(game_id, {})
        assert shared_store(tmp_path) is second  # two users of the new one
        assert release_shared_store(first) and first.closed  # its last user
        assert not release_shared_store(second) and not second.closed
        assert release_shared_store(second) and second.closed
        third = shared_store(tmp_path)  # nobody used the folder: opened afresh
        assert third is not second and not third.closed
    finally:
        close_shared_stores()
    assert third.closed  # at exit, with users left
    first.close()  # closing again is harmless
    with Store.open(tmp_path) as store:
        store.close()
        store.close()


RESCUE_CHILD = (
    HELPERS
    + """
import sys
from jolly_scorer.core.game import add_round
from jolly_scorer.store import Store, StoreGone

folder, game_id = sys.argv[1], int(sys.argv[2])
store = Store.open(folder)
game = store.load_game(game_id)
for n in range(3):  # three confirmed rounds, all in games.db-wal
    game = add_round(game, nth_round(game.players, n))
    store.save_game(game_id, game)
print("saved", flush=True)
sys.stdin.readline()  # the parent deletes games.db-wal meanwhile
try:
    store.save_game(game_id, add_round(game, nth_round(game.players, 3)))
except StoreGone as error:
    print("refused", error, flush=True)
sys.stdin.readline()  # killed here
"""
)


def test_deleting_the_wal_then_kill_9_keeps_the_confirmed_rounds(
    tmp_path: Path,
) -> None:
    """Issue 38.4: after ``games.db-wal`` was deleted, saving stopped (good),
    but the rounds confirmed before lived only in the deleted file: kill -9
    then lost 3 of 3. What the process knows is written beside the database
    before it refuses, and the next start says where."""
    from jolly_scorer.store.connection import rescued_copies

    folder = tmp_path / "data"
    with Store.open(folder) as store:
        game_id = store.create_game(fresh_game())
    script = tmp_path / "rescue_child.py"
    script.write_text(RESCUE_CHILD)
    child = subprocess.Popen(
        [sys.executable, str(script), str(folder), str(game_id)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None and child.stdin is not None
        assert child.stdout.readline().startswith("saved")
        (folder / "games.db-wal").unlink()
        child.stdin.write("\n")
        child.stdin.flush()
        refused = child.stdout.readline()
        assert refused.startswith("refused") and "deleted or replaced" in refused
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    copies = rescued_copies(folder / "games.db")
    assert len(copies) == 1, copies
    assert copies[0].parent == folder
    assert copies[0].name in refused  # the message says where it is
    with Store.open(folder) as again:  # the file under the path: none of them
        assert len(again.load_game(game_id).rounds) == 0
    rescued = copies[0]
    shutil.copy2(rescued, tmp_path / "games.db")
    with Store.open(tmp_path) as kept:  # the copy is a whole database
        assert len(kept.load_game(game_id).rounds) == 3


def test_the_next_start_names_the_rescue_copy(tmp_path: Path, capsys: Any) -> None:
    from jolly_scorer.serve import _tell_rescued_copies
    from jolly_scorer.store.connection import rescue

    with Store.open(tmp_path) as store:
        store.create_game(fresh_game())
        copy = rescue(store._conn, tmp_path / "games.db")
    assert copy is not None
    _tell_rescued_copies(tmp_path)
    assert str(copy) in capsys.readouterr().err
