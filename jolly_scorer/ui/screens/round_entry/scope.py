"""Round entry: what every part of the screen needs besides what it shows.

The entry (the model), the page's translator, the card settings and the
screen's one handler ``act`` are the same for every part of one redraw. The
screen provides them once (:data:`SCOPE`, a Flet context); a part drawn in a
component (every kept part, :func:`~jolly_scorer.ui.screens.round_entry.keep.kept`)
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

from jolly_scorer.ui.i18n import Translator
from jolly_scorer.ui.models.round_entry import RoundEntryModel

if TYPE_CHECKING:
    from jolly_scorer.ui.settings import UiSettings

__all__ = ["SCOPE", "Act", "Scope", "use_scope"]

#: the screen's handler: ``act(method, *args)`` runs a model method and redraws
Act = Callable[..., Any]


@dataclass(frozen=True, slots=True)
class Scope:
    """The round entry's model, the page's translator, the card settings
    and the screen's handler (one object across redraws: a kept part acts
    with the newest handlers, ``keep.latest``)."""

    entry: RoundEntryModel
    t: Translator
    settings: UiSettings | None
    act: Act


#: the scope of the round entry being drawn (``SCOPE(scope, draw)``)
SCOPE: Any = ft.create_context(cast("Scope | None", None))


def use_scope() -> Scope:
    """The scope the screen provided (inside a component it drew)."""
    scope = cast("Scope | None", ft.use_context(SCOPE))
    assert scope is not None, "drawn outside the round entry"
    return scope
