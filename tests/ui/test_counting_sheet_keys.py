"""The counting sheet's keys (issue 17, the typing race): every key is applied
by the server to the selected field, in the order pressed; Enter, Tab and the
pad's Next go to the next player who needs a number (skipping who went out,
round again); nothing typed goes nowhere; a field nobody filled stays missing
and 0 goes in only when typed. Plain model tests (no Flet)."""

from __future__ import annotations

from jolly_scorer.core.game import Counted, new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.ui.models.counted_keys import LONGEST, SheetKeys
from jolly_scorer.ui.models.round import RoundModel
from jolly_scorer.ui.models.round_entry import RoundEntryModel

PLAYERS = ["Anna", "Ben", "Cleo", "Dora", "Emil"]


def sheet(preset: str = "romme_de", closer: str = "Cleo") -> SheetKeys:
    entry = RoundEntryModel(RoundModel(new_game(find_rules(preset), PLAYERS)))
    entry.set_closer(closer)
    entry.count_all()
    return SheetKeys(entry)


def press(keys: SheetKeys, *names: str) -> None:
    for name in names:
        assert keys.press(name), name


def test_keys_right_after_enter_go_to_the_next_player_in_order():
    """The failing browser test's keys, as the server gets them: 12 Enter 30
    Enter 7 Enter 25 from Dora (the first after who went out) on."""
    keys = sheet()
    assert keys.selected == ("Dora", "bad")
    press(keys, "1", "2", "Enter", "3", "0", "Enter", "7", "Enter", "2", "5")
    counted = keys.entry.rounds.counted
    assert {p: counted[p].bad for p in ("Anna", "Ben", "Dora", "Emil")} == {
        "Anna": 7,
        "Ben": 25,
        "Dora": 12,
        "Emil": 30,
    }
    assert keys.entry.rounds.points_missing() == []


def test_a_field_nobody_filled_stays_missing_and_a_typed_zero_counts():
    keys = sheet()
    press(keys, "Enter", "Next")  # Dora and Emil skipped: still missing
    assert keys.selected == ("Anna", "bad")
    press(keys, "0")
    rounds = keys.entry.rounds
    assert sorted(rounds.points_missing()) == ["Ben", "Dora", "Emil"]
    assert keys.entry.points_text("Dora", "bad") == ""
    assert keys.entry.points_text("Anna", "bad") == "0"


def test_backspace_delete_and_the_longest_number():
    keys = sheet()
    press(keys, "4", "2", "Backspace")
    assert keys.entry.points_text("Dora", "bad") == "4"
    press(keys, "Delete")  # emptied: missing again, not 0
    assert "Dora" in keys.entry.rounds.points_missing()
    press(keys, *("9" * (LONGEST + 2)))
    assert keys.entry.points_text("Dora", "bad") == "9" * LONGEST
    assert keys.entry.points_error("Dora", "bad") is None


def test_a_tap_selects_and_arrows_move_on_screen_order():
    keys = sheet()
    keys.select(("Anna", "bad"))
    press(keys, "Numpad 5", "Arrow Down")
    assert keys.selected == ("Ben", "bad")
    press(keys, "Arrow Down")  # Cleo went out: no field of hers
    assert keys.selected == ("Dora", "bad")
    press(keys, "Arrow Up", "Arrow Up")
    assert keys.selected == ("Anna", "bad")
    keys.select(("Cleo", "bad"))  # no such field: nothing changes
    assert keys.selected == ("Anna", "bad")
    assert not keys.press("x") and not keys.press("Escape")


def test_who_went_out_asked_by_the_model_is_taken_before_the_next_key():
    """A tap on who went out selects the first field to fill at once: a key
    arriving before the screen is drawn again goes there too."""
    keys = sheet()
    keys.select(("Anna", "bad"))
    keys.entry.set_closer("Ben")  # asks for Cleo's field (after Ben)
    press(keys, "8")
    assert keys.entry.rounds.counted["Cleo"] == Counted(0, 8)


def test_plus_scoring_goes_through_good_and_bad_points():
    keys = sheet("jolly_at", closer="Anna")
    assert keys.selected == ("Anna", "good")
    press(keys, "4", "5", "Tab")
    assert keys.selected == ("Ben", "good")
    press(keys, "Enter", "2", "5")
    assert keys.entry.rounds.counted["Ben"].bad == 25
    assert keys.entry.rounds.counted["Anna"].good == 45
