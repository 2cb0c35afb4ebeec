"""Steps of the live table's browser tests (``test_table_*_browser.py``): a
table of four served with ``--table``, the host and each phone a page of its
own browser context, driven by the controls' ids; and what the store holds.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from browser_steps import flutter_ready
from server_process import Server, start_server

from jolly_scorer.core import game as core
from jolly_scorer.core.rules import resolve_rules
from jolly_scorer.store import Store

PLAYERS = ["Anna", "Ben", "Cleo", "Dora"]
WAIT = 20_000  # ms: one step on a loaded machine
#: the server's own language English: the pages follow their browsers'
ENGLISH = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}
SAID = (
    "id => { const n = document.querySelector("
    "`[flt-semantics-identifier='${id}']`); return n ?"
    " (n.getAttribute('aria-label') || '') + ' ' + (n.textContent || '') : ''; }"
)

#: what the open editor says (its title, its cards, its status line: every
#: node's label and own text inside it), "" when no editor is open
EDITOR_SAID = (
    "() => { const e = document.querySelector("
    "'[flt-semantics-identifier=\"round-editor\"]'); if (!e) return '';"
    " return [e, ...e.querySelectorAll('flt-semantics')].map(n =>"
    " ((n.getAttribute('aria-label') || '') + ' ' + [...n.childNodes]"
    ".filter(c => c.nodeType === 3 || c.tagName === 'SPAN')"
    ".map(c => c.textContent).join('')).trim())"
    ".filter(t => t).join(' | '); }"
)


def serve_table(tmp: Path, env: dict[str, str], data: Path | None = None) -> Server:
    """A new Jolly game of :data:`PLAYERS` in ``data`` (``TMP/data``), served
    as a live table (``--table``) with the environment ``env``."""
    data = data or tmp / "data"
    with Store.open(data) as store:
        store.create_game(core.new_game(resolve_rules("jolly_at"), PLAYERS))
    return start_server(tmp, "--table", data=data, env=env)


def by_id(page: Any, identifier: str) -> Any:
    return page.locator(f'[flt-semantics-identifier="{identifier}"]')


def tap(page: Any, identifier: str) -> None:
    by_id(page, identifier).first.click()


def said(page: Any, identifier: str) -> str:
    """What a control says now: its accessible label and its text (read in
    one go: a node redrawn between two reads is no wait)."""
    text: str = page.evaluate(SAID, identifier)
    return text


def wait_said(page: Any, identifier: str, text: str, timeout: float = 20.0) -> str:
    """Wait until ``identifier`` says ``text`` (checked in the page by a timer,
    not at animation frames, which a page behind another one does not get);
    what it says."""
    try:
        page.wait_for_function(
            f"([id, text]) => ({SAID})(id).includes(text)",
            arg=[identifier, text],
            polling=50,
            timeout=timeout * 1000,
        )
    except Exception as e:
        now = said(page, identifier)
        raise AssertionError(f"{identifier} says {now!r}, not {text!r}") from e
    return said(page, identifier)


def editor_said(page: Any) -> str:
    """What the open editor shows: its title ("Karten in der Hand von Ben"),
    its cards and its status line ("Schlechtpunkte: 15"); "" when none is
    open. On a phone the list under an open editor is hidden (no
    accessibility nodes: issue 34.11c), so a hand being entered is read
    here."""
    text: str = page.evaluate(EDITOR_SAID)
    return text


def wait_editor_said(page: Any, text: str, timeout: float = 20.0) -> str:
    """Wait until the open editor says ``text`` (as :func:`wait_said`); what
    it says."""
    try:
        page.wait_for_function(
            f"text => ({EDITOR_SAID})().includes(text)",
            arg=text,
            polling=50,
            timeout=timeout * 1000,
        )
    except Exception as e:
        now = editor_said(page)
        raise AssertionError(f"the editor says {now!r}, not {text!r}") from e
    return editor_said(page)


def part_said(page: Any, seat: int) -> str:
    """What the page shows of seat ``seat``'s part: the open editor when one
    is open (on a phone the list under it is hidden; the test knows whose
    part it is on), else the part's panel in the list."""
    return editor_said(page) or said(page, f"round-player-{seat}")


def wait_part_said(page: Any, seat: int, text: str, timeout: float = 20.0) -> str:
    """Wait until the page shows ``text`` in seat ``seat``'s part
    (:func:`part_said`); what it shows."""
    wait_until(
        lambda: text in part_said(page, seat),
        lambda: f"{text!r} in seat {seat}'s part: {part_said(page, seat)!r}",
        timeout,
    )
    return part_said(page, seat)


def wait_until(check: Any, what: Any, timeout: float = 20.0) -> None:
    """Wait until ``check()`` (``what``: what is waited for, or a function
    saying it when the time is up)."""
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            raise AssertionError(
                f"timed out waiting for {what() if callable(what) else what}"
            )
        time.sleep(0.05)


def tap_together(pages: list[tuple[Any, str]]) -> None:
    """Tap ``identifier`` on each page at one moment: every page is told the
    same instant (its own clock, the same machine) 400 ms ahead and taps then
    (a DOM click on the semantics node, as Flutter takes a screen reader's
    tap), so the taps are a millisecond or two apart, not one round trip."""
    at = time.time() * 1000 + 400
    for page, identifier in pages:
        by_id(page, identifier).first.wait_for(timeout=WAIT)
        page.evaluate(
            "([id, at]) => setTimeout(() => document.querySelector("
            "`[flt-semantics-identifier='${id}']`).click(), at - Date.now())",
            [identifier, at],
        )


def close_editor(page: Any) -> None:
    if by_id(page, "editor-done").count():
        tap(page, "editor-done")
        by_id(page, "editor-done").wait_for(state="detached", timeout=WAIT)


def seat_part(data: Path, round_number: int, name: str) -> Any:
    """What the store holds of ``name``'s part of round ``round_number``."""
    with Store.open(data) as store:
        game_id = store.list_games()[0].id
        return store.load_seat_parts(game_id, round_number).get(name)


def phone_context(chromium: Any, language: str = "de") -> Any:
    """A phone's browser context (390 x 844, touch) in ``language``."""
    return chromium.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        locale=f"{language}-{language.upper()}",
    )


def join(chromium: Any, server: Any, language: str = "de", pin: str = "") -> Any:
    """A phone of its own joined with the table's PIN (``pin``, else the one
    the server printed), once the game shows."""
    page = phone_context(chromium, language).new_page()
    page.goto(server.url + "/")
    page.fill("#pin", pin or server.find(r"type PIN (\d+)"))
    page.click("button[type=submit]")
    flutter_ready(page, "Dora")
    return page


def enter_round(page: Any) -> None:
    """A joined phone into the round ("continue" first where the home screen
    shows)."""
    if not by_id(page, "enter-round").count():
        tap(page, "home-continue")
    tap(page, "enter-round")


def sit_down(page: Any, seat: int) -> None:
    """A joined phone into the round, on ``seat``."""
    enter_round(page)
    tap(page, f"round-seat-{seat}")
    by_id(page, f"round-done-{seat}").wait_for(timeout=WAIT)


def sit(chromium: Any, server: Any, language: str, seat: int) -> Any:
    """A phone of its own joined and sat down on ``seat``."""
    page = join(chromium, server, language)
    sit_down(page, seat)
    return page
