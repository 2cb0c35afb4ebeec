"""The arranger: exact against a brute force, legal melds, adversarial hands, CLI."""

from __future__ import annotations

import itertools
import json
import os
import time
from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jolly_scorer.cli import main
from jolly_scorer.core.arranger import MAX_CARDS, Arrangement, arrange, best
from jolly_scorer.core.cards import RANKS, SUITS, Card, parse_cards
from jolly_scorer.core.errors import (
    ArrangeTimeout,
    HandError,
    JollyError,
    TooManyCards,
)
from jolly_scorer.core.melds import check_meld, meld_readings
from jolly_scorer.core.rules import PRESETS, Rules, find_rules, house_rules

NEG = -(10**9)
# More examples for a thorough local run: JOLLY_ARRANGER_EXAMPLES=20 multiplies
# the property tests' examples by 20.
SCALE = max(1, int(os.environ.get("JOLLY_ARRANGER_EXAMPLES", "1")))


def brute(cards: Sequence[Card], rules: Rules, use_all: bool = False) -> int:
    """The best total by trying every partition (the engine values each meld)."""
    n = len(cards)

    @cache
    def value(indices: tuple[int, ...]) -> int | None:
        readings = meld_readings([cards[i] for i in indices], rules)
        return readings[0].points if readings else None

    @cache
    def solve(mask: int) -> int:
        if not mask:
            return 0
        first = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << first)
        found = NEG if use_all else solve(rest)
        others = [j for j in range(n) if rest >> j & 1]
        for size in range(2, len(others) + 1):
            for combo in itertools.combinations(others, size):
                points = value((first, *combo))
                if points is None:
                    continue
                sub = solve(rest & ~sum(1 << j for j in combo))
                if sub > NEG:
                    found = max(found, points + sub)
        return found

    return solve((1 << n) - 1)


def assert_legal(found: Arrangement, cards: Sequence[Card], rules: Rules) -> None:
    """Every meld the engine's verdict on its cards, disjoint, from the hand's cards."""
    laid: list[Card] = []
    for meld in found.melds:
        again = check_meld(meld.cards, rules)
        assert again.valid, meld.cards
        assert again.points == meld.points
        # the arranger builds its melds from its own reading: the engine's
        # verdict on the same cards must be that very value
        assert again == meld, (again, meld)
        laid.extend(meld.cards)
    assert sum(m.points or 0 for m in found.melds) == found.points
    everything = laid + list(found.left)
    assert Counter(c for c in everything if not c.is_joker) == Counter(
        c for c in cards if not c.is_joker
    )
    assert sum(c.is_joker for c in everything) == sum(c.is_joker for c in cards)
    declared = Counter(c for c in cards if c.is_joker and c.stands_for is not None)
    seen = Counter(everything)
    assert all(seen[c] >= k for c, k in declared.items())  # declared jokers stay
    assert found.opening_reached == (found.points >= rules.opening_min)


# --------------------------------------------------------------------------
# Hands and rules for property tests.

KNOBS = st.fixed_dictionaries(
    {
        "base": st.sampled_from(sorted(PRESETS)),
        "min_naturals": st.integers(0, 3),
        "jokers_at_most_naturals": st.booleans(),
        "max_jokers_per_meld": st.sampled_from([None, 1, 2]),
        "max_jokers_in_group": st.sampled_from([None, 0, 1]),
        "adjacent_jokers": st.booleans(),
        "wrap_around": st.booleans(),
        "ace_both_ends": st.booleans(),
        "ace_low": st.sampled_from([0, 1, 5]),
        "ace_high": st.sampled_from([1, 11, 14]),
        "ace_in_group": st.sampled_from([0, 11, 25]),
        "face_value": st.sampled_from([0, 10, 13]),
        "jokers": st.just(6),
    }
)
RULES = st.one_of(
    st.sampled_from([PRESETS[k] for k in sorted(PRESETS)]), KNOBS.map(house_rules)
)


@st.composite
def hands(draw: st.DrawFn, size: int = 8) -> list[Card]:
    """Small hands crowded into a few suits and ranks, so melds abound."""
    suits = draw(st.lists(st.sampled_from(SUITS), min_size=1, max_size=4, unique=True))
    low = draw(st.integers(0, 12))
    ranks = [RANKS[(low + k) % 13] for k in range(draw(st.integers(3, 7)))]
    naturals = draw(
        st.lists(
            st.tuples(st.sampled_from(ranks), st.sampled_from(suits)),
            min_size=2,
            max_size=size,
        )
    )
    counted = Counter(naturals)
    cards = [Card(r, s) for (r, s), k in counted.items() for _ in range(min(k, 2))]
    jokers = draw(st.integers(0, 3))
    cards += [Card.joker()] * jokers
    for rank, suit in draw(
        st.lists(st.tuples(st.sampled_from(ranks), st.sampled_from(suits)), max_size=1)
    ):
        cards.append(Card.joker(Card(rank, suit)))
    order = draw(st.permutations(cards))
    return list(order)[: size + 2]


@settings(max_examples=500 * SCALE, deadline=None)
@given(hands(size=9), RULES)
def test_best_is_the_optimum(cards: list[Card], rules: Rules) -> None:
    found = best(cards, rules)
    assert found.points == brute(cards, rules)
    assert_legal(found, cards, rules)


@settings(max_examples=250 * SCALE, deadline=None)
@given(hands(size=7), RULES)
def test_arrange_is_the_optimum_using_every_card(
    cards: list[Card], rules: Rules
) -> None:
    split = arrange(cards, rules)
    whole = brute(cards, rules, use_all=True)
    if whole == NEG:
        assert not split.complete and split.arrangement is None
        assert split.best.points == brute(cards, rules)
    else:
        assert split.arrangement is not None
        assert split.arrangement.points == whole
        assert split.arrangement.left == ()
        assert_legal(split.arrangement, cards, rules)
    assert_legal(split.best, cards, rules)


# --------------------------------------------------------------------------
# Hand-made cases.


def texts(found: Arrangement) -> list[str]:
    return sorted(" ".join(str(c) for c in m.cards) for m in found.melds)


def test_format_example() -> None:
    found = best(parse_cards("Qh Kh X 9c 9d 9s 2c 7d"), find_rules("jolly_at"))
    assert found.to_json() == {
        "points": 58,
        "melds": [
            {"type": "run", "points": 31, "cards": ["Qh", "Kh", "X=Ah"]},
            {"type": "group", "points": 27, "cards": ["9c", "9d", "9s"]},
        ],
        "left": ["2c", "7d"],
        "opening": {"required": 30, "reached": True},
    }


def test_empty_and_meldless_hands() -> None:
    at = find_rules("jolly_at")
    assert best((), at).points == 0
    found = best(parse_cards("2c 9d X"), at)
    assert (found.points, found.melds, len(found.left)) == (0, (), 3)
    assert arrange((), at).complete


def test_two_identical_cards_never_share_a_meld() -> None:
    at = find_rules("jolly_at")
    found = best(parse_cards("7h 7h 7s"), at)
    assert found.points == 0
    found = best(parse_cards("7h 7h 7s 7d 7c"), at)  # two groups? only one 7h each
    assert found.points == 28 and len(found.melds) == 1


def test_two_decks_make_two_melds() -> None:
    found = best(parse_cards("5h 6h 7h 5h 6h 7h"), find_rules("romme_de"))
    assert found.points == 36 and len(found.melds) == 2


def test_ace_values() -> None:
    at = find_rules("jolly_at")
    assert best(parse_cards("Ah As Ad"), at).points == 75
    assert best(parse_cards("Qh Kh Ah"), at).points == 31
    assert best(parse_cards("Ah 2h 3h"), at).points == 6
    # the ace is better in the group of aces than low in a run
    found = best(parse_cards("Ah 2h 3h As Ad"), at)
    assert found.points == 75


def test_wrap_around_and_both_ends() -> None:
    at = find_rules("jolly_at")
    cards = parse_cards("Kh Ah 2h")
    assert best(cards, find_rules("jolly_at")).points == 0
    assert best(cards, house_rules({"wrap_around": True})).points == 23
    full = parse_cards("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah")
    for rules, melds in ((house_rules({"ace_both_ends": True}), 1), (at, 2)):
        split = arrange(full, rules)
        assert split.arrangement is not None
        assert split.arrangement.points == 45 + 40 + 11
        assert len(split.arrangement.melds) == melds
    almost = parse_cards("Ah 2h 3h 4h X 6h 7h 8h 9h 10h Jh Qh Kh Ah")
    assert arrange(almost, house_rules({"ace_both_ends": True})).complete
    assert arrange(almost, at).complete  # A-9 with the joker, 10-A
    wrap = house_rules({"wrap_around": True})
    assert best(parse_cards("Ah 2h X Kh Ah"), wrap).points == 10 + 10 + 11 + 2


def test_joker_rules() -> None:
    at = find_rules("jolly_at")  # 2 naturals, jokers not side by side
    assert best(parse_cards("Kh X X"), at).points == 0
    assert best(parse_cards("Kh Ks X X"), at).points == 40
    assert best(parse_cards("5h X X 8h"), at).points == 0
    fi = find_rules("rommi_fi")  # jokers at most naturals
    assert best(parse_cards("Kh Ks X X"), fi).points == 40
    assert best(parse_cards("Kh Ks X X X"), fi).points == 40
    capped = house_rules({"max_jokers_in_group": 1, "adjacent_jokers": True})
    assert best(parse_cards("Kh Ks X X"), capped).points == 30
    one = house_rules({"max_jokers_per_meld": 1, "adjacent_jokers": True})
    assert best(parse_cards("5h 6h X X"), one).points == 18


def test_declared_jokers_stay() -> None:
    at = find_rules("jolly_at")
    found = best(parse_cards("5h 6h X=7h 9c"), at)
    assert texts(found) == ["5h 6h X=7h"]
    assert best(parse_cards("5h 6h X=9h"), at).points == 0
    found = best(parse_cards("Ks Kd X=Kh"), at)
    assert found.points == 30


def test_too_many_copies_is_bad_input() -> None:
    with pytest.raises(HandError):
        best(parse_cards("5h 5h 5h"), find_rules("jolly_at"))
    with pytest.raises(JollyError):
        arrange(parse_cards("X X X X X 5h"), find_rules("rommi_fi"))
    with pytest.raises(HandError):
        best(parse_cards("X X X X X=5h 5h"), find_rules("rommi_fi"))


ADVERSARIAL = [
    ("romme_de", "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh 7h X X X X X X", 163),
    ("jolly_at", "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh 7h X X X X X X", 163),
    ("jolly_at", "7h 8h Ah Kh Jh 6h 3h 9h Jh 6h 2h Qh 10h 5h X X X X X X", None),
    ("romme_de", "7h 8h Ah Kh Jh 6h 3h 9h Jh 6h 2h Qh 10h 5h X X X X X X", None),
    ("rommi_fi", "7s 6s 9s As Qs Ks 8s 5s 10s Ks As 9s 10s 6s 3s Js X X X X", None),
    ("jolly_at", "4h 5h 6h 7h 8h 4d 5d 6d 7d 8d 4c 5c 6c 7c 8c 4s 5s 6s 7s 8s", 120),
    ("romme_de", "9h 9h 10h 10h Jh Jh Qh Qh Kh Kh Ah Ah 9d 9d 10d 10d X X X X", 198),
]


@pytest.mark.parametrize(("preset", "hand", "points"), ADVERSARIAL)
def test_adversarial_hands_are_fast(preset: str, hand: str, points: int | None) -> None:
    rules = find_rules(preset)
    cards = parse_cards(hand)
    begin = time.perf_counter()
    found = best(cards, rules)
    elapsed = time.perf_counter() - begin
    assert_legal(found, cards, rules)
    if points is not None:
        assert found.points == points
    assert elapsed < 1.0  # generous: a loaded test machine; typically < 50 ms


def test_a_pile_of_thirty_laid_cards() -> None:
    rules = find_rules("romme_de")
    pile = parse_cards(
        "3h 4h 5h 6h 7h 8h 9h 10h 9c 9d 9s Qd Kd Ad 2s 3s 4s 5s "
        "Jc Jd Js 7c 7d X 4d 5d 6d X Kh Ks"
    )
    split = arrange(pile, rules)
    assert split.complete and split.arrangement is not None
    assert split.arrangement.left == ()
    assert_legal(split.arrangement, pile, rules)
    assert split.arrangement.points == best(pile, rules).points


def test_adjacent_runs_are_joined() -> None:
    found = best(parse_cards("3h 4h 5h 6h 7h 8h 9h"), find_rules("jolly_at"))
    assert texts(found) == ["3h 4h 5h 6h 7h 8h 9h"]


# --------------------------------------------------------------------------
# The cap and the time limit (issue 12.2).

# The largest allowed hand that keeps the search busiest of those tried: both
# copies of a suit, eight cards of another, six jokers (about 0.1-1 s).
LARGEST = (
    [Card(r, SUITS[0]) for r in RANKS] * 2
    + [Card(r, SUITS[3]) for r in RANKS[:8]]
    + [Card.joker()] * 6
)


def test_the_largest_allowed_hand_is_answered() -> None:
    assert len(LARGEST) == MAX_CARDS
    found = best(LARGEST, find_rules("romme_de"))
    assert found.points == 300
    assert_legal(found, LARGEST, find_rules("romme_de"))


def test_one_card_more_than_the_cap_is_refused_naming_it() -> None:
    hand = [Card(r, s) for s in SUITS for r in RANKS[:10]] + [Card.joker()]
    assert len(hand) == MAX_CARDS + 1
    for function in (best, arrange):
        with pytest.raises(TooManyCards, match=f"at most {MAX_CARDS} cards"):
            function(hand, find_rules("jolly_at"))  # type: ignore[operator]
    assert issubclass(TooManyCards, JollyError)
    best(hand[:MAX_CARDS], find_rules("jolly_at"))  # exactly the cap is fine


def test_a_search_past_its_time_limit_raises() -> None:
    at = find_rules("jolly_at")
    with pytest.raises(ArrangeTimeout, match="within 0.001 seconds"):
        best(LARGEST, at, time_limit=0.001)
    with pytest.raises(ArrangeTimeout):
        arrange(LARGEST, at, time_limit=0.001)
    assert issubclass(ArrangeTimeout, JollyError)
    # a small hand finishes well within a generous limit
    assert best(parse_cards("5h 6h 7h"), at, time_limit=60).points == 18
    for bad in (0, -1.0, float("nan")):
        with pytest.raises(ValueError, match="time_limit"):
            best(parse_cards("5h 6h 7h"), at, time_limit=bad)


def test_cli_time_limit_is_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    cards = [str(card) for card in LARGEST]
    for command in ("best", "arrange"):
        status, out, err = run_cli(capsys, command, "--time-limit", "0.001", *cards)
        assert status == 2 and out == ""
        assert err.count("\n") == 1 and "within 0.001 seconds" in err
    status, _, err = run_cli(capsys, "best", *cards, "2c")
    assert status == 2 and err.count("\n") == 1 and f"at most {MAX_CARDS}" in err
    with pytest.raises(SystemExit) as stopped:
        main(["best", "--time-limit", "-3", "5h"])
    assert stopped.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1


# --------------------------------------------------------------------------
# The command line.


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_best_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(
        capsys, "best", "--json", "Qh", "Kh", "X", "9c 9d 9s", "2c", "7d"
    )
    assert status == 0
    data: dict[str, Any] = json.loads(out)
    assert data["points"] == 58
    assert data["left"] == ["2c", "7d"]
    assert data["opening"] == {"required": 30, "reached": True}
    assert data["melds"][0] == {
        "type": "run",
        "points": 31,
        "cards": ["Qh", "Kh", "X=Ah"],
    }


def test_cli_best_text_and_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "best", "--rules", "romme_de", "2c", "9d")
    assert status == 0
    assert "total 0 points" in out and "not reached" in out
    status, out, _ = run_cli(capsys, "best", "5h", "6h", "7h")
    assert status == 0 and "run" in out and "18" in out


def test_cli_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run_cli(capsys, "best", "5h", "5h", "5h")
    assert status == 2 and err.count("\n") == 1 and "5h" in err
    status, _, err = run_cli(capsys, "arrange", "5x")
    assert status == 2 and "5x" in err
    status, _, err = run_cli(capsys, "best", "--rules", "nope", "5h")
    assert status == 2


def test_cli_arrange(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(
        capsys, "arrange", "--json", "5h", "6h", "7h", "9c", "9d", "X"
    )
    assert status == 0
    data = json.loads(out)
    assert data["left"] == [] and data["points"] == 45 and len(data["melds"]) == 2
    status, out, _ = run_cli(capsys, "arrange", "--json", "5h", "6h", "7h", "2c")
    assert status == 1
    data = json.loads(out)
    assert data["melds"] is None
    assert data["best"]["points"] == 18 and data["best"]["left"] == ["2c"]
    status, out, _ = run_cli(capsys, "arrange", "5h", "6h", "7h", "2c")
    assert status == 1 and "no split" in out
