"""Issue 35: every key where the screen says, in headless Chromium, German
and Finnish: names typed with Enter after each at a person's speed (35.1),
the typed-cards field of a hand editor (35.2)."""

from __future__ import annotations

import pytest
from browser_steps import tap

pytestmark = pytest.mark.browser

FOCUSED_IN = (
    "id => { const a = document.activeElement; return !!a &&"
    " (a.tagName === 'INPUT' || a.tagName === 'TEXTAREA') &&"
    " !!a.closest(`[flt-semantics-identifier='${id}']`); }"
)


def field_values(app, count):
    return app.page.evaluate(
        """n => [...Array(n).keys()].map(i => {
          const f = document.querySelector(
            `[flt-semantics-identifier="player-name-${i + 1}"] input`);
          return f ? f.value : null; })""",
        count,
    )


@pytest.mark.parametrize(("language", "delay"), [("de", 60), ("fi", 100), ("de", 150)])
def test_names_typed_at_speed_with_enter_each(web_app, tmp_path, language, delay):
    """Issue 35.1: "Anna⏎Ben⏎Cleo⏎Dora" typed in one go, ``delay`` ms a
    key, never waiting for a field: every key after an Enter lands in the
    next name field (before: "Leo", "Ora": the first key after Enter was
    lost while the next field got the focus from the server)."""
    app = web_app(
        "jolly_scorer.ui.app:main",
        viewport="phone",
        env={"LANGUAGE": language, "JOLLY_SCORER_DATA": str(tmp_path / "d")},
        wait_text="Neues Spiel" if language == "de" else "Uusi peli",
    )
    tap(app, "home-new-game")
    app.by_id("player-name-1").first.locator("input, textarea").first.click()
    app.page.wait_for_function(FOCUSED_IN, arg="player-name-1")
    app.next_frames(2)  # Flutter connects its editing state to the field
    names = ["Anna", "Ben", "Cleo", "Dora"]
    app.page.keyboard.type("\n".join(names), delay=delay)
    try:
        app.wait_until(
            lambda: field_values(app, 4) == names,
            what=f"the names {names}",
            timeout=10_000,
        )
    except AssertionError as e:
        raise AssertionError(f"the fields hold {field_values(app, 5)}") from e
