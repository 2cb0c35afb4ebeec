"""Meld validation under every knob, the joker reading and melds together."""

from __future__ import annotations

import pytest

from jolly_scorer.core.cards import format_cards, parse_cards
from jolly_scorer.core.melds import check_meld, check_melds, meld_readings
from jolly_scorer.core.rules import Rules, find_rules

AT = find_rules("jolly_at")
FI = find_rules("rommi_fi")
DE = find_rules("romme_de")


def meld(cards: str, rules: Rules = AT) -> tuple[bool, object, object, str]:
    m = check_meld(parse_cards(cards), rules)
    return m.valid, m.points, m.reason and m.reason.value, format_cards(m.cards)


@pytest.mark.parametrize(
    ("cards", "rules", "points", "arranged"),
    [
        ("X 5h 6h", AT, 15, "X=4h 5h 6h"),
        ("5h 6h X", AT, 18, "5h 6h X=7h"),
        ("7h 6h 5h", AT, 18, "5h 6h 7h"),
        ("Kh Ks X", AT, 30, "Kh Ks X=Kd"),
        ("Kh Ks X=Kc", AT, 30, "Kh Ks X=Kc"),
        ("X=7h 5h 6h", AT, 18, "5h 6h X=7h"),
        ("Qh X Ah", AT, 31, "Qh X=Kh Ah"),
        ("X X 5h 6h", DE, 18, "X=3h X=4h 5h 6h"),
        ("X X 5h 6h", AT, 22, "X=4h 5h 6h X=7h"),
    ],
)
def test_readings(cards: str, rules: Rules, points: int, arranged: str) -> None:
    valid, got_points, reason, got_cards = meld(cards, rules)
    assert (valid, got_points, got_cards) == (True, points, arranged), reason


@pytest.mark.parametrize(
    ("cards", "changes", "valid", "points_or_reason"),
    [
        ("Kh Ah 2h", {"wrap_around": True}, True, 10 + 11 + 2),
        ("Qh Kh Ah 2h 3h", {"wrap_around": True}, True, 10 + 10 + 11 + 2 + 3),
        ("Ah 2h 3h", {"wrap_around": True}, True, 6),
        ("Kh Ah 2h", {}, False, "wrap_around"),
        (
            "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah",
            {"ace_both_ends": True},
            True,
            96,
        ),
        ("5h X X 8h", {"adjacent_jokers": True}, True, 26),
        ("5h X X 8h", {}, False, "adjacent_jokers"),
        ("Kh X X", {"min_naturals": 1}, True, 31),
        ("Kh Ks X X", {"max_jokers_per_meld": 1}, False, "too_many_jokers"),
        ("5h 6h X X", {"max_jokers_per_meld": 1}, False, "too_many_jokers"),
        ("Kh Ks X", {"max_jokers_in_group": 0}, False, "too_many_jokers"),
        ("5h 6h X", {"max_jokers_in_group": 0}, True, 18),
        ("5h 6h X X", {"jokers_at_most_naturals": True}, True, 22),
        ("5h X X X", {"jokers_at_most_naturals": True}, False, "too_many_jokers"),
        ("Ah As Ad", {"ace_in_group": 15}, True, 45),
        ("Jh Qh Kh", {"face_value": 5}, True, 15),
        ("Qh Kh Ah", {"ace_high": 14}, True, 34),
        ("Ah 2h 3h", {"ace_low": 11}, True, 16),
    ],
)
def test_knobs(
    cards: str, changes: dict[str, object], valid: bool, points_or_reason: object
) -> None:
    got_valid, points, reason, _ = meld(cards, AT.replace(**changes))
    assert got_valid is valid
    assert (points if valid else reason) == points_or_reason


@pytest.mark.parametrize(
    ("cards", "reason"),
    [
        ("", "too_few_cards"),
        ("X", "too_few_cards"),
        ("X X X", "joker_only"),
        ("X=5h X=6h X=7h", "joker_only"),
        ("Kh Ks Kd Kc X", "group_too_large"),
        ("5h 5h 6h", "duplicate_rank"),
        ("5h 6d 7h", "mixed_suits"),
        ("5h 5s 6h", "invalid_combination"),
        ("5h 6h 7h 7h", "duplicate_rank"),
        ("5h 6h 9h", "not_consecutive"),
        ("5h X=9h 7h", "declared_joker_mismatch"),
        ("Kh Ks X=Qd", "declared_joker_mismatch"),
        ("Kh Ks X=Ks", "declared_joker_mismatch"),
        ("5h 5s X=5d X=5d", "declared_joker_mismatch"),
        ("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh X X", "out_of_range"),
    ],
)
def test_reasons(cards: str, reason: str) -> None:
    valid, _, got, _ = meld(cards)
    assert not valid
    assert got == reason


def test_invalid_meld_has_a_message() -> None:
    m = check_meld(parse_cards("Kh Kh Ks"), AT)
    assert m.message and "Kh" in m.message
    m = check_meld(parse_cards("5h 5s X=5h"), AT)
    assert m.message and "X=5h" in m.message


def test_readings_let_a_player_choose_the_joker() -> None:
    readings = meld_readings(parse_cards("5h X 7h X"), DE)
    assert [format_cards(r.cards) for r in readings][:1] == ["5h X=6h 7h X=8h"]
    assert {format_cards(r.cards) for r in readings} >= {"X=4h 5h X=6h 7h"}
    chosen = readings[-1].cards
    assert check_meld(chosen, DE).cards == chosen


def test_melds_together_and_the_opening() -> None:
    verdict = check_melds([parse_cards("9c 9d 9s"), parse_cards("5h 6h 7h")], AT)
    assert verdict.valid and verdict.points == 45 and verdict.opening_reached
    verdict = check_melds([parse_cards("2c 2d 2s"), parse_cards("5h 6h 7h")], AT)
    assert verdict.valid and not verdict.opening_reached
    assert not check_melds([parse_cards("9c 9d 9s")], FI).opening_reached


def test_too_many_copies_together() -> None:
    verdict = check_melds(
        [parse_cards("5h 6h 7h"), parse_cards("5h 6h 7h"), parse_cards("5h 5s 5d")], AT
    )
    assert not verdict.valid and verdict.reason is not None
    assert verdict.reason.value == "too_many_copies"
    assert verdict.to_json()["points"] is None
    jokers = check_melds(
        [parse_cards("5h X 7h"), parse_cards("8c X X"), parse_cards("Kh Ks X X")],
        FI.replace(jokers_at_most_naturals=False),
    )
    assert jokers.reason is not None and jokers.reason.value == "too_many_copies"
