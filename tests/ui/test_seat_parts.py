"""A round entered by several devices at once: split into parts per seat,
merged back the same on every device (issue 10, entering together)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jolly_scorer.core.cards import full_deck, parse_cards
from jolly_scorer.core.game import Counted, new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.ui.models.round import DraftError, RoundModel, Target
from jolly_scorer.ui.models.seat_parts import (
    ROUND_SEAT,
    changed_parts,
    merge_parts,
    split_parts,
)

PLAYERS = ["Anna", "Ben", "Cleo", "Dana"]
GAME = new_game(find_rules("jolly_at"), PLAYERS)
DECK = full_deck(6)


@st.composite
def entered_rounds(draw: st.DrawFn) -> RoundModel:
    """Any half- or fully-entered round, lay-offs and counted points included."""
    model = RoundModel(GAME)
    if draw(st.booleans()):
        closer = draw(st.sampled_from([None, *PLAYERS]))
        model.set_closer(closer)
        if closer is not None:
            model.set_handglatt(draw(st.booleans()))
            if draw(st.booleans()):
                model.set_discard(draw(st.sampled_from(DECK)))
    for player in PLAYERS:
        for _ in range(draw(st.integers(0, 2))):
            cards = draw(st.lists(st.sampled_from(DECK), max_size=5))
            model.add_meld(player, cards)
        if draw(st.booleans()):
            model.set_hand(player, draw(st.lists(st.sampled_from(DECK), max_size=6)))
        if draw(st.integers(0, 3)) == 0:
            model.set_counted(
                player, draw(st.integers(0, 300)), draw(st.integers(0, 300))
            )
            model.entered |= {(player, "good"), (player, "bad")}
    for _ in range(draw(st.integers(0, 3))):
        if not model.melds:
            break
        index = draw(st.integers(0, len(model.melds) - 1))
        by = draw(st.sampled_from(PLAYERS))
        if by != model.melds[index].owner:
            model.lay_off(index, by, draw(st.sampled_from(DECK)))
    return model


def _same(a: RoundModel, b: RoundModel) -> None:
    assert a.to_round() == b.to_round()
    assert (a.closer, a.closer_chosen, a.handglatt, a.discard) == (
        b.closer,
        b.closer_chosen,
        b.handglatt,
        b.discard,
    )
    assert a.hands == b.hands and a.modes == b.modes and a.entered == b.entered
    assert {p: a.counted.get(p) for p in PLAYERS} == {
        p: b.counted.get(p) for p in PLAYERS
    }
    assert [(m.owner, m.key) for m in a.melds] == [(m.owner, m.key) for m in b.melds]


@settings(max_examples=60, deadline=None)
@given(entered_rounds())
def test_parts_merge_back_into_the_same_round(model: RoundModel) -> None:
    parts = json.loads(json.dumps(split_parts(model)))  # as the store keeps them
    merged = merge_parts(GAME, model.number, parts)
    # melds come back in seat order, lay-offs after the owner's cards
    again = merge_parts(GAME, model.number, split_parts(merged))
    _same(merged, again)
    assert sorted(m.key for m in merged.melds) == sorted(m.key for m in model.melds)
    assert merged.preview().scores == model.preview().scores


@settings(max_examples=40, deadline=None)
@given(st.lists(entered_rounds(), min_size=4, max_size=4))
def test_each_device_entering_its_own_seat_gives_everyones_part(
    devices: list[RoundModel],
) -> None:
    """Four phones, each entering only its own player: the merged round holds
    exactly each phone's part of its own seat (lay-offs onto others' melds
    aside, which are the next test's)."""
    parts: dict[str, Any] = {}
    for player, device in zip(PLAYERS, devices, strict=True):
        own = split_parts(device)[player]
        own["layoffs"] = []
        parts[player] = own
    merged = merge_parts(GAME, 1, parts)
    for player, device in zip(PLAYERS, devices, strict=True):
        assert merged.hands[player] == device.hands[player]
        assert merged.modes[player] == device.modes[player]
        assert [m.key for m in merged.melds if m.owner == player] == [
            m.key for m in device.melds if m.owner == player
        ]


def test_a_layoff_follows_its_meld_when_other_melds_come_and_go() -> None:
    anna = RoundModel(GAME)
    anna.add_meld("Anna", parse_cards("2c 2d 2h"))
    anna.add_meld("Anna", parse_cards("7h 8h 9h"))
    parts = split_parts(anna)
    ben = merge_parts(GAME, 1, parts)
    ben.lay_off(1, "Ben", parse_cards("10h")[0])
    parts["Ben"] = split_parts(ben)["Ben"]
    anna.remove_meld(0)  # Anna takes back her first meld on her phone
    parts["Anna"] = split_parts(anna)["Anna"]
    merged = merge_parts(GAME, 1, parts)
    assert [m.plain for m in merged.melds] == [parse_cards("7h 8h 9h 10h")]
    assert merged.layoffs_of("Ben") == [(0, parse_cards("10h")[0])]


def test_a_layoff_whose_meld_is_gone_stays_in_sight_and_blocks_save() -> None:
    anna = RoundModel(GAME)
    anna.add_meld("Anna", parse_cards("7h 8h 9h"))
    parts = split_parts(anna)
    ben = merge_parts(GAME, 1, parts)
    ben.lay_off(0, "Ben", parse_cards("10h")[0])
    parts["Ben"] = split_parts(ben)["Ben"]
    anna.remove_meld(0)
    parts["Anna"] = split_parts(anna)["Anna"]
    merged = merge_parts(GAME, 1, parts)
    assert [(m.owner, m.plain) for m in merged.melds] == [("Ben", parse_cards("10h"))]
    merged.set_closer("Anna")
    assert merged.check() is not None  # a one-card meld is no meld: Save refuses


def test_only_changed_parts_are_written() -> None:
    model = RoundModel(GAME)
    before = split_parts(model)
    model.set_hand("Cleo", parse_cards("Kd X"))
    assert set(changed_parts(before, split_parts(model))) == {"Cleo"}
    model.set_closer("Anna")
    model.set_counted("Ben", 10, 0)
    assert set(changed_parts(before, split_parts(model))) == {
        ROUND_SEAT,
        "Ben",
        "Cleo",
    }
    target = Target("hand", "Dana")
    model.add_card(target, parse_cards("5s")[0])
    assert "Dana" in changed_parts(before, split_parts(model))


def test_counted_points_and_round_part_survive() -> None:
    model = RoundModel(GAME)
    model.set_closer("Dana")
    model.set_handglatt(True)
    model.set_discard(parse_cards("Qs")[0])
    model.set_counted("Anna", 25, 40)
    merged = merge_parts(GAME, 1, split_parts(model))
    assert merged.counted["Anna"] == Counted(25, 40)
    assert (merged.closer, merged.handglatt, merged.discard) == (
        "Dana",
        True,
        parse_cards("Qs")[0],
    )
    assert merged.to_round() == model.to_round()


@pytest.mark.parametrize(
    "parts",
    [
        {ROUND_SEAT: {"closer": "Zed"}},
        {"Anna": {"mode": "telepathy"}},
        {"Anna": {"hand": ["7x"]}},
        {"Anna": {"hand": "7h"}},
        {"Anna": {"melds": [{"cards": ["7h"]}]}},
        {"Anna": {"counted": {"good": -1, "bad": 0}}},
        {"Anna": {"counted": {"good": "12", "bad": 0}}},
        {"Anna": {"counted": {"good": True, "bad": 0}}},
        {"Anna": {"layoffs": ["7h"]}},
        {"Anna": {"layoffs": [{"owner": "Ben", "meld": "k", "cards": [None]}]}},
    ],
)
def test_a_damaged_part_is_refused_naming_its_seat(parts: dict[str, Any]) -> None:
    with pytest.raises(DraftError):
        merge_parts(GAME, 1, parts)


def test_a_counting_table_keeps_counting_on_every_device_without_writing() -> None:
    """Everyone counted last round: every device opens the next one counted,
    and an untouched seat has nothing to write (no "entering…" for it)."""
    from jolly_scorer.core.game import Round, add_round

    counted = Round(
        closed_by="Anna",
        counted=tuple((p, Counted(5, 0 if p == "Anna" else 5)) for p in PLAYERS),
    )
    game = add_round(GAME, counted)
    fresh = RoundModel(game)
    assert set(fresh.modes.values()) == {"points"} and not fresh.has_entries()
    ben = RoundModel(game)
    ben.set_counted("Ben", 0, 30)
    parts = {"Ben": split_parts(ben)["Ben"]}
    merged = merge_parts(game, 2, parts)
    assert set(merged.modes.values()) == {"points"}
    assert set(changed_parts(split_parts(fresh), split_parts(merged))) == {"Ben"}
    cards = RoundModel(GAME)  # a table that entered cards: cards
    assert set(cards.modes.values()) == {"cards"}
