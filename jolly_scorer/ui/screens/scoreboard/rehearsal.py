"""What a game's first saved round first brings to a board, drawn before it
(issue 34): the rounds table and the totals chart of a made-up round, and the
leader's cup, under the first tile's opaque box (``tiles.player_tile``),
inset by its rounded corners, left out of what a screen reader finds.

Why: in ``benchmarks/save_reach.py`` a game's first five saved rounds took
about twice the later ones to reach the table's pages, while a second game
started on the same server and pages, whose first round brings the same
parts, did not. The cost is the browser's first drawing of those kinds of
controls (its compilers and, on a machine without a GPU, SwiftShader's
shaders), not the round. Drawn here while the table deals, it is no longer
the first saved round's."""

from __future__ import annotations

from functools import cache

import flet as ft

from jolly_scorer.core.game import Counted, Game, Round, add_round, new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.core.scoring import GameResult, score_game
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.screens.scoreboard.rounds_table import rounds_table
from jolly_scorer.ui.widgets.charts import totals_chart

#: the made-up game's players: no one's names (nothing of it is read out)
PLAYERS = ("1", "2")


@cache
def made_up() -> tuple[Game, GameResult]:
    """A game of one round: the first player went out, the second counted 1."""
    game = new_game(find_rules("jolly_at"), PLAYERS, target=100_000)
    game = add_round(game, Round(PLAYERS[0], counted=((PLAYERS[1], Counted(bad=1)),)))
    return game, score_game(game)


def rehearsal(t: Translator) -> ft.Control:
    """The made-up round's parts, to lie under the first tile's box."""
    game, result = made_up()
    return ft.Container(
        ft.Semantics(
            exclude_semantics=True,
            # one over the other: each drawn in the tile's small box
            content=ft.Stack(
                [
                    totals_chart(game.players, result.totals_after(), t, height=120),
                    rounds_table(game, result, t, width=300),
                    ft.Icon(ft.Icons.EMOJI_EVENTS, color=ft.Colors.AMBER_700),
                ]
            ),
        ),
        left=16,
        top=16,
        right=16,
        bottom=16,
        clip_behavior=ft.ClipBehavior.HARD_EDGE,
    )
