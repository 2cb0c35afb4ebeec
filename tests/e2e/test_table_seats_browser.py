"""The live table's seats, counting sheet and restart, in Chromium (issue 34,
items 1, 6, 8, 9 and 10), each device in its own browser context.

The server speaks English (no ``LANGUAGE``); every page takes its browser's
language, as a German table's did: the host's bar and its panel opened at the
start must follow (9). Ben's phone sits on seat 1; a second phone is shown
Ben's seat as taken, is asked before sharing it, and sits on Cleo's (10); the
host tells the phones apart and sends one away (10). On the counting sheet
Cleo's phone's keys start in Cleo's field (1); Anna back to cards offers
melds (6); the host killed and started again comes back into the round (8).
Screenshots (build/screenshots/table-seats-*-LANG-SIZE.png) of the host's bar,
its panel and the seat question at phone and laptop size, in German and
Finnish.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_steps import flutter_ready
from server_process import start_server
from table_steps import (
    ENGLISH,
    WAIT,
    by_id,
    enter_round,
    join,
    said,
    seat_part,
    serve_table,
    tap,
    wait_said,
    wait_until,
)

from conftest import shoot_page

pytestmark = pytest.mark.browser


def to_seat_question(page: Any) -> None:
    enter_round(page)
    by_id(page, "round-seat-0").wait_for(timeout=WAIT)


PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
WORDS = {
    "de": {"table": "Live-Tisch", "bar": "Live-Tisch · PIN", "taken": "belegt auf 1"},
    "fi": {
        "table": "Yhteinen pöytä",
        "bar": "Yhteinen pöytä · PIN",
        "taken": "varattu 1",
    },
}


def open_host(chromium: Any, server: Any, language: str) -> Any:
    context = chromium.new_context(
        viewport=LAPTOP, locale=f"{language}-{language.upper()}"
    )
    host = context.new_page()
    host.goto(server.find(r"host screen (\S+)"))
    flutter_ready(host, server.find(r"type PIN (\d+)"))
    return host


def both_sizes(page: Any, name: str, size: dict[str, int]) -> None:
    """``name-SIZE.png`` at ``size``, then at the other size, and back."""
    other = LAPTOP if size == PHONE else PHONE
    for shown in (size, other):
        page.set_viewport_size(shown)
        page.wait_for_timeout(300)  # (the page redraws for its new width)
        shoot_page(page, f"{name}-{'phone' if shown == PHONE else 'laptop'}")
    page.set_viewport_size(size)


def host_panel_and_bar(host: Any, language: str) -> None:
    """The panel opened at the start, then the bar, in the page's language."""
    words = WORDS[language]
    wait_said(host, "table-close", {"de": "Schließen", "fi": "Sulje"}[language])
    assert said(host, "table-end") and "End the table" not in said(host, "table-end")
    both_sizes(host, f"table-seats-panel-{language}", LAPTOP)
    tap(host, "table-close")
    by_id(host, "table-close").wait_for(state="detached", timeout=WAIT)
    wait_said(host, "table-summary", words["bar"])
    assert "Show QR" not in said(host, "table-show")
    both_sizes(host, f"table-seats-bar-{language}", LAPTOP)


def test_the_hosts_bar_panel_and_seat_question_in_finnish(chromium, tmp_path):
    """Issue 34.9 and 34.10 in Finnish: the screenshots, and no English."""
    language = "fi"
    server = serve_table(tmp_path, ENGLISH)
    contexts = []
    try:
        host = open_host(chromium, server, language)
        contexts.append(host.context)
        host_panel_and_bar(host, language)
        ben = join(chromium, server, language)
        other = join(chromium, server, language)
        contexts += [ben.context, other.context]
        to_seat_question(ben)
        tap(ben, "round-seat-1")
        by_id(ben, "round-seat-change").wait_for(timeout=WAIT)
        to_seat_question(other)
        wait_said(other, "round-seat-1", WORDS[language]["taken"])
        tap(other, "round-seat-1")
        by_id(other, "round-seat-share-ask").wait_for(timeout=WAIT)
        both_sizes(other, f"table-seats-question-{language}", PHONE)
        tap(host, "table-show")
        wait_said(host, "table-send-away-2", "Laite 2")
        both_sizes(host, f"table-seats-devices-{language}", LAPTOP)
    finally:
        for context in contexts:
            context.close()
        assert server.stop() == 0


def test_seats_the_counting_sheet_and_the_host_restarted_in_german(chromium, tmp_path):
    """Issue 34 items 1, 6, 8, 9 and 10 at one German table."""
    server = serve_table(tmp_path, ENGLISH)
    contexts = []
    try:
        host = open_host(chromium, server, "de")
        contexts.append(host.context)
        host_panel_and_bar(host, "de")  # (9)
        tap(host, "home-continue")
        tap(host, "enter-round")
        by_id(host, "round-closer-0").wait_for(timeout=WAIT)
        ben, cleo = join(chromium, server, "de"), join(chromium, server, "de")
        contexts += [ben.context, cleo.context]
        to_seat_question(ben)
        tap(ben, "round-seat-1")
        by_id(ben, "round-done-1").wait_for(timeout=WAIT)
        # (10) Ben's seat is marked on the second phone, and asked before shared
        to_seat_question(cleo)
        assert "belegt" not in said(cleo, "round-seat-2")
        wait_said(cleo, "round-seat-1", "belegt auf 1 anderem Gerät")
        tap(cleo, "round-seat-1")
        wait_said(cleo, "round-seat-share-ask", "Platz teilen?")
        both_sizes(cleo, "table-seats-question-de", PHONE)
        assert not by_id(cleo, "round-seat-change").count()  # not taken yet
        tap(cleo, "round-seat-share-no")
        by_id(cleo, "round-seat-share-ask").wait_for(state="detached", timeout=WAIT)
        tap(cleo, "round-seat-2")
        by_id(cleo, "round-done-2").wait_for(timeout=WAIT)
        # (1) the counting sheet: Cleo's phone types into Cleo's field
        tap(cleo, "editor-done")  # (her hand's editor opened as she sat down)
        by_id(cleo, "editor-done").wait_for(state="detached", timeout=WAIT)
        tap(host, "round-closer-0")
        tap(host, "round-count-all")
        by_id(cleo, "round-pad-7").wait_for(timeout=WAIT)
        wait_said(cleo, "round-pad-for", "Cleo")
        shoot_page(cleo, "table-seats-sheet-de-phone")
        by_id(host, "round-done-0").wait_for(timeout=WAIT)  # (7) the host's Done
        shoot_page(host, "table-seats-sheet-de-laptop")
        cleo.keyboard.press("7")  # the page's keys go to the selected field

        def cleos() -> Any:
            part = seat_part(server.data, 1, "Cleo")
            return (part.data.get("counted") or {}) if part else {}

        wait_until(
            lambda: cleos().get("good") == 7,
            "Cleo's 7 stored as hers"
            f" ({seat_part(server.data, 1, 'Cleo')}, {said(cleo, 'round-pad-for')},"
            f" {said(cleo, 'round-good-2')!r})",
        )
        anna = seat_part(server.data, 1, "Anna")
        assert not (anna and (anna.data.get("counted") or {}).get("good"))
        # (6) Anna back to cards: melds again, not only her hand
        tap(host, "round-mode-0-cards")
        by_id(host, "round-add-meld-0").wait_for(timeout=WAIT)
        assert by_id(host, "round-add-layoff-0").count()
        assert by_id(host, "round-pile-0").count()  # all at once
        shoot_page(host, "table-seats-anna-cards-de-laptop")
        tap(host, "round-add-meld-0")  # her first meld, and a card in it
        tap(host, "pick-7h")
        wait_until(lambda: seat_part(server.data, 1, "Anna") is not None, "stored")
        # (10) the host tells the phones apart and sends one away, asked first
        tap(host, "table-show")
        wait_said(host, "table-send-away-2", "Gerät 2")
        wait_said(host, "table-send-away-1", "Gerät 1")
        both_sizes(host, "table-seats-devices-de", LAPTOP)
        tap(host, "table-send-away-2")
        tap(host, "table-send-away-confirm-2")
        wait_until(lambda: not by_id(host, "table-send-away-2").count(), "sent away")
        tap(host, "table-close")
        # (8) the host killed and started again: back in the round, German
        server.proc.kill()
        server.proc.wait()
        server = start_server(
            tmp_path, "--table", data=server.data, port=server.port, env=ENGLISH
        )
        host.reload()
        flutter_ready(host, server.find(r"type PIN (\d+)"))
        wait_said(host, "table-close", "Schließen", timeout=30)  # the panel: German
        shoot_page(host, "table-seats-host-restarted-de")
        tap(host, "table-close")  # under it: the round it was entering
        by_id(host, "round-closer-0").wait_for(timeout=30_000)
        assert not by_id(host, "home-continue").count()
        by_id(ben, "round-done-1").wait_for(timeout=30_000)  # Ben's phone too
    finally:
        for context in contexts:
            context.close()
        assert server.stop() == 0
