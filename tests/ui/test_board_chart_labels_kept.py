"""The totals chart of a watching page when a saved round changes an axis
(issue 18: the CPU a saved round costs each phone): the labels the axis had
still are the same controls (not built, compared or sent again), and the
chart shows exactly what a page opened afresh shows."""

from __future__ import annotations

import flet_charts as fch
from support.app_steps import PLAYERS, enter_round, open_seeded, rounds, shows_round

from jolly_scorer.i18n import Translator
from jolly_scorer.ui.widgets.charts import ChartParts, totals_chart


def axes(app):
    chart = app.find(type=fch.LineChart)
    return {
        side: [(x.value, x.label.value) for x in axis.labels]
        for side, axis in (("left", chart.left_axis), ("bottom", chart.bottom_axis))
    }


def labels(app):
    chart = app.find(type=fch.LineChart)
    return {
        (side, x.value): x
        for side, axis in (("left", chart.left_axis), ("bottom", chart.bottom_axis))
        for x in axis.labels
    }


def test_an_axis_that_gains_a_label_keeps_the_others(open_app, tmp_path):
    # 7 rounds: the bottom axis says 0..7; the 8th round adds the label 8
    watcher = open_seeded(open_app, tmp_path, PLAYERS, rounds(7))
    saver = open_app(pubsub_with=watcher)
    saver.click(saver.find(semantics="home-continue"))
    before = labels(watcher)
    assert [v for side, v in before if side == "bottom"] == list(range(8))
    enter_round(saver, 1, {0: (None, 4), 2: (None, 9)})
    watcher.wait_for(shows_round(watcher, 9))
    after = labels(watcher)
    assert [v for side, v in after if side == "bottom"] == list(range(9))
    kept = [key for key in after if key in before]
    assert ("bottom", 7) in kept
    assert all(after[key] is before[key] for key in kept)  # the same controls
    fresh = open_app()
    fresh.click(fresh.find(semantics="home-continue"))
    assert axes(watcher) == axes(fresh)


def chart_axes(chart):
    line = chart.content.controls[0]
    return {
        side: [(x.value, x.label.value) for x in axis.labels]
        for side, axis in (("left", line.left_axis), ("bottom", line.bottom_axis))
    }


def test_kept_labels_read_as_labels_built_afresh_round_by_round():
    """A game whose totals grow and shrink: at every round the axes (kept
    labels and all) are those of a chart drawn with nothing kept, in each
    language (a label is kept only for its own language)."""
    kept = ChartParts()
    totals: list[dict[str, int]] = []
    anna = ben = 0
    for r in range(1, 45):
        anna += 37 if r % 9 else -400
        ben -= 3 if r % 4 else -120
        totals.append({"Anna": anna, "Ben": ben})
        t = Translator("de" if r % 5 == 0 else "en")
        shown = totals_chart(["Anna", "Ben"], totals, t, target=10_000, kept=kept)
        afresh = totals_chart(["Anna", "Ben"], totals, t, target=10_000)
        assert chart_axes(shown) == chart_axes(afresh), r


def test_a_watching_page_draws_the_saved_round_at_once(open_app, tmp_path):
    """Flet's chart eases each change over 150 ms by default: a few more
    frames of the whole screen on every page of the table for each saved
    round (``benchmarks/save_reach.py`` counts them). The board's chart
    shows the new round in one frame."""
    watcher = open_seeded(open_app, tmp_path, PLAYERS, rounds(3))
    saver = open_app(pubsub_with=watcher)
    saver.click(saver.find(semantics="home-continue"))
    enter_round(saver, 1, {0: (None, 4), 2: (None, 9)})
    watcher.wait_for(shows_round(watcher, 5))
    # the saving page draws its chart with the redraw after Save's answer
    saver.wait_for(lambda: bool(saver.find_all(type=fch.LineChart)))
    for page in (watcher, saver):
        chart = page.find(type=fch.LineChart)
        assert chart.animation.duration.in_milliseconds == 0
