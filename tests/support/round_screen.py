"""The round-entry screen of one game in process (tests/flet_harness.py), with
what it handed back: taps, typed text and labels, a phone showing one player
at a time. The ``jolly`` fixture (a three-player Jolly game of ``PLAYERS``) is
in ``tests/conftest.py``.
"""

from __future__ import annotations

import re
from typing import Any

import flet as ft
from flet_harness import FletTestApp, iter_controls

from jolly_scorer.core.game import Round
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.screens.round_entry.screen import build_round_entry
from jolly_scorer.ui.settings import UiSettings

PLAYERS = ["Anna", "Ben", "Cleo"]
PLAYER_PART = re.compile(
    r"round-(?:add-meld|add-layoff|pile|hand|mode|good|bad|layoff-on|meld|verdict|"
    r"counted-warning|hand-problem)-(\d+)(?:-.*)?"
)


class Screen:
    """The round entry for one game, with what it handed back."""

    def __init__(self, flet_app: Any, game: Any, **kw: Any) -> None:
        self.saved: list[Round] = []
        self.numbers: list[tuple[int, bool]] = []
        self.drafts: list[dict[str, Any]] = []
        self.cancelled = 0
        self.answer: str | None = kw.pop("answer", None)

        def on_save(entry: Round, number: int, correct: bool) -> Any:
            self.saved.append(entry)
            self.numbers.append((number, correct))
            return self.answer

        def on_cancel() -> None:
            self.cancelled += 1

        def main(page: ft.Page) -> None:
            page.render(
                lambda: build_round_entry(
                    page,
                    Translator(kw.get("language", "en")),
                    game,
                    kw.get("round_index"),
                    kw.get("draft"),
                    on_save,
                    on_cancel,
                    self.drafts.append,
                    UiSettings(),
                )
            )

        self.app: FletTestApp = flet_app(main, width=kw.get("width", 390))

    def tap(self, identifier: str) -> None:
        """Tap a control; on a phone, show its player first (one at a time)."""
        self.show_player_of(identifier)
        self.app.click(self.app.find(semantics=identifier))

    def show_player_of(self, identifier: str) -> None:
        seat = PLAYER_PART.fullmatch(identifier)
        if seat and not self.app.find_all(semantics=identifier):
            self.app.click(self.app.find(semantics=f"round-show-{seat.group(1)}"))

    def pick(self, cards: str) -> None:
        for card in cards.split():
            self.tap(f"pick-{card}")

    def field(self, identifier: str) -> ft.TextField:
        self.show_player_of(identifier)
        root = self.app.find(semantics=identifier)
        return next(c for c, _ in iter_controls(root) if isinstance(c, ft.TextField))

    def type(self, identifier: str, text: str) -> None:
        self.app.type_text(self.field(identifier), text)

    def arrange(self) -> None:
        """Tap "Arrange into melds" and wait for the arranger (off the loop)."""
        self.tap("editor-arrange")
        self.app.wait_for(
            lambda: (
                not self.app.find_all(semantics="editor-working")
                and (
                    bool(self.app.find_all(semantics="editor-split"))
                    or not self.app.find_all(semantics="editor-arrange")
                )
            )
        )

    def label(self, identifier: str) -> str:
        self.show_player_of(identifier)
        return str(self.app.find(semantics=identifier).label)
