"""Round entry in process: tap cards, type notation, verdicts, preview, save, cancel."""

from __future__ import annotations

import dataclasses
from typing import Any

import flet as ft
import pytest
from flet_harness import iter_controls
from support.app_steps import press_key
from support.round_screen import PLAYERS, Screen

from jolly_scorer.core.cards import parse_card, parse_cards
from jolly_scorer.core.game import Counted, PlacedCard, Round, TableMeld, new_game
from jolly_scorer.core.rules import find_rules


def test_tap_a_meld_see_its_verdict_and_joker(flet_app, jolly):
    s = Screen(flet_app, jolly)
    s.tap("round-closer-0")
    s.tap("round-add-meld-0")
    s.pick("5h 6h X")
    assert s.label("editor-verdict") == "Run · 18 points · Joker = 7♥"
    # a tap on the joker chip opens its readings, the current one ticked
    s.tap("card-X")
    menu = s.app.find(semantics="joker-menu")
    assert menu
    assert s.label("joker-menu-0") == "Now: 5♥ 6♥ X→7♥ · 18 points"
    assert s.label("joker-menu-1") == "X→4♥ 5♥ 6♥ · 15 points"
    s.tap("joker-menu-1")
    assert not s.app.find_all(semantics="joker-menu")
    assert s.label("editor-verdict") == "Run · 15 points · Joker = 4♥"
    assert s.drafts[-1]["table"][0]["cards"] == ["5h", "6h", "X=4h"]
    s.tap("card-X=4h")  # the joker menu again: let the app read the jokers
    s.tap("editor-free-jokers")
    assert s.label("editor-verdict").startswith("Run · 18 points")
    s.tap("editor-done")  # the list under the editor shows the meld as it is
    assert s.label("round-verdict-0-0") == "Run · 18 points · Joker = 7♥"


def test_tap_the_joker_on_the_table_and_take_it_out(flet_app, jolly):
    s = Screen(flet_app, jolly)
    s.tap("round-add-meld-1")
    s.pick("Kh Kd X")
    s.tap("editor-done")
    assert not s.app.find_all(semantics="round-editor")
    s.tap("card-X=Kc")  # the joker in Ben's meld on the table
    assert s.app.find(semantics="round-editor")
    assert s.label("joker-menu-0").startswith("Now: ")
    s.tap("joker-menu-close")
    assert not s.app.find_all(semantics="joker-menu")
    s.tap("card-X")
    s.tap("joker-menu-remove")
    assert s.drafts[-1]["table"][0]["cards"] == ["Kh", "Kd"]


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
    assert s.label("round-status").startswith("Ready to save")
    assert s.label("round-show-0") == "Anna +48"  # good 18, bonus 30
    assert s.label("round-show-1") == "Ben -6"  # good 8, bad 14
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
    assert "Cleo" in str(switch.label)
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
    s.pick("2c")
    # both 2 of clubs are used: the picker greys it out, typing still reaches it
    used = s.app.find(semantics="pick-2c")
    assert used.disabled and used.label == "2 of clubs: used up"
    s.tap("editor-keyboard")
    s.type("meld-input", "2c 2c")  # a third 2 of clubs
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
    assert "9♣" in again.label("round-meld-1-0") or any(
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
    assert s.label("round-show-1") == "Ben 41"
    s.app.set_value(s.app.find(semantics="round-show-melds").content, True)
    s.tap("round-show-0")
    assert s.app.find_all(semantics="round-add-meld-0")
    s.tap("round-save")
    assert s.saved and dict(s.saved[0].hands)["Ben"] == parse_cards("Ah X")


def test_pile_arranged_into_melds(flet_app, jolly):
    s = Screen(flet_app, jolly)
    s.tap("round-pile-2")
    s.pick("9c 5h 9d 7h 9s 6h")
    s.arrange()
    assert s.label("round-verdict-2-0") and s.label("round-verdict-2-1")
    assert len(s.drafts[-1]["table"]) == 2


def test_german_labels(flet_app, jolly):
    s = Screen(flet_app, jolly, language="de")
    assert "Wer hat zugedreht?" in s.app.texts()


@pytest.mark.parametrize("width", [390, 1280])
def test_save_stays_on_screen_while_the_editor_is_open(flet_app, jolly, width):
    s = Screen(flet_app, jolly, width=width)
    s.tap("round-closer-0")
    assert not s.app.find_all(semantics="round-editor")  # no editor on its own
    s.tap("round-hand-1")
    assert s.app.find(semantics="round-editor")
    s.pick("Qs")
    s.tap("round-hand-2")
    s.pick("4c")
    # the bar with the status and Save is there with the editor open
    assert s.label("round-status").startswith("Ready to save")
    assert "Anna +30" in s.label("round-status")
    s.tap("round-save")
    assert len(s.saved) == 1


def test_the_closers_last_card_in_one_tap(flet_app, jolly):
    s = Screen(flet_app, jolly)
    assert not s.app.find_all(semantics="round-discard")
    s.tap("round-closer-0")
    s.tap("round-discard")
    assert "discarded face down" in " ".join(s.app.texts())
    s.pick("9c")
    assert not s.app.find_all(semantics="round-editor")  # one tap and done
    assert s.label("round-discard") == "Anna's last card: 9♣"
    assert s.drafts[-1]["discard"] == "9c"
    s.tap("round-hand-1")
    s.pick("9c")
    assert s.app.find(semantics="pick-9c").disabled  # table, hands and discard
    s.tap("editor-done")
    s.tap("round-mode-2-points")
    s.type("round-bad-2", "0")
    s.tap("round-save")
    assert s.saved[0].discard == parse_card("9c")


def test_the_joker_is_used_up_when_the_pack_has_none_left(flet_app, jolly):
    s = Screen(flet_app, jolly)
    s.tap("round-hand-1")
    s.pick("X X X X X")
    assert not s.app.find(semantics="pick-X").disabled
    s.pick("X")  # the sixth joker of jolly_at
    joker = s.app.find(semantics="pick-X")
    assert joker.disabled and joker.label == "Joker: used up"


def test_pile_that_does_not_split_offers_the_best_part(flet_app, jolly):
    s = Screen(flet_app, jolly)
    s.tap("round-pile-1")
    s.pick("9c 9d 9s 5h 6h 7h Kd 2c")
    s.arrange()
    assert s.app.find(semantics="editor-split")
    assert s.label("editor-split-left") == "Left over: K♦ 2♣"
    assert not s.drafts or not s.drafts[-1]["table"]  # nothing laid down yet
    s.tap("editor-split-hand")
    assert len(s.drafts[-1]["table"]) == 2
    assert s.drafts[-1]["hands"]["Ben"] == ["Kd", "2c"]
    assert not s.app.find_all(semantics="round-editor")
    # or keep the rest in the pile to fix it
    s.tap("round-pile-2")
    s.pick("10h Jh Qh 3s")
    s.arrange()
    s.tap("editor-split-pile")
    assert len(s.drafts[-1]["table"]) == 3
    assert s.app.find(semantics="round-editor")
    assert s.app.find(semantics="card-3s")  # left in the pile being entered


def test_counted_points_and_cards_on_the_table_warn(flet_app, jolly):
    s = Screen(flet_app, jolly)
    s.tap("round-mode-1-points")
    assert not s.app.find_all(semantics="round-counted-warning-1")
    s.tap("round-add-meld-1")
    s.pick("9c 9d 9s")
    s.tap("editor-done")
    assert "counted points are added" in s.label("round-counted-warning-1").lower()


def test_everyone_counted_points_on_one_phone_screen(flet_app, jolly):
    s = Screen(flet_app, jolly)
    s.tap("round-closer-2")
    s.app.click(s.app.find(semantics="round-count-all"))
    for seat in range(3):  # every player's fields at once, no strip taps
        assert s.app.find_all(semantics=f"round-player-{seat}")
    assert not s.app.find_all(semantics="round-show-0")
    s.app.type_text(s.field("round-bad-0"), "15")
    s.app.type_text(s.field("round-good-2"), "60")
    s.tap("round-save")  # Ben's fields were left empty: missing, not 0
    assert not s.saved and "Still needs points: Ben." in s.label("round-error")
    s.app.type_text(s.field("round-bad-1"), "0")
    assert not s.app.find_all(semantics="round-error")  # no longer true: gone
    s.tap("round-save")
    assert dict(s.saved[0].counted) == {
        "Anna": Counted(0, 15),
        "Ben": Counted(0, 0),
        "Cleo": Counted(60, 0),
    }


def test_meld_and_lay_off_from_the_editor_without_scrolling(flet_app, jolly):
    s = Screen(flet_app, jolly)
    s.tap("round-add-meld-0")
    s.pick("5h 6h 7h")
    s.tap("round-show-1")  # Ben: the editor opens on his hand
    assert s.app.find(semantics="round-editor")
    s.pick("Qs")
    s.tap("editor-layoff")  # the choice of melds in place of the grid
    s.tap("round-layoff-on-1-0")
    s.pick("8h")
    s.tap("editor-next-meld")  # "Meld": a new meld of Ben's
    s.pick("9c 9d 9s")
    draft = s.drafts[-1]
    assert draft["table"][0]["cards"][-1] == {"card": "8h", "by": "Ben"} or (
        "8h" in str(draft["table"][0])
    )
    assert len(draft["table"]) == 2 and draft["hands"]["Ben"] == ["Qs"]


def _counted_before(game: Any) -> Any:
    """``game`` with round 1 entered as counted points by everyone."""
    first = Round(
        closed_by="Anna",
        counted=(
            ("Anna", Counted(40, 0)),
            ("Ben", Counted(0, 20)),
            ("Cleo", Counted(0, 10)),
        ),
    )
    return dataclasses.replace(game, rounds=(first,))


def _focused(s: Screen) -> list[str]:
    """The counting sheet's selected field (where the keys go)."""
    return [
        c.identifier
        for c in s.app.find_all(type=ft.Semantics)
        if isinstance(c.content, ft.TextField) and c.selected
    ]


def _press(s: Screen, *keys: str) -> None:
    """Keys of the laptop's keyboard, as the page reports them."""
    for key in keys:
        press_key(s.app, key)


def test_a_counting_table_counts_again_in_one_tap_per_player(flet_app, jolly):
    """Round c's path: the next round of a game counted by everyone opens with
    every field (no "Everyone counted points" tap), who went out puts the
    focus on their good points, Enter moves to the next field."""
    s = Screen(flet_app, _counted_before(jolly))
    for seat in range(3):  # every player's fields at once
        assert s.app.find_all(semantics=f"round-player-{seat}")
    assert s.app.find(semantics="round-count-all").selected  # says why
    assert not s.app.find_all(semantics="round-show-0")
    s.tap("round-closer-0")
    assert _focused(s) == ["round-good-0"]
    _press(s, "4", "5", "Enter")
    assert s.field("round-good-0").value == "45"
    assert _focused(s) == ["round-good-1"]  # on to the next field
    s.app.type_text(s.field("round-bad-1"), "25")  # a whole text: selects it
    _press(s, "Enter")
    assert _focused(s) == ["round-good-2"]
    s.app.type_text(s.field("round-bad-2"), "1x")  # strictly parsed
    assert s.field("round-bad-2").error == "Enter a whole number (digits 0-9 only)"
    s.tap("round-save")
    assert not s.saved and "not a whole number" in s.label("round-error")
    s.app.type_text(s.field("round-bad-2"), "12")
    s.tap("round-save")
    assert dict(s.saved[0].counted) == {
        "Anna": Counted(45, 0),
        "Ben": Counted(0, 25),
        "Cleo": Counted(0, 12),
    }
    assert s.saved[0].closed_by == "Anna"


def test_a_counting_table_still_chooses_who_went_out(flet_app, jolly):
    s = Screen(flet_app, _counted_before(jolly))
    s.app.type_text(s.field("round-bad-1"), "25")
    s.tap("round-save")  # nobody chosen: Save asks (defect 8)
    assert not s.saved and "Who went out?" in s.label("round-error")


def test_a_round_with_cards_before_opens_on_cards(flet_app, jolly):
    cards = Round(
        closed_by="Anna",
        hands=(("Ben", parse_cards("Kd 7c")), ("Cleo", parse_cards("2s"))),
    )
    s = Screen(flet_app, dataclasses.replace(jolly, rounds=(cards,)))
    assert s.app.find_all(semantics="round-show-0")  # one player at a time
    assert not s.app.find(semantics="round-count-all").selected


def test_everyone_counted_puts_the_focus_on_the_first_field(flet_app):
    penalty = new_game(find_rules("rommi_fi"), PLAYERS)
    s = Screen(flet_app, penalty)
    s.tap("round-closer-1")
    s.app.click(s.app.find(semantics="round-count-all"))
    assert not s.app.find_all(semantics="round-good-1")  # the closer: none
    assert _focused(s) == ["round-bad-2"]  # next after Ben
    _press(s, "Numpad 8", "Enter")
    assert s.field("round-bad-2").value == "8"
    assert _focused(s) == ["round-bad-0"]


def test_a_swipe_on_the_player_moves_to_the_next_or_previous(flet_app, jolly):
    s = Screen(flet_app, jolly)
    s.tap("round-closer-0")
    panel = s.app.find(type=ft.GestureDetector)

    def swipe(dx: float, speed: float = 0.0) -> None:
        where = {"x": 200.0, "y": 300.0}
        s.app.fire(
            panel, "horizontal_drag_start", {"k": "touch", "l": where, "g": where}
        )
        end = {"x": 200.0 + dx, "y": 300.0}
        s.app.fire(
            panel,
            "horizontal_drag_end",
            {"l": end, "g": end, "v": {"x": speed, "y": 0.0}, "pv": speed},
        )

    swipe(-150)  # to the left: the next player, the editor on his hand
    assert s.app.find(semantics="round-show-1").selected
    assert s.app.find(semantics="round-editor")
    swipe(-10, speed=-900)  # a short fast flick counts too
    assert s.app.find(semantics="round-show-2").selected
    swipe(20)  # a small move is no swipe
    assert s.app.find(semantics="round-show-2").selected
    swipe(150)  # to the right: back
    assert s.app.find(semantics="round-show-1").selected
    swipe(150)
    swipe(150)  # from the first player round to the last
    assert s.app.find(semantics="round-show-2").selected
    assert s.drafts[-1]["closed_by"] == "Anna"  # nothing else changed


def test_a_tap_rebuilds_only_the_parts_that_changed(flet_app, jolly):
    """Send less: a card picked into a meld leaves who went out, the other
    meld and the strip (scores unchanged) as they were (the same controls,
    neither compared nor sent again). On a phone the open editor hides the
    list, which a pick leaves as it was (``layout.HeldList``: the meld's tile
    too); Close shows it as it is (tests/ui/test_pick_keeps_the_list.py)."""
    s = Screen(flet_app, jolly)
    s.tap("round-closer-0")
    s.tap("round-add-meld-0")
    s.pick("5h 6h 7h")
    s.tap("editor-next-meld")
    s.pick("Qs")
    closer = s.app.find(semantics="round-closer-1")
    first = s.app.find(semantics="round-meld-0-0")
    chip = s.app.find(semantics="round-show-1")
    sent = len(s.app.conn.messages)
    s.pick("Qd")
    assert s.app.find(semantics="round-closer-1") is closer
    assert s.app.find(semantics="round-meld-0-0") is first
    assert s.app.find(semantics="round-show-1") is chip  # no score changed
    # hidden: the list as it was before Next meld (its new tile not yet in)
    assert not s.app.find_all(semantics="round-meld-0-1")
    assert len(s.app.conn.messages) == sent + 1  # one patch
    s.pick("Qc")  # the meld counts now: scores (strip, bar) follow
    assert s.label("round-show-0") == "Anna +78"  # 18 + 30 + bonus 30
    assert s.app.find(semantics="round-closer-1") is closer
    s.tap("round-closer-1")  # a kept part acts on the round as it is now
    assert s.drafts[-1]["closed_by"] == "Ben"
    assert s.app.find(semantics="round-closer-1") is not closer
    assert s.label("round-meld-0-1") == "Anna's meld 2"  # the list drawn


def test_the_status_line_is_never_cut(flet_app, jolly):
    """Issue 17.8 c: what is missing, for whom, was cut after two lines (a
    long list of names lost its end). It says only what is missing (the
    icon says "not complete") and wraps to as many lines as it needs."""
    s = Screen(flet_app, jolly)
    s.tap("round-closer-0")
    status = s.app.find(semantics="round-status")
    assert s.label("round-status").startswith("Not complete yet – ")
    texts = [c for c, _ in iter_controls(status) if isinstance(c, ft.Text)]
    assert texts
    for text in texts:
        assert text.max_lines is None, text.value
    assert not texts[0].value.startswith("Not complete yet")


def test_every_card_of_a_long_hand_in_the_editor_is_in_sight(flet_app, jolly):
    """Issue 17.8 e: the editor showed the cards in one line of 50 px that
    scrolled sideways: on a phone two of an 8-card hand were out of sight,
    one cut in half, the scroll bar over them. They wrap onto a second line."""
    s = Screen(flet_app, jolly)
    s.tap("round-hand-1")
    s.pick("2h 5h 9h Jd Qs 4c 7c Kd")
    editor = s.app.find(semantics="round-editor")
    inside = {id(c) for c, _ in iter_controls(editor)}
    (control,) = [c for c in s.app.find_all(semantics="card-Kd") if id(c) in inside]
    while not isinstance(control, ft.Row):  # the row that holds the chips
        control = s.app.parent_of(control)
    row, parent = control, s.app.parent_of(control)
    assert len(row.controls) == 8
    assert row.wrap and row.scroll is None
    assert getattr(parent, "height", None) is None  # grows with a second line


def test_enter_in_the_typed_cards_field_confirms(flet_app, jolly):
    """Issue 17.8 g: Enter in the typed-cards field added a line; it
    confirms like Close (the cards stay, the editor closes), and the field
    stays open while a token is no card."""
    s = Screen(flet_app, jolly)
    s.tap("round-add-meld-0")
    s.tap("editor-keyboard")
    field = s.field("meld-input")
    # a one-line field, Enter submits: Flet 1.0.5's ``shift_enter`` field
    # asks another focus node than the one it draws, and takes no
    # ``focus()`` (issue 35.2)
    assert not field.shift_enter and not field.multiline
    s.app.type_text(field, "5h 6h Zz", submit=True)
    assert s.app.find_all(semantics="round-editor")  # the bad token: stays
    assert s.field("meld-input").error == "Not a card: Zz"
    s.app.type_text(s.field("meld-input"), "5h 6h 7h", submit=True)
    assert not s.app.find_all(semantics="round-editor")
    assert s.drafts[-1]["table"][0]["cards"] == ["5h", "6h", "7h"]
    assert s.label("round-verdict-0-0") == "Run · 18 points"
