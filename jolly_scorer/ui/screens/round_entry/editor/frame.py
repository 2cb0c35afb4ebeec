"""Round entry, the card editor's frame: a line on top like a keyboard, the
slot under the buttons (the card grid or what stands in for it) and a part
that keeps a height at the least."""

from __future__ import annotations

import flet as ft

from jolly_scorer.ui.widgets.card_picker import GRID_HEIGHT

__all__ = ["at_least", "keyed", "lower_slot", "shell"]


def keyed(key: str, control: ft.Control) -> ft.Control:
    """A part with a key: a redraw updates it in place (a focused field
    keeps its focus) instead of replacing it."""
    return ft.Container(control, key=key)


def lower_slot(
    grid: ft.Control,
    other: ft.Control | None,
    *,
    hold: bool = False,
    height: float = GRID_HEIGHT,
) -> ft.Control:
    """Under the buttons: the card grid, or ``other`` in its place (the grid
    stays on the page hidden: showing it again sends one property, not 53
    keys). ``hold`` (a phone): ``other`` gets at least the grid's height, at
    the top of it, so the editor keeps its size and place. Docked on the Save
    bar, a shorter editor sank: a lay-off's choice of melds left an empty
    screen above the editor, and the Lay off button just tapped jumped down
    under the finger (and back up once a meld was chosen). ``height``: the
    grid's (``card_picker.grid_height``)."""
    return keyed(
        "lower",
        ft.Column(
            [
                ft.Container(grid, visible=other is None),
                at_least(height if hold else 0, other, visible=other is not None),
            ],
            spacing=0,
            tight=True,
        ),
    )


def at_least(
    height: float, control: ft.Control | None, *, visible: bool = True
) -> ft.Control:
    """``control`` at the top of at least ``height`` pixels, taller when it
    needs (a spacer beside it holds the height)."""
    return ft.Row(
        [ft.Container(width=0, height=height), ft.Container(control, expand=True)],
        spacing=0,
        vertical_alignment=ft.CrossAxisAlignment.START,
        visible=visible,
    )


def shell(
    items: list[ft.Control],
    *,
    wide: bool = False,
    identifier: str = "round-editor",
    waiting: bool = False,
    narrow: bool = False,
) -> ft.Control:
    """The editor's frame around ``items`` (a line on top, like a keyboard);
    ``waiting``: no height and out of the accessibility tree, the grid inside
    built and laid out already (opening it changes a few properties).

    On a phone (the editor has the room between the player strip and the
    Save bar) its first item, the title with the keyboard, backspace and
    Close, stays at the top and the rest scrolls under it when the room is
    short: a notice above, an error in the Save bar or the phone's keyboard
    pushed the title and its buttons out of sight. ``narrow`` (a 320 px
    phone): no padding beside it, the grid's seven 40 px keys fit."""
    body: ft.Control
    if not wide and items:
        # waiting: the grid (its only item) where the open editor has it, in
        # the rest of the room, keyed (Flet matches a part only in the same
        # parent, and an unkeyed one by its place among the unkeyed: opening
        # the editor sent the grid's 53 keys again, about 30 KB)
        head, rest = (ft.Container(), items) if waiting else (items[0], items[1:])
        body = ft.Column(
            [
                head,
                ft.Column(  # the rest of the room
                    rest,
                    spacing=2,
                    tight=True,
                    scroll=ft.ScrollMode.AUTO,
                    expand=True,
                    key="room",
                ),
            ],
            spacing=2,  # (not tight: the room's height)
        )
    else:
        body = ft.Column(
            items,
            spacing=2,  # the grid fits above the bar (a laptop: also in Finnish)
            tight=True,
            scroll=ft.ScrollMode.AUTO if wide else None,
        )
    return ft.Semantics(
        identifier=identifier,
        container=True,
        exclude_semantics=waiting,
        content=ft.Container(
            body,
            # a phone: no padding above and below (an 8-card hand on two
            # lines left the grid's last row 1 px under the Save bar's edge)
            padding=ft.Padding.symmetric(
                horizontal=0 if narrow else 4, vertical=6 if wide else 0
            ),
            border=ft.Border.only(
                top=ft.BorderSide(0 if waiting else 2, ft.Colors.PRIMARY)
            ),
            bgcolor=ft.Colors.SURFACE,
            expand=wide,
            height=0 if waiting else None,
            clip_behavior=ft.ClipBehavior.HARD_EDGE,
        ),
    )
