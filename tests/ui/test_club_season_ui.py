"""The club's season in the app (issue 37), in process: Home -> Club
evening -> Seasons -> a new season with a best-2 rule -> three evenings
added -> the standings (checked by hand), a player's evening-by-evening
line, the CSV; a round saved later moves the standings."""

from __future__ import annotations

import csv
import io

import pytest
from support.app_steps import field_in

from jolly_scorer.core.club.event import ClubEvent
from jolly_scorer.core.club.seating import draw_seating
from jolly_scorer.core.game import Counted, Round, add_round, new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store
from jolly_scorer.ui import app as ui_app
from jolly_scorer.ui.models.club.season import SeasonModel

ROMME = find_rules("romme_de").replace(rounds_limit=1)
FIVE = ("Anna", "Ben", "Cleo", "Dora", "Emil")


def evening(store: Store, name: str, order: tuple[str, ...], rules=ROMME) -> int:
    """An evening of one table and one round: ``order`` best first (bad
    points 0, 10, 20, …; its players only)."""
    event_id = store.create_event(ClubEvent(name, rules, order, 1, 1, seed=1))
    seating = draw_seating(order, series=1, seed=2)
    store.seat_series(event_id, seating)
    table = seating.tables[0]
    bad = {p: 10 * i for i, p in enumerate(order)}
    done = Round(
        order[0],
        counted=tuple((p, Counted(bad=bad[p])) for p in table if p != order[0]),
    )
    store.start_table_game(event_id, 1, 1, add_round(new_game(rules, table), done))
    return event_id


#: the three evenings of tests/core/test_club_season.py, computed by hand
THREE = (
    ("Abend 1", ("Anna", "Ben", "Cleo", "Dora")),
    ("Abend 2", ("Ben", "Emil", "Anna", "Dora", "Cleo")),
    ("Abend 3", ("Emil", "Cleo", "Anna", "Ben", "Dora")),
)


@pytest.fixture
def app(flet_app, tmp_path):
    with Store.open(tmp_path) as store:
        for name, order in THREE:
            evening(store, name, order)
    return flet_app(lambda page: ui_app.main(page, tmp_path), width=1280, height=900)


def test_a_season_of_three_evenings_best_two(app, tmp_path, monkeypatch):
    app.click(app.find(semantics="home-club"))
    app.click(app.find(semantics="club-seasons"))
    app.type_text(field_in(app, "season-name"), "Saison 2026")
    app.type_text(field_in(app, "season-best"), "2")
    app.click(app.find(semantics="season-create"))
    app.wait_for(
        lambda: (
            bool(app.find_all(semantics="season-standings"))
            or "Evenings" in app.texts()
        )
    )
    with Store.open(tmp_path) as store:
        ids = {e.name: e.id for e in store.list_events()}
    for name, _ in THREE:
        app.set_value(field_in(app, "season-add"), str(ids[name]), event="select")
    app.wait_for(lambda: bool(app.find_all(semantics="season-standings")))
    texts = app.texts()
    # by hand (best 2): Ben 45, Emil 45, Anna 41, Cleo 36, Dora 26
    rows = [t for t in texts if t in ("Ben", "Emil", "Anna", "Cleo", "Dora")]
    assert rows[:5] == ["Ben", "Emil", "Anna", "Cleo", "Dora"]
    assert "(16)" in texts and "45" in texts and "26" in texts
    # a player's evening-by-evening line
    app.set_value(field_in(app, "season-player"), "Anna", event="select")
    app.wait_for(lambda: bool(app.find_all(semantics="season-line")))
    texts = app.texts()
    assert "Abend 1: 25" in texts
    assert "Abend 2: 16 (not counted)" in texts
    assert "Abend 3: 16" in texts
    assert any(t.startswith("Place 3: 41 in total, 3 evenings played") for t in texts)
    # the CSV (English: commas, a byte-order mark)
    saved: dict[str, bytes] = {}

    async def save_file(self, **kw):
        saved[kw["file_name"]] = kw["src_bytes"]

    import flet as ft

    monkeypatch.setattr(ft.FilePicker, "save_file", save_file)
    app.click(app.find(semantics="season-export-csv"))
    app.wait_for(lambda: bool(saved))
    (data,) = saved.values()
    rows = list(csv.reader(io.StringIO(bytes(data).decode("utf-8-sig"))))
    assert rows[0][:3] == ["Place", "Player", "Season total"]
    assert [r[1] for r in rows[1:]] == ["Ben", "Emil", "Anna", "Cleo", "Dora"]


def test_the_standings_follow_a_round_saved_later(tmp_path):
    """Evening 2 gets a second game where Dora goes out and the others
    collect a lot: Dora wins the evening; the season model read again shows
    it (the page reads it again after every change to a game)."""
    with Store.open(tmp_path) as store:
        two_rounds = ROMME.replace(rounds_limit=2)
        one = evening(store, "Abend 1", ("Anna", "Ben", "Cleo", "Dora"), two_rounds)
        from jolly_scorer.core.club.season import Season

        season_id = store.create_season(Season("S"))
        store.add_season_event(season_id, one)
        model = SeasonModel(store)  # type: ignore[arg-type]
        assert model.open(season_id) is None
        assert model.standing is not None and model.standing.order[0] == "Anna"
        game_id = store.load_event(one).series[0].games[0][0]
        game = store.load_game(game_id)
        done = Round(
            "Dora",
            counted=tuple((p, Counted(bad=90)) for p in game.players if p != "Dora"),
        )
        store.save_game(game_id, add_round(game, done))
        model.heard()
        assert model.standing.order[0] == "Dora"
