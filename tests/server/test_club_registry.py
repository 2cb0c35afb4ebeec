"""The club evening's registry of live tables (issue 21), in process: a
table's secret follows its number into the next series, its game is the
table's running game (the next one started when due), the PINs name tables
and wrong ones are counted for the whole club, and the ranking link's store
reads the event and refuses every write."""

from __future__ import annotations

import contextlib
from dataclasses import replace

import pytest

from jolly_scorer.core.club.event import ClubEvent
from jolly_scorer.core.club.seating import draw_seating
from jolly_scorer.core.game import Counted, Round, add_round
from jolly_scorer.core.game import new_game as core_new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.core.scoring import score_game
from jolly_scorer.store import Store
from jolly_scorer.tables.club import Club, RankingStore
from jolly_scorer.tables.guest_store import (
    GuestStore,
    NotTheTablesGame,
    Refused,
    ViewerRefused,
)
from jolly_scorer.tables.table import PIN_TRIES, Access

PLAYERS = ("Anna", "Ben", "Cleo", "Dora", "Emil", "Frida", "Gustav", "Hanna")


@pytest.fixture
def evening(tmp_path):
    store = Store.open(tmp_path / "data")
    rules = find_rules("romme_de")
    event_id = store.create_event(ClubEvent("Friday", rules, PLAYERS, 2, 1))
    store.seat_series(event_id, draw_seating(PLAYERS, series=1, seed=3))

    @contextlib.contextmanager
    def using():
        yield store

    club, resumed = Club.open(using, tmp_path / "data" / "live-club")
    assert not resumed
    club.address = "http://127.0.0.1:8550/"
    yield store, club, event_id, using, tmp_path
    store.close()


def finish(store, game_id):
    """Play the game to its end (a round closing it with the limit passed)."""
    game = store.load_game(game_id)
    while not score_game(game).game_over:
        first, *rest = game.players
        game = add_round(
            game,
            Round(closed_by=first, counted=tuple((p, Counted(bad=60)) for p in rest)),
        )
    store.save_game(game_id, game)


def test_a_tables_secret_follows_its_number_into_the_next_series(evening):
    store, club, event_id, _, _ = evening
    tables = club.seated_tables()
    assert [t.number for t in tables] == [1, 2]
    phone = club.join_with_token(
        tables[1].join_url.split("token=")[1], "10.0.0.5", "Android"
    )
    assert phone is not None
    assert club.access(phone) == Access("guest", phone, table=2)
    first = club.table_game(2)()
    assert first is not None
    assert set(store.load_game(first).players) == set(tables[1].players)
    for number in (1, 2):
        game_id = club.table_game(number)()
        finish(store, game_id)
    # series 2 seated: the same link and PIN, now the new players' game
    store.seat_series(event_id, draw_seating(PLAYERS, series=2, seed=9))
    again = club.seated_tables()
    assert [(t.join_url, t.pin) for t in again] == [(t.join_url, t.pin) for t in tables]
    assert club.access(phone) == Access("guest", phone, table=2)
    second = club.table_game(2)()
    assert second is not None and second != first
    assert set(store.load_game(second).players) == set(again[1].players)


def test_a_phone_changes_only_its_tables_game(evening):
    store, club, _, _, _ = evening
    one, two = (club.table_game(n)() for n in (1, 2))
    assert one is not None and two is not None and one != two
    # each table knows the other's game as another table's, from memory
    assert club.table_game(1).elsewhere(two) and not club.table_game(1).elsewhere(one)
    guest = club.store_for(store, Access("guest", "d" * 20, table=2))
    assert isinstance(guest, GuestStore)
    assert guest.current_game_id() == two
    with pytest.raises(NotTheTablesGame):
        guest.load_game(one)
    with pytest.raises(NotTheTablesGame):
        guest.save_game(one, store.load_game(one))
    with pytest.raises(Refused):
        guest.create_game(store.load_game(two))
    with pytest.raises(Refused):
        guest.seat_series(1, None)
    game = store.load_game(two)
    first, *rest = game.players
    done = Round(closed_by=first, counted=tuple((p, Counted(bad=5)) for p in rest))
    guest.save_game(two, add_round(game, done))
    assert len(store.load_game(two).rounds) == 1
    assert store.load_game(one).rounds == ()


def test_the_next_game_starts_only_when_the_last_is_over(evening):
    store, club, event_id, _, _ = evening
    table_game = club.table_game(1)
    first = table_game()
    assert table_game() == first  # asked again: the same game
    event = store.load_event(event_id).event
    store.save_event(event_id, replace(event, games_per_series=2))
    finish(store, first)
    second = table_game()
    assert second is not None and second != first
    finish(store, second)
    assert table_game() == second  # both played: the last one stays
    assert store.load_event(event_id).series[0].games[0] == (first, second)


def test_every_pin_names_one_table_and_wrong_ones_count_for_the_club(evening):
    _, club, _, _, _ = evening
    tables = club.seated_tables()
    assert len({t.pin for t in tables} | {club.gate.pin}) == 3
    device, problem = club.join_with_pin(tables[0].pin, "10.0.0.7", "iPhone")
    assert device is not None and club.access(device).table == 1
    wrong = next(
        p for p in (f"{n:06d}" for n in range(1000)) if p not in {t.pin for t in tables}
    )
    for _ in range(PIN_TRIES):
        assert club.join_with_pin(wrong, "10.0.0.9", "iPhone")[0] is None
    # locked out: not even a right PIN of another table lets it in now
    device, problem = club.join_with_pin(tables[1].pin, "10.0.0.9", "iPhone")
    assert device is None and problem.locked
    # the organiser's gate is no table: its PIN joins nothing
    assert club.join_with_pin(club.gate.pin, "10.0.0.8", "iPhone")[0] is None


def test_the_ranking_link_reads_the_ranking_and_changes_nothing(evening):
    store, club, event_id, _, _ = evening
    game_id = club.table_game(1)()
    viewer = club.join_with_token(club.gate.view_token, "10.0.0.3", "Linux")
    access = club.access(viewer)
    assert access == Access("viewer", viewer, table=0)
    ranking = club.store_for(store, access)
    assert isinstance(ranking, RankingStore)
    assert ranking.event_play(event_id).record.id == event_id
    assert [e.id for e in ranking.list_events()] == [event_id]
    assert ranking.current_game_id() is None and ranking.list_games() == []
    game = store.load_game(game_id)
    rules = find_rules("romme_de")
    writes = [
        lambda: ranking.save_game(game_id, game),
        lambda: ranking.create_game(core_new_game(rules, ["A", "B"])),
        lambda: ranking.delete_game(game_id),
        lambda: ranking.set_setting("language", "fi"),
        lambda: ranking.seat_series(event_id, None),
        lambda: ranking.start_table_game(event_id, 1, 1, game),
        lambda: ranking.save_event(event_id, None),
        lambda: ranking.delete_event(event_id),
        lambda: ranking.load_game(game_id),
        lambda: ranking.save_draft(game_id, {}),
    ]
    for write in writes:
        with pytest.raises(ViewerRefused):
            write()
    other = store.create_event(ClubEvent("Other", rules, PLAYERS, 1, 1))
    club.serve_event(event_id)
    with pytest.raises(ViewerRefused):
        ranking.event_play(other)
    assert store.load_game(game_id) == game
    # a table's viewer link is no way in while the table allows no viewers
    table_view = club.table(1).view_token
    assert club.join_with_token(table_view, "10.0.0.3", "Linux") is None


def test_a_killed_club_goes_on_with_the_same_secrets(evening):
    store, club, event_id, using, tmp_path = evening
    tables = club.seated_tables()
    phone = club.join_with_token(
        tables[0].join_url.split("token=")[1], "10.0.0.5", "Android"
    )
    host = club.join_with_token(club.gate.host_token, "127.0.0.1", "Linux")
    # no forget(): the process died
    again, resumed = Club.open(using, tmp_path / "data" / "live-club")
    assert resumed and again.event_id == event_id
    again.address = club.address
    assert [(t.join_url, t.pin) for t in again.seated_tables()] == [
        (t.join_url, t.pin) for t in tables
    ]
    assert again.access(phone) == Access("guest", phone, table=1)
    assert again.access(host) == Access("host", host)
    again.forget()
    third, resumed = Club.open(using, tmp_path / "data" / "live-club")
    assert not resumed and third.access(phone) is None


def test_the_organiser_and_a_phone_start_one_game_at_a_table(evening):
    from jolly_scorer.ui.models.club.model import ClubModel

    store, club, event_id, _, _ = evening
    model = ClubModel(store)
    model.live_game = lambda number: club.table_game(number)()
    assert model.open(event_id) is None
    # the organiser starts table 1's game, then the phones of table 1 ask
    started = model.table_game(1, 1)
    assert isinstance(started, int)
    assert club.table_game(1)() == started
    # a phone at table 2 was first; the organiser's button opens that game
    phone_first = club.table_game(2)()
    assert model.table_game(1, 2) == phone_first
    games = store.load_event(event_id).series[0].games
    assert games == ((started,), (phone_first,))  # one game a table, no more


def test_the_next_game_starts_when_the_last_ends_with_nothing_else_changed(evening):
    """The game's last round is the only change (no write to the event):
    the table's next game starts at the next look-up, not at some later
    change of the event."""
    store, club, event_id, _, _ = evening
    event = store.load_event(event_id).event
    store.save_event(event_id, replace(event, games_per_series=2))
    table_game = club.table_game(1)
    first = table_game()
    assert table_game() == first  # asked again: the same game
    finish(store, first)
    second = table_game()
    assert second is not None and second != first
    assert store.load_event(event_id).series[0].games[0] == (first, second)


def test_another_tables_game_is_told_apart_from_memory(evening):
    """Every page hears of every saved round; a phone tells another table's
    game from its own without reading the store."""
    store, club, _, _, _ = evening
    one, two = club.table_game(1), club.table_game(2)
    first, second = one(), two()
    assert first is not None and second is not None
    assert one.elsewhere(second) and two.elsewhere(first)
    assert not one.elsewhere(first) and not two.elsewhere(second)
    assert not one.elsewhere(10_000)  # not known: the phone asks its table


def test_the_store_watcher_tells_of_a_club_event_another_process_changed(tmp_path):
    """Issue 37: a series seated by another process changes no game, so the
    store watcher (games' revisions only) told no page of it. It tells of the
    club events changed elsewhere; this process's own writes reach the pages
    through pubsub and are not told again."""
    from jolly_scorer.tables.watcher import StoreWatcher

    data = tmp_path / "data"
    games: list[int] = []
    events: list[int] = []
    with Store.open(data) as store:
        event_id = store.create_event(
            ClubEvent("Friday", find_rules("romme_de"), PLAYERS, 2, 1)
        )
        watcher = StoreWatcher(store, games.append, None, events.append)
        watcher._tell(watcher._look())  # the starting point: nothing to tell
        store.seat_series(event_id, draw_seating(PLAYERS, series=1, seed=3))
        watcher._tell(watcher._look())  # this process's own write
        assert (games, events) == ([], [])
        with Store.open(data) as other:  # another process seats series 2
            other.seat_series(event_id, draw_seating(PLAYERS, series=2, seed=4))
        watcher._tell(watcher._look())
        assert (games, events) == ([], [event_id])
        watcher._tell(watcher._look())  # nothing new
        assert events == [event_id]
