"""Round entry on a phone: the strip of players at the top, one chip per
player with their name, round score and status; the player shown is filled and
moved into sight (one player is shown at a time).

The strip does not scroll in Flutter's sense: its chips have widths set here
and the row is shifted within a clipped strip (``left``, animated). A Flutter
web scroll view scrolled away from its start put the chips' accessibility
boxes 20-56 px above the chips as drawn (its DOM node is scrolled on the
wrong axis), so a screen reader, or a test, tapping a chip hit the header;
and scrolling to a chip put it at the left edge, the chips before it out of
sight. Shifted here only as far as the chip shown needs: it is whole on the
screen, with a bit of the next one in the way it went.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

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
    "strip_shift",
]

CHIP_GAP = 6
#: what a chip shows besides its name: padding, border, the seat's dot and gap
_CHIP_FRAME = 2 * 10 + 2 * 2 + 10 + 4
_ICON = 16 + 4  # a status icon and its gap
_PEEK = 28  # how much of the next chip shows beside the one shown
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


def strip_shift(
    widths: Sequence[int], seat: int, viewport: float, before: float = 0.0
) -> float:
    """How far the row of chips (``widths``) is shifted left so that the chip
    of ``seat`` is whole in ``viewport``: as it was (``before``) when it
    already is, else only as far as needed, with a bit of the chip beyond it
    in sight; never past either end.

    >>> strip_shift([100, 100, 100, 100, 100], 1, 358)  # in sight: stays
    0.0
    >>> strip_shift([100, 100, 100, 100, 100], 3, 358)  # its end, and a peek
    88.0
    >>> strip_shift([100, 100, 100, 100, 100], 4, 358, 88.0)  # the last: the end
    166.0
    >>> strip_shift([100, 100, 100, 100, 100], 2, 358, 166.0)  # in sight: stays
    166.0
    >>> strip_shift([100, 100, 100, 100, 100], 1, 358, 166.0)  # back, a peek
    78.0
    """
    if not widths:
        return 0.0
    starts = [sum(widths[:i]) + CHIP_GAP * i for i in range(len(widths))]
    most = max(0.0, starts[-1] + widths[-1] - viewport)
    left, right = starts[seat], starts[seat] + widths[seat]
    shift = min(max(before, 0.0), most)
    if left < shift:  # off to the left: a bit of the one before shows
        shift = left - (_PEEK if seat > 0 else 0)
    elif right > shift + viewport:  # off to the right: a bit of the one after
        shift = right - viewport + (_PEEK if seat < len(widths) - 1 else 0)
    return float(min(max(shift, 0.0), most))


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
    chips: list[ft.Control] = []
    widths: list[int] = []
    for seat, name in enumerate(entry.rounds.players):
        score = preview.scores[name].score
        shown = round_score(entry.rounds, name, score, scope.t)  # "–": not typed yet
        chosen = entry.player == name
        status = entry.status(name)
        widths.append(chip_width(name, shown, status in ("done", "entering")))
        chips.append(
            watched(
                scope,
                STATIC,
                _chip,
                seat,
                name,
                shown,
                chosen,
                status,
                key=strip_key(seat),
            )
        )
    viewport = (width or 390) - PHONE_MARGINS
    seat = entry.rounds.players.index(entry.player)
    return _Strip(chips, tuple(widths), seat, viewport)


def _chip(
    seat: int, name: str, shown: str, chosen: bool, status: str | None
) -> ft.Control:
    """The chip of ``name`` (at ``seat``): name over ``shown`` (the round
    score as shown), filled when ``chosen``, the ``status`` icon; a tap shows
    the player. Drawn from its arguments only (and the scope's translator and
    handler): memoized on them (:func:`player_strip`)."""
    scope = use_scope()
    entry, t, act = scope.entry, scope.t, scope.act
    icon = icon_of(status)
    chip_w = chip_width(name, shown, icon is not None)
    name_w = chip_w - _CHIP_FRAME - (_ICON if icon is not None else 0)
    return ft.Semantics(
        identifier=f"round-show-{seat}",
        button=True,
        selected=chosen,
        label=f"{name} {shown} {text_of(status, t)}".rstrip(),
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
                                width=name_w,
                            ),
                            *([icon] if icon is not None else []),
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


@ft.component
def _Strip(
    chips: list[ft.Control], widths: tuple[int, ...], seat: int, viewport: float
) -> ft.Control:
    """The chips in a clipped strip, shifted so that the chip of ``seat`` is
    in sight (:func:`strip_shift`, from where it was: the strip moves only
    as far as it must)."""
    last: Any = ft.use_ref(0.0)
    shift = strip_shift(widths, seat, viewport, float(last.current))
    last.current = shift
    row = ft.Row(
        chips,
        spacing=CHIP_GAP,
        tight=True,
        left=-shift,
        top=0,
        animate_position=ft.Animation(150, ft.AnimationCurve.EASE_OUT),
    )
    return ft.Stack([row], height=52, clip_behavior=ft.ClipBehavior.HARD_EDGE)
