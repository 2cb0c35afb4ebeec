"""``jolly-scorer club ...``: a club evening from the command line.

* ``club split N [--fives] [--json]``: how N players split into tables;
* ``club rank FILE [--series N] [--json | --csv | --spreadsheet | --html]``:
  the ranking of an event file (``docs/formats.md``), overall or of one series;
* ``club export ID``: a stored event as an event file.
"""

from __future__ import annotations

import argparse
import sys

from jolly_scorer.commands.common import (
    add_json_option,
    parse_json,
    print_json,
    read_input,
)
from jolly_scorer.core.club.export import ranking_html
from jolly_scorer.core.club.file import event_file_from_json
from jolly_scorer.core.club.ranking import MISSED_RULE, Ranking, rank_event, rank_series
from jolly_scorer.core.club.seating import split_text, table_sizes
from jolly_scorer.core.errors import ClubError


def _whole(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}")
    return int(text)


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    """Arguments of ``club`` and its actions."""
    actions = parser.add_subparsers(
        dest="action", metavar="ACTION", required=True, parser_class=type(parser)
    )
    sub = actions.add_parser("split", help="how N players split into tables")
    sub.add_argument("players", type=_whole, metavar="N")
    sub.add_argument("--fives", action="store_true", help="tables of 5, not of 3")
    add_json_option(sub)
    sub = actions.add_parser("rank", help="the ranking of an event file")
    sub.add_argument("file", metavar="FILE", help="an event file (- for stdin)")
    sub.add_argument("--series", type=_whole, metavar="N", help="one series only")
    shape = sub.add_mutually_exclusive_group()
    shape.add_argument("--json", action="store_true", help="print JSON")
    shape.add_argument("--csv", action="store_true", help="print CSV")
    shape.add_argument("--html", action="store_true", help="print a web page")
    shape.add_argument(
        "--spreadsheet",
        action="store_true",
        help="CSV for German spreadsheets: semicolons, UTF-8 with a byte-order mark",
    )
    sub = actions.add_parser("export", help="a stored event as an event file")
    sub.add_argument("id", type=_whole, metavar="ID")
    for action in actions.choices.values():
        action.add_argument(
            "--data-dir",
            default=argparse.SUPPRESS,
            help="folder of the games database (or JOLLY_SCORER_DATA)",
        )


def run(args: argparse.Namespace) -> int:
    """Run ``club ACTION``."""
    if args.action == "split":
        sizes = table_sizes(args.players, fives=args.fives)
        if args.json:
            print_json({"players": args.players, "tables": list(sizes)})
        else:
            print(split_text(args.players, fives=args.fives))
        return 0
    if args.action == "export":
        from jolly_scorer.store import Store

        with Store.open(getattr(args, "data_dir", None)) as store:
            print_json(store.event_file(args.id))
        return 0
    text, where = read_input(args.file)
    event, plays = event_file_from_json(parse_json(text, where))
    if args.series is not None:
        if not 1 <= args.series <= len(plays):
            raise ClubError(
                f"series {args.series}: the file has {len(plays)} series played"
            )
        ranking = rank_series(event, plays[args.series - 1])
    else:
        ranking = rank_event(event, plays)
    if args.json:
        print_json(_ranking_json(ranking))
    elif args.csv:
        from jolly_scorer.store.club_export import ranking_csv

        sys.stdout.write(ranking_csv(ranking))
    elif args.spreadsheet:
        from jolly_scorer.store.club_export import ranking_csv_bytes

        sys.stdout.flush()
        sys.stdout.buffer.write(ranking_csv_bytes(ranking))
        sys.stdout.buffer.flush()
    elif args.html:
        sys.stdout.write(ranking_html(event.name, ranking, notes=(MISSED_RULE,)))
    else:
        _print_ranking(event.name, ranking, len(plays), event.series_count)
    return 0


def _ranking_json(ranking: Ranking) -> dict[str, object]:
    return {
        "series": ranking.series,
        "ranking": [
            {
                "place": r.place,
                "player": r.line.player,
                "points": r.line.points,
                "raw": r.line.raw,
                "games": r.line.games,
                "won": r.line.won,
                "series": list(r.line.series),
                "by_lot": r.by_lot,
            }
            for r in ranking.entries
        ],
        "tie_break": list(ranking.tie_break),
    }


def _print_ranking(name: str, ranking: Ranking, played: int, count: int) -> None:
    which = (
        f"series {ranking.series}"
        if ranking.series is not None
        else f"overall after {played} of {count} series"
    )
    print(f"{name}: {which}")
    entries = ranking.entries
    points = any(r.line.points is not None for r in entries)
    width = max(6, *(len(r.line.player) for r in entries)) if entries else 6
    head = f"place  {'player':<{width}}"
    head += "  points" if points else ""
    print(head + "     raw  games  won")
    for r in entries:
        line = r.line
        row = f"{r.place:>5}  {line.player:<{width}}"
        row += f"  {line.points:>6}" if points else ""
        row += f"  {line.raw:>6}  {line.games:>5}  {line.won:>3}"
        print(row + ("  by lot" if r.by_lot else ""))
    print("ties are broken by:")
    for step in ranking.tie_break:
        print(f"  {step}")
