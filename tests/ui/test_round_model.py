"""The round-entry model: pure logic, no Flet."""

from __future__ import annotations

import json

import pytest

from jolly_scorer.core.cards import format_cards, parse_card, parse_cards
from jolly_scorer.core.game import Counted, PlacedCard, Round, TableMeld, new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.core.scoring import score_round
from jolly_scorer.ui.models.round import DraftError, Place, RoundModel, Target

PLAYERS = ["Anna", "Ben", "Cleo"]


def game(rules: str = "jolly_at", players: list[str] = PLAYERS):  # noqa: B006
    return new_game(find_rules(rules), players)


def entered() -> RoundModel:
    """Anna goes out; Ben lays off on Anna's run; Cleo counted points."""
    model = RoundModel(game())
    model.set_closer("Anna")
    run = model.add_meld("Anna", parse_cards("5h 6h 7h"))
    model.add_meld("Anna", parse_cards("Qs Qd Qc"))
    model.add_meld("Ben", parse_cards("9c 10c Jc"))
    model.lay_off(run, "Ben", parse_card("8h"))
    model.set_hand("Ben", parse_cards("5c 5d"))
    model.set_counted("Cleo", good=0, bad=40)
    return model


def test_round_from_a_table_with_layoffs_is_what_the_engine_scores():
    model = entered()
    entry = model.to_round()
    assert entry.closed_by == "Anna"
    assert entry.table[0] == TableMeld(
        "Anna",
        (
            PlacedCard(parse_card("5h")),
            PlacedCard(parse_card("6h")),
            PlacedCard(parse_card("7h")),
            PlacedCard(parse_card("8h"), "Ben"),
        ),
    )
    assert dict(entry.hands) == {"Ben": parse_cards("5c 5d")}
    assert dict(entry.counted) == {"Cleo": Counted(0, 40)}
    preview = model.preview()
    assert preview.complete
    scores = preview.scores
    assert scores["Anna"].good == 5 + 6 + 7 + 30  # the 8h is Ben's
    assert scores["Ben"].good == 8 + 9 + 10 + 10
    assert scores["Anna"].bonus == 30
    assert scores["Ben"].bad == 10
    assert scores["Cleo"].score == -40
    assert scores == score_round(model.game, entry).scores


def test_layoffs_are_listed_per_player_and_on_the_meld():
    model = entered()
    assert model.layoffs_of("Ben") == [(0, parse_card("8h"))]
    assert model.layoffs_of("Anna") == []
    assert model.cards_of(Target("layoff", "Ben", 0)) == (parse_card("8h"),)
    assert model.cards_of(Target("meld", "Anna", 0)) == parse_cards("5h 6h 7h")
    # a card laid by the owner on their own meld is simply theirs (and goes
    # with the owner's cards, before the lay-offs: the order every page keeps)
    model.lay_off(0, "Anna", parse_card("4h"))
    assert model.melds[0].cards[-2:] == [
        PlacedCard(parse_card("4h")),
        PlacedCard(parse_card("8h"), "Ben"),
    ]


def test_add_card_goes_to_the_target_with_the_right_credit():
    model = RoundModel(game())
    i = model.add_meld("Anna")
    for card in ("Kh", "Kd", "Ks"):
        model.add_card(Target("meld", "Anna", i), parse_card(card))
    model.add_card(Target("layoff", "Cleo", i), parse_card("Kc"))
    model.add_card(Target("hand", "Ben"), parse_card("X"))
    assert [p.by for p in model.melds[i].cards] == [None, None, None, "Cleo"]
    assert model.hands["Ben"] == [parse_card("X")]
    model.remove_card(Target("meld", "Anna", i))  # the last own card, not Cleo's
    assert model.cards_of(Target("meld", "Anna", i)) == parse_cards("Kh Kd")
    assert model.cards_of(Target("layoff", "Cleo", i)) == parse_cards("Kc")


def test_typed_cards_replace_only_that_target():
    model = entered()
    model.set_cards(Target("meld", "Anna", 0), parse_cards("4h 5h 6h 7h"))
    assert [str(p.card) for p in model.melds[0].cards] == ["4h", "5h", "6h", "7h", "8h"]
    assert model.melds[0].cards[-1].by == "Ben"
    model.set_cards(Target("layoff", "Ben", 0), parse_cards("8h 9h"))
    assert model.layoffs_of("Ben") == [(0, parse_card("8h")), (0, parse_card("9h"))]


def test_handglatt_only_for_the_closer():
    model = RoundModel(game())
    model.set_handglatt(True)
    assert model.handglatt is False  # nobody went out
    model.set_closer("Ben")
    assert model.can_handglatt("Ben") and not model.can_handglatt("Anna")
    model.set_handglatt(True)
    assert model.handglatt
    model.set_closer("Cleo")  # another closer: the Handglatt goes
    assert model.handglatt is False
    model.set_closer("Cleo")
    model.set_handglatt(True)
    model.set_closer(None)
    assert model.handglatt is False and model.to_round().handglatt is False
    with pytest.raises(ValueError):
        model.set_closer("Zoe")


def test_handglatt_doubles_the_others_and_pays_the_bonus():
    model = RoundModel(game())
    model.set_closer("Anna")
    model.set_handglatt(True)
    model.add_meld("Anna", parse_cards("5h 6h 7h"))
    model.set_hand("Ben", parse_cards("9s"))
    model.set_counted("Cleo", bad=10)
    scores = model.preview().scores
    assert scores["Anna"].bonus == 60
    assert scores["Ben"].bad == 18
    assert scores["Cleo"].bad == 20  # counted points are doubled too


def test_closer_hand_is_left_out_and_kept_for_later():
    model = entered()
    model.set_hand("Anna", parse_cards("2c"))  # entered before she was the closer
    assert "Anna" not in dict(model.to_round().hands)
    model.set_closer(None)
    assert dict(model.to_round().hands)["Anna"] == parse_cards("2c")


def test_counted_points_replace_the_hand_and_keep_it():
    model = entered()
    model.set_hand("Cleo", parse_cards("Ah"))
    assert "Cleo" not in dict(model.to_round().hands)
    model.set_mode("Cleo", "cards")
    assert dict(model.to_round().hands)["Cleo"] == parse_cards("Ah")
    assert "Cleo" not in dict(model.to_round().counted)
    model.set_counted("Cleo", good=12)
    model.set_counted("Cleo", bad=7)
    assert model.counted["Cleo"] == Counted(12, 7)
    model.set_counted("Cleo", good=-5)
    assert model.counted["Cleo"].good == 0


def test_counted_closer_still_gets_the_bonus():
    model = RoundModel(game())
    model.set_closer("Anna")
    model.set_counted("Anna", good=40)
    model.set_counted("Ben", bad=5)
    model.set_counted("Cleo", bad=0)
    scores = model.preview().scores
    assert scores["Anna"] == scores["Anna"].__class__(40, 0, 30, 70)
    assert model.preview().complete


def test_penalty_mode_needs_only_the_hands():
    model = RoundModel(game("rommi_fi"))
    assert not model.melds_needed()
    model.set_closer("Ben")
    model.set_hand("Anna", parse_cards("Ah X 5c"))
    model.set_hand("Cleo", parse_cards("2c"))
    preview = model.preview()
    assert preview.complete
    assert preview.scores["Anna"].score == 11 + 30 + 5
    assert preview.scores["Ben"].score == 0
    assert preview.scores["Cleo"].good == 0


def test_problems_are_located_where_they_happen():
    model = RoundModel(game())
    model.set_closer("Anna")
    model.add_meld("Anna", parse_cards("Qh Kh Ah"))
    bad = model.add_meld("Ben", parse_cards("Qh Qs Qs"))
    model.set_hand("Cleo", parse_cards("Qh 4c"))
    problems = model.problems()
    codes = {(p.place, p.code) for p in problems}
    assert (Place("meld", "Ben", bad), "invalid_meld") in codes
    third = next(p for p in problems if p.code == "third_copy")
    assert third.place == Place("hand", "Cleo") and third.card == "Qh"
    assert third.also == (Place("meld", "Anna", 0), Place("meld", "Ben", 1))
    assert (Place("hand", "Ben"), "hand_missing") in codes
    invalid = next(p for p in problems if p.code == "invalid_meld")
    assert invalid.meld is not None and invalid.meld.reason is not None
    assert invalid.meld.reason.value == "duplicate_suit"
    assert model.problems_at(Place("hand", "Cleo")) == (third,)
    assert model.check() is not None
    # the preview still scores what can be scored
    preview = model.preview()
    assert not preview.complete
    assert preview.scores["Anna"].good == 31


def test_a_seventh_joker_is_located():
    model = RoundModel(game())
    model.set_closer("Anna")
    model.add_meld("Anna", parse_cards("5h X X"))
    model.add_meld("Anna", parse_cards("8c X X"))
    model.set_hand("Ben", parse_cards("X X"))
    model.set_hand("Cleo", parse_cards("X"))
    problem = next(p for p in model.problems() if p.code == "joker_too_many")
    assert problem.place == Place("hand", "Cleo") and problem.count == 6


def test_empty_meld_and_large_hand_are_problems():
    model = RoundModel(game())
    model.set_closer("Anna")
    model.add_meld("Anna")
    model.set_hand(
        "Ben",
        parse_cards(
            "2c " * 1 + "3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc Ac 2d 3d 4d 5d 6d 7d 8d 9d"
        ),
    )
    model.set_hand("Cleo", parse_cards("2c"))
    codes = [p.code for p in model.problems()]
    assert "empty_meld" in codes and "hand_too_large" in codes


def test_draft_round_trip_keeps_everything_even_half_entered():
    model = entered()
    model.add_meld("Cleo", parse_cards("2s 3s"))  # not a meld yet
    model.set_hand("Cleo", parse_cards("Kd"))  # kept while Cleo counts points
    model.discard = parse_card("9d")
    model.set_closer("Anna")
    model.set_handglatt(True)
    draft = json.loads(json.dumps(model.to_draft()))
    again = RoundModel.from_draft(model.game, draft)
    assert again.to_draft() == draft
    assert again.to_round() == model.to_round()
    assert again.hands["Cleo"] == [parse_card("Kd")]
    assert again.modes["Cleo"] == "points"
    assert again.melds[3].plain == parse_cards("2s 3s")


def test_draft_of_other_players_or_garbage_is_refused():
    draft = entered().to_draft()
    with pytest.raises(DraftError):
        RoundModel.from_draft(game(players=["A", "B"]), draft)
    with pytest.raises(DraftError):
        RoundModel.from_draft(game(), {"draft": 1, "players": PLAYERS, "table": 3})
    with pytest.raises(DraftError):
        RoundModel.from_draft(game(), {"something": "else"})
    with pytest.raises(DraftError):
        RoundModel.from_draft(game(), draft | {"round_index": 4})


def test_from_round_prefills_an_edited_round():
    entry = Round(
        closed_by="Ben",
        table=(
            TableMeld.of(
                "Ben", [*parse_cards("9h 10h Jh"), PlacedCard(parse_card("Qh"), "Anna")]
            ),
        ),
        hands=(("Anna", parse_cards("2c")),),
        counted=(("Cleo", Counted(0, 12)),),
    )
    model = RoundModel.from_round(game(), entry, 0)
    assert model.to_round() == entry
    assert model.round_number == 1
    assert model.layoffs_of("Anna") == [(0, parse_card("Qh"))]


def test_joker_readings_can_be_chosen_and_freed():
    model = RoundModel(game("romme_de"))
    i = model.add_meld("Anna", parse_cards("5h 6h X"))
    assert str(model.verdict(i).cards[-1]) == "X=7h"
    readings = model.readings(i)
    low = next(r for r in readings if str(r.cards[0]) == "X=4h")
    model.choose_reading(i, low)
    assert [str(c) for c in model.melds[i].plain] == ["5h", "6h", "X=4h"]
    assert model.verdict(i).points == 15
    model.free_jokers(i)
    assert [str(c) for c in model.melds[i].plain] == ["5h", "6h", "X"]


def test_arranging_a_pile_makes_melds():
    model = RoundModel(game())
    made = model.arrange_pile("Ben", parse_cards("9c 5h 9d 7h 9s 6h"))
    assert made is not None and len(made) == 2
    assert all(model.verdict(i).valid for i in made)
    assert {m.owner for m in model.melds} == {"Ben"}
    assert model.arrange_pile("Ben", parse_cards("9c 2h")) is None
    assert len(model.melds) == 2


def test_discard_is_the_closers_last_card_and_counts_in_the_deck():
    model = RoundModel(game())
    with pytest.raises(ValueError):
        model.set_discard(parse_card("9c"))  # nobody went out yet
    model.set_closer("Anna")
    target = Target("discard", "Anna")
    model.add_card(target, parse_card("9c"))
    model.add_card(target, parse_card("9d"))  # one card: the new one replaces it
    assert model.cards_of(target) == (parse_card("9d"),)
    assert model.to_round().discard == parse_card("9d")
    model.set_hand("Ben", parse_cards("9d 9d"))  # a third 9 of diamonds
    assert [p.code for p in model.problems()] == ["third_copy", "hand_missing"]
    assert model.used_counts()["9d"] == 3 and model.used_up()["9d"]
    model.set_cards(target, ())
    assert model.discard is None
    model.set_discard(parse_card("X=5h"))
    assert model.discard == parse_card("X")
    model.set_closer(None)
    assert model.discard is None


def test_used_counts_table_hands_discard_and_jokers():
    model = entered()
    used = model.used_counts()
    assert used["5h"] == 1 and used["5c"] == 1 and "Kh" not in used
    model.set_hand("Ben", parse_cards("5h X X"))
    assert model.used_up() == {**dict.fromkeys(model.used_counts(), False), "5h": True}
    model.add_meld("Cleo", parse_cards("X Ks Kd"))
    assert not model.used_up()["X"]  # 3 of the 6 jokers
    model.add_meld("Cleo", parse_cards("X X X"))
    assert model.used_up()["X"]
    # a player who counted points: their hand cards are not in the round
    model.set_mode("Ben", "points")
    assert model.used_counts()["X"] == 4


def test_reading_choices_mark_the_current_reading():
    model = RoundModel(game("romme_de"))
    i = model.add_meld("Anna", parse_cards("5h 6h X"))
    choices = model.reading_choices(i)
    texts = {format_cards(r.cards): now for r, now in choices}
    assert texts == {"5h 6h X=7h": True, "X=4h 5h 6h": False}
    model.choose_reading(i, next(r for r, now in choices if not now))
    assert [now for _, now in model.reading_choices(i)] == [False, True]


def test_a_pile_that_does_not_split_offers_its_best_part():
    model = RoundModel(game())
    pile = parse_cards("9c 9d 9s 5h 6h 7h Kd 2c")
    split = model.split_pile(pile)
    assert not split.complete
    left = model.accept_split("Ben", split.best)
    assert sorted(map(str, left)) == ["2c", "Kd"]
    assert [format_cards(m.plain) for m in model.melds] == [
        format_cards(m.cards) for m in split.best.melds
    ]
    again = RoundModel(game())
    again.set_mode("Ben", "points")
    assert again.accept_split("Ben", split.best, rest="hand") == ()
    assert sorted(map(str, again.hands["Ben"])) == ["2c", "Kd"]
    assert again.modes["Ben"] == "cards"


def test_counted_points_with_cards_on_the_table_are_flagged():
    model = entered()
    assert not model.counted_adds_to_cards("Cleo")  # counted, nothing on the table
    assert not model.counted_adds_to_cards("Ben")  # cards, not counted
    model.lay_off(0, "Cleo", parse_card("9h"))
    assert model.counted_adds_to_cards("Cleo")
    model.set_counted("Ben", good=20)
    assert model.counted_adds_to_cards("Ben")


def test_a_counted_player_who_becomes_the_closer_loses_the_bad_points():
    model = entered()  # Cleo counted 0 good, 40 bad
    model.set_counted("Cleo", good=12)
    model.set_closer("Cleo")
    assert dict(model.to_round().counted)["Cleo"] == Counted(12, 0)
    model.set_hand("Anna", parse_cards("2c"))
    assert model.check() is None and model.preview().complete
    model.set_closer("Anna")  # the count is still there for Cleo again
    assert dict(model.to_round().counted)["Cleo"] == Counted(12, 40)
