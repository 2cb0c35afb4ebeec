"""Page sessions opened and dropped (issue 12.5): open files and memory of the
server before, at the peak and after the page-session timeout.

    uv run python benchmarks/sessions.py [--sessions 1000] [--timeout 20]
        [--parallel 4] [--pymalloc]

Starts the ``jolly-scorer --web`` command on 127.0.0.1 (a fresh data folder) with
``JOLLY_SCORER_SESSION_TIMEOUT`` = ``--timeout``, warms it up with 20 sessions,
then opens ``--sessions`` page sessions over raw websockets speaking Flet's
protocol (register, wait for the first screen, drop the connection), then waits
the timeout (plus Flet's 10 s eviction tick). Prints open files (``/proc/PID/fd``)
and RSS at each step, their ratios to the start, and the time a new page takes
to get its first screen before and after. Also sends 800 junk frames.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXTRA_ENV: dict[str, str] = {}
sys.path.insert(0, str(ROOT / "tests"))

from server_process import FletClient, Server, start_server  # noqa: E402


def one_session(server: Server) -> float:
    started = time.perf_counter()
    client = FletClient(server.port, origin=server.origin)
    client.register()
    client.wait_text("Jolly")
    elapsed = time.perf_counter() - started
    client.close()
    return elapsed


def junk(server: Server, count: int) -> None:
    from websockets.sync.client import connect

    for i in range(count):
        ws = connect(
            f"ws://127.0.0.1:{server.port}/ws",
            origin=server.origin,
            legacy=True,
        )
        ws.send(bytes([i % 3]) + b"\xfe" * 64)
        with contextlib.suppress(Exception):  # closed by the server
            ws.recv(timeout=5)
        ws.close()


def sample(server: Server) -> tuple[int, int]:
    return server.pid_files(), server.rss_kb()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--timeout", type=int, default=20)
    parser.add_argument("--parallel", type=int, default=4)
    parser.add_argument(
        "--pymalloc",
        action="store_true",
        help="keep Python's allocator (JOLLY_SCORER_PYMALLOC=1): the baseline",
    )
    args = parser.parse_args()
    if args.pymalloc:
        EXTRA_ENV["JOLLY_SCORER_PYMALLOC"] = "1"
    with tempfile.TemporaryDirectory() as tmp:
        server = start_server(
            Path(tmp),
            env={"JOLLY_SCORER_SESSION_TIMEOUT": str(args.timeout), **EXTRA_ENV},
            command=True,
        )
        try:
            for _ in range(20):
                one_session(server)
            time.sleep(args.timeout + 25)  # warm-up sessions evicted
            start_files, start_rss = sample(server)
            first = sorted(one_session(server) for _ in range(10))
            t0 = time.perf_counter()
            with ThreadPoolExecutor(args.parallel) as pool:
                times = sorted(
                    pool.map(lambda _: one_session(server), range(args.sessions))
                )
            opened = time.perf_counter() - t0
            junk(server, 800)
            peak_files, peak_rss = sample(server)
            time.sleep(args.timeout + 25)  # eviction tick 10 s, housekeeping 10 s
            end_files, end_rss = sample(server)
            last = sorted(one_session(server) for _ in range(10))
            print(
                f"sessions: {args.sessions} in {opened:.1f} s "
                f"({args.parallel} at a time), then 800 junk connections"
            )
            print(
                f"first screen p50/p90: {times[len(times) // 2] * 1000:.0f} / "
                f"{times[int(len(times) * 0.9)] * 1000:.0f} ms during the run; "
                f"single page {first[5] * 1000:.0f} ms before, "
                f"{last[5] * 1000:.0f} ms after"
            )
            print(
                f"open files: start {start_files}, peak {peak_files}, "
                f"after timeout {end_files} "
                f"(ratio {end_files / start_files:.2f})"
            )
            print(
                f"RSS: start {start_rss / 1024:.1f} MB, peak {peak_rss / 1024:.1f} "
                f"MB, after timeout {end_rss / 1024:.1f} MB "
                f"(ratio {end_rss / start_rss:.2f})"
            )
            log = server.log()
            print(f"server log: {len(log)} bytes")
        finally:
            code = server.stop()
            print(f"SIGTERM: exit status {code}")


if __name__ == "__main__":
    main()
