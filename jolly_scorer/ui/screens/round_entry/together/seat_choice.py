"""Round entry together, a joined phone's seat: "Which seat is yours?" (one
big button per player, before the entry opens), and in the entry's header
Done for that seat and "Change seat"."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import flet as ft

from jolly_scorer.ui.i18n import Translator
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.screens.round_entry.together.status import done_button
from jolly_scorer.ui.widgets.basics import colour
from jolly_scorer.ui.widgets.buttons import icon_button, labelled_button

if TYPE_CHECKING:
    from jolly_scorer.core.game import Game

__all__ = ["seat_choice", "seat_controls"]


def seat_choice(
    game: Game,
    t: Translator,
    choose: Callable[[str], None],
    back: Callable[[], None],
    banners: Sequence[ft.Control] = (),
) -> ft.Control:
    """A joined phone: "Which seat is yours?", one big button per player
    (below ``banners``: the page's error or notice)."""
    buttons: list[ft.Control] = [
        ft.Semantics(
            identifier=f"round-seat-{seat}",
            button=True,
            label=name,
            content=ft.FilledTonalButton(
                content=ft.Row(
                    [
                        ft.Container(
                            width=14, height=14, border_radius=7, bgcolor=colour(seat)
                        ),
                        ft.Text(name, size=20, expand=True, max_lines=2),
                    ],
                    spacing=10,
                ),
                height=60,
                on_click=lambda _e=None, p=name: choose(p),
            ),
        )
        for seat, name in enumerate(game.players)
    ]
    return ft.Column(
        [
            *banners,
            ft.Text(t("Which seat is yours?"), size=24, weight=ft.FontWeight.BOLD),
            ft.Text(
                t("You enter your own melds and hand; everyone sees the round."),
                size=16,
            ),
            *buttons,
            labelled_button("round-seat-back", t("Back"), ft.Icons.ARROW_BACK, back),
        ],
        spacing=12,
        scroll=ft.ScrollMode.AUTO,
        expand=True,
    )


def seat_controls(
    entry: RoundEntryModel, t: Translator, act: Any, change: Callable[[], None]
) -> list[ft.Control]:
    """A joined phone's header: Done for its seat, and "Change seat". The
    button names the seat ("Cleo is done", never "I'm done"): the phone may be
    showing another player's part, and "done" means a part complete only (the
    editor's button is Close)."""
    seat = entry.seat
    if seat is None:
        return []
    index = entry.rounds.players.index(seat)
    done = done_button(entry, index, seat, t, act, expand=True)
    return [
        *([done] if done is not None else []),
        icon_button(
            ft.Icons.SWAP_HORIZ,
            t("Change seat"),
            lambda: change(),
            "round-seat-change",
            size=26,
        ),
    ]
