"""The page's keys reach the server from the page's start (issue 17).

Flet's web client sends key presses only while the page has a keyboard
handler, and learns that from the next update it gets. The counting sheet
used to set the handler when it appeared, one update after the sheet itself,
so a digit typed as soon as the sheet showed went nowhere (a fresh-clone run
of ``test_keys_typed_at_30_ms_right_after_enter_land_where_they_show`` saved
Dora's 12 as 2). Now the page has its one handler from the start
(``widgets/page_keys.py``), and the sheet only says where keys go."""

from __future__ import annotations

from support.app_steps import field_in, new_game, press_key

from jolly_scorer.ui.widgets.page_keys import PageKeys


def _values(app):
    return {
        seat: field_in(app, f"round-bad-{seat}").value
        for seat in range(3)
        if app.find_all(semantics=f"round-bad-{seat}")
    }


def test_the_page_hears_keys_before_the_counting_sheet_shows(open_app):
    app = open_app()
    handler = app.page.on_keyboard_event
    assert isinstance(handler, PageKeys)  # in the page's first update
    press_key(app, "5")  # no sheet: dropped, nothing breaks
    new_game(app, preset="romme_de")
    app.click(app.find(semantics="enter-round"))
    app.click(app.find(semantics="round-closer-0"))
    app.click(app.find(semantics="round-count-all"))
    # the sheet needs no update of the page's handler before a key counts
    assert app.page.on_keyboard_event is handler
    for key in ("1", "2", "Enter", "3"):
        press_key(app, key)
    assert sorted(_values(app).values()) == ["12", "3"]
    app.click(app.find(semantics="round-cancel"))
    if app.find_all(semantics="round-throw-away"):
        app.click(app.find(semantics="round-throw-away"))
    app.wait_for(lambda: bool(app.find_all(semantics="enter-round")))
    press_key(app, "7")  # the sheet is gone: it hears nothing more
    assert app.page.on_keyboard_event is handler
