"""Boundaries: each test fails when one comparison (``>=`` for ``>``, ``<`` for
``<=``) or one preset maximum is off by one."""

from __future__ import annotations

import pytest

from jolly_scorer.core.arranger import best
from jolly_scorer.core.cards import Card, parse_cards
from jolly_scorer.core.errors import GameFileError, HandError, JollyError
from jolly_scorer.core.game import Counted, Round, Scored, TableMeld, new_game
from jolly_scorer.core.gamefile import load_game
from jolly_scorer.core.melds import check_meld, check_melds
from jolly_scorer.core.rules import Rules, find_rules, house_rules
from jolly_scorer.core.scoring import score_game, score_round
from jolly_scorer.core.stats import player_stats
from jolly_scorer.core.values import WHOLE_MAX, as_whole

AT = find_rules("jolly_at")
FI = find_rules("rommi_fi")
DE = find_rules("romme_de")


# -- the opening ------------------------------------------------------------


def test_an_opening_worth_exactly_the_minimum_is_reached() -> None:
    # 10h Jh Qh: 10 + 10 + 10 = 30, the jolly_at minimum
    exactly = check_melds([parse_cards("10h Jh Qh")], AT)
    assert exactly.points == AT.opening_min == 30
    assert exactly.opening_reached
    # 9h 10h Jh: 29, one short
    short = check_melds([parse_cards("9h 10h Jh")], AT)
    assert short.points == 29 and not short.opening_reached
    # the arranger's verdict follows the same rule
    assert best(parse_cards("10h Jh Qh 2c"), AT).opening_reached
    assert not best(parse_cards("9h 10h Jh 2c"), AT).opening_reached


# -- statistics -------------------------------------------------------------


def test_in_a_penalty_game_the_best_round_is_the_lowest() -> None:
    game = new_game(DE, ["Anna", "Ben"])
    for anna in (30, 5, 12):
        scored = Scored.of(game).add_round(
            Round(closed_by="Ben", counted=(("Anna", Counted(bad=anna)),))
        )
        game = scored.game
    anna_stats = next(s for s in player_stats([game]) if s.player == "Anna")
    assert anna_stats.best == 5
    plus = new_game(AT, ["Anna", "Ben"])
    for good in (30, 50, 12):
        plus = (
            Scored.of(plus)
            .add_round(
                Round(
                    closed_by="Ben",
                    counted=(("Anna", Counted(good=good, bad=1)),),
                )
            )
            .game
        )
    anna_plus = next(s for s in player_stats([plus]) if s.player == "Anna")
    assert anna_plus.best == 49  # 50 - 1, the highest


# -- seats and players --------------------------------------------------------


def test_first_dealer_must_be_a_seat_that_exists() -> None:
    players = ["Anna", "Ben", "Cleo"]
    assert new_game(AT, players, first_dealer=2).dealer(0) == "Cleo"
    for seat in (3, -1):
        with pytest.raises(GameFileError, match="no seat"):
            new_game(AT, players, first_dealer=seat)
    data = {"players": players, "first_dealer": 2}
    assert load_game(data).first_dealer == 2
    with pytest.raises(GameFileError, match="no seat 3"):
        load_game(data | {"first_dealer": 3})


@pytest.mark.parametrize("rules", [AT, FI, DE])
def test_the_preset_player_counts_are_the_limits(rules: Rules) -> None:
    low, high = rules.players_min, rules.players_max
    names = [f"P{i}" for i in range(high + 1)]
    new_game(rules, names[:low])
    new_game(rules, names[:high])
    for count in (low - 1, high + 1):
        with pytest.raises(GameFileError, match="the rules allow"):
            new_game(rules, names[:count])


# -- the pack -------------------------------------------------------------------


@pytest.mark.parametrize("rules", [AT, FI, DE])
def test_a_round_may_hold_every_joker_of_the_pack(rules: Rules) -> None:
    jokers = rules.jokers
    game = new_game(rules, ["A", "B"])
    every = (Card.joker(),) * jokers
    entry = Round(closed_by="A", hands=(("B", every),))
    score_round(game, entry)  # exactly the pack's jokers
    with pytest.raises(GameFileError, match="a joker too many"):
        score_round(game, Round(closed_by="A", hands=(("B", every + every[:1]),)))
    # the arranger takes every joker too, and refuses one more
    best(every + parse_cards("5h"), rules)
    with pytest.raises(HandError):
        best(every + every[:1] + parse_cards("5h"), rules)


def test_a_round_may_hold_both_copies_of_a_card() -> None:
    game = new_game(AT, ["A", "B"])
    two = Round(
        closed_by="A",
        table=(TableMeld.of("A", parse_cards("5h 6h 7h")),),
        hands=(("B", parse_cards("5h")),),
    )
    score_round(game, two)
    three = Round(
        closed_by="A",
        table=(TableMeld.of("A", parse_cards("5h 6h 7h")),),
        hands=(("B", parse_cards("5h 5h")),),
    )
    with pytest.raises(GameFileError, match="a third 5h"):
        score_round(game, three)
    assert not check_melds(
        [parse_cards("5h 6h 7h"), parse_cards("5h 5c 5s")], AT
    ).reason
    assert check_melds(
        [parse_cards("5h 6h 7h"), parse_cards("5h 5c 5s"), parse_cards("5h 5d X")],
        AT,
    ).reason


def test_a_hand_may_hold_exactly_the_maximum() -> None:
    assert AT.hand_max == 20
    game = new_game(AT, ["A", "B"])
    deck = parse_cards(
        "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ac 2c 3c 4c 5c 6c 7c 8c"
    )
    score_round(game, Round(closed_by="A", hands=(("B", deck[:20]),)))
    with pytest.raises(GameFileError, match="at most 20"):
        score_round(game, Round(closed_by="A", hands=(("B", deck[:21]),)))


# -- melds ----------------------------------------------------------------------


def test_meld_sizes_at_their_limits() -> None:
    assert not check_meld(parse_cards("5h 6h"), AT).valid
    assert check_meld(parse_cards("5h 6h 7h"), AT).valid  # three cards
    assert check_meld(parse_cards("5h 5c 5d 5s"), AT).valid  # four in a group
    assert not check_meld(parse_cards("5h 5c 5d 5s X"), AT).valid
    both_ends = house_rules({"ace_both_ends": True})
    run14 = parse_cards("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah")
    assert check_meld(run14, both_ends).valid  # ace to ace, fourteen cards
    assert not check_meld(run14, AT).valid


def test_joker_limits_at_their_limits() -> None:
    # jolly_at: at least 2 natural cards
    assert check_meld(parse_cards("5h 6h X"), AT).valid
    assert not check_meld(parse_cards("5h X X"), AT).valid
    # rommi_fi: no more jokers than natural cards; equal is fine
    assert check_meld(parse_cards("5h 6h X X"), FI).valid
    assert not check_meld(parse_cards("5h 6h X X X"), FI).valid
    capped = house_rules({"max_jokers_per_meld": 1, "min_naturals": 1})
    assert check_meld(parse_cards("5h 6h X"), capped).valid
    assert not check_meld(parse_cards("5h X 7h X"), capped).valid
    group_cap = house_rules({"max_jokers_in_group": 1, "adjacent_jokers": True})
    assert check_meld(parse_cards("5h 5c X"), group_cap).valid
    assert not check_meld(parse_cards("5h 5c X X"), group_cap).valid


# -- the end of a game ----------------------------------------------------------


def test_a_game_ends_after_exactly_its_rounds_limit() -> None:
    game = new_game(FI, ["A", "B"], rounds_limit=2)
    entry = Round(closed_by="A", counted=(("B", Counted(bad=5)),))
    one = Scored.of(game).add_round(entry)
    assert not one.result.game_over
    two = one.add_round(entry)
    assert two.result.game_over and two.result.winners == ("A",)


def test_penalty_target_inclusive_and_not() -> None:
    # rommi_fi ends when a total reaches the limit; romme_de only past it
    for rules, over_at_limit in ((FI, True), (DE, False)):
        game = new_game(rules, ["A", "B"], target=100)
        at_limit = Round(closed_by="A", counted=(("B", Counted(bad=100)),))
        result = Scored.of(game).add_round(at_limit).result
        assert result.game_over is over_at_limit
        past = Round(closed_by="A", counted=(("B", Counted(bad=101)),))
        assert Scored.of(game).add_round(past).result.game_over


def test_whole_numbers_up_to_the_maximum() -> None:
    assert as_whole(WHOLE_MAX) == WHOLE_MAX and as_whole(WHOLE_MAX + 1) is None
    assert as_whole(0) == 0 and as_whole(-1) is None
    game = new_game(AT, ["A", "B"], target=WHOLE_MAX)
    assert score_game(game).totals == {"A": 0, "B": 0}
    with pytest.raises(JollyError):
        new_game(AT, ["A", "B"], target=WHOLE_MAX + 1)
    with pytest.raises(JollyError):
        new_game(AT, ["A", "B"], target=0)
