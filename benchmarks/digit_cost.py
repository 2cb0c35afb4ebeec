"""What a digit typed on one phone costs the server, in process (issue 34).

    uv run python benchmarks/digit_cost.py [--digits 30] [--profile] [--flet-fixes]

A live table's pages on one game, in process (``tests/support/table_fuzz.py``:
the host at 1280 px, three phones on Ben's, Cleo's and Dora's seats at
390 px, a viewer on the board). Ben's phone counts points, the host
taps "everyone counted" (its counting sheet), and Ben's phone types
``--digits`` numbers into Ben's bad points, one key at a time (the text,
then the change event, as a browser sends them); after each key every page
hears the news and comes to rest.

Figures per key: the process's CPU time (every thread: the pages' loops, the
store, and the harness's decoding of what was sent, the same before and
after a change), the controls built (on every page: Flet compares each
with the one before), and per page the frames sent and the changes in them
(a patch's property changes). The last line is

    digit_cost: N keys, cpu per key median X ms (mean M), controls built per
        key B, frames per key F, changes per key C

``--flet-fixes``: every fix of ``server/flet_fixes.py``'s ``FIXES`` applied,
as the server applies them (without it, only those the app applies when
imported). One run of each, in one sitting, shows what the fixes change
(e.g. frames per key).

``--profile``: the cProfile of the pages' loop threads over the keys, the
30 functions of most cumulative time, to stderr. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import statistics
import sys
import time
import warnings
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

from flet.controls.id_counter import ControlId  # noqa: E402
from support.table_fuzz import table  # noqa: E402


def changes_in(body: Any) -> int:
    """The changes a patch frame carries (its operations after the tree of
    the controls it reaches)."""
    patch = body.get("patch") if isinstance(body, dict) else None
    return max(0, len(patch) - 1) if isinstance(patch, list) else 0


def run(keys: int, profile: bool) -> dict[str, float]:
    warnings.simplefilter("ignore", RuntimeWarning)
    with table(seed=0) as fuzz:
        pages = fuzz.pages
        host, ben = pages[0], pages[1]
        ben.app.click(fuzz.ids(ben, "round-mode-1-points")[0])
        fuzz.still()
        fuzz.host_count_all()
        fuzz.still()
        profilers: list[cProfile.Profile] = []
        if profile:
            for page in pages:
                profiler = cProfile.Profile()
                page.app._loop_thread.submit(profiler.enable).result()
                profilers.append(profiler)
        sent = [len(p.app.conn.messages) for p in pages]
        first_id = ControlId.next()
        cpu: list[float] = []
        text = ""
        for n in range(keys):
            text = text + str((n * 7 + 3) % 10) if len(text) < 3 else ""
            box = fuzz.ids(ben, "round-bad-1")[0].content
            start = time.process_time()
            ben.app.session.apply_patch(box._i, {"value": text})
            ben.app.fire(box, "change", text)
            fuzz.still()
            cpu.append(time.process_time() - start)
        built = ControlId.next() - first_id - 1
        for page, profiler in zip(pages, profilers, strict=False):
            page.app._loop_thread.submit(profiler.disable).result()
        frames = [
            len(p.app.conn.messages) - s for p, s in zip(pages, sent, strict=True)
        ]
        controls = [
            sum(changes_in(body) for _, body in p.app.conn.messages[s:])
            for p, s in zip(pages, sent, strict=True)
        ]
        shown = host.app.texts()
        assert any(f"-{text}" in t for t in shown if text) or not text, "host"
        if profilers:
            out = io.StringIO()
            stats = pstats.Stats(profilers[0], stream=out)
            for profiler in profilers[1:]:
                stats.add(profiler)
            stats.sort_stats("cumulative").print_stats(30)
            stats.sort_stats("tottime").print_stats(30)
            print(out.getvalue(), file=sys.stderr)
        for page, f, c in zip(pages, frames, controls, strict=True):
            print(f"  {page.name}: frames {f / keys:.2f}, changes {c / keys:.1f} a key")
    return {
        "cpu": statistics.median(cpu),
        "mean": statistics.fmean(cpu),
        "frames": sum(frames) / keys,
        "controls": sum(controls) / keys,
        "built": built / keys,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--digits", type=int, default=30)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--flet-fixes", action="store_true")
    args = parser.parse_args()
    if args.flet_fixes:
        from jolly_scorer.server.flet_fixes import apply_fixes

        apply_fixes()
    got = run(args.digits, args.profile)
    print(
        f"digit_cost: {args.digits} keys, cpu per key median "
        f"{got['cpu'] * 1000:.1f} ms (mean {got['mean'] * 1000:.1f}), "
        f"controls built per key {got['built']:.0f}, "
        f"frames per key {got['frames']:.2f}, changes per key {got['controls']:.1f}"
    )


if __name__ == "__main__":
    main()
