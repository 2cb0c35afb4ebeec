"""The origin guard: only this server's own pages may talk to it (``Host``,
``Origin``; with a live table, the table's cookie).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, MutableMapping
from typing import TYPE_CHECKING, Any

from jolly_scorer.tables.table import COOKIE, Table

if TYPE_CHECKING:
    from jolly_scorer.tables.club import Club

log = logging.getLogger("jolly_scorer.server")


Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def _headers(scope: Scope) -> dict[str, str]:
    return {
        k.decode("latin-1").lower(): v.decode("latin-1")
        for k, v in scope.get("headers", [])
    }


def _cookies(headers: dict[str, str]) -> dict[str, str]:
    jar: dict[str, str] = {}
    for part in headers.get("cookie", "").split(";"):
        name, sep, value = part.strip().partition("=")
        if sep:
            jar[name] = value
    return jar


class OriginGuard:
    """ASGI middleware: only this server's own pages may talk to it.

    * ``Host`` must be one of ``hosts`` (else 403; stops DNS rebinding).
    * An ``Origin`` header, when present, must be ``http(s)://`` + one of ``hosts``;
      a websocket must carry one (browsers always send it).
    * With a table, a websocket needs the table's cookie, and a page request
      without it is sent to ``/join``.
    """

    def __init__(self, app: ASGIApp, hosts: frozenset[str], table: Table | Club | None):
        self.app = app
        self.hosts = hosts
        self.origins = frozenset(
            f"{scheme}://{h}" for h in hosts for scheme in ("http", "https")
        )
        self.table = table

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        host = headers.get("host", "").lower()
        origin = headers.get("origin")
        refused = host not in self.hosts
        if origin is not None and origin.lower() not in self.origins:
            refused = True
        if kind == "websocket" and origin is None:
            refused = True
        if refused:
            log.warning(
                "refused %s %s (host %r, origin %r)",
                kind,
                scope.get("path"),
                host,
                origin,
            )
            await _refuse(kind, send, receive)
            return
        if self.table is not None:
            access = self.table.access(_cookies(headers).get(COOKIE, ""))
            if kind == "websocket":
                if access is None:
                    await _refuse(kind, send, receive)
                    return
                scope.setdefault("state", {})["jolly_access"] = access
            elif access is None and _is_page(scope["path"]):
                await _redirect(send, "/join")
                return
        await self.app(scope, receive, send)


def _is_page(path: str) -> bool:
    if path.startswith("/join"):
        return False
    return "." not in path.rsplit("/", 1)[-1]


async def _refuse(kind: str, send: Send, receive: Receive) -> None:
    if kind == "websocket":
        await receive()  # websocket.connect
        await send({"type": "websocket.close", "code": 1008})
        return
    body = b"Forbidden: this page belongs to another address.\n"
    await send(
        {
            "type": "http.response.start",
            "status": 403,
            "headers": [
                (b"content-type", b"text/plain; charset=utf-8"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


async def _redirect(send: Send, location: str) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": 303,
            "headers": [(b"location", location.encode()), (b"content-length", b"0")],
        }
    )
    await send({"type": "http.response.body", "body": b""})
