"""Entering the next round together: every page on the game shows the same
round as it fills in (the store's seat parts, ``models/shared_round.py``).

``round_entry.TogetherEntry`` is the round entry of the next round on every page:
on a joined phone it first asks "Which seat is yours?" (remembered for the game on
this device, changeable from the header) and then opens on that player; the
host's page (and a page without a table) enters every player as before. The
pieces here are drawn by the round entry: the notice of a change another
device made, and Save's question while someone is not done. The seat choice
and the header's seat controls are ``round_entry_seat_choice``; a player's
status and the Done button, ``round_entry_status``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import flet as ft

from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.widgets.buttons import labelled_button

if TYPE_CHECKING:
    from jolly_scorer.ui.models.shared_round import SharedRound

__all__ = [
    "Together",
    "save_anyway_bar",
    "together_notice",
]


@dataclass
class Together:
    """What the round entry needs to share its round: the parts, telling the
    other pages, following them, and this device's seat."""

    shared: SharedRound
    #: tell the other pages that parts of round ``number`` changed
    publish: Callable[[int], None]
    #: the entry's catch-up (None: the entry is gone)
    listen: Callable[[Callable[[], None] | None], None]
    seat: str | None = None
    #: a joined phone: "choose another seat" (None: the host, every player)
    change_seat: Callable[[], None] | None = None
    #: show statuses and Done (a live table)
    table: bool = False
    #: the round was saved on another device before this page heard of it
    saved_elsewhere: Callable[[], None] = lambda: None
    #: ... and the entry stays, offering what this page had not stored yet as
    #: the correction of the saved round (the app shows the saved game and
    #: does not leave the entry when it hears of that save)
    offered: Callable[[], None] = lambda: None


def together_notice(entry: RoundEntryModel) -> ft.Control | None:
    """A change another device made to a part this page entered."""
    if not entry.notice:
        return None
    return ft.Semantics(
        identifier="round-notice",
        label=entry.notice,
        content=ft.Container(
            ft.Row(
                [
                    ft.Icon(ft.Icons.SYNC, size=18),
                    ft.Text(entry.notice, size=14, expand=True, max_lines=2),
                ],
                spacing=6,
            ),
            bgcolor=ft.Colors.TERTIARY_CONTAINER,
            border_radius=10,
            padding=ft.Padding.symmetric(horizontal=8, vertical=4),
        ),
    )


def save_anyway_bar(
    entry: RoundEntryModel,
    t: Translator,
    keep: Callable[[], None],
    save: Callable[[], None],
) -> ft.Control:
    """Save while some players are not done: the table agrees first."""
    waiting = [p for p in entry.rounds.players if entry.status(p) != "done"]
    return ft.Column(
        [
            ft.Semantics(
                identifier="round-save-ask",
                label=t("Not everyone is done. Save anyway?"),
                content=ft.Container(
                    ft.Text(
                        t("Not everyone is done. Save anyway?")
                        + "\n"
                        + t("Not done: {names}", names=", ".join(waiting)),
                        size=16,
                    ),
                    bgcolor=ft.Colors.SECONDARY_CONTAINER,
                    border_radius=12,
                    padding=10,
                ),
            ),
            ft.Row(
                [
                    labelled_button(
                        "round-save-wait",
                        t("Keep entering"),
                        ft.Icons.EDIT,
                        lambda: keep(),
                        height=52,
                        expand=1,
                    ),
                    labelled_button(
                        "round-save-anyway",
                        t("Save anyway"),
                        ft.Icons.SAVE,
                        lambda: save(),
                        filled=True,
                        height=52,
                        expand=1,
                    ),
                ],
                spacing=10,
            ),
        ],
        spacing=8,
    )
