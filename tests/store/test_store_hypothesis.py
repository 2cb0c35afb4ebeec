"""Property: any game value goes through the store (and the game file) unchanged."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from jolly_scorer.core.cards import parse_card
from jolly_scorer.core.errors import JollyError
from jolly_scorer.core.game import (
    Counted,
    Game,
    PlacedCard,
    Round,
    TableMeld,
    new_game,
)
from jolly_scorer.core.gamefile import load_game
from jolly_scorer.core.names import InvalidName, clean_name, name_key
from jolly_scorer.core.rules import PRESETS
from jolly_scorer.core.scoring import score_game
from jolly_scorer.store import Store

SUITS = "hdcs"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
names = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zs")),
    min_size=1,
    max_size=8,
)


def _is_clean(name: str) -> bool:
    """A name the core keeps as it is (core.names)."""
    try:
        return clean_name(name) == name
    except InvalidName:
        return False


cards = st.sampled_from([r + s for r in RANKS for s in SUITS] + ["X"])


@st.composite
def runs(draw: st.DrawFn, players: tuple[str, ...]) -> TableMeld:
    suit = draw(st.sampled_from(SUITS))
    start = draw(st.integers(1, 9))
    length = draw(st.integers(3, 4))
    by = draw(st.sampled_from(players))
    placed = []
    for i in range(length):
        card = parse_card(RANKS[start + i - 1] + suit)
        layer = draw(st.one_of(st.none(), st.sampled_from(players)))
        placed.append(PlacedCard(card, None if layer == by else layer))
    return TableMeld(by, tuple(placed))


@st.composite
def rounds(draw: st.DrawFn, players: tuple[str, ...]) -> Round:
    closer = draw(st.one_of(st.none(), st.sampled_from(players)))
    table = tuple(draw(st.lists(runs(players), max_size=2)))
    counted_players = draw(st.lists(st.sampled_from(players), unique=True))
    counted = tuple(
        (p, Counted(draw(st.integers(0, 300)), draw(st.integers(0, 300))))
        for p in counted_players
    )
    hands = tuple(
        (p, tuple(parse_card(c) for c in draw(st.lists(cards, min_size=1, max_size=3))))
        for p in players
        if p != closer and p not in counted_players
    )
    return Round(
        closed_by=closer,
        handglatt=closer is not None and draw(st.booleans()),
        discard=draw(st.one_of(st.none(), cards.map(parse_card))),
        table=table,
        hands=hands,
        counted=counted,
    )


@st.composite
def games(draw: st.DrawFn) -> Game:
    rules = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    if draw(st.booleans()):
        rules = rules.replace(jokers=draw(st.integers(2, 8)))
    players = tuple(
        draw(
            st.lists(
                names.filter(_is_clean), min_size=2, max_size=4, unique_by=name_key
            )
        )
    )
    game = new_game(
        rules,
        players,
        target=draw(st.integers(1000, 10**6)),
        rounds_limit=draw(st.one_of(st.none(), st.integers(5, 50))),
        first_dealer=draw(st.integers(0, len(players) - 1)),
    )
    entries = tuple(draw(st.lists(rounds(players), max_size=4)))
    game = dataclasses.replace(game, rounds=entries, finished=draw(st.booleans()))
    try:
        score_game(game)
    except JollyError:
        assume(False)
    return game


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    folder: Path = tmp_path_factory.mktemp("hypothesis-store")
    with Store.open(folder) as opened:
        yield opened


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)
@given(game=games(), edited=games())
def test_round_trip(store: Store, game: Game, edited: Game) -> None:
    game_id = store.create_game(game)
    assert store.load_game(game_id) == game
    assert load_game(json.loads(json.dumps(store.export_game(game_id)))) == game
    store.save_game(game_id, edited)  # anything may change: rules, players, rounds
    assert store.load_game(game_id) == edited
    with Store.open(store.path.parent) as other:
        assert other.load_game(game_id) == edited
    summary = next(s for s in store.list_games() if s.id == game_id)
    result = score_game(edited)
    assert summary.players == edited.players
    assert summary.totals == dict(result.totals)
    assert (summary.game_over, summary.winners) == (result.game_over, result.winners)
