"""The meld checker screen: cards in, verdict out, under any preset or the game's rules.

Two modes. *Melds*: one or more melds (tap cards, or type them with ``/``
between melds); each gets its verdict (run or group, value, what the jokers
stand for, or why not), and together whether they fit in the pack and reach
the opening. *Best lay-down*: a hand of cards; the arranger finds the melds
worth the most (off the event loop, time-limited) and says whether they reach
the opening.

Every tap is one method of the plain-Python
:class:`~jolly_scorer.ui.models.meld_checker.MeldCheckerModel`; this module
only lays the parts out: the verdicts sit above the card grid on a phone (the
grid docked at the bottom, never moving) and beside it on a laptop, never
below 53 keys.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from jolly_scorer.core.cards import Card
from jolly_scorer.core.errors import JollyError
from jolly_scorer.core.rules import Rules
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.arranging import best_lay_down
from jolly_scorer.ui.models.meld_checker import MeldCheckerModel
from jolly_scorer.ui.screens.meld_checker.choices import actions, choices
from jolly_scorer.ui.screens.meld_checker.hand import hand_panel
from jolly_scorer.ui.screens.meld_checker.melds import joker_panel, melds_panel
from jolly_scorer.ui.widgets.basics import page_size
from jolly_scorer.ui.widgets.card_picker import (
    KEY_HEIGHT,
    SHORT_KEY,
    CardGrid,
    Relay,
    gap,
    grid_height,
)
from jolly_scorer.ui.widgets.card_pieces import cards_field

if TYPE_CHECKING:
    from jolly_scorer.ui.settings import UiSettings

__all__ = ["WIDE", "MeldChecker", "build_meld_checker"]

#: From this page width on, the verdicts stand beside the grid.
WIDE = 900
#: On a phone, the pixels of the page above the checker (the screen's top bar
#: and padding): the checker fills the rest, its grid at the bottom edge.
PHONE_CHROME = 84
#: below this height a phone's grid has 40 px tall keys (round entry's too)
SHORT = 800
#: below this width the grid has the page's whole width (12 px a side)
NARROW = 360
PAGE_SIDE = 12


def build_meld_checker(
    page: ft.Page,
    t: Translator,
    rules: Rules,
    settings: UiSettings,
    width: float | None = None,
    height: float | None = None,
) -> ft.Control:
    """The meld checker (a component for ``page.render``).

    It does not scroll and has no title: put it in the screen's scrolling body.
    """
    return MeldChecker(page, t, rules, settings, width, height)


@ft.component
def MeldChecker(
    page: ft.Page,
    t: Translator,
    rules: Rules,
    settings: UiSettings | None,
    width: float | None = None,
    height: float | None = None,
) -> ft.Control:
    """The screen; see the module docstring. ``width``, ``height``: the
    page's as last resized (props, so a resized page lays the checker out
    again: a laptop's window widened from a phone's got the phone's
    layout)."""
    ref: Any = ft.use_ref(lambda: MeldCheckerModel(rules, t))
    model: MeldCheckerModel = ref.current
    model.use(rules, t)
    _, set_revision = ft.use_state(0)
    relay_ref: Any = ft.use_ref(lambda: Relay())  # the grid's handler: one object
    relay: Relay = relay_ref.current

    def redraw() -> None:
        set_revision(lambda r: r + 1)

    def ask_arranger() -> None:
        job = model.lay_down_job()
        if job is not None:
            page.run_task(lay_down, *job)

    async def lay_down(hand: tuple[Card, ...], key: str, chosen: Rules) -> None:
        """Awaited off the event loop: other pages and taps are answered
        meanwhile; then the newest hand is asked for, if it changed."""
        try:
            found = await best_lay_down(hand, chosen)
        except JollyError as error:
            model.lay_down_failed(hand, key, error)
        else:
            model.lay_down_done(hand, key, found)
        ask_arranger()
        redraw()

    def act(method: Callable[..., Any], *args: Any) -> None:
        """The one handler style: a model method, then redraw."""
        method(*args)
        ask_arranger()
        redraw()

    relay.target = lambda code: act(model.pick, code)
    width = width or page_size(page)[0]
    height = height or page_size(page)[1]
    wide = width >= WIDE
    # a short phone (320 x 640): 40 px tall keys, the rules and the mode
    # scroll with what is built, the grid whole at the bottom (issue 35)
    short = not wide and height < SHORT
    narrow = width < NARROW
    key_height = SHORT_KEY if short else KEY_HEIGHT
    available = 420 if wide else min(width, 600) - (2 * PAGE_SIDE if narrow else 40)
    if model.mode == "hand":
        live, results = hand_panel(model, t, settings, act)
        hint = t("Type or tap the cards of a hand.")
    else:
        live, results = melds_panel(model, t, settings, act)
        hint = t("Cards, / between melds: 5h 6h X / Qs Qd Qc")
    box = ft.Semantics(
        identifier="meld-live",
        container=True,
        content=ft.Container(
            ft.Column(live, spacing=6),
            padding=10,
            border_radius=12,
            border=ft.Border.all(2, ft.Colors.PRIMARY),
        ),
    )
    field = cards_field(
        t,
        model.text,
        lambda text: act(model.typed, text),
        "meld-input",
        label=hint,
        error=model.bad,
    )
    grid: ft.Control = CardGrid(
        relay,
        available=available,
        key_height=key_height,
        four_color=bool(settings and settings.four_colour),
        language=t.language,
        gone=model.used_up(),
    )
    menu = joker_panel(model, t, act) if model.mode == "melds" else None
    if menu is not None:  # in place of the grid, as high: nothing else moves
        grid = ft.Container(
            ft.Column([menu], scroll=ft.ScrollMode.AUTO),
            height=grid_height(key_height, gap(available, key_height)),
        )
    top = choices(model, t, act)
    buttons = actions(model, t, act, narrow=short)
    # the other melds (or the melds found) change in number: one column of
    # their own keeps every other control at its place among its siblings (a
    # control that moves is drawn anew: a field loses the keyboard focus)
    rest = ft.Column(
        results, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH
    )
    if wide:  # beside the grid: what is being built first
        shown = ft.Column(
            [field, box, rest],
            spacing=12,
            expand=True,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )
        return ft.Column(
            [
                top,
                ft.Row(
                    [shown, ft.Column([grid, buttons], spacing=12, width=440)],
                    spacing=16,
                    vertical_alignment=ft.CrossAxisAlignment.START,
                ),
            ],
            spacing=12,
        )
    # a phone: the buttons and the grid are docked at the bottom and never
    # move; above them, what is being built sits right over the buttons and
    # stays in view as it grows (a list anchored at its bottom: reversed), the
    # rest above it, the typed-card field (the second way in) on top
    above = ft.ListView(
        [box, rest, field, *([top] if short else [])],
        reverse=True,
        build_controls_on_demand=False,  # a focused field scrolled away stays
        spacing=12,
        padding=ft.Padding.only(top=10),
    )
    return ft.Container(
        ft.Column(
            [
                *([] if short else [top]),
                ft.Container(above, expand=True),
                buttons,
                grid,
            ],
            spacing=6,
        ),
        height=max(520.0, page_size(page)[1] - PHONE_CHROME),
    )
