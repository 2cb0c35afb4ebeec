"""Card chips and the suits' inks and font (the card picker is
:mod:`jolly_scorer.ui.widgets.card_picker`).

``CardChip("10h")`` shows ``10♥`` (red), a joker ``X`` with a star, a declared
joker ``X→6♥``. It is an ``@ft.component`` function: use it inside other
components or ``page.render``. Every chip carries an accessible label ("7 of
hearts", translated) and a semantics identifier (``card-7h``) for tests.

Suit symbols need a font: Flet's bundled Roboto has no ♥♦♣♠ and the web build
cannot fetch fallback fonts offline, so register the shipped DejaVu Sans as a
fallback for the whole app at startup::

    page.fonts = SUIT_FONTS
    page.theme = suit_font_theme()      # or suit_font_theme(ft.Theme(...))

(``assets_dir`` must point at ``jolly_scorer/ui/assets``.)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import flet as ft

from jolly_scorer.core.cards import Card, Suit
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.texts import card_name

__all__ = [
    "SUIT_FONT",
    "SUIT_FONTS",
    "CardChip",
    "suit_color",
    "suit_font_theme",
]

SUIT_FONT = "DejaVuSans"
#: For ``page.fonts``: paths are relative to the assets dir.
SUIT_FONTS: dict[str, str] = {SUIT_FONT: "fonts/DejaVuSans.ttf"}
_FALLBACK = ft.TextStyle(font_family="Roboto", font_family_fallback=[SUIT_FONT])

_TWO_COLOURS = {
    Suit.HEARTS: ft.Colors.RED_700,
    Suit.DIAMONDS: ft.Colors.RED_700,
    Suit.CLUBS: ft.Colors.BLACK,
    Suit.SPADES: ft.Colors.BLACK,
}
_FOUR_COLOURS = {
    Suit.HEARTS: ft.Colors.RED_700,
    Suit.DIAMONDS: ft.Colors.BLUE_700,
    Suit.CLUBS: ft.Colors.GREEN_800,
    Suit.SPADES: ft.Colors.BLACK,
}
JOKER_COLOUR = ft.Colors.PURPLE_700


def suit_font_theme(theme: ft.Theme | None = None) -> ft.Theme:
    """``theme`` (or a new one) with DejaVu Sans as fallback for every text style."""
    theme = theme or ft.Theme()
    names = [f.name for f in dataclasses.fields(ft.TextTheme) if f.init]
    text_theme = ft.TextTheme(**dict.fromkeys(names, _FALLBACK))
    theme.text_theme = text_theme
    theme.primary_text_theme = text_theme
    return theme


def suit_color(suit: Suit | None, four_color: bool = False) -> str:
    """The ink for a suit (``None``: a joker)."""
    if suit is None:
        return JOKER_COLOUR
    return (_FOUR_COLOURS if four_color else _TWO_COLOURS)[suit]


def _ink(card: Card, four_color: bool) -> str:
    shown = card.natural or card
    return suit_color(shown.suit if not card.is_joker else None, four_color)


#: a compact chip's width: a tap's least (40 px)
COMPACT_WIDTH = 40


@ft.component
def CardChip(
    card: str,
    *,
    selected: bool = False,
    invalid: bool = False,
    four_color: bool = False,
    large: bool = False,
    compact: bool = False,
    t: Translator | None = None,
    on_click: Callable[[], Any] | None = None,
) -> ft.Control:
    """One card as a readable chip; ``card`` is canonical notation ("X=6h").
    ``compact``: a smaller chip, 40 x 40 px (a long hand's rows: seven
    fit 296 px across, a 320 px phone; issue 35.7)."""
    t = t or Translator()
    parsed = Card.parse(card)
    size = 30 if large else 17 if compact else 22
    ink = _ink(parsed, four_color)
    label = ft.Text(
        parsed.label,
        size=size,
        weight=ft.FontWeight.BOLD,
        color=ink,
        style=_FALLBACK,
        no_wrap=True,
    )
    content: ft.Control = label
    if parsed.is_joker:
        star = ft.Icon(ft.Icons.STAR, color=JOKER_COLOUR, size=size * 0.8)
        content = ft.Row([star, label], spacing=2, tight=True)
    border_colour = ft.Colors.GREY_500
    bg = ft.Colors.WHITE
    if parsed.is_joker:
        bg = ft.Colors.PURPLE_50
    if selected:
        border_colour, bg = ft.Colors.BLUE_700, ft.Colors.BLUE_100
    if invalid:
        border_colour, bg = ft.Colors.RED_700, ft.Colors.RED_50
    return ft.Semantics(
        identifier=f"card-{card}",
        label=card_name(card, t),
        selected=selected,
        button=on_click is not None,
        content=ft.Container(
            content=content,
            width=COMPACT_WIDTH if compact else None,
            alignment=ft.Alignment.CENTER if compact else None,
            padding=ft.Padding.symmetric(
                horizontal=0 if compact else 10, vertical=8 if compact else 6
            ),
            bgcolor=bg,
            border=ft.Border.all(3 if selected or invalid else 1, border_colour),
            border_radius=8,
            on_click=on_click,
        ),
    )
