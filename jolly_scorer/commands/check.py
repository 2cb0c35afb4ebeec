"""``jolly-scorer check``: one meld, or several laid down together."""

from __future__ import annotations

from jolly_scorer.commands.common import (
    add_json_option,
    add_rules_option,
    load_rules,
    print_json,
    split_melds,
)
from jolly_scorer.core.cards import format_cards
from jolly_scorer.core.errors import JollyError
from jolly_scorer.core.melds import check_melds

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    """Arguments of ``check``."""
    add_rules_option(parser)
    add_json_option(parser)
    parser.add_argument(
        "cards", nargs="+", metavar="CARD", help="cards; / between melds"
    )


def run(args: argparse.Namespace) -> int:
    """Check the melds; exit 0 when all are valid, 1 when not."""
    rules = load_rules(args.rules)
    melds = split_melds(args.cards)
    if any(not meld for meld in melds):
        raise JollyError("an empty meld: put cards on both sides of '/'")
    verdict = check_melds(melds, rules)
    if args.json:
        print_json(verdict.to_json())
    else:
        for i, meld in enumerate(verdict.melds, 1):
            prefix = f"meld {i}: " if len(verdict.melds) > 1 else ""
            if meld.valid and meld.type is not None:
                print(
                    f"{prefix}valid {meld.type.value}, {meld.points} points: "
                    f"{format_cards(meld.cards)}"
                )
            else:
                print(f"{prefix}invalid ({meld.reason}): {meld.message}")
        if verdict.reason is not None:
            print(f"invalid ({verdict.reason}): {verdict.message}")
        reached = "reached" if verdict.opening_reached else "not reached"
        if verdict.valid:
            print(
                f"total {verdict.points} points; "
                f"opening {verdict.opening_required}: {reached}"
            )
    return 0 if verdict.valid else 1
