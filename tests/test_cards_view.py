"""Card chip and picker, driven in process with the Flet harness."""

from __future__ import annotations

import flet as ft

from jolly_scorer.ui.cards_view import CardChip, CardPicker, suit_font_theme
from jolly_scorer.ui.i18n import Translator


def test_picker_taps_give_canonical_cards(flet_app):
    picked: list[str] = []

    @ft.component
    def Screen() -> ft.Control:
        last, set_last = ft.use_state("")

        def pick(card: str) -> None:
            picked.append(card)
            set_last(card)

        return ft.Column(
            [ft.Text(f"last={last}"), CardPicker(on_pick=pick, t=Translator("en"))]
        )

    app = flet_app(lambda page: page.render(Screen))
    for code in ("7h", "10s", "Qd", "Ac", "X"):
        app.click(app.find(semantics=f"pick-{code}"))
    assert picked == ["7h", "10s", "Qd", "Ac", "X"]
    assert app.find(text="last=X")
    # 52 naturals + joker, each with a spoken label.
    buttons = app.find_all(
        lambda c: str(getattr(c, "identifier", "")).startswith("pick-")
    )
    assert len(buttons) == 53
    assert app.find(semantics="pick-Qd").label == "Queen of diamonds"


def test_picker_labels_translated_and_large(flet_app):
    def main(page: ft.Page) -> None:
        page.render(lambda: CardPicker(on_pick=print, large=True, t=Translator("de")))

    app = flet_app(main)
    assert app.find(semantics="pick-Ks").label == "Pik König"
    assert app.find(semantics="pick-X").label == "Joker"
    assert app.find(text="7♥").size == 26


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
