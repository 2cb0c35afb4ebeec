"""The totals chart's measures: a round step for an axis's labels, an axis in
the local number format, and which rounds a long game's line is drawn through
(:func:`thinned`)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import flet as ft

from jolly_scorer.i18n import Translator

if TYPE_CHECKING:
    import flet_charts as fch


def nice_step(span: float, ticks: int = 5) -> int:
    """A round step (1, 2, 2.5 or 5 times a power of ten) for about ``ticks`` labels.

    >>> nice_step(30_100), nice_step(40), nice_step(3)
    (10000, 10, 1)
    """
    raw = max(span / ticks, 1)
    scale = 1
    while True:
        for nice in (1, 2, 5, 10) if scale == 1 else (1, 2, 2.5, 5, 10):
            if nice * scale >= raw:
                return int(nice * scale)
        scale *= 10


def axis(
    low: float,
    high: float,
    step: int,
    t: Translator,
    size: int = 14,
    label: Callable[[int], fch.ChartAxisLabel] | None = None,
) -> fch.ChartAxis:
    """An axis with a label every ``step`` in the local number format
    (``30.100`` in German, ``30 100`` in Finnish; Flutter's own would say 30.1K).

    ``label``: the label of a value (:func:`axis_label` by default; the totals
    chart passes the labels kept from its last redraw, so an axis that gains
    a label sends that label, not every one again)."""
    import flet_charts as fch

    values = range(int(low), int(high) + 1, step)
    make = label or (lambda v: axis_label(v, t, size))
    labels = [make(v) for v in values]
    widest = max((len(t.number(v)) for v in values), default=1)
    # label_spacing too: the client asks for a label only at multiples of it
    return fch.ChartAxis(
        labels=labels, label_spacing=step, label_size=max(28, widest * 9 + 14)
    )


def axis_label(value: int, t: Translator, size: int = 14) -> fch.ChartAxisLabel:
    """The label of ``value`` on an axis, keyed by its value (a kept label
    that moved in the list is matched where it is, not compared with the
    label that was there)."""
    import flet_charts as fch

    return fch.ChartAxisLabel(
        value=value, label=ft.Text(t.number(value), size=size), key=value
    )


#: Rounds drawn one by one; a longer game is drawn through about this many
#: points a player (:func:`thinned`): a phone has no room for more.
EXACT_ROUNDS = 30
BUCKETS = 15  # a longer game: its rounds in this many runs of rounds


def thinned(values: Sequence[int]) -> list[int]:
    """The rounds (0 is the start) of one player's line drawn in the chart:
    every round in a game of at most ``EXACT_ROUNDS`` rounds; in a longer one,
    the rounds go in runs of ``ceil(rounds / BUCKETS)`` and each run keeps its
    lowest and its highest total (in their order), so every peak and dip is
    drawn where it is and at its height, and the start and the last round
    always are. ``values[i]`` is the total after round ``i`` (``values[0]`` is
    0). A full run keeps the same rounds when more are played: a new round
    changes only the last run's points.

    >>> thinned([0, 5, 3])
    [0, 1, 2]
    >>> totals = [0] + [r % 7 * 10 for r in range(1, 101)]
    >>> kept = thinned(totals)
    >>> len(kept) <= 2 * BUCKETS + 2, kept[:6], kept[-1]
    (True, [0, 6, 7, 13, 14, 20], 100)
    >>> max(totals[r] for r in kept) == max(totals), min(totals[r] for r in kept)
    (True, 0)
    """
    rounds = len(values) - 1
    if rounds <= EXACT_ROUNDS:
        return list(range(rounds + 1))
    step = math.ceil(rounds / BUCKETS)
    kept = [0]
    for start in range(1, rounds + 1, step):
        run = range(start, min(start + step, rounds + 1))
        low = min(run, key=lambda r: (values[r], r))
        high = max(run, key=lambda r: (values[r], -r))
        kept += sorted({low, high})
    if kept[-1] != rounds:
        kept.append(rounds)
    return kept
