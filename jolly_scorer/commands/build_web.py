"""``jolly-scorer build-web DIR``: the app as an installable offline web site.

The site runs entirely in the browser (Pyodide) and keeps the games there
(IndexedDB); any static web server can serve ``DIR`` as it is. The building
is in :mod:`jolly_scorer.web.build`, imported only when this command runs.
"""

from __future__ import annotations

import argparse
import sys


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    """Arguments of ``build-web``."""
    parser.add_argument(
        "dir",
        metavar="DIR",
        help="folder to write the site into (new, empty, or an earlier build)",
    )
    parser.add_argument(
        "--base-url",
        default="/",
        help="the path the site is served under, e.g. /jolly/ (default /)",
    )


def run(args: argparse.Namespace) -> int:
    """Build the site; one line on stderr if it cannot be built."""
    from pathlib import Path

    from jolly_scorer.web.build import BuildError, build_site, describe

    try:
        site = build_site(
            Path(args.dir),
            base_url=args.base_url,
            log=lambda text: print(f"build-web: {text}", file=sys.stderr, flush=True),
        )
    except BuildError as error:
        print(f"jolly-scorer: build-web: {error}", file=sys.stderr)
        return 1
    for line in describe(site):
        print(line)
    return 0
