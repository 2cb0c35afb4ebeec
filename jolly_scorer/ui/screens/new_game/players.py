"""The new-game screen's players: one name row per seat, and the keeping of
the keyboard focus on a seat just added (issue 8, defect 5)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, cast

import flet as ft

from jolly_scorer.core.look_alike import look_alike
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.game_form import GameForm
from jolly_scorer.ui.widgets.basics import colour, tagged
from jolly_scorer.ui.widgets.typed_text import TypedText

#: A change of the form, applied to the newest form (never to the one a
#: handler saw when it was built: events can arrive before the re-render).
Update = Callable[[Callable[[GameForm], GameForm]], None]


@dataclass
class FocusKeeper:
    """Which name field should have the keyboard focus after a seat is added.

    Flutter web can lose a focus request to its own focus restoring: a tap on
    "Add player" takes the focus off the name field, and when the page gets it
    back Flutter gives it to that previous field again, sometimes after the new
    field already had it, and sometimes to no field at all. So after a seat is
    added, the previous field getting the focus, or the new field losing it
    with no field getting it within ``SETTLE`` seconds, asks for the new field
    again, a few times at most and only shortly after the add. Any other field
    getting the focus, or anything typed, ends that: a person's choice is
    never overridden.

    >>> keeper = FocusKeeper()
    >>> keeper.focused(1, now=0.0)  # Ben's name is being typed
    False
    >>> keeper.added(2, now=1.0)  # "Add player": seat 3
    >>> keeper.focused(2, now=1.1)  # the new field has it
    False
    >>> keeper.blurred(2, now=1.2)  # and loses it: wait, then look
    True
    >>> keeper.lost(since=1.2)  # no field got it meanwhile: ask again
    True
    >>> keeper.focused(0, now=1.5)  # the person taps Anna's name
    False
    >>> keeper.blurred(2, now=1.6)  # that is their choice: nothing is asked
    False
    """

    #: how often, and how long after the add, the new field is asked again
    TRIES = 3
    WINDOW = 3.0
    #: how long a field's loss of focus waits for another field to report it
    SETTLE = 0.25

    want: int | None = None  # the seat just added, until it is settled
    before: int | None = None  # the seat focused last when it was added
    last: int | None = None  # the seat whose field had the focus last
    focused_at: float = 0.0  # when a field last reported the focus
    tries: int = 0
    since: float = 0.0

    def added(self, seat: int, now: float) -> None:
        self.want, self.before, self.tries, self.since = seat, self.last, 0, now

    def _may_ask(self, now: float) -> bool:
        return self.tries < self.TRIES and now - self.since <= self.WINDOW

    def focused(self, seat: int, now: float) -> bool:
        """Field ``seat`` got the focus; True: ask again for the new seat's."""
        self.last, self.focused_at = seat, now
        if self.want is None or seat == self.want:
            return False
        if seat == self.before and self._may_ask(now):
            self.tries += 1
            return True
        self.want = None  # the person chose another field
        return False

    def blurred(self, seat: int, now: float) -> bool:
        """Field ``seat`` lost the focus; True: the new seat's field did,
        shortly after the add (look again after ``SETTLE``, with `lost`)."""
        return self.want is not None and seat == self.want and self._may_ask(now)

    def lost(self, since: float) -> bool:
        """No field has reported the focus since ``since`` and the new seat
        is still wanted: True, and it counts as a try."""
        if self.want is None or self.focused_at >= since:
            return False
        self.tries += 1
        return True

    def settle(self) -> None:
        """Something was typed, or the seats changed: stop asking."""
        self.want = None


@dataclass
class Seats:
    """The players' name fields of the last render, and the focus keeper."""

    fields: dict[int, ft.TextField] = field(default_factory=dict)
    keeper: FocusKeeper = field(default_factory=FocusKeeper)

    async def focus(self, seat: int | None) -> None:
        added = self.fields.get(seat) if seat is not None else None
        if added is not None:
            await cast(Any, added).focus()  # untyped in Flet

    async def focus_wanted(self) -> None:
        """After a render: the seat just added is asked for the focus."""
        await self.focus(self.keeper.want)

    async def field_focused(self, seat: int) -> None:
        if self.keeper.focused(seat, time.monotonic()):
            await self.focus(self.keeper.want)

    async def field_blurred(self, seat: int) -> None:
        now = time.monotonic()
        if self.keeper.blurred(seat, now):
            await asyncio.sleep(self.keeper.SETTLE)  # another field may report
            if self.keeper.lost(since=now):
                await self.focus(self.keeper.want)


def player_row(
    form: GameForm,
    seat: int,
    t: Translator,
    update: Update,
    seats: Seats,
    on_enter: Callable[[int], Awaitable[None]],
) -> ft.Control:
    """Seat ``seat``: colour, name field, deals-first, move up, remove."""
    is_dealer = seat == form.first_dealer

    async def submitted(e: ft.Event[ft.TextField]) -> None:
        await on_enter(seat)

    async def focused(e: ft.Event[ft.TextField]) -> None:
        await seats.field_focused(seat)

    async def blurred(e: ft.Event[ft.TextField]) -> None:
        await seats.field_blurred(seat)

    def changed(e: ft.Event[ft.TextField]) -> None:
        """The text the client sent with this change (the field's own value
        can meanwhile be an older text of a re-render that ran before it)."""
        seats.keeper.settle()
        value = e.data if isinstance(e.data, str) else (e.control.value or "")
        update(lambda f: f.set_name(seat, value))

    def reseat(change: Callable[[GameForm], GameForm]) -> None:
        seats.keeper.settle()  # the seats' numbers change
        update(change)

    alike = look_alike(form.players[seat], form.players[:seat])  # issue 19.7
    name_field = TypedText(
        value=form.players[seat],
        label=t("Player {n}", n=seat + 1),
        helper=t(
            "Looks like {name}: on the score sheet the two cannot be told apart.",
            name=alike,
        )
        if alike
        else None,
        helper_max_lines=3,
        text_size=20,
        expand=True,
        dense=False,
        capitalization=ft.TextCapitalization.WORDS,
        on_change=changed,
        on_submit=submitted,
        on_focus=focused,
        on_blur=blurred,
    )
    seats.fields[seat] = name_field
    return ft.Row(
        [
            ft.Container(width=12, height=40, border_radius=6, bgcolor=colour(seat)),
            ft.Semantics(
                identifier=f"player-name-{seat + 1}",
                expand=True,
                content=name_field,
            ),
            tagged(
                f"player-deals-{seat + 1}",
                ft.IconButton(
                    ft.Icons.STYLE if is_dealer else ft.Icons.STYLE_OUTLINED,
                    selected=is_dealer,
                    tooltip=t("Deals first") if is_dealer else t("Make dealer"),
                    icon_color=ft.Colors.PRIMARY if is_dealer else None,
                    on_click=lambda: update(lambda f: f.deals_first(seat)),
                ),
            ),
            ft.IconButton(
                ft.Icons.ARROW_UPWARD,
                tooltip=t("Move up"),
                disabled=seat == 0,
                on_click=lambda: reseat(lambda f: f.move(seat, -1)),
            ),
            ft.IconButton(
                ft.Icons.DELETE_OUTLINE,
                tooltip=t("Remove player"),
                on_click=lambda: reseat(lambda f: f.remove(seat)),
            ),
        ],
        spacing=2,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


def known_players(
    names: list[str], t: Translator, add_seat: Callable[[str], None]
) -> ft.Control:
    """Players of earlier games, one tap from a seat (the first 12)."""
    return ft.Row(
        [
            tagged(
                f"known-{name}",
                ft.Chip(
                    label=ft.Text(name, size=18),
                    leading=ft.Icon(ft.Icons.PERSON_ADD_ALT),
                    tooltip=t("Add {name}", name=name),
                    on_click=lambda e, n=name: add_seat(n),
                ),
            )
            for name in names[:12]
        ],
        wrap=True,
        spacing=8,
    )
