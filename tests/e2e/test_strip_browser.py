"""The phone's player strip in Chromium (issue 17, item 9): after moving to
the third player and beyond, each chip's accessibility box is where the chip
is drawn (they sat 43-56 px above it, over the header), and the strip keeps
as many chips before the one shown in sight as fit (the first one scrolled off
to the left at once).

Screenshots: build/screenshots/strip-*.png
"""

from __future__ import annotations

import pytest
from browser_steps import open_new_round

from jolly_scorer.ui.screens.round_entry.layout import PHONE_SPACING

pytestmark = pytest.mark.browser

PLAYERS = ["Annabella", "Benedikt", "Cleopatra", "Dorothea", "Emilia"]


def box(app, identifier):
    found = app.by_id(identifier).first
    found.wait_for(state="attached", timeout=15_000)
    return found.bounding_box()


def chips(app) -> list[dict | None]:
    """Each chip's box (None: clipped away, out of the accessibility tree)."""
    return [
        app.by_id(f"round-show-{seat}").first.bounding_box()
        if app.by_id(f"round-show-{seat}").count()
        else None
        for seat in range(len(PLAYERS))
    ]


def misplaced(app) -> list[str]:
    """Chips whose box is not on the strip's line, below the header."""
    header = box(app, "round-cancel-top")
    top = header["y"] + header["height"] + PHONE_SPACING
    found = []
    for seat, chip in enumerate(chips(app)):
        if chip is None:
            continue
        if abs(chip["y"] - top) > 8:
            found.append(f"chip {seat} at y={chip['y']:.0f}, the strip at {top:.0f}")
    return found


@pytest.mark.parametrize("language", ["de"])
def test_the_chips_boxes_stay_on_the_chips(web_app, tmp_path, language):
    app = open_new_round(web_app, tmp_path, PLAYERS, language)
    app.by_id("round-show-0").first.wait_for(state="attached")
    app.settle()
    assert not misplaced(app)
    for seat in range(1, len(PLAYERS)):
        app.by_id(f"round-show-{seat}").first.click()
        app.settle()
        app.screenshot(f"strip-{language}-{seat}")
        assert not misplaced(app), (seat, misplaced(app))
        shown = box(app, f"round-show-{seat}")
        assert shown["x"] >= 0 and shown["x"] + shown["width"] <= 390, seat
        before = box(app, f"round-show-{seat - 1}")
        # the chip before the one shown stays (at least in part) in sight
        assert before["x"] + before["width"] > 16, seat
        if seat == 1:  # the first player's chip did scroll off at once
            assert before["x"] >= 16 and before["width"] > 60
    for seat in (1, 0):  # and back: the strip follows
        app.by_id(f"round-show-{seat}").first.click()
        app.settle()
        assert not misplaced(app), (seat, misplaced(app))
        shown = box(app, f"round-show-{seat}")
        assert shown["x"] >= 16 and shown["x"] + shown["width"] <= 374, seat
