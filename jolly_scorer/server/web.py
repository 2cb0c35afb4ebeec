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
* With a :class:`~jolly_scorer.tables.table.Table` (``jolly-scorer --table``) only
  devices holding the table's secret (a cookie set by ``/join``) get the app.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
import sys
import urllib.parse
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import flet as ft

from jolly_scorer.i18n import Translator, default_language, supported_language
from jolly_scorer.server.addresses import allowed_hosts
from jolly_scorer.server.flet_fixes import (
    apply_fixes,
    flet_session,
    page_sessions,
    page_tasks,
    unique_session_id,
)
from jolly_scorer.server.frames import (
    _CheckedSocket,
    _valid_frame,
    address_budget,
    address_done,
)
from jolly_scorer.server.guard import OriginGuard
from jolly_scorer.server.heavy import HeavyPool
from jolly_scorer.server.limits import (
    _capped_body,
    _guarded_http,
    trusted_proxies,
)
from jolly_scorer.server.logs import configure_logging
from jolly_scorer.tables.club import Club
from jolly_scorer.tables.join_page import join_page
from jolly_scorer.tables.sessions import (
    access_device,
    serve_table,
    session_device,
    set_access,
    use_heavy_runner,
)
from jolly_scorer.tables.table import COOKIE, Access, Table

APP_NAME = "jolly-scorer"
SESSION_TIMEOUT = 120  # seconds a dropped page session is kept for a reconnect
MAX_FRAME = 1 << 20  # bytes in one websocket frame
REGISTER_TIMEOUT = 15.0  # seconds a new websocket may take to register
MAX_CONNECTIONS = 500  # open connections (pages and requests) at once

log = logging.getLogger("jolly_scorer.server")


def _own_session_only(first: bytes, access: Access | None) -> bytes:
    """The register frame, without a session id of another device's page."""
    import msgpack
    from flet.messaging.protocol import decode_ext_from_msgpack

    message = msgpack.unpackb(first[1:], ext_hook=decode_ext_from_msgpack)
    session_id = message[1].get("session_id")
    device = access.device if access is not None else ""
    if not session_id or session_device(str(session_id), device) == device:
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
    session = flet_session(flet_app)
    return None if session is None else session.index


async def _disconnect(flet_app: Any, app_manager: Any) -> None:
    session = flet_session(flet_app)
    unique = unique_session_id(flet_app)
    if session is None or unique is None:
        return
    with contextlib.suppress(Exception):
        await app_manager.disconnect_session(unique(session.id), session_timeout())


def _is_host(access: Access | None) -> bool:
    """Whether a page is the table's host's own (its cookie is the host's):
    the one page with no address budget (:func:`address_budget`)."""
    return access is not None and access.role == "host"


def _websocket_handler(
    session_main: Callable[[ft.Page], Any],
    table: Table | Club | None,
) -> Callable[[Any], Awaitable[None]]:
    apply_fixes()  # every fix of Flet's internals (server/flet_fixes.py)

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
            set_access(access)
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
        client = websocket.client
        address = str(client[0]) if client else ""
        try:
            await flet_app.handle(
                _CheckedSocket(
                    websocket,
                    first,
                    lambda: _controls_of(flet_app),
                    address_budget(address, host=_is_host(access)),
                    lambda: page_tasks(flet_app),
                )
            )
        except Exception as error:
            # Flet skipped disconnecting the session: do it, or it is kept forever
            log.info("page connection ended: %s", error)
            await _disconnect(flet_app, app_manager)
        finally:
            if not _is_host(access):
                address_done(address)
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
        sessions = page_sessions(app_manager)
        count = len(sessions)
        if count < last:
            _release_memory()
        last = count


#: Headers of every answer. No CORS. ``Cross-Origin-Opener-Policy`` keeps a
#: page of another site that opened ours from reaching into it, and
#: ``X-Frame-Options`` keeps ours out of another site's frame.
#:
#: Flet sends ``Cross-Origin-Embedder-Policy: require-corp`` as well; this
#: server does not. With both, the page is cross-origin isolated, and Flutter's
#: loader then runs its skwasm renderer on two threads, text layout on the
#: page's and drawing on a worker. In the Flutter of Flet 1.0.5 those two
#: threads share Skia's glyph cache without a lock (emscripten's wasm workers
#: make its mutex a no-op): under a stream of text changes the heap is
#: corrupted and the page spins at 100 % CPU inside ``paragraph_layout``, for
#: ever, with nothing in the console (flutter/flutter#190039, fixed by #190048
#: in a later Flutter). The browser tests met it as pages that never came up;
#: at a table it is a phone that freezes mid-round. Without isolation the
#: loader picks skwasm on one thread (``skwasmSingleThreaded``), which has no
#: such race. ``benchmarks/text_churn.py`` shows both;
#: ``tests/e2e/test_renderer_browser.py`` checks that the page is not isolated
#: and draws without a worker.
PAGE_HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}


def build_app(
    session_main: Callable[[ft.Page], Any],
    *,
    host: str = "127.0.0.1",
    port: int = 8550,
    assets_dir: str | Path | None = None,
    table: Table | Club | None = None,
    web_renderer: str = "auto",
) -> Any:
    """The ASGI app serving ``session_main`` (one call per page session).

    ``web_renderer``: "auto", "canvaskit" or "skwasm" (Flet's ``WebRenderer``)."""
    from fastapi import Request
    from fastapi.responses import HTMLResponse, RedirectResponse, Response
    from flet_web.fastapi import FastAPI, FletStaticFiles
    from starlette.routing import Route, WebSocketRoute

    from jolly_scorer.web.offline import use_offline_web_root

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

        at_club = isinstance(table, Club)  # the PIN is on the table card

        def joined(request: Any, device: str) -> Response:
            where = "/"
            season = str(request.query_params.get("season", ""))
            if at_club and season.isascii() and season.isdigit() and len(season) < 10:
                where = f"/club/season?id={int(season)}"  # a season's link
            response = RedirectResponse(where, status_code=303)
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
                    join_page(t, problem.text(t), club=at_club),
                    status_code=429 if problem.locked else 403,
                )
            return HTMLResponse(join_page(t, None, club=at_club))

        async def join_post(request: Request) -> Response:
            t = translator(request)
            client = request.client.host if request.client else ""
            agent = request.headers.get("user-agent", "")
            raw = await _capped_body(request)
            if raw is None:
                return HTMLResponse(
                    join_page(t, t("Wrong PIN."), club=at_club), status_code=413
                )
            body = raw.decode("utf-8", "replace")
            pin = urllib.parse.parse_qs(body).get("pin", [""])[0]
            device, problem = table.join_with_pin(pin, client, agent)
            if device is not None:
                return joined(request, device)
            return HTMLResponse(
                join_page(t, problem.text(t), club=at_club),
                status_code=429 if problem.locked else 403,
            )

        app.router.routes.append(Route("/join", join_get, methods=["GET"]))
        app.router.routes.append(Route("/join", join_post, methods=["POST"]))
        if isinstance(table, Club):  # the organiser's printable table cards
            from jolly_scorer.server.club_page import club_routes

            app.router.routes.extend(club_routes(table, translator))

    use_offline_web_root()  # Flet's client, without its one call out (Rive)
    app.mount(
        "/",
        _mapped_static_files(FletStaticFiles)(
            assets_dir=str(assets_dir) if assets_dir else None,
            app_name=APP_NAME,
            app_short_name=APP_NAME,
            web_renderer=ft.WebRenderer(web_renderer),
            no_cdn=True,
            websocket_endpoint_path="ws",
        ),
    )

    return OriginGuard(_PageHeaders(app), allowed_hosts(host, port), table)


MAPPED_CHUNK = 256 * 1024  # bytes of a mapped file handed to uvicorn at once
FOUND_PATHS = 1000  # paths whose file is remembered (Flet's web root: 86 files)


def _mapped_static_files(base: Any) -> Any:
    """``base`` (Flet's static files) answering a whole file from a memory
    map of it, with no thread.

    Starlette's ``FileResponse`` opens, reads (64 KB at a time) and closes a
    file each in a thread of anyio's: 2 + size / 64 KB hops to a thread and
    back for each answer, each a queue put that wakes a thread (which then
    wants the GIL) and a wake-up of the event loop. With 500 readers of
    ``main.dart.js`` held (9.6 MB; each takes 512 KB before its writing
    pauses) that was about 5,000 hops at once, and a new request waited
    behind them over 2 s (issue 38.2; py-spy of the server: a third of the
    event loop's time in ``to_thread.run_sync``, the worker threads taking
    the GIL from it). Now a file is mapped once (the page cache's pages,
    shared, no copy kept by the process) and its pieces are
    :data:`MAPPED_CHUNK` slices of that map, and a path found before is
    looked up again with one ``stat`` on the event loop: no thread at all.
    A file that changed (another size, time or inode) is mapped again;
    ranges and 304s are Starlette's as before. (A mapped file cut short in
    place while it is sent would end the process: the web root is written
    once, a finished folder renamed into place, and the assets are the
    app's own.)"""
    import mmap
    import stat

    from starlette.datastructures import Headers
    from starlette.responses import FileResponse
    from starlette.staticfiles import NotModifiedResponse

    maps: dict[str, tuple[tuple[int, int, int], mmap.mmap]] = {}

    def mapped(path: str, stat_result: os.stat_result) -> memoryview | None:
        key = (stat_result.st_ino, stat_result.st_size, stat_result.st_mtime_ns)
        known = maps.get(path)
        if known is not None and known[0] == key:
            return memoryview(known[1])
        if not stat_result.st_size:
            return None
        try:
            with open(path, "rb") as file:
                if os.fstat(file.fileno()).st_size != stat_result.st_size:
                    return None  # changing right now: the plain way
                view = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
        except (OSError, ValueError):
            return None
        maps[path] = (key, view)
        return memoryview(view)

    class MappedFileResponse(FileResponse):
        async def _handle_simple(
            self, send: Any, send_header_only: bool, send_pathsend: bool
        ) -> None:
            data = None
            if not send_header_only and not send_pathsend and self.stat_result:
                data = mapped(str(self.path), self.stat_result)
            if data is None:
                await super()._handle_simple(send, send_header_only, send_pathsend)
                return
            await send(
                {
                    "type": "http.response.start",
                    "status": self.status_code,
                    "headers": self.raw_headers,
                }
            )
            size = len(data)
            for start in range(0, size, MAPPED_CHUNK):
                end = min(start + MAPPED_CHUNK, size)
                await send(
                    {
                        "type": "http.response.body",
                        "body": data[start:end],
                        "more_body": end < size,
                    }
                )

    found: dict[str, str] = {}  # a path asked for -> the file it named

    class MappedStaticFiles(base):  # type: ignore[misc]
        async def get_response(self, path: str, scope: Any) -> Any:
            """A path answered with a file before is looked up again on the
            event loop (one ``stat``), not in a thread: each hop to a thread
            woke one that then took the GIL from the loop (py-spy: 40% of the
            loop's time with 500 slow readers held, in ``Condition.notify``)."""
            full_path = found.get(path) if scope["method"] in ("GET", "HEAD") else None
            if full_path is not None:
                try:
                    stat_result = os.stat(full_path)
                except OSError:
                    stat_result = None
                if stat_result is not None and stat.S_ISREG(stat_result.st_mode):
                    return self.file_response(full_path, stat_result, scope)
                found.pop(path, None)
            response = await super().get_response(path, scope)
            if (
                isinstance(response, MappedFileResponse)
                and len(found) < FOUND_PATHS
                and Path(response.path).name == Path(path).name  # not a fallback
            ):
                found[path] = str(response.path)
            return response

        def file_response(
            self,
            full_path: Any,
            stat_result: os.stat_result,
            scope: Any,
            status_code: int = 200,
        ) -> Any:
            response = MappedFileResponse(
                full_path, status_code=status_code, stat_result=stat_result
            )
            if self.is_not_modified(response.headers, Headers(scope=scope)):
                return NotModifiedResponse(response.headers)
            return response

    return MappedStaticFiles


class _PageHeaders:
    """ASGI middleware: :data:`PAGE_HEADERS` on every answer, put in as it
    starts. (Starlette's ``BaseHTTPMiddleware`` did it before: it passes
    each piece of an answer through a stream of its own, several tasks and
    a thread hop a piece, which cost every request; slow readers held, a
    new request waited over 2 s behind them, issue 38.2.)"""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.headers = [
            (name.lower().encode(), value.encode())
            for name, value in PAGE_HEADERS.items()
        ]

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        names = {name for name, _ in self.headers}

        async def with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                kept = [
                    (name, value)
                    for name, value in message.get("headers", [])
                    if bytes(name).lower() not in names
                ]
                message = {**message, "headers": kept + self.headers}
            await send(message)

        await self.app(scope, receive, with_headers)


# -- serving -------------------------------------------------------------------


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


def get_scope(path: str, host: str, client: str = "127.0.0.1") -> dict[str, Any]:
    """The ASGI scope of ``GET path`` as uvicorn gives it (for a request made
    inside the server: :func:`_warm_up`)."""
    return {
        "type": "http",
        "asgi": {"version": "3.0", "spec_version": "2.3"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": b"",
        "headers": [(b"host", host.encode())],
        "client": (client, 0),
        "server": ("127.0.0.1", 0),
        "state": {},
    }


async def _warm_up(app: Any) -> int:
    """What the first file asked for would do, done before the server
    listens: Flet's web root set up (its first request copies and patches
    index.html), anyio's event loop part loaded (compiled from source where
    no bytecode was kept: 0.5-0.7 s on a busy machine) and a file thread
    started. Slow readers held, the first requests waited for all this behind
    them: a few took over 2 s (issue 38.2). Nothing is sent anywhere; the
    answer's status is returned (0: none)."""
    hosts = sorted(getattr(app, "hosts", ())) or ["127.0.0.1"]
    scope = get_scope("/manifest.json", hosts[0])
    asked = False

    async def receive() -> dict[str, Any]:
        nonlocal asked
        if not asked:
            asked = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await asyncio.Event().wait()  # (never: the answer is short)
        return {"type": "http.disconnect"}

    status = 0

    async def send(message: Any) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = int(message["status"])

    try:
        await asyncio.wait_for(app(scope, receive, send), 10)
    except Exception as error:  # a cold first request then, nothing worse
        log.info("warm-up request failed: %s", error)
    return status


def _server_class(on_ready: Callable[[], None] | None, app: Any = None) -> Any:
    import uvicorn

    class Server(uvicorn.Server):
        """uvicorn's server, but a SIGTERM/SIGINT ends it with status 0 after
        the graceful shutdown (uvicorn re-raises the signal afterwards), and
        ``on_ready`` is called once it listens."""

        async def startup(self, sockets: Any = None) -> None:
            if app is not None:
                await _warm_up(app)
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
    table: Table | Club | None = None,
    on_ready: Callable[[], None] | None = None,
    web_renderer: str = "auto",
) -> None:
    """Serve the app until SIGINT/SIGTERM (uvicorn's handlers: a clean exit)."""
    import uvicorn

    serve_table(table)
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
    pool = HeavyPool(device=_heavy_device)
    use_heavy_runner(pool.run)  # the arranger in worker processes
    _steady_gc()
    try:
        _server_class(on_ready, app)(config).run()
    finally:
        use_heavy_runner(None)
        pool.close()


def _heavy_device() -> str:
    """The device a heavy call is made for (its page session's), for
    :class:`HeavyPool`'s bound per device."""
    return access_device()


def format_exception_line(error: BaseException) -> str:
    """One line for the terminal: the error's kind and message, no traceback."""
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) < 200 else text[:197] + "..."
