"""Card widgets: one card chip and a one-tap card picker (declarative components).

``CardChip("10h")`` shows ``10♥`` (red), a joker ``X`` with a star, a declared
joker ``X→6♥``. ``CardPicker(on_pick=...)`` shows every card of the pack as a
button, one suit per block, and calls ``on_pick("Qd")`` with canonical notation.
Both are ``@ft.component`` functions: use them inside other components or
``page.render``. Every card carries an accessible label ("7 of hearts",
translated) and a semantics identifier (``card-7h``, ``pick-7h``,
``pick-X``) for tests.

Suit symbols need a font: Flet's bundled Roboto has no ♥♦♣♠ and the web build
cannot fetch fallback fonts offline, so register the shipped DejaVu Sans as a
fallback for the whole app at startup::

    page.fonts = SUIT_FONTS
    page.theme = suit_font_theme()      # or suit_font_theme(ft.Theme(...))

(``assets_dir`` must point at ``jolly_scorer/ui/assets``.)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

import flet as ft

from jolly_scorer.core.cards import RANKS, SUITS, Card, Suit
from jolly_scorer.ui.i18n import Translator
from jolly_scorer.ui.texts import card_name

__all__ = [
    "SUIT_FONT",
    "SUIT_FONTS",
    "CardChip",
    "CardPicker",
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


@ft.component
def CardChip(
    card: str,
    *,
    selected: bool = False,
    invalid: bool = False,
    four_color: bool = False,
    large: bool = False,
    t: Translator | None = None,
    on_click: Callable[[], Any] | None = None,
) -> ft.Control:
    """One card as a readable chip; ``card`` is canonical notation ("X=6h")."""
    t = t or Translator()
    parsed = Card.parse(card)
    size = 30 if large else 22
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
            padding=ft.Padding.symmetric(horizontal=10, vertical=6),
            bgcolor=bg,
            border=ft.Border.all(3 if selected or invalid else 1, border_colour),
            border_radius=8,
            on_click=on_click,
        ),
    )


def _pick_button(
    code: str,
    text: str,
    ink: str,
    width: float,
    height: float,
    size: float,
    used_up: bool = False,
) -> tuple[str, ft.Control]:
    """One picker key; a used-up card is grey and struck through."""
    style = _FALLBACK
    if used_up:
        ink = ft.Colors.GREY_500
        style = ft.TextStyle(
            font_family="Roboto",
            font_family_fallback=[SUIT_FONT],
            decoration=ft.TextDecoration.LINE_THROUGH,
            decoration_thickness=2,
        )
    return code, ft.Container(
        width=width,
        height=height,
        alignment=ft.Alignment.CENTER,
        bgcolor=ft.Colors.GREY_200 if used_up else ft.Colors.WHITE,
        border=ft.Border.all(1, ft.Colors.GREY_300 if used_up else ft.Colors.GREY_400),
        border_radius=8,
        content=ft.Text(
            text, size=size, weight=ft.FontWeight.BOLD, color=ink, style=style
        ),
    )


@ft.component
def CardPicker(
    on_pick: Callable[[str], Any],
    *,
    four_color: bool = False,
    large: bool = False,
    t: Translator | None = None,
    used: Mapping[str, int] | None = None,
    jokers: int | None = None,
) -> ft.Control:
    """Every card one tap: a block of 13 ranks per suit, then the joker.

    At phone width (390 px, even inside a padded panel) a suit block wraps into
    7 + 6 buttons of 45 x 50 px; on a wide screen each suit is one row. ``large``
    makes 64 x 64 buttons.

    ``used`` counts the cards already entered (canonical notation, ``"X"`` for
    jokers): a card used twice, and the joker once all ``jokers`` of the pack
    are used, has no copy left; it is greyed out, struck through and disabled,
    and its label says "used up".
    """
    t = t or Translator()
    width, height, size = (64, 64, 26) if large else (45, 50, 20)
    counts = used or {}
    gone = {code for code, n in counts.items() if code != "X" and n >= 2}
    if jokers is not None and counts.get("X", 0) >= jokers:
        gone.add("X")

    def wrap(code: str, button: ft.Control) -> ft.Control:
        assert isinstance(button, ft.Container)
        name = card_name(code, t)
        if code in gone:
            return ft.Semantics(
                identifier=f"pick-{code}",
                label=t("{card}: used up", card=name),
                button=True,
                disabled=True,
                content=button,
            )
        button.on_click = lambda: on_pick(code)
        button.ink = True
        return ft.Semantics(
            identifier=f"pick-{code}", label=name, button=True, content=button
        )

    blocks: list[ft.Control] = []
    for suit in SUITS:
        ink = suit_color(suit, four_color)
        buttons = [
            wrap(
                *_pick_button(
                    f"{rank.value}{suit.value}",
                    f"{rank.value}{suit.symbol}",
                    ink,
                    width,
                    height,
                    size,
                    f"{rank.value}{suit.value}" in gone,
                )
            )
            for rank in RANKS
        ]
        blocks.append(ft.Row(buttons, wrap=True, spacing=3, run_spacing=4))
    joker_code, joker = _pick_button(
        "X", "X  " + t("Joker"), JOKER_COLOUR, width * 3 + 8, height, size, "X" in gone
    )
    assert isinstance(joker, ft.Container)
    if "X" not in gone:
        joker.bgcolor = ft.Colors.PURPLE_50
    blocks.append(wrap(joker_code, joker))
    return ft.Column(blocks, spacing=10)
