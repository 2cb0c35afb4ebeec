"""Where a page is: the screen it shows, where the scoreboard's back button
goes, the saved round being edited and the past game viewed.

The page's state (``ui/state.AppState``, the change pipeline of the game)
holds one :class:`Navigation` and moves it; every change of it is told to
whoever follows the state (the app is drawn again), so no screen follows it
on its own. Plain Python: a move is tested without a page.

>>> nav = Navigation()
>>> nav.enter_round(2)  # edit round 3
>>> nav.screen, nav.edit_round
('entry', 2)
>>> nav.go("board")  # the edit is over
>>> nav.edit_round is None
True
>>> nav.go("nowhere")
Traceback (most recent call last):
ValueError: unknown screen: 'nowhere'
"""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from jolly_scorer.core.game import Game
from jolly_scorer.core.scoring import GameResult

__all__ = ["CLUB_SCREENS", "SCREENS", "Navigation", "PastGame", "Screen"]

#: The screens: home, new game, scoreboard, round entry, past games, a past game
#: (read only), statistics, settings, rules, meld checker, a club evening and
#: its ranking on a big screen.
Screen = str
SCREENS: tuple[Screen, ...] = (
    "home",
    "new",
    "board",
    "entry",
    "past",
    "past_game",
    "stats",
    "settings",
    "rules",
    "meld",
    "club",
    "club_big",
)

#: The club evening's screens: they follow their event themselves (every
#: change to a game or an event is told to ``AppState.follow_changes``'s
#: listeners), so a change there reloads no game into this page.
CLUB_SCREENS = frozenset({"club", "club_big"})


@dataclass(frozen=True)
class PastGame:
    """A stored game shown read-only, scored."""

    id: int
    game: Game
    result: GameResult


@ft.observable
@dataclass
class Navigation:
    """The screen shown and what it shows beside the game played."""

    screen: Screen = "home"
    #: the saved round being edited (its index); None: a new round
    edit_round: int | None = None
    #: where the scoreboard's back button goes: Home, or the club evening
    #: whose table's game was opened there (:meth:`open_board`)
    back_from_game: Screen = "home"
    #: the past game viewed (``past_game``)
    past: PastGame | None = None

    def go(self, screen: Screen) -> None:
        """Show ``screen``: leaving the round entry ends an edit, leaving the
        game ends the way back to where it was opened."""
        if screen not in SCREENS:
            raise ValueError(f"unknown screen: {screen!r}")
        if screen != "entry":
            self.edit_round = None
        if screen not in ("board", "entry"):
            self.back_from_game = "home"
        self.screen = screen

    def enter_round(self, index: int | None) -> None:
        """The round entry: a new round (None) or saved round ``index``."""
        self.go("entry")
        self.edit_round = index

    def open_board(self, back: Screen) -> None:
        """A game's scoreboard, whose back button goes to ``back``."""
        self.go("board")
        self.back_from_game = back

    def view(self, past: PastGame) -> None:
        """Show a stored game read-only."""
        self.past = past
        self.go("past_game")

    @property
    def viewing_id(self) -> int | None:
        """The id of the past game viewed (None: none)."""
        return self.past.id if self.past is not None else None

    def stop_viewing(self) -> None:
        """Forget the past game viewed; its screen goes to the list."""
        self.past = None
        if self.screen == "past_game":
            self.screen = "past"
