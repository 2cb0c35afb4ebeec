"""Round entry on a phone: the strip of players at the top, one chip per
player with their name, round score and status; the player shown is filled
(one player is shown at a time).

Every chip is whole on the screen, one tap away, on one line (issue 35.6):
the chips are as wide as their names want when they fit, else each at most
its share of the line (a long name ends in "…"); narrower than 80 px (six
players on a phone) a chip is compact: the name alone on top, the seat's dot
beside the score. The strip never scrolls nor shifts: a strip shifted within
a clip showed the 5th and 6th of six players as 2-38 px slivers and moved
for no wheel, drag or swipe, and a Flutter web scroll view scrolled away
from its start put the chips' accessibility boxes 20-56 px above the chips
as drawn. One line: a second one took the room a 14-card hand's card grid
needs (issue 35.7).
"""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

from jolly_scorer.ui.models.round_watch import STATIC
from jolly_scorer.ui.screens.round_entry.scope import use_scope
from jolly_scorer.ui.screens.round_entry.together.status import icon_of, text_of
from jolly_scorer.ui.screens.round_entry.watched import watched
from jolly_scorer.ui.widgets.basics import seat_dot
from jolly_scorer.ui.widgets.round_score import round_score

__all__ = [
    "CHIP_GAP",
    "PHONE_MARGINS",
    "chip_width",
    "player_strip",
    "strip_key",
    "strip_lines",
]

CHIP_GAP = 6
#: what a chip shows besides its name: padding, border, the seat's dot and gap
_CHIP_FRAME = 2 * 10 + 2 * 2 + 10 + 4
_ICON = 16 + 4  # a status icon and its gap
#: a chip narrower than this is compact: its name alone on the first line
#: (14 px), the seat's dot beside the score, no status icon (six players at
#: 320-390 px: 43-55 px a chip)
COMPACT = 80
#: the page's margins beside the strip on a phone (the screen's and the entry's)
PHONE_MARGINS = 32


def chip_width(name: str, score: str, icon: bool) -> int:
    """A chip's width: its name (15 px bold: about 8.6 px a character, at
    most 104 px: a longer name ends in "…") or its score, whichever is wider.

    >>> chip_width("Anna", "0", False), chip_width("Annabella", "+30", True)
    (76, 139)
    """
    name_width = min(104, round(8.6 * len(name)) + 4)
    score_width = round(8.6 * len(score)) + 4
    return _CHIP_FRAME + max(name_width + (_ICON if icon else 0), score_width)


def strip_lines(widths: Sequence[int], viewport: float) -> tuple[int, float]:
    """How many chips the strip's line holds and the widest a chip may be
    (``widths``: as the names want): all of them, as wide as they want when
    they fit, else each at most its share of the line (a long name ends in
    "…"; below :data:`COMPACT` a chip is drawn compact).

    >>> strip_lines([76, 68, 76], 358)  # they fit: as wide as they want
    (3, 358.0)
    >>> strip_lines([120, 112, 120], 358)  # a third each
    (3, 115.33333333333333)
    >>> strip_lines([76, 68, 76, 76, 76, 85], 358)  # six: a sixth each
    (6, 54.666666666666664)
    """
    count = len(widths)
    if not count or sum(widths) + CHIP_GAP * (count - 1) <= viewport:
        return max(count, 1), float(viewport)
    return count, (viewport - CHIP_GAP * (count - 1)) / count


def player_strip(width: float | None = None) -> ft.Control:
    """One chip per player (name over round score); the one shown is filled.
    ``width``: the page's (the strip is that less the margins). A watched
    part: the entry, translator and handler come from the screen's scope.

    Each chip is a watched part of its own (``watched(STATIC, ...)``) whose
    arguments are all it shows (seat, name, score as shown, whether it is the
    one shown, status): a tap changing one player's score draws and sends
    that player's chip only."""
    scope = use_scope()
    entry = scope.entry
    preview = entry.rounds.preview()
    shown_chips: list[tuple[int, str, str, bool, str | None]] = []
    widths: list[int] = []
    for seat, name in enumerate(entry.rounds.players):
        score = preview.scores[name].score
        shown = round_score(entry.rounds, name, score, scope.t)  # "–": not typed yet
        chosen = entry.player == name
        status = entry.status(name)
        widths.append(chip_width(name, shown, status in ("done", "entering")))
        shown_chips.append((seat, name, shown, chosen, status))
    viewport = (width or 390) - PHONE_MARGINS
    per_line, widest = strip_lines(widths, viewport)
    chips = [
        watched(scope, STATIC, _chip, *args, int(widest), key=strip_key(seat))
        for seat, args in enumerate(shown_chips)
    ]
    del per_line  # (one line: all of them)
    return ft.Row(chips, spacing=CHIP_GAP, tight=True)


def _chip(
    seat: int, name: str, shown: str, chosen: bool, status: str | None, widest: int
) -> ft.Control:
    """The chip of ``name`` (at ``seat``): name over ``shown`` (the round
    score as shown), filled when ``chosen``, the ``status`` icon; a tap shows
    the player; ``widest``: its width at most (a long name ends in "…").
    Drawn from its arguments only (and the scope's translator and
    handler): memoized on them (:func:`player_strip`)."""
    scope = use_scope()
    entry, t, act = scope.entry, scope.t, scope.act
    icon = icon_of(status)
    compact = widest < COMPACT
    chip_w = (
        widest if compact else min(widest, chip_width(name, shown, icon is not None))
    )
    name_w = chip_w - _CHIP_FRAME - (_ICON if icon is not None else 0)
    name_text = ft.Text(
        name,
        size=14 if compact else 15,
        weight=ft.FontWeight.BOLD,
        max_lines=1,
        overflow=ft.TextOverflow.ELLIPSIS,
        width=chip_w - 8 - 4 if compact else name_w,
        text_align=ft.TextAlign.CENTER if compact else ft.TextAlign.START,
    )
    lines: list[ft.Control]
    if compact:  # the name alone on top, the dot beside the score
        lines = [
            name_text,
            ft.Row([seat_dot(seat), ft.Text(shown, size=15)], spacing=3, tight=True),
        ]
    else:
        lines = [
            ft.Row(
                [seat_dot(seat), name_text, *([icon] if icon is not None else [])],
                spacing=4,
                tight=True,
            ),
            ft.Text(shown, size=15),
        ]
    return ft.Semantics(
        identifier=f"round-show-{seat}",
        button=True,
        selected=chosen,
        label=f"{name} {shown} {text_of(status, t)}".rstrip(),
        content=ft.Container(
            ft.Column(
                lines,
                spacing=0,
                tight=True,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            padding=ft.Padding.symmetric(horizontal=4 if compact else 10, vertical=4),
            width=chip_w,
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


def strip_key(seat: int) -> str:
    return f"strip-{seat}"
