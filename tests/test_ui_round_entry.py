"""Round entry in process: tap cards, type notation, verdicts, preview, save, cancel."""

from __future__ import annotations

import dataclasses
from typing import Any

import flet as ft
import pytest
from flet_harness import FletTestApp, iter_controls

from jolly_scorer.core.cards import parse_card, parse_cards
from jolly_scorer.core.game import Counted, PlacedCard, Round, TableMeld, new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.ui.i18n import Translator
from jolly_scorer.ui.settings import UiSettings
from jolly_scorer.ui.views.round_entry import build_round_entry

PLAYERS = ["Anna", "Ben", "Cleo"]


class Screen:
    """The round entry for one game, with what it handed back."""

    def __init__(self, flet_app: Any, game: Any, **kw: Any) -> None:
        self.saved: list[Round] = []
        self.drafts: list[dict[str, Any]] = []
        self.cancelled = 0
        self.answer: str | None = kw.pop("answer", None)

        def on_save(entry: Round) -> str | None:
            self.saved.append(entry)
            return self.answer

        def on_cancel() -> None:
            self.cancelled += 1

        def main(page: ft.Page) -> None:
            page.render(
                lambda: build_round_entry(
                    page,
                    Translator(kw.get("language", "en")),
                    game,
                    kw.get("round_index"),
                    kw.get("draft"),
                    on_save,
                    on_cancel,
                    self.drafts.append,
                    UiSettings(),
                )
            )

        self.app: FletTestApp = flet_app(main, width=kw.get("width", 390))

    def tap(self, identifier: str) -> None:
        self.app.click(self.app.find(semantics=identifier))

    def pick(self, cards: str) -> None:
        for card in cards.split():
            self.tap(f"pick-{card}")

    def field(self, identifier: str) -> ft.TextField:
        root = self.app.find(semantics=identifier)
        return next(c for c, _ in iter_controls(root) if isinstance(c, ft.TextField))

    def type(self, identifier: str, text: str) -> None:
        self.app.type_text(self.field(identifier), text)

    def label(self, identifier: str) -> str:
        return str(self.app.find(semantics=identifier).label)


@pytest.fixture
def jolly():
    return new_game(find_rules("jolly_at"), PLAYERS)


def test_tap_a_meld_see_its_verdict_and_joker(flet_app, jolly):
    s = Screen(flet_app, jolly)
    s.tap("round-closer-0")
    s.tap("round-add-meld-0")
    s.pick("5h 6h X")
    assert s.label("editor-verdict") == "Run · 18 points · Joker = 7♥"
    assert s.label("round-verdict-0-0") == "Run · 18 points · Joker = 7♥"
    # another reading: the joker as 4h
    reading = s.app.find(semantics="editor-reading-0")
    assert "4♥" in str(reading.label)
    s.tap("editor-reading-0")
    assert s.label("editor-verdict") == "Run · 15 points · Joker = 4♥"
    assert s.drafts[-1]["table"][0]["cards"] == ["5h", "6h", "X=4h"]
    s.tap("editor-free-jokers")
    assert s.label("editor-verdict").startswith("Run · 18 points")


def test_invalid_meld_says_why(flet_app, jolly):
    s = Screen(flet_app, jolly)
    s.tap("round-add-meld-1")
    s.pick("Kh Kh Ks")
    assert s.label("editor-verdict") == (
        "A group may not hold two cards of the same suit."
    )
    s.tap("editor-backspace")
    s.tap("editor-backspace")
    s.pick("Kd Ks")
    assert s.label("editor-verdict") == "Group · 30 points"


def test_typing_notation_and_a_bad_token(flet_app, jolly):
    s = Screen(flet_app, jolly)
    s.tap("round-add-meld-0")
    s.tap("editor-keyboard")
    s.type("meld-input", "Qh Kh X")
    assert s.label("editor-verdict") == "Run · 31 points · Joker = A♥"
    s.type("meld-input", "Qh Kh Zz")
    assert s.field("meld-input").error == "Not a card: Zz"
    assert s.drafts[-1]["table"][0]["cards"] == ["Qh", "Kh", "X"]  # unchanged


def test_a_whole_round_saved_with_layoff_hands_and_counted(flet_app, jolly):
    s = Screen(flet_app, jolly)
    s.tap("round-closer-0")
    s.tap("round-add-meld-0")
    s.pick("5h 6h 7h")
    s.tap("editor-done")
    s.tap("round-add-layoff-1")
    s.tap("round-layoff-on-1-0")
    s.pick("8h")
    s.tap("editor-done")
    s.tap("round-hand-1")
    s.pick("Qs 4c")
    s.tap("editor-done")
    s.tap("round-mode-2-points")
    s.type("round-bad-2", "12")
    assert "Complete: ready to save." in s.app.texts()
    assert s.label("round-preview-0").startswith("Anna: good 18 · bad 0 · bonus 30")
    assert s.label("round-preview-1").startswith("Ben: good 8 · bad 14")
    s.tap("round-save")
    assert s.saved == [
        Round(
            closed_by="Anna",
            table=(
                TableMeld(
                    "Anna",
                    (
                        *(PlacedCard(c) for c in parse_cards("5h 6h 7h")),
                        PlacedCard(parse_card("8h"), "Ben"),
                    ),
                ),
            ),
            hands=(("Ben", parse_cards("Qs 4c")),),
            counted=(("Cleo", Counted(0, 12)),),
        )
    ]


def test_handglatt_only_offered_for_the_closer(flet_app, jolly):
    s = Screen(flet_app, jolly)
    assert not s.app.find_all(semantics="round-handglatt")
    s.tap("round-closer-2")
    switch = s.app.find(semantics="round-handglatt")
    assert "Cleo" in str(switch.content.label)
    s.app.set_value(switch.content, True)
    assert s.drafts[-1]["handglatt"] is True
    s.tap("round-closer-none")
    assert not s.app.find_all(semantics="round-handglatt")
    assert s.drafts[-1]["handglatt"] is False


def test_save_refused_with_the_problem_and_the_engine_answer_shown(flet_app, jolly):
    s = Screen(flet_app, jolly, answer="the game is over")
    s.tap("round-closer-0")
    s.tap("round-save")
    assert not s.saved
    assert "Ben" in s.label("round-error")
    s.tap("round-hand-1")
    s.pick("2c")
    s.tap("round-hand-2")
    s.pick("2c 2c")  # a third 2 of clubs
    assert "A third 2♣" in s.label("round-hand-problem-2")
    s.tap("editor-backspace")
    s.tap("editor-done")
    s.tap("round-save")
    assert len(s.saved) == 1
    assert s.label("round-error") == "the game is over"


def test_cancel_keeps_nothing(flet_app, jolly):
    s = Screen(flet_app, jolly)
    s.tap("round-cancel")
    assert s.cancelled == 1 and not s.saved


def test_draft_restores_a_half_entered_round(flet_app, jolly):
    first = Screen(flet_app, jolly)
    first.tap("round-closer-1")
    first.tap("round-add-meld-1")
    first.pick("9c 9d")
    draft = first.drafts[-1]
    again = Screen(flet_app, jolly, draft=draft)
    assert "9♣" in str(again.app.find(semantics="round-meld-1-0").label) or any(
        "9♣" in text for text in again.app.texts()
    )
    assert again.app.find(semantics="round-closer-1").selected


def test_editing_a_past_round_is_prefilled(flet_app, jolly):
    entry = Round(
        closed_by="Ben",
        table=(TableMeld.of("Ben", parse_cards("9h 10h Jh")),),
        hands=(("Anna", parse_cards("2c")), ("Cleo", parse_cards("3c"))),
    )
    game = dataclasses.replace(jolly, rounds=(entry,))
    s = Screen(flet_app, game, round_index=0)
    assert "Edit round 1" in s.app.texts()
    s.tap("round-save")
    assert s.saved == [entry]


def test_penalty_scoring_hides_melds_until_asked(flet_app):
    game = new_game(find_rules("rommi_fi"), PLAYERS)
    s = Screen(flet_app, game)
    assert not s.app.find_all(semantics="round-add-meld-0")
    s.tap("round-closer-0")
    s.tap("round-hand-1")
    s.pick("Ah X")
    s.tap("round-hand-2")
    s.pick("5c")
    s.tap("editor-done")
    assert s.label("round-preview-1").startswith("Ben: bad 41")
    s.app.set_value(s.app.find(semantics="round-show-melds").content, True)
    assert s.app.find_all(semantics="round-add-meld-0")
    s.tap("round-save")
    assert s.saved and dict(s.saved[0].hands)["Ben"] == parse_cards("Ah X")


def test_pile_arranged_into_melds(flet_app, jolly):
    s = Screen(flet_app, jolly)
    s.tap("round-pile-2")
    s.pick("9c 5h 9d 7h 9s 6h")
    s.tap("editor-arrange")
    assert s.label("round-verdict-2-0") and s.label("round-verdict-2-1")
    assert len(s.drafts[-1]["table"]) == 2


def test_german_labels(flet_app, jolly):
    s = Screen(flet_app, jolly, language="de")
    assert "Wer hat zugedreht?" in s.app.texts()
