"""The live table's fuzzer, long run (issue 34): seeds played one after
another until the time is up, each for ``--steps`` steps (the pages of one
table's game in process: the host, three phones, a viewer;
``tests/support/table_fuzz.py``), then ``--typing`` changes of two phones
typing at once (issue 38.1). The CI test plays a fixed few
(``tests/ui/test_table_fuzz.py``).

    uv run python benchmarks/table_fuzz.py --seconds 600

Prints each violation, and as its last line
``table fuzz: seeds K, steps S, violations V`` (V = 0 to pass; the exit
status is 1 otherwise). A seed that fails goes into the test's
``REGRESSIONS``.
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

from support.table_fuzz import run_seed, typing_at_once  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=600)
    parser.add_argument("--steps", type=int, default=40, help="steps per seed")
    parser.add_argument("--first-seed", type=int, default=1000)
    parser.add_argument(
        "--typing", type=int, default=0, help="changes of two phones typing at once"
    )
    args = parser.parse_args()
    warnings.simplefilter("ignore", RuntimeWarning)  # a closed page's late news
    end = time.monotonic() + args.seconds
    seeds = steps = 0
    violations: list[str] = []
    seed = args.first_seed
    while time.monotonic() < end:
        played, found = run_seed(seed, args.steps)
        seeds += 1
        steps += played
        for line in found:
            print(line, flush=True)
        violations.extend(found)
        seed += 1
    if args.typing:
        made, lost = typing_at_once(args.typing, seed=args.first_seed)
        print(f"typing at once: {made} changes, {lost} lost", flush=True)
        steps += made
        violations.extend(["a typed number lost"] * lost)
    print(f"table fuzz: seeds {seeds}, steps {steps}, violations {len(violations)}")
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
