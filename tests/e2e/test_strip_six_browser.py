"""Six players on a phone's player strip in Chromium (issue 35, item 6):
every chip is whole on the screen, so every player is one tap away (the 5th
and 6th chips were 2-38 px slivers of a strip that moved for no wheel, drag
or swipe), at 390 x 844 and 320 x 640, in German and Finnish; a tap on the
last chip shows that player.

Screenshots: build/screenshots/strip-six-*.png
"""

from __future__ import annotations

import pytest
from browser_steps import open_new_round

pytestmark = pytest.mark.browser

SIX = ["Anna", "Ben", "Cleo", "Dora", "Eero", "Fanni"]
LONG = ["Annabella", "Benedikt", "Cleopatra", "Dorothea", "Emilia", "Fredrika"]


@pytest.mark.parametrize(
    ("language", "size", "names"),
    [
        ("de", (390, 844), SIX),
        ("fi", (320, 640), SIX),
        ("de", (320, 640), LONG),
    ],
)
def test_every_chip_is_whole_and_one_tap_away(web_app, tmp_path, language, size, names):
    app = open_new_round(web_app, tmp_path, names, language, size)
    app.by_id("round-show-0").first.wait_for(state="attached")
    app.settle()
    tag = f"{language}-{size[0]}-{'long' if names is LONG else 'six'}"
    app.screenshot(f"strip-six-{tag}")
    width = size[0]
    boxes = []
    for seat in range(len(names)):
        chip = app.by_id(f"round-show-{seat}").first
        chip.wait_for(state="attached", timeout=15_000)
        b = chip.bounding_box()
        assert b is not None, seat
        boxes.append(b)
        # whole on the screen and big enough for a finger
        assert b["x"] >= 0 and b["x"] + b["width"] <= width, (seat, b)
        assert b["width"] >= 40 and b["height"] >= 40, (seat, b)
    # no two chips on top of each other
    for i, a in enumerate(boxes):
        for c in boxes[i + 1 :]:
            w = min(a["x"] + a["width"], c["x"] + c["width"]) - max(a["x"], c["x"])
            h = min(a["y"] + a["height"], c["y"] + c["height"]) - max(a["y"], c["y"])
            assert w <= 0 or h <= 0, (a, c)
    # one line of chips: the room below stays for the editor (issue 35.7)
    assert len({round(b["y"]) for b in boxes}) == 1, boxes
    # the last chip: one tap shows its player
    app.by_id(f"round-show-{len(names) - 1}").first.click()
    app.settle()
    app.screenshot(f"strip-six-{tag}-last")
    if size[1] < 800:
        # a short phone: the player's editor opened and took the strip's
        # room (issue 35.7); its title names the player
        title = app.by_id("editor-title").first
        title.wait_for(timeout=15_000)
        shown = (title.get_attribute("aria-label") or "") + title.inner_text()
        assert names[-1] in shown, shown
        return
    last = app.page.locator(
        f"flt-semantics[flt-semantics-identifier='round-show-{len(names) - 1}']"
    ).first
    assert last.get_attribute("aria-selected") == "true" or (
        last.get_attribute("aria-current") is not None
    )
