"""Round entry on a phone (390 x 844) in Chromium, German: what only shows in
the pixels. With the card editor open, nothing of the list above it shows (a
sliver of a cut line did), the editor's top (its title and Done) is on the
screen, and the Save bar is whole on the screen (the editor pushed it off the
bottom, and on a host's page under the table bar).

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


def check_screen(app, name: str, floor: float, lowest: str = "round-save") -> None:
    """The editor is open: it starts below the strip with nothing between but
    the page's background, its top row is on the screen, the Save bar is
    below it and whole, its bottom where it was with the editor closed
    (``floor``: it never moves down)."""
    app.screenshot(f"phone-round-{name}")
    strip = box(app, "round-show-0")
    editor, done = box(app, "round-editor"), box(app, "editor-done")
    bar, save = box(app, "round-save-bar"), box(app, lowest)
    gap_top, gap_bottom = strip["y"] + strip["height"] + 1, editor["y"] - 1
    if gap_bottom - gap_top >= 1:  # one colour, a row like the next: no line
        assert len(rows(app, gap_top, gap_bottom)) == 1, name
    assert done["y"] >= strip["y"] + strip["height"], name  # Done in sight
    assert editor["y"] + editor["height"] <= bar["y"] + 1, name
    assert save["y"] + save["height"] <= HEIGHT, name  # the Save bar whole
    assert abs(bar["y"] + bar["height"] - floor) <= 1, name


def test_the_open_editor_has_the_room_and_the_save_bar_stays(web_app, tmp_path):
    data = tmp_path / "data"
    seed(data)
    app = web_app(
        "jolly_scorer.ui.app:main",
        viewport="phone",
        env={"LANGUAGE": "de", "JOLLY_SCORER_DATA": str(data)},
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
    check_screen(app, "meld", floor)
    app.by_id("round-show-1").first.click()  # Benedikt: his hand at once
    app.by_id("editor-layoff").first.click()
    app.by_id("round-layoff-on-1-0").first.wait_for(state="attached")
    check_screen(app, "layoff-choice", floor)  # a short editor: the sliver was here
    app.by_id("round-layoff-on-1-0").first.click()
    app.by_id("pick-8h").first.click()
    app.by_id("round-cancel").first.click()  # the bar grows by the question
    app.by_id("round-cancel-ask").first.wait_for(state="attached")
    check_screen(app, "cancel-ask", floor, "round-keep-entering")
