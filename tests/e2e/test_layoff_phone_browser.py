"""A lay-off on a phone (390 x 844) in Chromium, German and Finnish, played
as at the table: a game of three started on the phone, Annabella went out
with a meld, Benedikt lays off on it from the card editor on his hand.

The editor is docked on the Save bar. The choice of melds that stands in for
the card grid is far shorter than the grid, and the editor sank with it: an
empty screen between the strip of players and the editor (about 300 px), the
Lay off button just tapped jumped down under the finger, and back up once a
meld was chosen. Now the editor keeps its size and place: the choice stands
right under the buttons, in the grid's room.

Screenshots: build/screenshots/layoff-phone-*.png
"""

from __future__ import annotations

import contextlib

import pytest
from browser_steps import start_game, tap

from jolly_scorer.ui.screens.round_entry.layout import PHONE_SPACING

pytestmark = pytest.mark.browser

WIDTH, HEIGHT = 390, 844
#: the strip's chips under the header (their own boxes are off while the
#: strip scrolls)
CHIPS = 52


def box(app, identifier):
    found = app.by_id(identifier).first
    found.wait_for(state="attached", timeout=15_000)
    return found.bounding_box()


def bottom(b) -> float:
    return b["y"] + b["height"]


def problems(app, editor_top: float, layoff: dict) -> list[str]:
    """What is wrong with the lay-off's choice on the screen now."""
    strip_bottom = bottom(box(app, "round-cancel-top")) + PHONE_SPACING + CHIPS
    editor, button = box(app, "round-editor"), box(app, "editor-layoff")
    option, bar = box(app, "round-layoff-on-1-0"), box(app, "round-save-bar")
    found = []
    # (with the grid the room is a few px taller than the editor: 18 px in
    # German; the sunken editor left about 300)
    if editor["y"] - strip_bottom > 24:
        found.append(f"{editor['y'] - strip_bottom:.0f} px empty above the editor")
    if abs(editor["y"] - editor_top) > 1:
        found.append(f"the editor moved from {editor_top:.0f} to {editor['y']:.0f}")
    if abs(button["y"] - layoff["y"]) > 1:
        found.append("the Lay off button moved under the finger")
    # the choice right under the buttons (its heading line between)
    if not 0 <= option["y"] - bottom(button) <= 120:
        found.append(f"the choice is {option['y'] - bottom(button):.0f} px under")
    if bottom(option) > bar["y"] or option["x"] + option["width"] > WIDTH - 8:
        found.append("the choice is cut or under the Save bar")
    if bottom(box(app, "round-save")) > HEIGHT:
        found.append("the Save bar is cut at the bottom")
    return found


@pytest.mark.parametrize(
    ("language", "home"), [("de", "Neues Spiel"), ("fi", "Uusi peli")]
)
def test_the_layoff_choice_stands_where_the_grid_was(web_app, tmp_path, language, home):
    app = web_app(
        "jolly_scorer.ui.app:main",
        viewport="phone",
        env={"LANGUAGE": language, "JOLLY_SCORER_DATA": str(tmp_path / "data")},
        wait_text=home,
    )
    start_game(app, ["Annabella", "Benedikt", "Cleopatra"])
    tap(app, "start-game")
    tap(app, "enter-round")
    app.by_id("round-closer-0").first.click()  # Annabella went out
    app.by_id("round-add-meld-0").first.click()
    for card in ("5h", "6h", "7h"):
        app.by_id(f"pick-{card}").first.click()
    app.wait_label("7♥")
    app.by_id("round-show-1").first.click()  # Benedikt: his hand, the grid
    app.by_id("pick-8h").first.wait_for(state="attached")
    app.by_id("editor-count-points").first.wait_for(state="attached")
    app.settle()
    app.screenshot(f"layoff-phone-{language}-hand")
    editor_top = box(app, "round-editor")["y"]
    layoff = box(app, "editor-layoff")
    app.by_id("editor-layoff").first.click()
    app.by_id("round-layoff-on-1-0").first.wait_for(state="attached")
    # the semantics can be ahead of the paint: checked frame by frame (at
    # most 10 s), then whatever is still wrong is the failure
    with contextlib.suppress(AssertionError):
        app.wait_until(lambda: not problems(app, editor_top, layoff), 10_000)
    app.screenshot(f"layoff-phone-{language}-choice")
    assert not problems(app, editor_top, layoff)
    app.by_id("round-layoff-on-1-0").first.click()  # the grid is back
    app.by_id("pick-8h").first.click()
    app.wait_label("8♥")
    app.screenshot(f"layoff-phone-{language}-laid-off")
    done = box(app, "editor-done")
    assert done["y"] > 0 and bottom(box(app, "round-save")) <= HEIGHT
    # issue 35.8: the lay-off's buttons on one line, the grid's last row
    # whole above the Save bar (in German the buttons took two lines and
    # pushed 8♠-K♠ under the bar)
    bar = box(app, "round-save-bar")
    for card in ("8s", "Ks", "X"):
        key = box(app, f"pick-{card}")
        assert bottom(key) <= bar["y"] + 1 and key["height"] >= 40, (card, key, bar)
    assert box(app, "editor-hand")["y"] == box(app, "editor-layoff")["y"]
