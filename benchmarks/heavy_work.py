"""Heavy work beside the pages (issue 38.5): the best lay-down of a hard
40-card hand asked from 12 tabs, once every 3 s each, while a bystander page
does a small piece of work (2 ms of Python, a redraw) every 50 ms.

    uv run python benchmarks/heavy_work.py [--tabs 12] [--seconds 15]

The same run twice in one process, as the server runs the arranger: in a
thread (``run_blocking``, before) and in the server's worker processes
(``server/heavy.HeavyPool``, after). Prints the bystander's median and worst
wait (from asking until its work is done) and the process's resident memory
after each run.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from pathlib import Path

from jolly_scorer.core.cards import parse_cards
from jolly_scorer.core.rules import find_rules
from jolly_scorer.server.heavy import HeavyPool
from jolly_scorer.tables import sessions
from jolly_scorer.ui import arranging

HARD = (
    "X X X X 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah 2s 3s 4s 5s 6s 7s 8s "
    "9s 10s Js Qs 2d 2c 3d 3c 4d 4c 5d 5c 6d 6c 7d 7c"
)


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def redraw() -> None:
    end = time.perf_counter() + 0.002
    while time.perf_counter() < end:
        pass


async def run(tabs: int, seconds: float) -> dict[str, float]:
    hand = parse_cards(HARD)
    rules = find_rules("jolly_at")
    stop = time.monotonic() + seconds
    waits: list[float] = []
    answered = 0

    async def tab(n: int) -> None:
        nonlocal answered
        await asyncio.sleep(n * 3.0 / tabs)
        while time.monotonic() < stop:
            asked = time.monotonic()
            try:
                await arranging.best_lay_down(hand, rules)
                answered += 1
            except Exception:
                pass
            await asyncio.sleep(max(0.0, 3.0 - (time.monotonic() - asked)))

    async def bystander() -> None:
        while time.monotonic() < stop:
            asked = time.perf_counter()
            await asyncio.sleep(0)  # its event waits for the loop
            redraw()
            waits.append(time.perf_counter() - asked)
            await asyncio.sleep(0.05)

    await asyncio.gather(bystander(), *(tab(n) for n in range(tabs)))
    return {
        "bystander_median_s": statistics.median(waits),
        "bystander_worst_s": max(waits),
        "lay_downs": float(answered),
        "rss_mb": rss_mb(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tabs", type=int, default=12)
    parser.add_argument("--seconds", type=float, default=15)
    args = parser.parse_args()
    print(f"start: rss {rss_mb():.0f} MB")
    for name in ("thread (before)", "worker processes (after)"):
        pool = None
        if name.startswith("worker"):
            devices = iter(range(10**9))  # each tab its own device
            pool = HeavyPool(device=lambda devices=devices: str(next(devices)))
            sessions.use_heavy_runner(pool.run)
        try:
            figures = asyncio.run(run(args.tabs, args.seconds))
        finally:
            sessions.use_heavy_runner(None)
            if pool is not None:
                pool.close()
        print(name + ":")
        for key, value in figures.items():
            print(f"  {key}: {value:.3f}")


if __name__ == "__main__":
    main()
