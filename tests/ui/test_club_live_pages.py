"""A club evening served live, its pages in process (tests/flet_harness.py):
the organiser's page, a table's phones and a second organiser page share one
pubsub hub, as the pages of one ``jolly-scorer --club`` server do. What one
page changes reaches the others by itself: a table's next game, a phone that
joined, a series seated."""

from __future__ import annotations

import pytest
from support.app_steps import enter_round

from jolly_scorer import serve
from jolly_scorer.core.club.event import ClubEvent
from jolly_scorer.core.club.seating import Seating, draw_seating
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store
from jolly_scorer.tables.table import Access
from jolly_scorer.ui import app as ui_app
from jolly_scorer.ui.state import device_key

FOUR = ("Anna", "Ben", "Cleo", "Dora")


@pytest.fixture
def evening(flet_app, tmp_path, monkeypatch):
    """An event of one table (two games a series, the limit 100), series 1
    drawn, served live; ``page(access)`` opens a page with that access."""
    rules = find_rules("romme_de").replace(target=100)
    with Store.open(tmp_path) as store:
        event_id = store.create_event(ClubEvent("Friday", rules, FOUR, 1, 2))
        store.seat_series(event_id, draw_seating(FOUR, series=1, seed=3))
    club = serve._open_club(tmp_path, tmp_path)
    club.address = "http://127.0.0.1:8550/"
    monkeypatch.setattr(ui_app, "current_table", lambda: club)
    pages: list = []

    def page(access: Access, width: float = 1280):
        monkeypatch.setattr(ui_app, "current_access", lambda: access)
        made = flet_app(
            lambda p: ui_app.main(p, tmp_path),
            width=width,
            height=900,
            pubsub_with=pages[0] if pages else None,
        )
        pages.append(made)
        return made

    yield club, page, event_id, tmp_path
    club.forget()


def open_event(organiser) -> None:
    organiser.click(organiser.find(semantics="home-club"))
    organiser.click(organiser.find(semantics="club-open-1"))
    organiser.wait_for(lambda: bool(organiser.find_all(semantics="club-ranking")))


def back_to_table(organiser) -> None:
    """The organiser, on a table's finished game: back to the event, and
    that table's game (its next one) opened."""
    organiser.click(organiser.find(semantics="back"))
    organiser.wait_for(lambda: bool(organiser.find_all(semantics="club-play-1-1")))
    organiser.click(organiser.find(semantics="club-play-1-1"))
    organiser.wait_for(lambda: bool(organiser.find_all(semantics="enter-round")))


def games_of(data, event_id) -> tuple[int | None, ...]:
    with Store.open(data) as store:
        return store.load_event(event_id).series[0].games[0]


def test_a_phone_idle_on_the_finished_game_moves_to_the_next_by_itself(evening):
    club, page, event_id, data = evening
    # the organiser's laptop (without entering together: its round entry
    # is the ordinary one)
    organiser = page(Access("local", "organiser"))
    phone = page(Access("guest", "phone-1", table=1), width=390)
    phone.click(phone.find(semantics="home-continue"))
    phone.wait_for(lambda: bool(phone.find_all(semantics="enter-round")))
    (first,) = games_of(data, event_id)
    # the organiser plays the table's game to its end (seat 1 passes 100)
    open_event(organiser)
    organiser.click(organiser.find(semantics="club-play-1-1"))
    enter_round(organiser, 0, {1: (None, 120), 2: (None, 20), 3: (None, 30)})
    # the phone was not touched: it shows the table's next game, and says so
    phone.wait_for(
        lambda: (
            any("next game has started" in t for t in phone.texts())
            and bool(phone.find_all(semantics="enter-round"))
        )
    )
    first_again, second = games_of(data, event_id)
    assert first_again == first
    assert second not in (None, first)
    assert club.table_game(1)() == second


def test_the_organisers_tables_show_a_phone_that_joined(evening):
    club, page, _, _ = evening
    organiser = page(Access("host", "organiser"))
    open_event(organiser)
    assert "0 phones connected" in organiser.texts()
    # a phone joins table 1 with its link and opens its page (the server)
    device = club.join_with_token(club.table(1).join_token, "10.0.0.5", "Android")
    assert device is not None
    club.connected(Access("guest", device, table=1), +1)
    organiser.wait_for(lambda: "1 phone connected" in organiser.texts())
    club.connected(Access("guest", device, table=1), -1)
    organiser.wait_for(lambda: "0 phones connected" in organiser.texts())


def test_a_series_seated_on_one_page_shows_on_the_others(flet_app, tmp_path):
    """Not served live: two organiser pages of one server (two tabs); the
    club screens' writes go through AppState, which tells the other pages."""

    def open_page(other=None):
        return flet_app(
            lambda p: ui_app.main(p, tmp_path),
            width=1280,
            height=900,
            pubsub_with=other,
        )

    rules = find_rules("romme_de").replace(target=100)
    with Store.open(tmp_path) as store:
        store.create_event(ClubEvent("Friday", rules, FOUR, 2, 1))
    one = open_page()
    two = open_page(one)
    for page in (one, two):
        page.click(page.find(semantics="home-club"))
        page.click(page.find(semantics="club-open-1"))
    assert not two.find_all(semantics="club-series-1")
    one.click(one.find(semantics="club-seat-draw"))
    assert one.find_all(semantics="club-series-1")
    two.wait_for(lambda: bool(two.find_all(semantics="club-series-1")))
    # and the other way round: the series drawn again on the second page
    before = [t for t in one.texts() if t.startswith("Series 1:")]
    two.click(two.find(semantics="club-redraw"))
    one.wait_for(
        lambda: [t for t in one.texts() if t.startswith("Series 1:")] != before
    )


LAST_WEEK = ("Emil", "Fritz", "Gabi", "Hans")


@pytest.fixture
def two_evenings(flet_app, tmp_path, monkeypatch):
    """Two events, series 1 seated in each, served live: "Abend 3" (created
    last) is live, "Freitagsrunde" is last week's, its game played."""
    rules = find_rules("romme_de").replace(target=100)
    with Store.open(tmp_path) as store:
        old = store.create_event(ClubEvent("Freitagsrunde", rules, LAST_WEEK, 1, 1))
        store.seat_series(old, draw_seating(LAST_WEEK, series=1, seed=3))
        now = store.create_event(ClubEvent("Abend 3", rules, FOUR, 1, 2))
        store.seat_series(now, draw_seating(FOUR, series=1, seed=4))
    club = serve._open_club(tmp_path, tmp_path)
    club.address = "http://127.0.0.1:8550/"
    club.serve_event(now)
    monkeypatch.setattr(ui_app, "current_table", lambda: club)
    pages: list = []

    def page(access: Access, width: float = 1280):
        monkeypatch.setattr(ui_app, "current_access", lambda: access)
        made = flet_app(
            lambda p: ui_app.main(p, tmp_path),
            width=width,
            height=900,
            pubsub_with=pages[0] if pages else None,
        )
        pages.append(made)
        return made

    yield club, page, old, now
    club.forget()


def open_named(organiser, name: str) -> None:
    """Open the event called ``name`` from the list."""
    organiser.click(organiser.find(semantics="home-club"))
    organiser.wait_for(lambda: name in organiser.texts())
    with Store.open(organiser.data_dir) as store:
        number = 1 + [e.name for e in store.list_events()].index(name)
    organiser.click(organiser.find(semantics=f"club-open-{number}"))
    organiser.wait_for(lambda: bool(organiser.find_all(semantics="club-ranking")))


def test_opening_another_evening_changes_nothing_live_and_making_it_live_asks_and_tells(
    two_evenings, tmp_path
):
    """Issue 37 items 1 and 2: with "Abend 3" live, the organiser opens last
    week's evening: the tables, their phones and the ranking link stay on
    Abend 3. Making it live is its own step, asked first; then every table's
    phone and the ranking link follow."""
    club, page, old, now = two_evenings
    organiser = page(Access("host", "organiser"))
    organiser.data_dir = tmp_path
    phone = page(Access("guest", "phone-1", table=1), width=390)
    projector = page(Access("viewer", "projector"), width=1920)
    projector.wait_for(lambda: "Abend 3" in projector.texts())
    phone.click(phone.find(semantics="home-continue"))
    phone.wait_for(lambda: bool(phone.find_all(semantics="enter-round")))
    live_game = club.table_game(1)()
    with Store.open(tmp_path) as store:
        assert live_game in store.load_event(now).series[0].games[0]
    assert "Anna" in phone.texts() and "Emil" not in phone.texts()

    open_named(organiser, "Freitagsrunde")
    # looking is not serving: nothing moved
    assert club.event_id == now
    assert club.table_game(1)() == live_game
    assert organiser.find_all(semantics="club-not-live")
    assert any("Abend 3" in t for t in organiser.texts())
    assert not organiser.find_all(semantics="club-pin-1")  # not its tables' PINs
    assert "Anna" in phone.texts() and "Emil" not in phone.texts()
    assert "Abend 3" in projector.texts()
    assert "Freitagsrunde" not in projector.texts()

    # making it live asks first; "Cancel" changes nothing
    organiser.click(organiser.find(semantics="club-make-live"))
    organiser.wait_for(
        lambda: bool(organiser.find_all(semantics="club-make-live-question"))
    )
    assert club.event_id == now
    organiser.click(organiser.find(semantics="club-make-live-no"))
    assert club.event_id == now
    organiser.click(organiser.find(semantics="club-make-live"))
    organiser.click(organiser.find(semantics="club-make-live-yes"))
    assert club.event_id == old
    organiser.wait_for(lambda: bool(organiser.find_all(semantics="club-live")))
    assert organiser.find_all(semantics="club-pin-1")
    # every table is told: the phone is at last week's table 1 now
    phone.wait_for(lambda: "Emil" in phone.texts() and "Anna" not in phone.texts())
    assert club.table_game(1)() is not None
    with Store.open(tmp_path) as store:
        assert club.table_game(1)() in store.load_event(old).series[0].games[0]
    # the ranking link follows the live evening
    projector.wait_for(lambda: "Freitagsrunde" in projector.texts())
    assert "Abend 3" not in projector.texts()
    # and a reload of the ranking link shows it too
    again = page(Access("viewer", "projector"), width=1920)
    again.wait_for(lambda: "Freitagsrunde" in again.texts())


def test_the_ranking_link_shows_the_live_evenings_season(two_evenings, tmp_path):
    """Issue 37, the season: the ranking link's big screen offers the season
    of the live evening; its standings follow a saved round."""
    from jolly_scorer.core.club.season import Season

    club, page, old, now = two_evenings
    with Store.open(tmp_path) as store:
        season_id = store.create_season(Season("Saison 2026"))
        store.add_season_event(season_id, old)
        store.add_season_event(season_id, now)
    projector = page(Access("viewer", "projector"), width=1920)
    projector.wait_for(lambda: bool(projector.find_all(semantics="club-big-season")))
    projector.click(projector.find(semantics="club-big-season"))
    projector.wait_for(
        lambda: bool(projector.find_all(semantics="club-big-season-standings"))
    )
    texts = projector.texts()
    assert "Saison 2026 · Season standings" in texts
    for player in FOUR + LAST_WEEK:
        assert player in texts
    # the ranking link reads the live evening's seasons only
    from jolly_scorer.tables.club import RankingStore
    from jolly_scorer.tables.guest_store import ViewerRefused

    with Store.open(tmp_path) as store:
        other = store.create_season(Season("Last year"))
        store.add_season_event(other, old)
        ranking = RankingStore(store, club)
        assert ranking.season_standing(season_id).name == "Saison 2026"
        with pytest.raises(ViewerRefused):
            ranking.season_standing(other)
        with pytest.raises(ViewerRefused):
            ranking.seasons_of_event(old)
        with pytest.raises(ViewerRefused):
            ranking.add_season_event(season_id, old)


def test_a_seasons_big_screen_follows_a_saved_round(tmp_path):
    from jolly_scorer.core.club.season import Season
    from jolly_scorer.core.game import Counted, Round, add_round
    from jolly_scorer.ui.models.club.model import ClubModel

    rules = find_rules("romme_de").replace(target=1000)
    with Store.open(tmp_path) as store:
        event_id = store.create_event(ClubEvent("Friday", rules, FOUR, 1, 1))
        store.seat_series(event_id, draw_seating(FOUR, series=1, seed=3))
        season_id = store.create_season(Season("S"))
        store.add_season_event(season_id, event_id)
        model = ClubModel(store)  # type: ignore[arg-type]
        model.open(event_id, view="big")
        assert model.season_id == season_id and model.season is None
        model.choose_season(True)
        assert model.season is not None
        game_id = model.table_game(1, 1)
        assert isinstance(game_id, int)
        game = store.load_game(game_id)
        first, *rest = game.players
        done = Round(first, counted=tuple((p, Counted(bad=50)) for p in rest))
        store.save_game(game_id, add_round(game, done))
        model.heard(game_id)
        assert model.season.order[0] == first
        assert model.season.entries[0].total == 25


def test_a_phone_shows_its_table_and_series_and_the_next_games_notice_goes(evening):
    """Issue 37 item 6: phones never showed their table and series; "the
    table's next game has started" stayed after that game's first round; a
    club table's finished game spoke of a rematch (it has none), in a line
    that ran off a 390 px phone."""
    club, page, event_id, data = evening
    organiser = page(Access("local", "organiser"))
    phone = page(Access("guest", "phone-1", table=1), width=390)
    phone.wait_for(lambda: "Table 1 · series 1 of 1" in phone.texts())
    phone.click(phone.find(semantics="home-continue"))
    phone.wait_for(lambda: bool(phone.find_all(semantics="enter-round")))
    assert phone.find_all(semantics="club-place")
    # a club table has no host's device: its games' Undo is the organiser's
    hint = phone.find(semantics="board-host-only").label
    assert hint == "Undo and finishing the game are the organiser's."
    open_event(organiser)
    organiser.click(organiser.find(semantics="club-play-1-1"))
    enter_round(organiser, 0, {1: (None, 120), 2: (None, 20), 3: (None, 30)})
    phone.wait_for(lambda: any("next game has started" in t for t in phone.texts()))
    # the next game's first round, entered by the organiser: the notice goes
    back_to_table(organiser)
    enter_round(organiser, 0, {1: (None, 5), 2: (None, 5), 3: (None, 5)})
    phone.wait_for(lambda: not any("next game has started" in t for t in phone.texts()))
    assert "Table 1 · series 1 of 1" in phone.texts()
    # the table's last game of the series ends: no rematch, the series' word
    enter_round(organiser, 0, {1: (None, 200), 2: (None, 5), 3: (None, 5)})
    phone.wait_for(lambda: bool(phone.find_all(semantics="board-over-hint")))
    text = " ".join(phone.texts())
    assert "rematch" not in text.lower()
    assert "next game starts by itself" in text
    assert "after this series the evening is over" in text  # its only series
    hint = phone.find(semantics="board-over-hint").content
    assert hint.expand  # wraps within the footer's row: whole at 390 px


EIGHT = ("Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz", "Gabi", "Hans")
#: series 2 of :func:`two_tables`: Anna moves to table 2, Ben stays at table 1
SERIES_2 = (("Ben", "Cleo", "Dora", "Emil"), ("Anna", "Fritz", "Gabi", "Hans"))


def two_tables(tmp_path, monkeypatch, language: str, seat: str):
    """An evening of eight at two tables (two series of one game, the limit
    100), series 1 seated (table 1: Anna to Dora), served live; the phone
    ``phone-1`` of table 1 sat last as ``seat`` in table 1's game, and the
    pages opened next are that phone's. Returns the club, the event's id,
    table 1's game."""
    rules = find_rules("romme_de").replace(target=100)
    with Store.open(tmp_path) as store:
        store.set_setting("language", language)
        event_id = store.create_event(ClubEvent("Friday", rules, EIGHT, 2, 1))
        store.seat_series(event_id, Seating(1, "draw", 1, (EIGHT[:4], EIGHT[4:])))
        club = serve._open_club(tmp_path, tmp_path)
        club.address = "http://127.0.0.1:8550/"
        first = club.table_game(1)()
        assert first is not None
        store.save_device_seat(first, device_key(f"{store.path}\nphone-1"), seat)
    monkeypatch.setattr(ui_app, "current_table", lambda: club)
    monkeypatch.setattr(
        ui_app, "current_access", lambda: Access("guest", "phone-1", table=1)
    )
    return club, event_id, first


def seat_series_2(data, event_id: int, store=None) -> None:
    """Seat :data:`SERIES_2` (by ``store``, else by a store of its own)."""
    if store is None:
        with Store.open(data) as own:
            seat_series_2(data, event_id, own)
        return
    store.seat_series(event_id, Seating(2, "standing", 2, SERIES_2))


@pytest.mark.parametrize(
    ("language", "moved"),
    [
        ("de", "Anna: Du sitzt jetzt an Tisch 2 (Durchgang 2)"),
        ("fi", "Anna: istut nyt pöydässä 2 (sarja 2)"),
    ],
)
def test_a_phone_whose_player_moved_says_where_it_sits_now(
    flet_app, tmp_path, monkeypatch, language, moved
):
    """Issue 37 item 6: a phone that moved tables stayed at the old table
    without a word; it says "you now sit at table 2" in its language."""
    club, event_id, _ = two_tables(tmp_path, monkeypatch, language, "Anna")
    seat_series_2(tmp_path, event_id)  # series 2: Anna at table 2
    phone = flet_app(lambda p: ui_app.main(p, tmp_path), width=390, height=844)
    try:
        phone.wait_for(lambda: bool(phone.find_all(semantics="club-moved")))
        text = " ".join(phone.texts())
        assert moved in text, text
        assert "table" not in text.lower() or language == "en"
    finally:
        club.forget()


@pytest.mark.parametrize(
    ("seat", "moved", "last_round_elsewhere"),
    [("Ben", False, False), ("Anna", True, False), ("Ben", False, True)],
)
def test_a_series_seated_by_another_process_reaches_a_joined_phone(
    flet_app, tmp_path, monkeypatch, seat, moved, last_round_elsewhere
):
    """Issue 37: a series seated by another process (a second server on the
    same folder) left a phone on its table's old game; touched, it said "Game
    deleted.". As when the organiser's page of this server seats it, the
    phone follows its table to the new game, or says where its player sits;
    also when the same process saved the series' last round just before."""
    from jolly_scorer.core.game import Counted, Round, add_round

    club, event_id, first = two_tables(tmp_path, monkeypatch, "en", seat)
    with Store.open(tmp_path) as store:
        game = store.load_game(first)
        out, *rest = game.players
        done = Round(out, counted=tuple((p, Counted(bad=150)) for p in rest))
        if not last_round_elsewhere:
            store.save_game(first, add_round(game, done))  # series 1 is over
    phone = flet_app(lambda p: ui_app.main(p, tmp_path), width=390, height=844)
    try:
        # the phone opens on its table's game (finished, or at its last round)
        over = "enter-round" if last_round_elsewhere else "board-over-hint"
        phone.wait_for(lambda: bool(phone.find_all(semantics=over)))
        assert "Table 1 · series 1 of 2" in phone.texts()
        with Store.open(tmp_path) as other:  # another process seats series 2
            if last_round_elsewhere:  # ... just after its table's last round
                other.save_game(first, add_round(game, done))
            seat_series_2(tmp_path, event_id, other)
        if moved:
            phone.wait_for(
                lambda: bool(phone.find_all(semantics="club-moved")), timeout=10
            )
            assert "Anna: you now sit at table 2 (series 2)" in " ".join(phone.texts())
        else:
            phone.wait_for(
                lambda: "Table 1 · series 2 of 2" in phone.texts(), timeout=10
            )
            phone.wait_for(lambda: bool(phone.find_all(semantics="enter-round")))
            new = club.table_game(1)()
            assert new not in (None, first)
        assert not any("deleted" in t for t in phone.texts())
    finally:
        club.forget()


def test_a_series_seated_by_another_process_shows_on_the_organisers_page(
    flet_app, tmp_path
):
    """Issue 37: the organiser's page of one server follows a series seated by
    another process on the same folder (a second server, say), as it follows
    another page of its own server."""
    rules = find_rules("romme_de").replace(target=100)
    with Store.open(tmp_path) as store:
        event_id = store.create_event(ClubEvent("Friday", rules, FOUR, 2, 1))
    page = flet_app(lambda p: ui_app.main(p, tmp_path), width=1280, height=900)
    page.click(page.find(semantics="home-club"))
    page.click(page.find(semantics="club-open-1"))
    assert not page.find_all(semantics="club-series-1")
    with Store.open(tmp_path) as other:
        other.seat_series(event_id, draw_seating(FOUR, series=1, seed=3))
    page.wait_for(lambda: bool(page.find_all(semantics="club-series-1")), timeout=10)
