"""A club evening on one laptop in headless Chromium: 8 players, 2 tables, 2
series of 2 games, every round entered as counted points through the ordinary
round entry (Rommé with its limit at 100, so a game ends after one round);
series 2 is seated by the standing and the final ranking is the store's.

Then screenshots in German and Finnish at 1280×800 and 390×844 of the event
form, the seating of series 1 and 2, and the big-screen ranking at 1920×1080
(of an evening prepared in the store)."""

from __future__ import annotations

import pytest
from browser_steps import reveal, tap, type_in
from support.club_evening import prepared
from test_app_flow import play_round, shoot

from jolly_scorer.core.club.ranking import rank_event
from jolly_scorer.core.names import name_key
from jolly_scorer.i18n import Translator
from jolly_scorer.store import Store
from jolly_scorer.ui.texts import preset_name

pytestmark = pytest.mark.browser

TARGET = "jolly_scorer.ui.app:main"
EIGHT = ("Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz", "Gabi", "Hans")


def create_in_form(app, language):
    tap(app, "home-club")
    tap(app, "club-new")
    type_in(app, "club-name", "Freitagsrunde")
    type_in(app, "club-players", "\n".join(EIGHT))
    split = Translator(language).plural(
        "{count} players: {n} table ({sizes})",
        "{count} players: {n} tables ({sizes})",
        2,
        count=8,
        sizes="4 + 4",
    )
    app.wait_text(split)
    app.replace_text(reveal(app, "club-series"), "2")
    app.replace_text(reveal(app, "club-games"), "2")
    label = preset_name("romme_de", Translator(language)).split(" (")[0]
    reveal(app, "preset").get_by_text(label).first.click()
    for _ in range(8):  # the limit: 500 - 8 × 50 = 100
        tap(app, "target-less")


def play_table_game(app, series, table):
    """The table's next game, one round: seat 0 goes out, seat 1 passes 100."""
    tap(app, f"club-play-{series}-{table}")
    app.by_id("enter-round").first.wait_for()
    play_round(app, 0, {1: 120, 2: 10, 3: 20})
    app.by_id("winner").first.wait_for()
    tap(app, "back")  # the scoreboard's back button goes to the event
    app.by_id(f"club-table-{series}-{table}").first.wait_for()


def test_an_evening_played_on_one_laptop(web_app, tmp_path):
    data = tmp_path / "evening"
    app = web_app(
        TARGET,
        viewport="desktop",
        env={"LANGUAGE": "de", "JOLLY_SCORER_DATA": str(data)},
        wait_text="Neues Spiel",
    )
    create_in_form(app, "de")
    tap(app, "club-create")
    tap(app, "club-seat-draw")
    for _game in range(2):
        for table in (1, 2):
            play_table_game(app, 1, table)
    tap(app, "club-seat-standing")
    app.by_id("club-table-2-1").first.wait_for()
    for _game in range(2):
        for table in (1, 2):
            play_table_game(app, 2, table)
    app.by_id("club-finished").first.wait_for()
    shoot(app, "club-finished-desktop-de")
    with Store.open(data) as store:
        (summary,) = store.list_events()
        play = store.event_play(summary.id)
    event = play.record.event
    assert event.players == EIGHT and len(play.plays) == 2
    assert all(len(g) == 2 for p in play.plays for g in p.games)
    # series 2: the best four after series 1 at table 1
    after_one = rank_event(event, play.plays[:1]).order
    second = play.record.series[1].seating
    assert second.method == "standing"
    assert sorted(map(name_key, second.tables[0])) == sorted(
        map(name_key, after_one[:4])
    )
    # the final ranking as the big screen shows it
    final = rank_event(event, play.plays)
    tap(app, "club-big")
    app.by_id("club-big-screen").first.wait_for()
    text = app.by_id("club-big-screen").first.inner_text()
    at = [text.index(name) for name in final.order]
    assert at == sorted(at), (final.order, text)


@pytest.mark.parametrize("language", ["de", "fi"])
@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_screens_in_german_and_finnish(web_app, tmp_path, language, viewport):
    data = tmp_path / f"{language}-{viewport}"
    prepared(data)
    home = {"de": "Neues Spiel", "fi": "Uusi peli"}[language]
    env = {"LANGUAGE": language, "JOLLY_SCORER_DATA": str(data)}
    app = web_app(TARGET, viewport=viewport, env=env, wait_text=home)
    shot = f"{viewport}-{language}"
    tap(app, "home-club")
    tap(app, "club-open-1")
    app.by_id("club-table-2-1").first.wait_for()
    app.by_id("club-new").first.wait_for(state="detached")  # the list is gone
    app.settle()
    shoot(app, f"club-series-2-{shot}")
    reveal(app, "club-series-1")
    shoot(app, f"club-series-1-{shot}")
    reveal(app, "club-tie-break")
    shoot(app, f"club-ranking-{shot}")
    tap(app, "back")
    tap(app, "club-new")
    type_in(app, "club-players", "\n".join(EIGHT[:6]))
    shoot(app, f"club-form-{shot}")
    if viewport == "desktop":
        big = web_app(TARGET, viewport=(1920, 1080), env=env, wait_text=home)
        tap(big, "home-club")
        tap(big, "club-open-1")
        tap(big, "club-big")
        big.by_id("club-big-screen").first.wait_for()
        shoot(big, f"club-big-1920-{language}")
