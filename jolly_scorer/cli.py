"""The ``jolly-scorer`` command line.

Sub-commands live in :mod:`jolly_scorer.commands`, one module each, imported only
when called, so that ``jolly-scorer check`` starts fast (no Flet, no SQLite, and
for plain ``check`` calls not even ``argparse``). Each module has
``configure(parser, name)`` and ``run(args) -> int``.
"""

from __future__ import annotations

import sys

from jolly_scorer.core.errors import JollyError

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence

# name -> (module, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "check": ("jolly_scorer.commands.check", "check one meld or several laid together"),
    "score": ("jolly_scorer.commands.score", "score a game file"),
    "rules": ("jolly_scorer.commands.rules", "list the presets or print one"),
    "best": ("jolly_scorer.commands.best", "the best lay-down from a hand"),
    "arrange": ("jolly_scorer.commands.best", "split laid-down cards into melds"),
    "games": (
        "jolly_scorer.commands.games",
        "saved games: list, import, export, delete",
    ),
    "stats": ("jolly_scorer.commands.games", "per-player statistics over saved games"),
    "club": ("jolly_scorer.commands.club", "a club evening: table splits, the ranking"),
    "app": ("jolly_scorer.commands.app", "open the app (the default)"),
    "build-web": ("jolly_scorer.commands.build_web", "build the offline web app"),
}


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser; with ``command`` only that sub-command's module is imported."""
    import argparse
    import importlib

    class Parser(argparse.ArgumentParser):
        """Errors are one line on stderr and exit status 2."""

        def error(self, message: str) -> None:  # type: ignore[override]
            self.exit(2, f"jolly-scorer: {message}\n")

    parser = Parser(
        prog="jolly-scorer",
        description="Score keeper for Jolly, Rommi and Rommé. Without a command "
        "it opens the app.",
    )
    data_help = "folder of the games database (or JOLLY_SCORER_DATA)"
    parser.add_argument("--data-dir", help=data_help)
    subparsers = parser.add_subparsers(dest="command", parser_class=Parser)
    for name, (module_name, help_text) in COMMANDS.items():
        sub = subparsers.add_parser(name, help=help_text, description=help_text)
        # also after the command; SUPPRESS keeps a value given before it
        sub.add_argument("--data-dir", default=argparse.SUPPRESS, help=data_help)
        if name == command:
            module = importlib.import_module(module_name)
            module.configure(sub, name)
            sub.set_defaults(_module=module)
    return parser


def _command_of(argv: Sequence[str]) -> str | None:
    skip = False
    for token in argv:
        if skip:
            skip = False
        elif token == "--data-dir":
            skip = True  # its value may be a folder named like a command
        elif token in COMMANDS:
            return token
    return None


def _quick_check(argv: list[str]) -> argparse.Namespace | None:
    """``check`` arguments read without argparse (it costs more than the check).

    Returns None for anything unusual (help, unknown options): argparse then
    reads the arguments and gives its usual messages.
    """
    if not argv or argv[0] != "check":
        return None
    rules, as_json, cards = "jolly_at", False, []
    rest = iter(argv[1:])
    for token in rest:
        if token == "--json":
            as_json = True
        elif token == "--rules":
            rules = next(rest, "")
            if not rules:
                return None
        elif token.startswith("--rules="):
            rules = token.partition("=")[2]
        elif token.startswith("-") and token != "-":
            return None
        else:
            cards.append(token)
    if not cards:
        return None
    from types import SimpleNamespace

    from jolly_scorer.commands import check

    return SimpleNamespace(  # type: ignore[return-value]
        command="check", rules=rules, json=as_json, cards=cards, _module=check
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    for stream in (sys.stdout, sys.stderr):  # names print on any terminal
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    args = _quick_check(args_list)
    if args is None:
        command = _command_of(args_list)
        start = _first_positional(args_list)
        rest = args_list[start:]
        wants_help = any(a in ("-h", "--help") for a in rest)
        if command is None and not wants_help and (not rest or rest[0].startswith("-")):
            args_list.insert(start, "app")
            command = "app"
        parser = build_parser(command)
        args = parser.parse_args(args_list)
        if not hasattr(args, "_module"):
            parser.print_help()
            return 2
    try:
        status: int = args._module.run(args)
    except JollyError as error:
        print(f"jolly-scorer: {one_line(str(error))}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130
    return status


def one_line(message: str) -> str:
    """The message on one line: unprintable characters (a newline in a name,
    a right-to-left override) written as escapes.
    """
    if message.isprintable():
        return message
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)


def _first_positional(argv: list[str]) -> int:
    """Where to insert the default command: after global options."""
    i = 0
    while i < len(argv) and argv[i].startswith("--data-dir"):
        i += 1 if "=" in argv[i] else 2
    return i


if __name__ == "__main__":
    sys.exit(main())
