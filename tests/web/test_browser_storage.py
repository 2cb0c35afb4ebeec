"""The installable web app when the browser's storage (IndexedDB) fails: a
write-back that fails, or does not end, is not swallowed; the page says the
games are not kept and asks for an export, until a write-back succeeds.

Runs the browser entry point (jolly_scorer.web.browser.main) in process, with
a fake Emscripten FS whose ``syncfs`` calls back when the test says so.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import flet as ft
import pytest
from flet.messaging.protocol import MessageAction

from jolly_scorer.i18n import Translator
from jolly_scorer.store import platform
from jolly_scorer.store.store import close_shared_stores, shared_store
from jolly_scorer.web import browser
from tests.flet_harness import FletTestApp
from tests.support.app_steps import field_in, new_game


class FakeFS:
    """Emscripten's FS as far as BrowserFolder uses it: reading in succeeds at
    once; each write-back waits for :meth:`finish`."""

    class filesystems:  # noqa: N801 - the JavaScript name
        IDBFS = "IDBFS"

    def __init__(self, at_once: bool = False) -> None:
        self.pending: list[Any] = []
        #: every write-back ends as soon as it starts (counted in ``started``)
        self.at_once = at_once
        self.started = 0

    def mkdirTree(self, path: str) -> None:  # noqa: N802
        pass

    def mount(self, kind: Any, options: Any, path: str) -> None:
        pass

    def syncfs(self, populate: bool, callback: Any) -> None:
        if populate:
            callback(None)
            return
        self.started += 1
        if self.at_once:
            callback(None)
        else:
            self.pending.append(callback)

    def finish(self, error: Any = None) -> None:
        self.pending.pop(0)(error)


@pytest.fixture
def browser_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, flet_app: Any
) -> Callable[..., tuple[FletTestApp, FakeFS, platform.BrowserFolder]]:
    """``browser_app(stuck_after=3.0, at_once=False)``: the browser app's
    session on a fake IndexedDB folder (``tmp_path``), its FS and folder."""

    def make(
        stuck_after: float = 3.0, at_once: bool = False
    ) -> tuple[FletTestApp, FakeFS, platform.BrowserFolder]:
        fs = FakeFS(at_once)
        folder = platform.BrowserFolder(fs, tmp_path, stuck_after=stuck_after)
        monkeypatch.setattr(platform, "_folder", folder)

        async def open_data_dir() -> Path:
            return await folder.mount()

        monkeypatch.setattr(platform, "open_data_dir", open_data_dir)
        return flet_app(browser.main), fs, folder

    yield make
    close_shared_stores()


def in_loop(app: FletTestApp, action: Callable[[], None]) -> None:
    """Run ``action`` on the app's event loop (where JavaScript's callbacks
    run in the browser), then let the page update."""

    async def run() -> None:
        action()

    app._loop_run(run())
    app.settle()


def banner_shown(app: FletTestApp) -> bool:
    """The banner is open (a closed one stays among the page's dialogs until
    the browser says it has gone)."""
    return any(
        isinstance(c, ft.Banner) and c.open and app.find_all(semantics="not-kept")
        for c in app.controls()
    )


def test_a_failed_write_back_is_shown_until_one_succeeds(browser_app: Any):
    app, fs, folder = browser_app()
    assert len(fs.pending) == 1  # the new database, written at the start
    in_loop(app, fs.finish)
    assert not banner_shown(app)
    assert app.find_all(text="New game")  # the app itself runs

    store = shared_store(folder.path)
    in_loop(app, lambda: store.set_setting("language", "de"))  # a commit
    in_loop(app, lambda: fs.finish("QuotaExceededError"))
    app.wait_for(lambda: banner_shown(app))
    german = Translator("de")(browser.NOT_KEPT)
    assert german != browser.NOT_KEPT and "exportiere" in german.lower()
    assert app.find_all(text=german)  # in the app's language
    assert german in str(app.sent(MessageAction.PATCH_CONTROL))  # sent to the page
    assert folder.problem == "QuotaExceededError"

    in_loop(app, lambda: store.set_setting("theme", "dark"))
    in_loop(app, lambda: fs.finish("QuotaExceededError"))
    app.settle()
    assert len([c for c in app.controls() if isinstance(c, ft.Banner)]) == 1
    app.click(app.find(text="Schließen"))  # closed by hand...
    app.wait_for(lambda: not banner_shown(app))
    in_loop(app, lambda: store.set_setting("theme", "system"))
    in_loop(app, lambda: fs.finish("QuotaExceededError"))
    app.wait_for(lambda: banner_shown(app))  # ...back with the next failure
    app.click(app.find(text="Rules"))  # the app goes on working under it
    app.wait_for(lambda: not app.find_all(text="New game"))
    assert banner_shown(app)
    app.click(app.find(semantics="back"))
    app.wait_for(lambda: bool(app.find_all(text="New game")))

    in_loop(app, lambda: store.set_setting("theme", "light"))
    in_loop(app, fs.finish)  # the whole folder is written again
    app.wait_for(lambda: not banner_shown(app))
    assert folder.problem is None
    assert app.find_all(text="New game")  # the app is untouched


def test_a_write_back_that_does_not_end_is_shown(browser_app: Any):
    app, fs, folder = browser_app(stuck_after=0.05)
    app.wait_for(lambda: banner_shown(app))  # never finished
    assert folder.problem is not None and "not ended" in folder.problem
    in_loop(app, fs.finish)  # it ends after all
    app.wait_for(lambda: not banner_shown(app))


def test_saving_a_round_writes_the_folder_back_once(browser_app: Any):
    """Save stores the round and then clears its drafts, two commits in one
    handler: one write-back takes both (each writes the whole database file;
    the screen that says saved waits for it)."""
    app, fs, folder = browser_app(at_once=True)
    new_game(app, players=["Anna", "Ben", "Cleo"], preset="rommi_fi")
    app.click(app.find(semantics="enter-round"))
    app.click(app.find(semantics="round-closer-0"))
    for seat in (1, 2):
        app.click(app.find(semantics=f"round-show-{seat}"))
        app.click(app.find(semantics=f"round-mode-{seat}-points"))
        app.type_text(field_in(app, f"round-bad-{seat}"), str(10 + seat))
    app.settle()
    commits: list[str] = []
    before = fs.started
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(folder, "flush", _counted(folder.flush, commits))
        app.click(app.find(semantics="round-save"))
        app.wait_for(lambda: bool(app.find_all(semantics="enter-round")))
    assert len(commits) == 2  # the round, then its drafts cleared
    assert fs.started - before == 1
    assert not folder.busy and folder.problem is None


def _counted(flush: Callable[[], None], calls: list[str]) -> Callable[[], None]:
    def counted() -> None:
        calls.append("flush")
        flush()

    return counted


def _log_after_commits(folder: Path, commits: int) -> int:
    """The size of the store's write-ahead log after ``commits`` commits."""
    from jolly_scorer.store import Store

    with Store.open(folder) as store:
        for n in range(commits):
            store.set_setting("language", ("de", "fi")[n % 2])
        return (folder / "games.db-wal").stat().st_size


def test_the_browsers_write_ahead_log_stays_short(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """Each write-back writes the log whole: in the browser it is checkpointed
    and cut back, so through a few hundred taps' commits it stays within
    ``BROWSER_WAL_BYTES`` and a checkpoint's pages; on a disk SQLite's
    defaults stay (the log keeps growing towards 4 MB)."""
    on_disk = _log_after_commits(tmp_path / "disk", 300)
    assert on_disk > 4 * platform.BROWSER_WAL_BYTES
    real = platform.keep_wal_small
    monkeypatch.setattr(
        platform, "keep_wal_small", lambda conn: real(conn, in_browser=True)
    )
    in_browser = _log_after_commits(tmp_path / "browser", 300)
    assert in_browser <= platform.BROWSER_WAL_BYTES + 8 * 4096


def test_the_message_is_in_every_language():
    texts = {lang: Translator(lang)(browser.NOT_KEPT) for lang in ("de", "fi", "en")}
    assert texts["en"] == browser.NOT_KEPT
    assert len(set(texts.values())) == 3
    assert "Spieldatei" in texts["de"] and "Pelitiedosto" in texts["fi"]


def test_folder_tells_its_watchers():
    async def scenario() -> None:
        fs = FakeFS()
        folder = platform.BrowserFolder(fs, stuck_after=0.05)
        await folder.mount()
        told: list[str | None] = []
        stop = folder.watch(told.append)
        folder.flush()
        await asyncio.sleep(0)  # the write-back starts when the turn ends
        fs.finish()
        assert told == []  # all well: nothing to tell
        folder.flush()
        await asyncio.sleep(0)
        fs.finish("QuotaExceededError")
        assert told == ["QuotaExceededError"]
        later: list[str | None] = []
        folder.watch(later.append)
        assert later == ["QuotaExceededError"]  # a new watcher hears it at once
        folder.flush()
        await asyncio.sleep(0)
        fs.finish()
        assert told == ["QuotaExceededError", None]
        folder.flush()
        while len(told) < 3:
            await asyncio.sleep(0.01)  # a write-back that does not end
        assert told[2] is not None and "not ended" in told[2]
        stop()
        fs.finish()
        assert len(told) == 3 and later[-1] is None

    asyncio.run(scenario())


def test_nothing_is_held_while_writing_fails(monkeypatch: pytest.MonkeyPatch):
    """Once a write-back failed the screen is not held for each commit (the
    page says the games are not kept)."""

    async def scenario() -> None:
        fs = FakeFS()
        folder = platform.BrowserFolder(fs)
        await folder.mount()
        monkeypatch.setattr(platform, "_folder", folder)
        shown: list[str] = []
        send = platform.hold_until_written(shown.append, limit=60)
        folder.flush()
        await asyncio.sleep(0)
        fs.finish("QuotaExceededError")
        folder.flush()
        send("saved")
        assert shown == ["saved"]

    asyncio.run(scenario())


def test_not_in_the_browser_nothing_is_watched():
    assert platform._folder is None
    platform.watch_writes(print)()  # a no-op
