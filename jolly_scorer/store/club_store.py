"""Club events in the store: the records a read returns, the protocol of the
calls (:class:`ClubStore`, answered by :class:`~jolly_scorer.store.Store`
through :class:`~jolly_scorer.store.club.ClubEvents`) and the error of an
event that is not there.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from jolly_scorer.core.club.event import ClubEvent
from jolly_scorer.core.club.ranking import SeriesPlay
from jolly_scorer.core.club.seating import Seating
from jolly_scorer.core.game import Game
from jolly_scorer.store.errors import StoreError

__all__ = [
    "ClubStore",
    "EventNotFound",
    "EventPlay",
    "EventRecord",
    "EventSummary",
    "StoredSeries",
    "new_seed",
]


class EventNotFound(StoreError):
    """No club event has this id."""

    public = "This club event no longer exists."

    def __init__(self, event_id: int) -> None:
        super().__init__(f"no club event with id {event_id}")
        self.event_id = event_id


def new_seed() -> int:
    """A fresh seed for a draw (six digits, easy to read out and note down)."""
    return 100_000 + secrets.randbelow(900_000)


@dataclass(frozen=True, slots=True)
class StoredSeries:
    """A seated series and, per table, the ids of its games in order (None: a
    game that was deleted)."""

    seating: Seating
    games: tuple[tuple[int | None, ...], ...]


@dataclass(frozen=True, slots=True)
class EventRecord:
    """A stored event: its id, value, series so far, times and revision."""

    id: int
    event: ClubEvent
    series: tuple[StoredSeries, ...]
    created: datetime
    updated: datetime
    revision: int


@dataclass(frozen=True, slots=True)
class EventSummary:
    """One line of the list of events."""

    id: int
    name: str
    players: int
    series_seated: int
    series_count: int
    updated: datetime
    #: every series seated, and each table of the last one has played its
    #: games to the end (an evening without a number of games: never)
    finished: bool = False


@dataclass(frozen=True, slots=True)
class EventPlay:
    """An event with its games loaded, ready for the ranking
    (:func:`~jolly_scorer.core.club.ranking.rank_event`). ``missing`` lists
    the (series, table, game) numbers, 1-based, of games deleted since."""

    record: EventRecord
    plays: tuple[SeriesPlay, ...]
    missing: tuple[tuple[int, int, int], ...]


class ClubStore(Protocol):
    """The calls on club events (what :class:`ClubEvents` gives the store)."""

    def create_event(self, event: ClubEvent) -> int:
        """Store a new event; returns its id."""

    def save_event(self, event_id: int, event: ClubEvent) -> None:
        """Replace the event's value (a late arrival added, a name, the
        scoring); every seated player must stay a player of it, and the rules
        and seed stay once a series is seated."""

    def load_event(self, event_id: int) -> EventRecord:
        """The stored event with its series; :class:`EventNotFound`."""

    def list_events(self) -> list[EventSummary]:
        """Every event, the most recently changed first."""

    def delete_event(self, event_id: int) -> None:
        """Remove an event with its seatings (its games stay, as games)."""

    def event_revision(self, event_id: int) -> int:
        """The event's revision token (every write changes it)."""

    def table_revisions(self, event_id: int, game_id: int) -> tuple[int, int | None]:
        """The event's revision and game ``game_id``'s (None: no such game),
        in one read."""

    def seat_series(
        self, event_id: int, seating: Seating, *, replace: bool = False
    ) -> None:
        """Keep the seating of the next series (``replace``: of the last one,
        a redraw, while none of its tables has a game)."""

    def start_table_game(
        self, event_id: int, series: int, table: int, game: Game
    ) -> int:
        """Store ``game`` as the table's next game, linked; returns its id."""

    def link_table_game(
        self, event_id: int, series: int, table: int, game_id: int
    ) -> None:
        """Link a stored game as the table's next game."""

    def event_play(self, event_id: int) -> EventPlay:
        """The event with every linked game loaded."""

    def event_file(self, event_id: int) -> dict[str, Any]:
        """The event file (``docs/formats.md``) of the event as played so far."""
