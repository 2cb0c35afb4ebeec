"""The card editor on a phone when the room is short (issue 18, item 10), in
Chromium at 390 x 844, German and Finnish: from a meld to the hand in one tap
(it took closing the editor and scrolling below the Save bar), and the
editor's title row (the title, keyboard, backspace and Close) stays whole on
the screen while an error shows in the Save bar (it pushed them out of
sight).

Screenshots: build/screenshots/phone-editor-*.png
"""

from __future__ import annotations

import pytest
from test_phone_round_browser import HEIGHT, box, seed

pytestmark = pytest.mark.browser


def title_row_whole(app) -> list[str]:
    """What of the editor's title row is out of sight (nothing: all shows)."""
    strip = box(app, "round-show-0")
    bar = box(app, "round-save-bar")
    found = []
    for part in ("editor-keyboard", "editor-backspace", "editor-done"):
        shown = box(app, part)
        if shown is None:
            found.append(f"{part} is not on the page")
        elif shown["y"] < strip["y"] + strip["height"] or (
            shown["y"] + shown["height"] > bar["y"]
        ):
            found.append(f"{part} at y={shown['y']:.0f} is out of sight")
    if bar["y"] + bar["height"] > HEIGHT:
        found.append("the Save bar is cut")
    return found


@pytest.mark.parametrize("language", ["de", "fi"])
def test_from_the_melds_to_the_hand_and_the_title_row_stays(
    web_app, tmp_path, language
):
    data = tmp_path / "data"
    seed(data)
    app = web_app(
        "jolly_scorer.ui.app:main",
        viewport="phone",
        env={"LANGUAGE": language, "JOLLY_SCORER_DATA": str(data)},
        wait_text="Jolly",
    )
    app.by_id("home-continue").first.click()
    app.by_id("enter-round").first.click()
    app.by_id("round-show-1").first.click()  # Benedikt: his hand at once
    app.by_id("editor-next-meld").first.click()  # his meld first
    for card in ("9c", "10c", "Jc"):
        app.by_id(f"pick-{card}").first.click()
    app.wait_label("J♣")
    app.by_id("editor-hand").first.click()  # the hand: one tap
    app.by_id("editor-count-points").first.wait_for(state="attached")
    app.by_id("pick-2d").first.click()
    app.wait_label("2♦")
    app.settle()
    app.screenshot(f"phone-editor-{language}-hand")
    assert not title_row_whole(app)
    # Save before anyone went out: the Save bar says why, and grows
    app.by_id("round-save").first.click()
    app.wait_until(lambda: box(app, "round-save-bar")["height"] > 90)
    app.settle()
    app.screenshot(f"phone-editor-{language}-save-error")
    assert not title_row_whole(app), title_row_whole(app)
    app.by_id("pick-3d").first.click()  # the grid still takes cards
    app.wait_label("3♦")
