"""Time the arranger against an integer linear programming baseline (HiGHS).

    uv run python benchmarks/arrange.py [--hands FILE] [--repeat N]

Both solve the same hands in the same run, each from the cards to its
answer: the arranger (:func:`jolly_scorer.core.arranger.best`, everything
from the cards to the checked melds) and an ILP baseline, a complete solver
written here independently of the arranger. The ILP is honest in both
directions:

* its model is the usual one: one integer variable per distinct candidate
  meld (the multiset of cards and plain jokers it uses, worth its best
  reading; long runs that split into two legal runs worth as much are left
  out, as any sensible formulation would), a row per card type (at most the
  copies held), a row for the plain jokers, maximise the points;
* its candidate enumeration is part of the solver and is timed with it. It
  is not handicapped: runs grow position by position from each start over
  only the cards the hand holds, a branch stops once every longer run would
  split, and a hand with no candidate at all is answered without a model.

Per hand the table shows the ILP's total time (card types, candidate melds,
model, ``passModel`` + ``run``, the chosen melds read back) and, in brackets,
its solve time alone (HiGHS building and solving the model, what the first
version of this benchmark timed). The ratios are against the ILP's total
time. Each time is the fastest of ``--repeat`` runs.

The last line is

    arrange: N hands, optimal N/N, median ratio R, worst-hand ratio W

R: the median over hands of arranger time / ILP total time; W: the
arranger's slowest hand / the ILP's slowest hand (total time). A hand is
optimal when both find the same optimum (and it equals the file's
``optimum`` where given).

A hands file is JSON: ``{"rules": {"name": R, ...}, "hands": [{"id": ...,
"cards": [...], "rules": "name", "optimum": N}]}``, each R a preset id or a
rules object. Without ``--hands`` a seeded set of its own: random hands of
13 to 20 cards across the presets, and adversarial ones (one suit, many
jokers, duplicates).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import highspy
import numpy as np

from jolly_scorer.core.arranger import Arrangement, best
from jolly_scorer.core.cards import RANKS, SUITS, Card, format_cards, full_deck
from jolly_scorer.core.melds import position_value
from jolly_scorer.core.rules import PRESETS, Rules, resolve_rules

# A card type: ("n" natural | "d" declared joker, suit index, number 1..13).
TypeKey = tuple[str, int, int]
# A candidate meld: the indices of the card types it uses (a type may repeat
# only in a run A-2-…-K-A), its plain jokers, its points.
Candidate = tuple[tuple[int, ...], int, int]

_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}


# --------------------------------------------------------------------------
# The ILP baseline: its own candidate enumeration, the model, HiGHS.


def type_counts(cards: Sequence[Card]) -> tuple[list[TypeKey], list[int], int]:
    """The card types of a hand (sorted), how many of each, the plain jokers."""
    counts: dict[TypeKey, int] = {}
    jokers = 0
    for card in cards:
        target = card.stands_for if card.is_joker else card
        if target is None:
            jokers += 1
            continue
        assert target.rank is not None and target.suit is not None
        key = (
            "d" if card.is_joker else "n",
            _SUIT_INDEX[target.suit],
            target.rank.number,
        )
        counts[key] = counts.get(key, 0) + 1
    types = sorted(counts)
    return types, [counts[key] for key in types], jokers


def candidates(
    types: Sequence[TypeKey], counts: Sequence[int], jokers: int, rules: Rules
) -> list[Candidate]:
    """Every distinct legal meld the hand can form, worth its best reading.

    Runs grow position by position from each start (a natural card, a joker
    declared as that card or a plain joker at each place), so only what the
    hand holds is ever tried; a run of 6 or more that splits into two legal
    runs worth as much is left out (the pieces stand for it), and a branch
    stops once every longer run from it would split too. Groups: per suit a
    natural card, a declared joker or nothing, plain jokers for the rest.
    """
    need = max(1, rules.min_naturals)
    at_most = rules.jokers_at_most_naturals
    cap = rules.max_jokers_per_meld
    adjacent = rules.adjacent_jokers
    ace_split_loses = rules.ace_low < rules.ace_high
    values = [0] + [position_value(p, rules) for p in range(1, 27)]

    def legal(naturals: int, fillers: int) -> bool:
        return (
            naturals >= need
            and not (at_most and fillers > naturals)
            and (cap is None or fillers <= cap)
        )

    best_of: dict[tuple[tuple[int, ...], int], int] = {}

    def record(used: list[int], plain: int, points: int) -> None:
        key = (tuple(sorted(used)), plain)
        if points > best_of.get(key, -1):
            best_of[key] = points

    index = {key: i for i, key in enumerate(types)}
    starts: list[tuple[int, int]] = []
    for first in range(1, 14) if rules.wrap_around else range(1, 13):
        if rules.ace_both_ends and first == 1:
            starts.append((first, 14))
        elif rules.wrap_around:
            starts.append((first, first + 12))
        else:
            starts.append((first, min(first + 12, 14)))
    declared_jokers = sum(
        c for key, c in zip(types, counts, strict=True) if key[0] == "d"
    )

    def runs_of(natural: list[int], declared: list[int]) -> None:
        """Every run of one suit (the types of its cards by number)."""

        taken = [0] * len(types)
        used: list[int] = []
        fill: list[bool] = [False]  # fill[i + 1]: the i-th card is a joker
        nats = [0]
        fills = [0]

        def grow(first: int, last: int, position: int, plain: int, points: int) -> None:
            length = position - first
            if length >= 3:
                spare = jokers - plain + declared_jokers - (fills[-1] - plain)
                splits = False
                for k in range(3, length - 2):
                    if first + k == 14 and ace_split_loses:
                        continue
                    tail_nat = nats[length] - nats[k]
                    tail_fill = fills[length] - fills[k]
                    if legal(nats[k], fills[k]) and legal(tail_nat, tail_fill):
                        splits = True
                        if (not at_most or tail_nat - tail_fill >= spare) and (
                            cap is None or tail_fill + spare <= cap
                        ):
                            return  # every longer run splits as well
                if not splits and legal(nats[-1], fills[-1]):
                    record(used, plain, points)
            if position > last:
                return
            number = (position - 1) % 13 + 1
            worth = values[position]
            n = natural[number]
            if n >= 0 and taken[n] < counts[n]:
                taken[n] += 1
                used.append(n)
                nats.append(nats[-1] + 1)
                fills.append(fills[-1])
                fill.append(False)
                grow(first, last, position + 1, plain, points + worth)
                fill.pop()
                fills.pop()
                nats.pop()
                used.pop()
                taken[n] -= 1
            if fill[-1] and not adjacent:
                return
            nats.append(nats[-1])
            fills.append(fills[-1] + 1)
            fill.append(True)
            d = declared[number]
            if d >= 0 and taken[d] < counts[d]:
                taken[d] += 1
                used.append(d)
                grow(first, last, position + 1, plain, points + worth)
                used.pop()
                taken[d] -= 1
            if plain < jokers:
                grow(first, last, position + 1, plain + 1, points + worth)
            fill.pop()
            fills.pop()
            nats.pop()

        for first, last in starts:
            grow(first, last, first, 0, 0)

    for suit in range(4):
        natural = [index.get(("n", suit, number), -1) for number in range(14)]
        if max(natural) >= 0:
            runs_of(
                natural, [index.get(("d", suit, number), -1) for number in range(14)]
            )
    for number in range(1, 14):
        per_suit = [
            [-1]
            + [i for kind in "nd" if (i := index.get((kind, suit, number), -1)) >= 0]
            for suit in range(4)
        ]
        if all(options == [-1] for options in per_suit):
            continue
        value = rules.ace_in_group if number == 1 else values[number]
        gcap = rules.max_jokers_in_group
        chosen: list[list[int]] = [[]]
        for options in per_suit:
            chosen = [c + [o] if o >= 0 else c for c in chosen for o in options]
        for fixed in chosen:
            naturals = sum(1 for i in fixed if types[i][0] == "n")
            if naturals < need:
                continue
            for plain in range(max(0, 3 - len(fixed)), min(jokers, 4 - len(fixed)) + 1):
                size = len(fixed) + plain
                fillers = size - naturals
                if not legal(naturals, fillers) or (
                    gcap is not None and fillers > gcap
                ):
                    continue
                record(fixed, plain, value * size)
    return [(used, plain, points) for (used, plain), points in best_of.items()]


def ilp_best(cards: Sequence[Card], rules: Rules) -> tuple[int, float, float, int]:
    """The optimum of the hand by ILP: (points, total time, solve time, candidates).

    The total runs from the cards to the solution: the hand's card types, the
    candidate melds, the model, HiGHS (``passModel`` + ``run``), the chosen
    melds read back. The solve time is the HiGHS part alone (as the first
    version of this benchmark timed it).
    """
    begin = time.perf_counter()
    types, counts, jokers = type_counts(cards)
    cands = candidates(types, counts, jokers, rules)
    if not cands:  # nothing to lay down: no model to solve
        return 0, time.perf_counter() - begin, 0.0, 0
    joker_row = len(types)
    start_: list[int] = []
    index_: list[int] = []
    value_: list[float] = []
    cost: list[float] = []
    upper: list[float] = []
    for used, plain, points in cands:
        start_.append(len(index_))
        bound = jokers // plain if plain else 2
        for row in sorted(set(used)):
            k = used.count(row)
            index_.append(row)
            value_.append(k)
            bound = min(bound, counts[row] // k)
        if plain:
            index_.append(joker_row)
            value_.append(plain)
        cost.append(points)
        upper.append(bound)
    start_.append(len(index_))
    solve_begin = time.perf_counter()
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("threads", 1)
    lp = highspy.HighsLp()
    lp.num_col_ = len(cands)
    lp.num_row_ = len(types) + 1
    lp.sense_ = highspy.ObjSense.kMaximize
    lp.col_cost_ = np.array(cost, dtype=np.double)
    lp.col_lower_ = np.zeros(len(cands))
    lp.col_upper_ = np.array(upper, dtype=np.double)
    lp.row_lower_ = np.zeros(len(types) + 1)
    lp.row_upper_ = np.array([*counts, jokers], dtype=np.double)
    lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
    lp.a_matrix_.start_ = np.array(start_, dtype=np.int32)
    lp.a_matrix_.index_ = np.array(index_, dtype=np.int32)
    lp.a_matrix_.value_ = np.array(value_, dtype=np.double)
    lp.integrality_ = [highspy.HighsVarType.kInteger] * len(cands)
    h.passModel(lp)
    h.run()
    objective = h.getInfo().objective_function_value
    chosen = [i for i, x in enumerate(h.getSolution().col_value) if x > 0.5]
    solved = time.perf_counter()
    assert sum(cands[i][2] for i in chosen) <= round(objective)
    return round(objective), solved - begin, solved - solve_begin, len(cands)


# --------------------------------------------------------------------------
# Hands.


def generated_hands() -> list[dict[str, Any]]:
    """Seeded random hands across the presets, then adversarial ones."""
    rng = random.Random(20240605)
    hands: list[dict[str, Any]] = []
    for i in range(60):
        name = list(PRESETS)[i % 3]
        deck = list(full_deck(PRESETS[name].jokers))
        rng.shuffle(deck)
        size = rng.randint(13, 20)
        hands.append({"id": f"random-{i}", "rules": name, "cards": deck[:size]})
    for i in range(12):
        name = list(PRESETS)[i % 3]
        suit = SUITS[i % 4]
        jokers = min(6, PRESETS[name].jokers)
        pool = [Card(rank, suit) for rank in RANKS] * 2
        rng.shuffle(pool)
        cards = pool[: 20 - jokers] + [Card.joker()] * jokers
        hands.append({"id": f"one-suit-{i}", "rules": name, "cards": cards})
    for i in range(6):
        name = list(PRESETS)[i % 3]
        low = rng.randint(1, 8)
        pool = [Card(RANKS[(low + k - 1) % 13], s) for k in range(5) for s in SUITS]
        jokers = min(i % 4, PRESETS[name].jokers)
        cards = rng.sample(pool * 2, 20 - jokers) + [Card.joker()] * jokers
        hands.append({"id": f"duplicates-{i}", "rules": name, "cards": cards})
    full = [Card(rank, SUITS[0]) for rank in RANKS] + [Card(RANKS[6], SUITS[0])]
    for name in PRESETS:
        jokers = min(6, PRESETS[name].jokers)
        cards = full[: 20 - jokers] + [Card.joker()] * jokers
        hands.append({"id": f"full-suit-{name}", "rules": name, "cards": cards})
    for hand in hands:
        hand["cards"] = [str(card) for card in hand["cards"]]
    return hands


def load_hands(path: Path) -> list[dict[str, Any]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    named = data.get("rules", {})
    hands = []
    for hand in data["hands"]:
        spec = hand.get("rules", "jolly_at")
        spec = named.get(spec, spec) if isinstance(spec, str) else spec
        hands.append({**hand, "rules": resolve_rules(spec)})
    return hands


def fastest(run: Callable[[], Any], repeat: int) -> tuple[Any, float]:
    times = []
    result = None
    for _ in range(repeat):
        begin = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - begin)
    return result, min(times)


def ilp_fastest(
    cards: Sequence[Card], rules: Rules, repeat: int
) -> tuple[int, float, float, int]:
    """The ILP's optimum, fastest total and fastest solve over ``repeat`` runs."""
    optimum = size = 0
    total = solve = float("inf")
    for _ in range(repeat):
        optimum, elapsed, solving, size = ilp_best(cards, rules)
        total = min(total, elapsed)
        solve = min(solve, solving)
    return optimum, total, solve, size


def largest_allowed_hand(repeat: int) -> None:
    """The largest hand the arranger takes (``MAX_CARDS``), the busiest of the
    shapes tried: both copies of a suit, eight of another, six jokers (as many
    as the rules have, the rest of the other suit); and the
    time to refuse one card more (issue 12.2: before the cap, 64 cards took
    8.2 s and 72 more than 30 s)."""
    from jolly_scorer.core.arranger import MAX_CARDS
    from jolly_scorer.core.errors import TooManyCards

    hand: list[Card] = []
    for name, rules in PRESETS.items():
        jokers = min(6, rules.jokers)
        hand = [Card(r, SUITS[0]) for r in RANKS] * 2
        hand += [Card(r, SUITS[3]) for r in RANKS[: MAX_CARDS - 26 - jokers]]
        hand += [Card.joker()] * jokers
        assert len(hand) == MAX_CARDS

        def search(rules: Rules = rules, hand: list[Card] = hand) -> Arrangement:
            return best(hand, rules, time_limit=60)

        found, elapsed = fastest(search, repeat)
        print(
            f"largest allowed hand ({MAX_CARDS} cards, {jokers} jokers, {name}): "
            f"{found.points} pts in {elapsed * 1000:.0f} ms"
        )
    start = time.perf_counter()
    with contextlib.suppress(TooManyCards):
        best([*hand, Card(RANKS[9], SUITS[3])], PRESETS["jolly_at"])
    print(
        f"{MAX_CARDS + 1} cards refused in "
        f"{(time.perf_counter() - start) * 1000:.2f} ms"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=Path, help="a JSON hands file")
    parser.add_argument("--repeat", type=int, default=3, help="runs per hand")
    parser.add_argument("--quiet", action="store_true", help="only the last line")
    args = parser.parse_args(argv)
    if args.hands:
        hands = load_hands(args.hands)
    else:
        hands = [{**h, "rules": PRESETS[h["rules"]]} for h in generated_hands()]
    from jolly_scorer.core.cards import parse_cards

    ours: list[float] = []
    theirs: list[float] = []  # the ILP's total time
    solving: list[float] = []  # the ILP's solve time alone
    optimal = 0
    for hand in hands:
        rules: Rules = hand["rules"]
        cards = parse_cards(hand["cards"])
        found, ours_time = fastest(lambda c=cards, r=rules: best(c, r), args.repeat)
        optimum, ilp_time, solve_time, size = ilp_fastest(cards, rules, args.repeat)
        expected = hand.get("optimum")
        agree = found.points == optimum and expected in (None, optimum)
        optimal += agree
        ours.append(ours_time)
        theirs.append(ilp_time)
        solving.append(solve_time)
        if not args.quiet:
            mark = "" if agree else f"  MISMATCH (ILP {optimum}, file {expected})"
            print(
                f"{hand.get('id', '?')!s:>18} {len(cards):>3} cards "
                f"{found.points:>4} pts  arranger {ours_time * 1000:8.2f} ms  "
                f"ILP {ilp_time * 1000:8.2f} ms (solve {solve_time * 1000:8.2f} ms, "
                f"{size} melds)  "
                f"ratio {ours_time / ilp_time:6.3f}{mark}  {format_cards(cards)}"
            )
    ratios = [a / b for a, b in zip(ours, theirs, strict=True)]
    median = statistics.median(ratios) if ratios else 0.0
    worst = max(ours) / max(theirs) if hands else 0.0
    solved = [(a, b) for a, b in zip(ours, solving, strict=True) if b > 0]
    if solved and not args.quiet:
        print(
            f"(against the ILP's solve time alone, {len(solved)} hands with a "
            f"model: median ratio "
            f"{statistics.median(a / b for a, b in solved):.3f}, worst-hand "
            f"ratio {max(ours) / max(b for _, b in solved):.3f})"
        )
    if not args.quiet:
        largest_allowed_hand(args.repeat)
    print(
        f"arrange: {len(hands)} hands, optimal {optimal}/{len(hands)}, "
        f"median ratio {median:.3f}, worst-hand ratio {worst:.3f}"
    )
    return 0 if optimal == len(hands) else 1


if __name__ == "__main__":
    sys.exit(main())
