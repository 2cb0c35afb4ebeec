"""Two devices at one moment on the live table, in Chromium (issue 34, items
2 and 3), each device in its own browser context.

One table: the host (a laptop) in German, Ben's phone in Finnish on seat 1,
Cleo's phone in German on seat 2 (the server speaks English; every page
takes its browser's language).

* 34.3: the host taps "Alle haben Punkte gezählt" in the same instant Ben's
  phone taps 2♣ into his open hand: the card is stored (Ben enters cards on
  every page) or refused on Ben's phone in words, never shown and lost. Then
  Ben's hand open again and Ben switched to points by the host: a tap is
  refused in Finnish, and nothing is stored.
* 34.2: both phones type a digit into Dora's bad points in one instant, three
  times: each time, once the pages are still, both phones' fields and every
  page's summary show the stored number (before: the page whose digit won
  kept showing the other phone's digit in the field until a reconnect; with
  the fix taken out this test failed so: Cleo's field "4", stored 7). The
  host's field is read from its summary only: an input Flutter never
  focused holds no text in the page.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from browser_steps import flutter_ready
from table_steps import (
    ENGLISH,
    WAIT,
    by_id,
    close_editor,
    part_said,
    said,
    seat_part,
    serve_table,
    sit,
    tap,
    tap_together,
    wait_part_said,
    wait_until,
)

from conftest import shoot_page

pytestmark = pytest.mark.browser

#: the text a field shows: its input's value (the semantics node holds the
#: input Flutter edits; null when the field is not drawn)
FIELD = (
    "id => { const n = document.querySelector("
    "`[flt-semantics-identifier='${id}']`); if (!n) return null;"
    " const i = n.querySelector('input, textarea'); return i ? i.value : null; }"
)
REFUSED = {
    "de": "Ben zählt jetzt Punkte; nicht eingetragen: 2♣",
    "fi": "Ben laskee nyt pisteet; ei merkitty: 2♣",
}


def whole_numbers(text: str) -> str:
    """``text`` with its numbers' thousands separators left out (a summary
    says "schlecht 7.153", "miinus 7 153": the digits of two phones at once
    may make a four-digit number)."""
    return re.sub(r"(?<=\d)[.,\s\u00a0\u202f](?=\d{3}\b)", "", text)


def field(page: Any, identifier: str) -> str | None:
    text: str | None = page.evaluate(FIELD, identifier)
    return text


def open_host(chromium: Any, server: Any) -> Any:
    context = chromium.new_context(
        viewport={"width": 1280, "height": 800}, locale="de-DE"
    )
    host = context.new_page()
    host.goto(server.find(r"host screen (\S+)"))
    flutter_ready(host, server.find(r"type PIN (\d+)"))
    by_id(host, "table-close").wait_for(timeout=WAIT)  # the panel at the start
    tap(host, "table-close")
    by_id(host, "table-close").wait_for(state="detached", timeout=WAIT)
    tap(host, "home-continue")
    tap(host, "enter-round")
    by_id(host, "round-closer-0").wait_for(timeout=WAIT)
    return host


def stored(data: Path, name: str) -> Any:
    return seat_part(data, 1, name)


def bens_card(data: Path) -> bool:
    part = stored(data, "Ben")
    return bool(part) and "2c" in map(str, part.data.get("hand", []))


def test_a_card_tapped_while_switched_and_digits_typed_at_once(chromium, tmp_path):
    data = tmp_path / "data"
    server = serve_table(tmp_path, ENGLISH)
    contexts = []
    try:
        host = open_host(chromium, server)
        contexts.append(host.context)
        ben = sit(chromium, server, "fi", 1)
        contexts.append(ben.context)
        cleo = sit(chromium, server, "de", 2)
        contexts.append(cleo.context)
        pages = {"host": (host, "de"), "ben": (ben, "fi"), "cleo": (cleo, "de")}
        # -- 34.3, at one moment: Ben's hand opened as he sat down
        by_id(ben, "pick-2c").wait_for(timeout=WAIT)
        tap_together([(host, "round-count-all"), (ben, "pick-2c")])

        def refused() -> bool:
            return REFUSED["fi"] in said(ben, "round-notice")

        wait_until(
            lambda: refused() or bens_card(data),
            "2♣ stored or refused in words",
        )
        if bens_card(data):  # kept: Ben enters cards, 2♣ on both pages
            assert not refused()
            for page in (host, ben):  # (Ben's phone: in his open editor)
                wait_part_said(page, 1, "2♣")
            assert stored(data, "Ben").data.get("mode", "cards") == "cards"
        else:  # refused: nothing of it stored, and no page shows it
            for page in (host, ben):
                assert "2♣" not in part_said(page, 1)
        # -- 34.3, heard first: Ben's hand open, the host switches him
        close_editor(ben)
        if (
            by_id(ben, "round-mode-1-cards").count()
            and not by_id(ben, "round-hand-1").count()
        ):
            tap(ben, "round-mode-1-cards")
        tap(ben, "round-hand-1")
        by_id(ben, "pick-2c").wait_for(timeout=WAIT)
        tap(host, "round-mode-1-points")
        wait_until(
            lambda: (
                stored(data, "Ben") is not None
                and stored(data, "Ben").data.get("mode") == "points"
            ),
            "Ben counting points, stored",
        )
        # Ben's page heard (his fields drawn): his hand editor closes by
        # itself (before, it stayed open on cards that count for nothing; a
        # tap still on its way to its grid is refused in words:
        # tests/ui/test_table_clashes.py)
        by_id(ben, "round-bad-1").wait_for(timeout=WAIT)
        by_id(ben, "pick-3c").first.wait_for(state="detached", timeout=WAIT)
        assert not by_id(ben, "editor-done").count()
        shoot_page(ben, "table-races-closed-fi")
        assert "3c" not in map(str, stored(data, "Ben").data.get("hand", []))
        # -- 34.2: Ben's and Cleo's phones type into Dora's bad points at once
        tap(host, "round-mode-3-points")
        for page in (ben, cleo):
            tap(page, "round-show-3")
            by_id(page, "round-bad-3").wait_for(timeout=WAIT)
            by_id(page, "round-bad-3").first.click()
            page.wait_for_function(
                "() => { const a = document.activeElement;"
                " return !!a && a.tagName === 'INPUT'; }",
                timeout=WAIT,
            )
        bad = {"de": "schlecht", "fi": "miinus"}
        for digits in ("47", "15", "93"):
            for page, digit in zip((ben, cleo), digits, strict=True):
                page.keyboard.type(digit)  # one key each, no wait between

            def bads() -> Any:
                part = stored(data, "Dora")
                return ((part.data.get("counted") or {}) if part else {}).get("bad")

            def shown() -> dict[str, Any]:
                return {
                    name: (
                        # (an input holds its text only where it was typed
                        # into: the host's, never focused, holds "")
                        field(page, "round-bad-3") if name != "host" else str(bads()),
                        f"{bad[language]} {bads()}"
                        in whole_numbers(said(page, "round-player-3")),
                    )
                    for name, (page, language) in pages.items()
                }

            # still: the stored number shown in every page's field and summary
            wait_until(
                lambda: (
                    bads() is not None
                    and all(
                        text == str(bads()) and summary
                        for text, summary in shown().values()
                    )
                ),
                lambda: f"every page showing Dora's stored {bads()}: {shown()}",
            )
        shoot_page(ben, "table-races-typed-fi")
        shoot_page(cleo, "table-races-typed-de")
    finally:
        for context in contexts:
            context.close()
        assert server.stop() == 0
