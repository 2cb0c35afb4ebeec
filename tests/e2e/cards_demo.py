"""Card chips and the card picker, for the browser test and screenshots.

``DEMO_LANG`` the language, ``DEMO_FOUR=1`` four suit colours; the king of
diamonds is used up (grey, off)."""

from __future__ import annotations

import os

import flet as ft

from jolly_scorer.i18n import Translator
from jolly_scorer.ui.widgets.card_picker import CardGrid
from jolly_scorer.ui.widgets.cards import SUIT_FONTS, CardChip, suit_font_theme


@ft.component
def Demo() -> ft.Control:
    t = Translator(os.environ.get("DEMO_LANG", "en"))
    four = os.environ.get("DEMO_FOUR") == "1"
    picked, set_picked = ft.use_state(())
    width = ft.context.page.width or 390
    return ft.Column(
        [
            ft.Text(f"Picked: {' '.join(picked) or '-'}", size=18),
            ft.Row(
                [
                    CardChip(c, t=t, four_color=four, selected=i == 1, invalid=i == 3)
                    for i, c in enumerate(("10h", "Qs", "X=6h", "Ad", "X", "7c"))
                ],
                wrap=True,
            ),
            CardGrid(
                lambda c: set_picked((*picked, c)),
                available=min(width, 600) - 16,
                four_color=four,
                language=t.language,
                gone=frozenset({"Kd"}),
            ),
        ],
        scroll=ft.ScrollMode.AUTO,
        expand=True,
    )


def main(page: ft.Page) -> None:
    page.fonts = SUIT_FONTS
    page.theme = suit_font_theme()
    page.padding = 8
    page.render(Demo)
