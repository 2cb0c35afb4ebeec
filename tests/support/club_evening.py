"""A club evening of eight in the store, for the club's browser test
(``tests/e2e/test_club_browser.py``) and the screen explorer's club states
(``benchmarks/screens.py``)."""

from __future__ import annotations

from pathlib import Path

from jolly_scorer.core.club.event import ClubEvent
from jolly_scorer.core.club.points import CONVERSIONS
from jolly_scorer.core.club.ranking import next_seating
from jolly_scorer.core.club.seating import draw_seating
from jolly_scorer.core.game import Counted, Round, add_round, new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store

EIGHT = ("Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz", "Gabi", "Hans")


def prepared(folder: Path) -> None:
    """An evening of 8 in the store: series 1 played (2 games a table),
    series 2 seated by standing, one game of it played."""
    rules = find_rules("romme_de").replace(target=100)
    event = ClubEvent(
        "Freitagsrunde", rules, EIGHT, 2, 2, points=CONVERSIONS["bands5"], seed=7
    )
    with Store.open(folder) as store:
        event_id = store.create_event(event)
        store.seat_series(event_id, draw_seating(EIGHT, series=1, seed=11))
        for table, players in enumerate(
            store.load_event(event_id).series[0].seating.tables, 1
        ):
            for game in range(2):
                bad = [0, 120, 10 + 7 * table, 30 - game * 9]
                counted = tuple(
                    (p, Counted(bad=b))
                    for p, b in zip(players[1:], bad[1:], strict=True)
                )
                store.start_table_game(
                    event_id,
                    1,
                    table,
                    add_round(
                        new_game(rules, players, first_dealer=game),
                        Round(players[0], counted=counted),
                    ),
                )
        play = store.event_play(event_id)
        store.seat_series(event_id, next_seating(event, play.plays, EIGHT, seed=3))
        players = store.load_event(event_id).series[1].seating.tables[0]
        store.start_table_game(event_id, 2, 1, new_game(rules, players))
