"""Shared pytest fixtures. Keep this file small: it is imported by every test."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # `flet_harness`, `support.…`

from flet_harness import FletTestApp  # noqa: E402
from hypothesis import settings  # noqa: E402
from support.paths import FAILED, file_name  # noqa: E402

# No time limit per example: hypothesis' default of 200 ms is a timed
# assertion, and a loaded machine (CI beside the browser tests) crossed it
# with a correct example; speed is measured in benchmarks/, never asserted.
settings.register_profile("jolly", deadline=None)
settings.load_profile("jolly")


#: the scope (xdist's unit of work) of every browser test
BROWSER = "tests/e2e"


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """How the two workers share the run (``-n 2`` in pyproject.toml): the
    in-process tests first, a file at a time, on both; then every browser
    test in one worker, one after another, in one Chromium, with the machine
    to itself (a page beside a busy worker, or beside a second Chromium,
    missed its waits: one failure in each of three runs). The browser's
    worker takes nothing after its browser tests: Playwright's sync API keeps
    an event loop running in its thread while the session's browser is open,
    and a test calling ``asyncio.run`` there would fail for that alone.
    (xdist's own ``--dist loadgroup`` does not group under pytest 9: it
    renames ``item._nodeid``, which pytest 9 no longer reads.)"""
    from xdist.scheduler import LoadScopeScheduling

    class BrowserApart(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            if nodeid.startswith(BROWSER + "/"):
                return BROWSER
            return nodeid.split("::", 1)[0]  # a file

        def _assign_work_unit(self, node: Any) -> None:
            if len(self.workqueue) > 1 and next(iter(self.workqueue)) == BROWSER:
                self.workqueue.move_to_end(BROWSER)  # the browser tests last
            super()._assign_work_unit(node)

        def _reschedule(self, node: Any) -> None:
            browser = [n for n, work in self.assigned_work.items() if BROWSER in work]
            if node in browser and self.workqueue:
                return
            super()._reschedule(node)
            if not self.workqueue:  # the browser's worker, idle: it is done
                for other in browser:
                    idle = self._pending_of(self.assigned_work[other]) == 0
                    if idle and not other.shutting_down:
                        other.shutdown()

    return BrowserApart(config, log)


#: What a browser test's failure says when it waited in vain (the rerun's
#: only reasons): Playwright's timeout, pytest-timeout's, our own waits'
#: (``tests/e2e/conftest.py``, ``browser_steps``), anywhere in its chain
WAITED = [
    r"TimeoutError",
    r"^Failed: Timeout",
    r"timed out",
    r"did not settle",
    r"did not come up",
]
#: ...unless the failure names a wrong value seen once the wait was over
WRONG_VALUE = [r"but the field holds"]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A browser test that timed out waiting is run once more
    (pytest-rerunfailures), and the run says so ("R" and "N rerun" in its
    summary, ``.ci/run`` lists them): now and then one Chromium page of a
    long run stops answering (no screenshot, no semantics, not even a count,
    for minutes; a different test each time, each passing alone), and that
    alone failed half the fresh-clone runs. A test that fails twice fails the
    run; a test that saw a wrong value (an assertion that was not a wait)
    fails it at once: a rerun once hid a digit lost on the counting sheet."""
    browser = Path(__file__).parent / "e2e"
    for item in items:
        if browser in item.path.parents:
            item.add_marker(
                pytest.mark.flaky(reruns=1, only_rerun=WAITED, rerun_except=WRONG_VALUE)
            )
            if item.path.name not in LONG_BROWSER_FILES:
                item.add_marker(pytest.mark.timeout(BROWSER_TIMEOUT))


#: Seconds a browser test may take before pytest-timeout ends it (the rest
#: keep pyproject's 300). A page that stopped answering held its test for the
#: whole 300 s before its rerun; the slowest of these tests takes 32 s on the
#: idle 2-core machine (``--durations``), a sixth of this.
BROWSER_TIMEOUT = 180
#: The browser tests that take longer (the phone app: a build, then Pyodide
#: starting, about 55 s).
LONG_BROWSER_FILES = frozenset({"test_pwa.py"})


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """A test's first failure, before it ran once more, is not lost: its
    traceback (where it waited, for a test that timed out) goes beside the
    failed pages' dumps, as ``build/screenshots/failed/NAME-rerun.txt``,
    which ``.ci/run`` prints. Written once, where the run is reported (not in
    an xdist worker)."""
    if report.outcome != "rerun" or os.environ.get("PYTEST_XDIST_WORKER"):
        return
    lines = report.longreprtext.splitlines()[-150:]  # the end says where
    FAILED.mkdir(parents=True, exist_ok=True)
    (FAILED / f"{file_name(report.nodeid)}-rerun.txt").write_text(
        "\n".join(lines) + "\n"
    )


@pytest.fixture
def flet_app() -> Iterator[Callable[..., FletTestApp]]:
    """Factory: ``app = flet_app(main, width=390, height=844, prefs={...})``.

    Runs ``main(page)`` in process (see ``tests/flet_harness.py``); every app
    made here is closed at teardown.
    """
    apps: list[FletTestApp] = []

    def make(main: Callable[..., Any], **kwargs: Any) -> FletTestApp:
        app = FletTestApp(main, **kwargs)
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.close()


@pytest.fixture
def guest_page(flet_app, tmp_path, monkeypatch):
    """A joined phone's page, in process (the server sets this access from
    the device cookie before Flet starts the page session)."""
    from support.live_table import make_games

    from jolly_scorer.tables.table import Access
    from jolly_scorer.ui import app as ui_app

    other, own = make_games(tmp_path)
    monkeypatch.setattr(ui_app, "current_access", lambda: Access("guest", "d"))
    app = flet_app(lambda page: ui_app.main(page, tmp_path), width=390, height=844)
    return app, other, own
