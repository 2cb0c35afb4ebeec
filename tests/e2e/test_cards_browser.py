"""The card picker (``widgets.card_picker.CardGrid``) in Chromium: taps reach
the callback, a used-up card is off; screenshots."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_card_picker_phone(web_app):
    app = web_app("cards_demo:main", viewport="phone", wait_text="Picked")
    for code in ("7h", "10s", "X"):
        app.by_id(f"pick-{code}").click()
    app.wait_text("Picked: 7h 10s X")
    assert app.by_id("pick-Kd").get_attribute("aria-disabled") == "true"  # used up
    app.by_id("pick-Kd").click(force=True)  # a tap on it: nothing happens
    app.by_id("pick-2c").click()
    app.wait_text("Picked: 7h 10s X 2c")
    joker = app.by_id("pick-X").bounding_box()
    assert joker is not None and joker["x"] + joker["width"] <= 390
    assert joker["y"] + joker["height"] <= 844
    app.screenshot("cards-picker-phone")


def test_card_picker_four_colours_german_desktop(web_app):
    app = web_app(
        "cards_demo:main",
        viewport="desktop",
        env={"DEMO_LANG": "de", "DEMO_FOUR": "1"},
        wait_text="Picked",
    )
    assert app.page.get_by_role("button", name="Pik Dame").count() == 1
    app.wait_label("Karo König: aufgebraucht")
    app.screenshot("cards-picker-desktop-de")
