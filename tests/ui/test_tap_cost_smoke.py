"""benchmarks/tap_cost.py runs end to end (one run of a card round and of a
counting round, in process) and prints its lines; it once stopped at its
first round, waiting for a card grid that a counting table no longer gets.
The figures themselves are for docs/performance.md."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_tap_cost_plays_a_card_round_and_a_counting_round():
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "tap_cost.py"), "--repeat", "1"]
        + ["--rounds", "ac"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    # round a: 42 taps (one run), round c: 11 taps, each with its calls counted
    assert re.match(r"round a: 42 taps, wall median .* calls median \d+", lines[0])
    assert re.match(r"round c: 11 taps, wall median .* calls median \d+", lines[1])
    assert lines[2].startswith("bare flet: 30 taps")
    assert [line.split(":")[0] for line in lines[3:]] == ["ratio a", "ratio c"]
