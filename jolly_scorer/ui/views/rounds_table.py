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
from jolly_scorer.ui.i18n import Translator
from jolly_scorer.ui.widgets.basics import signed, tagged

__all__ = ["column_width", "fits", "rounds_table"]

ROW_HEIGHT = 44  # a round's row is a touch target (tap: edit the round)
NUMBER_WIDTH = 56  # the fixed column: round number and Handglatt mark
GAP = 8
MIN_CELL = 56
MARK = 16  # room for the "went out" mark before a score


def _score_text(game: Game, value: int, t: Translator) -> str:
    return signed(value, t) if game.rules.is_plus else t.number(value)


def column_width(game: Game, result: GameResult, t: Translator) -> int:
    """A player column wide enough for the longest name (about 10 px a letter at
    16 px, bold) and the widest score (about 11 px a digit at 18 px) with its mark.

    >>> from jolly_scorer.core.game import new_game
    >>> from jolly_scorer.core.rules import find_rules
    >>> from jolly_scorer.core.scoring import score_game
    >>> g = new_game(find_rules("jolly_at"), ["Anna", "Bartholomäus"])
    >>> column_width(g, score_game(g), Translator("en"))
    120
    """
    longest_name = max(len(p) for p in game.players)
    texts = [_score_text(game, v, t) for v in result.totals.values()]
    for r in result.rounds:
        texts += [_score_text(game, s.score, t) for s in r.scores.values()]
    longest_score = max((len(x) for x in texts), default=1)
    return max(MIN_CELL, 10 * longest_name, 11 * longest_score + MARK)


def fits(players: int, cell: int, room: float | None) -> bool:
    """Whether ``players`` columns of ``cell`` px fit beside the round numbers.

    >>> fits(4, 56, 334), fits(4, 72, 334), fits(6, 64, None)
    (True, False, True)
    """
    return room is None or NUMBER_WIDTH + players * (cell + GAP) <= room


def _row(
    cells: list[ft.Control],
    on_click: Callable[..., None] | None,
    tooltip: str | None,
    *,
    bold_line: bool = False,
) -> ft.Container:
    side = ft.BorderSide(2 if bold_line else 1, ft.Colors.OUTLINE_VARIANT)
    return ft.Container(
        ft.Row(cells, spacing=GAP, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        height=ROW_HEIGHT,
        border=ft.Border.only(top=side),
        on_click=on_click,
        tooltip=tooltip,
    )


def _cell(text: str, width: float, *, bold: bool = False, size: int = 18) -> ft.Text:
    return ft.Text(
        text,
        size=size,
        width=width,
        text_align=ft.TextAlign.RIGHT,
        weight=ft.FontWeight.BOLD if bold else None,
        max_lines=1,
    )


def rounds_table(
    game: Game,
    result: GameResult,
    t: Translator,
    on_tap: Callable[[int], None] | None = None,
    limit: int | None = None,
    width: float | None = None,
) -> ft.Control:
    """The rounds, newest first (the last ``limit``) under the totals; tapping a
    round edits it. ``width`` is the table's room (None: as wide as it needs)."""
    players = game.players
    cell = column_width(game, result, t)
    fit = fits(len(players), cell, width)
    if fit and width is not None:  # share the room out
        cell = int((width - NUMBER_WIDTH) / len(players)) - GAP
    heads: list[ft.Control] = [
        ft.Container(
            ft.Text("#", size=16, weight=ft.FontWeight.BOLD),
            height=ROW_HEIGHT,
            alignment=ft.Alignment.CENTER_LEFT,
        )
    ]
    lines: list[ft.Control] = [
        ft.Container(
            ft.Row(
                [
                    ft.Text(
                        p,
                        size=16,
                        width=cell,
                        weight=ft.FontWeight.BOLD,
                        max_lines=1,
                        overflow=ft.TextOverflow.ELLIPSIS,
                        text_align=ft.TextAlign.RIGHT,
                        tooltip=p,
                    )
                    for p in players
                ],
                spacing=GAP,
            ),
            height=ROW_HEIGHT,
            alignment=ft.Alignment.CENTER_LEFT,
        )
    ]
    total = t("Total")
    heads.append(
        ft.Semantics(
            label=total,
            content=_row(
                [ft.Text("Σ", size=20, weight=ft.FontWeight.BOLD)],
                None,
                total,
                bold_line=True,
            ),
        )
    )
    lines.append(
        tagged(
            "rounds-total",
            _row(
                [
                    _cell(
                        _score_text(game, result.totals.get(p, 0), t), cell, bold=True
                    )
                    for p in players
                ],
                None,
                None,
                bold_line=True,
            ),
        )
    )
    last = len(result.rounds) - 1
    stop = -1 if limit is None else max(last - limit, -1)
    for i in range(last, stop, -1):
        scores = result.rounds[i].scores
        entered = game.rounds[i]
        tap = (lambda e, i=i: on_tap(i)) if on_tap is not None else None
        hint = t("Edit round {n}", n=i + 1) if on_tap is not None else None
        number: list[ft.Control] = [ft.Text(str(i + 1), size=18)]
        if entered.handglatt:
            number.append(
                ft.Icon(ft.Icons.BACK_HAND, size=16, color=ft.Colors.TERTIARY)
            )
        heads.append(
            tagged(
                f"round-{i + 1}",
                ft.Semantics(
                    label="Handglatt" if entered.handglatt else None,
                    content=_row(number, tap, hint),
                ),
            )
        )
        cells: list[ft.Control] = []
        for p in players:
            text = _score_text(game, scores[p].score, t)
            if p == entered.closed_by:
                cells.append(
                    ft.Semantics(
                        label=t("{name} went out", name=p),
                        identifier=f"round-{i + 1}-out",
                        content=ft.Row(
                            [
                                ft.Icon(
                                    ft.Icons.CHECK_CIRCLE,
                                    size=MARK - 2,
                                    color=ft.Colors.PRIMARY,
                                ),
                                ft.Text(text, size=18, weight=ft.FontWeight.BOLD),
                            ],
                            width=cell,
                            spacing=2,
                            alignment=ft.MainAxisAlignment.END,
                        ),
                    )
                )
            else:
                cells.append(_cell(text, cell))
        lines.append(_row(cells, tap, hint))
    numbers = ft.Column(heads, spacing=0, width=NUMBER_WIDTH)
    scores_part = ft.Row(
        [ft.Column(lines, spacing=0)],
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
        parts.append(
            tagged(
                "rounds-scroll-hint",
                ft.Row(
                    [
                        ft.Icon(ft.Icons.SWIPE_LEFT, size=20),
                        ft.Text(
                            t("Swipe the table sideways to see every player."),
                            size=16,
                            expand=True,
                        ),
                    ],
                ),
            )
        )
    parts.append(_legend(game, t))
    return ft.Column(parts, spacing=8)


def _legend(game: Game, t: Translator) -> ft.Control:
    """What the marks mean (Handglatt only in games that have any)."""
    items: list[ft.Control] = [
        ft.Icon(ft.Icons.CHECK_CIRCLE, size=16, color=ft.Colors.PRIMARY),
        ft.Text(t("went out"), size=15, color=ft.Colors.ON_SURFACE_VARIANT),
    ]
    if any(r.handglatt for r in game.rounds):
        items += [
            ft.Container(width=12),
            ft.Icon(ft.Icons.BACK_HAND, size=16, color=ft.Colors.TERTIARY),
            ft.Text("Handglatt", size=15, color=ft.Colors.ON_SURFACE_VARIANT),
        ]
    return ft.Row(items, spacing=4, wrap=True)
