"""Every page of one process that reads the same state of a club event shares
one working-out of its rankings, and a saved round scores only its own game
again (ui/models/club/rankings.py); what is shown always follows the store."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from jolly_scorer.core.game import Counted, Round, add_round
from jolly_scorer.core.rules import find_rules
from jolly_scorer.core.scoring import GameResult, score_game
from jolly_scorer.store import Store
from jolly_scorer.ui.models.club import rankings as club_rankings
from jolly_scorer.ui.models.club.model import ClubModel

EIGHT = ("Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz", "Gabi", "Hans")
RULES = find_rules("romme_de")


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path) as opened:
        yield opened


def round_at(model: ClubModel, store: Store, table: int, bad: int) -> int:
    game_id = model.table_game(1, table)
    assert isinstance(game_id, int), game_id
    game = store.load_game(game_id)
    counted = tuple(
        (p, Counted(bad=bad * i)) for i, p in enumerate(game.players[1:], 1)
    )
    store.save_game(game_id, add_round(game, Round(game.players[0], counted=counted)))
    return game_id


def test_pages_share_the_rankings_and_a_round_rescores_only_its_game(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    scored: list[tuple[str, ...]] = []

    def counting(game: object) -> GameResult:
        scored.append(game.players)  # type: ignore[attr-defined]
        return score_game(game)  # type: ignore[arg-type]

    monkeypatch.setattr(club_rankings, "score_game", counting)
    organiser = ClubModel(store)
    assert (
        organiser.create("Friday", RULES, EIGHT, series_count=1, games_per_series=1)
        is None
    )
    assert organiser.seat_next("draw") is None
    first = round_at(organiser, store, 1, 10)
    second = round_at(organiser, store, 2, 20)
    organiser.heard(first)
    scored.clear()
    projector = ClubModel(store)
    assert projector.open(organiser.event_id or 0, "big") is None
    assert scored == [], "the projector reads the state the organiser ranked"
    assert projector.overall == organiser.overall

    game = store.load_game(second)
    counted = tuple((p, Counted(bad=5)) for p in game.players[1:])
    store.save_game(second, add_round(game, Round(game.players[0], counted=counted)))
    organiser.heard(second)
    projector.heard(second)
    assert scored == [game.players], "only the game with the new round is scored"
    assert projector.overall == organiser.overall
    assert organiser.overall is not None
    totals = {r.line.player: r.line.raw for r in organiser.overall.entries}
    expected = score_game(store.load_game(second)).totals
    for player, total in expected.items():
        assert totals[player] == total
