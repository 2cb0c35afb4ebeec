"""The meld checker in process: cards in, verdicts out, rules, best lay-down."""

from __future__ import annotations

import threading
from typing import Any

import flet as ft
from flet_harness import FletTestApp, iter_controls

from jolly_scorer.core.rules import find_rules
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.screens.meld_checker.screen import build_meld_checker
from jolly_scorer.ui.settings import UiSettings


def open_checker(flet_app: Any, rules: Any = None, language: str = "en") -> Any:
    def main(page: ft.Page) -> None:
        page.render(
            lambda: ft.Column(
                [
                    build_meld_checker(
                        page,
                        Translator(language),
                        rules or find_rules("jolly_at"),
                        UiSettings(),
                    )
                ],
                scroll=ft.ScrollMode.AUTO,
            )
        )

    app: FletTestApp = flet_app(main)
    return app


def label(app: Any, identifier: str) -> str:
    return str(app.find(semantics=identifier).label)


def field(app: Any, identifier: str) -> ft.TextField:
    root = app.find(semantics=identifier)
    return next(c for c, _ in iter_controls(root) if isinstance(c, ft.TextField))


def pick(app: Any, cards: str) -> None:
    for card in cards.split():
        app.click(app.find(semantics=f"pick-{card}"))


def test_tapped_melds_and_the_opening(flet_app):
    app = open_checker(flet_app)
    pick(app, "Qh Kh X")
    assert label(app, "meld-verdict-0") == "Run · 31 points · Joker = A♥"
    assert label(app, "meld-summary") == (
        "Together: 31 points Enough to open (needs 30)."
    )
    app.click(app.find(semantics="meld-add"))
    pick(app, "9c 9d")
    # judged when it can be: two cards that may still become a meld
    assert not app.find_all(semantics="meld-verdict-1")
    assert "A meld has at least 3 cards." in app.texts()
    assert label(app, "meld-summary") == "Not every meld is valid."
    pick(app, "9s")
    assert "58 points" in label(app, "meld-summary")
    assert field(app, "meld-input").value == "Qh Kh X / 9c 9d 9s"


def test_typed_melds_with_too_many_copies(flet_app):
    app = open_checker(flet_app)
    app.type_text(field(app, "meld-input"), "5h 6h 7h / 5h 6h 7h / 5h 5d 5c")
    assert "More copies of a card" in label(app, "meld-summary")
    app.type_text(field(app, "meld-input"), "5h 6h 7q")
    assert field(app, "meld-input").error == "Not a card: 7q"


def test_rules_change_the_verdict(flet_app):
    app = open_checker(flet_app)
    app.type_text(field(app, "meld-input"), "5h 6h X X 9h")
    assert label(app, "meld-verdict-0").startswith("Two jokers")  # Austrian rules
    dropdown = app.find(semantics="meld-rules").content
    app.set_value(dropdown, "romme_de", event="select")
    assert label(app, "meld-verdict-0").startswith("Run")


def test_the_game_rules_are_offered(flet_app):
    house = find_rules("jolly_at").replace(opening_min=60, name="Ours")
    app = open_checker(flet_app, house)
    dropdown = app.find(semantics="meld-rules").content
    assert dropdown.value == "game"
    assert dropdown.options[0].text == "This game: Ours"
    app.type_text(field(app, "meld-input"), "Qh Kh Ah")
    assert "Not enough to open (needs 60)." in label(app, "meld-summary")


def test_joker_reading_can_be_chosen(flet_app):
    app = open_checker(flet_app, find_rules("romme_de"))
    app.type_text(field(app, "meld-input"), "5h 6h X")
    assert "Tap the joker to choose another reading." in app.texts()
    app.click(app.find(semantics="card-X"))
    assert label(app, "meld-joker-menu-0").startswith("Now: 5♥ 6♥ X→7♥")
    # the readings stand in place of the grid: no card is tapped meanwhile
    assert not app.find_all(semantics="pick-2h")
    app.click(app.find(semantics="meld-joker-menu-1"))
    assert app.find_all(semantics="pick-2h")
    assert label(app, "meld-verdict-0") == "Run · 15 points · Joker = 4♥"
    assert field(app, "meld-input").value == "5h 6h X=4h"
    assert not app.find_all(semantics="meld-joker-menu")
    # a tap on the (now declared) joker again: take it out
    app.click(app.find(semantics="card-X=4h"))
    app.click(app.find(semantics="meld-joker-menu-remove"))
    assert field(app, "meld-input").value == "5h 6h"


def test_verdicts_sit_above_the_picker(flet_app):
    app = open_checker(flet_app)
    pick(app, "Qh Kh X")
    app.click(app.find(semantics="meld-add"))
    pick(app, "9c 9d 9s 9s")
    order = [
        getattr(c, "identifier", None)
        for c, _ in iter_controls(app.page)
        if getattr(c, "identifier", None) in ("meld-live", "pick-2h", "meld-0")
    ]
    assert order == ["meld-live", "meld-0", "pick-2h"]
    live = [c for c, _ in iter_controls(app.find(semantics="meld-live"))]
    assert any(getattr(c, "value", None) == "Meld 2" for c in live)
    assert any(getattr(c, "identifier", None) == "meld-summary" for c in live)
    assert app.find(semantics="pick-9s").disabled  # both 9 of spades are in


def test_best_lay_down_of_a_hand(flet_app):
    app = open_checker(flet_app)
    app.click(app.find(semantics="meld-mode-hand"))
    app.type_text(field(app, "meld-input"), "Qh Kh X 9c 9d 9s 2c 7d")
    app.wait_for(lambda: bool(app.find_all(semantics="best-summary")))
    assert label(app, "best-summary") == "58 points. Enough to open (needs 30)."
    assert "Left in hand: 2♣ 7♦" in app.texts()
    app.type_text(field(app, "meld-input"), "2c 7d")
    app.wait_for(lambda: "No meld can be laid down from these cards." in app.texts())


def test_best_lay_down_runs_off_the_event_loop(flet_app, monkeypatch):
    """Issue 12.2, UI side: the arranger is awaited through run_blocking; the
    page shows it is working (and stays answered) until the answer comes."""
    from jolly_scorer.core import arranger
    from jolly_scorer.ui import arranging

    release = threading.Event()
    real = arranger.best

    def slow(cards: Any, rules: Any, **kw: Any) -> Any:
        assert threading.current_thread() is not threading.main_thread()
        release.wait(10)
        return real(cards, rules)

    monkeypatch.setattr(arranger, "best", slow)
    monkeypatch.setattr(arranging, "TIME_LIMIT", 5.0)
    app = open_checker(flet_app)
    app.click(app.find(semantics="meld-mode-hand"))
    pick(app, "9c 9d 9s")
    app.wait_for(lambda: bool(app.find_all(semantics="best-working")))
    assert label(app, "best-working") == "Working…"
    app.click(app.find(semantics="pick-2c"))  # a tap is answered meanwhile
    assert app.find_all(semantics="card-2c")
    release.set()
    app.wait_for(lambda: bool(app.find_all(semantics="best-summary")))
    assert label(app, "best-summary").startswith("27 points")
    assert not app.find_all(semantics="best-working")


def test_an_arranger_refusal_is_shown(flet_app, monkeypatch):
    from jolly_scorer.core import arranger
    from jolly_scorer.core.errors import JollyError

    class TooMany(JollyError):
        pass

    def refuse(cards: Any, rules: Any, **kw: Any) -> Any:
        raise TooMany("A hand holds at most 20 cards at this table.")

    monkeypatch.setattr(arranger, "best", refuse)
    app = open_checker(flet_app)
    app.click(app.find(semantics="meld-mode-hand"))
    pick(app, "9c")
    app.wait_for(lambda: bool(app.find_all(semantics="best-error")))
    assert label(app, "best-error") == "A hand holds at most 20 cards at this table."
