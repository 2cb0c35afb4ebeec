"""Time the offline web app (``jolly-scorer build-web``) in Chromium against a
published hello-world counter built the same way, in the same run.

    uv run python benchmarks/pwa.py [--repeat N] [--timeline] [--plain]
        [--base-site DIR] [--reopen N] [--stay S]

Both sites are built by :func:`jolly_scorer.web.build.build_site`; the hello
world (its own ``main.py``, only flet's packages) with ``fast=False``: Flet's
worker as published and no precompressed files, the reference it was before
issue 36. They are served by a static server on 127.0.0.1 that sends a
``NAME.gz`` beside a file with ``Content-Encoding: gzip`` when the browser
accepts it (``--plain``: never), every other host blocked (Chromium's host
resolver). For each site and each of ``--repeat`` rounds:

* first visit: a fresh browser profile, from ``goto`` to a usable first screen
  (its button in the accessibility tree); the bytes the server sent until the
  service worker has stored the site (and, for the app, until its memory
  snapshot is kept: jolly_scorer/web/worker.py) are the first-load transfer,
  counted as sent and as they would be uncompressed;
* repeat visit: the browser restarted on that profile (an installed app opened
  again), from ``goto`` to usable; the service worker answers (``--reopen N``:
  N times, each counted).

The sites' order is reversed every other round.

``--stay S``: every visit stays open S seconds after it is usable (the first
after the snapshot is kept), not counted, as a person at the table uses the
app. Chromium keeps a WebAssembly module's compiled code only after it ran a
while, so without it no visit leaves a compiled CanvasKit or Pyodide for the
next (docs/performance.md, "Sixth pass").

``--base-site DIR`` adds a phone app built before (``jolly-scorer build-web
DIR`` at another commit) as "base", visited in the same rounds as the app
and the hello world: old and new alternated in one run, each against the same
hello world.

``--timeline`` prints each visit's steps (the ``jolly-timeline`` marks of the
page, the worker and the app, Flet's own console lines at ``jsConnect`` and
at the worker's answer, in the hello world too, and when the big files
arrived). Last lines:

    first visit: app X s, hello Y s, ratio R
    repeat visit: app X s, hello Y s, ratio R
      (with --reopen 2 or more, a line per site: the first reopen after the
      install apart from the later ones; Chrome makes a script's code cache
      at the first run the service worker answers)
    site: ...; first-load transfer app C MB sent (U MB uncompressed), hello ...

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
    """Static files, as a host that serves precompressed files sends them: a
    ``NAME.gz`` beside the file goes out with ``Content-Encoding: gzip`` when
    the browser accepts it (unless ``plain``). Counts the bytes of every
    response body as sent (``sent``) and as they would be uncompressed
    (``raw``)."""

    sent = 0
    raw = 0
    plain = False
    lock = threading.Lock()

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def send_head(self) -> Any:
        path = Path(self.translate_path(self.path))
        packed = path.with_name(path.name + ".gz")
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if Counting.plain or not accepts or not path.is_file() or not packed.is_file():
            self._raw_size = path.stat().st_size if path.is_file() else 0
            return super().send_head()
        modified = self.date_time_string(int(path.stat().st_mtime))
        if self.headers.get("If-Modified-Since") == modified:
            self.send_response(http.server.HTTPStatus.NOT_MODIFIED)
            self.end_headers()
            return None
        body = packed.open("rb")
        self._raw_size = path.stat().st_size
        self.send_response(http.server.HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(packed.stat().st_size))
        self.send_header("Last-Modified", modified)
        self.end_headers()
        return body

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        with Counting.lock:
            Counting.sent += len(data)
            Counting.raw += getattr(self, "_raw_size", len(data))
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
    """Wait until ``text`` is in Flutter's accessibility tree and the page's
    loading screen is gone (the app's build keeps it over Flutter's view until
    the first screen is drawn: jolly_scorer/web/loading.py)."""
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
    page.wait_for_selector("#loading", state="detached", timeout=TIMEOUT)


#: What the timeline shows besides the ``jolly-timeline`` marks (the app's
#: build only: jolly_scorer/web/worker.py): when the page's big files arrived.
RESOURCES = ("main.dart.js", "canvaskit.wasm", "pyodide.asm.wasm", "app.tar.gz")


#: Flet's own console lines (python.js), in the hello world too: Flutter's
#: ``jsConnect`` and the worker's answer.
FLET_LOG = {
    "Starting up Python worker": "page: jsConnect (Flet's log)",
    "Python worker initialized": "page: python initialized (Flet's log)",
}


HAS_SNAPSHOT = """async () => {
  for (const name of await caches.keys()) {
    if (name.startsWith("jolly-snapshot-")
        && await (await caches.open(name)).match("snapshot")) return true;
  }
  return false;
}"""


def visit(
    pw: Any,
    profile: Path,
    url: str,
    text: str,
    first: bool,
    snapshot: bool,
    stay: float = 0.0,
) -> tuple[float, int, int, list[tuple[float, str]]]:
    """One visit: seconds to usable, bytes sent and uncompressed, and the
    timeline (seconds after navigation start, step). ``stay``: seconds the
    browser stays open after that (as a person at the table uses the app),
    not counted."""
    context = pw.chromium.launch_persistent_context(
        str(profile),
        executable_path=CHROMIUM,
        args=ARGS,
        viewport={"width": 390, "height": 844},
    )
    marks: list[tuple[float, str]] = []

    def console(message: Any) -> None:
        parts = message.text.split(" ")
        if parts[0] == "jolly-timeline":
            marks.append((float(parts[-1]) / 1000, " ".join(parts[1:-1])))
        elif message.text.startswith(tuple(FLET_LOG)):  # both sites, when it arrived
            marks.append((time.time(), FLET_LOG[message.text.split(":")[0]]))

    try:
        # other hosts are blocked by the host resolver rule (ARGS); no
        # playwright route: it turns the HTTP cache off, and with it the
        # revalidation (304) that the service worker's precache relies on
        page = context.pages[0] if context.pages else context.new_page()
        page.on("console", console)
        Counting.sent = Counting.raw = 0
        began = time.time()
        start = time.perf_counter()
        page.goto(url)
        usable(page, text)
        took = time.perf_counter() - start
        origin = page.evaluate("() => performance.timeOrigin") / 1000
        resources = page.evaluate(
            "() => performance.getEntriesByType('resource')"
            ".map(e => [e.name, e.responseEnd])"
        )
        for name, end in resources:
            if name.rsplit("/", 1)[-1] in RESOURCES:
                fetched = "page: fetched " + name.split("/", 3)[-1]
                marks.append((origin + end / 1000, fetched))
        marks.append((began + took, "usable (first screen's button)"))
        if first:  # the worker has stored the whole site
            page.evaluate("async () => { await navigator.serviceWorker.ready; }")
            if snapshot:  # and the app's snapshot is kept (web/worker.py)
                deadline = time.perf_counter() + TIMEOUT / 1000
                while not page.evaluate(HAS_SNAPSHOT):
                    if time.perf_counter() > deadline:
                        print("no snapshot kept", file=sys.stderr)
                        break
                    page.wait_for_timeout(500)
                marks.append((time.time(), "snapshot kept (after usable)"))
        if stay:
            page.wait_for_timeout(stay * 1000)
        timeline = sorted((at - origin, step) for at, step in marks)
        return took, Counting.sent, Counting.raw, timeline
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument(
        "--timeline", action="store_true", help="print each visit's timeline"
    )
    parser.add_argument(
        "--plain", action="store_true", help="serve no precompressed files"
    )
    parser.add_argument(
        "--base-site",
        type=Path,
        action="append",
        help="a phone app built before (build-web DIR of another commit), "
        "measured in the same rounds as 'base' (again: 'base2', ...)",
    )
    parser.add_argument(
        "--reopen",
        type=int,
        default=1,
        help="times each site is opened again per round (each a browser "
        "restarted on the profile; the median of all is reported)",
    )
    parser.add_argument(
        "--stay",
        type=float,
        default=0.0,
        help="seconds every visit stays open after it is usable (and on the "
        "first visit after the snapshot is kept), not counted: the browser's "
        "code caches of the WebAssembly are written only after it ran a while",
    )
    options = parser.parse_args()
    Counting.plain = options.plain
    from playwright.sync_api import sync_playwright

    from jolly_scorer.web.build import build_site, measure, stage_app

    with tempfile.TemporaryDirectory(prefix="pwa-bench-") as tmp:
        work = Path(tmp)
        print("building the sites...", file=sys.stderr)
        sites = {
            "app": (build_site(work / "app"), "New game"),
            # Flet's hello world made offline as before issue 36 (no
            # SPEED_PATCHES, no precompressed files): the same reference
            # before and after
            "hello": (
                build_site(
                    work / "hello",
                    stage=lambda d: stage_app(d, main_py=HELLO, root="flet"),
                    fast=False,
                ),
                "Add one",
            ),
        }
        for number, base in enumerate(options.base_site or ()):
            name = "base" if number == 0 else f"base{number + 1}"
            sites[name] = (measure(base.resolve()), "New game")
        times: dict[tuple[str, str], list[float]] = {}
        transfer: dict[str, list[tuple[int, int]]] = {}
        with sync_playwright() as pw:
            for round_ in range(options.repeat):
                # alternated: a later place in a round is not always the
                # same site's (the machine's load drifts within a round)
                order = list(sites.items())
                if round_ % 2:
                    order.reverse()
                for name, (site, text) in order:
                    httpd, url = serve(site.path)
                    try:
                        profile = work / f"profile-{name}-{round_}"
                        took, sent, raw, line = visit(
                            pw,
                            profile,
                            url,
                            text,
                            True,
                            name != "hello",
                            options.stay,
                        )
                        times.setdefault((name, "first"), []).append(took)
                        transfer.setdefault(name, []).append((sent, raw))
                        agains = []
                        for _ in range(options.reopen):
                            again, _, _, line2 = visit(
                                pw, profile, url, text, False, False, options.stay
                            )
                            agains.append(again)
                        times.setdefault((name, "repeat"), []).extend(agains)
                        times.setdefault((name, "repeat 1"), []).append(agains[0])
                        times.setdefault((name, "repeat 2+"), []).extend(agains[1:])
                    finally:
                        httpd.shutdown()
                        httpd.server_close()
                    print(
                        f"{name} round {round_ + 1}: first {took:.1f} s "
                        f"({sent / 1e6:.1f} MB sent, {raw / 1e6:.1f} MB "
                        f"uncompressed), repeat "
                        + ", ".join(f"{a:.1f}" for a in agains)
                        + " s",
                        file=sys.stderr,
                    )
                    if options.timeline:
                        for kind, steps in (("first", line), ("repeat", line2)):
                            print(f"  {name} {kind} visit:", file=sys.stderr)
                            for at, step in steps:
                                print(f"    {at:6.2f} s  {step}", file=sys.stderr)
        for visit_kind in ("first", "repeat"):
            hello = statistics.median(times[("hello", visit_kind)])
            for name in sites:
                if name == "hello":
                    continue
                app = statistics.median(times[(name, visit_kind)])
                label = "" if name == "app" else f" ({name})"
                print(
                    f"{visit_kind} visit{label}: app {app:.1f} s, hello "
                    f"{hello:.1f} s, ratio {app / hello:.2f}"
                )
        if options.reopen > 1:  # the first reopen after an install apart
            for name in sites:
                first, later = (
                    statistics.median(times[(name, kind)])
                    for kind in ("repeat 1", "repeat 2+")
                )
                print(
                    f"  {name}: opened again first after the install "
                    f"{first:.1f} s, later {later:.1f} s"
                )
        app_site, hello_site = sites["app"][0], sites["hello"][0]

        def mb(name: str, index: int) -> float:
            return statistics.median(t[index] for t in transfer[name]) / 1e6

        print(
            f"site: app {app_site.size / 1e6:.1f} MB ({app_site.files} files), "
            f"hello {hello_site.size / 1e6:.1f} MB; first-load transfer "
            f"app {mb('app', 0):.1f} MB sent ({mb('app', 1):.1f} MB "
            f"uncompressed), hello {mb('hello', 0):.1f} MB sent "
            f"({mb('hello', 1):.1f} MB uncompressed)"
        )


if __name__ == "__main__":
    main()
