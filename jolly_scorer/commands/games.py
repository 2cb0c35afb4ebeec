"""``jolly-scorer games ...`` and ``jolly-scorer stats``: the saved games."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from jolly_scorer.commands.common import (
    add_json_option,
    parse_json,
    print_json,
    read_input,
)
from jolly_scorer.core.errors import JollyError
from jolly_scorer.core.look_alike import look_alike
from jolly_scorer.core.stats import KindStats
from jolly_scorer.store import GameSummary, Store


def _data_dir_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--data-dir",
        default=argparse.SUPPRESS,
        help="folder of the games database (or JOLLY_SCORER_DATA)",
    )


def _game_id(text: str) -> int:
    """A game id: a whole number that SQLite can hold, written with the digits
    0-9 only (no sign, underscore, spaces or other scripts' digits).

    >>> _game_id("12")
    12
    >>> _game_id("1_0")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: not a game id: '1_0'
    """
    if not (text.isascii() and text.isdigit()):
        raise argparse.ArgumentTypeError(f"not a game id: {text!r}")
    digits = text.lstrip("0")  # int() refuses thousands of digits: length first
    if len(digits) > 19 or not 1 <= int(digits or "0") < 2**63:
        raise argparse.ArgumentTypeError(f"there is no saved game with id {text}")
    return int(digits)


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    """Arguments of ``games`` (with its actions) or of ``stats``.

    ``--data-dir`` after ``games``/``stats`` comes from :mod:`jolly_scorer.cli`;
    the actions accept it too (``games list --data-dir DIR``).
    """
    if name == "stats":
        add_json_option(parser)
        return
    actions = parser.add_subparsers(
        dest="action", metavar="ACTION", required=True, parser_class=type(parser)
    )
    sub = actions.add_parser("list", help="one line per saved game")
    add_json_option(sub)
    sub = actions.add_parser("import", help="store a game file as a new game")
    sub.add_argument("file", metavar="FILE", help="a game file (- for standard input)")
    sub = actions.add_parser("export", help="a saved game as a game file or CSV")
    sub.add_argument("id", type=_game_id, metavar="ID")
    sub.add_argument("--format", choices=("json", "csv"), default="json")
    sub = actions.add_parser("delete", help="remove a saved game")
    sub.add_argument("id", type=_game_id, metavar="ID")
    sub = actions.add_parser("backup", help="every game and setting to one file")
    sub.add_argument("file", metavar="FILE", help="the backup file (- for stdout)")
    sub = actions.add_parser("restore", help="add the games of a backup file")
    sub.add_argument("file", metavar="FILE", help="a backup file (- for stdin)")
    for action in actions.choices.values():
        _data_dir_option(action)


def run(args: argparse.Namespace) -> int:
    """Run ``games ACTION`` or ``stats``."""
    with Store.open(getattr(args, "data_dir", None)) as store:
        if args.command == "stats":
            return _stats(store, args.json)
        action = args.action
        if action == "list":
            return _list(store, args.json)
        if action == "import":
            text, where = read_input(args.file)
            game_id = store.import_game(parse_json(text, where))
            print(game_id)
            _warn_look_alike(store.load_game(game_id).players)
        elif action == "export":
            if args.format == "csv":
                sys.stdout.write(store.export_csv(args.id))
            else:
                print(json.dumps(store.export_game(args.id), ensure_ascii=False))
        elif action == "delete":
            store.delete_game(args.id)
            print(f"deleted game {args.id}")
        elif action == "backup":
            _write(args.file, json.dumps(store.backup(), ensure_ascii=False))
        elif action == "restore":
            text, where = read_input(args.file)
            count = store.restore(parse_json(text, where))
            print(f"restored {count} game{'' if count == 1 else 's'}")
    return 0


def _warn_look_alike(players: Sequence[str]) -> None:
    """Say on stderr which players' names look alike (imported all the
    same, as a new game warns: issue 38.8)."""
    for seat, name in enumerate(players):
        alike = look_alike(name, players[:seat])
        if alike is not None:
            print(
                f"jolly-scorer: warning: the names {alike!r} and {name!r} look "
                "alike: on the score sheet the two cannot be told apart",
                file=sys.stderr,
            )


def _write(name: str, text: str) -> None:
    if name == "-":
        print(text)
        return
    try:
        Path(name).write_text(text + "\n", encoding="utf-8")
    except OSError as error:
        raise JollyError(f"cannot write {name!r}: {error.strerror}") from None


def _line(game: GameSummary) -> str:
    totals = ", ".join(f"{p} {game.totals.get(p, 0)}" for p in game.players)
    state = (
        f"finished, won by {', '.join(game.winners)}" if game.game_over else "goes on"
    )
    started = game.started.astimezone().strftime("%Y-%m-%d %H:%M")
    rounds = f"{game.rounds} round{'' if game.rounds == 1 else 's'}"
    return f"{game.id:>4}  {started}  {game.rules:<9} {rounds:>10}  {totals}  ({state})"


def _list(store: Store, as_json: bool) -> int:
    games = store.list_games()
    if as_json:
        print_json([game.to_json() for game in games])
    elif not games:
        print("no saved games")
    else:
        for game in games:
            print(_line(game))
    return 0


def _stats(store: Store, as_json: bool) -> int:
    stats = store.player_stats()
    if as_json:
        print_json([s.to_json() for s in stats])
        return 0
    if not stats:
        print("no rounds played yet")
        return 0
    width = max(6, *(len(s.player) for s in stats))
    print(
        f"{'player':<{width}}  games  won  rounds  plus: average  best  "
        "penalty: average  best  went out  handglatt"
    )

    def kind(part: KindStats | None, label: int) -> str:
        if part is None:
            return f"{'-':>{label}}  {'-':>4}"
        return f"{part.average:>{label}.1f}  {part.best:>4}"

    for s in stats:
        print(
            f"{s.player:<{width}}  {s.games:>5}  {s.won:>3}  {s.rounds:>6}  "
            f"{kind(s.plus, 13)}  {kind(s.penalty, 16)}  "
            f"{s.went_out:>8}  {s.handglatt:>9}"
        )
    return 0
