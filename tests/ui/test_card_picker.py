"""The compact card grid: 53 keys of at least 44 px in the width of a phone."""

from __future__ import annotations

import flet as ft
import pytest
from flet_harness import iter_controls

from jolly_scorer.ui.widgets.card_picker import (
    COLUMNS,
    GAP,
    KEY_HEIGHT,
    CardGrid,
    key_width,
)


@pytest.mark.parametrize("available", [342, 350, 366, 420])
def test_seven_keys_across_fit_and_are_big_enough(available):
    width = key_width(available)
    assert width >= 44
    assert COLUMNS * width + (COLUMNS - 1) * GAP <= available


def test_the_grid_height_leaves_room_on_a_phone():
    # eight rows of keys (two blocks of four suits) and the gaps
    height = 8 * KEY_HEIGHT + 7 * GAP + GAP
    assert height <= 380  # of 844: header, strip, meld, verdict and Save fit too


def test_every_card_and_the_joker_one_tap(flet_app):
    picked: list[str] = []

    def main(page: ft.Page) -> None:
        page.render(
            lambda: CardGrid(picked.append, available=350, gone=frozenset({"7h"}))
        )

    app = flet_app(main)
    keys = [
        c
        for c, _ in iter_controls(app.page)
        if str(getattr(c, "identifier", "") or "").startswith("pick-")
    ]
    assert len(keys) == 53
    assert app.find(semantics="pick-7h").disabled
    app.click(app.find(semantics="pick-10s"))
    app.click(app.find(semantics="pick-X"))
    assert picked == ["10s", "X"]


def test_taps_give_canonical_cards_and_redraw(flet_app):
    picked: list[str] = []

    @ft.component
    def Screen() -> ft.Control:
        last, set_last = ft.use_state("")

        def pick(card: str) -> None:
            picked.append(card)
            set_last(card)

        return ft.Column([ft.Text(f"last={last}"), CardGrid(pick, language="en")])

    app = flet_app(lambda page: page.render(Screen))
    for code in ("7h", "10s", "Qd", "Ac", "X"):
        app.click(app.find(semantics=f"pick-{code}"))
    assert picked == ["7h", "10s", "Qd", "Ac", "X"]
    assert app.find(text="last=X")
    assert app.find(semantics="pick-Qd").label == "Queen of diamonds"


def test_labels_translated_used_up_and_four_colours(flet_app):
    def main(page: ft.Page) -> None:
        page.render(
            lambda: CardGrid(
                print, language="de", four_color=True, gone=frozenset({"Ks", "X"})
            )
        )

    app = flet_app(main)
    assert app.find(semantics="pick-Kd").label == "Karo König"
    assert app.find(semantics="pick-Ks").label == "Pik König: aufgebraucht"
    assert app.find(semantics="pick-X").disabled
    assert app.find(text="5♦").color == ft.Colors.BLUE_700
    assert app.find(text="5♥").color == ft.Colors.RED_700
