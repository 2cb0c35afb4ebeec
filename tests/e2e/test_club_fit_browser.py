"""The club's screens fit their page (issue 35, the rest the explorer saw):
the big screen shows every player of the evening at once on a laptop
projecting (nobody scrolls a projector), and the ranking on a phone fits the
phone's width (no sideways scroll, no column cut), in the longest language.

The evening is ``tests/support/club_evening.py``'s (8 players)."""

from __future__ import annotations

import pytest
from browser_steps import reveal, tap
from support.club_evening import EIGHT, prepared
from test_app_flow import shoot

pytestmark = pytest.mark.browser

TARGET = "jolly_scorer.ui.app:main"
HOME = {"de": "Neues Spiel", "fi": "Uusi peli", "en": "New game"}

#: the boxes of the texts inside a control, as drawn (its accessibility
#: nodes that carry text of their own)
TEXT_BOXES = """(root) => {
  const boxes = [];
  for (const node of root.querySelectorAll('*')) {
    const own = [...node.childNodes].filter(
      (c) => c.nodeType === 3 && c.textContent.trim());
    const label = node.getAttribute('aria-label');
    if (!own.length && !label) continue;
    const r = node.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    boxes.push({text: (own.map((c) => c.textContent).join('') || label).trim(),
                left: r.left, right: r.right, top: r.top, bottom: r.bottom});
  }
  return boxes;
}"""


def open_evening(web_app, tmp_path, language, viewport):
    data = tmp_path / f"{language}-{viewport}"
    prepared(data)
    env = {"LANGUAGE": language, "JOLLY_SCORER_DATA": str(data)}
    app = web_app(TARGET, viewport=viewport, env=env, wait_text=HOME[language])
    tap(app, "home-club")
    tap(app, "club-open-1")
    app.by_id("club-table-2-1").first.wait_for()
    app.by_id("club-new").first.wait_for(state="detached")  # the list is gone
    return app


@pytest.mark.parametrize("language", ["de"])  # the explorer: every language
def test_the_big_screen_shows_every_player_at_1280x800(web_app, tmp_path, language):
    app = open_evening(web_app, tmp_path, language, (1280, 800))
    tap(app, "club-big")
    screen = app.by_id("club-big-screen").first
    screen.wait_for()
    app.settle()
    shoot(app, f"club-big-1280-{language}")
    boxes = screen.evaluate(TEXT_BOXES)
    for name in EIGHT:
        found = [b for b in boxes if b["text"] == name]
        assert found, (name, [b["text"] for b in boxes])
        box = found[0]
        assert box["top"] >= 0 and box["bottom"] <= 800, (name, box)
        assert box["bottom"] - box["top"] >= 30, ("large type", name, box)
    # the laptop's window put on the projector: larger type, still all in sight
    small = [b for b in boxes if b["text"] == "Anna"][0]
    app.page.set_viewport_size({"width": 1920, "height": 1080})

    def grown() -> bool:
        now = [b for b in screen.evaluate(TEXT_BOXES) if b["text"] == "Anna"]
        return (
            bool(now)
            and now[0]["bottom"] - now[0]["top"]
            > (small["bottom"] - small["top"]) * 1.2
        )

    app.wait_until(grown, what="the big screen laid out for 1920 x 1080")
    app.settle()
    for name in EIGHT:
        box = [b for b in screen.evaluate(TEXT_BOXES) if b["text"] == name][0]
        assert box["top"] >= 0 and box["bottom"] <= 1080, (name, box)


@pytest.mark.parametrize("language", ["fi"])  # the longest words
def test_the_ranking_fits_a_phone(web_app, tmp_path, language):
    app = open_evening(web_app, tmp_path, language, (320, 640))
    reveal(app, "club-tie-break")
    app.settle()
    shoot(app, f"club-ranking-320-{language}")
    ranking = app.by_id("club-ranking").first
    boxes = ranking.evaluate(TEXT_BOXES)
    assert any("Anna" in b["text"] for b in boxes), boxes
    for box in boxes:
        assert box["left"] >= 0 and box["right"] <= 320, box
    width = app.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 320
