"""The offline web app (``jolly-scorer build-web``) in headless Chromium.

The site is built once per session and served by a plain static server on
127.0.0.1; every other host is blocked (route and host resolver). A game is
started and its first round played; the browser is closed as soon as the round
shows as saved, the server stopped, and a browser restarted on the same profile,
served by the service worker alone, finds the game, continues it with a second
round, exports it and refuses a second tab. Each start of the app boots Pyodide
(the slowest step of the browser tests): three starts, each one needed. The
first visit waits until the interpreter's memory snapshot is kept; the offline
start is restored from it (issue 36, jolly_scorer/web/worker.py).
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    free_port,
    next_frames,
    settle_page,
    shoot_page,
    wait_for_flutter,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PHONE = {"width": 390, "height": 844}
LOAD_TIMEOUT = 90_000  # Pyodide on a loaded 2-core machine


@pytest.fixture(scope="session")
def pwa_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once per session (about 5 s)."""
    from jolly_scorer.web.build import build_site

    return build_site(tmp_path_factory.mktemp("pwa") / "site").path


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


class StaticServer:
    """``python -m http.server`` in a thread: any static host would do."""

    def __init__(self, root: Path, port: int) -> None:
        handler = functools.partial(Quiet, directory=str(root))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
        self.port = port
        self.url = f"http://127.0.0.1:{port}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join()


@contextlib.contextmanager
def browser(chromium: Any, profile: Path, port: int) -> Iterator[tuple[Any, list[str]]]:
    """A Chromium on ``profile`` that reaches 127.0.0.1:port and nothing else."""
    blocked: list[str] = []
    args = [
        *CHROMIUM_ARGS,
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    ]
    context = chromium.browser_type.launch_persistent_context(
        str(profile),
        executable_path=CHROMIUM,
        args=args,
        viewport=PHONE,
        locale="en-US",
        service_workers="allow",
    )
    allowed = f"http://127.0.0.1:{port}/"

    def route(request_route: Any) -> None:
        url = request_route.request.url
        if url.startswith(allowed):
            request_route.continue_()
        else:
            blocked.append(url)
            request_route.abort()

    context.route("**/*", route)
    try:
        yield context, blocked
    finally:
        context.close()


def by_id(page: Any, identifier: str) -> Any:
    return page.locator(f'[flt-semantics-identifier="{identifier}"]').first


def tap(page: Any, identifier: str) -> None:
    loc = by_id(page, identifier)
    loc.wait_for(timeout=20_000)
    loc.scroll_into_view_if_needed()
    loc.click()


def reveal(page: Any, identifier: str) -> None:
    """Scroll (mouse wheel) until the control is inside the window."""
    loc = by_id(page, identifier)
    loc.wait_for(state="attached", timeout=20_000)
    for _ in range(20):
        box = loc.bounding_box()
        if box and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]:
            settle_page(page)  # the scroll came to rest
            return
        page.mouse.move(PHONE["width"] * 0.3, PHONE["height"] / 2)
        page.mouse.wheel(0, 300)
        next_frames(page, 2)  # Flutter scrolls on the wheel event, drawn next frame


FOCUSED_IN = (
    "id => { const a = document.activeElement; return !!a &&"
    " a.tagName === 'INPUT' && !!a.closest(`[flt-semantics-identifier='${id}']`); }"
)


def type_in(page: Any, identifier: str, text: str) -> None:
    """Tap the field, wait until it has the keyboard focus (a key typed before
    is lost), type ``text`` and wait until the field holds it."""
    tap(page, identifier)
    page.wait_for_function(FOCUSED_IN, arg=identifier, timeout=20_000)
    # two frames: Flutter connects its editing state to the focused field
    page.evaluate(
        "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
    )
    page.keyboard.type(text, delay=30)
    page.wait_for_function(
        "w => { const a = document.activeElement; return !!a && a.value === w; }",
        arg=text,
        timeout=20_000,
    )


def open_app(page: Any, url: str) -> None:
    """Open the app; its loading screen (the logo) stays until the first
    screen is drawn (jolly_scorer/web/loading.py): when it goes, the first
    screen is in the accessibility tree already (turned on before it came)."""
    page.goto(url)
    page.wait_for_selector(
        "flt-semantics-placeholder", state="attached", timeout=LOAD_TIMEOUT
    )
    page.evaluate(
        "() => { const p = document.querySelector('flt-semantics-placeholder');"
        " if (p) p.click(); }"
    )
    page.wait_for_selector("#loading", state="detached", timeout=LOAD_TIMEOUT)
    drawn = page.locator("[flt-semantics-identifier]").count()
    assert drawn, "the loading screen went before the app's first screen"


def totals(page: Any, players: int) -> list[str]:
    found = []
    for seat in range(1, players + 1):
        loc = by_id(page, f"total-{seat}")
        try:
            loc.wait_for(timeout=LOAD_TIMEOUT)
        except Exception:
            print(page.evaluate("() => document.body.innerText"))  # what it shows
            raise
        found.append(loc.get_attribute("aria-label") or loc.inner_text())
    return found


def play_round(page: Any, bad_points: dict[int, int]) -> None:
    """Seat 0 went out; "Everyone counted points"; the others' bad points."""
    tap(page, "enter-round")
    tap(page, "round-closer-0")
    tap(page, "round-count-all")  # every player's fields on one screen
    by_id(page, f"round-bad-{next(iter(bad_points))}").wait_for(timeout=20_000)
    if by_id(page, "round-good-0").count():  # plus scoring: the closer's good
        type_in(page, "round-good-0", "0")  # points (a field left empty: missing)
    for seat, points in bad_points.items():
        type_in(page, f"round-bad-{seat}", str(points))
    tap(page, "round-save")
    by_id(page, "enter-round").wait_for(timeout=20_000)


#: The snapshot's entry is in Cache Storage.
HAS_SNAPSHOT = """async () => {
  for (const name of await caches.keys()) {
    if (name.startsWith("jolly-snapshot-")
        && await (await caches.open(name)).match("snapshot")) return true;
  }
  return false;
}"""


def wait_for_snapshot(page: Any) -> None:
    """Poll Cache Storage until the snapshot worker has kept its snapshot."""
    deadline = time.monotonic() + 2 * LOAD_TIMEOUT / 1000
    while not page.evaluate(HAS_SNAPSHOT):
        assert time.monotonic() < deadline, "no snapshot kept"
        page.wait_for_timeout(250)


@contextlib.contextmanager
def first_visit(
    chromium: Any, site: Path, profile: Path
) -> Iterator[tuple[Any, StaticServer, list[str]]]:
    """The site served on a free port and opened in a browser on ``profile``:
    the page, the server (stopped on leaving) and the blocked requests."""
    server = StaticServer(site, free_port())
    try:
        with browser(chromium, profile, server.port) as (context, blocked):
            page = context.pages[0] if context.pages else context.new_page()
            open_app(page, server.url)
            yield page, server, blocked
    finally:
        server.stop()


def start_game(page: Any) -> None:
    """A new game of Anna and Ben, from Home."""
    tap(page, "home-new-game")
    type_in(page, "player-name-1", "Anna")
    type_in(page, "player-name-2", "Ben")
    tap(page, "start-game")


#: The page's canvases, each as [width, height, drawn through a copy]: a
#: canvas whose frames CanvasKit copies in from an offscreen one holds a
#: ``bitmaprenderer`` context; one drawn into in place holds WebGL's (and
#: asking it for another kind of context answers null). Flutter's view keeps
#: them in a shadow root.
CANVASES = """() => {
  const found = [];
  const walk = root => {
    for (const c of root.querySelectorAll('canvas'))
      found.push([c.width, c.height, !!c.getContext('bitmaprenderer')]);
    for (const e of root.querySelectorAll('*')) if (e.shadowRoot) walk(e.shadowRoot);
  };
  walk(document);
  return found;
}"""


def test_offline_app_keeps_games(chromium: Any, pwa_site: Path, tmp_path: Path) -> None:
    profile = tmp_path / "profile"
    with first_visit(chromium, pwa_site, profile) as (page, server, blocked):
        page.get_by_text("New game").first.wait_for(timeout=LOAD_TIMEOUT)
        # Flutter draws each frame into the page's canvas, not into an
        # offscreen one copied over (build patch "frames-in-place")
        canvases = page.evaluate(CANVASES)
        assert canvases and not any(copied for _, _, copied in canvases), canvases
        # the worker has stored the whole site before the server goes away,
        # and the interpreter's snapshot is kept (made before any game:
        # the games are not in it)
        page.evaluate("async () => { await navigator.serviceWorker.ready; }")
        wait_for_snapshot(page)
        start_game(page)
        play_round(page, {1: 15})
        after_one = totals(page, 2)
        # closed as soon as the round shows as saved
    assert all("127.0.0.1" not in url for url in blocked)
    # no server at all now: the service worker serves the installed app
    with browser(chromium, profile, server.port) as (context, blocked):
        page = context.pages[0] if context.pages else context.new_page()
        steps: list[str] = []
        page.on("console", lambda message: steps.append(message.text))
        open_app(page, server.url)
        page.get_by_text("1 round played").first.wait_for(timeout=LOAD_TIMEOUT)
        # started from the snapshot (jolly_scorer/web/worker.py), games intact
        assert any("worker: pyodide from snapshot" in step for step in steps)
        assert not any("snapshot not restored" in step for step in steps)
        # its archive unpacked by the worker's own reader (web/worker.py
        # jollyUntar: the sources' gzip member only), not by Pyodide's
        assert any("worker: archive unpacked" in step for step in steps)
        assert not any("archive unpacked by Pyodide" in step for step in steps)
        # with the WebAssembly compiled beside the snapshot's read
        assert any("worker: wasm compiled" in step for step in steps)
        assert page.evaluate("() => !!navigator.serviceWorker.controller")
        shoot_page(page, "pwa-offline-home-phone")
        tap(page, "home-continue")
        assert totals(page, 2) == after_one
        # the game read back from the browser's storage goes on offline
        play_round(page, {1: 20})
        after_two = totals(page, 2)
        assert after_two != after_one
        shoot_page(page, "pwa-offline-phone")
        # export works offline: the game file is downloaded, with both rounds
        reveal(page, "export-json")
        with page.expect_download(timeout=30_000) as download:
            by_id(page, "export-json").click()
        exported = json.loads(Path(download.value.path()).read_text())
        assert len(exported["rounds"]) == 2
        # a second tab would overwrite the first one's games: it is refused
        other = context.new_page()
        other.goto(server.url)
        wait_for_flutter(other, None, LOAD_TIMEOUT)
        problem = by_id(other, "store-problem")
        problem.wait_for(state="attached", timeout=LOAD_TIMEOUT)
        shoot_page(other, "pwa-second-tab-phone")
        other.close()
        assert not any(url.startswith(server.url) for url in blocked)


def shown(page: Any, identifier: str) -> str:
    loc = by_id(page, identifier)
    loc.wait_for(state="attached", timeout=LOAD_TIMEOUT)
    return f"{loc.get_attribute('aria-label') or ''} {loc.inner_text()}"


SHOWS = (
    "([id, text]) => { const e = document.querySelector("
    "`[flt-semantics-identifier='${id}']`); return !!e && e.innerText.includes(text); }"
)


def test_a_half_entered_round_survives_closing_the_app(
    chromium: Any, pwa_site: Path, tmp_path: Path
) -> None:
    """The phone's system closes the app while a round is half entered: opened
    again, the round's entries are there, the one not typed is still missing
    (not 0), and no round was saved."""
    profile = tmp_path / "profile"
    with first_visit(chromium, pwa_site, profile) as (page, server, _):
        start_game(page)
        tap(page, "enter-round")
        tap(page, "round-closer-0")
        tap(page, "round-count-all")
        type_in(page, "round-bad-1", "15")
        # the answer to the typing is on the screen: the page's updates
        # wait until the browser's storage has the change (web/browser.py)
        page.wait_for_function(SHOWS, arg=["round-total-1", "15"], timeout=20_000)
        assert "–" in shown(page, "round-total-0")  # Anna's: not typed
        # closed with the round half entered
    with browser(chromium, profile, server.port) as (context, _):
        page = context.pages[0] if context.pages else context.new_page()
        open_app(page, server.url)
        by_id(page, "home-continue").wait_for(timeout=LOAD_TIMEOUT)
        tap(page, "home-continue")
        by_id(page, "enter-round").wait_for(timeout=LOAD_TIMEOUT)
        assert "15" not in shown(page, "total-2")  # no round was saved
        tap(page, "enter-round")
        page.wait_for_function(SHOWS, arg=["round-total-1", "15"], timeout=20_000)
        assert "–" in shown(page, "round-total-0")  # still missing, not 0
        assert "Anna" in shown(page, "round-status")  # still needs her points
        shoot_page(page, "pwa-draft-after-close-phone")


#: The app's own caches in Cache Storage (the snapshot's aside), each with
#: whether it holds Flet's client.
SITE_CACHES = """async () => {
  const found = {};
  for (const name of await caches.keys()) {
    if (!name.startsWith("jolly-scorer-")) continue;
    found[name] = !!(await (await caches.open(name)).match("main.dart.js"));
  }
  return found;
}"""


def wait_for_caches(page: Any, expected: dict[str, bool]) -> None:
    """Poll Cache Storage until the app's caches are ``expected``."""
    deadline = time.monotonic() + LOAD_TIMEOUT / 1000
    while (found := page.evaluate(SITE_CACHES)) != expected:
        assert time.monotonic() < deadline, found
        page.wait_for_timeout(250)


def test_a_new_build_is_picked_up_online(
    chromium: Any, pwa_site: Path, tmp_path: Path
) -> None:
    """A new build put on the host: opened online, the installed app goes on
    with the build it has while its service worker stores the new one (Flet's
    client too, stored once the new worker activates); the old build's files
    are then deleted, and opened again the app runs the new build."""
    from jolly_scorer.web.build import precompressed

    worker = (pwa_site / "service-worker.js").read_text()
    old = worker.split('const VERSION = "', 1)[1].split('"', 1)[0]
    new = "0new0build00"
    assert len(new) == len(old) and new != old
    site = tmp_path / "new-build"
    shutil.copytree(pwa_site, site)
    # the new build's client says which it is
    with (site / "main.dart.js").open("a") as client:
        client.write('\n;globalThis.jollyBuild = "new";\n')
    for name in ("service-worker.js", "index.html"):
        path = site / name
        path.write_text(path.read_text().replace(old, new))
    for packed in site.rglob("*.gz"):  # the client's compressed copy is old
        if precompressed(packed):
            packed.unlink()
    profile = tmp_path / "profile"
    port = free_port()
    which = "() => globalThis.jollyBuild || 'old'"
    server = StaticServer(pwa_site, port)
    try:
        with browser(chromium, profile, port) as (context, _):
            page = context.pages[0] if context.pages else context.new_page()
            open_app(page, server.url)
            wait_for_caches(page, {f"jolly-scorer-{old}": True})
    finally:
        server.stop()
    server = StaticServer(site, port)
    try:
        with browser(chromium, profile, port) as (context, _):
            page = context.pages[0] if context.pages else context.new_page()
            open_app(page, server.url)
            assert page.evaluate(which) == "old"  # the build it had
            wait_for_caches(page, {f"jolly-scorer-{new}": True})
        with browser(chromium, profile, port) as (context, _):
            page = context.pages[0] if context.pages else context.new_page()
            open_app(page, server.url)
            assert page.evaluate(which) == "new"
            by_id(page, "home-new-game").wait_for(timeout=LOAD_TIMEOUT)
    finally:
        server.stop()
