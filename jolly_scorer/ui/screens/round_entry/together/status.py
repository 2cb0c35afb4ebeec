"""Round entry, entering together: each player's status ("entering…",
"done", or nothing yet) in the strip, a panel and beside the preview, and the
Done button of a player's part (a second tap takes it back; editing the part
again does too)."""

from __future__ import annotations

from typing import Any

import flet as ft

from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.models.round_watch import hand_topic
from jolly_scorer.ui.screens.round_entry.scope import Scope, use_scope
from jolly_scorer.ui.screens.round_entry.watched import watched
from jolly_scorer.ui.widgets.basics import seat_dot

__all__ = [
    "done_button",
    "icon_of",
    "status_icon",
    "status_chip",
    "status_mark",
    "status_text",
    "statuses_row",
    "text_of",
]

GOOD = ft.Colors.GREEN_800


def status_text(entry: RoundEntryModel, player: str, t: Translator) -> str:
    """ "entering…", "done" or "" (nothing entered yet)."""
    return text_of(entry.status(player), t)


def text_of(status: str | None, t: Translator) -> str:
    """A status (``RoundEntryModel.status``) in words: "entering…", "done"
    or "" (nothing entered yet)."""
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


def statuses_row(scope: Scope) -> ft.Control:
    """Every player's status at a glance (beside the preview on a laptop):
    each chip a watched part of the player's share (their status is in it)."""
    chips: list[ft.Control] = [
        watched(scope, hand_topic(name), _watched_chip, seat, name, key=f"s-{seat}")
        for seat, name in enumerate(scope.entry.rounds.players)
    ]
    return ft.Row(chips, wrap=True, spacing=6, run_spacing=6)


def _watched_chip(seat: int, name: str) -> ft.Control:
    """A watched part: ``name``'s status chip (entry, translator: the scope)."""
    scope = use_scope()
    return status_chip(scope.entry, scope.t, seat, name)


def status_chip(
    entry: RoundEntryModel, t: Translator, seat: int, name: str
) -> ft.Control:
    """A player's status beside the preview (``round-status-N``)."""
    status = entry.status(name)
    word = text_of(status, t) or t("nothing yet")
    icon = icon_of(status)
    return ft.Semantics(
        identifier=f"round-status-{seat}",
        label=f"{name}: {word}",
        content=ft.Container(
            ft.Row(
                [
                    seat_dot(seat),
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


def status_icon(entry: RoundEntryModel, player: str) -> ft.Control | None:
    """A player's status in a strip chip (the chip's label says it in words)."""
    return icon_of(entry.status(player))


def icon_of(status: str | None) -> ft.Control | None:
    """A status (``RoundEntryModel.status``) as a strip chip's icon."""
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
    mine: bool = False,
) -> ft.Control | None:
    """ "{name} is done" (filled once done; a second tap takes it back)."""
    if not entry.together:
        return None
    done = entry.status(name) == "done"
    kind = ft.FilledButton if done else ft.OutlinedButton
    text = t("{name} is done", name=name)
    shown = t("I'm done") if mine else text  # a phone's own seat: short
    return ft.Semantics(
        identifier=f"round-done-{seat}",
        button=True,
        selected=done,
        label=text,
        expand=expand,
        content=kind(
            content=ft.Text(
                shown, size=15, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS
            ),
            icon=ft.Icons.CHECK_CIRCLE if done else ft.Icons.CHECK,
            on_click=lambda: act(entry.tap_done, name),
            height=44,
            expand=expand or None,
            # narrow sides: "Ben on valmis" fits beside the title and two
            # icons on a 390 px phone (it was cut to "Ben on val…")
            style=ft.ButtonStyle(padding=ft.Padding.only(left=10, right=12)),
        ),
    )
