"""How the club's big screen lays out its ranking (issue 35): on a projector
every player of the evening is in sight at once, in as many columns as make
the text largest, and nobody scrolls; on a phone (the ranking link followed
from home) one column as large as the width allows, which may scroll.

The heights are what Flutter draws (measured in Chromium at 1280 × 800 and
1920 × 1080): a line of text of size ``s`` is ``TEXT × s`` high, a line of
the ranking (its text, a padding of 0.15 ``s`` above and below, a 1 px rule)
``LINE × s + 1``.
"""

from __future__ import annotations

from dataclasses import dataclass

#: the height of a line of text, in text sizes (Roboto as Flutter draws it)
TEXT = 1.45
#: the height of a ranking line, in text sizes (text and padding; + 1 px)
LINE = TEXT + 0.3
#: the widths of a line beside the name: the place (2.6 sizes), the score
#: (4) and the two gaps (0.6 each)
AROUND_NAME = 7.8
#: a character of a name, in text sizes (wide enough for "Mm")
CHAR = 0.62
#: a projector's screen: every player in sight, the tie-break beside them
PROJECTOR = 900
GAP = 48  # between the ranking's columns, and between it and the tie-break
SIDES = 48  # the screen's padding left and right (``app``'s 24 + 24)
#: the largest and smallest text of the ranking
LARGEST = 56
SMALLEST = 16
#: the event's name, the chooser (buttons 48 high), the heading under it
BUTTON = 48
UNDER = 30
NOTE = 22  # the "* by lot" line and the tie-break on a projector
SPACING = 20  # the big screen's column


@dataclass(frozen=True)
class BigLayout:
    """The ranking's columns, the lines a column, the text size, and where
    the tie-break goes (beside the ranking, or under it on a phone)."""

    columns: int
    rows: int
    size: int
    rule_beside: bool
    rule_width: int


def title_size(width: float) -> int:
    """The event's name at the top."""
    return int(min(48, max(28, width / 10)))


def chrome(width: float, buttons: int, by_lot: bool) -> float:
    """The height above and under the ranking on a projector: the page's
    padding, the event's name, the chooser's rows, the heading and the
    "* by lot" note."""
    per_row = max(1, int((width - SIDES) // 190))  # a chooser button and its gap
    rows = -(-buttons // per_row)
    height = 12 + max(BUTTON, TEXT * title_size(width)) + SPACING
    height += rows * BUTTON + (rows - 1) * 8 + SPACING
    height += TEXT * UNDER + SPACING
    if by_lot:
        height += SPACING + TEXT * NOTE
    return height + 12 + 8  # the bottom padding, and a margin


def big_layout(
    count: int,
    width: float,
    height: float,
    *,
    longest_name: int = 5,
    buttons: int = 1,
    by_lot: bool = False,
) -> BigLayout:
    """The layout of ``count`` lines on a ``width`` × ``height`` page.

    >>> big_layout(8, 1280, 800, by_lot=True, buttons=3)
    BigLayout(columns=1, rows=8, size=34, rule_beside=True, rule_width=460)
    >>> big_layout(24, 1920, 1080, buttons=3).columns
    2
    >>> big_layout(8, 390, 844, buttons=3)
    BigLayout(columns=1, rows=8, size=26, rule_beside=False, rule_width=0)
    """
    count = max(count, 1)
    name = max(5.0, CHAR * max(longest_name, 1))
    if width < PROJECTOR:  # a phone: one column, as large as the width allows
        size = (width - SIDES) / (AROUND_NAME + name)
        size = max(14, min(40, size, 560 / count))
        return BigLayout(1, count, int(size), False, 0)
    rule_width = int(min(560, 0.36 * width))
    free_width = width - SIDES - rule_width - GAP
    free_height = height - chrome(width, buttons, by_lot)
    best: BigLayout | None = None
    for columns in range(1, 7):
        rows = -(-count // columns)
        by_height = (free_height / rows - 1) / LINE
        per_column = (free_width - (columns - 1) * GAP) / columns
        by_width = per_column / (AROUND_NAME + name)
        size = int(min(LARGEST, by_height, by_width))
        if best is None or size > best.size:
            best = BigLayout(columns, rows, size, True, rule_width)
        if rows == 1:
            break
    assert best is not None
    if best.size < SMALLEST:  # more players than fit: the smallest, scrolling
        return BigLayout(best.columns, best.rows, SMALLEST, True, rule_width)
    return best
