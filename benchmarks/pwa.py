"""Time the offline web app (``jolly-scorer build-web``) in Chromium against a
published hello-world counter built the same way, in the same run.

    uv run python benchmarks/pwa.py [--repeat N]

Both sites are built by :func:`jolly_scorer.web.build.build_site` (the hello
world with its own ``main.py`` and only flet's packages), served by a static
server on 127.0.0.1, every other host blocked (Chromium's host resolver). For
each site and each of
``--repeat`` rounds:

* first visit: a fresh browser profile, from ``goto`` to a usable first screen
  (its button in the accessibility tree); the bytes the server sent until the
  service worker has stored the site are the first-load transfer;
* repeat visit: the browser restarted on that profile (an installed app opened
  again), from ``goto`` to usable; the service worker answers.

Last lines:

    first visit: app X s, hello Y s, ratio R
    repeat visit: app X s, hello Y s, ratio R
    site: app A MB (N files), hello B MB; first-load transfer app C MB, hello D MB

Needs Debian's ``/usr/bin/chromium`` and playwright (dev dependencies).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from chromium import ARGS as CHROMIUM_ARGS
from chromium import CHROMIUM

ARGS = [*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
TIMEOUT = 120_000

HELLO = """\
import flet as ft


def main(page: ft.Page) -> None:
    count = ft.Text("0", size=40)

    def add(e):
        count.value = str(int(count.value or "0") + 1)
        page.update()

    page.add(count, ft.Button("Add one", on_click=add))


ft.run(main)
"""


class Counting(http.server.SimpleHTTPRequestHandler):
    """Static files; counts the bytes of every response body."""

    sent = 0
    lock = threading.Lock()

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        with Counting.lock:
            Counting.sent += len(data)
        outputfile.write(data)


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a browser closed mid-download: not the benchmark's business


def serve(root: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    handler = functools.partial(Counting, directory=str(root))
    httpd = Server(("127.0.0.1", port), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{port}/"


def usable(page: Any, text: str) -> None:
    """Wait until ``text`` is in Flutter's accessibility tree."""
    page.wait_for_selector(
        "flt-semantics-placeholder", state="attached", timeout=TIMEOUT
    )
    page.evaluate(
        "() => { const p = document.querySelector('flt-semantics-placeholder');"
        " if (p) p.click(); }"
    )
    page.get_by_text(text, exact=False).first.wait_for(
        state="attached", timeout=TIMEOUT
    )


def visit(
    pw: Any, profile: Path, url: str, text: str, first: bool
) -> tuple[float, int]:
    context = pw.chromium.launch_persistent_context(
        str(profile),
        executable_path=CHROMIUM,
        args=ARGS,
        viewport={"width": 390, "height": 844},
    )
    try:
        # other hosts are blocked by the host resolver rule (ARGS); no
        # playwright route: it turns the HTTP cache off, and with it the
        # revalidation (304) that the service worker's precache relies on
        page = context.pages[0] if context.pages else context.new_page()
        Counting.sent = 0
        start = time.perf_counter()
        page.goto(url)
        usable(page, text)
        took = time.perf_counter() - start
        if first:  # the worker has stored the whole site
            page.evaluate("async () => { await navigator.serviceWorker.ready; }")
        return took, Counting.sent
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2)
    options = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from jolly_scorer.web.build import build_site, stage_app

    with tempfile.TemporaryDirectory(prefix="pwa-bench-") as tmp:
        work = Path(tmp)
        print("building the sites...", file=sys.stderr)
        sites = {
            "app": (build_site(work / "app"), "New game"),
            "hello": (
                build_site(
                    work / "hello",
                    stage=lambda d: stage_app(d, main_py=HELLO, root="flet"),
                ),
                "Add one",
            ),
        }
        times: dict[tuple[str, str], list[float]] = {}
        transfer: dict[str, list[int]] = {}
        with sync_playwright() as pw:
            for round_ in range(options.repeat):
                for name, (site, text) in sites.items():
                    httpd, url = serve(site.path)
                    try:
                        profile = work / f"profile-{name}-{round_}"
                        took, sent = visit(pw, profile, url, text, first=True)
                        times.setdefault((name, "first"), []).append(took)
                        transfer.setdefault(name, []).append(sent)
                        again, _ = visit(pw, profile, url, text, first=False)
                        times.setdefault((name, "repeat"), []).append(again)
                    finally:
                        httpd.shutdown()
                        httpd.server_close()
                    print(
                        f"{name} round {round_ + 1}: first {took:.1f} s "
                        f"({sent / 1e6:.1f} MB), repeat {again:.1f} s",
                        file=sys.stderr,
                    )
        for visit_kind in ("first", "repeat"):
            app = statistics.median(times[("app", visit_kind)])
            hello = statistics.median(times[("hello", visit_kind)])
            print(
                f"{visit_kind} visit: app {app:.1f} s, hello {hello:.1f} s, "
                f"ratio {app / hello:.2f}"
            )
        app_site, hello_site = sites["app"][0], sites["hello"][0]
        print(
            f"site: app {app_site.size / 1e6:.1f} MB ({app_site.files} files), "
            f"hello {hello_site.size / 1e6:.1f} MB; first-load transfer "
            f"app {statistics.median(transfer['app']) / 1e6:.1f} MB, "
            f"hello {statistics.median(transfer['hello']) / 1e6:.1f} MB"
        )


if __name__ == "__main__":
    main()
