"""``jolly-scorer rules``: list the presets, or print one preset's knobs."""

from __future__ import annotations

import argparse

from jolly_scorer.commands.common import add_json_option, load_rules, print_json
from jolly_scorer.core.rules import PRESETS

DESCRIPTIONS = {
    "jolly_at": "Jolly (Austria): plus scoring, race to the target, opening 30",
    "rommi_fi": "Rommi (Finland): penalty scoring, lowest total wins, opening 40",
    "romme_de": "Rommé (Germany): penalty scoring, Hand-Rommé doubles, opening 40",
}


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    """Arguments of ``rules``."""
    add_json_option(parser)
    parser.add_argument("preset", nargs="?", help="a preset id or a rules file")


def run(args: argparse.Namespace) -> int:
    """Print the presets or one rules object."""
    if args.preset is None:
        if args.json:
            print_json(
                [
                    {"id": key, "description": DESCRIPTIONS[key]} | rules.to_dict()
                    for key, rules in PRESETS.items()
                ]
            )
        else:
            for key in PRESETS:
                print(f"{key:10} {DESCRIPTIONS[key]}")
        return 0
    rules = load_rules(args.preset)
    if args.json:
        print_json(rules.to_dict())
    else:
        for key, value in rules.to_dict().items():
            shown = "none" if value is None else str(value).lower()
            print(f"{key:26} {shown}")
    return 0
