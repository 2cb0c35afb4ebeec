"""``jolly-scorer app`` (the default command): open the score keeper.

Flet is imported only here, when the app is started, so the other commands
start without it.
"""

from __future__ import annotations

import argparse


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    """Arguments of ``app``."""
    parser.add_argument(
        "--web",
        action="store_true",
        help="serve the app to a web browser instead of opening a window",
    )
    parser.add_argument(
        "--table",
        action="store_true",
        help="open the live table: serve on the local network and show a QR code "
        "and PIN that phones at the table join with (only they get the game)",
    )
    parser.add_argument(
        "--club",
        action="store_true",
        help="serve a club evening on the local network: every table of the "
        "series being played is a live table with its own QR code and PIN; "
        "the organiser's screen has the club, a ranking link shows the ranking",
    )
    parser.add_argument(
        "--host",
        default=None,
        help="address to serve on in web mode (default 127.0.0.1: this computer "
        "only; with --table this machine's address on the local network)",
    )
    parser.add_argument(
        "--port", type=_port, default=8550, help="port in web mode (default 8550)"
    )
    parser.add_argument(
        "--no-open",
        action="store_true",
        help="in web mode, do not open a browser",
    )


def _port(text: str) -> int:
    """A TCP port: 1 to 65535, written with the digits 0-9 only.

    >>> _port("8550")
    8550
    >>> _port("+80")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: not a port number: '+80'
    """
    digits = text.lstrip("0")  # int() refuses thousands of digits: length first
    if not (text.isascii() and text.isdigit()) or len(digits) > 5:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}")
    if not 1 <= int(digits or "0") <= 65535:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}")
    return int(digits)


def run(args: argparse.Namespace) -> int:
    """Run the app until its window is closed (or Ctrl+C in web mode)."""
    from jolly_scorer.serve import run as run_app

    status = run_app(
        host=args.host,
        port=args.port,
        web=args.web,
        open_browser=not args.no_open,
        data_dir=getattr(args, "data_dir", None),
        table=args.table,
        club=args.club,
    )
    return status or 0
