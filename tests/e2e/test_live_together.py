"""Entering a round together at the live table, in Chromium (issue 10).

The host (a laptop, 1280x800) and three phones (390x844, joined with the PIN)
are on one game of four. Each phone chooses its seat and enters its own hand
at the same time; the host chooses who went out, watches every player become
"done", and saves; every page then shows the same totals. The time from a
phone's tap to the host's page showing it is printed (wall clock).
Screenshots: build/screenshots/live-table-together-*.png (the README's come from
``python -m tests.e2e.refresh_screenshots``).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser_steps import flutter_ready  # noqa: E402
from server_process import start_server  # noqa: E402

from conftest import shoot_page  # noqa: E402
from jolly_scorer.core import game as core  # noqa: E402
from jolly_scorer.core.rules import resolve_rules  # noqa: E402
from jolly_scorer.store import Store  # noqa: E402

PLAYERS = ["Anna", "Ben", "Cleo", "Dora"]
#: each phone's hand (seat -> cards); Anna (the host's) went out
HANDS = {1: ("5h", "9s"), 2: ("Kd",), 3: ("7c", "7d")}
#: what the round gives (jolly_at: 30 for going out, cards in hand count)
TOTALS = {
    0: "Anna: 30 points",
    1: "Ben: -14 points",
    2: "Cleo: -10 points",
    3: "Dora: -14 points",
}


def shot(page: Any, name: str) -> None:
    shoot_page(page, name)


def by_id(page: Any, identifier: str) -> Any:
    return page.locator(f'[flt-semantics-identifier="{identifier}"]')


def tap(page: Any, identifier: str) -> None:
    by_id(page, identifier).first.click()


def wait_text(page: Any, text: str, timeout: float = 20_000) -> None:
    page.locator(f'[aria-label*="{text}"], :text("{text}")').first.wait_for(
        state="attached", timeout=timeout
    )


def count_text(page: Any, text: str) -> int:
    return int(page.locator(f'[aria-label*="{text}"], :text-is("{text}")').count())


def status_of(page: Any, seat: int) -> str:
    """A player's status beside the preview on a laptop ("Ben: done")."""
    found = by_id(page, f"round-status-{seat}")
    if not found.count():
        return ""
    return str(found.first.get_attribute("aria-label") or found.first.inner_text())


def wait_until(check: Any, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            raise AssertionError("never happened")
        time.sleep(0.05)


def seed(data: Path) -> None:
    with Store.open(data) as store:
        store.create_game(core.new_game(resolve_rules("jolly_at"), PLAYERS))


def join(chromium: Any, server: Any, pin: str, language: str = "en") -> Any:
    """A phone joins with the PIN and opens the round entry on its seat."""
    context = chromium.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        locale=f"{language}-{language.upper()}" if language != "en" else "en-US",
    )
    page = context.new_page()
    page.goto(server.url + "/")
    page.fill("#pin", pin)
    page.click("button[type=submit]")
    flutter_ready(page, "Dora")
    return page


def choose_seat(page: Any, seat: int) -> None:
    if not by_id(page, "enter-round").count():
        tap(page, "home-continue")
    tap(page, "enter-round")
    tap(page, f"round-seat-{seat}")
    by_id(page, f"round-done-{seat}").wait_for(timeout=20_000)


def host_page(chromium: Any, server: Any, pin: str, size: tuple[int, int]) -> Any:
    context = chromium.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.goto(server.find(r"host screen (\S+)"))
    flutter_ready(page, pin)
    if by_id(page, "table-close").count():
        tap(page, "table-close")  # the join panel folds to a bar
    by_id(page, "home-continue").wait_for()
    tap(page, "home-continue")
    tap(page, "enter-round")
    by_id(page, "round-closer-0").wait_for(timeout=20_000)
    return page


@pytest.mark.browser
def test_host_and_three_phones_enter_one_round_together(chromium, tmp_path):
    data = tmp_path / "data"
    seed(data)
    server = start_server(tmp_path, "--table", data=data, env={"LANGUAGE": "en"})
    try:
        pin = server.find(r"type PIN (\d+)")
        host = host_page(chromium, server, pin, (1280, 800))
        phones = {seat: join(chromium, server, pin) for seat in HANDS}
        for seat, phone in phones.items():
            choose_seat(phone, seat)
        tap(host, "round-closer-0")  # Anna went out
        # one phone's first card: its own strip, then the host, show "entering…"
        start = time.monotonic()
        tap(phones[1], f"pick-{HANDS[1][0]}")
        wait_text(phones[1], "entering…")  # its chip in the strip
        mine = (time.monotonic() - start) * 1000
        wait_until(lambda: count_text(host, "entering…") >= 1)
        other = (time.monotonic() - start) * 1000
        for seat in (2, 3):  # the other phones: Ben's chip in their strips
            wait_text(phones[seat], "entering…")
        phones_ms = (time.monotonic() - start) * 1000
        print(
            f"\nphone tap to its own page: {mine:.0f} ms, to the host: {other:.0f} ms,"
            f" to every other phone: {phones_ms:.0f} ms"
        )
        # the others meanwhile, each on its own phone (taps interleaved)
        for position in range(2):
            for seat, phone in phones.items():
                cards = HANDS[seat]
                if position < len(cards) and (seat, position) != (1, 0):
                    tap(phone, f"pick-{cards[position]}")
        shot(phones[3], "live-table-together-phone")
        wait_until(lambda: all(": entering…" in status_of(host, s) for s in HANDS))
        shot(host, "live-table-together-host-watching")
        # a phone reloads mid-round: its seat and the round as stored are back
        phones[2].reload()
        flutter_ready(phones[2], "Dora")
        if not by_id(phones[2], "round-done-2").count():  # a new page session
            if not by_id(phones[2], "enter-round").count():
                tap(phones[2], "home-continue")
            tap(phones[2], "enter-round")
        by_id(phones[2], "round-done-2").wait_for(timeout=20_000)  # no question
        wait_text(phones[2], "entering…")
        assert count_text(phones[2], "Round 1") >= 1
        for seat, phone in phones.items():
            start = time.monotonic()
            tap(phone, f"round-done-{seat}")
            wait_until(lambda s=seat: ": done" in status_of(host, s))
            took = (time.monotonic() - start) * 1000
            print(f"Done on phone {seat} to the host page: {took:.0f} ms")
        tap(host, "round-done-0")
        wait_until(lambda: ": done" in status_of(host, 0))
        shot(host, "live-table-together-host-all-done")
        tap(host, "round-save")
        start = time.monotonic()
        for page in (host, *phones.values()):
            for text in TOTALS.values():
                wait_text(page, text)
        print(
            f"saved to every page's totals: {(time.monotonic() - start) * 1000:.0f} ms"
        )
        wait_text(phones[2], "Round 1 was saved on another device.")
        shot(phones[2], "live-table-together-phone-saved")
        with Store.open(data) as store:
            game_id = store.list_games()[0].id
            assert len(store.load_game(game_id).rounds) == 1  # once, whole
            assert store.load_seat_parts(game_id, 1) == {}
        # the next round starts empty on every page
        tap(phones[1], "enter-round")
        by_id(phones[1], "round-done-1").wait_for()  # the seat is remembered
        assert count_text(phones[1], "Round 2") >= 1
    finally:
        assert server.stop() == 0


@pytest.mark.browser
@pytest.mark.parametrize("language", ["de", "fi"])
def test_a_phone_enters_while_the_host_watches(chromium, tmp_path, language):
    """German and Finnish: the seat question, the statuses, the later change
    wins with a message on the page that entered first."""
    words = {
        "de": ("Welcher Platz ist deiner?", "gibt ein…", "fertig"),
        "fi": ("Mikä paikka on sinun?", "syöttää…", "valmis"),
    }
    question, entering, done = words[language]
    data = tmp_path / "data"
    seed(data)
    env = {"LANGUAGE": language}
    server = start_server(tmp_path, "--table", data=data, env=env)
    try:
        pin = server.find(r"type PIN (\d+)")
        host = host_page(chromium, server, pin, (390, 844))
        phone = join(chromium, server, pin, language)
        tap(phone, "home-continue")
        tap(phone, "enter-round")
        wait_text(phone, question)
        shot(phone, f"live-table-together-seat-{language}")
        tap(phone, "round-seat-2")
        tap(phone, "pick-Kd")
        wait_text(host, entering)  # Cleo's chip in the host's strip
        tap(host, "round-show-2")  # the host looks at Cleo's part
        tap(host, "editor-done")  # (it opened on her hand: closed to watch)
        by_id(host, "round-player-2").wait_for(timeout=20_000)
        shot(host, f"live-table-together-host-{language}")
        tap(host, "round-show-2")  # the host's editor on Cleo's hand again
        tap(phone, "round-done-2")
        wait_text(host, done)
        # the host changes Cleo's hand too: the later change wins, visibly
        tap(host, "pick-Qs")
        by_id(phone, "round-notice").wait_for(timeout=20_000)
        wait_text(phone, "Cleo")
        shot(phone, f"live-table-together-phone-changed-{language}")
        # the header's button names whose part is done (issue 18.9)
        assert "Cleo" in (
            by_id(phone, "round-done-2").get_attribute("aria-label") or ""
        )
        # a reload: the phone is back on its seat, not on Home (issue 18.7)
        phone.reload()
        flutter_ready(phone, "Dora")
        by_id(phone, "round-done-2").wait_for(timeout=30_000)
        assert not by_id(phone, "home-continue").count()
        shot(phone, f"live-table-resume-{language}")
        # the phone leaves the round (the host wrote last: the parts stay):
        # its board says that round 1 is being entered, and by whom (18.7)
        tap(phone, "round-cancel-top")
        by_id(phone, "round-leave").wait_for(timeout=20_000)
        tap(phone, "round-leave")
        by_id(phone, "round-being-entered").wait_for(timeout=20_000)
        line = by_id(phone, "round-being-entered")
        assert "Cleo" in (
            (line.get_attribute("aria-label") or "") + (line.text_content() or "")
        )
        shot(phone, f"live-table-board-entering-{language}")
    finally:
        assert server.stop() == 0
