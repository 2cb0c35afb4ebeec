"""RoundEntryModel without Flet: every tap of the round-entry screen is a
method; each state change checked on its own."""

from __future__ import annotations

import pytest

from jolly_scorer.core.cards import parse_cards
from jolly_scorer.core.game import Counted, new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.round import RoundModel, RoundTaken, Target
from jolly_scorer.ui.models.round_entry import RoundEntryModel

PLAYERS = ["Anna", "Ben", "Cleo"]


@pytest.fixture
def entry():
    return RoundEntryModel(RoundModel(new_game(find_rules("jolly_at"), PLAYERS)))


def test_showing_a_player_opens_the_hand_unless_they_went_out(entry):
    entry.set_closer("Ben")
    entry.select_player("Ben")
    assert entry.editing is None
    entry.select_player("Cleo")
    assert entry.editing.target == Target("hand", "Cleo")
    entry.step_player(1)
    assert entry.player == "Anna" and entry.editing.target == Target("hand", "Anna")


def test_picking_and_typing_fill_the_target_and_mark_a_draft(entry):
    entry.new_meld("Anna")
    entry.dirty = False
    for code in ("5h", "6h"):
        entry.pick(code)
    assert entry.dirty and entry.judged(0) is None  # not judged yet: 2 cards
    entry.pick("X")
    assert entry.judged(0).valid
    entry.typed("5h 6h Zz")
    assert entry.editing.bad == "Not a card: Zz"
    assert [str(c) for c in entry.rounds.melds[0].plain] == ["5h", "6h", "X"]
    entry.remove()
    assert entry.editing.text == "5h 6h"


def test_a_lay_off_keeps_the_editor_and_offers_the_choice(entry):
    entry.new_meld("Anna")
    entry.typed("5h 6h 7h")
    entry.select_player("Ben")
    entry.start_layoff("Ben")
    assert entry.laying_off == "Ben" and entry.editing is not None
    entry.edit(Target("layoff", "Ben", 0))
    entry.pick("8h")
    assert entry.laying_off is None
    assert entry.rounds.layoffs_of("Ben") == [(0, parse_cards("8h")[0])]


@pytest.mark.parametrize("text", ["-5", "1e9", "3.5", "abc", "²", "①", "9" * 11])
def test_counted_points_keep_bad_text_and_change_nothing(entry, text):
    entry.set_points("Ben", "bad", "7")
    entry.dirty = False
    entry.set_points("Ben", "bad", text)
    assert entry.points_text("Ben", "bad") == text
    assert entry.points_error("Ben", "bad")
    assert entry.rounds.counted["Ben"] == Counted(0, 7) and not entry.dirty
    entry.set_closer("Anna")
    assert entry.save() is None and "not a whole number" in entry.error


def test_german_messages_beside_the_field():
    entry = RoundEntryModel(
        RoundModel(new_game(find_rules("jolly_at"), PLAYERS)), Translator("de")
    )
    entry.set_points("Ben", "good", "x")
    assert entry.points_error("Ben", "good") != "Enter a whole number (digits 0-9 only)"


def test_the_closer_must_be_chosen_and_cancel_asks(entry):
    assert entry.cancel()  # nothing entered: closes at once
    entry.count_all()
    assert entry.all_counted and not entry.cancel() and entry.confirm_cancel
    entry.keep_entering()
    assert not entry.confirm_cancel
    assert entry.save() is None and "Who went out?" in entry.error
    entry.set_closer(None)
    assert entry.save() is None and "Still needs points" in entry.error
    for player in PLAYERS:
        entry.set_points(player, "bad", "0")
    assert entry.save() is not None


def test_a_round_saved_meanwhile_and_kept_as_a_correction(entry):
    entry.set_closer("Anna")
    entry.count_all()
    saved = entry.rounds.to_round()
    entry.saved(RoundTaken(1, saved, {}))
    assert entry.taken is not None and entry.cancel()  # leaving drops it
    entry.look_at_taken()
    assert entry.show_taken
    assert entry.keep_as_correction() == (saved, 0)


def test_a_draft_remembers_its_round_number_and_the_closer_choice():
    game = new_game(find_rules("jolly_at"), PLAYERS)
    model = RoundModel(game)
    model.set_closer(None)
    draft = model.to_draft()
    assert draft["round_number"] == 1 and draft["closer_chosen"] is True
    again = RoundModel.from_draft(game, draft)
    assert again.closer_chosen and again.round_number == 1
    fresh = RoundModel.from_draft(game, RoundModel(game).to_draft())
    assert not fresh.closer_chosen


# -- review finding 3: a typed card that cannot be read is not dropped ----------
def test_save_refuses_while_a_typed_card_is_not_readable(entry):
    entry.set_closer("Anna")
    entry.set_mode("Cleo", "points")
    entry.set_points("Cleo", "bad", "0")
    entry.select_player("Ben")  # the editor opens on Ben's hand
    entry.typed("Kh Qs 5")
    assert entry.editing.bad == "Not a card: 5"
    assert entry.save() is None
    assert entry.error == "Not saved: a card is not readable."
    assert entry.player == "Ben" and entry.editing.bad == "Not a card: 5"
    entry.typed("Kh Qs 5s")
    round_ = entry.save()
    assert round_ is not None and entry.error is None
    assert [str(c) for c in dict(round_.hands)["Ben"]] == ["Kh", "Qs", "5s"]


def test_a_bad_token_in_the_pile_also_keeps_the_round_unsaved(entry):
    entry.set_closer(None)
    entry.edit_pile("Ben")
    entry.typed("7h 8h zz")
    assert entry.save() is None
    assert entry.error == "Not saved: a card is not readable."


# -- review finding 7: an entered 0 shows as "0" ---------------------------------
def test_an_entered_zero_shows_after_the_draft_is_restored(entry):
    game = entry.rounds.game
    entry.count_all()
    entry.set_points("Ben", "bad", "0")
    entry.set_points("Cleo", "bad", "7")
    assert entry.points_text("Ben", "bad") == "0"
    again = RoundEntryModel(RoundModel.from_draft(game, entry.rounds.to_draft()))
    assert again.points_text("Ben", "bad") == "0"
    assert again.points_text("Cleo", "bad") == "7"
    assert again.points_text("Anna", "bad") == ""  # never typed: empty
    again.set_points("Ben", "bad", "")  # emptied: empty again
    third = RoundEntryModel(RoundModel.from_draft(game, again.rounds.to_draft()))
    assert third.points_text("Ben", "bad") == ""


def test_a_meld_button_acts_on_the_meld_seen_after_the_melds_moved(entry):
    """A button drawn for a meld passes its key: when another device's change
    moved the melds before the tap was handled, Delete and the joker choices
    act on that meld, or on nothing when it is gone (review finding)."""
    rounds = entry.rounds
    rounds.add_meld("Ben", parse_cards("Kc Kd Kh"))
    rounds.add_meld("Cleo", parse_cards("5s 6s X"))
    kings, run = (m.key for m in rounds.melds)
    rounds.melds.insert(0, rounds.melds.pop())  # moved meanwhile
    entry.delete_meld(kings)
    assert [m.key for m in rounds.melds] == [run]
    entry.delete_meld(kings)  # gone: nothing happens
    entry.free_jokers(kings)
    assert [m.key for m in rounds.melds] == [run]
    reading = rounds.reading_choices(0)[-1][0]
    entry.choose_reading(run, reading)
    assert rounds.verdict(0) == reading


def test_handglatt_opens_the_editor_on_the_closers_first_meld(entry):
    """Handglatt: who went out laid all their cards as melds, so the switch
    opens the editor on their first meld (the next tap is its first card, no
    "Meld" tap). The tap on who went out alone opens nothing."""
    entry.set_closer("Anna")
    assert entry.editing is None and entry.rounds.melds == []
    entry.set_handglatt(True, "Anna")
    assert entry.editing.target == Target("meld", "Anna", 0)
    assert entry.player == "Anna"
    for code in ("5h", "6h", "7h"):
        entry.pick(code)
    entry.select_player("Ben")  # on to Ben's hand: Anna's meld stays
    assert [str(c) for c in entry.rounds.melds[0].plain] == ["5h", "6h", "7h"]
    assert entry.editing.target == Target("hand", "Ben")


def test_the_meld_opened_by_itself_is_no_meld_until_a_card_is_picked(entry):
    """Left empty it is no problem, not saved and not in the draft, and it
    goes when the editor moves on or Handglatt is switched off again; a meld
    asked for is kept."""
    entry.set_closer("Anna")
    entry.set_handglatt(True, "Anna")
    assert len(entry.rounds.melds) == 1
    assert "empty_meld" not in {p.code for p in entry.rounds.problems()}
    assert entry.rounds.to_round().table == ()
    assert entry.rounds.to_draft()["table"] == []
    entry.pick("9c")  # a card: now it is a meld
    entry.remove(0)  # taken back: empty again
    entry.edit(Target("hand", "Cleo"))  # the editor moves on: it goes
    assert entry.rounds.melds == []
    assert entry.editing.target == Target("hand", "Cleo")
    entry.edit(None)
    entry.set_handglatt(False, "Anna")
    entry.set_closer("Ben")  # another closer, with Handglatt: his first meld
    entry.set_handglatt(True, "Ben")
    assert entry.editing.target == Target("meld", "Ben", 0)
    entry.set_handglatt(False, "Ben")  # not Handglatt after all: it goes
    assert entry.rounds.melds == [] and entry.editing is None
    entry.set_handglatt(True, "Ben")
    entry.pick("9c")  # with a card it is Ben's meld: switched off, it stays
    entry.set_handglatt(False, "Ben")
    assert entry.editing.target == Target("meld", "Ben", 0)
    entry.remove(0)
    entry.set_mode("Ben", "points")  # counted after all: the empty one goes
    assert entry.rounds.melds == [] and entry.editing is None
    entry.set_mode("Ben", "cards")
    entry.set_handglatt(True, "Ben")
    entry.new_meld("Ben")  # a meld asked for: the empty one opened goes
    assert [m.owner for m in entry.rounds.melds] == ["Ben"]
    assert entry.editing.target == Target("meld", "Ben", 0)
    entry.edit(None)  # a meld asked for stays, empty (and says so)
    assert "empty_meld" in {p.code for p in entry.rounds.problems()}


def test_no_meld_is_opened_where_it_does_not_belong():
    """Not when the closer counted points, already has a meld, melds do
    not count (penalty scoring), or at a live table."""

    def handglatt(entry):
        entry.set_closer("Anna")
        entry.set_handglatt(True, "Anna")
        return entry

    counted = RoundEntryModel(RoundModel(new_game(find_rules("jolly_at"), PLAYERS)))
    counted.count_all()
    handglatt(counted)
    assert counted.editing is None and counted.rounds.melds == []
    penalty = RoundEntryModel(RoundModel(new_game(find_rules("rommi_fi"), PLAYERS)))
    handglatt(penalty)
    assert penalty.editing is None and penalty.rounds.melds == []
    laid = RoundEntryModel(RoundModel(new_game(find_rules("jolly_at"), PLAYERS)))
    laid.new_meld("Anna")
    laid.pick("5h")
    laid.edit(None)
    handglatt(laid)
    assert laid.editing is None and len(laid.rounds.melds) == 1
    phone = RoundEntryModel(RoundModel(new_game(find_rules("jolly_at"), PLAYERS)))
    phone.together, phone.seat = True, "Ben"
    handglatt(phone)
    assert phone.editing is None and phone.rounds.melds == []
    phone.set_handglatt(False, "Anna")
    phone.seat = "Anna"  # Anna's own phone: her parts go to the others as
    handglatt(phone)  # they are, so no meld is there before she asks for one
    assert phone.editing is None and phone.rounds.melds == []
