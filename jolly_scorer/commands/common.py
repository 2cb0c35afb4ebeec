"""What the sub-commands share: reading rules, cards and files; printing JSON."""

from __future__ import annotations

import sys

from jolly_scorer.core.cards import Card, parse_cards
from jolly_scorer.core.errors import JollyError, RulesError
from jolly_scorer.core.rules import PRESETS, Rules, house_rules

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence
    from pathlib import Path
    from typing import Any


def add_rules_option(parser: argparse.ArgumentParser) -> None:
    """``--rules R``: a preset id or the path of a JSON or TOML rules object."""
    parser.add_argument(
        "--rules",
        default="jolly_at",
        metavar="R",
        help="preset id (jolly_at, rommi_fi, romme_de) or a JSON/TOML rules file",
    )


def add_json_option(parser: argparse.ArgumentParser) -> None:
    """``--json``: print one JSON object instead of text."""
    parser.add_argument("--json", action="store_true", help="print JSON")


def load_rules(spec: str) -> Rules:
    """Rules from a preset id or a path to a JSON or TOML rules object."""
    if spec in PRESETS:
        return PRESETS[spec]
    from pathlib import Path

    path = Path(spec)
    if not path.is_file():
        raise RulesError(
            f"unknown rules: {spec!r} is neither a preset "
            f"({', '.join(PRESETS)}) nor a rules file"
        )
    data = read_structured(path)
    return house_rules(data)


def read_structured(path: Path) -> Any:
    """A JSON or TOML file's content; errors name the file."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise JollyError(f"cannot read {str(path)!r}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise JollyError(f"{str(path)!r} is not a text file") from None
    if path.suffix.lower() == ".toml":
        import tomllib

        try:
            return tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            raise JollyError(f"{str(path)!r} is not valid TOML: {error}") from None
    return parse_json(text, str(path))


def parse_json(text: str, where: str) -> Any:
    """Parse JSON; an error names where it came from and the line."""
    import json

    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise JollyError(
            f"{where!r} is not valid JSON: {error.msg} "
            f"(line {error.lineno}, column {error.colno})"
        ) from None
    except RecursionError:
        raise JollyError(f"{where!r} is nested too deeply to be a game") from None
    except ValueError as error:  # e.g. a number of thousands of digits
        raise JollyError(f"{where!r} cannot be read: {error}") from None


def read_input(name: str) -> tuple[str, str]:
    """The text of a file argument (``-`` is standard input) and its name."""
    if name == "-":
        return sys.stdin.read(), "<stdin>"
    try:
        with open(name, encoding="utf-8") as file:
            return file.read(), name
    except OSError as error:
        raise JollyError(f"cannot read {name!r}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise JollyError(f"{name!r} is not a text file") from None


def split_melds(tokens: Sequence[str]) -> list[tuple[Card, ...]]:
    """Card arguments split into melds at standalone ``/``."""
    melds: list[list[str]] = [[]]
    for token in tokens:
        if token == "/":
            melds.append([])
        else:
            melds[-1].extend(token.replace(",", " ").split())
    return [parse_cards(meld) for meld in melds]


def print_json(data: object) -> None:
    """One JSON object on standard output."""
    import json

    print(json.dumps(data, ensure_ascii=False))
