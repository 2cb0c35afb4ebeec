"""The card picker in Chromium: taps reach the callback; screenshots."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_card_picker_phone(web_app):
    app = web_app("cards_demo:main", viewport="phone", wait_text="Picked")
    for code in ("7h", "10s", "X"):
        app.by_id(f"pick-{code}").click()
    app.wait_text("Picked: 7h 10s X")
    app.screenshot("cards-picker-phone")


def test_card_picker_four_colours_german_desktop(web_app):
    app = web_app(
        "cards_demo:main",
        viewport="desktop",
        env={"DEMO_LANG": "de", "DEMO_FOUR": "1"},
        wait_text="Picked",
    )
    assert app.page.get_by_role("button", name="Pik Dame").count() == 1
    app.screenshot("cards-picker-desktop-de")
