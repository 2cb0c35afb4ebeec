"""The organiser's club model without Flet (ui/models/club/model.py): create, draw,
redraw, seat by standing, a late arrival and a leaver, a table's games, and a
corrected round moving the ranking. A real store on a temp folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from jolly_scorer.core.club.points import CONVERSIONS
from jolly_scorer.core.game import Counted, Round, add_round, replace_round
from jolly_scorer.core.names import name_key
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store
from jolly_scorer.ui.models.club.model import ClubModel, parse_players, split_of

EIGHT = ("Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz", "Gabi", "Hans")
RULES = find_rules("romme_de").replace(rounds_limit=1)  # a game is one round


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path) as opened:
        yield opened


def created(store: Store, players: tuple[str, ...] = EIGHT, **kw: object) -> ClubModel:
    model = ClubModel(store)
    values: dict[str, object] = {"series_count": 2, "games_per_series": 1}
    values.update(kw)
    assert model.create("Friday club", RULES, players, **values) is None  # type: ignore[arg-type]
    return model


def play_table(model: ClubModel, store: Store, series: int, table: int) -> None:
    """The table's next game, one round: the first seat goes out, the others
    count 10, 20, 30 (in seat order)."""
    game_id = model.table_game(series, table)
    assert isinstance(game_id, int), game_id
    game = store.load_game(game_id)
    closer = game.players[0]
    counted = tuple((p, Counted(bad=10 * i)) for i, p in enumerate(game.players[1:], 1))
    store.save_game(game_id, add_round(game, Round(closer, counted=counted)))
    model.heard(game_id)


def test_players_are_read_from_a_pasted_list() -> None:
    assert parse_players(" Anna\r\nBen\n\n  \n1. Cleo\n- Dora ") == (
        "Anna",
        "Ben",
        "Cleo",
        "Dora",
    )
    assert split_of(8) == (4, 4) and split_of(10) == (4, 3, 3)
    assert split_of(2) is None


def test_create_opens_the_event_unseated(store: Store) -> None:
    model = created(store)
    assert model.view == "event" and model.event is not None
    assert model.event.players == EIGHT and model.seated == 0
    assert model.can_seat_next() and not model.can_redraw()
    assert [e.name for e in store.list_events()] == ["Friday club"]


def test_create_refuses_what_is_missing(store: Store) -> None:
    model = ClubModel(store)
    assert model.create("X", RULES, EIGHT, series_count=None, games_per_series=1)
    assert model.create(
        "X", RULES, ("Anna", "anna", "Ben"), series_count=1, games_per_series=1
    )
    assert model.create("", RULES, EIGHT, series_count=1, games_per_series=1)
    assert store.list_events() == []


def test_draw_and_redraw(store: Store) -> None:
    model = created(store)
    assert model.seat_next("draw") is None
    first = model.tables[0]
    assert [len(t.players) for t in first] == [4, 4]
    assert sorted(p for t in first for p in t.players) == sorted(EIGHT)
    seed = store.load_event(model.event_id or 0).series[0].seating.seed
    assert model.redraw() is None
    again = store.load_event(model.event_id or 0).series
    assert len(again) == 1 and again[0].seating.seed != seed
    # a table starts its game: no redraw any more, and no second series yet
    assert isinstance(model.table_game(1, 1), int)
    assert not model.can_redraw() and model.redraw() is not None
    assert not model.can_seat_next() and model.seat_next("draw") is not None
    assert len(store.load_event(model.event_id or 0).series) == 1


def test_series_two_is_seated_by_the_standing(store: Store) -> None:
    model = created(store)
    model.seat_next("draw")
    for table in (1, 2):
        play_table(model, store, 1, table)
    assert all(t.done for t in model.tables[0]) and model.can_seat_next()
    standing = model.overall
    assert standing is not None
    assert model.seat_next("standing") is None
    second = model.tables[1]
    top = {name_key(p) for p in standing.order[:4]}
    assert {name_key(p) for p in second[0].players} == top
    assert not model.can_seat_next()  # 2 series: the event is full


def test_a_late_arrival_and_a_leaver(store: Store) -> None:
    model = created(store, series_count=3)
    model.seat_next("draw")
    for table in (1, 2):
        play_table(model, store, 1, table)
    assert model.seat_next("draw", arrive=["Ida"], leave=["ben"]) is None
    seated = [p for t in model.tables[1] for p in t.players]
    assert "Ida" in seated and "Ben" not in seated and len(seated) == 8
    assert model.event is not None and model.event.players[-1] == "Ida"
    overall = model.overall
    assert overall is not None and len(overall.entries) == 9  # Ben still ranked
    # leavers that would leave 2 players are refused, nothing stored
    for table in (1, 2):
        play_table(model, store, 2, table)
    failed = model.seat_next(
        "draw", leave=["Anna", "Cleo", "Dora", "Emil", "Fritz", "Gabi"]
    )
    assert failed is not None
    assert len(store.load_event(model.event_id or 0).series) == 2


def test_a_corrected_round_moves_the_ranking(store: Store) -> None:
    model = created(store, players=EIGHT[:4], points=CONVERSIONS["bands5"])
    model.seat_next("draw")
    play_table(model, store, 1, 1)
    overall = model.overall
    assert overall is not None
    first, last = overall.order[0], overall.order[-1]
    game_id = model.tables[0][0].game_ids[0]
    assert game_id is not None
    game = store.load_game(game_id)
    # the round is corrected: the one who went out held the most cards instead
    counted = tuple(
        (p, Counted(bad=5 if p == last else 90)) for p in game.players if p != last
    )
    fixed = replace_round(game, 0, Round(last, counted=counted))
    store.save_game(game_id, fixed)
    model.heard(game_id)
    moved = model.overall
    assert moved is not None and moved.order[0] == last and moved.order[0] != first
    assert model.series_rankings[0].order == moved.order


def test_a_table_game_starts_with_the_next_dealer(store: Store) -> None:
    model = created(store, players=EIGHT[:4], games_per_series=2)
    model.seat_next("draw")
    first = model.table_game(1, 1)
    assert model.table_game(1, 1) == first  # running: the same game again
    play_table(model, store, 1, 1)
    second = model.table_game(1, 1)
    assert isinstance(second, int) and second != first
    assert store.load_game(second).first_dealer == 1
    assert model.tables[0][0].finished == 1


def test_every_club_write_goes_through_the_pipeline_and_is_told(store: Store) -> None:
    """The model's writes take ``AppState.change_event``'s road: each one is
    told to the other pages with its event's id (a new event: its new id)."""
    from jolly_scorer.ui.state import AppState

    state = AppState(store=store)
    told: list[int] = []
    state.publish_event = told.append
    model = ClubModel(store)
    model.writes = state.change_event
    assert (
        model.create("Friday club", RULES, EIGHT, series_count=2, games_per_series=1)
        is None
    )
    assert model.event_id is not None
    assert told == [model.event_id]
    assert model.seat_next("draw") is None
    assert model.redraw() is None
    game_id = model.table_game(1, 1)
    assert isinstance(game_id, int)
    assert told == [model.event_id] * 4
    assert model.delete(model.event_id) is None
    assert len(told) == 5


def test_a_page_on_the_club_screens_follows_without_loading_games(store: Store) -> None:
    """A round saved elsewhere reaches the club screens' listener; the page's
    state (whose every field redraws the whole page) stays as it was."""
    from jolly_scorer.ui.state import AppState

    model = created(store)
    assert model.seat_next("draw") is None
    game_id = model.table_game(1, 1)
    assert isinstance(game_id, int)
    state = AppState(store=store)
    state.nav.screen = "club"
    heard: list[tuple[str, int]] = []
    stop = state.follow_changes(heard.append)
    before = (state.game_id, state.history, state.revision)
    state.refresh(game_id)
    assert heard == [("game", game_id)]
    assert (state.game_id, state.history, state.revision) == before
    stop()
    state.refresh(game_id)
    assert heard == [("game", game_id)]
