"""Limits on connections and requests: a time limit on a request's headers
and caps on connections waiting for them (:func:`_guarded_http`), forwarded
addresses only from configured proxies, and the size of a ``/join`` form.
"""

from __future__ import annotations

import asyncio
import logging
import os
from typing import Any

log = logging.getLogger("jolly_scorer.server")


HEADER_TIMEOUT = 10.0  # seconds a connection may take to send a request's headers
WAITING_PER_ADDRESS = 16  # connections of one address waiting for headers
WAITING_IN_ALL = 200  # connections of all addresses waiting for headers


def _guarded_http() -> Any:
    """uvicorn's HTTP protocol (httptools) with a limit on connections that
    hold no request: one whose headers have not all come (a new connection,
    or a kept-alive one between requests) is *waiting*. A waiting connection
    is closed after :data:`HEADER_TIMEOUT` seconds; an address with more than
    :data:`WAITING_PER_ADDRESS` waiting, or the server with more than
    :data:`WAITING_IN_ALL`, loses its oldest waiting one. (uvicorn has no
    time limit on headers, and counts such connections against its
    concurrency limit, after which everyone got 503: 500 half-open
    connections locked every page out.)"""
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    waiting: dict[Any, None] = {}  # oldest first
    by_address: dict[str, dict[Any, None]] = {}

    class GuardedHttp(HttpToolsProtocol):
        _timer: asyncio.TimerHandle | None = None
        _address = ""

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._address = str(self.client[0]) if self.client else ""
            self._wait()

        def connection_lost(self, exc: Exception | None) -> None:
            self._done_waiting()
            super().connection_lost(exc)

        def on_headers_complete(self) -> None:
            self._done_waiting()
            super().on_headers_complete()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing() and not self.pipeline:
                self._wait()  # kept alive: waiting for the next request

        def _wait(self) -> None:
            if self in waiting:
                return
            waiting[self] = None
            mine = by_address.setdefault(self._address, {})
            mine[self] = None
            self._timer = self.loop.call_later(HEADER_TIMEOUT, self._too_slow)
            if len(mine) > WAITING_PER_ADDRESS:
                next(iter(mine))._too_slow()
            if len(waiting) > WAITING_IN_ALL:
                next(iter(waiting))._too_slow()

        def _done_waiting(self) -> None:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            if self in waiting:
                del waiting[self]
                mine = by_address.get(self._address, {})
                mine.pop(self, None)
                if not mine:
                    by_address.pop(self._address, None)

        def _too_slow(self) -> None:
            self._done_waiting()
            if not self.transport.is_closing():
                self.transport.close()

    return GuardedHttp


def trusted_proxies() -> str:
    """The addresses of reverse proxies whose ``X-Forwarded-For`` is believed
    (``JOLLY_SCORER_TRUSTED_PROXIES``, comma-separated); none by default, so
    a client cannot choose the address its wrong PINs are counted under."""
    return os.environ.get("JOLLY_SCORER_TRUSTED_PROXIES", "").strip()


MAX_JOIN_BODY = 1000  # bytes of a /join form (a PIN needs a dozen)


async def _capped_body(request: Any) -> bytes | None:
    """The request body, or None when it is (or says it is) longer than
    :data:`MAX_JOIN_BODY`: reading stops there, nothing more is kept."""
    length = request.headers.get("content-length", "")
    if length and (not length.isascii() or not length.isdigit()):
        return None
    if length and int(length) > MAX_JOIN_BODY:
        return None
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_JOIN_BODY:
            return None
    return body
