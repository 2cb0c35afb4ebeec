"""A ranking's table on a phone (issue 35): where the whole table does not
fit the page's width, a line per player that does, with no sideways scroll:
the place, the name and the score that ranks (tournament points, the raw
score, the season's total) on the first line, every other column under it as
"head value" pairs that wrap (German and Finnish heads are long).

The rows are those of ``core.club.export.ranking_rows`` and
``core.club.season.standing_rows``: the heads, then a row per player, the
place first, the player second, the score that ranks third."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from jolly_scorer.ui.widgets.kept_parts import Keep, built_anew

#: the width of a character, in text sizes (wide enough for digits and "M")
CHAR = 0.6


def table_width(rows: Sequence[Sequence[str]], size: int) -> float:
    """About how wide a ``DataTable`` of ``rows`` is drawn (text ``size``,
    ``column_spacing`` = ``size``, ``horizontal_margin`` = 8).

    >>> table_width((("Place", "Player"), ("1", "Anna")), 16)
    137.6
    """
    columns = len(rows[0])
    chars = [max(len(row[i]) for row in rows) for i in range(columns)]
    return round(16 + sum(c * CHAR * size for c in chars) + size * (columns - 1), 1)


def fits(
    rows: Sequence[Sequence[str]],
    lots: Sequence[bool],
    lot: str,
    size: int,
    width: float,
) -> bool:
    """Whether the whole table fits ``width`` (the page's), as drawn within
    the app's padding (12 a side) and a card's: a place decided by lot
    (``lots``, a row's) shows " (``lot``)" beside it."""
    marked = [
        (f"{row[0]} ({lot})", *row[1:]) if by_lot else tuple(row)
        for by_lot, row in zip(lots, rows[1:], strict=True)
    ]
    return table_width((rows[0], *marked), size) <= min(width, 1100) - 24 - 8


def compact_line(
    row: tuple[str, ...],
    heads: tuple[str, ...],
    by_lot: bool,
    top: bool,
    on_tap: Callable[..., Any] | None = None,
) -> ft.Control:
    """One player: place (``*`` by lot), name and the ranking score, then
    the other columns as "head value" that wrap."""
    bold = ft.FontWeight.BOLD if top else ft.FontWeight.W_500
    place = row[0] + ("*" if by_lot else "")
    first = ft.Row(
        [
            ft.Text(
                place, size=17, weight=bold, width=44, text_align=ft.TextAlign.RIGHT
            ),
            ft.Text(row[1], size=17, weight=bold, expand=True),
            ft.Text(row[2], size=18, weight=ft.FontWeight.BOLD),
        ],
        spacing=10,
        vertical_alignment=ft.CrossAxisAlignment.START,
    )
    value_style = ft.TextStyle(color=ft.Colors.ON_SURFACE, weight=ft.FontWeight.W_600)
    more: list[ft.Control] = [
        ft.Text(
            spans=[
                ft.TextSpan(head + "\u00a0"),
                ft.TextSpan(value, style=value_style),
            ],
            size=14,
            color=ft.Colors.ON_SURFACE_VARIANT,
            no_wrap=True,
        )
        for head, value in zip(heads[3:], row[3:], strict=True)
    ]
    details = ft.Container(
        ft.Row(more, wrap=True, spacing=14, run_spacing=2),
        padding=ft.Padding.only(left=54),
    )
    return ft.Container(
        ft.Column([first, details], spacing=2),
        padding=ft.Padding.symmetric(vertical=8, horizontal=4),
        border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
        on_click=on_tap,
    )


def compact_table(
    rows: Sequence[tuple[str, ...]],
    lots: Sequence[bool],
    tops: Sequence[bool],
    *,
    name: str,
    lot_note: str | None = None,
    taps: Sequence[Callable[..., Any]] | None = None,
    kept: Keep = built_anew,
) -> ft.Control:
    """The rows as a line per player under a line of the first three heads;
    ``lot_note`` under them when a place was decided by lot (marked ``*``).
    ``kept``: a player's line that shows the same as last time is the very
    control of the last redraw (its name ``{name}-{index}``)."""
    heads = rows[0]
    muted = ft.Colors.ON_SURFACE_VARIANT
    head = ft.Container(
        ft.Row(
            [
                ft.Text(heads[0], size=13, color=muted, width=44, no_wrap=False),
                ft.Text(heads[1], size=13, color=muted, expand=True),
                ft.Text(heads[2], size=13, color=muted, text_align=ft.TextAlign.RIGHT),
            ],
            spacing=10,
        ),
        padding=ft.Padding.symmetric(horizontal=4),
    )
    lines: list[ft.Control] = [head]
    for index, row in enumerate(rows[1:]):
        tap = taps[index] if taps is not None else None
        shown = (tuple(row), tuple(heads), lots[index], tops[index], tap)
        lines.append(kept(f"{name}-{index}", compact_line, *shown))
    if lot_note is not None and any(lots):
        lines.append(ft.Text("* " + lot_note, size=14))
    return ft.Column(
        lines, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.STRETCH
    )
