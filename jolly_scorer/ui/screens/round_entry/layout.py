"""Round entry, the layout: a phone shows the strip of players, the player
shown and the editor docked above the Save bar; a laptop shows every player's
panel with the preview (or the editor) and the Save bar beside them."""

from __future__ import annotations

from functools import partial
from typing import NamedTuple

import flet as ft

from jolly_scorer.ui.models.round import Preview
from jolly_scorer.ui.models.round_entry import Editing, RoundEntryModel
from jolly_scorer.ui.models.round_watch import CLOSER, STRIP
from jolly_scorer.ui.screens.round_entry.closer import closer_section
from jolly_scorer.ui.screens.round_entry.editor.dock import dock
from jolly_scorer.ui.screens.round_entry.editor.editor import editor
from jolly_scorer.ui.screens.round_entry.parts import preview_table
from jolly_scorer.ui.screens.round_entry.player import player_panel
from jolly_scorer.ui.screens.round_entry.points import points_rows
from jolly_scorer.ui.screens.round_entry.scope import Scope
from jolly_scorer.ui.screens.round_entry.strip import player_strip
from jolly_scorer.ui.screens.round_entry.swipe import swipeable
from jolly_scorer.ui.screens.round_entry.together.status import statuses_row
from jolly_scorer.ui.screens.round_entry.together.together import together_notice
from jolly_scorer.ui.screens.round_entry.watched import watched
from jolly_scorer.ui.widgets.basics import switch_row
from jolly_scorer.ui.widgets.card_picker import KEY_HEIGHT, SHORT_KEY

__all__ = [
    "PHONE_SPACING",
    "WIDE",
    "HeldList",
    "PhoneFit",
    "layout",
    "phone_fit",
    "phone_room",
]

WIDE = 900
#: a phone's gap between the header, the strip, the list, the editor and the bar
PHONE_SPACING = 2
#: flex of the part that has the room between the strip and the Save bar (the
#: other part gets 1/ROOM of it: far less than a pixel, nothing is drawn)
ROOM = 100_000
#: the page's margin beside the screen (``app.py``: 12 px a side)
PAGE_SIDE = 12
#: below this width the screen and the editor lose their 4 px margins (the
#: card grid's seven 40 px keys fit 320 px)
NARROW = 360
#: below this height an open editor takes the player strip's room and its
#: keys are 40 px tall (a 14-card hand's grid whole at 360 x 780)
SHORT = 800
#: below this height it takes the header's and the Save bar's room too (the
#: whole screen, like a keyboard: 320 x 640)
VERY_SHORT = 700


class PhoneFit(NamedTuple):
    """How a phone's round entry fits its screen (:func:`phone_fit`)."""

    available: float  # the card grid's width
    key_height: float  # a key's height
    narrow: bool  # no margins beside the screen and the editor
    strip: bool  # an open editor leaves the strip shown
    bars: bool  # an open editor leaves the header and the Save bar shown


def phone_fit(width: float, height: float) -> PhoneFit:
    """Issue 35.7: a 14-card hand's whole card grid in sight on a phone.

    >>> phone_fit(390, 844)
    PhoneFit(available=350, key_height=44, narrow=False, strip=True, bars=True)
    >>> phone_fit(360, 780)
    PhoneFit(available=320, key_height=40, narrow=False, strip=False, bars=True)
    >>> phone_fit(320, 640)
    PhoneFit(available=296, key_height=40, narrow=True, strip=False, bars=False)
    """
    narrow = width < NARROW
    margins = 2 * PAGE_SIDE + (0 if narrow else 2 * (4 + 4))  # screen, editor
    return PhoneFit(
        available=min(width, 600) - margins,
        key_height=SHORT_KEY if height < SHORT else KEY_HEIGHT,
        narrow=narrow,
        strip=height >= SHORT,
        bars=height >= VERY_SHORT,
    )


def layout(
    width: float,
    scope: Scope,
    preview: Preview,
    *,
    bar: ft.Control,
    header: ft.Control,
    height: float = 844,
    held: HeldList | None = None,
) -> ft.Control:
    """The screen's controls for ``width`` and ``height`` (see the module
    docstring); the parts drawn in components (the dock, the watched parts)
    take ``scope`` from its context (:data:`SCOPE`). ``preview``: the
    round's scores as far as entered (worked out once a redraw, by the
    screen). ``held``: the phone's list while its editor is open
    (:class:`HeldList`; None: the list is built at every redraw)."""
    entry, t = scope.entry, scope.t
    rounds = entry.rounds
    wide = width >= WIDE
    side_width = min(560.0, width * 0.42)
    docked: ft.Control | None = None
    fit = phone_fit(width, height)
    if not wide:  # the docked editor; closed, its grid waits hidden
        docked = dock(
            available=fit.available, key_height=fit.key_height, narrow=fit.narrow
        )
    elif entry.editing is not None:
        docked = editor(
            scope,
            wide=wide,
            available=(side_width - 40) if wide else min(width, 600) - 40,
        )
    # a phone's open editor hides the list (phone_room): a card picked on
    # its grid leaves the list as it was drawn, neither built nor compared
    # (the answer carries what is seen: the editor, the strip, the bar)
    editing = None if wide else _editor_shown(entry)
    scroller = held.keep(editing, entry.player) if held is not None else None
    if scroller is None:
        scroller = _list(scope, preview, wide)
    if held is not None:
        held.drawn(editing, entry.player, scroller)
    notice = together_notice(entry)
    if notice is not None:
        header = ft.Column([header, notice], spacing=4)
    content: ft.Control
    if wide:
        watch = [statuses_row(scope)] if entry.together else []
        top = docked or ft.Column(
            [preview_table(rounds, preview, t, scope), *watch],
            scroll=ft.ScrollMode.AUTO,
            spacing=12,
        )
        side = ft.Column([ft.Container(top, expand=True), bar], spacing=8, expand=True)
        content = ft.Column(
            [
                header,
                ft.Row(
                    [scroller, ft.Container(side, width=side_width)],
                    spacing=16,
                    expand=True,
                    vertical_alignment=ft.CrossAxisAlignment.STRETCH,
                ),
            ],
            spacing=8,
            expand=True,
        )
    else:
        # a short phone: the open editor takes the strip's room (its title
        # names the player), a very short one the header's and the Save
        # bar's too (Close brings them back); they stay on the page, hidden
        # (issue 35.7)
        strip = [  # drawn again only when its share of the model changed
            ft.Container(
                watched(scope, STRIP, player_strip, width, key="strip"),
                visible=fit.strip or editing is None,
            )
        ][: 0 if entry.all_counted else 1]
        room = phone_room(scroller, docked, editing)
        bars = fit.bars or editing is None
        shown = [ft.Container(header, visible=bars)]
        parts = [*shown, *strip, *room, ft.Container(bar, visible=bars)]
        content = ft.Column(parts, spacing=PHONE_SPACING, expand=True)
    margin = 8 if wide else 0 if fit.narrow else 4
    return ft.Container(
        content,
        padding=ft.Padding.symmetric(horizontal=margin, vertical=2),
        expand=True,
    )


def phone_room(
    scroller: ft.Column, docked: ft.Control | None, editing: object | None
) -> list[ft.Control]:
    """A phone's room between the strip and the Save bar: the list, or the
    open editor. Both stay on the page (the list keeps where it was scrolled,
    the editor's grid stays built); the one not shown gets a flex of 1 against
    :data:`ROOM`, so no sliver of a cut line of the list shows above the
    editor. The open editor has the whole room, its title row (keyboard,
    backspace, Close) at the top, right under the player strip; when the room
    is short (a notice above, an error in the Save bar, the phone's keyboard)
    the rest scrolls under it (``round_entry_editor_frame.shell``). The Save
    bar is never pushed off the screen or under a table bar. The one not
    shown has no accessibility boxes: the list's lay over the editor's card
    picker, where a screen reader found them (issue 34.11)."""
    if docked is None:
        return [scroller]
    return [
        _room_part(scroller, shown=editing is None),
        _room_part(docked, shown=editing is not None),
    ]


def _room_part(content: ft.Control, *, shown: bool) -> ft.Control:
    """The list or the editor in the phone's room (:func:`phone_room`): the
    same controls either way, so the list keeps where it was scrolled."""
    return ft.Container(
        ft.Semantics(content=content, exclude_semantics=not shown),
        expand=ROOM if shown else 1,
    )


class HeldList:
    """A phone's list while its editor is open on one part (issue 36: a
    tap's cost). The list is hidden then (:func:`phone_room`); a card picked
    on the editor's grid changes only what the editor, the strip and the Save
    bar show of it, so the redraw after a pick keeps the list drawn before
    (the same controls: Flet neither compares nor sends them), and so does
    the editor's Next meld (the new meld shows in the list when it shows).
    Any other redraw builds it (another tap, another device's news, the
    editor moved to another player, closed): the list a person sees, and every
    control of it that can be tapped, is always the one drawn last."""

    #: the model's methods (the editor's grid and its Next meld) whose
    #: redraw keeps the list: they change what the open editor shows
    KEPT_BY = frozenset({"pick", "new_meld"})

    def __init__(self) -> None:
        self.picked = False  # the next redraw is one of KEPT_BY's
        self._player: str | None = None  # whose part the editor held open
        self._list: ft.Column | None = None

    def keep(self, editing: Editing | None, player: str) -> ft.Column | None:
        """The list drawn before, when this redraw may keep it, else None."""
        picked, self.picked = self.picked, False
        if editing is None or not picked or self._player != player:
            return None
        return self._list

    def drawn(self, editing: Editing | None, player: str, scroller: ft.Column) -> None:
        """The list of this redraw (kept for the next, if a pick's)."""
        self._player = None if editing is None else player
        self._list = scroller


def _editor_shown(entry: RoundEntryModel) -> Editing | None:
    """What a phone's open editor edits, or None when the list shows (while
    the Save bar asks, the list is shown with it and the editor waits)."""
    asking = entry.confirm_cancel or entry.confirm_save or entry.taken
    return None if asking else entry.editing


def _list(scope: Scope, preview: Preview, wide: bool) -> ft.Column:
    """The list of the round: the closer's section, the melds' switch, and
    the players' panels (a phone: the player shown) or the counting sheet."""
    entry, t, act = scope.entry, scope.t, scope.act
    rounds = entry.rounds
    # drawn again only when its share of the model changed
    body: list[ft.Control] = [watched(scope, CLOSER, closer_section, key="closer")]
    if not rounds.melds_needed():
        text = t("Enter melds too (optional in penalty scoring)")
        body.append(
            switch_row(
                "round-show-melds",
                text,
                entry.show_melds,
                lambda e: act(entry.set_show_melds, e.control.value),
                size=15,
            )
        )

    def panel(seat: int, name: str) -> ft.Control:
        return player_panel(scope, seat, name, preview.scores[name])

    # a phone's counting sheet scrolls what is above its number pad itself:
    # the pad stays whole above the Save bar and its message (issue 35.5)
    sheet_scrolls = entry.all_counted and not wide
    if sheet_scrolls:
        body = [points_rows(entry, t, act, above=body)]
    elif entry.all_counted:  # the counting sheet, phone and laptop (issue 17)
        body.append(points_rows(entry, t, act))
    elif wide:
        body.append(
            ft.ResponsiveRow(
                [
                    ft.Container(panel(seat, name), col={"xs": 12, "lg": 6})
                    for seat, name in enumerate(rounds.players)
                ],
                spacing=10,
                run_spacing=10,
            )
        )
    else:  # a phone: only the player shown is built
        seat = rounds.players.index(entry.player)
        body.append(  # a swipe moves to the next or previous player
            swipeable(entry, panel(seat, entry.player), partial(act, entry.step_player))
        )
    scroller = ft.Column(
        body,
        spacing=10,
        scroll=None if sheet_scrolls else ft.ScrollMode.AUTO,
        expand=True,
    )
    return scroller
