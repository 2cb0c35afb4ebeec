"""A club's seasons in the store (issue 37): kept with their evenings in
order, standings from the evenings as stored now (they follow a saved
round), carried by backup and restore (all or nothing)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from jolly_scorer.core.club.event import ClubEvent
from jolly_scorer.core.club.season import Season
from jolly_scorer.core.club.seating import draw_seating
from jolly_scorer.core.game import Counted, Round, add_round, new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store, StoreError
from jolly_scorer.store.club_seasons import SeasonNotFound

ROMME = find_rules("romme_de").replace(rounds_limit=1)
FOUR = ("Anna", "Ben", "Cleo", "Dora")


def played(store: Store, name: str, order: tuple[str, ...]) -> int:
    """An evening of one series, one game, one round: ``order`` best first
    (bad points 0, 10, 20, 30)."""
    event_id = store.create_event(ClubEvent(name, ROMME, FOUR, 1, 1, seed=1))
    seating = draw_seating(FOUR, series=1, seed=2)
    store.seat_series(event_id, seating)
    table = seating.tables[0]
    game = new_game(ROMME, table)
    bad = {p: 10 * i for i, p in enumerate(order)}
    counted = tuple((p, Counted(bad=bad[p])) for p in table if p != order[0])
    store.start_table_game(
        event_id, 1, 1, add_round(game, Round(order[0], counted=counted))
    )
    return event_id


def test_a_season_keeps_its_evenings_in_order_and_ranks_them(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        season_id = store.create_season(Season("2026", best=1))
        one = played(store, "Abend 1", ("Anna", "Ben", "Cleo", "Dora"))
        two = played(store, "Abend 2", ("Ben", "Anna", "Dora", "Cleo"))
        store.add_season_event(season_id, one)
        store.add_season_event(season_id, two)
        with pytest.raises(StoreError, match="already"):
            store.add_season_event(season_id, one)
        record = store.load_season(season_id)
        assert record.events == (one, two)
        standing = store.season_standing(season_id)
        # best 1: Anna 25 (evening 1), Ben 25 (evening 2): one evening won
        # each, then (best: all evenings) Anna 25+20 = Ben 20+25; the last
        # evening: Ben first
        assert standing.evenings == ("Abend 1", "Abend 2")
        assert [(s.player, s.total) for s in standing.entries][:2] == [
            ("Ben", 25),
            ("Anna", 25),
        ]
        store.remove_season_event(season_id, two)
        assert store.load_season(season_id).events == (one,)
        store.delete_event(one)  # an evening deleted: one evening less
        assert store.load_season(season_id).events == ()
        store.delete_season(season_id)
        with pytest.raises(SeasonNotFound):
            store.load_season(season_id)


def test_backup_and_restore_carry_the_seasons(tmp_path: Path) -> None:
    with Store.open(tmp_path / "a") as store:
        store.create_event(ClubEvent("Empty", ROMME, FOUR, 1, 1))  # ids differ
        season_id = store.create_season(Season("2026", best=2, seed=8))
        for name in ("Abend 1", "Abend 2"):
            store.add_season_event(
                season_id, played(store, name, ("Cleo", "Anna", "Ben", "Dora"))
            )
        before = store.season_standing(season_id)
        data = json.loads(json.dumps(store.backup()))
    assert len(data["club_seasons"]) == 1
    with Store.open(tmp_path / "b") as other:
        other.create_event(ClubEvent("Here first", ROMME, FOUR, 1, 1))
        other.restore(data)
        (summary,) = other.list_seasons()
        assert summary.evenings == 2
        assert other.season_standing(summary.id) == before
        names = [
            other.load_event(e).event.name for e in other.load_season(summary.id).events
        ]
        assert names == ["Abend 1", "Abend 2"]
    # a damaged season part: nothing is added
    bad = json.loads(json.dumps(data))
    bad["club_seasons"][0]["events"] = [999]
    with Store.open(tmp_path / "c") as third:
        with pytest.raises(StoreError, match="season 1"):
            third.restore(bad)
        assert third.list_events() == [] and third.list_games() == []
    # a backup from before seasons restores
    del data["club_seasons"]
    with Store.open(tmp_path / "d") as fourth:
        fourth.restore(data)
        assert fourth.list_seasons() == []
