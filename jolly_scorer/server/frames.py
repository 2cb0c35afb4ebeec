"""Websocket frames checked before Flet sees them: junk and text frames end
the connection quietly, an event for a control the page does not have is
dropped, and each page gets its share of frames (:class:`FrameBudget`); a
page that floods is closed; the pages of one address share the server's
share for it (:class:`AddressBudget`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

log = logging.getLogger("jolly_scorer.server")


def _valid_frame(data: bytes, registered: bool) -> bool:
    """Whether ``data`` is a frame Flet's protocol can take (see ``FletApp``)."""
    return _checked_frame(data, registered) is not None


def _checked_frame(data: bytes, registered: bool) -> list[Any] | None:
    """``[action, body]`` of a frame Flet's protocol can take, else None
    (a binary upload chunk: ``[None, None]``)."""
    import msgpack
    from flet.messaging.protocol import (
        ControlEventBody,
        InvokeMethodResponseBody,
        MessageAction,
        RegisterClientRequestBody,
        UpdateControlPropsBody,
        decode_ext_from_msgpack,
    )

    if not data:
        return None
    if data[0] == 0x01:
        return [None, None] if registered and len(data) >= 5 else None
    if data[0] != 0x00:
        return None
    try:
        message = msgpack.unpackb(data[1:], ext_hook=decode_ext_from_msgpack)
        action = MessageAction(message[0])
        body = message[1]
        if not isinstance(body, dict) or len(message) != 2:
            return None
        kinds: dict[Any, Any] = {
            MessageAction.REGISTER_CLIENT: RegisterClientRequestBody,
            MessageAction.CONTROL_EVENT: ControlEventBody,
            MessageAction.UPDATE_CONTROL_PROPS: UpdateControlPropsBody,
            MessageAction.INVOKE_METHOD: InvokeMethodResponseBody,
        }
        kind = kinds[action]
        if (action == MessageAction.REGISTER_CLIENT) == registered:
            return None
        kind(**body)
        return [action, body]
    except Exception:
        return None


EVENT_RATE = 40.0  # frames per second a page may send, on average
EVENT_BURST = 120  # frames a page may send at once
FLOOD_DROPS = 200  # frames over its share (refilled at EVENT_RATE) before it is closed


class FrameBudget:
    """A page's share of the server: a token bucket of :data:`EVENT_BURST`
    frames refilled at :data:`EVENT_RATE` per second. A frame over the share
    is dropped (a person taps and types far slower); a page that keeps
    sending, :data:`FLOOD_DROPS` frames over its share, is flooding."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.tokens = float(EVENT_BURST)
        self.spare = float(FLOOD_DROPS)
        self.at = clock()

    def take(self) -> bool:
        """Whether one more frame may go through now."""
        now = self.clock()
        gained = (now - self.at) * EVENT_RATE
        self.at = now
        self.tokens = min(float(EVENT_BURST), self.tokens + gained)
        self.spare = min(float(FLOOD_DROPS), self.spare + gained)
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.spare -= 1
        return False

    @property
    def flooding(self) -> bool:
        return self.spare <= 0


ADDRESS_RATE = 40.0  # frames per second all pages of one address get through
ADDRESS_BURST = 120  # frames an address's pages may send at once


class AddressBudget:
    """The server's share for one address (issue 38.5): every page of the
    address draws from one bucket of :data:`ADDRESS_BURST` frames refilled
    at :data:`ADDRESS_RATE` per second, one page's share. A frame over it is
    not dropped (it may be a typed number) but waits: the page's next frames
    are read that much later, so 30 pages of one address at 35 frames/s each
    cost the server what one busy page does, and the other addresses' pages
    are answered in between. Every address has one, the host's computer
    (127.0.0.1) too: a page there may be anyone's (a phone's test, a script),
    and its flood held up every other page; only the host's own page session
    (the table's host cookie) has none (:func:`address_budget`)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.tokens = float(ADDRESS_BURST)
        self.at = clock()
        self.pages = 0

    def wait(self) -> float:
        """Seconds until one more frame of this address may go through (the
        frame is counted now: the pages waiting queue up in order)."""
        now = self.clock()
        self.tokens = min(
            float(ADDRESS_BURST), self.tokens + (now - self.at) * ADDRESS_RATE
        )
        self.at = now
        self.tokens -= 1
        return 0.0 if self.tokens >= 0 else -self.tokens / ADDRESS_RATE


_ADDRESSES: dict[str, AddressBudget] = {}


def address_budget(address: str, host: bool = False) -> AddressBudget | None:
    """The budget of ``address``'s pages (one more page counted); None for
    the table's host's own page (``host``: its cookie is the host's), which
    no other page can be. Loopback addresses get one like any other: the
    share is far above what the host's tests and benchmarks send from
    there (a person's taps and typing never wait, see the tests)."""
    if host:
        return None
    budget = _ADDRESSES.setdefault(address, AddressBudget())
    budget.pages += 1
    return budget


def address_done(address: str) -> None:
    """One page of ``address`` ended (its budget goes with its last page)."""
    budget = _ADDRESSES.get(address)
    if budget is not None:
        budget.pages -= 1
        if budget.pages <= 0:
            del _ADDRESSES[address]


PAGE_TASKS = 8  # event handlers a page may have running before its frames wait
TASK_WAIT = 2.0  # seconds a frame waits at the most for a handler to end


async def _handlers_turn(running: set[Any]) -> None:
    """Wait until fewer than :data:`PAGE_TASKS` of ``running`` (a page's
    event handlers) are left, or :data:`TASK_WAIT` seconds passed: a handler
    may be waiting for the page's answer (a method's result), which comes
    behind this frame, so the frame goes on after that anyway."""
    deadline = time.monotonic() + TASK_WAIT
    while True:
        left = [task for task in running if not task.done()]
        wait = deadline - time.monotonic()
        if len(left) < PAGE_TASKS or wait <= 0:
            return
        await asyncio.wait(left, timeout=wait, return_when=asyncio.FIRST_COMPLETED)


class _CheckedSocket:
    """The websocket as ``FletApp`` sees it: already accepted, the first
    (register) frame replayed, every later frame checked; a bad frame ends the
    connection quietly (``WebSocketDisconnect``).

    An event for a control the page does not have is dropped here: Flet would
    look for it by walking the page's whole tree (milliseconds at every
    frame). Frames over the page's :class:`FrameBudget` are dropped, and a
    page that floods is closed.

    Flet starts a task for every event frame and reads the next at once, so
    handlers waiting for something (the device's turn at the heavy pool, a
    thread) piled up, one per frame. An event frame waits here while the
    page has :data:`PAGE_TASKS` handlers running (``tasks``: Flet's own set,
    ``flet_fixes.page_tasks``); none is dropped."""

    def __init__(
        self,
        websocket: Any,
        first: bytes,
        controls: Callable[[], Any] | None = None,
        address: AddressBudget | None = None,
        tasks: Callable[[], set[Any] | None] | None = None,
    ) -> None:
        self._ws = websocket
        self._first: bytes | None = first
        self._gone = False
        self._controls = controls or (lambda: None)
        self._tasks = tasks or (lambda: None)
        self.budget = FrameBudget()
        self.address = address

    def __getattr__(self, name: str) -> Any:
        return getattr(self._ws, name)

    async def accept(self, *args: Any, **kwargs: Any) -> None:
        return None

    async def send_bytes(self, data: bytes) -> None:
        # A client gone while its messages are sent: drop them. (Flet's send
        # loop would raise, skip disconnecting the session, and keep it forever.)
        if self._gone:
            return
        try:
            await self._ws.send_bytes(data)
        except Exception:
            self._gone = True

    async def _end(self, code: int) -> Exception:
        from fastapi import WebSocketDisconnect

        with contextlib.suppress(Exception):
            await self._ws.close(code=code)
        return WebSocketDisconnect(code)

    async def receive_bytes(self) -> bytes:
        from fastapi import WebSocketDisconnect
        from flet.messaging.protocol import MessageAction

        if self._first is not None:
            first, self._first = self._first, None
            return first
        while True:
            message = await self._ws.receive()
            if message.get("type") == "websocket.disconnect":
                raise WebSocketDisconnect(int(message.get("code") or 1000))
            data = message.get("bytes")
            frame = _checked_frame(data, registered=True) if data else None
            if frame is None:  # junk, or a text frame: Flet takes bytes only
                raise await self._end(1008)
            if not self.budget.take():
                if self.budget.flooding:
                    log.warning("closed a page that sent too many events")
                    raise await self._end(1008)
                continue
            if frame[0] == MessageAction.CONTROL_EVENT:
                controls = self._controls()
                if controls is not None and frame[1]["target"] not in controls:
                    continue  # no such control on this page: nothing to do
                running = self._tasks()
                if running is not None and len(running) >= PAGE_TASKS:
                    await _handlers_turn(running)  # its earlier handlers first
            if self.address is not None:
                wait = self.address.wait()
                if wait > 0:  # the address's share: this page waits its turn
                    await asyncio.sleep(wait)
            return bytes(data)
