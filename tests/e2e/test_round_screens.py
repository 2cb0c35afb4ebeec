"""Round entry and the meld checker in headless Chromium, with screenshots."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def tap(app, identifier: str) -> None:
    """Tap a control; Flutter scrolls it into view first if needed."""
    app.by_id(identifier).first.click()
    app.page.wait_for_timeout(200)


def wait_label(app, text: str) -> None:
    """Wait for a text that may be inside an accessible label."""
    app.page.locator(f'[aria-label*="{text}"], :text("{text}")').first.wait_for(
        state="attached", timeout=15_000
    )


@pytest.mark.parametrize("viewport", ["phone", "desktop"])
def test_round_entry_in_chromium(web_app, viewport):
    app = web_app(
        "round_screens_app:main", viewport=viewport, wait_text="Who went out?"
    )
    tap(app, "round-closer-0")
    tap(app, "round-discard")
    tap(app, "pick-9c")  # the last card: one tap and the editor closes
    wait_label(app, "Anna's last card: 9♣")
    tap(app, "round-add-meld-0")
    for card in ("5h", "6h", "X"):
        tap(app, f"pick-{card}")
    wait_label(app, "Joker = 7♥")
    tap(app, "card-X")  # the joker: its readings
    wait_label(app, "Now: 5♥ 6♥ X→7♥")
    app.by_id("round-save").first.wait_for(state="attached")  # Save stays
    app.page.wait_for_timeout(300)
    app.screenshot(f"round-entry-{viewport}-editor")
    tap(app, "joker-menu-1")
    wait_label(app, "Joker = 4♥")
    tap(app, "editor-done")
    tap(app, "round-hand-1")
    for card in ("Qs", "4c", "X"):
        tap(app, f"pick-{card}")
    tap(app, "editor-done")
    tap(app, "round-mode-2-points")
    app.type_into(app.by_id("round-bad-2").first, "12")
    wait_label(app, "Ready to save")
    if app.by_id("round-editor").count():
        tap(app, "editor-done")
    app.page.mouse.move(100, 300)
    app.page.mouse.wheel(0, 3000)  # to the end: Cleo's points and the scores
    app.page.wait_for_timeout(500)
    app.screenshot(f"round-entry-{viewport}")
    tap(app, "round-save")
    app.wait_text("Saved round closed by Anna")


@pytest.mark.parametrize("viewport", ["phone", "desktop"])
def test_meld_checker_in_chromium(web_app, viewport):
    app = web_app(
        "round_screens_app:checker", viewport=viewport, wait_text="Meld checker"
    )
    for card in ("9c", "9d", "9s"):
        tap(app, f"pick-{card}")
    wait_label(app, "Group · 27 points")
    tap(app, "meld-add")
    for card in ("Qh", "Kh", "X"):
        tap(app, f"pick-{card}")
    wait_label(app, "Enough to open")
    tap(app, "card-X")  # the joker of the meld being built: its readings
    wait_label(app, "Now: Q♥ K♥ X→A♥")
    app.page.wait_for_timeout(300)
    app.screenshot(f"meld-checker-{viewport}")
