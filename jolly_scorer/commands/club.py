"""``jolly-scorer club ...``: a club evening from the command line.

* ``club split N [--fives] [--json]``: how N players split into tables;
* ``club rank FILE [--series N] [--json | --csv | --spreadsheet | --html]``:
  the ranking of an event file (``docs/formats.md``), overall or of one series;
* ``club export ID``: a stored event as an event file;
* ``club season new|list|add|remove|delete|show ...``: a club's season.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from jolly_scorer.commands.common import (
    add_json_option,
    parse_json,
    print_json,
    read_input,
)
from jolly_scorer.core.club.export import ranking_html
from jolly_scorer.core.club.file import event_file_from_json
from jolly_scorer.core.club.ranking import Ranking, missed_rule, rank_event, rank_series
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
    _configure_season(
        actions.add_parser(
            "season", help="a club's season: its evenings' standings added up"
        )
    )
    for action in actions.choices.values():
        action.add_argument(
            "--data-dir",
            default=argparse.SUPPRESS,
            help="folder of the games database (or JOLLY_SCORER_DATA)",
        )


def _places(text: str) -> tuple[int, ...]:
    parts = [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]
    if not parts:
        raise argparse.ArgumentTypeError("place points: e.g. 25,20,16,13")
    return tuple(_whole(p) for p in parts)


def _configure_season(parser: argparse.ArgumentParser) -> None:
    """``club season ACTION``."""
    seasons = parser.add_subparsers(
        dest="season_action",
        metavar="ACTION",
        required=True,
        parser_class=type(parser),
    )
    sub = seasons.add_parser("new", help="a new season (prints its id)")
    sub.add_argument("name", metavar="NAME")
    sub.add_argument(
        "--best", type=_whole, metavar="N", help="count each player's best N evenings"
    )
    sub.add_argument(
        "--scoring",
        choices=("auto", "points", "places"),
        default="auto",
        help="add tournament points or place points (auto: points when "
        "every evening has them)",
    )
    sub.add_argument(
        "--places",
        type=_places,
        metavar="P1,P2,...",
        help="place points, best place first (default 25,20,16,13,11,10,...,1)",
    )
    sub.add_argument("--seed", type=_whole, help="the seed of the season's lots")
    add_json_option(sub)
    sub = seasons.add_parser("list", help="the seasons stored")
    add_json_option(sub)
    for name, text in (
        ("add", "add an evening (a stored club event) to the season"),
        ("remove", "take an evening out of the season"),
    ):
        sub = seasons.add_parser(name, help=text)
        sub.add_argument("id", type=_whole, metavar="SEASON")
        sub.add_argument("event", type=_whole, metavar="EVENT")
    sub = seasons.add_parser("delete", help="remove a season (its evenings stay)")
    sub.add_argument("id", type=_whole, metavar="SEASON")
    sub = seasons.add_parser("show", help="the season's standings")
    sub.add_argument("id", type=_whole, metavar="SEASON")
    shape = sub.add_mutually_exclusive_group()
    shape.add_argument("--json", action="store_true", help="print JSON")
    shape.add_argument("--csv", action="store_true", help="print CSV")
    shape.add_argument(
        "--spreadsheet",
        action="store_true",
        help="CSV for German spreadsheets: semicolons, UTF-8 with a byte-order mark",
    )
    shape.add_argument("--html", action="store_true", help="print a web page")
    for action in seasons.choices.values():
        action.add_argument(
            "--data-dir",
            default=argparse.SUPPRESS,
            help="folder of the games database (or JOLLY_SCORER_DATA)",
        )


def _run_season(args: argparse.Namespace) -> int:
    from jolly_scorer.core.club.season import DEFAULT_PLACE_POINTS, Season
    from jolly_scorer.store import Store
    from jolly_scorer.store.club_store import new_seed

    with Store.open(getattr(args, "data_dir", None)) as store:
        action = args.season_action
        if action == "new":
            season = Season(
                args.name,
                args.scoring,
                args.places or DEFAULT_PLACE_POINTS,
                args.best,
                new_seed() if args.seed is None else args.seed,
            )
            season_id = store.create_season(season)
            if args.json:
                print_json({"id": season_id})
            else:
                print(season_id)
        elif action == "list":
            found = store.list_seasons()
            if args.json:
                print_json(
                    [
                        {"id": s.id, "name": s.name, "evenings": s.evenings}
                        for s in found
                    ]
                )
            for s in found if not args.json else ():
                print(f"{s.id:>4}  {s.name}  ({s.evenings} evenings)")
        elif action == "add":
            store.add_season_event(args.id, args.event)
        elif action == "remove":
            store.remove_season_event(args.id, args.event)
        elif action == "delete":
            store.delete_season(args.id)
        else:
            _show_season(args, store.season_standing(args.id), store, args.id)
    return 0


def _show_season(args: argparse.Namespace, standing: Any, store: Any, id_: int) -> None:
    from jolly_scorer.core.club.export import season_html
    from jolly_scorer.core.club.season import standing_notes, standing_rows

    places = store.load_season(id_).season.place_points
    if args.json:
        print_json(
            {
                "season": standing.name,
                "evenings": list(standing.evenings),
                "scoring": standing.scoring,
                "best": standing.best,
                "standings": [
                    {
                        "place": line.place,
                        "player": line.player,
                        "total": line.total,
                        "values": list(line.values),
                        "counted": list(line.counted),
                        "played": line.played,
                        "won": line.won,
                        "by_lot": line.by_lot,
                    }
                    for line in standing.entries
                ],
                "tie_break": list(standing.tie_break),
            }
        )
    elif args.csv or args.spreadsheet:
        from jolly_scorer.store.club_export import season_csv, season_csv_bytes

        if args.csv:
            sys.stdout.write(season_csv(standing))
        else:
            sys.stdout.flush()
            sys.stdout.buffer.write(season_csv_bytes(standing))
            sys.stdout.buffer.flush()
    elif args.html:
        sys.stdout.write(season_html(standing, place_points=places))
    else:
        print(f"{standing.name}: standings after {len(standing.evenings)} evenings")
        rows = standing_rows(standing)
        widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
        for row in rows:
            print("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)))
        for note in standing_notes(standing, place_points=places):
            print(note)
        print("ties are broken by:")
        for step in standing.tie_break:
            print(f"  {step}")


def run(args: argparse.Namespace) -> int:
    """Run ``club ACTION``."""
    if args.action == "season":
        return _run_season(args)
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
        sys.stdout.write(
            ranking_html(event.name, ranking, notes=(missed_rule(ranking),))
        )
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
