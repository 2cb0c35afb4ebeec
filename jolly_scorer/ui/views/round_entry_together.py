"""Entering the next round together: every page on the game shows the same
round as it fills in (the store's seat parts, ``models/shared_round.py``).

:func:`TogetherEntry` is the round entry of the next round on every page: on a
joined phone it first asks "Which seat is yours?" (remembered for the game on
this device, changeable from the header) and then opens on that player; the
host's page (and a page without a table) enters every player as before. The
pieces here are drawn by the round entry: the status of a player ("entering…",
"done"), the Done button, the seat line, the notice of a change another device
made, and Save's question while someone is not done.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import flet as ft

from jolly_scorer.ui.i18n import Translator
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.views.common import colour, labelled_button

if TYPE_CHECKING:
    from jolly_scorer.core.game import Game
    from jolly_scorer.ui.models.shared_round import SharedRound
    from jolly_scorer.ui.state import AppState

__all__ = [
    "Together",
    "TogetherEntry",
    "done_button",
    "save_anyway_bar",
    "seat_controls",
    "status_icon",
    "statuses_row",
    "status_mark",
    "status_text",
    "together_notice",
]

GOOD = ft.Colors.GREEN_800


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


@ft.component
def TogetherEntry(state: AppState, game: Game) -> ft.Control:
    """The next round's entry on this page (asks a joined phone's seat first)."""
    from jolly_scorer.ui.views.round_entry import RoundEntry

    page = ft.context.page
    seat, set_seat = ft.use_state(state.seat())
    shared_ref: Any = ft.use_ref(lambda: state.shared_round())
    shared = shared_ref.current
    t = state.t

    def choose(player: str | None) -> None:
        state.choose_seat(player)
        set_seat(player)

    if state.guest and seat is None:
        return seat_choice(game, t, choose, lambda: state.go("board"))
    if shared is None:  # no game (the app shows home)
        return ft.Container()
    together = Together(
        shared,
        publish=state.parts_written,
        listen=state.listen_to_parts,
        seat=seat,
        change_seat=(lambda: choose(None)) if state.guest else None,
        table=state.together,
        saved_elsewhere=state.round_saved_elsewhere,
    )
    return RoundEntry(
        page,
        t,
        game,
        None,
        None,
        state.save_round,
        state.cancel_round,
        state.save_draft,
        state.settings,
        together,
    )


def seat_choice(
    game: Game,
    t: Translator,
    choose: Callable[[str], None],
    back: Callable[[], None],
) -> ft.Control:
    """A joined phone: "Which seat is yours?", one big button per player."""
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


def status_text(entry: RoundEntryModel, player: str, t: Translator) -> str:
    """ "entering…", "done" or "" (nothing entered yet)."""
    status = entry.status(player)
    if status == "done":
        return t("done")
    if status == "entering":
        return t("entering…")
    return ""


def status_mark(entry: RoundEntryModel, player: str, t: Translator) -> ft.Control:
    """A player's status in a panel header (one short word)."""
    text = status_text(entry, player, t)
    done = entry.status(player) == "done"
    return ft.Text(
        text,
        size=15,
        color=GOOD if done else ft.Colors.OUTLINE,
        weight=ft.FontWeight.BOLD if done else None,
        max_lines=1,
    )


def statuses_row(entry: RoundEntryModel, t: Translator) -> ft.Control:
    """Every player's status at a glance (beside the preview on a laptop)."""
    chips: list[ft.Control] = []
    for seat, name in enumerate(entry.rounds.players):
        icon = status_icon(entry, name)
        word = status_text(entry, name, t) or t("nothing yet")
        chips.append(
            ft.Semantics(
                identifier=f"round-status-{seat}",
                label=f"{name}: {word}",
                content=ft.Container(
                    ft.Row(
                        [
                            ft.Container(
                                width=10,
                                height=10,
                                border_radius=5,
                                bgcolor=colour(seat),
                            ),
                            ft.Text(name, size=15, weight=ft.FontWeight.BOLD),
                            *([icon] if icon is not None else []),
                            ft.Text(word, size=15, color=ft.Colors.OUTLINE),
                        ],
                        spacing=4,
                        tight=True,
                    ),
                    padding=ft.Padding.symmetric(horizontal=10, vertical=6),
                    border_radius=12,
                    border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                ),
            )
        )
    return ft.Row(chips, wrap=True, spacing=6, run_spacing=6)


def status_icon(entry: RoundEntryModel, player: str) -> ft.Control | None:
    """A player's status in a strip chip (the chip's label says it in words)."""
    status = entry.status(player)
    if status == "done":
        return ft.Icon(ft.Icons.CHECK_CIRCLE, size=16, color=GOOD)
    if status == "entering":
        return ft.Icon(ft.Icons.EDIT_NOTE, size=16, color=ft.Colors.OUTLINE)
    return None


def done_button(
    entry: RoundEntryModel,
    seat: int,
    name: str,
    t: Translator,
    act: Any,
    *,
    expand: bool = False,
) -> ft.Control | None:
    """ "{name} is done" (filled once done; a second tap takes it back)."""
    if not entry.together:
        return None
    done = entry.status(name) == "done"
    kind = ft.FilledButton if done else ft.OutlinedButton
    text = t("{name} is done", name=name)
    return ft.Semantics(
        identifier=f"round-done-{seat}",
        button=True,
        selected=done,
        label=text,
        expand=expand,
        content=kind(
            content=ft.Text(
                text, size=15, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS
            ),
            icon=ft.Icons.CHECK_CIRCLE if done else ft.Icons.CHECK,
            on_click=lambda: act(entry.tap_done, name),
            height=44,
            expand=expand or None,
        ),
    )


def seat_controls(
    entry: RoundEntryModel, t: Translator, act: Any, change: Callable[[], None]
) -> list[ft.Control]:
    """A joined phone's header: Done for its seat, and "Change seat"."""
    seat = entry.seat
    if seat is None:
        return []
    index = entry.rounds.players.index(seat)
    done = done_button(entry, index, seat, t, act, expand=True)
    return [
        *([done] if done is not None else []),
        ft.Semantics(
            identifier="round-seat-change",
            content=ft.IconButton(
                ft.Icons.SWAP_HORIZ,
                tooltip=t("Change seat"),
                on_click=lambda: change(),
                icon_size=26,
            ),
        ),
    ]


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
