"""Card notation and rules values."""

from __future__ import annotations

import pytest

from jolly_scorer.core.cards import Card, Rank, Suit, full_deck, parse_card, parse_cards
from jolly_scorer.core.errors import CardError, RulesError
from jolly_scorer.core.rules import KNOBS, PRESETS, find_rules, house_rules


@pytest.mark.parametrize(
    ("token", "canonical"),
    [
        ("10h", "10h"),
        ("Ts", "10s"),
        ("tS", "10s"),
        ("qD", "Qd"),
        ("A♠", "As"),
        ("k♥", "Kh"),
        ("2♦", "2d"),
        ("J♣", "Jc"),
        ("X", "X"),
        ("x", "X"),
        ("*", "X"),
        ("JK", "X"),
        ("jk", "X"),
        ("X=6h", "X=6h"),
        ("*=t♠", "X=10s"),
        ("JK=qd", "X=Qd"),
    ],
)
def test_notation(token: str, canonical: str) -> None:
    assert str(parse_card(token)) == canonical
    assert parse_card(canonical) == parse_card(token)


@pytest.mark.parametrize(
    "token", ["", "1h", "11h", "Hh", "5", "h5", "X=", "X=X", "5h=6h", "Zz", "10", "J"]
)
def test_bad_tokens_quote_the_token(token: str) -> None:
    with pytest.raises(CardError, match=repr(token).replace("*", r"\*")):
        parse_card(token)


def test_parse_cards_quotes_the_bad_one() -> None:
    with pytest.raises(CardError, match="'8q'"):
        parse_cards("7h 8q X")


def test_jack_is_not_a_joker() -> None:
    assert parse_card("Jh").rank is Rank.JACK
    assert parse_card("JK").is_joker


def test_card_values() -> None:
    card = Card(Rank.TEN, Suit.HEARTS)
    assert card.label == "10♥"
    assert Card.joker(card).label == "X→10♥"
    assert len(set(full_deck(6))) == 53


def test_presets_have_every_knob() -> None:
    for rules in PRESETS.values():
        assert set(rules.to_dict()) == {"base", *KNOBS}


def test_preset_values_from_rules_md() -> None:
    at, fi, de = (find_rules(k) for k in ("jolly_at", "rommi_fi", "romme_de"))
    assert (at.jokers, fi.jokers, de.jokers) == (6, 4, 6)
    assert (at.opening_min, fi.opening_min, de.opening_min) == (30, 40, 40)
    assert (at.min_naturals, fi.min_naturals, de.min_naturals) == (2, 1, 2)
    assert (at.penalty_joker, fi.penalty_joker, de.penalty_joker) == (50, 30, 20)
    assert (at.scoring, fi.scoring, de.scoring) == ("plus", "penalty", "penalty")
    assert (at.handglatt_multiplier, fi.handglatt_multiplier) == (2, 1)
    assert de.handglatt_multiplier == 2
    assert (at.target_inclusive, fi.target_inclusive, de.target_inclusive) == (
        True,
        True,
        False,
    )
    assert at.hand_max == 20 and fi.hand_max is None
    assert not at.adjacent_jokers and fi.adjacent_jokers and de.adjacent_jokers
    assert fi.jokers_at_most_naturals and not at.jokers_at_most_naturals


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"base": "nope"}, "unknown rules preset: 'nope'"),
        ({"base": "jolly_at", "openin_min": 3}, "unknown rules key: 'openin_min'"),
        ({"jokers": "6"}, "'jokers' must be a whole number"),
        ({"jokers": True}, "'jokers' must be a whole number"),
        ({"jokers": -1}, "'jokers' must be a whole number from 0 to"),
        ({"target": 0}, "'target' must be a whole number from 1 to"),
        ({"target": 10**20}, "'target' must be a whole number from 1 to"),
        ({"name": "\ud800"}, "'name' must be text"),
        ({"wrap_around": 1}, "'wrap_around' must be true or false"),
        ({"scoring": "minus"}, "'scoring' must be 'plus' or 'penalty'"),
        ({"hand_max": "none"}, "'hand_max' must be a whole number or null"),
        ({"players_min": 5, "players_max": 3}, "'players_min'"),
    ],
)
def test_house_rules_errors_name_the_key(data: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        house_rules(data)


def test_house_rules_on_a_preset() -> None:
    rules = house_rules({"base": "rommi_fi", "opening_min": 30, "hand_max": None})
    assert rules.base == "rommi_fi" and rules.opening_min == 30
    assert rules.overrides() == {"opening_min": 30}
    assert house_rules(rules.to_dict()) == rules


def test_presets_cannot_be_changed_by_a_caller() -> None:
    from jolly_scorer.core.rules import PRESETS

    with pytest.raises(TypeError):
        PRESETS["jolly_at"] = PRESETS["romme_de"]  # type: ignore[index]
    with pytest.raises(AttributeError):
        PRESETS["jolly_at"].jokers = 9  # type: ignore[misc]
