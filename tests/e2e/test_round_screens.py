"""Round entry in headless Chromium, phone and laptop, English, German and
Finnish: a whole round played tap by tap, with screenshots
(``build/screenshots/round-entry-*``). The meld checker's: test_meld_checker_browser."""

from __future__ import annotations

import pytest
from table_steps import wait_editor_said

pytestmark = pytest.mark.browser

SAVE = {"en": "Save round", "de": "Runde speichern", "fi": "Tallenna kierros"}


def tap(app, identifier: str) -> None:
    """Tap a control (Flutter scrolls it into view first if needed) and wait
    until the page stands still with the answer drawn."""
    app.by_id(identifier).first.click()
    app.settle()


def wait_label(app, text: str) -> None:
    """Wait for a text that may be inside an accessible label."""
    app.page.locator(f'[aria-label*="{text}"], :text("{text}")').first.wait_for(
        state="attached", timeout=15_000
    )


def shot(viewport: str, language: str, what: str = "") -> str:
    """``round-entry-phone-editor`` (English, the README's), ``...-de-editor``."""
    return "-".join(
        p for p in (viewport, "" if language == "en" else language, what) if p
    )


def grid_top(app) -> float:
    return app.by_id("pick-2h").first.bounding_box()["y"]


# the laptop's path once, in English (the README's picture); German and
# Finnish, whose longer words are tighter, on the phone
@pytest.mark.parametrize(
    ("viewport", "language"),
    [("phone", "en"), ("phone", "de"), ("phone", "fi"), ("desktop", "en")],
)
def test_a_round_tap_by_tap(web_app, viewport, language):
    app = web_app(
        "round_screens_app:main",
        viewport=viewport,
        env={"ROUND_LANGUAGE": language},
        wait_text="Anna",
    )
    tap(app, "round-closer-0")
    tap(app, "round-add-meld-0")
    top = grid_top(app)
    for card in ("5h", "6h", "X"):
        tap(app, f"pick-{card}")
    wait_label(app, "7♥")  # the joker's reading in the verdict
    # the grid never moved under the finger (a fraction of a pixel is float noise)
    assert abs(grid_top(app) - top) < 0.5
    if viewport == "phone":
        # the whole grid on screen with the meld and its verdict
        assert app.by_id("pick-X").first.bounding_box()["y"] < 844 - 100
        tap(app, "round-show-1")  # Ben: the editor is on his hand at once
    else:
        tap(app, "round-hand-1")
    for card in ("Qs", "4c", "X"):
        tap(app, f"pick-{card}")
    app.page.locator(
        '[flt-semantics-identifier="round-editor"] [flt-semantics-identifier="card-X"]'
    ).first.wait_for(state="attached", timeout=10_000)
    app.screenshot("round-entry-" + shot(viewport, language, "editor"))
    if viewport == "phone":
        tap(app, "round-show-2")  # the editor opens on Cleo's hand
        tap(app, "editor-count-points")
    else:
        tap(app, "round-mode-2-points")
    app.type_into(app.by_id("round-bad-2").first, "12")
    app.screenshot("round-entry-" + shot(viewport, language))
    tap(app, "round-save")
    app.wait_text("Saved round 1 closed by Anna")


@pytest.mark.parametrize("language", ["de", "fi"])  # the longest words
def test_a_counting_table_in_one_tap_per_player(web_app, language):
    """Round c's path on a phone: every field on one screen without a scroll,
    who went out selects their good points, Enter moves on."""
    app = web_app(
        "round_screens_app:counted",
        viewport="phone",
        env={"ROUND_LANGUAGE": language},
        wait_text="Anna",
    )
    tap(app, "round-closer-0")
    pad = app.by_id("round-pad-for").first  # whose number the keys type
    app.wait_until(lambda: "Anna" in pad.inner_text(), what="Anna selected")
    app.page.keyboard.type("45", delay=30)  # Anna's good points, no tap
    app.type_into(app.by_id("round-bad-1").first, "25")  # a tap selects it
    app.page.keyboard.press("Enter")  # on to Cleo's good points
    # typed at once: the server puts every key into the field it selected
    # (issue 17: before, a key typed before the focus arrived was dropped)
    app.page.keyboard.type("3", delay=30)
    app.by_id("round-status").first.wait_for(state="attached")
    app.type_into(app.by_id("round-bad-2").first, "12")
    total = app.by_id("round-total-2").first  # Cleo: good 3, bad 12
    app.wait_until(lambda: "9" in total.inner_text(), what="Cleo's −9")
    assert total.inner_text().strip()[0] in "-\u2212"
    bar = app.by_id("round-save-bar").first.bounding_box()
    field = app.by_id("round-bad-2").first.bounding_box()
    assert field["y"] + field["height"] <= bar["y"]  # no scroll needed
    app.screenshot("round-entry-" + shot("phone", language, "counted"))
    tap(app, "round-save")
    app.wait_text("Saved round 2 closed by Anna")


def test_a_swipe_moves_to_the_next_player(web_app):
    app = web_app("round_screens_app:main", viewport="phone", wait_text="Anna")
    tap(app, "round-closer-0")
    box = app.by_id("round-player-0").first.bounding_box()
    y = box["y"] + min(60, box["height"] / 2)
    app.page.mouse.move(box["x"] + box["width"] - 30, y)
    app.page.mouse.down()
    app.page.mouse.move(box["x"] + 30, y, steps=12)
    app.page.mouse.up()
    # a phone shows one player: Ben's, the editor open on his hand (the list
    # under it is hidden: issue 34.11c), and his panel once it is closed
    app.by_id("round-editor").first.wait_for(state="attached", timeout=10_000)
    title = wait_editor_said(app.page, "Ben")
    assert "Anna" not in title, title
    app.by_id("editor-done").first.click()
    app.by_id("round-player-1").first.wait_for(state="attached", timeout=10_000)
    assert not app.by_id("round-player-0").count()
