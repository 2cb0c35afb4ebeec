"""Issue 35.9: on a laptop, a hover tooltip ("Schlechtpunkte",
"Miinuspisteet") over a field of the counting sheet covered the numbers of
the next player's line. The column's title says what the fields hold."""

from __future__ import annotations

import time

import pytest
from browser_steps import open_seeded

pytestmark = pytest.mark.browser


def clip_of(app, identifier):
    box = app.by_id(identifier).first.bounding_box()
    assert box is not None, identifier
    return app.page.screenshot(clip=box)


@pytest.mark.parametrize("language", ["de", "fi"])
def test_hovering_a_field_covers_no_number(web_app, tmp_path, language):
    steps = ("home-continue", "enter-round", "round-closer-2", "round-count-all")
    app = open_seeded(web_app, tmp_path, "romme5", language, "desktop", steps)
    app.by_id("round-bad-1").first.wait_for(state="attached", timeout=15_000)
    app.page.mouse.move(0, 0)
    app.settle()
    below = clip_of(app, "round-bad-1")
    box = app.by_id("round-bad-0").first.bounding_box()
    app.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    # a tooltip shows within Flutter's hover wait (well under a second);
    # the line below must look the same for 2 s of frames
    deadline = time.monotonic() + 2.0
    while time.monotonic() < deadline:
        app.next_frames(5)
        assert clip_of(app, "round-bad-1") == below, "something covers Ben's field"
