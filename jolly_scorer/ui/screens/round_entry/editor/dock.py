"""Round entry on a phone: the card editor docked above the Save bar.

While the editor is closed, its card grid waits on the page, with no height
and out of the accessibility tree: a moment after the screen opens (not in
the answer to the tap that opened it) the grid is sent and built once, so the
tap that opens the editor sends a few properties instead of 53 keys (about
30 KB) and Flutter does not build them then. While every player counts points
no card is picked: the grid is not built (about 270 controls, 50 ms of the
server's time a round) until a player's part turns to cards.
"""

from __future__ import annotations

import asyncio

import flet as ft

from jolly_scorer.ui.models.round import used_up_cards
from jolly_scorer.ui.screens.round_entry.editor.editor import editor, lower_slot, shell
from jolly_scorer.ui.screens.round_entry.scope import use_scope
from jolly_scorer.ui.widgets.card_picker import KEY_HEIGHT
from jolly_scorer.ui.widgets.card_pieces import picker

__all__ = ["WARM_UP", "dock"]

#: seconds after the screen is drawn before the hidden grid is sent
WARM_UP = 0.05


@ft.component
def dock(
    *, available: float, key_height: float = KEY_HEIGHT, narrow: bool = False
) -> ft.Control:
    """The docked editor when it is open, else its grid waiting hidden.
    The entry, translator, settings and handlers come from the screen's
    scope (the grid's handler stays one object: a Relay). ``key_height``,
    ``narrow``: a short or narrow phone's grid (``layout.phone_fit``)."""
    scope = use_scope()
    entry, t, settings = scope.entry, scope.t, scope.settings
    warm, set_warm = ft.use_state(False)

    async def warm_up() -> None:
        await asyncio.sleep(WARM_UP)
        set_warm(True)

    ft.use_effect(warm_up, [])
    if entry.editing is not None:
        return editor(scope, available=available, key_height=key_height, narrow=narrow)
    if not warm or entry.all_counted:
        return ft.Container(visible=False)
    rounds = entry.rounds
    grid = picker(
        scope.pick,
        t,
        settings,
        gone=used_up_cards(rounds.used_counts(), rounds.rules),
        available=available,
        key_height=key_height,
    )
    return shell(
        [lower_slot(grid, None)],
        identifier="round-editor-waiting",
        waiting=True,
        narrow=narrow,
    )
