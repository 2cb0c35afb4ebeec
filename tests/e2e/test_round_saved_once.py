"""Round entry defects 2 and 4 in headless Chromium on the served app: a phone
and a laptop both have round 2 open (one shared round: the later change
wins); the phone saves it once, and the laptop shows the saved round and adds
none. Cancel asks before throwing a half-entered round away."""

from __future__ import annotations

import pytest

from conftest import VIEWPORTS, WebApp, wait_for_flutter
from jolly_scorer.core.game import Counted, Round, add_round, new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store

pytestmark = pytest.mark.browser
TARGET = "jolly_scorer.ui.app:main"


def tap(app, identifier: str) -> None:
    """Tap, and wait until the page stands still with the answer drawn."""
    app.by_id(identifier).first.click()
    app.settle()


def seed(folder) -> None:
    game = new_game(find_rules("rommi_fi"), ["Anna", "Ben"])
    game = add_round(game, Round("Anna", counted=(("Ben", Counted(bad=12)),)))
    with Store.open(folder) as store:
        store.create_game(game)


def open_second(chromium, app) -> WebApp:
    w, h = VIEWPORTS["desktop"]
    context = chromium.new_context(viewport={"width": w, "height": h}, locale="en-US")
    page = context.new_page()
    page.goto(app.url + "/")
    wait_for_flutter(page, "New game", 20_000)
    return WebApp(page=page, url=app.url, server=app.server, log_path=app.log_path)


def enter(app, closer: int, bad: str) -> None:
    """Round entry: who went out, everyone counted, the other's bad points."""
    tap(app, "enter-round")
    app.by_id(f"round-closer-{closer}").first.wait_for()
    tap(app, f"round-closer-{closer}")
    if app.by_id("round-count-all").count():  # (a draft of the other device
        tap(app, "round-count-all")  # may have switched it already)
    other = 1 - closer
    app.type_into(app.by_id(f"round-bad-{other}").first, bad)
    app.settle()  # the points reached the server: the preview shows them


def test_a_round_saved_on_another_device_is_not_added_twice(
    web_app, chromium, tmp_path
):
    data = tmp_path / "data"
    seed(data)
    env = {"LANGUAGE": "en", "JOLLY_SCORER_DATA": str(data)}
    phone = web_app(TARGET, viewport="phone", env=env, wait_text="New game")
    laptop = open_second(chromium, phone)
    try:
        for app in (phone, laptop):
            tap(app, "home-continue")
            app.by_id("enter-round").first.wait_for()
        enter(phone, 0, "5")
        enter(laptop, 1, "9")  # the same round (entering together): later wins
        tap(phone, "round-save")
        phone.by_id("enter-round").first.wait_for()  # round 2 saved, once
        # the laptop had that round open: it shows the saved round, adds none
        saved = "Round 2 was saved on another device."
        laptop.page.locator(
            f'[aria-label*="{saved}"], :text("{saved}")'
        ).first.wait_for(state="attached", timeout=10_000)
        laptop.by_id("enter-round").first.wait_for(timeout=10_000)
        with Store.open(data) as store:
            rounds = store.load_game(store.current_game_id()).rounds
        assert len(rounds) == 2 and rounds[1].closed_by == "Ben"
    finally:
        laptop.page.context.close()


def test_cancel_asks_before_losing_a_round(web_app, tmp_path):
    data = tmp_path / "data"
    seed(data)
    env = {"LANGUAGE": "de", "JOLLY_SCORER_DATA": str(data)}
    app = web_app(TARGET, viewport="phone", env=env, wait_text="Neues Spiel")
    tap(app, "home-continue")
    enter(app, 0, "7")
    tap(app, "round-cancel")
    app.by_id("round-cancel-ask").first.wait_for()
    app.screenshot("round-entry-phone-de-cancel")
    tap(app, "round-keep-entering")
    app.by_id("round-save").first.wait_for()
    tap(app, "round-save")
    app.by_id("enter-round").first.wait_for()
    with Store.open(data) as store:
        assert len(store.load_game(store.current_game_id()).rounds) == 2
