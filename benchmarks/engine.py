"""Rules-engine benchmarks, each as a ratio to a trivial baseline in the same run.

* meld validation: melds per second on a fixed set of 10,000 generated melds,
  against a baseline that only sorts each meld's cards;
* scoring a 1,000-round game, against a baseline that sums the same numbers;
* saving a round to a 200-round and a 1,000-round game (the operation scores
  only the new round), against scoring the whole game again, as the core did
  before (goals on the server, store and page included: <= 50 ms and <= 100 ms);
* ``jolly-scorer check 5h 6h 7h`` start-up, against ``python -c pass`` (goal <= 4).

Run: ``uv run python benchmarks/engine.py``
"""

from __future__ import annotations

import dataclasses
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from jolly_scorer.core.cards import RANKS, SUITS, Card
from jolly_scorer.core.game import Round, Scored, TableMeld, new_game
from jolly_scorer.core.melds import check_meld
from jolly_scorer.core.record import Game
from jolly_scorer.core.rules import PRESETS
from jolly_scorer.core.scoring import score_game


def best_of(repeats: int, work: Callable[[], object]) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def generated_melds(count: int, seed: int = 7) -> list[list[Card]]:
    """Runs, groups, with and without jokers, valid and invalid."""
    rnd = random.Random(seed)
    melds: list[list[Card]] = []
    while len(melds) < count:
        if rnd.random() < 0.5:
            suit = rnd.choice(SUITS)
            length = rnd.randint(3, 8)
            start = rnd.randint(1, 15 - length)
            cards = [
                Card(RANKS[(p - 1) % 13], suit) for p in range(start, start + length)
            ]
        else:
            rank = rnd.choice(RANKS)
            cards = [Card(rank, s) for s in rnd.sample(SUITS, rnd.randint(3, 4))]
        for _ in range(rnd.choice((0, 0, 1, 1, 2))):
            cards[rnd.randrange(len(cards))] = Card.joker()
        if rnd.random() < 0.2:
            cards.append(Card(rnd.choice(RANKS), rnd.choice(SUITS)))
        rnd.shuffle(cards) if rnd.random() < 0.5 else None
        melds.append(cards)
    return melds


def bench_melds() -> None:
    melds = generated_melds(10_000)
    rules = list(PRESETS.values())

    def engine() -> None:
        for i, meld in enumerate(melds):
            check_meld(meld, rules[i % 3])

    def baseline() -> None:
        for meld in melds:
            sorted(meld, key=Card.sort_key)

    t_engine = best_of(3, engine)
    t_base = best_of(3, baseline)
    print(
        f"meld validation: {len(melds) / t_engine:,.0f} melds/s "
        f"({t_engine * 1000:.0f} ms for 10,000); baseline sort {t_base * 1000:.1f} ms; "
        f"ratio {t_engine / t_base:.1f}"
    )


def thousand_round_game(count: int = 1000) -> Game:
    rules = PRESETS["jolly_at"].replace(target=10**9)
    game = new_game(rules, ["Anna", "Ben", "Cleo", "Dora"])
    rnd = random.Random(3)
    rounds = []
    for _ in range(count):
        suit = rnd.choice(SUITS)
        start = rnd.randint(1, 10)
        run = [Card(RANKS[p - 1], suit) for p in range(start, start + 3)]
        rank = rnd.choice(RANKS)
        group = [Card(rank, s) for s in SUITS if s is not suit][:3]
        rounds.append(
            Round(
                closed_by="Anna",
                handglatt=rnd.random() < 0.1,
                table=(TableMeld.of("Anna", run), TableMeld.of("Ben", group)),
                hands=(
                    ("Ben", (Card(RANKS[4], SUITS[0]), Card.joker())),
                    ("Cleo", (Card(RANKS[0], SUITS[1]),)),
                    ("Dora", (Card(RANKS[12], SUITS[2]), Card(RANKS[8], SUITS[3]))),
                ),
            )
        )
    return dataclasses.replace(game, rounds=tuple(rounds))


def bench_game() -> None:
    game = thousand_round_game()
    numbers = [[(i * 7 + p) % 60 for p in range(4)] for i in range(1000)]

    def engine() -> None:
        score_game(game)

    def baseline() -> None:
        totals = [0, 0, 0, 0]
        for row in numbers:
            for p, value in enumerate(row):
                totals[p] += value

    t_engine = best_of(3, engine)
    t_base = best_of(3, baseline)
    print(
        f"score a 1,000-round game: {t_engine * 1000:.1f} ms; baseline sums "
        f"{t_base * 1000:.2f} ms; ratio {t_engine / t_base:.0f}"
    )


def bench_save() -> None:
    for count in (200, 1000):
        _bench_save(count)


def _bench_save(count: int) -> None:
    whole = thousand_round_game(count + 1)
    entry = whole.rounds[-1]
    before = Scored.of(dataclasses.replace(whole, rounds=whole.rounds[:-1]))

    def incremental() -> None:
        before.add_round(entry)

    def full() -> None:
        score_game(whole)

    t_new = best_of(5, incremental)
    t_full = best_of(5, full)
    t_store = _store_save(before, entry)
    print(
        f"save a round to a {count}-round game: {t_new * 1000:.2f} ms; "
        f"scoring it whole (before) {t_full * 1000:.1f} ms; "
        f"ratio {t_new / t_full:.3f}; with the store's save {t_store * 1000:.1f} ms "
        f"(goal {50 if count <= 200 else 100} ms with the page)"
    )


def _store_save(before: Scored, entry: Round) -> float:
    """Score the new round and commit it to a store on disk (best of 5)."""
    import tempfile

    from jolly_scorer.store import Store

    with tempfile.TemporaryDirectory() as folder, Store.open(folder) as store:
        game_id = store.create_game(before.game, result=before.result)
        times = []
        for _ in range(5):
            start = time.perf_counter()
            after = before.add_round(entry)
            store.save_game(game_id, after.game, result=after.result)
            times.append(time.perf_counter() - start)
            store.save_game(game_id, before.game, result=before.result)
        return min(times)


def bench_memory() -> None:
    import json
    import tracemalloc

    from jolly_scorer.core.gamefile import game_to_json

    game = thousand_round_game()
    text = json.dumps(game_to_json(game))
    tracemalloc.start()
    score_game(game)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.reset_peak()
    json.loads(text)
    _, base_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(
        f"memory: scoring a 1,000-round game peaks at {peak / 1024:.0f} KiB; "
        f"parsing its game file peaks at {base_peak / 1024:.0f} KiB; "
        f"ratio {peak / base_peak:.1f}"
    )


def bench_cli() -> None:
    def run(args: list[str]) -> float:
        start = time.perf_counter()
        subprocess.run(args, check=False, capture_output=True)
        return time.perf_counter() - start

    script = Path(sys.executable).with_name("jolly-scorer")
    check = [str(script), "check", "5h", "6h", "7h"]
    bare = [sys.executable, "-c", "pass"]
    pairs = [(run(bare), run(check)) for _ in range(15)]
    t_bare = statistics.median(p[0] for p in pairs)
    t_check = statistics.median(p[1] for p in pairs)
    print(
        f"cli start-up: check {t_check * 1000:.0f} ms, python -c pass "
        f"{t_bare * 1000:.0f} ms; ratio {t_check / t_bare:.2f} (goal <= 4)"
    )


if __name__ == "__main__":
    bench_melds()
    bench_game()
    bench_save()
    bench_memory()
    bench_cli()
