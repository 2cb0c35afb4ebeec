"""Past games over a large history (issue 38.7).

    uv run python benchmarks/past_games.py [--games 20000]

Stores ``--games`` games (4 players, a few rounds each; one backup restored,
as a person with years of games would) in a fresh folder, then times what
the past games screen reads: every game (``list_games()``, before) and its
first page (``list_games(limit=PAGE + 1)``, after), each the fastest of 3.
And what Home asks at every change, the game played last (before: picked
out of every game's summary; after: ``last_played()``, down an index), and
what a joined device's store reads for its table's game (before: picked
out of every summary; after: ``game_summary(id)``).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from jolly_scorer.core.game import Counted, Round, add_round, new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store
from jolly_scorer.tables.guest_store import GuestStore
from jolly_scorer.ui.screens.past_games.screen import PAGE


def fastest(call: object, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        call()  # type: ignore[operator]
        best = min(best, time.perf_counter() - started)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20000)
    args = parser.parse_args()
    players = ("Anna", "Ben", "Cleo", "Dora")
    game = new_game(find_rules("jolly_at"), players, target=10**6)
    for n in range(3):
        closer = players[n % 4]
        game = add_round(
            game,
            Round(
                closed_by=closer,
                counted=tuple(
                    (p, Counted(good=20, bad=0 if p == closer else 5)) for p in players
                ),
            ),
        )
    with tempfile.TemporaryDirectory() as tmp, Store.open(Path(tmp)) as store:
        store.create_game(game)
        one = store.backup()
        backup = dict(one, games=one["games"] * args.games)
        started = time.perf_counter()
        store.restore(backup)
        print(f"{args.games} games restored in {time.perf_counter() - started:.1f} s")
        every = fastest(store.list_games)
        page = fastest(lambda: store.list_games(limit=PAGE + 1))
        print(f"list_games() (before): {every:.3f} s")
        print(f"list_games(limit={PAGE + 1}) (after): {page:.4f} s")
        picked = fastest(lambda: max(store.list_games(), key=lambda g: g.updated))
        last = fastest(store.last_played)
        print(f"Home's game played last: before {picked:.3f} s, after {last:.5f} s")
        table = args.games // 2
        guest = GuestStore(store, lambda: table)
        mine = fastest(lambda: [g for g in store.list_games() if g.id == table])
        alone = fastest(guest.list_games)
        print(f"a guest's table game: before {mine:.3f} s, after {alone:.5f} s")


if __name__ == "__main__":
    main()
