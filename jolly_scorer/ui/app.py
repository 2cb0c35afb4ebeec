"""The app: ``main(page)``, a page session of the score keeper.

``jolly_scorer/serve.py`` (the ``app`` command) serves it in a window or the
browser, ``web/browser.py`` in the offline phone app. It imports no part of
the web server: the table a page belongs to and who it is for are asked of
``tables/sessions.py``, which the server sets.

Every page session shares one store per data folder; a page shows changes made
by other pages, other processes, and catches up when its connection comes back.
The next round is entered together: its parts are in the store, and a page
that wrote some tells the others (``PARTS_KEY``), whose round entry catches up.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import importlib
import logging
import os
import sys
from functools import partial
from pathlib import Path
from typing import Any

import flet as ft

from jolly_scorer.i18n import Translator, default_language, supported_language
from jolly_scorer.store import (
    Store,
    StoreCorrupt,
    StoreError,
    StoreGone,
    release_shared_store,
    shared_store,
)
from jolly_scorer.store.platform import IN_BROWSER, run_blocking
from jolly_scorer.tables.club import SESSION_KEY, Club, RankingStore
from jolly_scorer.tables.guest_store import GuestStore, NotTheTablesGame, ViewerStore
from jolly_scorer.tables.pages import contain_errors
from jolly_scorer.tables.sessions import current_access, current_table, remember_session
from jolly_scorer.tables.table import Table, TablesGame
from jolly_scorer.tables.watcher import unwatch_store, watch_store
from jolly_scorer.ui.screens.home.screen import Home
from jolly_scorer.ui.screens.new_game.screen import NewGame
from jolly_scorer.ui.screens.past_games.screen import PastGames, Stats
from jolly_scorer.ui.screens.rules.screen import RulesView
from jolly_scorer.ui.screens.scoreboard.screen import Scoreboard
from jolly_scorer.ui.screens.settings.screen import SettingsView
from jolly_scorer.ui.settings import UiSettings
from jolly_scorer.ui.state import AppState, GameStore, device_key
from jolly_scorer.ui.widgets import page_keys
from jolly_scorer.ui.widgets.basics import MAX_WIDTH, close_own, memo
from jolly_scorer.ui.widgets.cards import SUIT_FONTS, suit_font_theme
from jolly_scorer.ui.widgets.screen import screen
from jolly_scorer.web.reconnect import tell_page_language

log = logging.getLogger("jolly_scorer.app")
ASSETS = Path(__file__).parent / "assets"
SEED = ft.Colors.GREEN_800
DARK_INK = "#E3E3DC"  # on-surface of the dark scheme
THEME_MODES = {
    "system": ft.ThemeMode.SYSTEM,
    "light": ft.ThemeMode.LIGHT,
    "dark": ft.ThemeMode.DARK,
}


def _round_entry(state: AppState) -> ft.Control:
    from jolly_scorer.ui.screens.round_entry.screen import build_round_entry

    game = state.game
    assert game is not None
    if state.nav.edit_round is None:  # the next round: shared by every page
        from jolly_scorer.ui.screens.round_entry.screen import TogetherEntry

        return TogetherEntry(state, game)
    return build_round_entry(
        ft.context.page,
        state.t,
        game,
        state.nav.edit_round,
        state.drafts.load(),
        on_save=state.save_round,
        on_cancel=state.cancel_round,
        on_draft=state.drafts.save,
        settings=state.settings,
    )


def _meld_checker(state: AppState) -> ft.Control:
    from jolly_scorer.ui.screens.meld_checker.screen import build_meld_checker

    game = state.game
    rules = game.rules if game is not None else state.preferences.default_rules()
    checker = build_meld_checker(
        ft.context.page,
        state.t,
        rules,
        state.settings,
        state.page_width,
        state.page_height,
    )
    return screen(state, state.t("Check a meld"), [checker])


#: Screens a phone that joined a live table never gets (the store refuses
#: what they do anyway): they show Home instead.
HOST_ONLY_SCREENS = frozenset(
    {"new", "past", "past_game", "stats", "settings", "club", "club_big"}
)


#: Seconds the round entry stays, hidden, after Save or Cancel showed the
#: board, before it is taken away (see :func:`BoardAndEntry`).
ENTRY_GOES_AFTER = 0.4


@ft.component
def BoardAndEntry(state: AppState, entering: bool) -> ft.Control:
    """The scoreboard, and over it the round entry while a round is entered.

    The board stays mounted, hidden, under the round entry: the browser keeps
    its controls, so Save's way back to it sends only what the round changed
    (its new row, the totals, the chart's new points) and not the whole board
    again (313 controls at round 28), and "Enter round" sends only the entry.
    Hidden, it is not drawn, not in the accessibility tree and takes no keys
    or taps.

    Saved or cancelled, the entry is first only hidden (its controls kept as
    they are: Flet neither compares nor walks them) and taken away
    :data:`ENTRY_GOES_AFTER` seconds later, in a redraw of its own: walking
    the removed entry was a third of Save's answer in the phone app, where
    the answer waits for Python. A round entered again before then is a new
    entry (a layer of its own); the hidden one goes with that redraw.

    The board back from under the entry shows its totals chart with that
    redraw too: until then the chart's room (the same height, the legend),
    so nothing below it moves. The browser builds no hidden control, so the
    board is built anew when it comes back, and the chart was the costliest
    part of that frame (Save to the board in the phone app, round d:
    198-313 ms with it, 149-165 ms without)."""
    page = ft.context.page
    shown: Any = ft.use_ref(None)  # the entry's layer as drawn last
    going: Any = ft.use_ref(None)  # the layer hidden, until it is taken away
    opened: Any = ft.use_ref(0)  # entries opened: each its own layer's key
    _, set_gone = ft.use_state(0)

    async def take_away(layer: ft.Control) -> None:
        await asyncio.sleep(ENTRY_GOES_AFTER)
        if going.current is layer:
            going.current = None
            set_gone(lambda n: n + 1)

    # the board back from the entry (leaving it now, or not yet taken away)
    chart_later = not entering and (
        shown.current is not None or going.current is not None
    )
    layers: list[ft.Control] = [
        ft.Container(
            memo(Scoreboard)(state, read_only=False, chart_later=chart_later),
            key="board-layer",
            visible=not entering,
            expand=True,
        )
    ]
    if entering:
        going.current = None
        if shown.current is None:
            opened.current += 1
        layer = ft.Container(
            _round_entry(state), key=f"entry-layer-{opened.current}", expand=True
        )
        shown.current = layer
        layers.append(layer)
    elif shown.current is not None:  # it goes: hidden first
        last, shown.current = shown.current, None
        going.current = ft.Container(
            last.content, key=last.key, visible=False, expand=True
        )
        page.run_task(take_away, going.current)
    if going.current is not None:  # never while entering (cleared above)
        layers.append(going.current)
    return ft.Column(
        layers,
        spacing=0,
        expand=True,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )


def current_view(state: AppState) -> ft.Control:
    """The control of the screen ``state.nav.screen``."""
    name = state.nav.screen
    if isinstance(state.store, RankingStore):  # a club's ranking link
        from jolly_scorer.ui.screens.club import BigRanking

        ranking: ft.Control = BigRanking(state)
        return ranking
    if name in ("board", "entry") and state.game is None:
        name = "home"
    if state.is_guest and name in HOST_ONLY_SCREENS:
        name = "home"
    if isinstance(state.store, ViewerStore) and name not in ("rules", "meld"):
        # a viewer: the table's game, read only (see follow_table)
        name = "past_game" if state.nav.past is not None else "home"
    # memo: App and the scoreboard both follow ``state``; when the scoreboard
    # rendered a change itself, App's render of the same change reuses it
    # (rendered once per change, not twice: half the work of every page at a
    # live table when a round is saved)
    if name in ("board", "entry"):
        board_and_entry: ft.Control = memo(BoardAndEntry)(
            state, entering=name == "entry"
        )
        return board_and_entry
    if name == "past_game":
        board: ft.Control = memo(Scoreboard)(state, read_only=True)
        return board
    if name == "meld":
        return _meld_checker(state)
    if name in ("club", "club_big"):  # the organiser's club evening
        from jolly_scorer.ui.screens.club import BigRanking, ClubScreen

        club: ft.Control = (ClubScreen if name == "club" else BigRanking)(state)
        return club
    views: dict[str, Any] = {
        "new": NewGame,
        "past": PastGames,
        "stats": Stats,
        "settings": SettingsView,
        "rules": RulesView,
    }
    view: ft.Control = views.get(name, Home)(state)
    return view


def apply_theme(page: ft.Page, settings: UiSettings) -> None:
    """The app's colours and fonts, set before its first screen is drawn.

    Not animated (issue 36): Flutter's app fades from the theme it has to the
    one it is given, and the client draws its boot screen in Flet's default
    theme before the app's arrives, so the first screen came as a fade from
    Flet's blue, 200 ms of frames drawn in full right after the start (and a
    change of light or dark in the settings now shows at once)."""
    page.theme_animation_style = ft.AnimationStyle.no_animation()
    page.theme_mode = THEME_MODES[settings.theme]
    page.theme = suit_font_theme(ft.Theme(color_scheme_seed=SEED))
    page.dark_theme = _light_text(suit_font_theme(ft.Theme(color_scheme_seed=SEED)))


def _light_text(theme: ft.Theme) -> ft.Theme:
    """The suit-font text theme of ``cards_view`` has no colour, which leaves text
    black on the dark background; give every style a light ink."""
    styles = theme.text_theme
    if styles is None:
        return theme
    ink = dataclasses.replace
    names = [f.name for f in dataclasses.fields(ft.TextTheme) if f.init]
    text_theme = ft.TextTheme(
        **{
            n: ink(getattr(styles, n), color=DARK_INK)
            for n in names
            if getattr(styles, n) is not None
        }
    )
    theme.text_theme = text_theme
    theme.primary_text_theme = text_theme
    return theme


@ft.component
def App(state: AppState, table: Table | None = None) -> ft.Control:
    """The whole app: the current screen, centred up to ``MAX_WIDTH``.

    ``table``: the host's page of a live table, whose game it pins."""
    page = ft.context.page
    theme = state.settings.theme
    applied = ft.use_ref(theme)  # main() set the first theme before rendering

    def theme_changed() -> None:
        if applied.current == theme:
            return
        applied.current = theme
        page.theme_mode = THEME_MODES[theme]
        page.update()

    ft.use_effect(theme_changed, [theme])
    language = state.settings.language  # the banner while the host is away
    ft.use_effect(lambda: tell_page_language(page, language), [language])
    game_id = state.game_id

    def game_changed() -> None:  # also a game opened by following another device
        if table is not None and game_id is not None:
            table.pin_game(game_id)

    ft.use_effect(game_changed, [game_id])
    width = state.page_width or 390
    side = max(12.0, (width - MAX_WIDTH) / 2)
    if state.nav.screen == "club_big":  # a projector's whole width
        side = 24.0
    return ft.SafeArea(
        ft.Container(
            current_view(state),
            padding=ft.Padding.only(left=side, right=side, top=12, bottom=12),
            expand=True,
        ),
        expand=True,
    )


async def follow_browser_language(
    page: ft.Page, state: AppState, known: asyncio.Event | None = None
) -> None:
    """Web mode, no language chosen in the settings and none set for the server
    (``LANGUAGE``): speak the browser's (phone's) language, if the app has it;
    then ``known`` is set (whatever the answer).

    Flet 1.0.5 reports the browser's ``navigator.language(s)`` through
    ``page.get_device_info()``; the choice is not stored (it is not the user's).
    """
    try:
        await _take_browser_language(page, state)
    finally:
        if known is not None:
            known.set()


#: Seconds each ask for the browser's language waits for its answer before it
#: is asked again; after the last, the page keeps the language it has. Flet
#: waits for an answer with no limit, and the host's page reloaded just after
#: its server restarted once got none to its one ask, and stayed in the
#: server's language (a browser test, one run in three); asked again, it was
#: answered.
LANGUAGE_ASKS = (1.0, 2.0, 4.0, 8.0)


async def _take_browser_language(page: ft.Page, state: AppState) -> None:
    info = None
    for wait in LANGUAGE_ASKS:
        try:
            info = await asyncio.wait_for(page.get_device_info(), wait)
            break
        except TimeoutError:  # the ask or its answer lost: ask again
            continue
        except Exception:  # an old client, a closed tab: the server's language
            return
    if info is None:
        return
    tags = [
        *(getattr(info, "languages", None) or []),
        getattr(info, "language", None),
        *(loc.language_code for loc in info.locales or []),
    ]
    language = supported_language(tags)
    if language is not None and language != state.settings.language:
        state.settings = state.settings.replace(language=language)


SYNC_KEY = "jolly-scorer changed game"
#: Another page stored parts of the round being entered: ``{PARTS_KEY: game
#: id, "round": number, "database": ...}`` (entering together).
PARTS_KEY = "jolly-scorer round parts"
GONE_KEY = "jolly-scorer database gone"
#: a club event changed (its seating, players, a table's game linked)
EVENT_KEY = "jolly-scorer changed club event"


def show_store_gone(page: ft.Page, state: AppState) -> None:
    """A banner that stays: the database file was deleted or replaced."""
    t = state.t
    banner: ft.Banner = ft.Banner(
        ft.Semantics(
            identifier="store-gone",
            content=ft.Text(t(StoreGone.public or ""), size=18),
        ),
        actions=[ft.TextButton(t("Close"), on_click=lambda e: close_own(banner))],
        leading=ft.Icon(ft.Icons.WARNING_AMBER),
        bgcolor=ft.Colors.ERROR_CONTAINER,
    )
    page.show_dialog(banner)


def follow_table(state: AppState, table_game: TablesGame) -> None:
    """A joined device: when the host moved the table to another game, go to
    the start screen (which offers the table's game) and say why."""
    pinned = table_game()
    if isinstance(state.store, ViewerStore):  # shows the table's game, read only
        if pinned is not None and pinned != state.nav.viewing_id:
            state.open_past_game(pinned)
        return
    if pinned is None or state.game_id in (None, pinned):
        return
    if state.follow_next_game(pinned):  # idle on the finished game: moved on
        return
    state.go("home")
    state.notice = state.t(NotTheTablesGame.public or "")


def share_changes(
    page: ft.Page,
    state: AppState,
    database: str,
    table_game: TablesGame | None = None,
) -> None:
    """Live sync: after a change to a game, the other sessions of this server (a
    phone and a laptop at one table) that use the same database show it too.

    A page whose connection dropped misses what is said meanwhile; when it
    comes back (Flet's ``connect`` event) it reloads its games from the store.
    ``table_game``: a joined device's table game (it follows the host)."""

    def publish(game_id: int) -> None:
        page.pubsub.send_others({SYNC_KEY: game_id, "database": database})

    def publish_parts(game_id: int, number: int) -> None:
        message = {PARTS_KEY: game_id, "round": number, "database": database}
        page.pubsub.send_others(message)

    async def refresh(game_id: int) -> None:
        if table_game is not None and game_id == state.game_id:
            pinned = table_game()
            if pinned is not None and pinned != game_id:
                # the table moved on (its last round and the next series came
                # from another process at once): its old game was not deleted
                state.follow_place()
                follow_table(state, table_game)
                return
        state.refresh(game_id)
        if table_game is not None:
            follow_table(state, table_game)
        if game_id == state.game_id and not state.entering.follow_saved_round():
            state.entering.parts_heard(game_id)  # e.g. a renamed player

    async def parts(game_id: int) -> None:
        state.entering.parts_heard(game_id)

    def publish_event(event_id: int) -> None:
        page.pubsub.send_others({EVENT_KEY: event_id, "database": database})

    async def event(event_id: int) -> None:
        state.event_heard(event_id)
        if table_game is not None:  # a new series: the table's game changed
            follow_table(state, table_game)

    async def gone() -> None:
        show_store_gone(page, state)

    def heard(message: Any) -> None:
        if not isinstance(message, dict) or message.get("database") != database:
            return
        if message.get(GONE_KEY) is True and page.session.connection is not None:
            with contextlib.suppress(AttributeError, RuntimeError):
                page.run_task(gone)
            return
        parts_of = message.get(PARTS_KEY)
        if isinstance(parts_of, int) and page.session.connection is not None:
            if parts_of == state.game_id and state.nav.screen in ("entry", "board"):
                with contextlib.suppress(AttributeError, RuntimeError):
                    page.run_task(parts, parts_of)
            return
        event_id = message.get(EVENT_KEY)
        if isinstance(event_id, int) and page.session.connection is not None:
            with contextlib.suppress(AttributeError, RuntimeError):
                page.run_task(event, event_id)
            return
        game_id = message.get(SYNC_KEY)
        if (
            isinstance(game_id, int)
            and table_game is not None
            and game_id not in (state.game_id, state.nav.viewing_id)
            and (table_game.elsewhere(game_id) or game_id != table_game())
        ):
            return  # another table's game (a club evening): nothing of it here
        if isinstance(game_id, int) and page.session.connection is not None:
            # run_task: on this session's loop, with this page as the context
            with contextlib.suppress(AttributeError, RuntimeError):
                page.run_task(refresh, game_id)

    def reconnected(e: Any) -> None:
        for game_id in {state.game_id, state.nav.viewing_id}:
            if game_id is not None:
                state.refresh(game_id)
        if state.game_id is None:
            state.open_current()
        if table_game is not None:
            follow_table(state, table_game)
        if state.game_id is not None and not state.entering.follow_saved_round():
            state.entering.parts_heard(state.game_id)  # the parts written meanwhile

    page.pubsub.subscribe(heard)
    page.on_connect = reconnected
    state.publish = publish
    state.publish_parts = publish_parts
    state.publish_event = publish_event


def watch_other_processes(page: ft.Page, store: Store) -> None:
    """Pages show changes that another process (the command line, a second
    server on the same data folder) made to the games: one watcher per store
    tells every page of this process (see ``server.StoreWatcher``); when the
    database file was deleted or replaced, every page shows a banner. Not in
    the browser (the offline app): nothing else writes its database."""
    from jolly_scorer.store import platform

    if platform.IN_BROWSER:  # the only process using this browser's database
        return
    database = str(store.path)
    hub = page.pubsub

    def notify(game_id: int) -> None:
        hub.send_all({SYNC_KEY: game_id, "database": database})

    def gone() -> None:
        hub.send_all({GONE_KEY: True, "database": database})

    def event(event_id: int) -> None:  # a series seated elsewhere, say
        hub.send_all({EVENT_KEY: event_id, "database": database})

    with contextlib.suppress(RuntimeError):  # no running loop: nothing to watch
        watch_store(store, notify, gone, event)


def store_problem(page: ft.Page, error: StoreError) -> None:
    """Say why the games database cannot be used; nothing was changed."""
    from jolly_scorer.store.errors import PUBLIC_FAILURE

    t = Translator(default_language())
    # the live table's pages (phones) get no server paths: those go to the log
    shared_here = current_table() is not None
    detail = t(error.public or PUBLIC_FAILURE) if shared_here else str(error)
    if shared_here:
        log.warning("the games database cannot be opened: %s", error)
    lines: list[ft.Control] = [
        ft.Text(
            t("The games database cannot be opened"),
            size=26,
            weight=ft.FontWeight.BOLD,
        ),
        ft.Text(detail, size=18, selectable=True),
        ft.Text(t("Nothing was changed or overwritten."), size=18),
    ]
    if isinstance(error, StoreCorrupt) and error.copy is not None and not shared_here:
        lines.append(
            ft.Text(t("A copy of the file was set aside: {path}", path=str(error.copy)))
        )
    page.title = "Jolly Scorer"
    page.add(
        ft.Semantics(
            identifier="store-problem",
            content=ft.Container(ft.Column(lines, spacing=16), padding=24),
        )
    )


def main(page: ft.Page, data_dir: str | Path | None = None) -> None:
    """One session of the app (one window or browser tab)."""
    contain_errors(page)
    try:
        # one store per folder and process, shared by every page session
        shared = shared_store(data_dir)
    except StoreError as error:
        store_problem(page, error)
        return
    access = current_access()
    if access is None:  # a live table, but not its checked websocket
        release_shared_store(shared)
        t = Translator(default_language())
        page.add(ft.Text(t("Join the table first."), size=20))
        return
    forget = remember_session(page, access)

    def closed(e: Any) -> None:
        forget()
        if release_shared_store(shared):  # the last page session closed it
            unwatch_store(shared)

    page.on_close = closed
    served = current_table()
    club = served if isinstance(served, Club) else None
    table = served if isinstance(served, Table) else None
    store: GameStore = shared
    table_game: TablesGame | None = None
    if club is not None:  # a club evening: the organiser, a table, the ranking
        store = club.store_for(shared, access)
        if access.table:
            table_game = club.table_game(access.table)
        page.session.store.set(SESSION_KEY, club)
        _announce_club_games(page, club, str(shared.path))
    elif access.role in ("guest", "viewer"):
        # the table's game, pinned by the host's page (not "the newest game")
        table_game = (table or Table()).table_game(shared.current_game_id)
        kind = ViewerStore if access.role == "viewer" else GuestStore
        # a seat chosen shows in the host's device list (issue 18.8)
        store = kind(shared, table_game, table.notify if table else None)
    settings = UiSettings.load(store.get_setting, default_language())
    state = AppState(
        store=store,
        settings=settings,
        page_width=page.width,
        is_guest=access.role in ("guest", "viewer"),
        club_table=club is not None and access.table > 0,
    )
    if access.role in ("host", "guest"):  # a live table: entering together
        state.together = True
        state.device_key = device_key(f"{shared.path}\n{access.device}")
        state.device = f"{access.role}-{state.device}"
    if club is not None and access.table and access.role == "guest":
        # the phone's table and series, and where its player sits now
        state.place_of = partial(club.place, access.table, state.device_key)
        state.follow_place()
    state.open_current()
    if access.role == "guest" and table is not None:  # who holds which seat
        from jolly_scorer.ui.screens.table_host.panel import held_seats

        state.seats_held = partial(held_seats, shared, table, access.device)
    if access.role == "guest":  # a reload or a host restart: back to its seat
        from jolly_scorer.ui.screens.round_entry.together.shared import resume_seat

        resume_seat(state)
    if isinstance(store, RankingStore):
        state.nav.go("club_big")
    if table_game is not None and access.role == "viewer":
        follow_table(state, table_game)
    page.title = "Jolly Scorer"
    if not IN_BROWSER:  # the phone app's Flutter has it from the start
        page.fonts = SUIT_FONTS  # (its font manifest: web/build.py)
    page.padding = 0
    apply_theme(page, settings)

    def resized(e: ft.PageResizeEvent) -> None:
        state.page_width = e.width
        state.page_height = e.height  # a redraw: a short phone's round entry

    page.on_resize = resized
    page_keys.install(page)  # keys reach the server from the first update on
    share_changes(page, state, str(shared.path), table_game)
    if access.role == "host" and table is not None:
        pin_table_game(state, table)
    watch_other_processes(page, shared)
    # set once the page follows the browser's language (None: it does not)
    language_known = (
        asyncio.Event()
        if page.web
        and shared.get_setting("language") is None
        and not os.environ.get("LANGUAGE")
        else None
    )
    if access.role == "host" and table is not None:
        from jolly_scorer.ui.screens.table_host.screen import offer_table

        offer_table(page, state, table, language_known)
    if language_known is not None:
        page.run_task(follow_browser_language, page, state, language_known)
    page.render(App, state, table if access.role == "host" else None)
    warm_screens(page)


#: The screens ``main`` imports only when one is first shown (a page that
#: never enters a round need not load the round entry), and Flet's charts,
#: imported when the first chart is drawn: on the board after a new game's
#: first saved round, where its 200-290 ms (no bytecode kept) stalled the Save
#: and every other page of the process.
LATER_SCREENS = (
    "jolly_scorer.ui.screens.round_entry.screen",
    "jolly_scorer.ui.screens.meld_checker.screen",
    "jolly_scorer.ui.screens.club",
    "flet_charts",
)
_warming: list[bool] = []
#: The phone app: seconds after the first screen before the first of
#: :data:`LATER_SCREENS` is imported (the page's own start is over).
WARM_AFTER = 1.0


def warm_screens(page: ft.Page) -> None:
    """Import :data:`LATER_SCREENS` ahead, once per process, after the first
    page is drawn: the first "Enter round" then does not wait for its import,
    nor the first chart for Flet's (20 ms from bytecode, 60 ms where no
    bytecode is kept, on this project's 2-core machines). On the server off
    the event loop (``platform.run_blocking``); in the phone app, which has
    no threads, one module at a time while the page is idle
    (:func:`_warm_in_turns`)."""
    if _warming:
        return
    _warming.append(True)
    page.run_task(_warm_in_turns if IN_BROWSER else _warm)


async def _warm() -> None:
    await run_blocking(_import_later_screens)


async def _warm_in_turns() -> None:
    """The phone app, started afresh (a first visit; a start restored from
    the memory snapshot has them all, and this imports nothing): each module
    holds the worker while it is imported, so one at a time, from
    :data:`WARM_AFTER` seconds after the first screen, the page's messages
    handled in between. Measured in the phone app (``table_speed.py
    --site``), the first Save that drew a chart waited 150-290 ms for Flet's
    charts (about twenty modules) being imported then."""
    await asyncio.sleep(WARM_AFTER)
    for name in LATER_SCREENS:
        if name in sys.modules:
            continue
        if not _import_ahead(name):
            return
        await asyncio.sleep(0.05)  # the page's messages first


def _import_later_screens() -> None:
    for name in LATER_SCREENS:
        if not _import_ahead(name):
            return


def _import_ahead(name: str) -> bool:
    """Import ``name`` before its screen is shown; False when that failed
    (logged: shown later, the import says what is wrong there)."""
    try:
        importlib.import_module(name)
    except Exception:
        log.exception("importing %s ahead of time", name)
        return False
    return True


def _announce_club_games(page: ft.Page, club: Club, database: str) -> None:
    """A game the club started at a table (its next game) is told to every
    page, as any change to a game."""
    if club.announce is not None:
        return
    hub = page.pubsub

    def announce(game_id: int) -> None:
        hub.send_all({SYNC_KEY: game_id, "database": database})

    club.announce = announce


def pin_table_game(state: AppState, table: Table) -> None:
    """The host's page sets the table's game: the game it shows now, and each
    game it starts or opens (before the other pages are told of it)."""
    if state.game_id is not None:
        table.pin_game(state.game_id)
    told = state.publish

    def publish(game_id: int) -> None:
        if state.game_id is not None:
            table.pin_game(state.game_id)
        if told is not None:
            told(game_id)

    state.publish = publish
