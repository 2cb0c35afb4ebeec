"""Limits on connections and requests: time limits on a request's headers,
its body and its reader, and caps on connections stuck in any of these
(:func:`_guarded_http`), forwarded addresses only from configured proxies,
and the size of a ``/join`` form.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from typing import Any

log = logging.getLogger("jolly_scorer.server")


HEADER_TIMEOUT = 10.0  # seconds a connection may take to send a request's headers
BODY_TIMEOUT = 10.0  # seconds a request may take to send its body (a PIN form)
WRITE_TIMEOUT = 20.0  # seconds an answer may wait for its reader to take more
WAITING_PER_ADDRESS = 16  # connections of one address stuck (see _guarded_http)
WAITING_IN_ALL = 200  # connections of all addresses stuck
HTTP_PER_ADDRESS = 32  # HTTP connections of one address in any state
HTTP_IN_ALL = 300  # HTTP connections in any state (uvicorn's limit: 500)
#: bytes the system may hold for one connection's reader (Linux doubles it;
#: by itself it grew to 4 MB for a reader that does not read)
SEND_BUFFER = 256 * 1024


def _small_send_buffer(transport: Any) -> None:
    """Cap what the system buffers for this connection's reader at
    :data:`SEND_BUFFER`. Unset, it grew to 2.8 MB for each reader that asked
    for ``main.dart.js`` and did not read: that much of the file was read
    from disk and handed over before its writing paused, 43 pieces each, and
    with 500 such readers a new request waited seconds behind that work
    (issue 38.2). A reader on a LAN still gets megabytes a second."""
    import socket

    sock = transport.get_extra_info("socket")
    if sock is None:
        return
    with contextlib.suppress(OSError):  # not a TCP socket: nothing to cap
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)


def _guarded_http() -> Any:
    """uvicorn's HTTP protocol (httptools) with limits on connections that
    are *stuck*: waiting for a request's headers (a new connection, or a
    kept-alive one between requests), for the rest of its body, or for the
    reader to take more of the answer (the sending paused: the reader does
    not read). A stuck connection is closed after :data:`HEADER_TIMEOUT`,
    :data:`BODY_TIMEOUT` or :data:`WRITE_TIMEOUT` seconds in that state; an
    address with more than :data:`WAITING_PER_ADDRESS` stuck, or the server
    with more than :data:`WAITING_IN_ALL`, loses its oldest stuck one. And in
    any state (an answer waiting for a thread to read its file, say): an
    address with more than :data:`HTTP_PER_ADDRESS` HTTP connections loses its
    oldest (stuck first), and past :data:`HTTP_IN_ALL` the oldest stuck one
    goes, else the oldest of the address that holds the most; a page's
    websocket leaves these counts once upgraded.

    uvicorn has no time limit on headers, a body or a reader, and counts such
    connections against its concurrency limit, after which everyone got 503:
    500 half-open connections (issue 19.2), or 500 that sent ``POST /join``'s
    headers and never its body, or asked for ``main.dart.js`` and never read
    it (issue 38.2), locked every page out."""
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    stuck: dict[Any, None] = {}  # oldest first
    by_address: dict[str, dict[Any, None]] = {}
    alive: dict[Any, None] = {}  # every HTTP connection, oldest first
    alive_by_address: dict[str, dict[Any, None]] = {}

    def oldest(among: dict[Any, None]) -> Any:
        """The oldest stuck connection of ``among``, else its oldest."""
        for connection in among:
            if connection in stuck:
                return connection
        return next(iter(among))

    class GuardedHttp(HttpToolsProtocol):
        _timer: asyncio.TimerHandle | None = None
        _address = ""

        def connection_made(self, transport: Any) -> None:
            _small_send_buffer(transport)
            super().connection_made(transport)
            self._address = str(self.client[0]) if self.client else ""
            alive[self] = None
            mine = alive_by_address.setdefault(self._address, {})
            mine[self] = None
            self._stuck(HEADER_TIMEOUT)
            if len(mine) > HTTP_PER_ADDRESS:
                oldest(mine)._too_slow()
            if len(alive) > HTTP_IN_ALL:  # not the newcomer: it just came
                victim = next((c for c in stuck if c is not self), None)
                if victim is None:
                    busiest = max(alive_by_address.values(), key=len)
                    victim = next(iter(busiest))
                victim._too_slow()

        def connection_lost(self, exc: Exception | None) -> None:
            self._gone()
            super().connection_lost(exc)

        def _gone(self) -> None:
            self._unstuck()
            alive.pop(self, None)
            mine = alive_by_address.get(self._address, {})
            mine.pop(self, None)
            if not mine:
                alive_by_address.pop(self._address, None)

        def on_headers_complete(self) -> None:
            super().on_headers_complete()
            self._stuck(BODY_TIMEOUT)  # until the message is complete

        def on_message_complete(self) -> None:
            self._unstuck()
            super().on_message_complete()

        def handle_websocket_upgrade(self) -> None:
            self._gone()  # a page's websocket: web.py and frames.py limit it
            super().handle_websocket_upgrade()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing() and not self.pipeline:
                self._stuck(HEADER_TIMEOUT)  # kept alive: the next request

        def pause_writing(self) -> None:
            super().pause_writing()
            self._stuck(WRITE_TIMEOUT)

        def resume_writing(self) -> None:
            super().resume_writing()
            self._unstuck()

        def _stuck(self, timeout: float) -> None:
            if self._timer is not None:
                self._timer.cancel()
            self._timer = self.loop.call_later(timeout, self._too_slow)
            if self in stuck:
                return
            stuck[self] = None
            mine = by_address.setdefault(self._address, {})
            mine[self] = None
            if len(mine) > WAITING_PER_ADDRESS:
                next(iter(mine))._too_slow()
            if len(stuck) > WAITING_IN_ALL:
                next(iter(stuck))._too_slow()

        def _unstuck(self) -> None:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            if self in stuck:
                del stuck[self]
                mine = by_address.get(self._address, {})
                mine.pop(self, None)
                if not mine:
                    by_address.pop(self._address, None)

        def _too_slow(self) -> None:
            self._gone()
            if not self.transport.is_closing():
                self.transport.abort()  # drops what is buffered for it too

    return GuardedHttp


def trusted_proxies() -> str:
    """The addresses of reverse proxies whose ``X-Forwarded-For`` is believed
    (``JOLLY_SCORER_TRUSTED_PROXIES``, comma-separated); none by default, so
    a client cannot choose the address its wrong PINs are counted under."""
    return os.environ.get("JOLLY_SCORER_TRUSTED_PROXIES", "").strip()


MAX_JOIN_BODY = 1000  # bytes of a /join form (a PIN needs a dozen)


async def _capped_body(request: Any) -> bytes | None:
    """The request body, or None when it is (or says it is) longer than
    :data:`MAX_JOIN_BODY` (reading stops there, nothing more is kept) or the
    client left before sending all of it (no traceback in the log)."""
    length = request.headers.get("content-length", "")
    if length and (not length.isascii() or not length.isdigit()):
        return None
    if length and int(length) > MAX_JOIN_BODY:
        return None
    from starlette.requests import ClientDisconnect

    body = b""
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_JOIN_BODY:
                return None
    except ClientDisconnect:  # cut off mid-body (issue 38.9): no one to answer
        return None
    return body
