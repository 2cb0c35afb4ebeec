"""benchmarks/club_load.py runs end to end at a small size (1 table of 4
phones, the ranking and the organiser's page, 2 rounds) and ends with its
one-line summary; the figures themselves are for docs/performance.md."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LINE = re.compile(
    r"^club: tables 1, pages 6, table p90 \d+ ms, ranking p90 \d+ ms, "
    r"cpu per round \d+ ms, most tables within goals [01]$"
)


def test_club_load_runs_small_and_ends_with_its_summary_line():
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "club_load.py"),
            "--tables",
            "1",
            "--steps",
            "1",
            "--phase",
            "20",
            "--rounds",
            "2",
            "--interval",
            "0.5",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    out = done.stdout.strip().splitlines()
    assert done.returncode == 0, done.stdout + done.stderr
    assert "phase 1 tables: 2 rounds saved" in done.stdout, done.stdout
    assert "SIGTERM: exit status 0" in done.stdout
    assert LINE.match(out[-1]), out[-1]
