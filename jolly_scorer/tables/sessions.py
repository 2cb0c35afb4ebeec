"""Which table this process serves, who a page session was started for, and
where its heavy work runs.

The web server (``server/web.py``) sets them; the app (``ui/app.py``'s
``main``) reads them when a page session starts. Neither imports the other:
both import this module.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

import flet as ft

from jolly_scorer.tables.table import Access, Table

if TYPE_CHECKING:
    from jolly_scorer.tables.club import Club

#: Who is on the other end of the websocket that runs the current page session
#: (set before Flet creates the session; ``main`` reads it).
_ACCESS: ContextVar[Access | None] = ContextVar("jolly_access", default=None)

#: The live table (``--table``) or club evening (``--club``) served, if any.
_TABLE: Table | Club | None = None

#: page session id -> the device it was started for: a reconnect that names a
#: session must come from the same device (a phone cannot take the host's page)
_SESSION_DEVICES: dict[str, str] = {}


def serve_table(table: Table | Club | None) -> None:
    """Set what this process serves (``server/web.serve``)."""
    global _TABLE
    _TABLE = table


def current_table() -> Table | Club | None:
    """The live table (``--table``) or club evening (``--club``) this
    process serves, if any."""
    return _TABLE


def set_access(access: Access) -> None:
    """The access of the page session about to start (the server's websocket)."""
    _ACCESS.set(access)


def access_device() -> str:
    """The device of the current page session's access ("" if none)."""
    access = _ACCESS.get()
    return access.device if access is not None else ""


def current_access() -> Access | None:
    """The access of the page session being started (``local`` outside a table).

    None: this process serves a live table and the session did not come through
    the table's checked websocket, so it may do nothing."""
    access = _ACCESS.get()
    if access is not None:
        return access
    return None if _TABLE is not None else Access("local")


def remember_session(page: ft.Page, access: Access) -> Callable[[], None]:
    """Bind ``page``'s session to ``access``'s device; returns the unbinding."""
    session_id = str(page.session.id)
    _SESSION_DEVICES[session_id] = access.device

    def forget() -> None:
        _SESSION_DEVICES.pop(session_id, None)

    return forget


def session_device(session_id: str, device: str) -> str:
    """The device the session ``session_id`` was started for (``device`` if
    none is remembered)."""
    return _SESSION_DEVICES.get(session_id, device)


#: ``runner(function, *args, **kwargs)``: where heavy calls run (the web
#: server's worker processes, ``server/heavy.py``); None: a thread
HeavyRunner = Callable[..., Awaitable[Any]]
_HEAVY: HeavyRunner | None = None


def use_heavy_runner(runner: HeavyRunner | None) -> None:
    """Run heavy calls (the arranger) through ``runner`` from now on (None:
    in a thread); the server sets it while it serves."""
    global _HEAVY
    _HEAVY = runner


def heavy_runner() -> HeavyRunner | None:
    """The runner of heavy calls, if the server gave one."""
    return _HEAVY
