"""The rounds table of the scoreboard: round numbers fixed on the left, one column
per player, a totals row, marks for who went out and for Handglatt rounds.

When every player's column fits the width, the table fits; otherwise the player
columns scroll sideways under a visible scroll bar, with a line saying so, while
the round numbers stay where they are.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from jolly_scorer.core.game import Game
from jolly_scorer.core.scoring import GameResult
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.screens.scoreboard.rounds_table_parts import (
    GAP,
    NUMBER_WIDTH,
    cell,
    column_width,
    fits,
    hash_head,
    legend,
    names_line,
    points_text,
    row,
    score_text,
    sigma_head,
    went_out_cell,
)
from jolly_scorer.ui.widgets.basics import tagged
from jolly_scorer.ui.widgets.kept_parts import Keep, KeptParts, built_anew

__all__ = ["column_width", "fits", "rounds_table"]

#: Per row of the table: the fixed part (round number) and the scores.
Rows = tuple[list[ft.Control], list[ft.Control]]


def _top_rows(
    game: Game, result: GameResult, t: Translator, width: float, keep: Keep
) -> Rows:
    """The names and the totals (Σ) rows (the names and heads kept)."""
    heads: list[ft.Control] = [
        keep("hash", hash_head),
        keep("sigma", sigma_head, t("Total")),
    ]
    lines: list[ft.Control] = [keep("names", names_line, game.players, width)]
    totals: list[ft.Control] = [
        keep(
            f"total-cell-{i}",
            _total_cell,
            score_text(game, result.totals.get(p, 0), t),
            width,
        )
        for i, p in enumerate(game.players)
    ]
    lines.append(tagged("rounds-total", row(totals, None, None, bold_line=True)))
    return heads, lines


def _total_cell(text: str, width: float) -> ft.Control:
    """A player's total in the Σ row."""
    return cell(text, width, bold=True)


def _round_row(
    t: Translator,
    i: int,
    players: tuple[str, ...],
    is_plus: bool,
    scores: tuple[int, ...],
    closed_by: str | None,
    handglatt: bool,
    width: float,
    on_tap: Callable[[int], None] | None,
) -> tuple[ft.Control, ft.Control]:
    """Round ``i``'s number (with its Handglatt mark) and its scores."""
    tap = (lambda e, i=i: on_tap(i)) if on_tap is not None else None
    hint = t("Edit round {n}", n=i + 1) if on_tap is not None else None
    number: list[ft.Control] = [ft.Text(str(i + 1), size=18)]
    if handglatt:
        number.append(ft.Icon(ft.Icons.BACK_HAND, size=16, color=ft.Colors.TERTIARY))
    head = tagged(
        f"round-{i + 1}",
        ft.Semantics(
            label=t("Handglatt") if handglatt else None,
            content=row(number, tap, hint),
        ),
    )
    head.key = f"round-{i + 1}"
    cells: list[ft.Control] = []
    for p, score in zip(players, scores, strict=True):
        text = points_text(score, t, is_plus)
        if p == closed_by:
            cells.append(went_out_cell(text, p, i + 1, width, t))
        else:
            cells.append(cell(text, width))
    line = row(cells, tap, hint)
    line.key = f"round-{i + 1}"
    return head, line


def _round_rows(
    game: Game,
    result: GameResult,
    t: Translator,
    width: float,
    on_tap: Callable[[int], None] | None,
    limit: int | None,
    kept: KeptParts | None = None,
) -> Rows:
    """The rounds, newest first (the last ``limit``); a tap edits one.
    ``kept``: the page's rows: a row drawn from the same as last time is the
    same control again, which Flet neither compares nor sends; named by its
    round, so a new round adds one row at the top instead of changing every
    cell below it."""
    keep: Keep = kept if kept is not None else built_anew
    heads: list[ft.Control] = []
    lines: list[ft.Control] = []
    last = len(result.rounds) - 1
    stop = -1 if limit is None else max(last - limit, -1)
    names: list[str] = []
    for i in range(last, stop, -1):
        entered = game.rounds[i]
        names.append(f"round-row-{i}")
        head, line = keep(
            names[-1],
            _round_row,
            t,
            i,
            game.players,
            game.rules.is_plus,
            tuple(result.rounds[i].scores[p].score for p in game.players),
            entered.closed_by,
            entered.handglatt,
            width,
            on_tap,  # a bound method: equal while it is the same page's
        )
        heads.append(head)
        lines.append(line)
    if kept is not None:
        kept.keep_only(names)  # a row no longer shown is drawn anew
    return heads, lines


def rounds_table(
    game: Game,
    result: GameResult,
    t: Translator,
    on_tap: Callable[[int], None] | None = None,
    limit: int | None = None,
    width: float | None = None,
    kept: KeptParts | None = None,
    keep: Keep = built_anew,
) -> ft.Control:
    """The rounds, newest first (the last ``limit``) under the totals; tapping a
    round edits it. ``width`` is the table's room (None: as wide as it needs);
    ``kept``: the page's rows from its last redraw, ``keep``
    its other parts (:class:`~jolly_scorer.ui.widgets.kept_parts.KeptParts`)."""
    players = game.players
    size = column_width(game, result, t)
    fit = fits(len(players), size, width)
    if fit and width is not None:  # share the room out
        size = int((width - NUMBER_WIDTH) / len(players)) - GAP
    heads, lines = _top_rows(game, result, t, size, keep)
    more_heads, more_lines = _round_rows(game, result, t, size, on_tap, limit, kept)
    numbers = ft.Column(heads + more_heads, spacing=0, width=NUMBER_WIDTH)
    scores_part = ft.Row(
        [ft.Column(lines + more_lines, spacing=0)],
        scroll=None if fit else ft.ScrollMode.ALWAYS,
        expand=True,
    )
    table = ft.Row(
        [numbers, scores_part],
        spacing=0,
        vertical_alignment=ft.CrossAxisAlignment.START,
    )
    parts: list[ft.Control] = [table]
    if not fit:
        swipe = t("Swipe the table sideways to see every player.")
        parts.append(
            tagged(
                "rounds-scroll-hint",
                ft.Row(
                    [
                        ft.Icon(ft.Icons.SWIPE_LEFT, size=20),
                        ft.Text(swipe, size=16, expand=True),
                    ],
                ),
            )
        )
    handglatt = any(r.handglatt for r in game.rounds)
    parts.append(keep("legend", legend, t, handglatt))
    return ft.Column(parts, spacing=8)
