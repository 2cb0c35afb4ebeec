"""The live table with a host and phones in separate browser contexts, in
Chromium (issue 18, items 1-4 and 7).

One table for the module (a game of four in German, ``--table``): the host
(a laptop, 1280x800) and two phones (390x844, joined with the PIN, each in
its own context, so its own cookies): Ben's phone on seat 1, Cleo's on seat
2. The tests run in the file's order on that one round: Done with an empty
hand (4), two taps on Ben's part at one moment and a true clash (1), Save
with nobody chosen as the closer and the message gone once the host chooses
(2, 3), Save anyway on a round that can be saved, then a reload and a
restart of the host (7).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from browser_steps import flutter_ready
from server_process import Server, start_server
from table_steps import (
    WAIT,
    by_id,
    close_editor,
    join,
    phone_context,
    said,
    seat_part,
    serve_table,
    sit_down,
    tap,
    tap_together,
    wait_editor_said,
    wait_part_said,
    wait_said,
    wait_until,
)

from conftest import shoot_page
from jolly_scorer.store import Store
from jolly_scorer.web.reconnect import BANNER_ID

pytestmark = pytest.mark.browser


def still_shot(page: Any, name: str) -> None:
    """``NAME.png`` once the page stands still (three equal frames in a row;
    the canvas paints after the semantics tree), or as it is after 5 s."""
    end = time.monotonic() + 5
    shots = [page.screenshot()]
    while (len(shots) < 3 or len(set(shots[-3:])) > 1) and time.monotonic() < end:
        page.evaluate("() => new Promise(r => requestAnimationFrame(r))")
        shots.append(page.screenshot())
    shoot_page(page, name)


def wait_text(page: Any, text: str, timeout: float = WAIT) -> None:
    page.locator(f'[aria-label*="{text}"], :text("{text}")').first.wait_for(
        state="attached", timeout=timeout
    )


def stored_hand(data: Path, round_number: int, name: str) -> list[str]:
    part = seat_part(data, round_number, name)
    return sorted(map(str, part.data.get("hand", []))) if part else []


def rounds_saved(data: Path) -> int:
    with Store.open(data) as store:
        return len(store.load_game(store.list_games()[0].id).rounds)


@dataclass
class Table:
    server: Server
    tmp: Path
    host: Any
    ben: Any
    cleo: Any

    @property
    def data(self) -> Path:
        return self.server.data

    @property
    def pages(self) -> tuple[Any, Any, Any]:
        return (self.host, self.ben, self.cleo)


@pytest.fixture(scope="module")
def table(chromium: Any, tmp_path_factory: Any) -> Iterator[Table]:
    tmp = tmp_path_factory.mktemp("table")
    server = serve_table(tmp, {"LANGUAGE": "de"})
    contexts = []
    try:
        pin = server.find(r"type PIN (\d+)")
        context = chromium.new_context(viewport={"width": 1280, "height": 800})
        contexts.append(context)
        host = context.new_page()
        host.goto(server.find(r"host screen (\S+)"))
        flutter_ready(host, pin)
        if by_id(host, "table-close").count():
            tap(host, "table-close")  # the join panel folds to a bar
        tap(host, "home-continue")
        tap(host, "enter-round")
        by_id(host, "round-closer-0").wait_for(timeout=WAIT)
        ben, cleo = join(chromium, server, pin=pin), join(chromium, server, pin=pin)
        contexts += [ben.context, cleo.context]
        sit_down(ben, 1)
        sit_down(cleo, 2)
        found = Table(server, tmp, host, ben, cleo)
        yield found
        server = found.server  # (a restart starts a new process)
    finally:
        for context in contexts:
            context.close()
        assert server.stop() == 0


def test_done_with_an_empty_hand_is_refused_saying_what_and_for_whom(table):
    """Issue 18.4: Cleo's phone taps "Ich bin fertig" with nothing entered."""
    cleo = table.cleo
    assert "Cleo" in said(cleo, "round-done-2")  # whose part it is (18.9)
    tap(cleo, "round-done-2")
    wait_said(cleo, "round-error", "Cleo ist noch nicht fertig")
    assert "Gib die Karten in der Hand von Cleo ein" in said(cleo, "round-error")
    shoot_page(cleo, "table-contexts-done-refused-de")
    assert seat_part(table.data, 1, "Cleo") is None  # nothing stored as done
    assert "fertig" not in said(table.host, "round-status-2").replace(
        "nicht fertig", ""
    )
    # the status names what is missing, and for whom, not only "not complete"
    status = wait_said(table.host, "round-status", "Noch nicht vollständig")
    assert "Cleo" in status and "Ben" in status, status


def test_two_taps_on_one_part_at_one_moment_keep_both_cards(table):
    """Issue 18.1: Cleo's phone opens Ben's part while Ben's phone is on it;
    both tap a card at the same instant: both cards are kept on every page
    and in the store, and nobody is told of a loss."""
    ben, cleo = table.ben, table.cleo
    tap(cleo, "round-show-1")  # Cleo's phone on Ben's hand
    by_id(cleo, "pick-8h").wait_for(timeout=WAIT)
    by_id(ben, "pick-7h").wait_for(timeout=WAIT)
    tap_together([(ben, "pick-7h"), (cleo, "pick-8h")])
    wait_until(
        lambda: stored_hand(table.data, 1, "Ben") == ["7h", "8h"],
        "both cards in Ben's stored part",
    )
    for page in (ben, cleo):  # 7 + 8 on each phone's editor on Ben's hand
        said_now = wait_editor_said(page, "Schlechtpunkte: 15")
        assert "Ben" in said_now, said_now  # (its title: whose hand)
        assert "7♥" in said_now and "8♥" in said_now, said_now
    assert "nicht übernommen" not in said(cleo, "round-notice")
    assert "nicht übernommen" not in said(ben, "round-notice")
    shoot_page(cleo, "table-contexts-both-cards-de")


def test_a_true_clash_names_what_was_not_kept(table):
    """Issue 18.1: both phones type Ben's bad points at once, 5 and 9: one
    value is kept everywhere, and the page whose value was not kept says so."""
    ben, cleo = table.ben, table.cleo
    for page in (ben, cleo):  # the card editor closed: the part's fields
        close_editor(page)
    tap(ben, "round-mode-1-points")
    by_id(cleo, "round-bad-1").wait_for(timeout=WAIT)
    fields = {}
    for page, digit in ((ben, "5"), (cleo, "9")):
        by_id(page, "round-bad-1").first.click()
        page.wait_for_function(
            "() => { const a = document.activeElement;"
            " return !!a && a.tagName === 'INPUT'; }",
            timeout=WAIT,
        )
        fields[digit] = page
    for digit, page in fields.items():  # one keystroke each, no wait between
        page.keyboard.type(digit)

    def stored_bad() -> int | None:
        part = seat_part(table.data, 1, "Ben")
        return ((part.data.get("counted") or {}) if part else {}).get("bad")

    def told() -> str | None:  # the digit a page says it could not keep
        for digit, page in fields.items():
            if f"nicht übernommen: Schlechtpunkte {digit}" in said(
                page, "round-notice"
            ):
                return digit
        return None

    wait_until(lambda: told() is not None, "a page naming what it did not keep")
    lost = told()
    # the other page's value is kept: its digit, or, when the lost digit
    # reached that page's field before its own key (a loaded machine), the
    # two typed after one another ("59"): never the digit the page named
    wait_until(
        lambda: stored_bad() not in (None, int(lost)),
        f"a value other than {lost} stored for Ben (stored: {stored_bad()}; "
        f"notices: {[said(page, 'round-notice') for page in fields.values()]})",
    )
    kept = stored_bad()
    assert kept in ({"5": 9, "9": 5}[lost], int("59" if lost == "5" else "95")), kept
    for page in fields.values():  # one value on both phones
        wait_said(page, "round-player-1", f"schlecht {kept}")
    shoot_page(fields[lost], "table-contexts-clash-named-de")


def test_save_checks_first_and_its_refusal_goes_once_no_longer_true(table):
    """Issue 18.3: Save with nobody chosen as the closer is refused at once,
    never asked about ("Trotzdem speichern?" saves nothing then); 18.2: the
    refusal on Ben's phone goes when the host chooses the closer."""
    host, ben, cleo = table.pages
    tap(ben, "round-save")
    wait_said(ben, "round-error", "Nicht gespeichert: Wer hat zugedreht?")
    assert not by_id(ben, "round-save-ask").count()
    shoot_page(ben, "table-contexts-refused-de")
    tap(host, "round-closer-0")  # Anna went out
    wait_until(lambda: not by_id(ben, "round-error").count(), "the refusal gone")
    wait_said(ben, "round-status", "Noch nicht vollständig")  # Cleo, Dora: no hand
    assert not by_id(ben, "round-error").count()
    # Cleo's own hand (her Done now taken), and Dora's (no phone of her own)
    tap(cleo, "round-show-2")
    tap(cleo, "pick-Kd")
    tap(cleo, "round-done-2")
    wait_said(host, "round-status-2", "fertig")
    assert not by_id(cleo, "round-error").count()  # the refusal of 18.4 gone
    tap(cleo, "round-show-3")
    tap(cleo, "pick-2c")
    wait_said(host, "round-status", "Bereit zum Speichern")
    assert rounds_saved(table.data) == 0
    tap(host, "round-save")  # savable, Ben and Dora not done: asked
    wait_said(host, "round-save-ask", "Trotzdem speichern?")
    shoot_page(host, "table-contexts-save-anyway-de")
    tap(host, "round-save-anyway")
    wait_until(lambda: rounds_saved(table.data) == 1, "round 1 saved")
    for page in (host, ben, cleo):
        wait_text(page, "Runde 2")


def test_a_phone_returns_to_its_seat_after_a_reload_and_a_host_restart(table):
    """Issue 18.7: Ben's phone enters round 2; it reloads, then the host is
    killed and started again: each time it is back on its seat in round 2,
    its card kept; Cleo's board says that Ben is entering round 2."""
    ben, cleo = table.ben, table.cleo
    if not by_id(ben, "round-done-1").count():
        tap(ben, "enter-round")
    by_id(ben, "round-done-1").wait_for(timeout=WAIT)  # the seat remembered
    tap(ben, "pick-9s")
    wait_until(lambda: stored_hand(table.data, 2, "Ben") == ["9s"], "Ben's 9♠ stored")

    def on_seat_in_round_2(page: Any) -> None:
        by_id(page, "round-done-1").wait_for(timeout=30_000)
        assert not by_id(page, "home-continue").count()
        assert "9♠" in wait_part_said(page, 1, "9♠")
        wait_text(page, "Runde 2")

    ben.reload()
    flutter_ready(ben, "Dora")
    on_seat_in_round_2(ben)
    if by_id(cleo, "round-cancel-top").count():  # Cleo's phone: the board
        tap(cleo, "round-cancel-top")
    wait_said(cleo, "round-being-entered", "Ben", timeout=30)
    shoot_page(cleo, "table-contexts-board-entering-de")

    server = table.server
    server.proc.kill()  # the host dies (SIGKILL) and is started again
    server.proc.wait()
    banner = ben.locator(f"#{BANNER_ID}")
    banner.wait_for(state="visible", timeout=WAIT)  # (18.6) over the round
    assert banner.inner_text() == "Verbindung zum Tisch verloren – verbinde neu…"
    shoot_page(ben, "table-contexts-reconnecting-de")
    table.server = start_server(
        table.tmp,
        "--table",
        data=server.data,
        port=server.port,
        env={"LANGUAGE": "de"},
    )
    banner.wait_for(state="detached", timeout=30_000)
    on_seat_in_round_2(ben)
    # the page is the new server's: a card tapped now is stored (a tap on
    # the last frame of the old session, if it came first, is tapped again)
    for _ in range(10):
        by_id(ben, "pick-Kd").first.click()
        try:
            wait_until(
                lambda: stored_hand(table.data, 2, "Ben") == ["9s", "Kd"],
                "Ben's K♦ stored",
                timeout=3,
            )
            break
        except AssertionError:
            continue
    assert stored_hand(table.data, 2, "Ben") == ["9s", "Kd"]
    shoot_page(ben, "table-contexts-back-on-seat-de")
    # Cleo's phone (it had sat down at seat 2, then left to the board) is
    # back at the table too: on its seat in round 2, or on the board naming
    # Ben as entering
    wait_until(
        lambda: (
            by_id(cleo, "round-done-2").count()
            or "Ben" in said(cleo, "round-being-entered")
        ),
        "Cleo's phone back at the table",
        timeout=30,
    )
    shoot_page(cleo, "table-contexts-cleo-after-restart-de")


@pytest.mark.parametrize("language", ["de", "fi"])
def test_the_table_at_phone_size_in_german_and_finnish(chromium, tmp_path, language):
    """Screenshots at 390x844 of issue 18's items 6-10 (build/screenshots/
    table-phone-*-LANG.png): the phone's card editor (10), the round's header
    naming whose part Done is (9), the host's device list with each device's
    seat (8), the reconnect message over the last screen (6) and the phone
    back on its seat after the host was killed and started again (7)."""
    banner_text = {
        "de": "Verbindung zum Tisch verloren – verbinde neu…",
        "fi": "Yhteys pöytään katkesi – yhdistetään uudelleen…",
    }[language]
    data = tmp_path / "data"
    env = {"LANGUAGE": language}
    server = serve_table(tmp_path, env)
    contexts = []
    try:
        pin = server.find(r"type PIN (\d+)")
        host_context = phone_context(chromium, language)
        contexts.append(host_context)
        host = host_context.new_page()
        host.goto(server.find(r"host screen (\S+)"))
        flutter_ready(host, pin)
        phone = join(chromium, server, language, pin=pin)
        contexts.append(phone.context)
        sit_down(phone, 1)
        tap(phone, "pick-Kd")
        wait_editor_said(phone, "K♦")  # the editor on Ben's hand, as he sat
        still_shot(phone, f"table-phone-editor-{language}")  # (10)
        close_editor(phone)
        assert "Ben" in said(phone, "round-done-1")  # (9)
        still_shot(phone, f"table-phone-buttons-{language}")
        if not by_id(host, "table-close").count():
            tap(host, "table-show")
        still_shot(host, f"table-phone-devices-{language}")
        wait_text(host, "device Ben")  # the device's seat in the list (8)
        still_shot(host, f"table-phone-devices-{language}")
        server.proc.kill()
        server.proc.wait()
        banner = phone.locator(f"#{BANNER_ID}")
        banner.wait_for(state="visible", timeout=WAIT)
        assert banner.inner_text() == banner_text
        shoot_page(phone, f"table-phone-reconnecting-{language}")  # (6)
        server = start_server(tmp_path, "--table", data=data, port=server.port, env=env)
        banner.wait_for(state="detached", timeout=30_000)
        by_id(phone, "round-done-1").wait_for(timeout=30_000)  # (7)
        assert not by_id(phone, "home-continue").count()
        wait_part_said(phone, 1, "K♦")
        shoot_page(phone, f"table-phone-back-on-seat-{language}")
    finally:
        for context in contexts:
            context.close()
        assert server.stop() == 0
