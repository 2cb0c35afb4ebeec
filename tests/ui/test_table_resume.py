"""A joined phone comes back where it was (issue 18, item 7), in process: after
a reload or a host restart (a new page session with the same device cookie)
a phone that chose its seat opens on that seat in the round being entered, or
on the table's scoreboard; and the scoreboard says that a round is being
entered, and by whom, following the parts as they are written."""

from __future__ import annotations

from support.app_steps import field_in
from support.live_table import PLAYERS, heard, open_entry

from jolly_scorer.store import Store, close_shared_stores


def _again(flet_app, tmp_path):
    """The same phone's page opened anew, the host's process restarted."""
    from jolly_scorer.ui import app as ui_app

    close_shared_stores()
    return flet_app(lambda page: ui_app.main(page, tmp_path), width=390, height=844)


def test_a_phone_comes_back_on_its_seat_in_the_round_being_entered(
    guest_page,  # noqa: F811
    flet_app,
    tmp_path,
):
    """Failed before: the page opened on Home (two taps back to the round)."""
    app, _, own = guest_page
    open_entry(app)
    app.click(app.find(semantics="round-seat-1"))
    app.click(app.find(semantics="round-mode-1-points"))
    app.type_text(field_in(app, "round-bad-1"), "7")
    again = _again(flet_app, tmp_path)
    again.wait_for(lambda: bool(again.find_all(semantics="round-done-1")))
    assert "Which seat is yours?" not in again.texts()
    assert not again.find_all(semantics="home-continue")
    assert again.find(semantics="round-show-1").selected  # its own player
    assert field_in(again, "round-bad-1").value == "7"


def test_a_phone_without_a_round_being_entered_comes_back_on_the_board(
    guest_page,  # noqa: F811
    flet_app,
    tmp_path,
):
    app, _, _ = guest_page
    open_entry(app)
    app.click(app.find(semantics="round-seat-2"))
    again = _again(flet_app, tmp_path)
    again.wait_for(lambda: bool(again.find_all(semantics="enter-round")))
    assert not again.find_all(semantics="home-continue")
    assert not again.find_all(semantics="round-being-entered")


def test_a_phone_that_never_chose_a_seat_starts_on_home(
    guest_page,  # noqa: F811
    flet_app,
    tmp_path,
):
    again = _again(flet_app, tmp_path)
    assert again.find_all(semantics="home-continue")


def entering(app):
    """What the board's line says of the round being entered (None: no line)."""
    found = app.find_all(semantics="round-being-entered")
    return found[0].label if found else None


def test_the_board_says_who_is_entering_and_follows_it(
    guest_page,  # noqa: F811
    tmp_path,
):
    app, _, own = guest_page
    app.click(app.find(semantics="home-continue"))
    assert not app.find_all(semantics="round-being-entered")
    with Store.open(tmp_path) as store:
        store.save_seat_part(own, 1, PLAYERS[1], {"hand": ["7h"]}, device="x")
    first = f"Round 1 is being entered: {PLAYERS[1]}"
    heard(app, tmp_path, own, until=lambda: entering(app) == first)
    line = app.find(semantics="round-being-entered")
    assert line.label == first
    with Store.open(tmp_path) as store:
        store.save_seat_part(own, 1, PLAYERS[1], {"hand": ["7h"]}, status="done")
        store.save_seat_part(own, 1, PLAYERS[2], {"hand": []}, device="y")
    both = f"Round 1 is being entered: {PLAYERS[1]} (done), {PLAYERS[2]}"
    heard(app, tmp_path, own, until=lambda: entering(app) == both)
    line = app.find(semantics="round-being-entered")
    assert line.label == both
