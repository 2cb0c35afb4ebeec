"""Time the app's startup in Chromium against a bare Flet hello-world, same run.

    uv run python benchmarks/startup.py [--repeat N] [--rounds R]

1. Startup: from starting the server process to a usable home screen in headless
   Chromium (the "New game" button is in the accessibility tree), for the app and
   for a hello-world Flet app served the same way (web mode, ``no_cdn``, 127.0.0.1).
   Each is the median of ``--repeat`` cold starts; the ratio is app / hello.
2. Redraw: with a game of ``--rounds`` rounds in the database, the time from
   saving one more round to the redrawn scoreboard:
   * in process: ``AppState.save_round`` (score, committed save, history) plus
     rendering the scoreboard and computing the patch sent to the browser;
   * in the browser: tap Redo (which saves the round again) until the new round
     number is shown.

The last lines are

    startup: app X s, hello Y s, ratio R
    redraw (N rounds): in process A ms, in browser B ms

Needs Debian's ``/usr/bin/chromium`` and ``playwright`` (dev dependencies).
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path
from typing import Any

from chromium import ARGS, CHROMIUM

ROOT = Path(__file__).resolve().parents[1]

HELLO = textwrap.dedent(
    """
    import sys
    import flet as ft

    def main(page):
        page.add(ft.Semantics(identifier="home-new-game",
                              content=ft.Button("New game")))

    ft.run(main, view=ft.AppView.WEB_BROWSER, host="127.0.0.1",
           port=int(sys.argv[1]), no_cdn=True)
    """
)
APP = textwrap.dedent(
    """
    import sys
    from jolly_scorer.serve import run
    run(host="127.0.0.1", port=int(sys.argv[1]), web=True, open_browser=False,
        data_dir=sys.argv[2])
    """
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_usable(page: Any, url: str, deadline: float) -> None:
    """Load ``url`` (retrying until the server answers) and wait for the home button."""
    while True:
        try:
            page.goto(url, timeout=5_000)
            break
        except Exception:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.02)
    page.wait_for_selector("flt-semantics-placeholder", state="attached")
    page.evaluate(
        "() => { const p = document.querySelector('flt-semantics-placeholder');"
        " if (p) p.click(); }"
    )
    page.locator('[flt-semantics-identifier="home-new-game"]').first.wait_for()


def start(code: str, data_dir: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    env["FLET_DISPLAY_URL_PREFIX"] = "serving"
    env["LANGUAGE"] = "en"
    proc = subprocess.Popen(
        [sys.executable, "-c", code, str(port), data_dir],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return proc, f"http://127.0.0.1:{port}/"


def time_start(browser: Any, code: str, data_dir: str) -> float:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    t0 = time.monotonic()
    proc, url = start(code, data_dir)
    try:
        wait_usable(page, url, t0 + 60)
        return time.monotonic() - t0
    finally:
        context.close()
        proc.terminate()
        proc.wait()


def long_game(data_dir: str, rounds: int) -> None:
    from jolly_scorer.core.game import Counted, Round, add_round, new_game
    from jolly_scorer.core.rules import find_rules
    from jolly_scorer.store import Store

    players = ("Anna", "Ben", "Cleo", "Dora")
    game = new_game(find_rules("jolly_at"), players, target=1_000_000)
    for i in range(rounds):
        closer = players[i % 4]
        game = add_round(game, round_for(closer, players, i))
    with Store.open(data_dir) as store:
        store.create_game(game)
    del Counted, Round


def round_for(closer: str, players: tuple[str, ...], i: int) -> Any:
    from jolly_scorer.core.game import Counted, Round

    return Round(
        closed_by=closer,
        counted=tuple(
            (p, Counted(good=20 + i % 7, bad=0 if p == closer else 5 + i % 11))
            for p in players
        ),
    )


def redraw_in_process(data_dir: str, repeat: int) -> float:
    """Median ms of Redo (save the round again, score, render, patch) in process.

    Runs the app through the in-process harness of ``tests/flet_harness.py``;
    finding the button is not timed.
    """
    sys.path.insert(0, str(ROOT / "tests"))
    from flet_harness import FletTestApp

    from jolly_scorer.ui import app as ui_app

    app = FletTestApp(lambda page: ui_app.main(page, data_dir), width=1280)
    app.click(app.find(semantics="home-continue"))
    times = []
    for _ in range(repeat):
        app.click(app.find(semantics="undo"))
        redo = app.find(semantics="redo")
        t0 = time.perf_counter()
        app.click(redo)
        times.append((time.perf_counter() - t0) * 1000)
    app.close()
    return statistics.median(times)


def redraw_in_browser(browser: Any, data_dir: str, rounds: int, repeat: int) -> float:
    proc, url = start(APP, data_dir)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        wait_usable(page, url, time.monotonic() + 60)
        page.locator('[flt-semantics-identifier="home-continue"]').first.click()
        undo = page.locator('[flt-semantics-identifier="undo"]').first
        redo = page.locator('[flt-semantics-identifier="redo"]').first
        undo.wait_for()
        times = []
        n = rounds + 1  # the scoreboard's title: the round to enter next

        def shown(number: int) -> None:
            page.get_by_text(f"Round {number}", exact=True).first.wait_for()

        shown(n)
        for _ in range(repeat):
            undo.click()
            shown(n - 1)
            t0 = time.monotonic()
            redo.click()
            shown(n)
            times.append((time.monotonic() - t0) * 1000)
        return statistics.median(times)
    finally:
        context.close()
        proc.terminate()
        proc.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw, tempfile.TemporaryDirectory() as tmp:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        time_start(browser, HELLO, tmp)  # warm the disk cache for both
        hello, app = [], []
        for i in range(args.repeat):
            hello.append(time_start(browser, HELLO, tmp))
            app.append(time_start(browser, APP, f"{tmp}/empty{i}"))
        h, a = statistics.median(hello), statistics.median(app)
        print(f"hello runs: {', '.join(f'{x:.2f}' for x in hello)} s")
        print(f"app runs:   {', '.join(f'{x:.2f}' for x in app)} s", flush=True)
        long_dir = f"{tmp}/long"
        long_game(long_dir, args.rounds)
        browser_ms = redraw_in_browser(browser, long_dir, args.rounds, args.repeat)
        local_ms = redraw_in_process(long_dir, args.repeat)
        browser.close()
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"load average during the run: {load} (other work skews the times)")
    print(f"startup: app {a:.2f} s, hello {h:.2f} s, ratio {a / h:.2f}")
    print(
        f"redraw ({args.rounds} rounds): in process {local_ms:.0f} ms, "
        f"in browser {browser_ms:.0f} ms"
    )


if __name__ == "__main__":
    main()
