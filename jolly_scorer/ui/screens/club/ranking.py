"""The ranking: overall or one series, places decided by lot marked, the
tie-break written under it (and what a missed series counts)."""

from __future__ import annotations

import flet as ft

from jolly_scorer.core.club.export import ranking_rows
from jolly_scorer.core.club.ranking import Ranking
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.club.model import ClubModel
from jolly_scorer.ui.screens.club.compact import compact_table, fits
from jolly_scorer.ui.screens.club.parts import (
    missed_note,
    page_texts,
    tie_break_lines,
)
from jolly_scorer.ui.widgets.basics import section, tagged
from jolly_scorer.ui.widgets.kept_parts import Keep, built_anew


def shown_ranking(model: ClubModel) -> Ranking | None:
    """The ranking the model shows (overall, or the chosen series)."""
    number = model.shown_series
    if number is not None and 1 <= number <= len(model.series_rankings):
        return model.series_rankings[number - 1]
    return model.overall


def ranking_table(
    ranking: Ranking,
    t: Translator,
    size: int = 16,
    kept: Keep = built_anew,
    width: float | None = None,
) -> ft.Control:
    """The ranking as a table; where it does not fit the page's ``width``
    (a phone), a line per player that does (``compact.py``: no sideways
    scroll). ``kept``: a line that shows the same as last time is the very
    control of the last redraw (a saved round moves a few lines of 72)."""
    texts = page_texts(t)
    rows = ranking_rows(ranking, texts)
    lot = t("by lot")
    lots = [e.by_lot for e in ranking.entries]
    if width is not None and not fits(rows, lots, lot, size, width):
        return compact_table(
            rows,
            lots,
            [e.place <= 3 for e in ranking.entries],
            name="club-ranking-line",
            lot_note=t("by lot (the event's seed {seed})", seed=ranking.seed),
            kept=kept,
        )
    head = [
        ft.DataColumn(
            label=ft.Text(cell, size=size - 2, weight=ft.FontWeight.W_600),
            numeric=i != 1,
        )
        for i, cell in enumerate(rows[0])
    ]

    body = []
    for index, (ranked, row) in enumerate(zip(ranking.entries, rows[1:], strict=True)):
        top = ranked.place <= 3
        line = (tuple(row), ranked.by_lot, top, lot, size)
        body.append(kept(f"club-ranking-{index}", _ranking_line, *line))
    table = ft.DataTable(
        columns=head,
        rows=body,
        column_spacing=size,
        horizontal_margin=8,
        data_row_min_height=size * 2.6,
        data_row_max_height=size * 3.4,
    )
    return ft.Row([table], scroll=ft.ScrollMode.AUTO)


def _ranking_line(
    row: tuple[str, ...], by_lot: bool, top: bool, lot: str, size: int
) -> ft.DataRow:
    """One line of the ranking table (its place marked "by lot" when a lot
    broke the tie; the first two cells bold in the top three)."""
    cells = []
    for i, cell in enumerate(row):
        text = cell
        if i == 0 and by_lot:
            text = f"{cell} ({lot})"
        bold = ft.FontWeight.BOLD if i < 2 and top else None
        cells.append(ft.DataCell(ft.Text(text, size=size, weight=bold)))
    return ft.DataRow(cells=cells)


def rule_under(ranking: Ranking, t: Translator, size: int = 15) -> ft.Control:
    """The tie-break rule, a step a line, and what a missed series counts."""
    lines: list[ft.Control] = [
        ft.Text(t("Ties are broken by"), size=size, weight=ft.FontWeight.W_600)
    ]
    lines += [ft.Text(line, size=size) for line in tie_break_lines(ranking, t)]
    if ranking.series is None:
        lines.append(ft.Text(t(missed_note(ranking)), size=size, italic=True))
    return tagged("club-tie-break", ft.Column(lines, spacing=2))


def ranking_part(
    model: ClubModel, t: Translator, kept: Keep = built_anew, width: float = 1280
) -> list[ft.Control]:
    """The ranking section of the event: the chooser, the table (a line per
    player where it is wider than the page's ``width``), the rule."""
    ranking = shown_ranking(model)
    if ranking is None:
        return []
    options = [ft.DropdownOption("overall", t("Overall ranking"))]
    options += [
        ft.DropdownOption(str(n), t("Series {n}", n=n))
        for n in range(1, len(model.series_rankings) + 1)
    ]

    def choose(e: ft.Event[ft.Dropdown]) -> None:
        value = e.control.value or "overall"
        model.shown_series = None if value == "overall" else int(value)

    chooser = tagged(
        "club-ranking-of",
        ft.Dropdown(
            value="overall" if model.shown_series is None else str(model.shown_series),
            options=options,
            on_select=choose,
            text_size=18,
            width=260,
        ),
    )
    return [
        section(t("Ranking")),
        chooser,
        tagged("club-ranking", ranking_table(ranking, t, kept=kept, width=width)),
        rule_under(ranking, t),
    ]
