"""Heavy work apart from the pages: the best lay-down and the split of a
pile run in a worker process, bounded per device and in all.

In threads (``run_blocking``) the arranger held the GIL: twelve tabs asking
for the best lay-down of a hard 40-card hand every 3 s kept one core at 100 %
and every other page waited 3.8-4.8 s for an answer, and the memory it took
(86 -> 300 MB) was never given back (issue 38.5). Here it runs in
:data:`WORKERS` worker processes (``spawn``: nothing of the server's threads
is copied); a worker is replaced after :data:`TASKS_PER_WORKER` answers, so
its memory goes back to the system. One device has at most
:data:`PER_DEVICE` answer worked out at a time (its other pages wait their
turn), and an answer that cannot start within its time limit is refused as
one that took too long (``ArrangeTimeout``: the screen words it).

``serve`` installs :meth:`HeavyPool.run` as the UI's heavy runner
(``tables/sessions.use_heavy_runner``, which ``ui/arranging.py`` reads); a
page in a test without a server runs the arranger in a thread as before.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import multiprocessing
import os
import pickle
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

log = logging.getLogger("jolly_scorer.server")

WORKERS = max(1, min(2, (os.cpu_count() or 2) - 1))  # leave the pages a core
PER_DEVICE = 1  # answers one device may have worked out at once
TASKS_PER_WORKER = 50  # then the worker is replaced (its memory given back)
WAIT_LIMIT = 5.0  # seconds an answer may wait for its turn (ui's TIME_LIMIT)


class HeavyPool:
    """Worker processes for heavy, picklable calls (see the module)."""

    def __init__(
        self,
        device: Callable[[], str] = lambda: "",
        workers: int = WORKERS,
        per_device: int = PER_DEVICE,
        wait_limit: float = WAIT_LIMIT,
    ) -> None:
        self.device = device
        self.workers = workers
        self.per_device = per_device
        self.wait_limit = wait_limit
        self._executor: ProcessPoolExecutor | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._all: asyncio.Semaphore | None = None
        self._devices: dict[str, asyncio.Semaphore] = {}
        self._users: dict[str, int] = {}

    def _executor_now(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                max_tasks_per_child=TASKS_PER_WORKER,
            )
        return self._executor

    def _limits(self) -> asyncio.Semaphore:
        loop = asyncio.get_running_loop()
        if self._loop is not loop or self._all is None:
            self._loop = loop
            self._all = asyncio.Semaphore(self.workers)
            self._devices.clear()
            self._users.clear()
        return self._all

    async def run(self, function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """``function(*args, **kwargs)`` in a worker, once this device's and
        the pool's turn came (within :attr:`wait_limit` seconds, else
        ``ArrangeTimeout``)."""
        from jolly_scorer.core.errors import ArrangeTimeout

        in_all = self._limits()
        device = self.device()
        mine = self._devices.setdefault(device, asyncio.Semaphore(self.per_device))
        self._users[device] = self._users.get(device, 0) + 1
        deadline = time.monotonic() + self.wait_limit
        try:
            try:
                await asyncio.wait_for(mine.acquire(), self.wait_limit)
            except TimeoutError:
                raise ArrangeTimeout("no turn for this device in time") from None
            try:
                left = max(0.0, deadline - time.monotonic())
                try:
                    await asyncio.wait_for(in_all.acquire(), left)
                except TimeoutError:
                    raise ArrangeTimeout("no worker free in time") from None
                try:
                    return await self._call(function, *args, **kwargs)
                finally:
                    in_all.release()
            finally:
                mine.release()
        finally:
            self._users[device] -= 1
            if not self._users[device]:  # nobody of it waits: forget it
                del self._users[device]
                self._devices.pop(device, None)

    async def _call(
        self, function: Callable[..., Any], *args: Any, **kwargs: Any
    ) -> Any:
        call = functools.partial(function, *args, **kwargs)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor_now(), call)
        except (pickle.PicklingError, TypeError, AttributeError) as error:
            if "pickle" not in str(error).lower():
                raise
            # what cannot go to another process is worked out in a thread
            return await asyncio.to_thread(call)
        except BrokenProcessPool:  # a worker died (killed, out of memory)
            log.warning("a worker process ended; starting another")
            self.close()
            return await loop.run_in_executor(self._executor_now(), call)

    def close(self) -> None:
        """End the workers (the server stops)."""
        executor, self._executor = self._executor, None
        if executor is not None:
            with contextlib.suppress(Exception):
                executor.shutdown(wait=False, cancel_futures=True)
