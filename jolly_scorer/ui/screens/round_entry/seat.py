"""Round entry: what one player's part of the screen is drawn from.

A player's panel (``round_entry_player``) hands the same six things to the
player's melds and to their hand (``round_entry_hand``): one value instead of
six parameters at every step.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from jolly_scorer.ui.i18n import Translator
from jolly_scorer.ui.models.round_entry import RoundEntryModel

if TYPE_CHECKING:
    from jolly_scorer.ui.settings import UiSettings

__all__ = ["Act", "PlayerPart"]

#: the screen's handler: ``act(method, *args)`` runs a model method and redraws
Act = Callable[..., Any]


@dataclass(frozen=True, slots=True)
class PlayerPart:
    """One player's part of the round entry: the entry, the player's seat
    (their place in the game) and name, the page's translator, the card
    settings and the screen's handler."""

    entry: RoundEntryModel
    seat: int
    name: str
    t: Translator
    settings: UiSettings | None
    act: Act
