"""Issue 35: every key where the screen says, in headless Chromium, German
and Finnish: names typed with Enter after each at a person's speed (35.1),
the typed-cards field of a hand editor (35.2)."""

from __future__ import annotations

import pytest
from browser_steps import FOCUSED_IN, field_values, open_seeded, tap

pytestmark = pytest.mark.browser


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


#: the hover tooltip of the control under the mouse, drawn over the page:
#: an element labelled ``text`` outside the control itself
TOOLTIP_SHOWN = """([text, id]) => [...document.querySelectorAll(
    'flt-semantics[aria-label], flt-semantics span')]
  .some(e => !e.closest(`[flt-semantics-identifier='${id}']`) &&
    (e.getAttribute('aria-label') || e.textContent || '').trim() === text)"""


@pytest.mark.parametrize("language", ["de", "fi"])
def test_typed_cards_field_has_the_focus_when_it_opens(web_app, tmp_path, language):
    """Issue 35.2: the keyboard icon of a hand editor ("Karten tippen",
    "Kirjoita kortit") opens the typed-cards field with the keyboard focus:
    "As" typed next lands in it. Before: the focus stayed on the page. Two
    causes: Flet's Enter-submits field (``shift_enter``) takes no
    ``focus()``; and once the field had the focus, the icon's hover tooltip
    (the mouse rests where it tapped) came over the page, Flutter moved the
    page's accessibility tree under it and the field lost the browser's
    focus (``web.kept_focus``). So the keys are typed once that tooltip is
    drawn, as a person types a moment after the tap."""
    from jolly_scorer.i18n import Translator

    steps = ("home-continue", "enter-round", "round-closer-2", "round-hand-0")
    app = open_seeded(web_app, tmp_path, "romme5", language, taps=steps)
    app.by_id("editor-keyboard").first.wait_for(state="attached", timeout=15_000)
    tap(app, "editor-keyboard")
    app.by_id("meld-input").first.wait_for(state="attached", timeout=15_000)
    try:
        app.page.wait_for_function(FOCUSED_IN, arg="meld-input", timeout=10_000)
    except Exception as e:
        raise AssertionError(
            f"the typed-cards field has no focus; the focus is on "
            f"{focused_element(app)}"
        ) from e
    # the icon's tooltip ("Tap cards" now) comes over the page
    tooltip = Translator(language)("Tap cards")
    app.page.wait_for_function(
        TOOLTIP_SHOWN, arg=[tooltip, "editor-keyboard"], timeout=10_000
    )
    app.next_frames(3)
    app.page.keyboard.type("As", delay=60)
    try:
        app.wait_until(lambda: typed_cards(app) == ["As"], timeout=10_000)
    except AssertionError as e:
        app.screenshot(f"typed-cards-not-held-{language}")
        raise AssertionError(
            f"the typed-cards field holds {typed_cards(app)}; the focus is on "
            f"{focused_element(app)}"
        ) from e
    app.screenshot(f"typed-cards-held-{language}")


def focused_element(app):
    return app.page.evaluate("() => document.activeElement.outerHTML.slice(0, 160)")


def typed_cards(app):
    return app.page.evaluate(
        "() => [...document.querySelectorAll("
        "'[flt-semantics-identifier=meld-input] textarea,"
        " [flt-semantics-identifier=meld-input] input')].map(f => f.value)"
    )
