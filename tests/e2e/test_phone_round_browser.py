"""Round entry on a phone (390 x 844) in Chromium, German and Finnish: what
only shows in the pixels. With the card editor open, nothing of the list
above it shows (a sliver of a cut line did), the editor fits whole with its
title (a Finnish title of three lines had its top scrolled away), and the Save
bar stays whole where it was (the editor pushed it off the bottom, and on a
host's page under the table bar). While Cancel asks, the list is shown.

Screenshots: build/screenshots/phone-round-*.png
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image  # the "web" group (default): the app icon's Pillow

from jolly_scorer.core import game as core
from jolly_scorer.core.rules import resolve_rules
from jolly_scorer.store import Store
from jolly_scorer.ui.screens.round_entry.layout import PHONE_SPACING

pytestmark = pytest.mark.browser

PLAYERS = ["Annabella", "Benedikt", "Cleopatra", "Dora"]
HEIGHT = 844


def seed(data: Path) -> None:
    with Store.open(data) as store:
        store.create_game(core.new_game(resolve_rules("jolly_at"), PLAYERS))


def box(app, identifier):
    found = app.by_id(identifier).first
    found.wait_for(state="attached", timeout=15_000)
    return found.bounding_box()


def rows(app, top: float, bottom: float) -> set[bytes]:
    """The distinct pixel rows of the page between ``top`` and ``bottom``."""
    image = Image.open(
        io.BytesIO(
            app.page.screenshot(
                clip={"x": 8, "y": top, "width": 374, "height": bottom - top}
            )
        )
    ).convert("RGB")
    width, height = image.size
    data = image.tobytes()
    return {data[y * width * 3 : (y + 1) * width * 3] for y in range(height)}


def problems(app, floor: float, lowest: str) -> list[str]:
    """What is wrong on the screen now (nothing: the editor is in its room)."""
    # the strip's chips (52 px) under the header: their own boxes are off
    # while the strip scrolls
    header = box(app, "round-cancel-top")
    strip_bottom = header["y"] + header["height"] + PHONE_SPACING + 52
    editor, done = box(app, "round-editor"), box(app, "editor-done")
    bar, save = box(app, "round-save-bar"), box(app, lowest)
    found = []
    # (a chip's and the editor's edges are drawn a pixel or two beyond their boxes)
    gap_top, gap_bottom = strip_bottom + 3, editor["y"] - 3
    if gap_bottom - gap_top >= 1 and len(rows(app, gap_top, gap_bottom)) != 1:
        found.append("something shows between the strip and the editor")
    if done["y"] < strip_bottom:
        found.append("Done is out of sight")
    # the editor's title row (with Close) is whole on the screen: a taller
    # editor keeps it and scrolls the rest (it had its top scrolled away)
    if done["y"] < editor["y"] - 1 or done["y"] + done["height"] > bar["y"]:
        found.append("the editor's title row is out of sight")
    if editor["y"] + editor["height"] > bar["y"] + 1:
        found.append("the editor reaches into the Save bar")
    if save["y"] + save["height"] > HEIGHT:
        found.append("the Save bar is cut at the bottom")
    if abs(bar["y"] + bar["height"] - floor) > 1:
        found.append("the Save bar moved")
    return found


def check_screen(app, name: str, floor: float, lowest: str = "round-save") -> None:
    """The editor is open: it starts below the strip with nothing between but
    the page's background, its top row is on the screen, the Save bar is
    below it and whole, its bottom where it was with the editor closed
    (``floor``: it never moves down). The page's semantics can be ahead of
    its paint on a busy machine: checked frame by frame until it holds (at
    most 10 s), then whatever is still wrong is the failure."""
    try:
        app.wait_until(lambda: not problems(app, floor, lowest), timeout=10_000)
    finally:
        app.screenshot(f"phone-round-{name}")
    assert not problems(app, floor, lowest), name


@pytest.mark.parametrize("language", ["de", "fi"])
def test_the_open_editor_has_the_room_and_the_save_bar_stays(
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
    closed = box(app, "round-save-bar")
    floor = closed["y"] + closed["height"]
    app.by_id("round-closer-0").first.click()
    app.by_id("round-add-meld-0").first.click()
    for card in ("5h", "6h", "7h"):
        app.by_id(f"pick-{card}").first.click()
    app.wait_label("7♥")
    check_screen(app, f"{language}-meld", floor)
    app.by_id("round-show-1").first.click()  # Benedikt: his hand at once
    app.by_id("editor-count-points").first.wait_for(state="attached")
    check_screen(app, f"{language}-hand", floor)
    app.by_id("editor-layoff").first.click()
    app.by_id("round-layoff-on-1-0").first.wait_for(state="attached")
    check_screen(
        app, f"{language}-layoff-choice", floor
    )  # a short editor: the sliver was here
    app.by_id("round-layoff-on-1-0").first.click()
    app.by_id("pick-8h").first.click()
    app.wait_label("8♥")
    check_screen(app, f"{language}-layoff", floor)  # a title of three lines
    app.by_id("round-cancel").first.click()  # the bar grows by the question
    app.by_id("round-cancel-ask").first.wait_for(state="attached")
    app.screenshot(f"phone-round-{language}-cancel-ask")  # the list, not the editor
    closer, bar = box(app, "round-closer-0"), box(app, "round-save-bar")
    keep = box(app, "round-keep-entering")
    assert closer["y"] > 0 and closer["y"] + closer["height"] <= bar["y"]
    assert keep["y"] + keep["height"] <= HEIGHT  # the question's buttons whole
    assert abs(bar["y"] + bar["height"] - floor) <= 1
    app.by_id("round-keep-entering").first.click()
    app.by_id("editor-done").first.wait_for()
    check_screen(app, f"{language}-kept-entering", floor)
