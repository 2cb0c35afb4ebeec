"""The rounds table's measures and cells: how wide a player's column must be,
whether the columns fit, a row, a score cell, the "went out" cell, the
heads (#, Σ, the names) and the legend of the marks."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from jolly_scorer.core.game import Game
from jolly_scorer.core.scoring import GameResult
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.widgets.basics import signed

ROW_HEIGHT = 44  # a round's row is a touch target (tap: edit the round)
NUMBER_WIDTH = 56  # the fixed column: round number and Handglatt mark
GAP = 8
MIN_CELL = 56
MARK = 16  # room for the "went out" mark before a score


def score_text(game: Game, value: int, t: Translator) -> str:
    return points_text(value, t, game.rules.is_plus)


def points_text(value: int, t: Translator, plus: bool) -> str:
    """A score as the table shows it: signed in plus scoring, plain in
    penalty scoring."""
    return signed(value, t) if plus else t.number(value)


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
    # a number's text grows with its size (and a sign): the longest is the
    # text of the highest or the lowest score, so only those are written out
    values = list(result.totals.values())
    for r in result.rounds:
        values += [s.score for s in r.scores.values()]
    extremes = {max(values), min(values)} if values else set()
    longest_score = max((len(score_text(game, v, t)) for v in extremes), default=1)
    return max(MIN_CELL, 10 * longest_name, 11 * longest_score + MARK)


def fits(players: int, cell: int, room: float | None) -> bool:
    """Whether ``players`` columns of ``cell`` px fit beside the round numbers.

    >>> fits(4, 56, 334), fits(4, 72, 334), fits(6, 64, None)
    (True, False, True)
    """
    return room is None or NUMBER_WIDTH + players * (cell + GAP) <= room


def row(
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


def cell(text: str, width: float, *, bold: bool = False, size: int = 18) -> ft.Text:
    return ft.Text(
        text,
        size=size,
        width=width,
        text_align=ft.TextAlign.RIGHT,
        weight=ft.FontWeight.BOLD if bold else None,
        max_lines=1,
    )


def went_out_cell(
    text: str, name: str, number: int, width: float, t: Translator
) -> ft.Control:
    """The score of the player who went out, with the mark before it."""
    return ft.Semantics(
        label=t("{name} went out", name=name),
        identifier=f"round-{number}-out",
        content=ft.Row(
            [
                ft.Icon(ft.Icons.CHECK_CIRCLE, size=MARK - 2, color=ft.Colors.PRIMARY),
                ft.Text(text, size=18, weight=ft.FontWeight.BOLD),
            ],
            width=width,
            spacing=2,
            alignment=ft.MainAxisAlignment.END,
        ),
    )


def names_line(players: tuple[str, ...], width: float) -> ft.Control:
    """The players' names over their columns."""
    names: list[ft.Control] = [
        ft.Text(
            p,
            size=16,
            width=width,
            weight=ft.FontWeight.BOLD,
            max_lines=1,
            overflow=ft.TextOverflow.ELLIPSIS,
            text_align=ft.TextAlign.RIGHT,
            # no tooltip: the column is as wide as the longest name
            # (``column_width``); a hover tooltip covered the numbers below
        )
        for p in players
    ]
    return ft.Container(
        ft.Row(names, spacing=GAP),
        height=ROW_HEIGHT,
        alignment=ft.Alignment.CENTER_LEFT,
    )


def hash_head() -> ft.Control:
    """The "#" over the round numbers."""
    return ft.Container(
        ft.Text("#", size=16, weight=ft.FontWeight.BOLD),
        height=ROW_HEIGHT,
        alignment=ft.Alignment.CENTER_LEFT,
    )


def sigma_head(total: str) -> ft.Control:
    """Σ beside the totals."""
    sigma = ft.Text("Σ", size=20, weight=ft.FontWeight.BOLD)
    return ft.Semantics(label=total, content=row([sigma], None, total, bold_line=True))


def legend(t: Translator, handglatt: bool) -> ft.Control:
    """What the marks mean (Handglatt only in games that have any)."""
    items: list[ft.Control] = [
        ft.Icon(ft.Icons.CHECK_CIRCLE, size=16, color=ft.Colors.PRIMARY),
        ft.Text(t("went out"), size=15, color=ft.Colors.ON_SURFACE_VARIANT),
    ]
    if handglatt:
        items += [
            ft.Container(width=12),
            ft.Icon(ft.Icons.BACK_HAND, size=16, color=ft.Colors.TERTIARY),
            ft.Text(t("Handglatt"), size=15, color=ft.Colors.ON_SURFACE_VARIANT),
        ]
    return ft.Row(items, spacing=4, wrap=True)
