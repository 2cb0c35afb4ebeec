"""Round entry, the header: the round's title ("Round 3", "Edit round 2"),
the game's name (on a joined phone its seat controls instead,
``round_entry_seat_choice.seat_controls``) and Cancel."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.round import RoundModel
from jolly_scorer.ui.texts import preset_name
from jolly_scorer.ui.widgets.buttons import icon_button

__all__ = ["round_header"]


def round_header(
    rounds: RoundModel,
    round_index: int | None,
    t: Translator,
    cancel: Callable[[], None],
    seat: list[ft.Control],
) -> ft.Control:
    """The title and Cancel; a joined phone's seat controls in place of the
    game's name (``round_entry_seat_choice.seat_controls``)."""
    title = (
        t("Round {n}", n=rounds.round_number)
        if round_index is None
        else t("Edit round {n}", n=rounds.round_number)
    )
    return ft.Row(
        [
            ft.Text(title, size=22, weight=ft.FontWeight.BOLD),
            *(
                seat
                or [
                    ft.Text(
                        preset_name(rounds.rules.base, t),
                        size=15,
                        expand=True,
                        max_lines=1,
                        overflow=ft.TextOverflow.ELLIPSIS,
                    )
                ]
            ),
            icon_button(
                ft.Icons.CLOSE,
                t("Cancel"),
                lambda: cancel(),
                "round-cancel-top",
                size=28,
            ),
        ],
        spacing=8,
    )
