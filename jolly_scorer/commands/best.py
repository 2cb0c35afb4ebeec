"""``jolly-scorer best`` and ``jolly-scorer arrange``: the best lay-down.

``best`` finds, in a hand, the disjoint legal melds with the most good points;
``arrange`` splits all the given cards (what a player put on the table) into
legal melds, the split worth the most points.
"""

from __future__ import annotations

import argparse

from jolly_scorer.commands.common import (
    add_json_option,
    add_rules_option,
    load_rules,
    print_json,
)
from jolly_scorer.core.arranger import Arrangement, arrange, best
from jolly_scorer.core.cards import format_cards, parse_cards
from jolly_scorer.core.errors import JollyError

#: Seconds the search may take before the command gives up (exit 2).
DEFAULT_TIME_LIMIT = 10.0


def _seconds(text: str) -> float:
    """A time limit: a positive number of seconds, at most a day."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value <= 86400:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a number of seconds from 0 to 86400"
        )
    return value


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    """Arguments of ``best`` and ``arrange``."""
    add_rules_option(parser)
    add_json_option(parser)
    parser.add_argument(
        "--time-limit",
        type=_seconds,
        default=DEFAULT_TIME_LIMIT,
        metavar="SECONDS",
        help=f"give up after this long (default {DEFAULT_TIME_LIMIT:g})",
    )
    what = "the hand" if name == "best" else "the cards laid down"
    parser.add_argument("cards", nargs="+", metavar="CARD", help=what)


def run(args: argparse.Namespace) -> int:
    """``best``: exit 0; ``arrange``: exit 0 when every card fits, else 1."""
    rules = load_rules(args.rules)
    tokens = [token for arg in args.cards for token in arg.replace(",", " ").split()]
    if "/" in tokens:
        raise JollyError("'/' is not a card: give the cards without meld separators")
    cards = parse_cards(tokens)
    if args.command == "arrange":
        split = arrange(cards, rules, time_limit=args.time_limit)
        if args.json:
            print_json(split.to_json())
        elif split.arrangement is not None:
            _print(split.arrangement)
        else:
            print("no split uses every card; the best lay-down from them:")
            _print(split.best)
        return 0 if split.complete else 1
    found = best(cards, rules, time_limit=args.time_limit)
    if args.json:
        print_json(found.to_json())
    else:
        _print(found)
    return 0


def _print(arrangement: Arrangement) -> None:
    for meld in arrangement.melds:
        kind = meld.type.value if meld.type is not None else "meld"
        print(f"{kind} {meld.points:>3}: {format_cards(meld.cards)}")
    if not arrangement.melds:
        print("no meld")
    print(f"left: {format_cards(arrangement.left) or '-'}")
    reached = "reached" if arrangement.opening_reached else "not reached"
    print(
        f"total {arrangement.points} points; "
        f"opening {arrangement.opening_required}: {reached}"
    )
