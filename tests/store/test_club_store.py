"""Club events in the store (issue 21): round-trips on a temp folder, a
restart, redraws, table games created with their links, a deleted game, a
second connection, a file migrated from 007, and a whole small evening."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jolly_scorer.core.club.event import ClubEvent
from jolly_scorer.core.club.points import CONVERSIONS
from jolly_scorer.core.club.ranking import next_seating, rank_event
from jolly_scorer.core.club.seating import (
    draw_seating,
    next_players,
    standing_seating,
)
from jolly_scorer.core.errors import ClubError
from jolly_scorer.core.game import Counted, Round, add_round, finish, new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import GameNotFound, Store, StoreError
from jolly_scorer.store.club import ClubStore, EventNotFound, new_seed
from jolly_scorer.store.schema import MIGRATIONS, apply_migrations

ROMME = find_rules("romme_de")
EIGHT = ("Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz", "Gabi", "Hans")


def event(**changes: object) -> ClubEvent:
    values: dict[str, object] = {
        "name": "Friday club",
        "rules": ROMME,
        "players": EIGHT,
        "series_count": 2,
        "games_per_series": 2,
        "points": CONVERSIONS["bands5"],
        "seed": 31337,
    }
    values.update(changes)
    return ClubEvent(**values)  # type: ignore[arg-type]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path) as opened:
        yield opened


def test_the_store_answers_the_club_protocol(store: Store) -> None:
    answers: ClubStore = store  # mypy checks this line: Store is a ClubStore
    assert answers is store


def test_an_event_survives_a_restart(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        event_id = store.create_event(event())
        seating = draw_seating(EIGHT, series=1, seed=4242)
        store.seat_series(event_id, seating)
        first = store.start_table_game(
            event_id, 1, 1, new_game(ROMME, seating.tables[0])
        )
        second = store.start_table_game(
            event_id, 1, 2, new_game(ROMME, seating.tables[1])
        )
    with Store.open(tmp_path) as store:
        record = store.load_event(event_id)
        assert record.event == event()
        assert len(record.series) == 1
        assert record.series[0].seating == seating
        assert record.series[0].games == ((first,), (second,))
        assert store.load_game(first).players == seating.tables[0]
        [summary] = store.list_events()
        assert (summary.id, summary.name, summary.players) == (
            event_id,
            "Friday club",
            8,
        )
        assert (summary.series_seated, summary.series_count) == (1, 2)


def test_every_write_changes_the_revision(store: Store) -> None:
    event_id = store.create_event(event())
    seen = {store.event_revision(event_id)}
    store.seat_series(event_id, draw_seating(EIGHT, series=1, seed=1))
    seen.add(store.event_revision(event_id))
    store.seat_series(event_id, draw_seating(EIGHT, series=1, seed=2), replace=True)
    seen.add(store.event_revision(event_id))
    store.save_event(event_id, event(name="Friday club, March"))
    seen.add(store.event_revision(event_id))
    assert len(seen) == 4
    assert store.load_event(event_id).event.name == "Friday club, March"


def test_a_redraw_replaces_series_1_until_a_table_has_a_game(store: Store) -> None:
    event_id = store.create_event(event())
    store.seat_series(event_id, draw_seating(EIGHT, series=1, seed=1))
    again = draw_seating(EIGHT, series=1, seed=2)
    store.seat_series(event_id, again, replace=True)
    assert store.load_event(event_id).series[0].seating == again
    store.start_table_game(event_id, 1, 2, new_game(ROMME, again.tables[1]))
    with pytest.raises(StoreError, match="cannot be redrawn"):
        store.seat_series(event_id, draw_seating(EIGHT, series=1, seed=3), replace=True)
    assert store.load_event(event_id).series[0].seating == again


def test_series_are_seated_in_order_and_within_the_event(store: Store) -> None:
    event_id = store.create_event(event())
    with pytest.raises(StoreError, match="not the next series"):
        store.seat_series(event_id, draw_seating(EIGHT, series=2, seed=1))
    store.seat_series(event_id, draw_seating(EIGHT, series=1, seed=1))
    with pytest.raises(StoreError, match="not the next series"):
        store.seat_series(event_id, draw_seating(EIGHT, series=1, seed=1))
    store.seat_series(event_id, standing_seating(EIGHT, series=2, seed=1))
    with pytest.raises(StoreError, match="2 of 2 seated"):
        store.seat_series(event_id, draw_seating(EIGHT, series=3, seed=1))
    stranger = draw_seating((*EIGHT[:7], "Zoe"), series=1, seed=1)
    other = store.create_event(event())
    with pytest.raises(StoreError, match="'Zoe' is not a player"):
        store.seat_series(other, stranger)
    assert store.load_event(other).series == ()


def test_a_table_game_must_be_the_tables(store: Store) -> None:
    event_id = store.create_event(event())
    seating = draw_seating(EIGHT, series=1, seed=5)
    store.seat_series(event_id, seating)
    wrong = new_game(ROMME, seating.tables[1])
    games_before = len(store.list_games())
    with pytest.raises(StoreError, match="not table 1's"):
        store.start_table_game(event_id, 1, 1, wrong)
    with pytest.raises(StoreError, match="no table 3"):
        store.start_table_game(event_id, 1, 3, wrong)
    with pytest.raises(EventNotFound):
        store.start_table_game(event_id + 1, 1, 1, wrong)
    assert len(store.list_games()) == games_before  # nothing half-stored
    game_id = store.create_game(new_game(ROMME, seating.tables[0]))
    store.link_table_game(event_id, 1, 1, game_id)
    with pytest.raises(StoreError, match="already"):
        store.link_table_game(event_id, 1, 1, game_id)
    with pytest.raises(GameNotFound):
        store.link_table_game(event_id, 1, 1, 9999)
    assert store.load_event(event_id).series[0].games == ((game_id,), ())


def test_a_deleted_game_is_reported_missing(store: Store) -> None:
    event_id = store.create_event(event())
    seating = draw_seating(EIGHT, series=1, seed=5)
    store.seat_series(event_id, seating)
    kept = store.start_table_game(event_id, 1, 1, new_game(ROMME, seating.tables[0]))
    gone = store.start_table_game(event_id, 1, 2, new_game(ROMME, seating.tables[1]))
    store.delete_game(gone)
    play = store.event_play(event_id)
    assert play.missing == ((1, 2, 1),)
    assert play.record.series[0].games == ((kept,), (None,))
    assert play.plays[0].games[1] == ()


def test_a_seated_player_stays_a_player_of_the_event(store: Store) -> None:
    event_id = store.create_event(event())
    store.seat_series(event_id, draw_seating(EIGHT, series=1, seed=5))
    with pytest.raises(StoreError, match="must stay"):
        store.save_event(event_id, event(players=(*EIGHT[:7], "Zoe")))
    later = event(players=(*EIGHT, "Zoe"))  # a late arrival
    store.save_event(event_id, later)
    assert store.load_event(event_id).event.players[-1] == "Zoe"


def test_deleting_an_event_keeps_its_games(store: Store) -> None:
    event_id = store.create_event(event())
    seating = draw_seating(EIGHT, series=1, seed=5)
    store.seat_series(event_id, seating)
    game_id = store.start_table_game(event_id, 1, 1, new_game(ROMME, seating.tables[0]))
    store.delete_event(event_id)
    with pytest.raises(EventNotFound):
        store.load_event(event_id)
    with pytest.raises(EventNotFound):
        store.delete_event(event_id)
    assert store.load_game(game_id).players == seating.tables[0]
    conn = sqlite3.connect(store.path)
    try:
        for table in ("club_series", "club_seats", "club_games"):
            assert conn.execute(f"SELECT count(*) FROM {table}").fetchone() == (0,)
    finally:
        conn.close()


def test_another_connection_sees_the_event(tmp_path: Path) -> None:
    with Store.open(tmp_path) as one, Store.open(tmp_path) as two:
        event_id = one.create_event(event())
        version = two.data_version()
        one.seat_series(event_id, draw_seating(EIGHT, series=1, seed=5))
        assert two.data_version() != version
        assert two.load_event(event_id).series[0].seating.seed == 5


def test_a_damaged_event_row_is_a_store_error(store: Store) -> None:
    event_id = store.create_event(event())
    conn = sqlite3.connect(store.path)
    try:
        conn.execute("UPDATE club_events SET data = '{\"name\": 5}'")
        conn.commit()
    finally:
        conn.close()
    with pytest.raises(StoreError, match=f"club event {event_id} cannot be read"):
        store.load_event(event_id)


def test_a_file_from_before_club_events_opens(tmp_path: Path) -> None:
    conn = sqlite3.connect(tmp_path / "games.db", isolation_level=None)
    apply_migrations(conn, [m for m in MIGRATIONS if m.name != "008_club_events"])
    conn.close()
    with Store.open(tmp_path) as store:
        assert store.list_events() == []
        store.create_event(event())


def test_new_seeds_are_six_digits() -> None:
    seeds = {new_seed() for _ in range(50)}
    assert all(100_000 <= s <= 999_999 for s in seeds) and len(seeds) > 1


def close(game_players: tuple[str, ...], bad: dict[str, int]) -> Round:
    closer = next(p for p in game_players if bad.get(p, 0) == 0)
    return Round(
        closer,
        counted=tuple((p, Counted(bad=bad[p])) for p in game_players if p != closer),
    )


def test_a_small_evening_from_creation_to_the_final_ranking(tmp_path: Path) -> None:
    """8 players, 2 tables, 2 series of 2 games: series 2 seated by standing,
    a late correction at a table followed by the ranking, all after restarts."""
    with Store.open(tmp_path) as store:
        event_id = store.create_event(event())
        seating = draw_seating(EIGHT, series=1, seed=new_seed())
        store.seat_series(event_id, seating)
        for table_number, table in enumerate(seating.tables, 1):
            for game_number in range(2):
                game = new_game(ROMME, table)
                bad = {
                    p: 0 if i == game_number else i * 7 + game_number * 3 + 1
                    for i, p in enumerate(table)
                }
                game = finish(add_round(game, close(table, bad)))
                game_id = store.start_table_game(event_id, 1, table_number, game)
                store.save_game(game_id, game)
    with Store.open(tmp_path) as store:  # the organiser's laptop restarted
        play = store.event_play(event_id)
        ranking = rank_event(play.record.event, play.plays)
        second = next_seating(play.record.event, play.plays, EIGHT, seed=77)
        assert sorted(second.tables[0]) == sorted(ranking.order[:4])
        store.seat_series(event_id, second)
        for table_number, table in enumerate(second.tables, 1):
            for _ in range(2):
                game = finish(
                    add_round(
                        new_game(ROMME, table),
                        close(table, {table[0]: 0} | {p: 9 for p in table[1:]}),
                    )
                )
                store.start_table_game(event_id, 2, table_number, game)
    with Store.open(tmp_path) as store:
        play = store.event_play(event_id)
        before = rank_event(play.record.event, play.plays)
        assert len(play.plays) == 2 and play.missing == ()
        # a wrong entry corrected at its table: the ranking follows
        linked = play.record.series[1].games[1][0]
        assert linked is not None
        game = store.load_game(linked)
        table = game.players
        fixed = finish(
            add_round(
                new_game(ROMME, table),
                close(table, {table[0]: 0} | {p: 500 for p in table[1:]}),
            )
        )
        store.save_game(linked, fixed)
        after = rank_event(play.record.event, store.event_play(event_id).plays)
        was = {r.line.player: r.line for r in before.entries}
        now = {r.line.player: r.line for r in after.entries}
        for loser in table[1:]:  # 9 left in hand (15 points) became 500 (0)
            assert now[loser].raw == was[loser].raw - 9 + 500
            assert now[loser].points == (was[loser].points or 0) - 15
        assert now[table[0]] == was[table[0]]


@given(st.lists(st.integers(0, 10**9), min_size=1, max_size=3), st.integers(3, 14))
@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
def test_seatings_round_trip(tmp_path: Path, seeds: list[int], count: int) -> None:
    players = tuple(f"P{i}" for i in range(count))
    with Store.open(tmp_path / f"{count}-{'-'.join(map(str, seeds))}") as store:
        event_id = store.create_event(
            event(players=players, series_count=len(seeds), fives=count % 2 == 0)
        )
        made = []
        playing: tuple[str, ...] = players
        for number, seed in enumerate(seeds, 1):
            if number > 1 and len(playing) > 3:
                playing = next_players(playing, leave=[playing[-1]])
            seating = draw_seating(
                playing, series=number, seed=seed, fives=count % 2 == 0
            )
            store.seat_series(event_id, seating)
            made.append(seating)
        assert [s.seating for s in store.load_event(event_id).series] == made


def test_a_seating_the_rules_cannot_hold_is_refused(store: Store) -> None:
    four = ROMME.replace(players_max=4)
    with pytest.raises(ClubError):
        event(rules=four, players=EIGHT[:5])


def test_rules_and_seed_stay_once_a_series_is_seated(store: Store) -> None:
    event_id = store.create_event(event())
    store.save_event(event_id, event(seed=1))  # before: anything goes
    store.save_event(event_id, event(seed=31337))
    store.seat_series(event_id, draw_seating(EIGHT, series=1, seed=5))
    with pytest.raises(StoreError, match="fixed once a series is seated"):
        store.save_event(event_id, event(rules=find_rules("rommi_fi")))
    with pytest.raises(StoreError, match="fixed once a series is seated"):
        store.save_event(event_id, event(seed=2))
    store.save_event(event_id, event(points=None, series_count=3))  # scoring may
    assert store.load_event(event_id).event.points is None


def test_a_tables_game_plays_the_events_rules(store: Store) -> None:
    event_id = store.create_event(event())
    seating = draw_seating(EIGHT, series=1, seed=5)
    store.seat_series(event_id, seating)
    other = new_game(find_rules("rommi_fi"), seating.tables[0])
    with pytest.raises(StoreError, match="event's rules"):
        store.start_table_game(event_id, 1, 1, other)
    game_id = store.create_game(other)
    with pytest.raises(StoreError, match="event's rules"):
        store.link_table_game(event_id, 1, 1, game_id)
    assert store.load_event(event_id).series[0].games == ((), ())


def test_a_hand_made_seating_must_fit_the_rules(store: Store) -> None:
    from jolly_scorer.core.club.seating import Seating

    four = ROMME.replace(players_max=4)
    event_id = store.create_event(event(rules=four))
    five = Seating(1, "draw", 1, (EIGHT[:5], EIGHT[5:]))
    with pytest.raises(StoreError, match="table 1 seats 5"):
        store.seat_series(event_id, five)


KILLED_CHILD = """
import sys
from jolly_scorer.core.game import new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store

folder, event_id = sys.argv[1], int(sys.argv[2])
store = Store.open(folder)
tables = store.load_event(event_id).series[0].seating.tables
print("ready", flush=True)
count = 0
while True:
    table = count % len(tables)
    store.start_table_game(
        event_id, 1, table + 1, new_game(find_rules("romme_de"), tables[table])
    )
    count += 1
    print("linked", count, flush=True)
"""


def test_a_killed_organiser_leaves_no_game_without_its_link(tmp_path: Path) -> None:
    """The organiser's process killed while it creates the tables' games: every
    game it said was linked is there with its link, and no game is left
    without one (each is stored with its link in one transaction)."""
    import signal
    import subprocess
    import sys

    script = tmp_path / "child.py"
    script.write_text(KILLED_CHILD, encoding="utf-8")
    with Store.open(tmp_path) as store:
        event_id = store.create_event(event())
        store.seat_series(event_id, draw_seating(EIGHT, series=1, seed=5))
    acked = 0
    for wanted in (1, 3, 2, 5, 1, 4):
        child = subprocess.Popen(
            [sys.executable, str(script), str(tmp_path), str(event_id)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert child.stdout is not None and child.stderr is not None
        assert child.stdout.readline().startswith("ready"), child.stderr.read()
        said = 0
        while said < wanted:
            line = child.stdout.readline()
            assert line, child.stderr.read()
            said = int(line.split()[1])
        child.send_signal(signal.SIGKILL)
        for line in child.stdout.read().splitlines():  # said before it died
            if line.startswith("linked "):
                said = max(said, int(line.split()[1]))
        child.stderr.read()
        child.wait(timeout=30)
        acked += said
        with Store.open(tmp_path) as store:
            links = [g for t in store.load_event(event_id).series[0].games for g in t]
            games = {summary.id for summary in store.list_games()}
            assert None not in links
            assert set(links) == games  # no game without its link, nor a link
            assert acked <= len(links) <= acked + 1  # at most one not yet said
            acked = len(links)
            store.event_play(event_id)  # and the event still reads whole


def test_a_rename_at_a_table_keeps_the_event_whole(store: Store) -> None:
    """A player renamed in a table's game (a typo fixed at the table) stays
    the event's player: the event reads, the ranking is the same."""
    from jolly_scorer.core.game import rename_player

    event_id = store.create_event(event())
    seating = draw_seating(EIGHT, series=1, seed=5)
    store.seat_series(event_id, seating)
    ids = []
    for number, table in enumerate(seating.tables, 1):
        game = finish(
            add_round(
                new_game(ROMME, table),
                close(table, {p: i * 4 for i, p in enumerate(table)}),
            )
        )
        ids.append(store.start_table_game(event_id, 1, number, game))
    before = rank_event(event(), store.event_play(event_id).plays)
    first, second = seating.tables[0][:2]
    game = store.load_game(ids[0])
    swapped = rename_player(rename_player(game, first, "Tmp"), second, first)
    swapped = rename_player(swapped, "Tmp", second)  # two names swapped
    store.save_game(ids[0], rename_player(swapped, seating.tables[0][2], "Zed"))
    play = store.event_play(event_id)
    assert rank_event(event(), play.plays) == before
    assert play.plays[0].games[0][0] == game  # as it was linked, no result changed
    assert store.load_game(ids[0]).players != game.players  # the table's names


def test_a_tables_two_revisions_are_read_at_once(store: Store) -> None:
    event_id = store.create_event(event())
    seating = draw_seating(EIGHT, series=1, seed=4242)
    store.seat_series(event_id, seating)
    game_id = store.start_table_game(event_id, 1, 1, new_game(ROMME, seating.tables[0]))
    assert store.table_revisions(event_id, game_id) == (
        store.event_revision(event_id),
        store.revision(game_id),
    )
    assert store.table_revisions(event_id, game_id + 99) == (
        store.event_revision(event_id),
        None,
    )
    with pytest.raises(EventNotFound):
        store.table_revisions(event_id + 99, game_id)


def test_an_evening_is_listed_as_finished_once_its_last_game_is_over(
    store: Store,
) -> None:
    """Issue 37 item 6: a finished evening was listed as "series 2 of 2
    seated"; the store's summary says finished when every table of the last
    series has played its games to the end (and not before)."""
    from jolly_scorer.core.club.seating import Seating

    event_id = store.create_event(event())

    def summary() -> object:
        return next(s for s in store.list_events() if s.id == event_id)

    def play(series: int, seating: Seating, games: int, skip: int = 0) -> None:
        for number, table in enumerate(seating.tables, 1):
            for _ in range(games if number != skip else 0):
                done = finish(
                    add_round(
                        new_game(ROMME, table),
                        close(table, {table[0]: 0} | {p: 9 for p in table[1:]}),
                    )
                )
                store.start_table_game(event_id, series, number, done)

    first = draw_seating(EIGHT, series=1, seed=5)
    store.seat_series(event_id, first)
    play(1, first, 2)
    assert not summary().finished  # type: ignore[attr-defined]
    second = draw_seating(EIGHT, series=2, seed=6)
    store.seat_series(event_id, second)
    play(2, second, 1)  # one game of two at each table
    assert not summary().finished  # type: ignore[attr-defined]
    table = second.tables[0]
    game_id = store.start_table_game(event_id, 2, 1, new_game(ROMME, table))
    play(2, second, 1, skip=1)
    assert not summary().finished  # type: ignore[attr-defined]
    last = add_round(
        new_game(ROMME, table), close(table, {table[0]: 0} | {p: 9 for p in table[1:]})
    )
    store.save_game(game_id, finish(last))
    assert summary().finished  # type: ignore[attr-defined]
