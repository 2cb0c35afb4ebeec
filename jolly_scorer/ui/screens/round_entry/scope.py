"""Round entry: what every part of the screen needs besides what it shows.

The entry (the model), the page's translator, the card settings, the
screen's one handler ``act`` (with the arranger's start and the card grid's
handler) and the watch of what changed are the same for every part of one
redraw. The
screen provides them once (:data:`SCOPE`, a Flet context); a part drawn in a
component (every part drawn with ``watched.watched``)
takes them with :func:`use_scope` instead of having them handed down through
the layout, the player's panel and the tile. A plain function drawn straight
in the screen's redraw gets the one :class:`Scope` (a context is read only
inside a component below the one that provides it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

import flet as ft

from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.models.round_watch import RoundWatch

if TYPE_CHECKING:
    from jolly_scorer.ui.settings import UiSettings

__all__ = ["SCOPE", "Act", "Scope", "use_scope"]

#: the screen's handler: ``act(method, *args)`` runs a model method and redraws
Act = Callable[..., Any]


@dataclass(frozen=True, slots=True)
class Scope:
    """The round entry's model, the page's translator, the card settings
    and the screen's handler (one object across redraws: a watched part
    acts with the newest handlers, ``keep.latest``), and the watch that
    tells which parts changed (``watched.py``)."""

    entry: RoundEntryModel
    t: Translator
    settings: UiSettings | None
    act: Act
    watch: RoundWatch
    #: starts the arranger on the pile (off the event loop)
    arrange: Callable[[], Any]
    #: the card grid's handler: one object (the memoized grid is not redrawn)
    pick: Callable[[str], Any]


#: the scope of the round entry being drawn (``SCOPE(scope, draw)``)
SCOPE: Any = ft.create_context(cast("Scope | None", None))


def use_scope() -> Scope:
    """The scope the screen provided (inside a component it drew)."""
    scope = cast("Scope | None", ft.use_context(SCOPE))
    assert scope is not None, "drawn outside the round entry"
    return scope
