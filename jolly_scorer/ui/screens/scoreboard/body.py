"""The scoreboard's body: who deals (or who won), the players' tiles, the
rounds table and the totals chart, and what a page keeps of them between its
redraws (:class:`Kept`). The screen around it is ``scoreboard``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import flet as ft

from jolly_scorer.core.game import Game
from jolly_scorer.core.scoring import GameResult
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.screens.scoreboard.rounds_table import (
    column_width,
    fits,
    rounds_table,
)
from jolly_scorer.ui.screens.scoreboard.tiles import player_tile, winner_banner
from jolly_scorer.ui.widgets.basics import MAX_WIDTH, WIDE, card, section, tagged
from jolly_scorer.ui.widgets.charts import ChartParts, totals_chart
from jolly_scorer.ui.widgets.kept_parts import Keep, KeptParts, Same, built_anew

SHOWN_ROUNDS = 10  # the newest rounds in the table until "show all" is tapped


@dataclass
class Kept:
    """What a page's scoreboard keeps from its last redraw: the rows of the
    rounds table, the chart's parts and the other parts. When a round is
    saved at a table of twelve phones, each page redraws its board; what
    shows the same is the same control again, which Flet neither compares
    nor sends."""

    rows: KeptParts = field(default_factory=KeptParts)
    chart: ChartParts = field(default_factory=ChartParts)
    #: the top bar, the table's names and legend, the export buttons
    parts: KeptParts = field(default_factory=KeptParts)


def heading(game: Game, t: Translator, keep: Keep = built_anew) -> list[ft.Control]:
    """Who deals and starts the next round, and what the game is played to
    (kept while it says the same)."""
    n = len(game.rounds)
    dealer = tagged(
        "dealer",
        ft.Text(
            t(
                "Round {n}: {dealer} deals, {starter} starts",
                n=n + 1,
                dealer=game.dealer(n),
                starter=game.starter(n),
            ),
            size=22,
            weight=ft.FontWeight.W_500,
        ),
    )
    goal = (
        t("Play to {target}", target=game.target)
        if game.rules.is_plus
        else t("Game ends at {target}", target=game.target)
    )
    if game.rounds_limit:
        goal += " · " + t.plural("{n} round", "{n} rounds", game.rounds_limit)
    return [dealer, keep("goal", _goal_line, goal)]


def _goal_line(goal: str) -> ft.Control:
    return ft.Text(goal, size=16, color=ft.Colors.ON_SURFACE_VARIANT)


def rounds_and_chart(
    t: Translator,
    width: float | None,
    game: Game,
    result: GameResult,
    on_tap: Callable[[int], None] | None,
    show_all: bool,
    on_show_all: Callable[[], None],
    kept: Kept | None = None,
    chart_later: bool = False,
) -> list[ft.Control]:
    """The rounds table and the totals chart: side by side on a laptop when
    the table's columns fit half the page's ``width``, else one above the
    other. ``chart_later``: the chart's room only (its chart follows)."""
    keep: Keep = kept.parts if kept is not None else built_anew
    n = len(game.rounds)
    wide = (width or 0) >= WIDE
    limit = None if show_all or n <= SHOWN_ROUNDS + 2 else SHOWN_ROUNDS
    full = min(width or 390, MAX_WIDTH) - 24 - 32  # card padding
    half = (full + 32 - 12) / 2 - 32
    beside = wide and fits(len(game.players), column_width(game, result, t), half)
    title = t("Rounds")
    parts = [
        keep("rounds-title", section, title),
        rounds_table(
            game,
            result,
            t,
            on_tap,
            limit,
            half if beside else full,
            kept.rows if kept is not None else None,
            keep,
        ),
    ]
    if limit is not None:
        parts.append(
            tagged(
                "all-rounds",
                ft.TextButton(
                    t.plural("Show all {n} round", "Show all {n} rounds", n),
                    icon=ft.Icons.EXPAND_MORE,
                    on_click=on_show_all,
                ),
            )
        )
    table = card(ft.Column(parts))
    chart = card(
        totals_chart(
            game.players,
            result.totals_after(),
            t,
            target=game.target,
            kept=kept.chart if kept is not None else None,
            drawn=not chart_later,
        )
    )
    if beside:
        return [
            ft.Row(
                [ft.Container(table, expand=1), ft.Container(chart, expand=1)],
                vertical_alignment=ft.CrossAxisAlignment.START,
            )
        ]
    return [table, chart] if wide else [chart, table]


def board_body(
    t: Translator,
    width: float | None,
    game: Same[Game],
    result: Same[GameResult],
    show_all: bool,
    on_show_all: Callable[[], None],
    rename: Callable[[str], None] | None,
    on_tap: Callable[[int | None], None] | None,
    kept: Same[Kept],
    chart_later: bool = False,
) -> list[ft.Control]:
    """Who deals (or who won), the players' tiles, the rounds and the chart,
    on a page ``width`` wide. ``rename``: a tile's tap (None: read only),
    ``on_tap``: a round's tap (None: read only); ``kept``: the page's parts;
    ``chart_later``: the chart's room only (see :func:`rounds_and_chart`)."""
    board, played = game.it, result.it
    wide = (width or 0) >= WIDE
    body: list[ft.Control] = (
        [winner_banner(board, played, t)]
        if played.game_over
        else heading(board, t, kept.it.parts)
    )
    tiles = [
        player_tile(board, played, s, t, wide, rename, kept.it.parts)
        for s in range(len(board.players))
    ]
    gap = 12 if wide else 8  # a phone: room for the snack bar (issue 17.8)
    body.append(ft.ResponsiveRow(tiles, spacing=gap, run_spacing=gap))
    if board.rounds:
        body += rounds_and_chart(
            t,
            width,
            board,
            played,
            on_tap,
            show_all,
            on_show_all,
            kept.it,
            chart_later,
        )
    else:  # only what the last redraw showed is kept
        kept.it.rows.clear()
        kept.it.chart.clear()
    return body
