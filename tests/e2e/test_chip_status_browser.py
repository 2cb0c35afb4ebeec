"""Issue 35.9: in a game on one device, a player's chip never says "gibt
ein…" ("syöttää…"): every chip kept the word and its icon after its editor
closed (nobody else enters at a game on one device)."""

from __future__ import annotations

import pytest
from browser_steps import open_seeded, tap

pytestmark = pytest.mark.browser

ENTERING = {"de": "gibt ein", "fi": "syöttää"}


def chip_label(app, seat):
    return app.by_id(f"round-show-{seat}").first.get_attribute("aria-label") or (
        app.by_id(f"round-show-{seat}").first.inner_text()
    )


@pytest.mark.parametrize("language", ["de", "fi"])
def test_chip_status_goes_when_the_editor_closes(web_app, tmp_path, language):
    steps = ("home-continue", "enter-round", "round-closer-2", "round-hand-0")
    app = open_seeded(web_app, tmp_path, "romme5", language, taps=steps)
    app.by_id("pick-2h").first.wait_for(state="attached", timeout=15_000)
    tap(app, "pick-2h")
    word = ENTERING[language]
    app.wait_until(lambda: " 2" in chip_label(app, 0), what="the hand's 2 points")
    assert word not in chip_label(app, 0)
    tap(app, "editor-done")
    app.by_id("editor-done").first.wait_for(state="detached", timeout=15_000)
    try:
        app.wait_until(lambda: word not in chip_label(app, 0), timeout=5_000)
    except AssertionError as e:
        raise AssertionError(f"the chip still reads {chip_label(app, 0)!r}") from e
