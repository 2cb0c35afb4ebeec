"""The ``app`` command's composition: the web server and the app wired together.

``run()`` opens a native window where there is a display (if Flet's desktop
client cannot be had, it says so in one line and serves the browser instead);
without one (or with ``web=True``) it serves the app (``ui/app.py``'s ``main``)
in web mode through ``server/web.py`` (only the app's own pages may connect;
renderer served locally), prints the address, and opens a browser unless told
not. ``table=True`` (``--table``) serves the live table on the local network:
only devices that joined with its QR code or PIN get the app
(``tables/table.py``); ``club=True`` the club evening (``tables/club.py``).

This module sits above both ``ui/`` and ``server/``: the UI never imports the
server, nor the server the UI; what both use is in ``tables/``.
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import sys
from pathlib import Path
from typing import Any

import flet as ft

from jolly_scorer.server.addresses import is_wildcard, lan_address
from jolly_scorer.server.flet_fixes import fix_redraws
from jolly_scorer.server.web import format_exception_line, serve, use_system_malloc
from jolly_scorer.store import close_shared_stores, release_shared_store, shared_store
from jolly_scorer.tables.club import CLUB_FOLDER, Club
from jolly_scorer.tables.join_page import print_club, print_table
from jolly_scorer.tables.table import TABLE_FILE, TABLE_LOCK, Table
from jolly_scorer.tables.watcher import unwatch_store
from jolly_scorer.ui.app import ASSETS, main
from jolly_scorer.ui.screens.club.season import standings_page


def _open_club(folder: Path, data_dir: str | Path | None) -> Club:
    """The club evening kept in the data folder (a killed server's), else a
    new one."""

    @contextlib.contextmanager
    def using() -> Any:
        store = shared_store(data_dir)
        try:
            yield store
        finally:
            if release_shared_store(store):
                unwatch_store(store)

    club, resumed = Club.open(using, folder / CLUB_FOLDER)
    club.season_page = standings_page  # the season's read-only page
    if resumed:
        print(
            "jolly-scorer: the club evening goes on (its server stopped without "
            "ending it): same links and PINs, joined phones reconnect",
            flush=True,
        )
    return club


NO_WINDOW = "JOLLY_SCORER_NO_WINDOW"  # set: serve in the browser, no window


def _has_display() -> bool:
    return bool(
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ) or sys.platform in ("win32", "darwin")


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _desktop_client_ready() -> bool:
    """Whether Flet's desktop client is there (downloading it once if needed);
    if it cannot be had, say why in one line."""
    try:
        import flet_desktop

        flet_desktop.ensure_client_cached()
    except Exception as error:  # no network, a proxy, a missing package
        print(
            "jolly-scorer: the app window could not be set up "
            f"({format_exception_line(error)}); serving it in the browser instead",
            file=sys.stderr,
            flush=True,
        )
        return False
    return True


def _tell_rescued_copies(data_dir: str | Path | None) -> None:
    """Name the rescue copies a server left when the database's files were
    deleted under it (issue 38.4): the rounds it had confirmed are there."""
    from jolly_scorer.store.connection import rescued_copies
    from jolly_scorer.store.paths import DB_NAME, default_data_dir

    for copy in rescued_copies(default_data_dir(data_dir) / DB_NAME):
        print(
            f"jolly-scorer: {copy} holds what an earlier jolly-scorer had saved "
            f"when {DB_NAME} (or its -wal file) was deleted under it: to go on "
            f"with it, stop jolly-scorer and put it in place of {DB_NAME}",
            file=sys.stderr,
            flush=True,
        )


def run(
    host: str | None = None,
    port: int = 8550,
    web: bool = False,
    open_browser: bool = True,
    data_dir: str | Path | None = None,
    table: bool = False,
    club: bool = False,
) -> int:
    """Open the app: a native window with a display, else serve it in web mode.

    ``table``: serve the live table on the local network (the LAN address
    unless ``host`` is given), with its join QR code and PIN. One live table
    per data folder: a second one is refused (status 1, nothing served).
    ``club``: serve the club evening (``tables/club.py``): every table of the
    series being played is a live table, the organiser's page has the club
    screens, the ranking link shows the ranking read only.
    """

    fix_redraws()  # as the server does: the window's redraws too

    def session(page: ft.Page) -> None:
        main(page, data_dir)

    table = table or club  # a club evening is served as live tables are
    if host is not None and not table and not _loopback(host):
        # the network only ever gets the table: no device without its secret
        print(
            f"jolly-scorer: {host} is reachable from the network; "
            "opening it as a live table (phones join with its QR code or PIN)",
            flush=True,
        )
        table = True
    window = not web and not table and _has_display()
    if window and os.environ.get(NO_WINDOW) != "1" and _desktop_client_ready():
        ft.run(session, assets_dir=str(ASSETS))
        return 0
    # may restart this process (not trying the window again): print nothing before
    use_system_malloc(**{NO_WINDOW: "1"})
    live: Table | Club | None = None
    held: Any = None  # the live table's lock on the data folder
    if table:
        from jolly_scorer.store.paths import default_data_dir
        from jolly_scorer.store.platform import hold_lock

        folder = default_data_dir(data_dir)
        # held until the server has stopped (closed at the end of this function)
        try:
            held = hold_lock(folder / TABLE_LOCK)
        except OSError:  # a read-only folder: nothing can be kept there anyway
            held = contextlib.nullcontext()
        if held is None:
            print(
                f"jolly-scorer: a live table is already open on {folder} (another "
                "jolly-scorer serves it): use that one, or stop it first "
                "(Ctrl+C in its terminal). Nothing was started.",
                file=sys.stderr,
                flush=True,
            )
            return 1
        if club:
            live = _open_club(folder, data_dir)
        else:
            kept = folder / TABLE_FILE
            live = Table.resume(kept)
            if live is not None:
                print(
                    "jolly-scorer: the live table goes on (its server stopped "
                    "without ending it): same QR code and PIN, joined phones "
                    "reconnect",
                    flush=True,
                )
            else:
                live = Table()
            live.keep(kept)
    if host is None:
        host = (lan_address() or "127.0.0.1") if table else "127.0.0.1"
    shown = host
    if is_wildcard(host):  # phones need an address they can reach
        shown = (lan_address() if live else None) or "127.0.0.1"
    url = f"http://{f'[{shown}]' if ':' in shown else shown}:{port}/"
    start_url = url
    if isinstance(live, Club):
        live.address = url
        start_url = f"{url}join?token={live.gate.host_token}"
        print_club(live, url)
    elif live is not None:
        live.address = url
        start_url = f"{url}join?token={live.host_token}"
        print_table(live, url)
    print(f"jolly-scorer: serving on {url} (Ctrl+C stops)", flush=True)
    _tell_rescued_copies(data_dir)

    def ready() -> None:
        print(f"jolly-scorer: ready at {url}", flush=True)
        if open_browser:
            import webbrowser

            webbrowser.open(start_url)

    try:
        serve(
            session,
            host=host,
            port=port,
            assets_dir=ASSETS,
            table=live,
            on_ready=ready,
        )
        if live is not None:  # stopped normally: the next table starts afresh
            live.forget()
    finally:
        close_shared_stores()
        if held is not None and hasattr(held, "close"):
            held.close()
    return 0
