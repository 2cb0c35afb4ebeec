"""Time entering a round together (seat parts) against the old per-game draft.

    uv run python benchmarks/together_parts.py [--changes N]

One store file, a game of four, two devices (two ``SharedRound``s, as two
pages of the server hold them). Each change is one card added to one
player's hand, taking turns over Anna, Ben and Cleo (B is typing Dora's
hand meanwhile), on device A; then

* together: A writes the parts that changed (``SharedRound.write``) and B
  catches up (``SharedRound.catch_up``: loads every part, merges them into
  its ``RoundEntryModel``, keeping its own editor and typed text);
* baseline, same run: A writes its whole round as the old per-game draft
  (``Store.save_draft`` of ``RoundModel.to_draft``) and B reads it back
  (``Store.load_draft`` + ``RoundModel.from_draft``): what one page did
  before rounds were shared (last writer wins, nothing merged).

The two run interleaved, change by change. Each figure is the median over
the changes; the last line is

    together_parts: N changes, write+catch-up median X ms, draft median Y ms, ratio R

R = X / Y (the store's writes dominate both; nothing is asserted).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from jolly_scorer.core.cards import parse_cards
from jolly_scorer.core.game import new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store
from jolly_scorer.ui.models.round import RoundModel, Target
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.models.shared_round import SharedRound

PLAYERS = ["Anna", "Ben", "Cleo", "Dora"]
CARDS = parse_cards("2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah 2s 3s 4s 5s 6s 7s 8s")


def run(changes: int) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as folder, Store.open(Path(folder)) as store:
        game = new_game(find_rules("jolly_at"), PLAYERS)
        game_id = store.create_game(game)
        a = SharedRound(store, game_id, game, "a")
        b = SharedRound(store, game_id, game, "b")
        one = RoundEntryModel(a.start())
        two = RoundEntryModel(b.start())
        two.edit(Target("hand", "Dora"))
        two.typed("7h 8h Q")  # B's half-typed text stays through every merge
        together: list[float] = []
        drafts: list[float] = []
        model = RoundModel(game)
        for n in range(changes):  # the two interleaved: the same machine load
            player = PLAYERS[n % 3]  # Dora is B's own
            card = CARDS[n % len(CARDS)]
            one.rounds.add_card(Target("hand", player), card)
            start = time.perf_counter()
            a.write(one)
            b.catch_up(two)
            together.append(time.perf_counter() - start)
            model.add_card(Target("hand", player), card)
            start = time.perf_counter()
            store.save_draft(game_id, model.to_draft())
            draft = store.load_draft(game_id)
            assert draft is not None
            RoundModel.from_draft(game, draft)
            drafts.append(time.perf_counter() - start)
        assert two.editing is not None and two.editing.text == "7h 8h Q"
    return statistics.median(together), statistics.median(drafts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--changes", type=int, default=60)
    changes = parser.parse_args().changes
    together, draft = run(changes)
    print(
        f"together_parts: {changes} changes, "
        f"write+catch-up median {together * 1000:.2f} ms, "
        f"draft median {draft * 1000:.2f} ms, ratio {together / draft:.2f}"
    )


if __name__ == "__main__":
    main()
