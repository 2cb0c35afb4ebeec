"""Serving the app in web mode: our own FastAPI app around Flet's handlers.

Flet's ``ft.run(view=WEB_BROWSER)`` answers every origin
(``Access-Control-Allow-Origin: *``), lets any web page open the app's websocket,
serves FastAPI's ``/docs`` and keeps a dropped page session for an hour. This
module builds the same app from ``flet_web.fastapi``'s parts (``FletApp``,
``FletStaticFiles``) and serves it with uvicorn, with these differences:

* :class:`OriginGuard`: a request whose ``Host`` is not this server's address
  (DNS rebinding) or whose ``Origin`` is another site is refused (403); a
  websocket must come from the app's own page. No CORS header, no API docs.
* Websocket frames are checked before Flet sees them: a connection that sends
  junk (or nothing) before registering is closed, and nothing of it is kept.
* A dropped page session ends after :data:`SESSION_TIMEOUT` seconds
  (``JOLLY_SCORER_SESSION_TIMEOUT``), and the log is rate-limited.
* With a :class:`~jolly_scorer.ui.table.Table` (``jolly-scorer --table``) only
  devices holding the table's secret (a cookie set by ``/join``) get the app.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import ipaddress
import logging
import os
import socket
import sys
import time
import urllib.parse
from collections.abc import Awaitable, Callable, Coroutine, Iterable, MutableMapping
from contextvars import ContextVar
from pathlib import Path
from typing import Any

import flet as ft

from jolly_scorer.store import Store, StoreError, StoreGone
from jolly_scorer.store.platform import run_blocking
from jolly_scorer.ui.i18n import Translator, default_language, supported_language
from jolly_scorer.ui.table import COOKIE, Access, Table, join_page

APP_NAME = "jolly-scorer"
SESSION_TIMEOUT = 120  # seconds a dropped page session is kept for a reconnect
MAX_FRAME = 1 << 20  # bytes in one websocket frame
REGISTER_TIMEOUT = 15.0  # seconds a new websocket may take to register
MAX_CONNECTIONS = 500  # open connections (pages and requests) at once

log = logging.getLogger("jolly_scorer.server")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: Who is on the other end of the websocket that runs the current page session
#: (set before Flet creates the session; ``main`` reads it).
_ACCESS: ContextVar[Access | None] = ContextVar("jolly_access", default=None)


def current_access() -> Access | None:
    """The access of the page session being started (``local`` outside a table).

    None: this process serves a live table and the session did not come through
    the table's checked websocket, so it may do nothing."""
    access = _ACCESS.get()
    if access is not None:
        return access
    return None if _TABLE is not None else Access("local")


#: page session id -> the device it was started for: a reconnect that names a
#: session must come from the same device (a phone cannot take the host's page)
_SESSION_DEVICES: dict[str, str] = {}


def remember_session(page: ft.Page, access: Access) -> Callable[[], None]:
    """Bind ``page``'s session to ``access``'s device; returns the unbinding."""
    session_id = str(page.session.id)
    _SESSION_DEVICES[session_id] = access.device

    def forget() -> None:
        _SESSION_DEVICES.pop(session_id, None)

    return forget


def _own_session_only(first: bytes, access: Access | None) -> bytes:
    """The register frame, without a session id of another device's page."""
    import msgpack
    from flet.messaging.protocol import decode_ext_from_msgpack

    message = msgpack.unpackb(first[1:], ext_hook=decode_ext_from_msgpack)
    session_id = message[1].get("session_id")
    device = access.device if access is not None else ""
    if not session_id or _SESSION_DEVICES.get(str(session_id), device) == device:
        return first
    log.warning("refused to attach a page session of another device")
    message[1]["session_id"] = None
    try:
        return b"\x00" + bytes(msgpack.packb(message))
    except Exception:  # cannot write it back: no page at all
        return b""


def session_timeout() -> int:
    """Seconds a dropped page session is kept (``JOLLY_SCORER_SESSION_TIMEOUT``)."""
    text = os.environ.get("JOLLY_SCORER_SESSION_TIMEOUT", "")
    return int(text) if text.isascii() and text.isdigit() else SESSION_TIMEOUT


# -- addresses ---------------------------------------------------------------


def is_wildcard(host: str) -> bool:
    return host in ("", "0.0.0.0", "::", "*")


def lan_address() -> str | None:
    """This machine's address on the local network (the default route's), if any.

    No packet is sent: connecting a UDP socket only picks the interface."""
    for probe in ("192.168.0.1", "10.0.0.1", "172.16.0.1"):
        with (
            contextlib.suppress(OSError),
            socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s,
        ):
            s.connect((probe, 9))
            address = str(s.getsockname()[0])
            if not ipaddress.ip_address(address).is_loopback:
                return address
    return None


def _local_names() -> set[str]:
    names = {"127.0.0.1", "localhost", "[::1]"}
    with contextlib.suppress(OSError):
        hostname = socket.gethostname()
        names |= {hostname.lower(), f"{hostname.lower()}.local"}
        names |= set(socket.gethostbyname_ex(hostname)[2])
    address = lan_address()
    if address:
        names.add(address)
    return names


def allowed_hosts(host: str, port: int, extra: Iterable[str] = ()) -> frozenset[str]:
    """The ``Host`` header values (``name:port``) this server answers to.

    Loopback names always; the bound address; on a wildcard bind also this
    machine's names and addresses (how phones reach it)."""
    names = {"127.0.0.1", "localhost", "[::1]"}
    if is_wildcard(host):
        names |= _local_names()
    else:
        names.add(f"[{host}]" if ":" in host else host.lower())
    extra_env = os.environ.get("JOLLY_SCORER_ALLOWED_HOSTS", "")
    given = [*extra, *extra_env.split(",")]
    names |= {n.strip().lower() for n in given if n.strip()}
    return frozenset(_with_port(n, port) for n in names)


def _with_port(name: str, port: int) -> str:
    """``name:port``; a name given with its port (``example.org:443``,
    ``[::1]:8550``) is kept as given."""
    if name.startswith("["):
        return name if "]:" in name else f"{name}:{port}"
    if name.count(":") == 1:
        return name
    if ":" in name:  # a bare IPv6 address
        return f"[{name}]:{port}"
    return f"{name}:{port}"


# -- the guard -----------------------------------------------------------------


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

    def __init__(self, app: ASGIApp, hosts: frozenset[str], table: Table | None):
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


# -- the websocket -------------------------------------------------------------


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


class _CheckedSocket:
    """The websocket as ``FletApp`` sees it: already accepted, the first
    (register) frame replayed, every later frame checked; a bad frame ends the
    connection quietly (``WebSocketDisconnect``).

    An event for a control the page does not have is dropped here: Flet would
    look for it by walking the page's whole tree (milliseconds at every
    frame). Frames over the page's :class:`FrameBudget` are dropped, and a
    page that floods is closed."""

    def __init__(
        self,
        websocket: Any,
        first: bytes,
        controls: Callable[[], Any] | None = None,
    ) -> None:
        self._ws = websocket
        self._first: bytes | None = first
        self._gone = False
        self._controls = controls or (lambda: None)
        self.budget = FrameBudget()

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
            return bytes(data)


async def _close(websocket: Any) -> None:
    with contextlib.suppress(Exception):
        await websocket.close(code=1008)


async def _first_bytes(websocket: Any) -> bytes:
    """The first frame's bytes (b"": a text frame, or the client left)."""
    message = await websocket.receive()
    data = message.get("bytes")
    return bytes(data) if data else b""


def _controls_of(flet_app: Any) -> Any:
    """The page's controls by id (its session's index), None before it has one."""
    session = getattr(flet_app, "_FletApp__session", None)
    return None if session is None else session.index


async def _disconnect(flet_app: Any, app_manager: Any) -> None:
    session = getattr(flet_app, "_FletApp__session", None)
    unique = getattr(flet_app, "_FletApp__get_unique_session_id", None)
    if session is None or unique is None:
        return
    with contextlib.suppress(Exception):
        await app_manager.disconnect_session(unique(session.id), session_timeout())


def _send_message(self: Any, message: Any) -> None:
    """``FletApp.send_message`` of Flet 1.0.5 without its eager debug line.

    Flet formats ``f"send_message: {message}"`` for every message sent, even
    with debug logging off: the ``repr`` of every control in the patch. At a
    live table that was a fifth of the server's CPU time when a saved round
    went out to 12 phones (``benchmarks/table_load.py``, py-spy). Same bytes,
    same queue; the line is still logged when the ``flet_transport`` logger
    is at DEBUG."""
    import msgpack
    from flet.controls.base_control import BaseControl
    from flet.messaging.protocol import configure_encode_object_for_msgpack

    transport = logging.getLogger("flet_transport")
    if transport.isEnabledFor(logging.DEBUG):
        transport.debug("send_message: %s", message)
    body = msgpack.packb(
        [message.action, message.body],
        default=configure_encode_object_for_msgpack(BaseControl),  # type: ignore[no-untyped-call]
    )
    self._FletApp__send_queue.put_nowait(b"\x00" + body)


def quiet_send_message() -> bool:
    """Put :func:`_send_message` in place of Flet's (once); False when this
    Flet's ``send_message`` is not the one it replaces (then it is left)."""
    import inspect

    from flet_web.fastapi import FletApp

    if FletApp.send_message is _send_message:
        return True
    source = inspect.getsource(FletApp.send_message)
    if 'transport_log.debug(f"send_message: {message}")' not in source or (
        "self.__send_queue.put_nowait" not in source
    ):
        return False
    FletApp.send_message = _send_message
    return True


def _websocket_handler(
    session_main: Callable[[ft.Page], Any],
    table: Table | None,
) -> Callable[[Any], Awaitable[None]]:
    quiet_send_message()

    async def handle(websocket: Any) -> None:
        from flet_web.fastapi import FletApp, app_manager

        await websocket.accept()
        try:
            first = await asyncio.wait_for(
                _first_bytes(websocket), timeout=REGISTER_TIMEOUT
            )
        except Exception:
            with contextlib.suppress(Exception):
                await websocket.close(code=1008)
            return
        if not _valid_frame(first, registered=False):
            with contextlib.suppress(Exception):
                await websocket.close(code=1008)
            return
        access = websocket.scope.get("state", {}).get("jolly_access")
        if access is not None:
            _ACCESS.set(access)
        first = _own_session_only(first, access)
        if not first:
            with contextlib.suppress(Exception):
                await websocket.close(code=1008)
            return
        kick: Callable[[], None] | None = None
        if table is not None and access is not None:
            loop = asyncio.get_running_loop()

            def kick() -> None:
                # the table ended (or forgot this device): close its page now
                if table.access(access.device) is None:
                    loop.call_soon_threadsafe(
                        lambda: loop.create_task(_close(websocket))
                    )

            table.on_change.append(kick)
            table.connected(access, +1)
        flet_app = FletApp(
            loop=asyncio.get_running_loop(),
            executor=app_manager.executor,
            main=session_main,
            before_main=None,
            session_timeout_seconds=session_timeout(),
        )
        try:
            await flet_app.handle(
                _CheckedSocket(websocket, first, lambda: _controls_of(flet_app))
            )
        except Exception as error:
            # Flet skipped disconnecting the session: do it, or it is kept forever
            log.info("page connection ended: %s", error)
            await _disconnect(flet_app, app_manager)
        finally:
            if table is not None and access is not None:
                if kick is not None:
                    with contextlib.suppress(ValueError):
                        table.on_change.remove(kick)
                table.connected(access, -1)

    return handle


# -- the app -------------------------------------------------------------------

HOUSEKEEPING_INTERVAL = 10.0  # seconds


def _release_memory() -> None:
    """Collect cycles and hand freed heap back to the system (glibc)."""
    import ctypes
    import ctypes.util
    import gc

    gc.collect()
    with contextlib.suppress(Exception):
        name = ctypes.util.find_library("c")
        if name:
            ctypes.CDLL(name).malloc_trim(0)


YOUNG_COLLECTION = 5000  # allocations between two young collections (Python: 700)


def _steady_gc() -> None:
    """Before serving: what the start built (modules, the app) lives as long
    as the process; ``gc.freeze`` takes it out of the full collections (gen
    2), which then scan only the pages' objects. At a table of twelve phones
    a full pass came every few saved rounds and held every phone's redraw up
    (benchmarks/table_load.py): every redraw leaves cyclic garbage (Flet's
    patch operations and the replaced controls).

    Since a redraw's garbage goes by reference counting (``patch_chain``),
    young collections find next to nothing: they come every
    :data:`YOUNG_COLLECTION` allocations instead of Python's 700, so fewer
    short-lived controls live long enough to be promoted, and full passes
    (about 60 ms at twelve phones) come less often (the load benchmark: p90
    about 20% lower, 1.5 MB more)."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_COLLECTION, middle, old)


async def _housekeeping() -> None:
    """After Flet evicts expired page sessions, give their memory back."""
    from flet_web.fastapi import app_manager

    last = 0
    while True:
        await asyncio.sleep(HOUSEKEEPING_INTERVAL)
        sessions = getattr(app_manager, "_FletAppManager__sessions", {})
        count = len(sessions)
        if count < last:
            _release_memory()
        last = count


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


def build_app(
    session_main: Callable[[ft.Page], Any],
    *,
    host: str = "127.0.0.1",
    port: int = 8550,
    assets_dir: str | Path | None = None,
    table: Table | None = None,
    web_renderer: str = "auto",
) -> Any:
    """The ASGI app serving ``session_main`` (one call per page session).

    ``web_renderer``: "auto", "canvaskit" or "skwasm" (Flet's ``WebRenderer``)."""
    from fastapi import Request
    from fastapi.responses import HTMLResponse, RedirectResponse, Response
    from flet_web.fastapi import FastAPI, FletStaticFiles
    from starlette.routing import Route, WebSocketRoute

    tasks: set[asyncio.Task[None]] = set()

    def start_housekeeping() -> None:
        tasks.add(asyncio.get_running_loop().create_task(_housekeeping()))

    app = FastAPI(
        docs_url=None,
        redoc_url=None,
        openapi_url=None,
        swagger_ui_oauth2_redirect_url=None,
        on_startup=[start_housekeeping],
    )
    app.router.routes.append(
        WebSocketRoute("/ws", _websocket_handler(session_main, table))
    )

    if table is not None:

        def translator(request: Any) -> Translator:
            """The phone's language (Accept-Language), else the server's."""
            header = str(request.headers.get("accept-language", ""))[:200]
            tags = [part.split(";")[0].strip() for part in header.split(",")]
            return Translator(supported_language(tags) or default_language())

        def joined(request: Any, device: str) -> Response:
            response = RedirectResponse("/", status_code=303)
            response.set_cookie(
                COOKIE,
                device,
                httponly=True,
                samesite="strict",
                path="/",
                secure=request.url.scheme == "https",
            )
            return response

        async def join_get(request: Request) -> Response:
            t = translator(request)
            token = request.query_params.get("token", "")
            client = request.client.host if request.client else ""
            agent = request.headers.get("user-agent", "")
            if token:
                device, problem = table.join_with_link(token, client, agent)
                if device is not None:
                    return joined(request, device)
                return HTMLResponse(
                    join_page(t, problem.text(t)),
                    status_code=429 if problem.locked else 403,
                )
            return HTMLResponse(join_page(t, None))

        async def join_post(request: Request) -> Response:
            t = translator(request)
            client = request.client.host if request.client else ""
            agent = request.headers.get("user-agent", "")
            raw = await _capped_body(request)
            if raw is None:
                return HTMLResponse(join_page(t, t("Wrong PIN.")), status_code=413)
            body = raw.decode("utf-8", "replace")
            pin = urllib.parse.parse_qs(body).get("pin", [""])[0]
            device, problem = table.join_with_pin(pin, client, agent)
            if device is not None:
                return joined(request, device)
            return HTMLResponse(
                join_page(t, problem.text(t)),
                status_code=429 if problem.locked else 403,
            )

        app.router.routes.append(Route("/join", join_get, methods=["GET"]))
        app.router.routes.append(Route("/join", join_post, methods=["POST"]))

    app.mount(
        "/",
        FletStaticFiles(
            assets_dir=str(assets_dir) if assets_dir else None,
            app_name=APP_NAME,
            app_short_name=APP_NAME,
            web_renderer=ft.WebRenderer(web_renderer),
            no_cdn=True,
            websocket_endpoint_path="ws",
        ),
    )

    async def isolation_headers(request: Request, call_next: Any) -> Response:
        response: Response = await call_next(request)
        # Flet's web client needs these (SharedArrayBuffer for skwasm); no CORS.
        response.headers["Cross-Origin-Opener-Policy"] = "same-origin"
        response.headers["Cross-Origin-Embedder-Policy"] = "require-corp"
        response.headers["X-Frame-Options"] = "DENY"
        return response

    app.middleware("http")(isolation_headers)
    return OriginGuard(app, allowed_hosts(host, port), table)


# -- logging -------------------------------------------------------------------


class RateLimit(logging.Filter):
    """At most ``burst`` records per ``period`` seconds per logger; the rest are
    counted and reported once, and tracebacks of repeated messages are dropped."""

    def __init__(self, burst: int = 30, period: float = 60.0) -> None:
        super().__init__()
        self.burst = burst
        self.period = period
        self._window: dict[str, tuple[float, int, int]] = {}
        self._seen: set[str] = set()

    def filter(self, record: logging.LogRecord) -> bool:
        now = time.monotonic()
        start, count, dropped = self._window.get(record.name, (now, 0, 0))
        if now - start > self.period:
            if dropped:
                record.msg = f"({dropped} log messages suppressed) {record.msg}"
            start, count, dropped = now, 0, 0
        if count >= self.burst:
            self._window[record.name] = (start, count, dropped + 1)
            return False
        self._window[record.name] = (start, count + 1, dropped)
        key = f"{record.name}:{record.msg}"
        if record.exc_info and key in self._seen:
            record.exc_info = None
            record.exc_text = None
        if len(self._seen) < 1000:
            self._seen.add(key)
        return True


def configure_logging() -> None:
    """Warnings and errors of the server (and Flet) to stderr, rate-limited;
    ``JOLLY_SCORER_LOG=PATH`` also keeps them in a file rotated at 1 MB;
    ``JOLLY_SCORER_LOG_LEVEL`` (INFO, DEBUG) says more."""
    from logging.handlers import RotatingFileHandler

    handlers: list[logging.Handler] = [logging.StreamHandler()]
    path = os.environ.get("JOLLY_SCORER_LOG")
    if path:
        handlers.append(RotatingFileHandler(path, maxBytes=1 << 20, backupCount=2))
    level = os.environ.get("JOLLY_SCORER_LOG_LEVEL", "WARNING").upper()
    limit = RateLimit(burst=100_000 if level == "DEBUG" else 30)
    for handler in handlers:
        handler.addFilter(limit)
        handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    for name in ("jolly_scorer", "flet", "flet_web", "flet_transport", "uvicorn"):
        logger = logging.getLogger(name)
        logger.handlers = list(handlers)
        logger.setLevel(level if level in ("DEBUG", "INFO", "ERROR") else "WARNING")
        logger.propagate = False


# -- telling a page from another thread -----------------------------------------


def post_to_page(
    page: ft.Page, handler: Callable[[], Coroutine[Any, Any, None]]
) -> bool:
    """Run ``handler()`` on ``page``'s event loop, from any thread.

    Returns False when the page is gone for good (its session was closed):
    the caller stops following for it. A page that is disconnected but kept
    for a reconnect runs nothing now and returns True: what changed is on its
    controls and goes out with its next update. (``page.run_task`` made the
    coroutine first and then failed on a page without a connection: "coroutine
    ... was never awaited", and the caller, taking the error for a closed
    page, stopped following a page that came back.)"""
    try:
        session = page.session
    except RuntimeError:  # the session was destroyed
        return False
    connection = session.connection
    if connection is None:
        return session.expires_at is not None  # kept for a reconnect
    coroutine = handler()
    try:
        asyncio.run_coroutine_threadsafe(coroutine, connection.loop)
    except RuntimeError:  # its loop is closed
        coroutine.close()
        return False
    return True


# -- errors never reach the page as tracebacks ---------------------------------


def contain_errors(page: ft.Page, t: Translator | None = None) -> None:
    """A handler's exception goes to the server log; the page stays and shows a
    short message (Flet would replace it with "Error running app" and send the
    traceback, with server paths, to the browser)."""
    session = page.session
    say = t or Translator(default_language())

    def error(message: str) -> None:
        log.error("error in a page session: %s", message)
        with contextlib.suppress(Exception):
            page.show_dialog(
                ft.SnackBar(
                    ft.Text(say("Something went wrong. Nothing else was changed.")),
                    duration=ft.Duration(seconds=6),
                )
            )

    session.error = error  # type: ignore[method-assign]


# -- changes made by other processes -------------------------------------------

WATCH_INTERVAL = 1.0  # seconds between two looks at the database


class StoreWatcher:
    """Tells every page of this process about games changed by *another* process
    (the command line, a second server on the same folder).

    One per shared store. Every :data:`WATCH_INTERVAL` seconds it reads
    :meth:`Store.data_version`, which changes only when another connection
    committed; then it compares the games' :meth:`Store.revisions` and calls
    ``notify(game_id)`` for each game added, changed or deleted. This
    process's own changes reach the other pages through pubsub already. It
    stops when the store is closed or its file is gone (the next page session
    gets a new store, and a new watcher)."""

    def __init__(
        self,
        store: Store,
        notify: Callable[[int], None],
        gone: Callable[[], None] | None = None,
    ) -> None:
        self.store = store
        self.notify = notify
        self.gone = gone  # called once when the file was deleted or replaced
        self.version: int | None = None
        self.revisions: dict[int, int] = {}
        self.task: asyncio.Task[None] | None = None

    def _look(self) -> list[int]:
        # the version first: a commit after it shows in the revisions read now,
        # and again as a new version next time (then nothing more to tell)
        version = self.store.data_version()
        if version == self.version:
            return []
        revisions = self.store.revisions()
        first = self.version is None
        self.version = version
        changed = [
            game_id
            for game_id in revisions.keys() | self.revisions.keys()
            if revisions.get(game_id) != self.revisions.get(game_id)
        ]
        self.revisions = revisions
        return [] if first else sorted(changed)

    async def run(self) -> None:
        while not self.store.closed:
            try:
                for game_id in await run_blocking(self._look):
                    self.notify(game_id)
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


_WATCHERS: dict[str, StoreWatcher] = {}


def watch_store(
    store: Store,
    notify: Callable[[int], None],
    gone: Callable[[], None] | None = None,
) -> StoreWatcher:
    """Start (once per store and event loop) the watcher of ``store``;
    ``gone()`` is called when its file was deleted or replaced."""
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
    watcher = StoreWatcher(store, notify, gone)
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


# -- serving -------------------------------------------------------------------

_TABLE: Table | None = None


def current_table() -> Table | None:
    """The live table this process serves (``--table``), if any."""
    return _TABLE


def use_system_malloc(**env: str) -> None:
    """Restart this process once with ``PYTHONMALLOC=malloc`` (Linux).

    Python's own allocator keeps the arenas that dropped page sessions used
    (1,000 sessions: +48 MB never returned); with the C allocator and
    ``malloc_trim`` after evictions the server returns to its starting size.
    Only the ``jolly-scorer`` command restarts (never a test or another
    program calling ``run``); ``JOLLY_SCORER_PYMALLOC=1`` keeps Python's
    allocator. ``env``: more variables for the restarted process."""
    if (
        sys.platform != "linux"
        or Path(sys.argv[0]).name != "jolly-scorer"  # only the installed command
        or os.environ.get("PYTHONMALLOC")
        or os.environ.get("JOLLY_SCORER_PYMALLOC") == "1"
        or not getattr(sys, "orig_argv", None)
    ):
        return
    env = dict(os.environ, **env, PYTHONMALLOC="malloc")
    sys.stdout.flush()
    sys.stderr.flush()
    with contextlib.suppress(OSError):  # cannot restart: serve as we are
        os.execve(sys.executable, list(sys.orig_argv), env)


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


def _server_class(on_ready: Callable[[], None] | None) -> Any:
    import uvicorn

    class Server(uvicorn.Server):
        """uvicorn's server, but a SIGTERM/SIGINT ends it with status 0 after
        the graceful shutdown (uvicorn re-raises the signal afterwards), and
        ``on_ready`` is called once it listens."""

        async def startup(self, sockets: Any = None) -> None:
            await super().startup(sockets)
            if self.started and on_ready is not None:
                on_ready()

        def handle_exit(self, sig: int, frame: Any) -> None:
            super().handle_exit(sig, frame)
            self._captured_signals.clear()

    return Server


def serve(
    session_main: Callable[[ft.Page], Any],
    *,
    host: str = "127.0.0.1",
    port: int = 8550,
    assets_dir: str | Path | None = None,
    table: Table | None = None,
    on_ready: Callable[[], None] | None = None,
    web_renderer: str = "auto",
) -> None:
    """Serve the app until SIGINT/SIGTERM (uvicorn's handlers: a clean exit)."""
    import uvicorn

    global _TABLE
    _TABLE = table
    configure_logging()
    app = build_app(
        session_main,
        host=host,
        port=port,
        assets_dir=assets_dir,
        table=table,
        web_renderer=web_renderer,
    )
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        log_config=None,  # keep configure_logging's rate-limited handlers
        access_log=False,
        ws="websockets-sansio",
        ws_max_size=MAX_FRAME,
        timeout_graceful_shutdown=3,
        limit_concurrency=MAX_CONNECTIONS,  # then 503, before files run out
        http=_guarded_http(),
        proxy_headers=bool(trusted_proxies()),  # X-Forwarded-For: only if told
        forwarded_allow_ips=trusted_proxies() or None,
        lifespan="on",
    )
    _steady_gc()
    _server_class(on_ready)(config).run()


def format_exception_line(error: BaseException) -> str:
    """One line for the terminal: the error's kind and message, no traceback."""
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) < 200 else text[:197] + "..."


__all__ = [
    "APP_NAME",
    "OriginGuard",
    "allowed_hosts",
    "build_app",
    "configure_logging",
    "contain_errors",
    "current_access",
    "format_exception_line",
    "lan_address",
    "post_to_page",
    "serve",
    "session_timeout",
    "current_table",
    "remember_session",
    "unwatch_store",
    "use_system_malloc",
    "watch_store",
]
