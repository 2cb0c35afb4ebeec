"""The next round's parts per seat in the store (issue 10, entering together)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from jolly_scorer.core.game import Counted, Round, add_round, new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import (
    GameNotFound,
    PartsChanged,
    Store,
    StoreConflict,
    StoreError,
)

PLAYERS = ["Anna", "Ben", "Cleo"]
COUNTED = Round(
    closed_by="Anna",
    counted=(
        ("Anna", Counted(30, 0)),
        ("Ben", Counted(0, 20)),
        ("Cleo", Counted(5, 9)),
    ),
)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path) as opened:
        yield opened


def _game(store: Store) -> int:
    return store.create_game(new_game(find_rules("jolly_at"), PLAYERS))


def test_parts_are_kept_per_seat_with_status_device_and_a_growing_revision(
    store: Store,
) -> None:
    game_id = _game(store)
    first = store.save_seat_part(game_id, 1, "Ben", {"hand": ["7h"]}, device="phone")
    second = store.save_seat_part(game_id, 1, "", {"closer": "Anna"})
    third = store.save_seat_part(
        game_id, 1, "Ben", {"hand": ["7h", "8h"]}, status="done", device="laptop"
    )
    assert first.revision < second.revision < third.revision
    parts = store.load_seat_parts(game_id, 1)
    assert set(parts) == {"", "Ben"}
    assert parts["Ben"].data == {"hand": ["7h", "8h"]}
    assert (parts["Ben"].status, parts["Ben"].device) == ("done", "laptop")
    assert store.seat_parts_version(game_id) == third.revision
    assert store.load_seat_parts(game_id, 2) == {}


@pytest.mark.parametrize(
    ("seat", "data", "status", "device"),
    [
        ("Zed", {}, "entering", ""),  # not a player of the game
        ("Ben", {}, "maybe", ""),
        ("Ben", {}, "done", "x" * 61),
        ("Ben", {"hand": ["7h"] * 20_000}, "entering", ""),  # over 64 KiB
        ("Ben", {"bad": {1, 2}}, "entering", ""),  # not JSON
    ],
)
def test_a_wrong_part_is_refused_and_nothing_is_written(
    store: Store, seat: str, data: dict[str, object], status: str, device: str
) -> None:
    game_id = _game(store)
    with pytest.raises(StoreError):
        store.save_seat_part(game_id, 1, seat, data, status=status, device=device)
    assert store.load_seat_parts(game_id, 1) == {}
    assert store.seat_parts_version(game_id) == 0


def test_a_part_of_a_round_saved_meanwhile_is_refused(store: Store) -> None:
    game_id = _game(store)
    store.save_seat_part(game_id, 1, "Cleo", {"hand": ["Kd"]})
    game = store.load_game(game_id)
    store.save_game(game_id, add_round(game, COUNTED))  # saved on another device
    assert store.load_seat_parts(game_id, 1) == {}  # cleared with the save
    with pytest.raises(StoreConflict):  # a late phone writes round 1 again
        store.save_seat_part(game_id, 1, "Cleo", {"hand": ["Kd", "Qd"]})
    assert store.load_seat_parts(game_id, 1) == {}
    later = store.save_seat_part(game_id, 2, "Cleo", {"hand": []})
    assert later.revision > 0 and set(store.load_seat_parts(game_id, 2)) == {"Cleo"}


def test_a_save_over_parts_written_since_they_were_read_is_refused(
    store: Store,
) -> None:
    game_id = _game(store)
    store.save_seat_part(game_id, 1, "Ben", {"counted": {"good": 0, "bad": 5}})
    seen = store.seat_parts_version(game_id)  # the saver caught up here
    late = store.save_seat_part(game_id, 1, "Ben", {"counted": {"good": 0, "bad": 9}})
    game = store.load_game(game_id)
    revision = store.revision(game_id)
    with pytest.raises(PartsChanged) as refused:
        store.save_game(game_id, add_round(game, COUNTED), parts_version=seen)
    assert isinstance(refused.value, StoreConflict) and refused.value.game_id == 1
    assert store.load_game(game_id).rounds == ()  # nothing saved ...
    assert store.revision(game_id) == revision
    assert store.load_seat_parts(game_id, 1)["Ben"].revision == late.revision  # kept
    # caught up: saved, and its parts cleared with it
    store.save_game(game_id, add_round(game, COUNTED), parts_version=late.revision)
    assert len(store.load_game(game_id).rounds) == 1
    assert store.load_seat_parts(game_id, 1) == {}


def test_parts_are_replaced_all_at_once_or_not_at_all(store: Store) -> None:
    game_id = _game(store)
    store.save_seat_part(game_id, 1, "", {"closer": "Anna"})
    store.save_seat_part(game_id, 1, "Ben", {"hand": ["Kd"]}, device="guest-ben")
    before = store.load_seat_parts(game_id, 1)
    with pytest.raises(StoreError):  # the second part names nobody at the table
        store.replace_seat_parts(
            game_id,
            1,
            {"": ({"closer": "Anne"}, "entering", "host"), "Zed": ({}, "done", "")},
        )
    assert store.load_seat_parts(game_id, 1) == before  # nothing lost
    with pytest.raises(StoreConflict):  # not the next round
        store.replace_seat_parts(game_id, 2, {"Ben": ({}, "entering", "")})
    assert store.load_seat_parts(game_id, 1) == before
    replaced = store.replace_seat_parts(
        game_id,
        1,
        {
            "": ({"closer": "Cleo"}, "entering", "host"),
            "Ben": ({"hand": ["Kd"]}, "done", "guest-ben"),
        },
    )
    parts = store.load_seat_parts(game_id, 1)
    assert parts == replaced
    assert parts[""].data == {"closer": "Cleo"}
    assert (parts["Ben"].status, parts["Ben"].device) == ("done", "guest-ben")
    assert min(p.revision for p in parts.values()) > max(
        p.revision for p in before.values()
    )


def test_undo_of_a_round_drops_the_next_rounds_parts(store: Store) -> None:
    game_id = _game(store)
    game = add_round(store.load_game(game_id), COUNTED)
    store.save_game(game_id, game)
    store.save_seat_part(game_id, 2, "Ben", {"hand": ["2c"]})
    store.save_game(game_id, new_game(find_rules("jolly_at"), PLAYERS))  # undone
    assert store.load_seat_parts(game_id, 2) == {}


def test_deleting_the_game_or_clearing_forgets_its_parts(store: Store) -> None:
    game_id = _game(store)
    other = _game(store)
    store.save_seat_part(game_id, 1, "Ben", {})
    store.save_seat_part(other, 1, "Ben", {})
    store.clear_seat_parts(other)
    assert store.load_seat_parts(other, 1) == {}
    store.delete_game(game_id)
    with pytest.raises(GameNotFound):
        store.save_seat_part(game_id, 1, "Ben", {})
    assert store.load_seat_parts(game_id, 1) == {}


_WRITER = """
import os, sys
from jolly_scorer.store import Store
store = Store.open(sys.argv[1])
store.save_seat_part(int(sys.argv[2]), 1, "Ben", {"hand": ["7h", "X"]}, status="done")
print("written", flush=True)
sys.stdin.read()  # killed here, mid-round
"""


def test_parts_survive_a_killed_process(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        game_id = _game(store)
    child = subprocess.Popen(
        [sys.executable, "-c", _WRITER, str(tmp_path), str(game_id)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "written"
    os.kill(child.pid, signal.SIGKILL)
    child.wait(timeout=30)
    with Store.open(tmp_path) as store:
        part = store.load_seat_parts(game_id, 1)["Ben"]
    assert (part.data, part.status) == ({"hand": ["7h", "X"]}, "done")
