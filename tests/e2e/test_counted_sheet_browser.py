"""The counted-points sheet in headless Chromium (issue 17, items 1, 2, 7, 8
and "the counted-points sheet, fast and unmistakable").

The sheet's fields take no typed text: every key (the keyboard's, the number
pad's) reaches the server as an event, in order, and goes to the selected
field, named above the pad. Enter goes to the next player who needs a number,
skipping who went out and wrapping round; no key typed goes nowhere or into a
field that does not show it, however fast it follows Enter; an empty field is
missing, never 0; the Handglatt switch changes nothing of where keys go."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

TOTAL_OF = (
    "seat => { const e = document.querySelector("
    "`[flt-semantics-identifier='round-total-${seat}']`);"
    " if (!e) return null;"
    " return (e.getAttribute('aria-label') || e.innerText).trim().split(/\\s+/)[0]; }"
)


def total_of(app, seat: int) -> str | None:
    """The round score shown beside player ``seat``'s name ("–": missing;
    the label and the text both hold it: the first word)."""
    return app.page.evaluate(TOTAL_OF, seat)


def selected(app, name: str) -> None:
    """Wait until the pad types the number of ``name``."""
    app.wait_label(f"Typing the number for {name}")


FOCUSED_IN = (
    "id => { const a = document.activeElement; return !!a &&"
    " (a.tagName === 'INPUT' || a.tagName === 'TEXTAREA') &&"
    " !!a.closest(`[flt-semantics-identifier='${id}']`); }"
)


def open_sheet(web_app, closer: int, **kw):
    app = web_app("counted_sheet_app:main", wait_text="Who went out?", **kw)
    app.by_id(f"round-closer-{closer}").first.click()
    app.by_id("round-count-all").first.wait_for()
    app.by_id("round-count-all").first.click()
    app.by_id("round-bad-0").first.wait_for()
    return app


def test_enter_goes_to_the_next_player_who_needs_a_number(web_app):
    """Rommé, five players, Cleo went out: a tap on Anna's field, then 15
    Enter 30 Enter 33 Enter 8 land in Anna's, Ben's, Dora's, Emil's fields."""
    app = open_sheet(web_app, closer=2)
    selected(app, "Dora")  # the first after who went out
    app.by_id("round-bad-0").first.click()
    selected(app, "Anna")
    for digits, following in (("15", "Ben"), ("30", "Dora"), ("33", "Emil")):
        app.page.keyboard.type(digits, delay=80)
        app.page.keyboard.press("Enter")
        selected(app, following)
    app.page.keyboard.type("8", delay=80)
    app.wait_label("Ready to save")
    assert total_of(app, 3) == "33"
    app.by_id("round-save").first.click()
    app.wait_text("Saved Anna=0/15 Ben=0/30 Cleo=0/0 Dora=0/33 Emil=0/8")


def test_an_empty_field_is_missing_not_zero(web_app):
    app = open_sheet(web_app, closer=2)
    app.wait_label("Anna, Ben, Dora, Emil")
    assert total_of(app, 0) == "–"
    app.by_id("round-save").first.click()
    app.wait_label("Not saved")
    assert not app.page.get_by_text("Saved Anna").count()


def test_the_handglatt_switch_leaves_the_keys_in_the_field(web_app):
    """Issue 17.7: typing in Anna's field, a tap on Handglatt, more digits,
    Enter: the digits are Anna's, Handglatt stays on, Ben is next."""
    app = open_sheet(web_app, closer=2)
    app.by_id("round-bad-0").first.click()
    selected(app, "Anna")
    app.page.keyboard.type("1", delay=80)
    app.by_id("round-handglatt").first.click()
    app.page.keyboard.type("2", delay=80)
    app.page.keyboard.press("Enter")
    selected(app, "Ben")
    app.wait_until(lambda: total_of(app, 0) == "24", what="Anna's 12, doubled")
    app.wait_label("the Handglatt then makes it ×2")  # still on


def test_tab_then_enter_presses_no_button(web_app):
    """Tab selects the next player who needs a number, and Flutter moves the
    focus on by itself, to Anna's "Enter cards" button, which the Enter typed
    next would press (her line switched to cards): the focus follows the
    selected field, and Enter only goes on."""
    app = open_sheet(web_app, closer=2)
    app.by_id("round-bad-0").first.click()
    selected(app, "Anna")
    app.page.keyboard.type("5", delay=80)
    app.page.keyboard.press("Tab")
    selected(app, "Ben")
    app.page.wait_for_function(FOCUSED_IN, arg="round-bad-1", timeout=10_000)
    app.page.keyboard.press("Enter")
    selected(app, "Dora")
    app.settle()
    for seat in (0, 1, 3, 4):  # nobody switched to entering cards
        assert app.by_id(f"round-bad-{seat}").count(), seat
    assert total_of(app, 0) == "5"


def test_the_number_pad_types_in_order(web_app):
    """A phone's way: taps on the pad, as fast as a thumb, each to the
    selected field (Next, ⌫ too), without waiting for the screen."""
    app = open_sheet(web_app, closer=2)
    selected(app, "Dora")
    for key in ("1", "2", "Next", "3", "0", "Next", "7", "Next", "2", "6"):
        app.by_id(f"round-pad-{key}").first.click(delay=10)
    app.by_id("round-pad-Backspace").first.click()
    app.by_id("round-pad-5").first.click()
    app.wait_label("Ready to save")
    app.by_id("round-save").first.click()
    app.wait_text("Saved Anna=0/7 Ben=0/25 Cleo=0/0 Dora=0/12 Emil=0/30")


@pytest.mark.parametrize(
    ("language", "viewport"),
    [("de", "phone"), ("fi", "phone"), ("de", (1280, 800)), ("fi", (1280, 800))],
)
def test_counted_sheet_screenshots(web_app, language, viewport):
    """The counted sheet as a table sees it: who went out with a Handglatt,
    two numbers typed, the next field selected, the live totals; the top of
    the sheet (the Handglatt line) is not scrolled under the header."""
    app = web_app(
        "counted_sheet_app:main",
        viewport=viewport,
        env={"ROUND_LANGUAGE": language},
        wait_text=None,
    )
    app.by_id("round-closer-2").first.wait_for()
    app.by_id("round-closer-2").first.click()
    app.by_id("round-count-all").first.click()
    app.by_id("round-pad-for").first.wait_for()
    app.by_id("round-handglatt").first.click()
    app.by_id("round-handglatt-hint").first.wait_for()
    app.page.keyboard.type("12", delay=120)
    app.page.keyboard.press("Enter")
    app.page.keyboard.type("30", delay=120)
    app.page.keyboard.press("Enter")
    app.wait_until(lambda: total_of(app, 4) == "60", what="Emil's 30, doubled")
    app.settle()
    # the sheet starts under the header, not scrolled under it (a screenshot
    # of last session: the Handglatt line's first row cut at the top)
    header = app.by_id("round-cancel-top").first.bounding_box()
    first = app.by_id("round-closer-0").first.bounding_box()
    switch = app.by_id("round-handglatt").first.bounding_box()
    assert header and first and switch
    assert first["y"] >= header["y"] + header["height"], (header, first)
    assert first["y"] < switch["y"] < 844 / 2, (first, switch)
    size = "phone" if viewport == "phone" else "laptop"
    app.screenshot(f"counted-sheet-{size}-{language}")


@pytest.mark.parametrize("run", range(5))
def test_keys_typed_at_30_ms_right_after_enter_land_where_they_show(web_app, run):
    """Digits typed 30 ms apart right after Enter, without waiting for the
    screen, each land in the field that shows them. Before (a text field per
    player, Enter moving the focus by a round trip): under load a key typed
    before the next field had the focus went nowhere or into the field left
    (xfail, about half of 8 runs at a load average of 18). Now the server
    applies every key, in order, to the field it selected."""
    app = open_sheet(web_app, closer=2)
    selected(app, "Dora")  # the first after who went out
    keyboard = app.page.keyboard
    for digits in ("12", "30", "7"):
        keyboard.type(digits, delay=30)
        keyboard.press("Enter")
    keyboard.type("25", delay=30)
    # "Ready to save" holds from Ben's 2 on: wait for his last digit
    app.page.wait_for_function(f"() => ({TOTAL_OF})(1) === '25'", timeout=20_000)
    app.wait_label("Ready to save")
    assert [total_of(app, seat) for seat in range(5)] == ["7", "25", "0", "12", "30"]
    app.by_id("round-save").first.click()
    app.wait_text("Saved Anna=0/7 Ben=0/25 Cleo=0/0 Dora=0/12 Emil=0/30")


def test_counted_sheet_screenshot_plus_scoring(web_app):
    """Jolly (good and bad points): two columns on a phone, German."""
    app = web_app(
        "counted_sheet_app:jolly",
        env={"ROUND_LANGUAGE": "de"},
        wait_text=None,
    )
    app.by_id("round-closer-2").first.wait_for()
    app.by_id("round-closer-2").first.click()
    app.by_id("round-count-all").first.click()
    app.by_id("round-pad-for").first.wait_for()
    for key in ("4", "5", "Next", "1", "0", "Next", "3"):
        app.by_id(f"round-pad-{key}").first.click()
    app.wait_until(lambda: total_of(app, 3) == "+7", what="Dora's 10 − 3")
    app.settle()
    app.screenshot("counted-sheet-phone-de-jolly")
