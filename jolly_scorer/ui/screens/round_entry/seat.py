"""Round entry: what one player's part of the screen is drawn from.

A player's panel (``round_entry_player``) hands the same things to the
player's melds and to their hand (``round_entry_hand``): one value instead of
six parameters at every step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.screens.round_entry.scope import Act, Scope

if TYPE_CHECKING:
    from jolly_scorer.ui.settings import UiSettings

__all__ = ["Act", "PlayerPart"]


@dataclass(frozen=True, slots=True)
class PlayerPart:
    """One player's part of the round entry: the screen's scope (the entry,
    the page's translator, the card settings and the screen's handler), the
    player's seat (their place in the game) and name."""

    scope: Scope
    seat: int
    name: str

    @property
    def entry(self) -> RoundEntryModel:
        return self.scope.entry

    @property
    def t(self) -> Translator:
        return self.scope.t

    @property
    def settings(self) -> UiSettings | None:
        return self.scope.settings

    @property
    def act(self) -> Act:
        return self.scope.act
