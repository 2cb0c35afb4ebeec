"""Browser end-to-end fixtures: a Flet app in web mode + headless Chromium.

A screen test::

    @pytest.mark.browser
    def test_new_game(web_app, tmp_path):
        app = web_app("jolly_scorer.ui.app:main", viewport="phone",
                      env={"JOLLY_SCORER_DATA": str(tmp_path)}, wait_text="Jolly")
        app.by_id("new-game").click()
        app.type_into(app.page.get_by_label("Player 1"), "Anna")
        app.wait_text("Anna")
        app.tap_and_wait(app.by_id("start"), "Round 1")  # tap, wait for the result
        app.screenshot("new-game-phone")   # -> build/screenshots/new-game-phone.png

Tests wait on state, never on the clock: ``wait_text``/``wait_label`` for what
a tap shows, ``wait_gone`` for what it hides, ``wait_until`` for anything else
(checked once per animation frame), ``settle`` for a still screen.

Screenshots go to ``build/screenshots/`` (ignored by git), or to
``$JOLLY_SCREENSHOTS``. The README's pictures in ``assets/screenshots/`` are
refreshed only on purpose: ``uv run python -m tests.e2e.refresh_screenshots``.

Chromium is Debian's ``/usr/bin/chromium`` (never ``playwright install``). When
it is missing these tests are skipped, unless ``JOLLY_REQUIRE_BROWSER=1`` (CI),
which makes them fail.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # benchmarks/ (a namespace package), in any checkout
    sys.path.append(str(ROOT))

from support import spare  # noqa: E402  (servers imported ahead)
from support.paths import FAILED, SCREENSHOTS, file_name  # noqa: E402

# Chromium and its launch flags have one home, shared with the benchmarks
from benchmarks.chromium import ARGS as CHROMIUM_ARGS  # noqa: E402
from benchmarks.chromium import CHROMIUM  # noqa: E402

SERVE = Path(__file__).resolve().parent / "serve.py"
README_SCREENSHOTS = ROOT / "assets" / "screenshots"
VIEWPORTS = {"phone": (390, 844), "desktop": (1280, 800)}


def _no_browser(reason: str) -> None:
    if os.environ.get("JOLLY_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{reason} (JOLLY_REQUIRE_BROWSER=1)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """One headless Chromium for the whole run (each test gets its own context)."""
    if not Path(CHROMIUM).exists():
        _no_browser("install Debian's chromium: apt-get install chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _no_browser("playwright is not installed: uv sync")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        native_context = browser.new_context

        def new_context(*args: Any, **kwargs: Any) -> Any:
            context = native_context(*args, **kwargs)
            context.on("page", watch_sockets)  # for save_failed_pages
            native_page = context.new_page

            def new_page(*args: Any, **kwargs: Any) -> Any:
                page = native_page(*args, **kwargs)
                watch_script(context, page)  # before its script runs
                return page

            context.new_page = new_page
            return context

        browser.new_context = new_context
        yield browser
        browser.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: Any) -> Iterator[None]:
    """Keep each phase's report on the test (``item.rep_call``...), so that the
    teardown of a failed browser test can save what its pages showed."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


def _failed(request: pytest.FixtureRequest) -> bool:
    return any(
        getattr(getattr(request.node, f"rep_{when}", None), "failed", False)
        for when in ("setup", "call")
    )


#: What the page's accessibility tree holds: every node with an identifier, a
#: label or text, its box, and what a click at its middle would hit (a node
#: covered by another one times out on a click although it is found).
SEMANTICS_DUMP = """() => {
  const out = [];
  const active = document.activeElement;
  out.push('active element: ' + (active ? active.outerHTML.slice(0, 200) : null));
  out.push('loading screen: ' + !!document.querySelector('#loading'));
  out.push('reconnect banner: ' + !!document.getElementById('jolly-reconnecting'));
  out.push('semantics placeholder: '
    + !!document.querySelector('flt-semantics-placeholder'));
  const nodes = 'flt-semantics, [flt-semantics-identifier]';
  for (const n of document.querySelectorAll(nodes)) {
    const id = n.getAttribute('flt-semantics-identifier');
    const label = n.getAttribute('aria-label');
    const own = [...n.childNodes].filter(c => c.nodeType === 3)
      .map(c => c.textContent).join('').trim();
    if (!id && !label && !own) continue;
    const r = n.getBoundingClientRect();
    let hit = '';
    if (r.width && r.height) {
      const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      if (at && at !== n && !n.contains(at)) {
        hit = ' covered by <' + at.tagName.toLowerCase()
          + (at.id ? '#' + at.id : '')
          + (at.getAttribute('flt-semantics-identifier')
             ? ' ' + at.getAttribute('flt-semantics-identifier') : '')
          + (at.getAttribute('aria-label')
             ? ' "' + at.getAttribute('aria-label').slice(0, 40) + '"' : '') + '>';
      }
    }
    const at = [r.x, r.y, r.width, r.height].map(Math.round);
    out.push((id ? '[' + id + '] ' : '')
      + (label ? 'label=' + JSON.stringify(label) + ' ' : '')
      + (own ? 'text=' + JSON.stringify(own) + ' ' : '')
      + `at ${at[0]},${at[1]} ${at[2]}x${at[3]}` + hit
      + (n.getAttribute('aria-disabled') === 'true' ? ' disabled' : ''));
  }
  return out.join('\\n');
}"""


def watch_sockets(page: Any) -> None:
    """Note when the page's websockets open and close (``page.jolly_sockets``):
    a socket that closes lays the app's reconnect banner over the page
    (``jolly_scorer/web/reconnect.py``), which takes every click."""
    events: list[str] = []
    start = time.monotonic()
    page.jolly_sockets = events

    def note(what: str, url: str) -> None:
        events.append(f"{time.monotonic() - start:7.2f} s {what} {url}")

    def opened(socket: Any) -> None:
        note("opened", socket.url)
        socket.on("close", lambda _: note("closed", socket.url))
        socket.on("socketerror", lambda error: note(f"error {error}", socket.url))

    page.on("websocket", opened)


def watch_script(context: Any, page: Any) -> None:
    """Keep a debugger on a new page (``page.jolly_debugger``), so that a
    page whose script stops answering can say where it is
    (:func:`script_stack`). Called from ``context.new_page``: the sync API
    runs an event handler's calls only at some later call of the test.

    It must be there before: on a page that is busy, ``Debugger.enable``
    waits for the page like everything else, while ``Debugger.pause`` on an
    enabled debugger interrupts the running script. Breakpoints are off, so a
    ``debugger`` statement in the page never stops it."""
    try:
        session = context.new_cdp_session(page)
        session.send("Debugger.enable")
        session.send("Debugger.setBreakpointsActive", {"active": False})
    except Exception:  # a page closed at once: nothing to watch
        return
    page.jolly_debugger = session


def script_stack(page: Any, seconds: float = 5) -> str:
    """Where the script of a page that does not answer is: the call stack at
    the moment ``Debugger.pause`` interrupts it (innermost first), or why
    there is none. The page stays paused (it is closed after its dump)."""
    session = getattr(page, "jolly_debugger", None)
    if session is None:
        return "no debugger on the page"
    paused: list[dict[str, Any]] = []
    try:
        session.on("Debugger.paused", lambda event: paused.append(event))
        session.send("Debugger.pause")
        deadline = time.monotonic() + seconds
        while not paused and time.monotonic() < deadline:
            page.wait_for_timeout(100)  # the driver's clock, not the page's
    except Exception as e:
        return f"no stack: {e}"
    if not paused:
        return f"no stack: not paused within {seconds:g} s"
    lines = []
    for frame in paused[0].get("callFrames", [])[:40]:
        where = frame.get("location", {})
        url = frame.get("url", "").rsplit("/", 1)[-1] or "?"
        line, column = where.get("lineNumber", 0) + 1, where.get("columnNumber", 0)
        name = frame.get("functionName") or "(anonymous)"
        lines.append(f"  {name} {url}:{line}:{column}")
    return "\n".join(lines) or "an empty stack"


def save_failed_pages(request: pytest.FixtureRequest, contexts: list[Any]) -> None:
    """On a failed browser test: for each of its open pages, a screenshot and
    its semantics (``SEMANTICS_DUMP``) in ``build/screenshots/failed/``."""
    if not _failed(request):
        return
    dump_pages(FAILED, file_name(request.node.name), contexts)


def dump_pages(folder: Path, name: str, contexts: list[Any]) -> None:
    """A screenshot and the semantics of each page of ``contexts``, as
    ``folder/name-N.png`` and ``.txt``; every step bounded, so a page that
    hangs is reported as such (and never holds the run)."""
    folder.mkdir(parents=True, exist_ok=True)
    pages = [page for context in contexts for page in context.pages]
    for number, page in enumerate(pages, 1):
        stem = folder / f"{name}-{number}"
        try:
            stem.with_suffix(".png").write_bytes(page.screenshot(timeout=5_000))
        except Exception as e:  # a crashed page: say so, go on
            stem.with_suffix(".png.txt").write_text(f"no screenshot: {e}\n")
        try:  # bounded: page.evaluate waits for ever on a page that hangs
            dump = page.wait_for_function(SEMANTICS_DUMP, timeout=5_000)
            text = f"url: {page.url}\n" + dump.json_value()
        except Exception as e:
            text = f"url: {page.url}\nno semantics: {e}"
            text += "\nthe page's script, interrupted:\n" + script_stack(page)
        sockets = getattr(page, "jolly_sockets", None)
        if sockets is not None:
            text += "\nwebsockets (seconds after the page opened):\n"
            text += "\n".join(sockets) or "none"
        stem.with_suffix(".txt").write_text(text + "\n")


@pytest.fixture(autouse=True)
def _close_left_pages(request: pytest.FixtureRequest) -> Iterator[None]:
    """After each browser test, every browser context it left open is closed.

    A page left open outlives its test: its Flutter client keeps running
    (backgrounding is off, see ``benchmarks/chromium.py``) and keeps trying
    to reconnect to a server that is gone, in the one Chromium every later
    test shares, so every later page starts slower. Contexts that were open
    before the test (a module's or session's own) are left alone."""
    if "chromium" not in request.fixturenames:
        yield
        return
    browser = request.getfixturevalue("chromium")
    before = list(browser.contexts)
    yield
    left = [c for c in browser.contexts if not any(c is kept for kept in before)]
    save_failed_pages(request, left)
    for context in left:
        context.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class WebApp:
    """A served app and the browser page showing it."""

    page: Any  # playwright.sync_api.Page
    url: str
    server: subprocess.Popen[bytes]
    log_path: Path
    _closers: list[Callable[[], None]] = field(default_factory=list)

    def wait_text(self, text: str, timeout: float = 15_000) -> Any:
        loc = self.page.get_by_text(text, exact=False).first
        loc.wait_for(state="attached", timeout=timeout)
        return loc

    def _text_or_label(self, text: str) -> Any:
        label = self.page.locator(f"[aria-label*={json.dumps(text)}]")
        return label.or_(self.page.get_by_text(text, exact=False)).first

    def wait_label(self, text: str, timeout: float = 15_000) -> Any:
        """Wait for ``text`` shown as text or inside an accessible label."""
        loc = self._text_or_label(text)
        loc.wait_for(state="attached", timeout=timeout)
        return loc

    def wait_gone(self, text: str, timeout: float = 15_000) -> None:
        """Wait until no text or accessible label contains ``text``."""
        self._text_or_label(text).wait_for(state="detached", timeout=timeout)

    def tap_and_wait(self, locator: Any, text: str, timeout: float = 15_000) -> Any:
        """Tap ``locator``, then wait for ``text`` (text or label) to appear."""
        locator.click()
        return self.wait_label(text, timeout)

    def next_frames(self, count: int = 2) -> None:
        """Wait for ``count`` animation frames of the page (not a clock)."""
        next_frames(self.page, count)

    def wait_until(
        self, predicate: Callable[[], bool], timeout: float = 15_000, what: str = ""
    ) -> None:
        """Check ``predicate()`` once per animation frame until it holds."""
        deadline = time.monotonic() + timeout / 1000
        while not predicate():
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what or predicate}")
            self.next_frames(1)

    def settle(self, timeout: float = 10_000) -> None:
        """Wait until the screen is still: three identical frames in a row.

        Flutter draws on a canvas, so animations (a page sliding in, a message
        fading in) are only visible in the pixels.
        """
        settle_page(self.page, timeout)

    def by_id(self, identifier: str) -> Any:
        """Locator of an ``ft.Semantics(identifier=...)`` wrapped control."""
        return self.page.locator(f'[flt-semantics-identifier="{identifier}"]')

    def _focused_field(self, timeout: float) -> str:
        """Wait until a text field has the keyboard focus; its text."""
        self.page.wait_for_function(
            "() => { const a = document.activeElement;"
            " return !!a && (a.tagName === 'INPUT' || a.tagName === 'TEXTAREA'); }",
            timeout=timeout,
        )
        self.next_frames(2)  # Flutter connects its editing state to the field
        value: str = self.page.evaluate("() => document.activeElement.value")
        return value

    def _wait_field_value(self, wanted: str, timeout: float) -> None:
        try:
            self.page.wait_for_function(
                "w => { const a = document.activeElement;"
                " return !!a && a.value !== undefined && a.value.includes(w); }",
                arg=wanted,
                timeout=timeout,
            )
        except Exception as e:
            value = self.page.evaluate(
                "() => document.activeElement && document.activeElement.value"
            )
            raise AssertionError(
                f"typed {wanted!r}, but the field holds {value!r}"
            ) from e

    def type_into(self, locator: Any, text: str) -> None:
        """Flutter text fields ignore ``fill()``: click, then type keys.

        Waits until the field has the keyboard focus before the first key, and
        until the field holds the typed text after the last.
        """
        locator.click()
        self._focused_field(timeout=10_000)
        self.page.keyboard.type(text, delay=30)
        self._wait_field_value(text, timeout=10_000)

    def replace_text(self, locator: Any, text: str) -> None:
        """Click a text field, clear it and type ``text`` (waiting as above)."""
        locator.click()
        if self._focused_field(timeout=10_000):
            self.page.keyboard.press("Control+A")
            self.page.keyboard.press("Backspace")
            self.wait_until(
                lambda: self.page.evaluate("() => document.activeElement.value") == "",
                what="the field to be empty",
            )
        self.page.keyboard.type(text, delay=30)
        self._wait_field_value(text, timeout=10_000)

    def screenshot(self, name: str, full_page: bool = False) -> Path:
        """Save ``NAME.png`` in ``build/screenshots`` (or ``$JOLLY_SCREENSHOTS``)
        once the screen is still (a screen that never stops moving, such as a
        spinner, is taken as it is after 5 s)."""
        still = still_frame(self.page, 5_000)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        if full_page or still is None or len(still) < BLANK_PNG_BYTES:
            still = painted_screenshot(self.page, full_page)
        path.write_bytes(still)  # the still frame itself: no fourth picture
        return path

    def server_log(self) -> str:
        return self.log_path.read_text(errors="replace")


BLANK_PNG_BYTES = 6_000  # an unpainted page's PNG (2.7 KB at 390 x 844)


def next_frames(page: Any, count: int = 2) -> None:
    """Wait for ``count`` animation frames of ``page`` (not a clock)."""
    page.evaluate(
        "n => new Promise(done => { const step = k => k > 0 ?"
        " requestAnimationFrame(() => step(k - 1)) : done(); step(n); })",
        count,
    )


def still_frame(page: Any, timeout: float = 10_000) -> bytes | None:
    """Wait until three screenshots of ``page`` in a row look the same (an
    animation ended, an image decoded, an answer drawn): that frame (PNG), or
    None when the page kept moving for ``timeout`` ms. Flutter draws on a
    canvas: only the pixels tell. Each screenshot is a new frame of the
    page's compositor; no animation frame of the page is awaited, which a page
    behind another one of the browser never gets."""
    deadline = time.monotonic() + timeout / 1000
    shots = [page.screenshot()]
    while len(shots) < 3 or len(set(shots[-3:])) > 1:
        if time.monotonic() > deadline:
            return None
        shots.append(page.screenshot())
    return shots[-1]


def settle_page(page: Any, timeout: float = 10_000) -> None:
    """Wait until ``page`` stands still (:func:`still_frame`), or fail."""
    if still_frame(page, timeout) is None:
        raise AssertionError(f"the page did not settle in {timeout} ms")


def shoot_page(page: Any, name: str) -> Path:
    """``page``'s screenshot once it is painted and stands still (a page that
    keeps moving is taken as it is after 5 s), as ``NAME.png`` in
    ``build/screenshots`` (or ``$JOLLY_SCREENSHOTS``), for tests that drive
    their own pages."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    shot = still_frame(page, 5_000)
    if shot is None or len(shot) < BLANK_PNG_BYTES:
        shot = painted_screenshot(page)
    path.write_bytes(shot)
    return path


def painted_screenshot(page: Any, full_page: bool = False) -> bytes:
    """A screenshot of ``page`` once its canvas is painted: late in a long run
    it is at times not painted yet; a blank screen is a few KB, any drawn one
    tens of KB (waits at most 5 s, frame by frame)."""
    shot: bytes = page.screenshot(full_page=full_page)
    deadline = time.monotonic() + 5
    while len(shot) < BLANK_PNG_BYTES and time.monotonic() < deadline:
        page.evaluate(
            "() => new Promise(r => requestAnimationFrame(() =>"
            " requestAnimationFrame(r)))"
        )
        shot = page.screenshot(full_page=full_page)
    return shot


START_TIMEOUT = 60.0  # seconds: a loaded machine imports Flet slowly


def _wait_ready(url: str, proc: subprocess.Popen[bytes], log: Path) -> None:
    """Wait for the server's own word that it listens (``ready at`` in its
    output, printed by uvicorn's start-up hook), then for one answer of
    ``url``. Polling the port instead could be answered by something else
    or fail for reasons of the client (a proxy, a port in the ephemeral
    range connecting to itself)."""
    deadline = time.monotonic() + START_TIMEOUT
    while "ready at" not in log.read_text(errors="replace"):
        if proc.poll() is not None:
            raise RuntimeError(f"app server exited:\n{log.read_text()}")
        if time.monotonic() > deadline:
            raise RuntimeError(
                f"app server not ready after {START_TIMEOUT:.0f} s:\n{log.read_text()}"
            )
        time.sleep(0.05)
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(url, timeout=10) as r:
        if r.status != 200:
            raise RuntimeError(f"app server answered {r.status} at {url}")


def wait_for_flutter(page: Any, wait_text: str | None, timeout: float) -> None:
    """Wait for Flutter: its semantics placeholder, the loading screen gone, then
    turn the accessibility tree on (a click on the placeholder) and wait for
    ``wait_text``."""
    page.wait_for_selector(
        "flt-semantics-placeholder", state="attached", timeout=timeout
    )
    page.wait_for_selector("#loading", state="detached", timeout=timeout)
    page.evaluate(
        "() => { const p = document.querySelector('flt-semantics-placeholder');"
        " if (p) p.click(); }"
    )
    if wait_text:
        page.get_by_text(wait_text, exact=False).first.wait_for(
            state="attached", timeout=timeout
        )


@pytest.fixture
def web_app(
    chromium: Any, tmp_path: Path, request: pytest.FixtureRequest
) -> Iterator[Callable[..., WebApp]]:
    """Factory: serve ``"module:main"`` in web mode and open it in Chromium.

    The factory takes ``target`` ("pkg.module:main"), and as keywords the
    ``viewport`` ("phone", "desktop" or ``(w, h)``), ``env`` (extra environment
    for the server; ``JOLLY_SCORER_DATA`` defaults to a fresh tmp dir), the
    ``wait_text`` to wait for, the ``route``, the ``renderer`` ("auto",
    "canvaskit", "skwasm"), the ``assets`` folder (default
    ``jolly_scorer/ui/assets``), the browser ``locale`` and a ``timeout`` in ms.
    """
    started: list[tuple[subprocess.Popen[bytes], Any]] = []

    def open_app(
        target: str,
        *,
        viewport: str | tuple[int, int] = "phone",
        env: dict[str, str] | None = None,
        wait_text: str | None = None,
        route: str = "/",
        renderer: str = "auto",
        assets: str | None = None,
        locale: str = "en-US",
        timeout: float = 20_000,
    ) -> WebApp:
        port = free_port()
        data = {"JOLLY_SCORER_DATA": str(tmp_path / "data")}
        server_env = server_environment(data | (env or {}))
        log_path = tmp_path / f"server-{port}.log"
        cmd = [sys.executable, str(SERVE), target, "--port", str(port)]
        cmd += ["--renderer", renderer]
        if assets:
            cmd += ["--assets", assets]
        proc = spare.popen(cmd, cwd=ROOT, env=server_env, log_path=log_path)
        url = f"http://127.0.0.1:{port}"
        try:
            _wait_ready(url + "/", proc, log_path)
            w, h = VIEWPORTS[viewport] if isinstance(viewport, str) else viewport
            context = chromium.new_context(
                viewport={"width": w, "height": h}, locale=locale
            )
            started.append((proc, context))
            page = context.new_page()
            page.goto(url + route)
            wait_for_flutter(page, wait_text, timeout)
        except Exception as e:
            if not any(p is proc for p, _ in started):
                started.append((proc, None))
            raise AssertionError(
                f"app did not come up: {e}\n--- server log ---\n{log_path.read_text()}"
            ) from e
        return WebApp(page=page, url=url, server=proc, log_path=log_path)

    yield open_app
    close_started(request, started)


def server_environment(extra: dict[str, str]) -> dict[str, str]:
    """This process's environment for a test server (without a Flet server
    port or display of its own, and a URL prefix that never opens a
    browser), then ``extra``."""
    kept = {
        k: v
        for k, v in os.environ.items()
        if k not in ("FLET_SERVER_PORT", "FLET_SERVER_IP", "DISPLAY")
    }
    return kept | {"FLET_DISPLAY_URL_PREFIX": "serving"} | extra


def close_started(
    request: pytest.FixtureRequest,
    started: list[tuple[subprocess.Popen[bytes], Any]],
) -> None:
    """A factory fixture's teardown: the pages of a failed test are saved,
    then every browser context (None: never opened) is closed and every
    server stopped, whatever the dump did."""
    try:
        save_failed_pages(request, [c for _, c in started if c is not None])
    finally:
        for proc, context in started:
            if context is not None:
                context.close()
            proc.terminate()
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
