"""Round entry with a sample game, for browser tests and screenshots.

``main`` shows round entry for a three-player Jolly game, ``counted`` round 2
of a game everyone counted. Saving or cancelling shows a line of text the tests
wait for. (The meld checker's browser test: test_meld_checker_browser.)
"""

from __future__ import annotations

import dataclasses
import os

import flet as ft

from jolly_scorer.core.game import Counted, Game, Round, new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.screens.round_entry.screen import build_round_entry
from jolly_scorer.ui.settings import UiSettings
from jolly_scorer.ui.widgets.cards import SUIT_FONTS, suit_font_theme

GAME = new_game(find_rules("jolly_at"), ["Anna", "Ben", "Cleo"])
#: the language of the screens (``ROUND_LANGUAGE`` in the server's environment)
LANGUAGE = os.environ.get("ROUND_LANGUAGE", "en")


def _setup(page: ft.Page) -> None:
    page.fonts = SUIT_FONTS
    page.theme = suit_font_theme()
    page.theme_mode = ft.ThemeMode.LIGHT
    page.padding = 0


#: the same game after a round 1 counted by everyone (round c's table)
COUNTED = dataclasses.replace(
    GAME,
    rounds=(
        Round(
            closed_by="Ben",
            counted=(
                ("Anna", Counted(0, 20)),
                ("Ben", Counted(30, 0)),
                ("Cleo", Counted(0, 10)),
            ),
        ),
    ),
)


@ft.component
def EntryScreen(page: ft.Page, game: Game = GAME) -> ft.Control:
    status, set_status = ft.use_state("")
    if status:
        return ft.Text(status, size=24)
    return build_round_entry(
        page,
        Translator(LANGUAGE),
        game,
        None,
        None,
        lambda entry, number, correct: (
            set_status(f"Saved round {number} closed by {entry.closed_by}") or None
        ),
        lambda: set_status("Cancelled"),
        lambda draft: None,
        UiSettings(),
    )


def main(page: ft.Page) -> None:
    _setup(page)
    page.title = "Round entry"
    page.render(lambda: EntryScreen(page))


def counted(page: ft.Page) -> None:
    """Round 2 of a game whose round 1 everyone counted."""
    _setup(page)
    page.title = "Round entry"
    page.render(lambda: EntryScreen(page, COUNTED))
