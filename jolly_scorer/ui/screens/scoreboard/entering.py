"""Scoreboard: the round being entered at a live table, and by whom.

While phones enter the next round together (the store's seat parts, see
``models/shared_round.py``), the scoreboard of every other page says so and
names the players whose part is entered ("Round 5 is being entered: Ben,
Cleo (done)"); it follows the parts as they are written, redrawing only this
line, and only when what it says changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import flet as ft

from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.failures import FAILURES
from jolly_scorer.ui.state import AppState

__all__ = ["EnteringLine", "entering_text"]

Seats = tuple[tuple[str, str], ...]  # (seat, status) of each part stored


def entering_text(t: Translator, number: int, seats: Seats) -> str | None:
    """What the scoreboard says of round ``number`` being entered (None:
    nothing is entered yet).

    >>> t = Translator("en")
    >>> entering_text(t, 5, (("", "entering"), ("Ben", "entering"), ("Cleo", "done")))
    'Round 5 is being entered: Ben, Cleo (done)'
    >>> entering_text(t, 5, (("", "entering"),))
    'Round 5 is being entered'
    >>> entering_text(t, 5, ()) is None
    True
    """
    if not seats:
        return None
    names = [
        t("{name} (done)", name=seat) if status == "done" else seat
        for seat, status in seats
        if seat
    ]
    if not names:
        return t("Round {n} is being entered", n=number)
    return t("Round {n} is being entered: {names}", n=number, names=", ".join(names))


def _seats(
    state: AppState, game_id: int, number: int, players: tuple[str, ...]
) -> Seats:
    """The parts stored of round ``number``, in seat order (none when the
    store cannot say: the line is left out rather than wrong)."""
    try:
        parts: Mapping[str, Any] = state.store.load_seat_parts(game_id, number)
    except FAILURES:
        return ()
    order = ("", *players)
    return tuple((seat, str(parts[seat].status)) for seat in order if seat in parts)


@ft.component
def EnteringLine(state: AppState, game_id: int, number: int) -> ft.Control:
    """The line "Round N is being entered: …" (empty while nobody enters)."""
    game = state.game
    players = game.players if game is not None else ()
    _, set_tick = ft.use_state(0)
    shown: Any = ft.use_ref(None)
    seats = _seats(state, game_id, number, players)
    shown.current = seats

    def heard() -> None:
        if _seats(state, game_id, number, players) != shown.current:
            set_tick(lambda n: n + 1)

    ft.use_effect(
        lambda: state.entering.listen_to_parts(heard, board=True),
        [game_id, number],
        lambda: state.entering.listen_to_parts(None, board=True),
    )
    text = entering_text(state.t, number, seats)
    if text is None:
        return ft.Container()
    return ft.Semantics(
        identifier="round-being-entered",
        label=text,
        content=ft.Container(
            ft.Row(
                [
                    ft.Icon(ft.Icons.EDIT_NOTE, size=20),
                    ft.Text(text, size=16, expand=True),
                ],
                spacing=8,
            ),
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
            border_radius=10,
            padding=ft.Padding.symmetric(horizontal=10, vertical=6),
        ),
    )
