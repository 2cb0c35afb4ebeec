"""Time the arranger against an integer linear programming baseline (HiGHS).

    uv run python benchmarks/arrange.py [--hands FILE] [--repeat N]

Both solve the same hands in the same run: the arranger
(:func:`jolly_scorer.core.arranger.best`, everything from the cards to the
checked melds) and an ILP whose candidate melds are enumerated here,
independently of the arranger. The ILP is honest: one integer variable per
distinct candidate meld (the multiset of cards and plain jokers it uses,
worth its best reading; long runs that split into two legal runs worth as much
are left out, as any sensible formulation would), a row per card type (at most
the copies held), a row for the plain jokers, maximise the points. Its time is
HiGHS building and solving the model (``passModel`` + ``run``); enumerating
the candidates is not counted against it. Each time is the fastest of
``--repeat`` runs.

The last line is

    arrange: N hands, optimal N/N, median ratio R, worst-hand ratio W

R: the median over hands of arranger time / ILP time; W: the arranger's
slowest hand / the ILP's slowest hand. A hand is optimal when both find the
same optimum (and it equals the file's ``optimum`` where given).

A hands file is JSON: ``{"rules": {"name": R, ...}, "hands": [{"id": ...,
"cards": [...], "rules": "name", "optimum": N}]}``, each R a preset id or a
rules object. Without ``--hands`` a seeded set of its own: random hands of
13 to 20 cards across the presets, and adversarial ones (one suit, many
jokers, duplicates).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import highspy
import numpy as np

from jolly_scorer.core.arranger import best
from jolly_scorer.core.cards import RANKS, SUITS, Card, format_cards, full_deck
from jolly_scorer.core.melds import position_value
from jolly_scorer.core.rules import PRESETS, Rules, resolve_rules

# A card type: ("n" natural | "d" declared joker, suit index, number 1..13).
TypeKey = tuple[str, int, int]
Candidate = tuple[dict[TypeKey, int], int, int]  # uses, plain jokers, points


# --------------------------------------------------------------------------
# The ILP baseline.


def _meld_ok(naturals: int, jokers: int, rules: Rules) -> bool:
    if naturals < max(1, rules.min_naturals):
        return False
    if rules.jokers_at_most_naturals and jokers > naturals:
        return False
    return rules.max_jokers_per_meld is None or jokers <= rules.max_jokers_per_meld


def _splits(fillers: Sequence[bool], start: int, rules: Rules) -> bool:
    """Whether a run (True = joker at that place) splits into two legal runs."""
    n = len(fillers)
    for k in range(3, n - 2):
        if start + k == 14 and rules.ace_low < rules.ace_high:
            continue
        head, tail = fillers[:k], fillers[k:]
        if _meld_ok(k - sum(head), sum(head), rules) and _meld_ok(
            len(tail) - sum(tail), sum(tail), rules
        ):
            return True
    return False


def candidates(counts: Counter[TypeKey], jokers: int, rules: Rules) -> list[Candidate]:
    """Every distinct legal meld the hand can form, worth its best reading."""
    best_of: dict[tuple[tuple[tuple[TypeKey, int], ...], int], int] = {}

    def record(uses: Counter[TypeKey], plain: int, points: int) -> None:
        key = (tuple(sorted(uses.items())), plain)
        if points > best_of.get(key, -1):
            best_of[key] = points

    windows: list[tuple[int, int]] = []
    for length in range(3, 15):
        if length == 14:
            if rules.ace_both_ends:
                windows.append((1, 14))
            continue
        last_start = 13 if rules.wrap_around else 15 - length
        windows.extend((start, length) for start in range(1, last_start + 1))
    for suit in range(4):
        if not any(k[0] == "n" and k[1] == suit for k in counts):
            continue
        for start, length in windows:
            numbers = [(start + i - 1) % 13 + 1 for i in range(length)]

            def fill(
                i: int,
                uses: Counter[TypeKey],
                plain: int,
                jokered: list[bool],
                points: int,
                numbers: list[int] = numbers,
                start: int = start,
                suit: int = suit,
            ) -> None:
                if i == len(numbers):
                    naturals = sum(1 for j in jokered if not j)
                    if _meld_ok(naturals, sum(jokered), rules) and not (
                        len(numbers) >= 6 and _splits(jokered, start, rules)
                    ):
                        record(uses, plain, points)
                    return
                worth = position_value(start + i, rules)
                previous = bool(jokered) and jokered[-1]
                for kind in ("n", "d", "x"):
                    if kind != "n" and previous and not rules.adjacent_jokers:
                        continue
                    if kind == "x":
                        if plain >= jokers:
                            continue
                        jokered.append(True)
                        fill(i + 1, uses, plain + 1, jokered, points + worth)
                        jokered.pop()
                        continue
                    key = (kind, suit, numbers[i])
                    if uses[key] >= counts.get(key, 0):
                        continue
                    uses[key] += 1
                    jokered.append(kind == "d")
                    fill(i + 1, uses, plain, jokered, points + worth)
                    jokered.pop()
                    uses[key] -= 1
                    if uses[key] == 0:
                        del uses[key]

            fill(0, Counter(), 0, [], 0)
    for number in range(1, 14):
        value = rules.ace_in_group if number == 1 else position_value(number, rules)
        options = []
        for suit in range(4):
            here = [("n", suit, number), ("d", suit, number)]
            options.append([None] + [k for k in here if counts.get(k, 0)])
        chosen: list[list[TypeKey]] = [[]]
        for opts in options:
            chosen = [c + ([o] if o else []) for c in chosen for o in opts]
        for fixed in chosen:
            naturals = sum(1 for k in fixed if k[0] == "n")
            for plain in range(0, min(jokers, 4 - len(fixed)) + 1):
                size = len(fixed) + plain
                joker_count = size - naturals
                cap = rules.max_jokers_in_group
                if size < 3 or not _meld_ok(naturals, joker_count, rules):
                    continue
                if cap is not None and joker_count > cap:
                    continue
                record(Counter(fixed), plain, value * size)
    return [(dict(uses), plain, points) for (uses, plain), points in best_of.items()]


def ilp_best(
    counts: Counter[TypeKey], jokers: int, cands: list[Candidate]
) -> tuple[int, float]:
    """The optimum and HiGHS's time (build + solve) for these candidates."""
    types = sorted(counts)
    row_of = {key: i for i, key in enumerate(types)}
    joker_row = len(types)
    start_: list[int] = []
    index_: list[int] = []
    value_: list[float] = []
    cost: list[float] = []
    upper: list[float] = []
    for uses, plain, points in cands:
        start_.append(len(index_))
        bound = jokers // plain if plain else 2
        for key, k in uses.items():
            index_.append(row_of[key])
            value_.append(k)
            bound = min(bound, counts[key] // k)
        if plain:
            index_.append(joker_row)
            value_.append(plain)
        cost.append(points)
        upper.append(bound)
    start_.append(len(index_))
    begin = time.perf_counter()
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
    lp.row_upper_ = np.array([counts[k] for k in types] + [jokers], dtype=np.double)
    lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
    lp.a_matrix_.start_ = np.array(start_, dtype=np.int32)
    lp.a_matrix_.index_ = np.array(index_, dtype=np.int32)
    lp.a_matrix_.value_ = np.array(value_, dtype=np.double)
    lp.integrality_ = [highspy.HighsVarType.kInteger] * len(cands)
    h.passModel(lp)
    h.run()
    objective = h.getInfo().objective_function_value if cands else 0.0
    elapsed = time.perf_counter() - begin
    return round(objective), elapsed


def type_counts(cards: Sequence[Card]) -> tuple[Counter[TypeKey], int]:
    counts: Counter[TypeKey] = Counter()
    jokers = 0
    for card in cards:
        target = card.stands_for if card.is_joker else card
        if target is None:
            jokers += 1
            continue
        assert target.rank is not None and target.suit is not None
        kind = "d" if card.is_joker else "n"
        counts[(kind, SUITS.index(target.suit), target.rank.number)] += 1
    return counts, jokers


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
    theirs: list[float] = []
    optimal = 0
    for hand in hands:
        rules: Rules = hand["rules"]
        cards = parse_cards(hand["cards"])
        found, ours_time = fastest(lambda c=cards, r=rules: best(c, r), args.repeat)
        counts, jokers = type_counts(cards)
        cands = candidates(counts, jokers, rules)
        ilp_time = float("inf")
        optimum = 0
        for _ in range(args.repeat):
            optimum, elapsed = ilp_best(counts, jokers, cands)
            ilp_time = min(ilp_time, elapsed)
        expected = hand.get("optimum")
        agree = found.points == optimum and expected in (None, optimum)
        optimal += agree
        ours.append(ours_time)
        theirs.append(ilp_time)
        if not args.quiet:
            mark = "" if agree else f"  MISMATCH (ILP {optimum}, file {expected})"
            print(
                f"{hand.get('id', '?')!s:>18} {len(cards):>3} cards "
                f"{found.points:>4} pts  arranger {ours_time * 1000:8.2f} ms  "
                f"ILP {ilp_time * 1000:8.2f} ms ({len(cands)} melds)  "
                f"ratio {ours_time / ilp_time:6.3f}{mark}  {format_cards(cards)}"
            )
    ratios = [a / b for a, b in zip(ours, theirs, strict=True)]
    median = statistics.median(ratios) if ratios else 0.0
    worst = max(ours) / max(theirs) if hands else 0.0
    print(
        f"arrange: {len(hands)} hands, optimal {optimal}/{len(hands)}, "
        f"median ratio {median:.3f}, worst-hand ratio {worst:.3f}"
    )
    return 0 if optimal == len(hands) else 1


if __name__ == "__main__":
    sys.exit(main())
