"""A club evening served live in Chromium (issue 21): ``jolly-scorer --club``
with the organiser's laptop (1280×800) and a phone (390×844) in separate
browser contexts. The phone joins table 2 with its join link, enters a round
of table 2's game, and the organiser's ranking follows; the phone never gets
table 1's game. Screenshots (build/screenshots/): the table cards, the
ranking link's page on a 1920×1080 projector, the organiser's tables screen
at phone size in German and Finnish."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from browser_steps import reveal, type_in  # noqa: E402
from server_process import http, start_server  # noqa: E402

from conftest import WebApp, shoot_page  # noqa: E402
from jolly_scorer.core.club.event import ClubEvent  # noqa: E402
from jolly_scorer.core.club.seating import draw_seating  # noqa: E402
from jolly_scorer.core.rules import find_rules  # noqa: E402
from jolly_scorer.store import Store  # noqa: E402

pytestmark = pytest.mark.browser

EIGHT = ("Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz", "Gabi", "Hans")
WAIT = 30_000


def seed(data: Path) -> tuple[tuple[str, ...], ...]:
    rules = find_rules("romme_de").replace(target=100)
    event = ClubEvent("Freitagsrunde", rules, EIGHT, 2, 2, seed=7)
    seating = draw_seating(EIGHT, series=1, seed=11)
    with Store.open(data) as store:
        event_id = store.create_event(event)
        store.seat_series(event_id, seating)
    return seating.tables


def by_id(page: Any, identifier: str) -> Any:
    return page.locator(f'[flt-semantics-identifier="{identifier}"]')


def tap(page: Any, identifier: str) -> None:
    found = by_id(page, identifier).first
    found.wait_for(timeout=WAIT)
    found.click()


def wait_text(page: Any, text: str, timeout: float = WAIT) -> None:
    page.locator(f'[aria-label*="{text}"], :text("{text}")').first.wait_for(
        state="attached", timeout=timeout
    )


def organiser_page(chromium: Any, server: Any, size: tuple[int, int], locale: str):
    context = chromium.new_context(
        viewport={"width": size[0], "height": size[1]}, locale=locale
    )
    page = context.new_page()
    page.goto(server.find(r"organiser screen (\S+)"))
    ready(page, "home-club")
    tap(page, "home-club")
    tap(page, "club-open-1")
    by_id(page, "club-table-1-2").first.wait_for(state="attached", timeout=WAIT)
    return context, page


def cards_of(server: Any, cookie: str) -> tuple[dict[int, str], dict[int, str]]:
    status, _, body = http(server.url + "/club/cards", {"Cookie": cookie})
    assert status == 200
    page = body.decode()
    links = dict(
        (int(n), u.replace("&amp;", "&"))
        for n, u in re.findall(
            r'id="table-(\d+)".*?<p class="link">([^<]+)</p>', page, re.S
        )
    )
    pins = dict(
        (int(n), p)
        for n, p in re.findall(
            r'id="table-(\d+)".*?<strong>(\d{6})</strong>', page, re.S
        )
    )
    return links, pins


def host_cookie(server: Any) -> str:
    status, headers, _ = http(server.find(r"organiser screen (\S+)"))
    assert status == 303
    value = headers.get("set-cookie") or headers.get("Set-Cookie") or ""
    return value.split(";", 1)[0]


def ready(page: Any, identifier: str) -> None:
    """Flutter drawn, its semantics on, and control ``identifier`` there."""
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=WAIT)
    page.wait_for_selector("#loading", state="detached", timeout=WAIT)
    page.evaluate(
        "() => { const p = document.querySelector('flt-semantics-placeholder');"
        " if (p) p.click(); }"
    )
    by_id(page, identifier).first.wait_for(state="attached", timeout=WAIT)


def phone_page(chromium: Any, url: str, locale: str = "en-US") -> tuple[Any, Any]:
    context = chromium.new_context(
        viewport={"width": 390, "height": 844},
        locale=locale,
    )
    page = context.new_page()
    page.goto(url)
    return context, page


def as_app(page: Any, server: Any) -> WebApp:
    """``page`` with the browser steps' helpers (``browser_steps``)."""
    return WebApp(
        page=page, url=server.url, server=server.proc, log_path=server.log_path
    )


def test_a_phone_at_table_2_enters_a_round_and_the_ranking_follows(chromium, tmp_path):
    data = tmp_path / "data"
    tables = seed(data)
    server = start_server(tmp_path, "--club", data=data, env={"LANGUAGE": "en"})
    try:
        cookie = host_cookie(server)
        links, pins = cards_of(server, cookie)
        context, organiser = organiser_page(chromium, server, (1280, 800), "en-US")
        wait_text(organiser, f"PIN: {pins[2]}")
        shoot_page(organiser, "club-live-organiser")
        # the table cards: a sheet per table, printable
        cards = organiser.context.new_page()
        cards.goto(server.url + "/club/cards")
        cards.locator("#table-2 svg").wait_for()
        shoot_page(cards, "club-live-table-cards")
        cards.close()

        phone_context, phone = phone_page(chromium, links[2])
        ready(phone, "home-continue")
        app = as_app(phone, server)
        tap(phone, "home-continue")
        tap(phone, "enter-round")
        tap(phone, "round-seat-0")
        shoot_page(phone, "club-live-phone-seat")
        if by_id(phone, "editor-done").count():
            step(app, "editor-done")  # the hand's editor opened: close it
        # the phone enters the whole round: its seat went out, the others count
        step(app, "round-closer-0")
        step(app, "round-count-all")
        app.by_id("round-bad-1").first.wait_for(timeout=WAIT)
        for seat, points in {1: 120, 2: 10, 3: 20}.items():
            type_in(app, f"round-bad-{seat}", str(points))
        step(app, "round-save")
        # the organiser's ranking follows: table 2's raw scores
        ranking = by_id(organiser, "club-ranking").first
        app.wait_until(
            lambda: "120" in (ranking.inner_text() or ""),
            timeout=WAIT,
            what="the organiser's ranking to show table 2's round",
        )
        with Store.open(data) as store:
            game_id = store.load_event(1).series[0].games[1][0]
            game = store.load_game(game_id)
        assert len(game.rounds) == 1 and game.players[0] == tables[1][0]
        # nothing of table 1 ever reached the phone; the organiser's pages
        # are not its own
        for player in tables[0]:
            assert not phone.get_by_text(player).count()
        response = phone.goto(server.url + "/club/cards")
        assert response is not None and response.status == 403
        phone_context.close()

        # the ranking link (a projector at 1920×1080): read only, follows too
        view = chromium.new_context(viewport={"width": 1920, "height": 1080})
        projector = view.new_page()
        projector.goto(server.find(r"follow from home\) (\S+)"))
        ready(projector, "club-big-screen")
        wait_text(projector, "Freitagsrunde")
        assert not by_id(projector, "back").count()  # nowhere to go from here
        for player in EIGHT:
            wait_text(projector, player)
        by_id(projector, "club-tie-break").first.wait_for(state="attached")
        shoot_page(projector, "club-live-ranking-1920")
        view.close()
        context.close()
    finally:
        assert server.stop() == 0


@pytest.mark.parametrize("language", ["de", "fi"])
def test_organiser_tables_at_phone_size(chromium, tmp_path, language):
    data = tmp_path / "data"
    seed(data)
    server = start_server(tmp_path, "--club", data=data, env={"LANGUAGE": language})
    try:
        locale = {"de": "de-DE", "fi": "fi-FI"}[language]
        context, organiser = organiser_page(chromium, server, (390, 844), locale)
        shoot_page(organiser, f"club-live-organiser-phone-{language}")
        reveal(as_app(organiser, server), "club-pin-2")
        shoot_page(organiser, f"club-live-organiser-phone-{language}-tables")
        cards = context.new_page()
        cards.set_viewport_size({"width": 390, "height": 844})
        cards.goto(server.url + "/club/cards")
        cards.locator("#table-2 svg").wait_for()
        shoot_page(cards, f"club-live-table-cards-phone-{language}")
        context.close()
    finally:
        assert server.stop() == 0


def step(app: WebApp, identifier: str) -> None:
    reveal(app, identifier).click()
