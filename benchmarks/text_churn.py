"""Pages that keep changing text, served cross-origin isolated (as Flet does)
and as this app serves them (``server/web.py``'s ``PAGE_HEADERS``): how many
freeze for ever.

    uv run python benchmarks/text_churn.py [--pages 3] [--seconds 120]
        [--rounds 2]

A cross-origin isolated page gets Flutter's skwasm renderer on two threads;
in the Flutter of Flet 1.0.5 they race on Skia's glyph cache and the page
ends spinning in ``paragraph_layout`` (flutter/flutter#190039). A table met it
as a page that never came up or froze mid-round, once in some CI runs; this
soak makes it come in seconds.

For each round, each way of serving in turn: a server on 127.0.0.1 (this
app's ``build_app``, and for "isolated" Flet's ``Cross-Origin-Embedder-Policy``
added back) serves a page of 40 texts whose words, sizes and weights change
every 30 ms; ``--pages`` Chromium pages (1280x800, each its own context) show
it for ``--seconds``. Each second every page that still answers is asked for
an animation frame; a page that gives none within 5 s is frozen. Printed per
round and way: ``<way>: F of N pages frozen in S s (first after T s)``, and
the totals. Not a timing: a count, the same on a fast or slow machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

from server_process import free_port  # noqa: E402

from benchmarks.chromium import ARGS, CHROMIUM  # noqa: E402

WAYS = ("isolated", "served")
WORDS = (
    *("Anna", "Ben", "Cleo", "Dora", "Emil", "Kombination", "Runde"),
    *("gespeichert", "Yhdistelmä", "Pelaajan", "Bereit", "zum", "Speichern"),
    *("Valmis", "tallennettavaksi", "Zugedreht", "Handglatt"),
)


def churn_page(page: Any) -> None:
    """A Flet page of 40 texts that change every 30 ms."""
    import flet as ft

    texts = [ft.Text("…") for _ in range(40)]
    page.add(ft.Column(texts, wrap=True, height=780))
    weights = list(ft.FontWeight)

    async def churn() -> None:
        while True:
            for text in texts:
                text.value = " ".join(random.choices(WORDS, k=random.randint(1, 6)))
                text.size = random.uniform(8, 40)
                text.weight = random.choice(weights)
                text.italic = random.random() < 0.5
            page.update()
            await asyncio.sleep(0.03)

    page.run_task(churn)


def serve(port: int, way: str) -> None:
    """Run the server of one way until killed (the child process)."""
    import uvicorn

    from jolly_scorer.server.web import build_app

    app = build_app(churn_page, host="127.0.0.1", port=port)

    async def isolated(scope: Any, receive: Any, send: Any) -> None:
        async def with_coep(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [
                    *message.get("headers", []),
                    (b"cross-origin-embedder-policy", b"require-corp"),
                ]
            await send(message)

        await app(scope, receive, with_coep)

    served = isolated if way == "isolated" else app
    uvicorn.run(served, host="127.0.0.1", port=port, log_level="warning")


def wait_listening(server: subprocess.Popen[bytes], port: int) -> None:
    """Until the server takes connections on ``port`` (30 s at most)."""
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the {port} server did not come up") from None
            time.sleep(0.05)


def soak(browser: Any, way: str, pages: int, seconds: float) -> list[float]:
    """Seconds after the start at which each page froze (one per frozen page)."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, __file__, "--serve", str(port), "--way", way],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,  # a pipe nobody reads could stall it
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_listening(server, port)
        contexts = [
            browser.new_context(viewport={"width": 1280, "height": 800})
            for _ in range(pages)
        ]
        shown = []
        for context in contexts:
            page = context.new_page()
            page.goto(f"http://127.0.0.1:{port}/")
            shown.append(page)
        isolated = shown[0].evaluate("() => window.crossOriginIsolated")
        assert isolated == (way == "isolated"), f"{way}: crossOriginIsolated={isolated}"
        started = time.monotonic()
        frozen: dict[int, float] = {}
        while time.monotonic() - started < seconds:
            for i, page in enumerate(shown):
                if i in frozen:
                    continue
                try:  # bounded: page.evaluate waits for ever on a frozen page
                    page.wait_for_function(
                        "() => new Promise(r => requestAnimationFrame(() => r(1)))",
                        timeout=5_000,
                    )
                except Exception:
                    frozen[i] = time.monotonic() - started
            time.sleep(1)
        for context in contexts:
            # a frozen page may not close in time; its browser goes after
            with contextlib.suppress(Exception):
                context.close()
        return sorted(frozen.values())
    finally:
        server.kill()
        server.wait()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--way", choices=WAYS, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, args.way)
        return

    from playwright.sync_api import sync_playwright

    totals = {way: 0 for way in WAYS}
    with sync_playwright() as pw:
        for _ in range(args.rounds):
            for way in WAYS:
                # a browser per soak: a frozen page keeps a core busy
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                times = soak(browser, way, args.pages, args.seconds)
                totals[way] += len(times)
                first = f" (first after {times[0]:.0f} s)" if times else ""
                print(
                    f"{way}: {len(times)} of {args.pages} pages frozen"
                    f" in {args.seconds:.0f} s{first}",
                    flush=True,
                )
                browser.close()
    runs = args.rounds * args.pages
    for way in WAYS:
        print(f"total {way}: {totals[way]} of {runs} pages frozen", flush=True)
    os._exit(0)  # a frozen page's browser may hold the driver; nothing is left


if __name__ == "__main__":
    main()
