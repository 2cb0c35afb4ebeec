"""The board before a game's first saved round draws what that round first
brings (the rounds table, the totals chart, the leader's cup) under the first
tile's opaque box, where no one sees it and a screen reader does not find it
(issue 34: a game's first saved rounds were the slowest to reach the pages,
and a second game on the same pages was not: the browser's first chart and
table). Once a round is saved it is gone, and the board is what it was
without it."""

from __future__ import annotations

import flet as ft
import flet_charts as fch
import pytest
from flet_harness import control_texts, iter_controls
from support.app_steps import enter_round, new_game

from jolly_scorer.i18n import Translator
from jolly_scorer.ui.screens.scoreboard import tiles


def tile_box(app, seat):
    return app.find(semantics=f"total-{seat}").content


def texts(control):
    return [text for c, _ in iter_controls(control) for text in control_texts(c)]


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["phone", "laptop"])
def test_the_chart_is_drawn_under_the_first_tile_until_the_first_round(open_app, size):
    app = open_app(width=size[0], height=size[1])
    new_game(app)
    first = tile_box(app, 1)
    assert isinstance(first, ft.Stack)
    under, box = first.controls  # drawn in order: the rehearsal first
    # inside the tile's rounded, opaque box: covered everywhere
    assert isinstance(box, ft.Container) and box.bgcolor and box.border_radius == 16
    assert min(under.left, under.top, under.right, under.bottom) >= 16
    assert under.clip_behavior == ft.ClipBehavior.HARD_EDGE
    hidden = under.content
    assert isinstance(hidden, ft.Semantics) and hidden.exclude_semantics
    kinds = {type(c) for c, _ in iter_controls(hidden)}
    assert fch.LineChart in kinds and ft.Icon in kinds
    assert "Σ" in texts(hidden)  # the rounds table
    # the tile itself is the tile drawn without it; the other tiles have none
    assert "Anna" in texts(box) and "0" in texts(box)
    for seat in (2, 3):
        assert isinstance(tile_box(app, seat), ft.Container)

    enter_round(app, 0, {1: (0, 5), 2: (0, 5)})
    assert all(isinstance(tile_box(app, s), ft.Container) for s in (1, 2, 3))
    views = app.page.views
    charts = [c for c, _ in iter_controls(views) if isinstance(c, fch.LineChart)]
    assert len(charts) == 1  # the game's own
    assert not any(
        isinstance(c, ft.Semantics) and c.exclude_semantics and _has_chart(c)
        for c, _ in iter_controls(views)
    )


def _has_chart(control):
    return any(isinstance(c, fch.LineChart) for c, _ in iter_controls(control))


def test_the_tile_over_the_rehearsal_is_the_tile_without_it():
    """Same tile, with and without the rehearsal: the box drawn on top is
    built alike (every control, type and text in order)."""
    t = Translator("de")
    args = (t, "Anna", 0, False, None, 0, None, False, 500, False, 3, _keep)
    plain = tiles._tile(*args)
    rehearsed = tiles._tile(*args, True)
    assert isinstance(plain.content, ft.Container)
    assert isinstance(rehearsed.content, ft.Stack)
    assert plain.label == rehearsed.label and plain.col == rehearsed.col
    assert _shape(rehearsed.content.controls[1]) == _shape(plain.content)


def _keep(name, build, *args):
    return build(*args)


def _shape(control):
    return [
        (type(c).__name__, control_texts(c), getattr(c, "bgcolor", None))
        for c, _ in iter_controls(control)
    ]
