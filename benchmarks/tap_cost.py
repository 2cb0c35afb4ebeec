"""What one tap in the round entry costs the server, in process (no browser).

    uv run python benchmarks/tap_cost.py [--repeat 3] [--rounds ace] [--profile]
        [--flet-fixes]

The app runs on a temporary data folder in the in-process Flet harness
(``tests/flet_harness.py``: a real Flet session over a fake connection, at a
phone's size, 390 x 844), with the game already started, and each round of
``benchmarks/table_speed.py`` is entered tap by tap up to (not including)
Save:

(a) Jolly, 4 players, cards picked on the grid (melds, a lay-off, hands);
(c) Jolly, 4 players, everyone counted (round 1 counted too): who went out,
    then the points on the number pad, a tap on each field;
(d) Rommi, 3 players, hands only: who went out, then each hand's cards;
(e) Rommé, 5 players, counted, Cleo goes out with a Handglatt; the points on
    the pad with Next between.

For each tap: the time from the event's dispatch to the app being idle again
(wall clock and the process's CPU time; the harness decodes what was sent,
the same for the baseline) and the bytes sent to the client (msgpack, as
Flet's connection encodes them). The baseline, measured in the same run: a
bare Flet page whose button updates one text (like table_speed's bare page).
Output, one line per round and the baseline, then the ratios:

    round c: N taps, wall median M ms, p90 P ms; cpu median ..; sent median B
        bytes, max X
    bare flet: ...
    ratio c: wall median / bare R, p90 / bare p90 R2, bytes / bare B2

``--flet-fixes``: every fix of ``server/flet_fixes.py``'s ``FIXES`` applied,
as the server and the phone app apply them (without it, only those the app
applies when imported). One run of each, in one sitting, shows what the
fixes change.

Nothing is asserted (a figure for before and after a change).
Also, from one more run of each round: the Python function calls of each tap
(in the event loop's thread; a figure that does not depend on the load).
``--profile``: the cProfile of every round's taps (in the event loop's thread),
the 25 functions of most cumulative time, to stderr.
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import io
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import flet as ft  # noqa: E402
import flet_harness  # noqa: E402
import msgpack  # noqa: E402
import table_speed  # noqa: E402
from flet_harness import FletTestApp, iter_controls  # noqa: E402

#: a step: ("tap", identifier) or ("pick", "cards") or ("pad", "digits")
Step = tuple[str, str]

#: table_speed's round a (its steps, one home), from who went out to the
#: last card, without its first tap (Enter round) and Save
PICKS: list[Step] = table_speed.round_a()[1:-1]
COUNTED_C: list[Step] = [
    ("tap", "round-closer-0"),
    ("pad", "45"),
    ("tap", "round-bad-1"),
    ("pad", "25"),
    ("tap", "round-bad-2"),
    ("pad", "12"),
    ("tap", "round-bad-3"),
    ("pad", "8"),
]
COUNTED_E: list[Step] = [
    ("tap", "round-closer-2"),
    ("tap", "round-handglatt"),
    ("pad", "12N30N7N25"),
]
JOLLY, ROMMI, ROMME = table_speed.JOLLY, table_speed.ROMMI, table_speed.ROMME
#: name: (game, steps, round 1 counted by everyone)
ROUNDS: dict[str, tuple[tuple[str, list[str]], list[Step], bool]] = {
    "a": (JOLLY, PICKS, False),
    "c": (JOLLY, COUNTED_C, True),
    "d": (ROMMI, table_speed.round_d()[1:-1], False),
    "e": (ROMME, COUNTED_E, True),
}


class Sizes:
    """msgpack as the harness uses it, keeping the size of every frame sent."""

    def __init__(self) -> None:
        self.sent: list[int] = []
        self.unpackb = msgpack.unpackb

    def packb(self, *args: Any, **kwargs: Any) -> bytes:
        packed: bytes = msgpack.packb(*args, **kwargs)
        self.sent.append(len(packed))
        return packed


SIZES = Sizes()
flet_harness.msgpack = SIZES  # type: ignore[attr-defined]


@dataclasses.dataclass
class Tally:
    wall: list[float] = dataclasses.field(default_factory=list)
    cpu: list[float] = dataclasses.field(default_factory=list)
    sent: list[int] = dataclasses.field(default_factory=list)
    calls: list[int] = dataclasses.field(default_factory=list)
    #: the loop thread's executor: counts the calls of each tap
    counting: Any = None

    def timed(self, action: Any) -> None:
        if self.counting is not None:  # a pass that counts, not timed
            profile = cProfile.Profile()
            self.counting.submit(profile.enable).result()
            action()
            self.counting.submit(profile.disable).result()
            self.calls.append(pstats.Stats(profile).total_calls)  # type: ignore[attr-defined]
            return
        before = len(SIZES.sent)
        w0, c0 = time.perf_counter(), time.process_time()
        action()
        self.wall.append((time.perf_counter() - w0) * 1000)
        self.cpu.append((time.process_time() - c0) * 1000)
        self.sent.append(sum(SIZES.sent[before:]))

    def line(self, name: str) -> str:
        return (
            f"{name}: {len(self.wall)} taps, wall median {median(self.wall):.1f} ms,"
            f" p90 {p90(self.wall):.1f} ms; cpu median {median(self.cpu):.1f} ms,"
            f" p90 {p90(self.cpu):.1f} ms; sent median {median(self.sent):.0f}"
            f" bytes, max {max(self.sent)}"
            + (
                f"; calls median {median(self.calls):.0f}, p90 {p90(self.calls):.0f}"
                if self.calls
                else ""
            )
        )


def median(values: list[float] | list[int]) -> float:
    return float(statistics.median(values))


def p90(values: list[float] | list[int]) -> float:
    return float(table_speed.percentile([float(v) for v in values], 0.9))


def tap(app: FletTestApp, identifier: str, tally: Tally) -> None:
    control = app.find(semantics=identifier)
    switch = next(
        (c for c, _ in iter_controls(control) if isinstance(c, ft.Switch)), None
    )
    if switch is not None:  # a switch: turned over
        tally.timed(lambda: app.set_value(switch, not switch.value))
    else:
        tally.timed(lambda: app.click(control))


def play(name: str, tally: Tally, profile: cProfile.Profile | None) -> None:
    from jolly_scorer.ui import app as ui_app

    (preset, players), steps, counted = ROUNDS[name]
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        table_speed.make_game(data, preset, players, counted)
        app = FletTestApp(lambda page: ui_app.main(page, data), width=390, height=844)
        try:
            app.click(app.find(semantics="home-continue"))
            app.click(app.find(semantics="enter-round"))
            app.wait_for(lambda: bool(app.find_all(semantics="round-closer-0")))
            if not counted:
                # the docked editor's grid is sent a moment after the screen
                # opens (editor/dock.py): before the first tap, as at a table;
                # a counting table gets none (its parts are not in cards)
                app.wait_for(
                    lambda: bool(app.find_all(semantics="round-editor-waiting"))
                )
            if tally.counting is True:  # the pass counting calls
                tally.counting = app._loop_thread
            if profile is not None:  # the loop thread runs the app
                app._loop_thread.submit(profile.enable).result()
            for kind, arg in steps:
                if kind == "tap":
                    tap(app, arg, tally)
                elif kind == "pick":
                    for card in arg.split():
                        tap(app, f"pick-{card}", tally)
                else:  # the number pad: digits, N for Next
                    for key in arg:
                        tap(
                            app,
                            "round-pad-Next" if key == "N" else f"round-pad-{key}",
                            tally,
                        )
            if profile is not None:
                app._loop_thread.submit(profile.disable).result()
        finally:
            app.close()


def bare(taps: int, tally: Tally) -> None:
    def main(page: ft.Page) -> None:
        text = ft.Text("0", size=30)

        def clicked(e: Any) -> None:
            text.value = str(int(text.value or "0") + 1)

        page.add(
            ft.Semantics(
                identifier="bare-tap",
                content=ft.Button("Tap", on_click=clicked),
            ),
            text,
        )

    app = FletTestApp(main, width=390, height=844)
    try:
        for _ in range(taps):
            tap(app, "bare-tap", tally)
    finally:
        app.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each round")
    parser.add_argument("--rounds", default="ace", help="which rounds (a, c, d, e)")
    parser.add_argument("--profile", action="store_true", help="cProfile to stderr")
    parser.add_argument("--top", type=int, default=25, help="functions profiled")
    parser.add_argument("--flet-fixes", action="store_true", help="FIXES applied")
    args = parser.parse_args()
    if args.flet_fixes:
        from jolly_scorer.server.flet_fixes import apply_fixes

        apply_fixes()
    base = Tally()
    bare(5, Tally())  # warm up
    bare(30, base)
    results: dict[str, Tally] = {}
    for name in args.rounds:
        tally = results[name] = Tally()
        profile = cProfile.Profile() if args.profile else None
        play(name, Tally(), None)  # warm up (imports, first screens)
        for _ in range(args.repeat):
            play(name, tally, profile)
        tally.counting = True  # one more run, counting each tap's calls
        play(name, tally, None)
        tally.counting = None
        print(tally.line(f"round {name}"), flush=True)
        if profile is not None:
            out = io.StringIO()
            stats = pstats.Stats(profile, stream=out).sort_stats("cumulative")
            stats.print_stats(args.top)
            print(out.getvalue(), file=sys.stderr)
    print(base.line("bare flet"))
    for name, tally in results.items():
        print(
            f"ratio {name}:"
            f" wall median / bare {median(tally.wall) / median(base.wall):.1f},"
            f" p90 / bare p90 {p90(tally.wall) / p90(base.wall):.1f},"
            f" cpu median / bare {median(tally.cpu) / median(base.cpu):.1f},"
            f" bytes median / bare {median(tally.sent) / median(base.sent):.1f}"
        )


if __name__ == "__main__":
    main()
