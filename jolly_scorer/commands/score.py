"""``jolly-scorer score``: score a game file."""

from __future__ import annotations

import argparse

from jolly_scorer.commands.common import (
    add_json_option,
    parse_json,
    print_json,
    read_input,
)
from jolly_scorer.core.gamefile import load_scored


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    """Arguments of ``score``."""
    add_json_option(parser)
    parser.add_argument(
        "file", metavar="FILE", help="a game file (- for standard input)"
    )


def run(args: argparse.Namespace) -> int:
    """Score the game and print the rounds, totals and winners."""
    text, where = read_input(args.file)
    scored = load_scored(parse_json(text, where))
    game, result = scored.game, scored.result
    if args.json:
        print_json(result.to_json())
        return 0
    players = game.players
    width = max(8, *(len(p) for p in players))
    print("round  " + "  ".join(f"{p:>{width}}" for p in players))
    for number, entry in enumerate(result.rounds, 1):
        cells = (f"{entry.scores[p].score:>+{width}}" for p in players)
        print(f"{number:>5}  " + "  ".join(cells))
    print("total  " + "  ".join(f"{result.totals[p]:>{width}}" for p in players))
    if result.game_over:
        print("game over; winner: " + ", ".join(result.winners))
    else:
        print("the game goes on")
    return 0
