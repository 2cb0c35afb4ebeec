"""Issue 36, Save's cost on a phone: a round saved (or the entry cancelled)
takes the page to the board, and the round entry, which goes, is not drawn
once more for the change first (``round_entry/screen.TogetherEntry``; the
Save bar's ``redraw_unless_gone``). That last drawing was a third of Save's
answer in the phone app: the list under the editor brought up to date, 6 kB
sent, nothing of it ever shown. A save that is refused still draws the entry
with its message. Then the entry is only hidden in Save's answer and taken
away in a redraw of its own (``ui/app.BoardAndEntry``), which also draws the
board's chart: until then the board shows the chart's room."""

from __future__ import annotations

import flet as ft
import flet_charts as fch
import pytest
from support.app_steps import PLAYERS, field_in, open_seeded, rounds, shows_round

from jolly_scorer.ui import app as ui_app
from jolly_scorer.ui.app import ENTRY_GOES_AFTER
from jolly_scorer.ui.screens.round_entry import screen


@pytest.fixture
def drawings(monkeypatch):
    """How many times the round entry has been drawn (its frame's key is
    worked out once a drawing)."""
    count = [0]
    real = screen.frame_key

    def counted(entry):
        count[0] += 1
        return real(entry)

    monkeypatch.setattr(screen, "frame_key", counted)
    return count


def counted_round(app, points):
    app.click(app.find(semantics="enter-round"))
    app.click(app.find(semantics="round-closer-0"))
    for seat, bad in points.items():
        if app.find_all(semantics=f"round-show-{seat}"):  # a phone
            app.click(app.find(semantics=f"round-show-{seat}"))
        app.click(app.find(semantics=f"round-mode-{seat}-points"))
        app.type_text(field_in(app, f"round-bad-{seat}"), str(bad))


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["phone", "laptop"])
def test_save_draws_the_board_and_not_the_entry_again(
    open_app, tmp_path, drawings, size
):
    app = open_seeded(
        open_app, tmp_path, PLAYERS, rounds(2), width=size[0], height=size[1]
    )
    before = [app.find(semantics=f"total-{seat}").label for seat in (1, 2, 3)]
    counted_round(app, {1: 12, 2: 30})
    drawn = drawings[0]
    assert drawn > 0
    app.click(app.find(semantics="round-save"))
    app.wait_for(shows_round(app, 4))
    assert drawings[0] == drawn  # the entry went as it was last drawn
    assert not app.find_all(semantics="round-save")  # and it is gone
    # the board counts the round: Anna went out, Ben and Cleo pay
    after = [app.find(semantics=f"total-{seat}").label for seat in (1, 2, 3)]
    assert after[0] == before[0]
    assert after[1] != before[1] and after[2] != before[2]
    app.click(app.find(semantics="enter-round"))  # the next entry is a new one
    assert drawings[0] > drawn
    assert app.find(semantics="round-closer-0")


def test_cancel_leaves_without_drawing_the_entry_again(open_app, tmp_path, drawings):
    app = open_seeded(open_app, tmp_path, PLAYERS, rounds(2))
    app.click(app.find(semantics="enter-round"))
    drawn = drawings[0]
    app.click(app.find(semantics="round-cancel"))
    app.wait_for(shows_round(app, 3))
    assert drawings[0] == drawn
    assert not app.find_all(semantics="round-save")


def test_a_refused_save_draws_the_entry_with_its_message(open_app, tmp_path, drawings):
    app = open_seeded(open_app, tmp_path, PLAYERS, rounds(2))
    app.click(app.find(semantics="enter-round"))
    app.click(app.find(semantics="round-closer-0"))  # nobody's points: refused
    drawn = drawings[0]
    app.click(app.find(semantics="round-save"))
    assert drawings[0] > drawn
    assert app.find_all(semantics="round-save")  # still entering


def entry_layers(app):
    return [
        c
        for c in app.find_all(
            lambda c: str(getattr(c, "key", "") or "").startswith("entry-layer")
        )
        if isinstance(c, ft.Container)
    ]


def test_the_entry_is_hidden_at_once_and_taken_away_after(
    open_app, tmp_path, monkeypatch
):
    """Save shows the board with the entry only hidden (its controls not
    walked in that answer); a redraw of its own takes it away later, or the
    next round's entry does."""
    monkeypatch.setattr(ui_app, "ENTRY_GOES_AFTER", 60.0)  # not within the test
    app = open_seeded(open_app, tmp_path, PLAYERS, rounds(2))
    counted_round(app, {1: 12, 2: 30})
    [layer] = entry_layers(app)
    assert layer.visible is not False
    app.click(app.find(semantics="round-save"))
    assert [c.visible for c in entry_layers(app)] == [False]  # hidden, kept
    assert app.find(semantics="enter-round")
    app.click(app.find(semantics="enter-round"))  # the next round: a new layer
    assert [c.visible for c in entry_layers(app)] == [True]


def test_the_hidden_entry_goes_by_itself(open_app, tmp_path):
    app = open_seeded(open_app, tmp_path, PLAYERS, rounds(2))
    counted_round(app, {1: 12, 2: 30})
    app.click(app.find(semantics="round-save"))
    app.wait_for(lambda: not entry_layers(app), timeout=5 * ENTRY_GOES_AFTER + 5)
    assert app.find(semantics="enter-round")


def test_a_round_entered_again_at_once_is_a_new_entry(open_app, tmp_path):
    """Enter round before the saved entry was taken away: a new entry (its own
    layer), nothing of the one saved."""
    app = open_seeded(open_app, tmp_path, PLAYERS, rounds(2))
    counted_round(app, {1: 12, 2: 30})
    first = entry_layers(app)[0].key
    app.click(app.find(semantics="round-save"))
    app.click(app.find(semantics="enter-round"))
    [layer] = [c for c in entry_layers(app) if c.visible is not False]
    assert layer.key != first
    app.click(app.find(semantics="round-closer-0"))
    if app.find_all(semantics="round-show-1"):
        app.click(app.find(semantics="round-show-1"))
    app.click(app.find(semantics="round-mode-1-points"))
    assert field_in(app, "round-bad-1").value in (None, "")  # nothing carried
    app.wait_for(lambda: len(entry_layers(app)) == 1, timeout=5)


def chart_room(app):
    """The totals chart's frame: what stands where the chart is drawn, and
    the legend's names."""
    [frame] = app.find_all(semantics="totals-chart")
    room, legend = frame.content.controls
    return room, [text.value for item in legend.controls for text in item.controls[1:]]


@pytest.mark.parametrize("leave", ["round-save", "round-cancel"])
def test_the_board_back_from_the_entry_draws_its_chart_with_the_redraw(
    open_app, tmp_path, monkeypatch, leave
):
    """Saved or cancelled: the board comes back at once with the chart's room
    (the chart's height and its legend: nothing below it moves); the chart
    itself comes with the redraw that takes the entry away, the same as a
    page opened afresh shows. (A board that stayed shown, a watching page's,
    draws it at once: ``test_board_after_save.py``.)"""
    monkeypatch.setattr(ui_app, "ENTRY_GOES_AFTER", 3.0)
    app = open_seeded(open_app, tmp_path, PLAYERS, rounds(2))
    chart, names = chart_room(app)
    assert isinstance(chart, fch.LineChart) and names == list(PLAYERS)
    counted_round(app, {1: 12, 2: 30})
    app.click(app.find(semantics=leave))
    if app.find_all(semantics="round-throw-away"):  # asked (points entered)
        app.click(app.find(semantics="round-throw-away"))
    app.wait_for(lambda: bool(app.find_all(semantics="enter-round")))
    room, names = chart_room(app)
    assert not isinstance(room, fch.LineChart)
    assert room.height == chart.height and names == list(PLAYERS)
    app.wait_for(lambda: isinstance(chart_room(app)[0], fch.LineChart), timeout=10)
    app.wait_for(lambda: not entry_layers(app))  # with the same redraw
    drawn = chart_room(app)[0]
    fresh = open_app()
    fresh.click(fresh.find(semantics="home-continue"))
    expected = chart_room(fresh)[0]
    assert [[(p.x, p.y) for p in s.points] for s in drawn.data_series] == [
        [(p.x, p.y) for p in s.points] for s in expected.data_series
    ]
