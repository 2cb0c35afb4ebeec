"""Card chips, driven in process with the Flet harness (the picker:
tests/ui/test_card_picker.py)."""

from __future__ import annotations

import flet as ft

from jolly_scorer.i18n import Translator
from jolly_scorer.ui.widgets.cards import CardChip, suit_font_theme


def test_card_chips(flet_app):
    clicks: list[str] = []

    @ft.component
    def Chips() -> ft.Control:
        t = Translator("en")
        return ft.Row(
            [
                CardChip("10h", t=t),
                CardChip("Qs", selected=True, t=t),
                CardChip(
                    "X=6h", invalid=True, t=t, on_click=lambda: clicks.append("j")
                ),
                CardChip("5d", four_color=True, t=t),
                CardChip("X", t=t, large=True),
            ]
        )

    def main(page: ft.Page) -> None:
        page.theme = suit_font_theme()
        page.render(Chips)

    app = flet_app(main)
    assert app.find(text="10♥").color == ft.Colors.RED_700
    assert app.find(text="5♦").color == ft.Colors.BLUE_700
    assert app.find(text="X→6♥")
    assert app.find(semantics="card-X=6h").label == "Joker as 6 of hearts"
    assert app.find(semantics="card-Qs").selected is True
    app.click(app.find(semantics="card-X=6h"))
    assert clicks == ["j"]
