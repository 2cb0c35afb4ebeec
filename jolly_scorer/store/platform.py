"""What differs between the platforms the app runs on, in one place.

The served app and the command line run on CPython; the installable web app
runs inside the browser on Pyodide (``sys.platform == "emscripten"``), where

* threads cannot start: code that does heavy work awaits :func:`run_blocking`
  instead of starting a thread itself;
* the file system is in memory: the games database lives in
  :data:`BROWSER_DATA_DIR`, a folder backed by the browser's IndexedDB
  (Emscripten's IDBFS). :func:`open_data_dir` mounts it and reads the stored
  files in before the store is opened; the store calls :func:`flush` after
  every committed change, which writes the folder back to IndexedDB. A
  write-back that fails, or has not ended after :data:`STUCK_AFTER` seconds,
  is told to whoever :func:`watch_writes` (the page shows that the games are
  not kept). Each write-back writes every changed file whole, SQLite's
  write-ahead log too: :func:`keep_wal_small` keeps that log short there.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

__all__ = [
    "BROWSER_DATA_DIR",
    "IN_BROWSER",
    "BrowserFolder",
    "browser_languages",
    "claim_browser_data",
    "flush",
    "flushed",
    "hold_lock",
    "hold_until_written",
    "keep_wal_small",
    "open_data_dir",
    "run_blocking",
    "watch_writes",
]

log = logging.getLogger(__name__)

T = TypeVar("T")

#: True inside the browser (Pyodide): no threads, data kept in IndexedDB.
IN_BROWSER = sys.platform == "emscripten"

#: The browser's data folder (in Pyodide's file system, kept in IndexedDB).
BROWSER_DATA_DIR = Path("/jolly-scorer")

#: Seconds after which a write-back that has not ended counts as failed.
STUCK_AFTER = 3.0

#: The browser's write-ahead log: checkpointed into the database after this
#: many pages (SQLite's default is 1,000, 4 MB) and cut back to
#: :data:`BROWSER_WAL_BYTES` after a checkpoint (by default it stays as long as
#: it ever grew).
BROWSER_WAL_PAGES = 64
BROWSER_WAL_BYTES = 256 * 1024


def keep_wal_small(conn: sqlite3.Connection, in_browser: bool = IN_BROWSER) -> None:
    """In the browser: a short write-ahead log for ``conn`` (a writer).

    IndexedDB keeps each file of the data folder whole, and every write-back
    (one per committed change: each tap that changes a draft) writes each
    changed file again, the log too. With SQLite's defaults the log grows to
    about 4 MB within a few rounds of taps and stays that long, so every
    write-back wrote 4 MB (the next screen update waits for it). Checkpointed
    every :data:`BROWSER_WAL_PAGES` pages and cut back to
    :data:`BROWSER_WAL_BYTES`, a write-back writes at most that, and the
    database file itself at each checkpoint. Elsewhere (a disk, written in
    place) nothing changes.
    """
    if in_browser:
        conn.execute(f"PRAGMA wal_autocheckpoint = {BROWSER_WAL_PAGES}")
        conn.execute(f"PRAGMA journal_size_limit = {BROWSER_WAL_BYTES}")


async def run_blocking(function: Callable[[], T]) -> T:
    """Run ``function`` off the event loop where threads exist (so other pages
    stay answered), inline in the browser.

    >>> asyncio.run(run_blocking(lambda: 6 * 7))
    42
    """
    if IN_BROWSER:
        return function()
    return await asyncio.to_thread(function)


class BrowserFolder:
    """A folder of Emscripten's file system kept in IndexedDB (IDBFS).

    ``fs`` is Emscripten's ``FS`` object (``pyodide_js.FS``); ``callback``
    turns a Python function into one JavaScript may call once, and ``options``
    makes the (empty) JavaScript mount options; both are identities in tests.

    Writing back (``FS.syncfs(false, …)``) is asynchronous: :meth:`flush`
    asks for it and returns; it starts once the event loop's current turn is
    done, so the commits of one handler (Save stores the round, then clears
    its drafts) are written by one write-back, not one each (every write-back
    writes each changed file whole). At most one write-back runs at a time; a
    flush asked for meanwhile runs as soon as it ends, so the last committed
    change is always written, in order. From the flush on the folder is
    :attr:`busy`.

    A write-back that fails, or has not ended after ``stuck_after`` seconds,
    sets :attr:`problem` and is told to the :meth:`watch` callbacks; the next
    one that succeeds clears it (each write-back writes the whole folder).
    """

    def __init__(
        self,
        fs: Any,
        path: Path = BROWSER_DATA_DIR,
        *,
        callback: Callable[[Callable[..., None]], Any] = lambda f: f,
        options: Callable[[], Any] = dict,
        stuck_after: float = STUCK_AFTER,
    ) -> None:
        self.fs = fs
        self.path = path
        self._callback = callback
        self._options = options
        self._running = False
        self._again = False
        #: A write-back asked for, to start when the loop's turn is done.
        self._asked = False
        self._idle: asyncio.Event | None = None
        self._when_idle: list[Callable[[], None]] = []
        #: The last write-back error (None when the last one succeeded).
        self.error: str | None = None
        #: Why the last change may not be in IndexedDB (None: it is).
        self.problem: str | None = None
        self.writes = 0
        self.stuck_after = stuck_after
        self._started = 0
        self._watchers: list[Callable[[str | None], None]] = []

    @property
    def busy(self) -> bool:
        """A write-back is running (or queued)."""
        return self._running

    def when_written(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` once every flush asked for so far is written
        (at once when none is running)."""
        if self._running:
            self._when_idle.append(callback)
        else:
            callback()

    def watch(self, callback: Callable[[str | None], None]) -> Callable[[], None]:
        """Call ``callback(problem)`` after every write-back that failed, when
        one has not ended after ``stuck_after`` seconds, and with None when one
        succeeds after a problem; at once if there is a problem now. Returns
        the function that stops it."""
        self._watchers.append(callback)
        if self.problem is not None:
            callback(self.problem)

        def stop() -> None:
            if callback in self._watchers:
                self._watchers.remove(callback)

        return stop

    def _report(self, problem: str | None) -> None:
        if problem is None and self.problem is None:
            return
        if problem is not None:
            log.warning("the games were not written to IndexedDB: %s", problem)
        self.problem = problem
        for callback in list(self._watchers):
            try:
                callback(problem)
            except Exception:  # one page's trouble must not stop the writes
                log.exception("a write-back watcher failed")

    def _stuck(self, started: int) -> None:
        if self._running and self._started == started:
            self._report(
                f"the write-back has not ended after {self.stuck_after:g} seconds"
            )

    async def mount(self) -> Path:
        """Mount the folder and read what IndexedDB holds into it."""
        self.fs.mkdirTree(str(self.path))
        self.fs.mount(self.fs.filesystems.IDBFS, self._options(), str(self.path))
        loop = asyncio.get_running_loop()
        done: asyncio.Future[str | None] = loop.create_future()

        def loaded(error: Any = None) -> None:
            if not done.done():
                done.set_result(_failure(error))

        self.fs.syncfs(True, self._callback(loaded))
        error = await done
        if error is not None:
            raise OSError(f"cannot read the saved games from the browser: {error}")
        self._idle = asyncio.Event()
        self._idle.set()
        return self.path

    def flush(self) -> None:
        """Write the folder back to IndexedDB when the loop's turn is done
        (or queue one more after the write-back that runs)."""
        if self._asked:
            return  # the write-back about to start takes this change too
        if self._running:
            self._again = True
            return
        self._running = True
        self._again = False
        self._started += 1
        if self._idle is not None:
            self._idle.clear()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop: write now
            self._write()
            return
        loop.call_later(self.stuck_after, self._stuck, self._started)
        self._asked = True
        loop.call_soon(self._write)

    def _write(self) -> None:
        self._asked = False

        def written(error: Any = None) -> None:
            self.writes += 1
            self.error = _failure(error)
            self._running = False
            self._report(self.error)
            if self._again:
                self.flush()
                return
            if self._idle is not None:
                self._idle.set()
            callbacks, self._when_idle = self._when_idle, []
            for callback in callbacks:
                callback()

        self.fs.syncfs(False, self._callback(written))

    async def flushed(self) -> None:
        """Wait until every flush asked for so far has been written."""
        if self._idle is not None:
            await self._idle.wait()


_folder: BrowserFolder | None = None


def _failure(error: Any) -> str | None:
    """The error a ``syncfs`` callback got, or None for success (JavaScript's
    null arrives as Pyodide's falsy ``jsnull``, undefined as None)."""
    if error is None or not error or type(error).__name__ == "JsNull":
        return None
    return str(error)


async def open_data_dir() -> Path | None:
    """The folder for the games database: in the browser, the IndexedDB-backed
    :data:`BROWSER_DATA_DIR` (mounted and read in here, once); elsewhere None
    (the store's default: ``--data-dir``, ``$JOLLY_SCORER_DATA`` or the user's
    data folder)."""
    global _folder
    if not IN_BROWSER:
        return None
    if _folder is None:
        import importlib

        pyodide_js: Any = importlib.import_module("pyodide_js")
        ffi: Any = importlib.import_module("pyodide.ffi")
        js: Any = importlib.import_module("js")
        folder = BrowserFolder(
            pyodide_js.FS,
            callback=ffi.create_once_callable,
            options=lambda: js.Object.new(),
        )
        await folder.mount()
        _folder = folder
    return _folder.path


def browser_languages() -> list[str]:
    """The browser's languages, most wanted first (``navigator.languages``:
    ``["de-AT", "de", "en"]``); empty on CPython."""
    if not IN_BROWSER:
        return []
    import importlib

    js: Any = importlib.import_module("js")
    languages = getattr(js.navigator, "languages", None)
    if languages:
        return [str(tag) for tag in languages]
    language = getattr(js.navigator, "language", None)
    return [str(language)] if language else []


#: Name of the Web Lock held by the tab whose app uses the browser's games.
LOCK_NAME = "jolly-scorer games"


async def claim_browser_data(wait: float = 3.0) -> bool:
    """In the browser: hold the lock on the games for as long as this tab lives.

    Each tab runs its own Python with its own copy of the database file, and
    each write-back replaces the stored file: two tabs would overwrite each
    other's rounds. The first tab holds a Web Lock (``navigator.locks``);
    another one tries for ``wait`` seconds (a reloading tab lets go) and then
    gets False. True on CPython, and in browsers without Web Locks.
    """
    if not IN_BROWSER:
        return True
    import importlib

    js: Any = importlib.import_module("js")
    ffi: Any = importlib.import_module("pyodide.ffi")
    locks = getattr(js.navigator, "locks", None)
    if not locks:
        return True
    options = ffi.to_js({"ifAvailable": True}, dict_converter=js.Object.fromEntries)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + wait
    while True:
        granted: asyncio.Future[bool] = loop.create_future()

        def hold(lock: Any, granted: asyncio.Future[bool] = granted) -> Any:
            if lock is None or type(lock).__name__ == "JsNull":
                granted.set_result(False)  # another tab holds it
                return None
            granted.set_result(True)
            # a promise that never settles: the lock is held until the tab closes
            return js.Promise.new(lambda resolve, reject: None)

        callback = ffi.create_proxy(hold)
        locks.request(LOCK_NAME, options, callback)
        if await granted:
            _held.append(callback)  # alive as long as the lock
            return True
        callback.destroy()
        if loop.time() >= deadline:
            return False
        await asyncio.sleep(0.25)


_held: list[Any] = []


def flush() -> None:
    """After a committed change: write it where it survives (the browser's
    IndexedDB). A no-op on CPython, where SQLite's commit is already durable."""
    if _folder is not None:
        _folder.flush()


def watch_writes(callback: Callable[[str | None], None]) -> Callable[[], None]:
    """In the browser: ``callback(problem)`` when the games could not be written
    to IndexedDB (a failed or stuck write-back), ``callback(None)`` when a later
    one succeeded (see :meth:`BrowserFolder.watch`). Returns the function that
    stops it; elsewhere nothing is watched."""
    if _folder is None:
        return lambda: None
    return _folder.watch(callback)


def hold_until_written(
    send: Callable[[T], None], *, limit: float = STUCK_AFTER
) -> Callable[[T], None]:
    """``send`` (a page's outgoing messages), held while a write-back runs.

    In the browser the store's commit starts the write-back to IndexedDB and
    returns; the screen update that says "saved" follows. Sent through this,
    that update (and everything after it, in order) reaches the screen only once
    the change is in IndexedDB, so a round shown as saved survives the tab being
    closed at once. After ``limit`` seconds the messages go anyway (a stuck
    write-back must not freeze the screen: it is told to :func:`watch_writes`,
    and the page says the games are not kept); while a write-back has failed
    nothing is held. Elsewhere ``send`` is returned.
    """
    folder = _folder
    if folder is None:
        return send
    held: list[T] = []

    def release() -> None:
        while held:
            send(held.pop(0))

    def send_when_written(message: T) -> None:
        if not held and (not folder.busy or folder.problem is not None):
            send(message)
            return
        held.append(message)
        if len(held) == 1:
            folder.when_written(release)
            asyncio.get_running_loop().call_later(limit, release)

    return send_when_written


async def flushed() -> None:
    """Wait until every change flushed so far is written (browser only)."""
    if _folder is not None:
        await _folder.flushed()


def hold_lock(path: Path) -> Any | None:
    """Hold an exclusive lock on ``path`` (made if missing) for as long as
    the returned file is open (this process: until it ends); None when
    another process holds it. ``fcntl.flock`` on Unix, ``msvcrt.locking``
    on Windows: released by the system when the process dies, however.

    :raises OSError: the file cannot be made (a read-only folder)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = open(path, "a+b")  # noqa: SIM115 - kept open: it is the lock
    try:
        if sys.platform == "win32":
            import msvcrt

            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        return None
    return handle
