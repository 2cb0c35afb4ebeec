"""Round entry on a phone: the strip of players at the top, one chip per
player with their name, round score and status; the player shown is filled and
scrolled into sight (one player is shown at a time)."""

from __future__ import annotations

import contextlib
from typing import Any

import flet as ft

from jolly_scorer.ui.i18n import Translator
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.round_model import Preview
from jolly_scorer.ui.views.round_entry_parts import signed
from jolly_scorer.ui.views.round_entry_seat import Act
from jolly_scorer.ui.views.round_entry_status import status_icon, status_text
from jolly_scorer.ui.widgets.basics import seat_dot

__all__ = ["player_strip", "strip_key"]


#: a chip's key for ``scroll_to`` (Flet's lazily made class: untyped here)
SCROLL_KEY: Any = ft.ScrollKey


def player_strip(
    entry: RoundEntryModel, preview: Preview, t: Translator, act: Act
) -> ft.Control:
    """One chip per player (name over round score); the one shown is filled."""
    plus = entry.rounds.rules.is_plus
    chips: list[ft.Control] = []
    for seat, name in enumerate(entry.rounds.players):
        score = preview.scores[name].score
        shown = signed(score, t) if plus else t.number(score)
        chosen = entry.player == name
        chips.append(
            ft.Semantics(
                identifier=f"round-show-{seat}",
                key=SCROLL_KEY(strip_key(seat)),  # scrolled into sight
                button=True,
                selected=chosen,
                label=f"{name} {shown} {status_text(entry, name, t)}".rstrip(),
                content=ft.Container(
                    ft.Column(
                        [
                            ft.Row(
                                [
                                    seat_dot(seat),
                                    ft.Text(
                                        name,
                                        size=15,
                                        weight=ft.FontWeight.BOLD,
                                        max_lines=1,
                                        overflow=ft.TextOverflow.ELLIPSIS,
                                    ),
                                    *(
                                        [icon]
                                        if (icon := status_icon(entry, name))
                                        else []
                                    ),
                                ],
                                spacing=4,
                                tight=True,
                            ),
                            ft.Text(shown, size=15),
                        ],
                        spacing=0,
                        tight=True,
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    ),
                    padding=ft.Padding.symmetric(horizontal=10, vertical=4),
                    height=52,
                    border_radius=12,
                    border=ft.Border.all(
                        2 if chosen else 1,
                        ft.Colors.PRIMARY if chosen else ft.Colors.OUTLINE_VARIANT,
                    ),
                    bgcolor=ft.Colors.PRIMARY_CONTAINER if chosen else None,
                    on_click=lambda _e=None, p=name: act(entry.select_player, p),
                    ink=True,
                ),
            )
        )
    # no scroll bar over the chips (the cut last chip says there is more);
    # the player shown is scrolled into sight (a swipe, a tap on Next)
    row = ft.Row(chips, spacing=6, scroll=ft.ScrollMode.HIDDEN)
    labels = tuple(str(getattr(chip, "label", "")) for chip in chips)
    return _InSight(row, entry.rounds.players.index(entry.player), labels)


def strip_key(seat: int) -> str:
    return f"strip-{seat}"


@ft.component
def _InSight(row: ft.Row, seat: int, labels: tuple[str, ...]) -> ft.Control:
    """``row``, scrolled so that the chip of ``seat`` is on the screen (once
    drawn, whenever another player is shown, and when what the chips show
    (``labels``) changed: a wider chip moves the ones after it)."""

    async def reveal() -> None:
        with contextlib.suppress(Exception):  # the page is gone meanwhile
            await row.scroll_to(scroll_key=strip_key(seat), duration=150)

    ft.use_effect(reveal, [seat, labels])
    return row
