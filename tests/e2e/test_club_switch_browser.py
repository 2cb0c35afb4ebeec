"""Issue 37 items 1 and 2 in Chromium: an evening switched while two tables
play. "Abend 3" is live, phones at its tables 1 and 2, the ranking link on a
1920×1080 projector. The organiser opens last week's "Freitagsrunde" to look
something up: nothing moves (the cards, the phones, the projector stay on
Abend 3, and table 2's round is saved and shown on the projector). Making
Freitagsrunde live is its own step, asked first; then both phones move to
its tables and the projector follows, also after a reload."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from server_process import http, start_server  # noqa: E402

from jolly_scorer.core.club.event import ClubEvent  # noqa: E402
from jolly_scorer.core.club.seating import draw_seating  # noqa: E402
from jolly_scorer.core.game import Counted, Round, add_round  # noqa: E402
from jolly_scorer.core.rules import find_rules  # noqa: E402
from jolly_scorer.store import Store  # noqa: E402

pytestmark = pytest.mark.browser

NOW = ("Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz", "Gabi", "Hans")
LAST_WEEK = ("Ida", "Jan", "Kai", "Lena", "Mia", "Nils", "Olga", "Paul")
WAIT = 30_000


def seed(data: Path) -> tuple[tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...]]:
    """Last week's evening first, then Abend 3 (changed last: live)."""
    rules = find_rules("romme_de").replace(target=100)
    old = draw_seating(LAST_WEEK, series=1, seed=5)
    now = draw_seating(NOW, series=1, seed=11)
    with Store.open(data) as store:
        first = store.create_event(ClubEvent("Freitagsrunde", rules, LAST_WEEK, 1, 1))
        store.seat_series(first, old)
        second = store.create_event(ClubEvent("Abend 3", rules, NOW, 2, 2))
        store.seat_series(second, now)
    return old.tables, now.tables


def by_id(page: Any, identifier: str) -> Any:
    return page.locator(f'[flt-semantics-identifier="{identifier}"]')


def tap(page: Any, identifier: str) -> None:
    found = by_id(page, identifier).first
    found.wait_for(timeout=WAIT)
    found.click()


def shows(page: Any, text: str) -> Any:
    return page.locator(f'[aria-label*="{text}"], :text("{text}")').first


def ready(page: Any, identifier: str) -> None:
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=WAIT)
    page.wait_for_selector("#loading", state="detached", timeout=WAIT)
    page.evaluate(
        "() => { const p = document.querySelector('flt-semantics-placeholder');"
        " if (p) p.click(); }"
    )
    by_id(page, identifier).first.wait_for(state="attached", timeout=WAIT)


def host_cookie(server: Any) -> str:
    status, headers, _ = http(server.find(r"organiser screen (\S+)"))
    assert status == 303
    value = headers.get("set-cookie") or headers.get("Set-Cookie") or ""
    return value.split(";", 1)[0]


def cards(server: Any, cookie: str) -> str:
    status, _, body = http(server.url + "/club/cards", {"Cookie": cookie})
    assert status == 200
    return body.decode()


def links_of(page: str) -> dict[int, str]:
    return {
        int(n): u.replace("&amp;", "&")
        for n, u in re.findall(
            r'id="table-(\d+)".*?<p class="link">([^<]+)</p>', page, re.S
        )
    }


def test_an_evening_switched_while_two_tables_play(chromium, tmp_path):
    data = tmp_path / "data"
    old_tables, now_tables = seed(data)
    server = start_server(tmp_path, "--club", data=data, env={"LANGUAGE": "en"})
    contexts: list[Any] = []
    try:
        cookie = host_cookie(server)
        before = cards(server, cookie)
        assert "Abend 3" in before
        links = links_of(before)

        def context(width: int, height: int) -> Any:
            made = chromium.new_context(viewport={"width": width, "height": height})
            contexts.append(made)
            return made.new_page()

        organiser = context(1280, 800)
        organiser.goto(server.find(r"organiser screen (\S+)"))
        ready(organiser, "home-club")
        tap(organiser, "home-club")
        by_id(organiser, "club-live-1").first.wait_for(state="attached", timeout=WAIT)

        phones = {}
        for number in (1, 2):
            phone = context(390, 844)
            phone.goto(links[number])
            ready(phone, "home-continue")
            tap(phone, "home-continue")
            by_id(phone, "enter-round").first.wait_for(timeout=WAIT)
            shows(phone, now_tables[number - 1][0]).wait_for(
                state="attached", timeout=WAIT
            )
            phones[number] = phone

        projector = context(1920, 1080)
        ranking_link = server.find(r"follow from home\) (\S+)")
        projector.goto(ranking_link)
        ready(projector, "club-big-screen")
        shows(projector, "Abend 3").wait_for(state="attached", timeout=WAIT)

        # the organiser opens last week's evening to look something up
        tap(organiser, "club-open-2")
        by_id(organiser, "club-not-live").first.wait_for(state="attached", timeout=WAIT)
        assert not by_id(organiser, "club-pin-1").count()
        assert "Abend 3" in cards(server, cookie)  # the cards did not move

        # table 2 goes on playing Abend 3: a round saved at its table (here
        # by another process, as a phone's Save ends in the same save_game)
        with Store.open(data) as store:
            now_id = next(e.id for e in store.list_events() if e.name == "Abend 3")
            game_id = store.load_event(now_id).series[0].games[1][0]
            game = store.load_game(game_id)
            first, *rest = game.players
            done = Round(
                closed_by=first,
                counted=tuple((p, Counted(bad=123 + i)) for i, p in enumerate(rest)),
            )
            store.save_game(game_id, add_round(game, done))
        # the projector follows the saved round
        shows(projector, "123").wait_for(state="attached", timeout=WAIT)
        # both phones are still at Abend 3's tables
        for number, phone in phones.items():
            assert shows(phone, now_tables[number - 1][0]).count()

        # making Freitagsrunde live: asked first, then every table is told
        tap(organiser, "club-make-live")
        by_id(organiser, "club-make-live-question").first.wait_for(timeout=WAIT)
        assert "Abend 3" in cards(server, cookie)
        tap(organiser, "club-make-live-yes")
        by_id(organiser, "club-live").first.wait_for(state="attached", timeout=WAIT)
        assert "Freitagsrunde" in cards(server, cookie)
        for number, phone in phones.items():
            shows(phone, old_tables[number - 1][0]).wait_for(
                state="attached", timeout=WAIT
            )
        shows(projector, "Freitagsrunde").wait_for(state="attached", timeout=WAIT)
        # a reload of the ranking page shows the live evening too
        projector.reload()
        ready(projector, "club-big-screen")
        shows(projector, "Freitagsrunde").wait_for(state="attached", timeout=WAIT)
        assert not shows(projector, "Abend 3").count()
    finally:
        for made in contexts:
            made.close()
        assert server.stop() == 0
