"""The club's seasons as a plain-Python model (issue 37): the list of
seasons, a new season, one season's evenings and standings, and a player's
evening-by-evening line.

Every change goes through the store's season calls
(``store/club_seasons.py``) and the model reads the season again after it,
so what is shown is what is stored; the standings are worked out from the
evenings as stored now, so :meth:`SeasonModel.heard` after a saved round
shows it. A failure leaves the store as it was and ``error`` says why (to
translate).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

import flet as ft

from jolly_scorer.core.club.season import (
    DEFAULT_PLACE_POINTS,
    Season,
    SeasonLine,
    SeasonStanding,
)
from jolly_scorer.i18n import N_
from jolly_scorer.store.club_seasons import SeasonRecord, SeasonStore, SeasonSummary
from jolly_scorer.store.club_store import ClubStore, EventSummary, new_seed
from jolly_scorer.ui.models.failures import FAILURES, failure_text

__all__ = ["EveningValue", "SeasonModel", "parse_place_points"]


class SeasonsStore(ClubStore, SeasonStore, Protocol):
    """The store of the season screens: club events and seasons."""


def parse_place_points(text: str) -> tuple[int, ...] | None:
    """Place points typed as "25, 20, 16" (commas, semicolons or spaces);
    empty: the default table; None when not whole numbers from 0.

    >>> parse_place_points("25, 20;16 13"), parse_place_points("") == DEFAULT_PLACE_POINTS
    ((25, 20, 16, 13), True)
    >>> parse_place_points("10, x") is None
    True
    """  # noqa: E501
    parts = text.replace(",", " ").replace(";", " ").split()
    if not parts:
        return DEFAULT_PLACE_POINTS
    if not all(p.isascii() and p.isdigit() and len(p) <= 5 for p in parts):
        return None
    return tuple(int(p) for p in parts)


@dataclass(frozen=True, slots=True)
class EveningValue:
    """One evening of a player's line: its name, the player's value (None:
    not played) and whether it counts for the season."""

    evening: str
    value: int | None
    counted: bool


@ft.observable
@dataclass
class SeasonModel:
    """The season screens' state; methods return an error (to translate) or None."""

    store: SeasonsStore
    seasons: tuple[SeasonSummary, ...] = ()
    season_id: int | None = None
    record: SeasonRecord | None = None
    standing: SeasonStanding | None = None
    #: the club's evenings (to add one to the season)
    events: tuple[EventSummary, ...] = ()
    #: whose evening-by-evening line is shown (None: nobody's)
    player: str | None = None
    error: str | None = None
    revision: int = 0
    _events_of: frozenset[int] = field(default_factory=frozenset)

    # -- the list ----------------------------------------------------------------
    def list_seasons(self) -> None:
        try:
            self.seasons = tuple(self.store.list_seasons())
            self.events = tuple(self.store.list_events())
        except FAILURES as e:
            self.error = failure_text(e)

    def _fail(self, message: str) -> str:
        self.error = message
        return message

    def create(self, name: str, best: str, places: str) -> str | None:
        """A new season (``best``: "" or a number of evenings; ``places``:
        the place points typed, "" for the default), opened."""
        if not name.strip():
            return self._fail(N_("Enter the season's name."))
        count: int | None = None
        if best.strip():
            if not (best.strip().isdigit() and 0 < int(best.strip()) <= 500):
                return self._fail(N_("Best evenings: a number from 1, or empty."))
            count = int(best.strip())
        table = parse_place_points(places)
        if table is None or any(a < b for a, b in zip(table, table[1:], strict=False)):
            return self._fail(
                N_("Place points: whole numbers, the best place first, never rising.")
            )
        try:
            season = Season(name.strip(), "auto", table, count, new_seed())
            season_id = self.store.create_season(season)
        except FAILURES as e:
            return self._fail(failure_text(e))
        self.error = None
        return self.open(season_id)

    def delete(self) -> str | None:
        if self.season_id is None:
            return None
        try:
            self.store.delete_season(self.season_id)
        except FAILURES as e:
            return self._fail(failure_text(e))
        self.season_id = self.record = self.standing = None
        self.list_seasons()
        return None

    # -- one season ----------------------------------------------------------------
    def open(self, season_id: int) -> str | None:
        self.season_id = season_id
        self.player = None
        return self.reload()

    def close(self) -> None:
        self.season_id = self.record = self.standing = None
        self.error = None
        self.list_seasons()

    def reload(self) -> str | None:
        """Read the season and its evenings again; the standings follow."""
        if self.season_id is None:
            return None
        try:
            record = self.store.load_season(self.season_id)
            standing = self.store.season_standing(self.season_id)
            events = tuple(self.store.list_events())
        except FAILURES as e:
            return self._fail(failure_text(e))
        self.record, self.standing, self.events = record, standing, events
        self._events_of = frozenset(record.events)
        self.revision += 1
        return None

    def heard(self) -> None:
        """A game or an evening changed (this page or another): the open
        season is read again (its standings follow every saved round)."""
        if self.season_id is None:
            self.list_seasons()
            return
        self.reload()

    def addable(self) -> tuple[EventSummary, ...]:
        """The club's evenings not in the open season."""
        return tuple(e for e in self.events if e.id not in self._events_of)

    def add(self, event_id: int) -> str | None:
        if self.season_id is None:
            return None
        try:
            self.store.add_season_event(self.season_id, event_id)
        except FAILURES as e:
            return self._fail(failure_text(e))
        self.error = None
        return self.reload()

    def remove(self, event_id: int) -> str | None:
        if self.season_id is None:
            return None
        try:
            self.store.remove_season_event(self.season_id, event_id)
        except FAILURES as e:
            return self._fail(failure_text(e))
        self.error = None
        return self.reload()

    # -- a player's line --------------------------------------------------------------
    def line_of(self, player: str) -> SeasonLine | None:
        if self.standing is None:
            return None
        for line in self.standing.entries:
            if line.player == player:
                return line
        return None

    def evenings_of(self, player: str) -> tuple[EveningValue, ...]:
        """``player``'s evening-by-evening line: each evening of the season,
        their value and whether it counts."""
        line = self.line_of(player)
        if line is None or self.standing is None:
            return ()
        return tuple(
            EveningValue(name, value, counted and value is not None)
            for name, value, counted in zip(
                self.standing.evenings, line.values, line.counted, strict=True
            )
        )
