"""Changes made by other processes: the store watcher tells every page of
this process about games changed elsewhere, and when the database is gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from jolly_scorer.store import Store, StoreError, StoreGone
from jolly_scorer.store.platform import run_blocking

log = logging.getLogger("jolly_scorer.server")


WATCH_INTERVAL = 1.0  # seconds between two looks at the database


class StoreWatcher:
    """Tells every page of this process about games changed by *another* process
    (the command line, a second server on the same folder).

    One per shared store. Every :data:`WATCH_INTERVAL` seconds it reads
    :meth:`Store.data_version`, which changes only when another connection
    committed; then it compares the games' :meth:`Store.revisions` and calls
    ``notify(game_id)`` for each game added, changed or deleted, and the club
    events' (:meth:`Store.event_revisions`) and calls ``event(event_id)`` for
    each club event changed (a series seated elsewhere: a club table's phones
    follow it as when this server's organiser seats it). This process's own
    changes reach the other pages through pubsub already. It stops when the
    store is closed or its file is gone (the next page session gets a new
    store, and a new watcher)."""

    def __init__(
        self,
        store: Store,
        notify: Callable[[int], None],
        gone: Callable[[], None] | None = None,
        event: Callable[[int], None] | None = None,
    ) -> None:
        self.store = store
        self.notify = notify
        self.gone = gone  # called once when the file was deleted or replaced
        self.event = event
        self.version: int | None = None
        self.revisions: dict[int, int] = {}
        self.events: dict[int, int] = {}
        #: the club events changed at the last look (told after its games)
        self.events_changed: list[int] = []
        self.task: asyncio.Task[None] | None = None

    def _look(self) -> list[int]:
        """The games changed since the last look (and, with ``event``, the
        club events changed in :attr:`events_changed`)."""
        # the version first: a commit after it shows in the revisions read now,
        # and again as a new version next time (then nothing more to tell)
        self.events_changed = []
        version = self.store.data_version()
        if version == self.version:
            return []
        revisions = self.store.revisions()
        events = self.store.event_revisions() if self.event is not None else {}
        first = self.version is None
        self.version = version
        changed = _changed(self.revisions, revisions)
        self.revisions = revisions
        if not first:
            self.events_changed = _changed(self.events, events)
        self.events = events
        return [] if first else changed

    def _tell(self, games: list[int]) -> None:
        for game_id in games:
            self.notify(game_id)
        if self.event is not None:
            for event_id in self.events_changed:
                self.event(event_id)

    async def run(self) -> None:
        while not self.store.closed:
            try:
                self._tell(await run_blocking(self._look))
            except asyncio.CancelledError:
                raise
            except StoreGone as error:  # deleted or replaced: this store is done
                log.warning("watching the games database: %s", error)
                if self.gone is not None:
                    self.gone()
                return
            except Exception as error:  # a damaged database
                if self.store.closed:
                    return
                log.warning("watching the games database: %s", error)
            await asyncio.sleep(WATCH_INTERVAL)


def _changed(before: dict[int, int], now: dict[int, int]) -> list[int]:
    """The ids added, changed or deleted between two revision maps."""
    return sorted(
        key for key in before.keys() | now.keys() if before.get(key) != now.get(key)
    )


_WATCHERS: dict[str, StoreWatcher] = {}


def watch_store(
    store: Store,
    notify: Callable[[int], None],
    gone: Callable[[], None] | None = None,
    event: Callable[[int], None] | None = None,
) -> StoreWatcher:
    """Start (once per store and event loop) the watcher of ``store``;
    ``gone()`` is called when its file was deleted or replaced, ``event``
    with a club event changed by another process."""
    key = str(store.path)
    watcher = _WATCHERS.get(key)
    loop = asyncio.get_running_loop()
    if (
        watcher is not None
        and watcher.store is store
        and watcher.task is not None
        and not watcher.task.done()
        and watcher.task.get_loop() is loop
    ):
        return watcher
    if watcher is not None:
        _stop(watcher)  # an old store of this path, or another loop's
    watcher = StoreWatcher(store, notify, gone, event)
    with contextlib.suppress(StoreError):  # the starting point: nothing to tell
        watcher._look()
    watcher.task = loop.create_task(watcher.run())
    _WATCHERS[key] = watcher
    return watcher


def unwatch_store(store: Store) -> None:
    """Stop watching ``store`` (it is being closed)."""
    key = str(store.path)
    watcher = _WATCHERS.get(key)
    if watcher is not None and watcher.store is store:
        del _WATCHERS[key]
        _stop(watcher)


def _stop(watcher: StoreWatcher) -> None:
    if watcher.task is not None:
        loop = watcher.task.get_loop()
        with contextlib.suppress(RuntimeError):  # the loop is closed already
            loop.call_soon_threadsafe(watcher.task.cancel)
