"""`games backup` / `restore` carry the club events (their seatings and the
links to their tables' games); a backup from before them still restores, and a
damaged club part is refused with nothing added."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from jolly_scorer.core.club.event import ClubEvent
from jolly_scorer.core.club.points import CONVERSIONS
from jolly_scorer.core.club.ranking import rank_event
from jolly_scorer.core.club.seating import draw_seating
from jolly_scorer.core.game import Counted, Round, add_round, new_game, rename_player
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store, StoreError

ROMME = find_rules("romme_de").replace(rounds_limit=1)
EIGHT = ("Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz", "Gabi", "Hans")


def evening(store: Store) -> int:
    """An event of 2 series: series 1 played (a name fixed at table 2 since),
    series 2 seated; plus a game of no event."""
    store.create_game(new_game(ROMME, ["X", "Y", "Z"]))
    event = ClubEvent(
        "Friday", ROMME, EIGHT, 2, 1, points=CONVERSIONS["bands5"], seed=99
    )
    event_id = store.create_event(event)
    store.seat_series(event_id, draw_seating(EIGHT, series=1, seed=5))
    for number, table in enumerate(
        store.load_event(event_id).series[0].seating.tables, 1
    ):
        game = new_game(ROMME, table)
        counted = tuple((p, Counted(bad=7 * i)) for i, p in enumerate(table[1:], 1))
        game = add_round(game, Round(table[0], counted=counted))
        game_id = store.start_table_game(event_id, 1, number, game)
        if number == 2:
            store.save_game(game_id, rename_player(game, table[1], table[1] + " K."))
    play = store.event_play(event_id)
    store.seat_series(event_id, draw_seating(EIGHT, series=2, seed=6))
    assert rank_event(event, play.plays).entries
    return event_id


def test_a_backup_restores_the_club_events(tmp_path: Path) -> None:
    with Store.open(tmp_path / "a") as store:
        event_id = evening(store)
        before = store.event_play(event_id)
        data = json.loads(json.dumps(store.backup()))
    assert data["version"] == 1 and len(data["club_events"]) == 1
    with Store.open(tmp_path / "b") as other:
        other.create_game(new_game(ROMME, ["P", "Q", "R"]))  # ids differ there
        assert other.restore(data) == 3
        (summary,) = other.list_events()
        after = other.event_play(summary.id)
    assert after.record.event == before.record.event
    assert [s.seating for s in after.record.series] == [
        s.seating for s in before.record.series
    ]
    assert after.plays == before.plays and after.missing == ()
    event = after.record.event
    assert rank_event(event, after.plays) == rank_event(event, before.plays)


def test_a_backup_from_before_club_events_restores(tmp_path: Path) -> None:
    with Store.open(tmp_path / "a") as store:
        evening(store)
        data = store.backup()
    del data["club_events"]
    with Store.open(tmp_path / "b") as other:
        assert other.restore(data) == 3
        assert other.list_events() == []


@pytest.mark.parametrize(
    "damage",
    [
        lambda e: e.update(event={"name": ""}),
        lambda e: e["series"][0]["games"][0][0].update(game=12345),
        lambda e: e["series"][0]["games"][0][0].update(players=["Nobody"]),
        lambda e: e["series"][0].update(tables=[["Anna", "Ben"]]),
        lambda e: e["series"][0].update(games=[]),
    ],
)
def test_a_damaged_club_part_adds_nothing(tmp_path: Path, damage) -> None:
    with Store.open(tmp_path / "a") as store:
        evening(store)
        data = json.loads(json.dumps(store.backup()))
    damage(data["club_events"][0])
    with Store.open(tmp_path / "b") as other:
        with pytest.raises(StoreError, match="club event 1"):
            other.restore(data)
        assert other.list_games() == [] and other.list_events() == []
