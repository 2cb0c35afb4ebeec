"""The app: ``main(page)`` for Flet, and ``run()`` for the ``app`` command.

``run`` opens a native window where there is a display; without one (or with
``web=True``) it serves the app in web mode on an explicit host, renderer served
locally (``no_cdn=True``), prints the address, and opens a browser unless told not.
"""

from __future__ import annotations

import dataclasses
import os
import sys
from pathlib import Path
from typing import Any

import flet as ft

from jolly_scorer.store import Store, StoreCorrupt, StoreError, default_data_dir
from jolly_scorer.ui.cards_view import SUIT_FONTS, suit_font_theme
from jolly_scorer.ui.i18n import Translator, default_language, supported_language
from jolly_scorer.ui.settings import UiSettings
from jolly_scorer.ui.state import AppState
from jolly_scorer.ui.views.common import MAX_WIDTH, screen
from jolly_scorer.ui.views.games_played import PastGames, Stats
from jolly_scorer.ui.views.home import Home
from jolly_scorer.ui.views.new_game import NewGame
from jolly_scorer.ui.views.rules_view import RulesView
from jolly_scorer.ui.views.scoreboard import Scoreboard
from jolly_scorer.ui.views.settings_view import SettingsView

ASSETS = Path(__file__).parent / "assets"
SEED = ft.Colors.GREEN_800
DARK_INK = "#E3E3DC"  # on-surface of the dark scheme
THEME_MODES = {
    "system": ft.ThemeMode.SYSTEM,
    "light": ft.ThemeMode.LIGHT,
    "dark": ft.ThemeMode.DARK,
}


def _round_entry(state: AppState) -> ft.Control:
    from jolly_scorer.ui.views.round_entry import build_round_entry

    game = state.game
    assert game is not None
    return build_round_entry(
        ft.context.page,
        state.t,
        game,
        state.edit_round,
        state.load_draft(),
        on_save=state.save_round,
        on_cancel=state.cancel_round,
        on_draft=state.save_draft,
        settings=state.settings,
    )


def _meld_checker(state: AppState) -> ft.Control:
    from jolly_scorer.ui.views.meld_checker import build_meld_checker

    game = state.game
    rules = game.rules if game is not None else state.default_rules()
    checker = build_meld_checker(ft.context.page, state.t, rules, state.settings)
    return screen(state, state.t("Check a meld"), [checker])


def current_view(state: AppState) -> ft.Control:
    """The control of the screen ``state.screen``."""
    name = state.screen
    if name in ("board", "entry") and state.game is None:
        name = "home"
    if name == "entry":
        return _round_entry(state)
    if name == "board":
        return Scoreboard(state)
    if name == "past_game":
        return Scoreboard(state, read_only=True)
    if name == "meld":
        return _meld_checker(state)
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
def App(state: AppState) -> ft.Control:
    """The whole app: the current screen, centred up to ``MAX_WIDTH``."""
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
    width = state.page_width or 390
    side = max(12.0, (width - MAX_WIDTH) / 2)
    return ft.SafeArea(
        ft.Container(
            current_view(state),
            padding=ft.Padding.only(left=side, right=side, top=12, bottom=12),
            expand=True,
        ),
        expand=True,
    )


async def follow_browser_language(page: ft.Page, state: AppState) -> None:
    """Web mode, no language chosen in the settings and none set for the server
    (``LANGUAGE``): speak the browser's (phone's) language, if the app has it.

    Flet 1.0.5 reports the browser's ``navigator.language(s)`` through
    ``page.get_device_info()``; the choice is not stored (it is not the user's).
    """
    try:
        info = await page.get_device_info()
    except Exception:  # an old client, a closed tab: keep the server's language
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


def share_changes(page: ft.Page, state: AppState, database: str) -> None:
    """Live sync: after a change to a game, the other sessions of this server (a
    phone and a laptop at one table) that use the same database show it too."""

    def publish(game_id: int) -> None:
        page.pubsub.send_others({SYNC_KEY: game_id, "database": database})

    async def refresh(game_id: int) -> None:
        state.refresh(game_id)

    def heard(message: Any) -> None:
        if not isinstance(message, dict) or message.get("database") != database:
            return
        game_id = message.get(SYNC_KEY)
        if isinstance(game_id, int):
            # run_task: on this session's loop, with this page as the context
            page.run_task(refresh, game_id)

    page.pubsub.subscribe(heard)
    state.publish = publish


def open_store(data_dir: str | Path | None = None) -> Store:
    """The games database: ``data_dir``, else ``$JOLLY_SCORER_DATA``, else the
    user's data folder."""
    folder = data_dir or os.environ.get("JOLLY_SCORER_DATA") or None
    return Store.open(default_data_dir(folder))


def store_problem(page: ft.Page, error: StoreError) -> None:
    """Say why the games database cannot be used; nothing was changed."""
    t = Translator(default_language())
    lines: list[ft.Control] = [
        ft.Text(
            t("The games database cannot be opened"),
            size=26,
            weight=ft.FontWeight.BOLD,
        ),
        ft.Text(str(error), size=18, selectable=True),
        ft.Text(t("Nothing was changed or overwritten."), size=18),
    ]
    if isinstance(error, StoreCorrupt) and error.copy is not None:
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
    try:
        store = open_store(data_dir)
    except StoreError as error:
        store_problem(page, error)
        return
    settings = UiSettings.load(store.get_setting, default_language())
    state = AppState(store=store, settings=settings, page_width=page.width)
    state.open_current()
    page.title = "Jolly Scorer"
    page.fonts = SUIT_FONTS
    page.padding = 0
    apply_theme(page, settings)

    def resized(e: ft.PageResizeEvent) -> None:
        state.page_width = e.width

    page.on_resize = resized
    page.on_close = lambda e: store.close()
    share_changes(page, state, str(store.path))
    if (
        page.web
        and store.get_setting("language") is None
        and not os.environ.get("LANGUAGE")
    ):
        page.run_task(follow_browser_language, page, state)
    page.render(App, state)


def run(
    host: str = "127.0.0.1",
    port: int = 8550,
    web: bool = False,
    open_browser: bool = True,
    data_dir: str | Path | None = None,
) -> None:
    """Open the app: a native window with a display, else serve it in web mode."""

    def session(page: ft.Page) -> None:
        main(page, data_dir)

    has_display = bool(
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ) or sys.platform in ("win32", "darwin")
    if has_display and not web:
        ft.run(session, assets_dir=str(ASSETS))
        return
    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::', '') else host}:{port}/"
    print(f"jolly-scorer: serving on {url} (Ctrl+C stops)", flush=True)
    if not open_browser:
        # Flet opens no browser when this is set; it prints the address once ready.
        os.environ["FLET_DISPLAY_URL_PREFIX"] = "jolly-scorer: ready at"
    ft.run(
        session,
        view=ft.AppView.WEB_BROWSER,
        host=host,
        port=port,
        assets_dir=str(ASSETS),
        no_cdn=True,
    )
