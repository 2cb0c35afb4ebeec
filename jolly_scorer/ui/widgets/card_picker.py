"""The compact card picker: all 53 choices at once, one tap each, on a phone.

Measured for 390 x 844: two blocks of four suit rows (one row per suit, so a
run reads left to right), ranks 2 to 8 in the first block and 9 to A beside a
tall joker key in the second. Seven keys across fit 366 px at 44 px and more;
eight rows of 44 px leave room above for the meld being built and its verdict
and below for the Save bar. The grid has a fixed size: adding a card never
moves it. A card with no copy left in the pack is grey, struck through and off.

On a narrow or short phone (320 x 640: 296 px across, the whole screen for
a 14-card hand) the same grid, one tap a card, is drawn smaller: keys of at
least 40 px (:data:`MIN_KEY`), 2 px apart, and 40 px tall when the caller
asks (``key_height``): 8 x 40 + gaps = 336 px instead of 376. Seven columns
at 40 px are the least that still shows all 53 cards at once: fewer columns
or suit tabs would cost a row more or a tap more for every suit change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from jolly_scorer.core.cards import RANKS, SUITS, Suit
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.texts import card_name
from jolly_scorer.ui.widgets.cards import JOKER_COLOUR, SUIT_FONT, suit_color

__all__ = [
    "COLUMNS",
    "GAP",
    "GRID_HEIGHT",
    "KEY_HEIGHT",
    "MIN_KEY",
    "SHORT_KEY",
    "CardGrid",
    "Relay",
    "gap",
    "grid_height",
    "key_width",
]

COLUMNS = 7
GAP = 3
#: the gap between keys when 44 px keys do not fit across (a 320 px phone)
NARROW_GAP = 2
KEY_HEIGHT = 44
#: a key's height on a short phone (320 x 640): the whole grid in sight
SHORT_KEY = 40
COMFORTABLE_KEY = 44
MIN_KEY = 40
MAX_KEY = 64


def gap(available: float, key_height: float = KEY_HEIGHT) -> int:
    """The gap between keys: 2 px when 44 px keys do not fit across or the
    keys are short, else 3.

    >>> gap(366), gap(296), gap(366, SHORT_KEY)
    (3, 2, 2)
    """
    fits = (available - (COLUMNS - 1) * GAP) / COLUMNS >= COMFORTABLE_KEY
    return GAP if fits and key_height >= KEY_HEIGHT else NARROW_GAP


def grid_height(key_height: float = KEY_HEIGHT, between: float = GAP) -> float:
    """The grid's height: two blocks of four rows of keys, a double gap
    between.

    >>> grid_height(), grid_height(SHORT_KEY, NARROW_GAP)
    (376, 336)
    """
    return 8 * key_height + 6 * between + 2 * between


#: The grid's height with 44 px keys.
GRID_HEIGHT = grid_height()


def key_width(available: float, between: float = GAP) -> float:
    """The width of a key for ``available`` pixels across (at least 40).

    >>> round(key_width(366), 1), key_width(1000), key_width(280)
    (49.7, 64, 40)
    >>> round(key_width(296, NARROW_GAP), 2)
    40.57
    """
    width = (available - (COLUMNS - 1) * between) / COLUMNS
    return max(MIN_KEY, min(MAX_KEY, width))


@ft.component
def _Key(
    code: str,
    text: str,
    ink: str,
    width: float,
    height: float,
    gone: bool,
    on_pick: Callable[[str], Any],
    language: str | None,
) -> ft.Control:
    t = Translator(language)
    style = ft.TextStyle(
        font_family="Roboto",
        font_family_fallback=[SUIT_FONT],
        decoration=ft.TextDecoration.LINE_THROUGH if gone else None,
        decoration_thickness=2 if gone else None,
    )
    name = card_name(code, t)
    box = ft.Container(
        width=width,
        height=height,
        alignment=ft.Alignment.CENTER,
        bgcolor=ft.Colors.GREY_200
        if gone
        else (ft.Colors.PURPLE_50 if code == "X" else ft.Colors.WHITE),
        border=ft.Border.all(1, ft.Colors.GREY_300 if gone else ft.Colors.GREY_400),
        border_radius=8,
        content=ft.Text(
            text,
            size=19,
            weight=ft.FontWeight.BOLD,
            color=ft.Colors.GREY_500 if gone else ink,
            style=style,
            no_wrap=True,
            text_align=ft.TextAlign.CENTER,
        ),
    )
    if gone:
        return ft.Semantics(
            identifier=f"pick-{code}",
            label=t("{card}: used up", card=name),
            button=True,
            disabled=True,
            content=box,
        )
    box.on_click = lambda: on_pick(code)
    box.ink = True
    return ft.Semantics(identifier=f"pick-{code}", label=name, button=True, content=box)


#: One key, redrawn only when it changes (a card added changes one); the
#: arguments of :func:`_Key`.
_KEY: Callable[..., ft.Control] = ft.memo(_Key)  # type: ignore[no-untyped-call]


def _suit_row(
    suit: Suit,
    ranks: tuple[Any, ...],
    width: float,
    height: float,
    between: float,
    four_color: bool,
    gone: frozenset[str],
    on_pick: Callable[[str], Any],
    language: str | None,
) -> ft.Control:
    ink = suit_color(suit, four_color)
    keys = [
        _KEY(
            f"{rank.value}{suit.value}",
            f"{rank.value}{suit.symbol}",
            ink,
            width,
            height,
            f"{rank.value}{suit.value}" in gone,
            on_pick,
            language,
        )
        for rank in ranks
    ]
    return ft.Row(keys, spacing=between, tight=True)


class Relay:
    """A handler that stays the same object across redraws and calls the
    latest ``target``: a memoized grid is not redrawn because its handler is
    a new closure, and a control kept from an earlier redraw acts with the
    screen's handlers as they are now (``round_entry.keep.latest``)."""

    def __init__(self) -> None:
        self.target: Callable[..., Any] = lambda *args: None

    def __call__(self, *args: Any) -> Any:
        return self.target(*args)


@ft.component
def _card_grid(
    on_pick: Callable[[str], Any],
    *,
    available: float = 366,
    four_color: bool = False,
    language: str | None = None,
    gone: frozenset[str] = frozenset(),
    key_height: float = KEY_HEIGHT,
) -> ft.Control:
    """Every card one tap (see the module docstring): ``available`` is the
    width the grid may use, ``language`` that of the keys' spoken names,
    ``gone`` the cards with no copy left (off), ``key_height`` a key's
    height (:data:`SHORT_KEY` on a short phone: :func:`grid_height`)."""
    between = gap(available, key_height)
    width = key_width(available, between)
    low, high = RANKS[:7], RANKS[7:]

    def rows(ranks: tuple[Any, ...]) -> ft.Control:
        return ft.Column(
            [
                _suit_row(
                    s,
                    ranks,
                    width,
                    key_height,
                    between,
                    four_color,
                    gone,
                    on_pick,
                    language,
                )
                for s in SUITS
            ],
            spacing=between,
            tight=True,
        )

    joker = _KEY(
        "X",
        "X\n★",
        JOKER_COLOUR,
        width,
        key_height * 4 + between * 3,
        "X" in gone,
        on_pick,
        language,
    )
    second = ft.Row([rows(high), joker], spacing=between, tight=True)
    return ft.Semantics(
        identifier="card-picker",
        container=True,
        content=ft.Column([rows(low), second], spacing=between * 2, tight=True),
    )


#: The grid (arguments of :func:`_card_grid`), redrawn only when what it shows
#: changed (``ft.memo``): pass a stable ``on_pick`` (a :class:`Relay`) to profit.
CardGrid: Callable[..., ft.Control] = ft.memo(_card_grid)  # type: ignore[no-untyped-call]
