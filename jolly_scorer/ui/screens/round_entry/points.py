"""Round entry when everyone counted points: every player's fields on one
phone screen (one tap on a field, the digits, the next player).

Who went out (or "Everyone counted points") puts the focus on the first field
to fill, and Enter moves to the next one: the field is built anew with
Flutter's ``autofocus``, which takes the focus only while no other field has
it, so a field tapped meanwhile keeps it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

import flet as ft

from jolly_scorer.ui.i18n import Translator
from jolly_scorer.ui.models.round import Preview
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.screens.round_entry.counted import points_fields
from jolly_scorer.ui.screens.round_entry.keep import latest
from jolly_scorer.ui.widgets.basics import one_line, seat_dot
from jolly_scorer.ui.widgets.buttons import labelled_button
from jolly_scorer.ui.widgets.round_score import round_score

__all__ = ["player_box", "player_heading", "points_rows"]

Act = Callable[..., Any]


def player_heading(
    seat: int,
    name: str,
    shown: str,
    *,
    size: int = 21,
    extra: Sequence[ft.Control] = (),
) -> ft.Row:
    """A player's colour dot, name and round score as shown (``round_score``:
    "–" while their number is missing), then ``extra``."""
    dot = size * 2 // 3
    return ft.Row(
        [
            seat_dot(seat, dot),
            one_line(name, size, weight=ft.FontWeight.BOLD),
            ft.Semantics(
                identifier=f"round-total-{seat}",
                label=shown,
                content=ft.Text(shown, size=size),
            ),
            *extra,
        ],
        spacing=6,
    )


def player_box(
    seat: int, items: Sequence[ft.Control], *, padding: int = 12, spacing: int = 8
) -> ft.Control:
    """One player's part of the screen: a rounded box (``round-player-N``)."""
    return ft.Semantics(
        identifier=f"round-player-{seat}",
        container=True,
        content=ft.Container(
            ft.Column(list(items), spacing=spacing),
            padding=padding,
            border_radius=padding + 4,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        ),
    )


def points_rows(
    entry: RoundEntryModel, preview: Preview, t: Translator, act: Act
) -> ft.Control:
    """Everyone counted points: every player's fields on one screen (one tap
    on a field, the digits, next player; Enter moves to the next field)."""
    rows: ft.Control = _PointsRows(entry, preview, t, latest(entry, "act", act))
    return rows


@ft.component
def _PointsRows(
    entry: RoundEntryModel, preview: Preview, t: Translator, act: Act
) -> ft.Control:
    # (field, how often asked, held by another control)
    asked: Any = ft.use_ref(lambda: (None, 0, False))
    request, entry.focus = entry.focus, None  # asked for by a tap
    taken, entry.focus_taken = entry.focus_taken, False
    if request is not None:
        asked.current = (request, asked.current[1] + 1, taken)
    page = ft.context.page

    def key_down(e: ft.KeyboardEvent) -> None:
        """Every key pressed on the page: one typed while no field has the
        focus goes to the field about to take it (``stray_key``)."""
        if not (e.ctrl or e.alt or e.meta) and entry.takes_stray(e.key):
            act(entry.stray_key, e.key)

    ft.use_effect(
        lambda: _listen(page, key_down), [], cleanup=lambda: _listen(page, None)
    )
    built: dict[tuple[str, str], ft.TextField] = {}

    async def take_focus() -> None:
        """The field asked for takes the focus, also from a control that
        holds it (the Handglatt switch: ``autofocus`` would not take it)."""
        place, _, taken = asked.current
        field = built.get(place) if place and taken else None
        if field is not None:
            await cast(Any, field).focus()  # untyped in Flet

    ft.use_effect(take_focus, [asked.current])

    def enter(player: str, key: str) -> None:
        """Enter in a field: on to the next player who needs a number (the
        field itself when none does: Flutter takes the focus off a field on
        Enter, and a key typed next must land somewhere it shows)."""
        place: Any = (player, "good" if key == "good" else "bad")
        # Enter took the focus off the field: the keys typed from now on,
        # until the next field has it, are strays (the field's blur can
        # come after them: they went nowhere)
        entry.field_focused(place, False)
        following = entry.next_field(place)
        if following is not None:
            act(entry.ask_focus, following)

    rows: list[ft.Control] = []
    for seat, name in enumerate(entry.rounds.players):
        cards = labelled_button(
            f"round-mode-{seat}-cards",
            t("Enter cards"),
            None,
            lambda _e=None, p=name: act(entry.set_mode, p, "cards"),
            height=40,
        )
        shown = round_score(entry.rounds, name, preview.scores[name].score, t)
        head = player_heading(seat, name, shown, size=18, extra=[cards])
        fields = points_fields(
            entry, seat, name, t, act, 150, enter, asked.current[:2], built
        )
        rows.append(player_box(seat, [head, *fields], padding=8, spacing=4))
    return ft.Column(rows, spacing=6)


def _listen(page: ft.Page, handler: Callable[[ft.KeyboardEvent], None] | None) -> None:
    """The page's key handler while the counting sheet is shown."""
    page.on_keyboard_event = handler
    page.update()
