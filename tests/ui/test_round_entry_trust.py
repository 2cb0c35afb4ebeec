"""Issue 18, items 3-5, in the model and the Save handlers: check first and
ask only about a round that can be saved; Done refused with what is missing,
for whom; own melds below the opening threshold warned about (never refused)."""

from __future__ import annotations

from jolly_scorer.core.cards import parse_cards
from jolly_scorer.core.game import new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.ui.models.problem_text import opening_warnings
from jolly_scorer.ui.models.round import RoundModel
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.screens.round_entry.bar.save import save_handlers

PLAYERS = ["Anna", "Ben", "Cleo"]


def table_entry(preset: str = "jolly_at") -> RoundEntryModel:
    entry = RoundEntryModel(RoundModel(new_game(find_rules(preset), PLAYERS)))
    entry.together = True
    entry.others = True  # another device entered a part
    return entry


def handlers(entry: RoundEntryModel, saved: list[object]):
    return save_handlers(
        entry,
        None,
        lambda r, n, c: saved.append(r),
        lambda: None,
        lambda: None,
        lambda method, *a: method(*a),
    )


def test_save_anyway_is_asked_only_about_a_round_that_can_be_saved():
    entry = table_entry()
    saved: list[object] = []
    handlers(entry, saved)["save"]()  # nobody chose who went out
    assert not entry.confirm_save and not saved
    assert "Who went out?" in (entry.error or "")
    entry.set_closer("Anna")
    for name, key in (("Anna", "good"), ("Ben", "bad"), ("Cleo", "bad")):
        entry.set_mode(name, "points")
        entry.set_points(name, key, "0")
    handlers(entry, saved)["save"]()  # savable, not everyone done: asks
    assert entry.confirm_save and not saved
    handlers(entry, saved)["save"]()  # "Save anyway"
    assert len(saved) == 1


def test_done_with_an_empty_hand_is_refused_saying_what_for_whom():
    entry = table_entry()
    entry.set_closer("Anna")
    entry.tap_done("Ben")
    assert entry.status("Ben") != "done"
    assert entry.error == (
        "Ben is not done yet: Enter the cards left in Ben's hand, "
        "or the points counted."
    )
    entry.rounds.set_hand("Ben", parse_cards("Kd 7c"))
    entry.refresh_error()  # no longer true: gone
    assert entry.error is None
    entry.tap_done("Ben")
    assert entry.status("Ben") == "done"


def test_status_says_what_is_missing_and_for_whom():
    entry = table_entry("romme_de")
    entry.set_closer("Anna")
    entry.count_all()
    entry.set_points("Ben", "bad", "5")
    assert entry.missing() == "Still needs points: Cleo."


def test_own_melds_below_the_opening_are_a_warning_not_a_refusal():
    entry = RoundEntryModel(RoundModel(new_game(find_rules("jolly_at"), PLAYERS)))
    rounds = entry.rounds
    rounds.set_closer("Anna")
    rounds.add_meld("Anna", parse_cards("9h 10h Jh Qh"))
    rounds.add_meld("Ben", parse_cards("2c 3c 4c"))
    rounds.set_hand("Ben", parse_cards("Kd"))
    rounds.set_hand("Cleo", parse_cards("5s"))
    assert opening_warnings(rounds, entry.t) == [
        "Ben's melds make 9 points: not enough to open (needs 30)."
    ]
    assert entry.save() is not None  # saved all the same
    rounds.add_meld("Ben", parse_cards("Qs Qd Qc"))
    assert opening_warnings(rounds, entry.t) == []


def test_a_handglatt_closer_needs_no_opening_where_the_rules_waive_it():
    rounds = RoundModel(new_game(find_rules("jolly_at"), PLAYERS))
    rounds.set_closer("Anna")
    rounds.add_meld("Anna", parse_cards("2c 3c 4c"))
    assert rounds.below_opening("Anna") == 9
    rounds.set_handglatt(True)
    assert rounds.below_opening("Anna") is None
