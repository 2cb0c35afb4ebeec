"""Charts: totals after each round (line chart), player statistics (bar chart).
Their axes and the thinning of a long game's line are in ``chart_parts``."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import flet as ft

from jolly_scorer.i18n import Translator
from jolly_scorer.ui.widgets.basics import colour
from jolly_scorer.ui.widgets.chart_measures import (
    EXACT_ROUNDS,
    axis,
    axis_label,
    nice_step,
    thinned,
)
from jolly_scorer.ui.widgets.kept_parts import KeptParts, Same

if TYPE_CHECKING:
    pass


@dataclass
class ChartParts:
    """The chart's parts of one page, kept between its redraws by what they
    are drawn from (``kept_parts``): each point (named by its player and
    round), each axis and the legend; each axis's labels (named by value).
    The same object is not compared again (Flet skips a control it sent
    before), so a saved round costs the page its new points, not every point
    and label again; an axis that gains a label sends that label alone."""

    parts: KeptParts = field(default_factory=KeptParts)
    left: KeptParts = field(default_factory=KeptParts)
    bottom: KeptParts = field(default_factory=KeptParts)

    def clear(self) -> None:
        for kept in (self.parts, self.left, self.bottom):
            kept.clear()


#: The totals chart draws a saved round at once. Flet's chart eases every
#: change over 150 ms: more frames on every page of the table for each saved
#: round, each one the whole screen drawn again (50 to 150 ms each where the
#: processor draws, as on this machine, whose four pages of
#: ``benchmarks/save_reach.py`` share two cores: every page p90 744-750 ms
#: with the easing, 486-525 ms without).
STILL = ft.Animation(duration=ft.Duration(milliseconds=0))


def totals_chart(
    players: Sequence[str],
    totals_after: Sequence[Mapping[str, int]],
    t: Translator,
    *,
    target: int | None = None,
    height: int = 260,
    kept: ChartParts | None = None,
    drawn: bool = True,
) -> ft.Control:
    """One line per player: the total after each round (round 0 is 0), through
    the rounds :func:`thinned` keeps. ``kept``: the page's chart parts from
    its last redraw (then this one's). ``drawn=False``: the chart's room
    (its height, the legend) with no chart in it yet, the kept parts left as
    they are for the chart that follows."""
    label = t("Totals after each round")
    parts = kept if kept is not None else ChartParts()
    if not drawn:
        legend = parts.parts("legend", _legend, tuple(players))
        return _frame(label, ft.Container(height=height), legend)
    import flet_charts as fch  # 0.3 s to import: not before a chart is shown

    rounds = len(totals_after)
    values = [0] + [v for row in totals_after for v in row.values()]
    if target is not None and max(values) >= target * 0.6:
        values.append(target)  # near the end: show how far to go
    low, high = min(values), max(values)
    step = nice_step(high - low or 10)
    low = (low // step) * step
    high = -(-high // step) * step
    xstep = nice_step(rounds or 1, 8)
    dots = rounds <= EXACT_ROUNDS
    names: list[str] = []

    def keep(name: str, draw: Callable[..., Any], *inputs: object) -> Any:
        names.append(name)
        return parts.parts(name, draw, *inputs)

    series = []
    for seat, p in enumerate(players):
        line = [0] + [row.get(p, 0) for row in totals_after]
        series.append(
            fch.LineChartData(
                points=[
                    keep(f"point-{seat}-{x}", _point, x, line[x]) for x in thinned(line)
                ],
                color=colour(seat),
                stroke_width=4,
                curved=False,
                point=dots,
            )
        )
    left = keep("left", _axis, low, high, step, t, Same(parts.left))
    xhigh = max(rounds, 1) // xstep * xstep
    bottom = keep("bottom", _axis, 0, xhigh, xstep, t, Same(parts.bottom))
    chart = fch.LineChart(
        data_series=series,
        min_x=0,
        max_x=max(rounds, 1),
        min_y=low,
        max_y=high,
        height=height,
        interactive=True,
        animation=STILL,
        left_axis=left,
        bottom_axis=bottom,
        horizontal_grid_lines=fch.ChartGridLines(
            interval=step, color=ft.Colors.OUTLINE_VARIANT, width=1
        ),
    )
    legend = keep("legend", _legend, tuple(players))
    parts.parts.keep_only(names)  # only this redraw's parts: the others are gone
    return _frame(label, chart, legend)


def _frame(label: str, chart: ft.Control, legend: ft.Control) -> ft.Control:
    return ft.Semantics(
        identifier="totals-chart",
        label=label,
        content=ft.Column([chart, legend], spacing=8),
    )


def _point(x: int, y: int) -> Any:
    """A point of a player's line, keyed by its round: matched by its round
    wherever it moved in the list."""
    import flet_charts as fch

    return fch.LineChartDataPoint(x, y, key=x)


def _axis(
    low: float, high: float, step: int, t: Translator, labels: Same[KeptParts]
) -> Any:
    """An axis whose labels are kept by value (the labels it had still are
    the same controls: only a new one is sent)."""
    drawn = axis(
        low, high, step, t, label=lambda v: labels.it(f"{v}", axis_label, v, t)
    )
    labels.it.keep_only(f"{label.value}" for label in drawn.labels)
    return drawn


def _legend(players: Sequence[str]) -> ft.Control:
    """Each player's colour and name."""
    return ft.Row(
        [
            ft.Row(
                [
                    ft.Container(width=18, height=6, bgcolor=colour(seat)),
                    ft.Text(p, size=16),
                ],
                tight=True,
                spacing=6,
            )
            for seat, p in enumerate(players)
        ],
        wrap=True,
        spacing=16,
    )


def bars_chart(
    labels: Sequence[str],
    values: Sequence[float],
    label: str,
    t: Translator,
    *,
    height: int = 220,
) -> ft.Control:
    """One bar per player (e.g. games won)."""
    import flet_charts as fch

    high = max([*values, 1])
    step = nice_step(high)
    top = -(-high // step) * step
    chart = fch.BarChart(
        groups=[
            fch.BarChartGroup(
                x=i,
                rods=[
                    fch.BarChartRod(
                        from_y=0,
                        to_y=v,
                        width=28,
                        color=colour(i),
                        border_radius=4,
                        tooltip=f"{labels[i]}: {t.number(v)}",
                    )
                ],
            )
            for i, v in enumerate(values)
        ],
        bottom_axis=fch.ChartAxis(
            labels=[
                fch.ChartAxisLabel(value=i, label=ft.Text(name, size=14))
                for i, name in enumerate(labels)
            ],
            label_size=32,
        ),
        left_axis=axis(0, top, step, t),
        horizontal_grid_lines=fch.ChartGridLines(
            interval=step, color=ft.Colors.OUTLINE_VARIANT, width=1
        ),
        max_y=top,
        height=height,
        interactive=True,
    )
    return ft.Semantics(identifier="stats-chart", label=label, content=chart)
