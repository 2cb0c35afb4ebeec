"""The counted-points sheet for browser tests and screenshots: a Rommé game of
five players (issue 17's table), round 1 to enter. Saving shows the saved
round's counted points as a line of text the tests wait for.

``ROUND_LANGUAGE`` in the server's environment: the language (default en).
"""

from __future__ import annotations

import os

import flet as ft

from jolly_scorer.core.game import new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.screens.round_entry.screen import build_round_entry
from jolly_scorer.ui.settings import UiSettings
from jolly_scorer.ui.widgets.cards import SUIT_FONTS, suit_font_theme

PLAYERS = ["Anna", "Ben", "Cleo", "Dora", "Emil"]
GAME = new_game(find_rules("romme_de"), PLAYERS)
JOLLY = new_game(find_rules("jolly_at"), PLAYERS)


@ft.component
def Sheet(page: ft.Page, game: object) -> ft.Control:
    status, set_status = ft.use_state("")
    if status:
        return ft.Text(status, size=20)

    def saved(entry: object, number: int, correct: bool) -> None:
        counted = " ".join(
            f"{name}={value.good}/{value.bad}"
            for name, value in entry.counted  # type: ignore[attr-defined]
        )
        set_status(f"Saved {counted}")

    return build_round_entry(
        page,
        Translator(os.environ.get("ROUND_LANGUAGE", "en")),
        game,  # type: ignore[arg-type]
        None,
        None,
        saved,  # type: ignore[arg-type]
        lambda: set_status("Cancelled"),
        lambda draft: None,
        UiSettings(),
    )


def _setup(page: ft.Page) -> None:
    page.fonts = SUIT_FONTS
    page.theme = suit_font_theme()
    page.theme_mode = ft.ThemeMode.LIGHT
    page.padding = 0
    page.title = "Round entry"


def main(page: ft.Page) -> None:
    _setup(page)
    page.render(lambda: Sheet(page, GAME))


def jolly(page: ft.Page) -> None:
    _setup(page)
    page.render(lambda: Sheet(page, JOLLY))
