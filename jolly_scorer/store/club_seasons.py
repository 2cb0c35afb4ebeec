"""A club's seasons in the games database (issue 37): a season's rule
(:class:`~jolly_scorer.core.club.season.Season`, as JSON) and the club
evenings it holds, in order. An evening deleted leaves its season (the
season then holds one evening less).

:class:`ClubSeasons` is part of :class:`~jolly_scorer.store.Store` (a base
class, as :class:`~jolly_scorer.store.club.ClubEvents`): every write is one
transaction. The standings are worked out from the evenings as stored now
(:meth:`ClubSeasons.season_standing`), so they follow every saved round.

>>> import tempfile
>>> from jolly_scorer.core.club.event import ClubEvent
>>> from jolly_scorer.core.club.season import Season
>>> from jolly_scorer.core.rules import find_rules
>>> from jolly_scorer.store import Store
>>> event = ClubEvent("Friday", find_rules("romme_de"), ("A", "B", "C"), 1, 1)
>>> with tempfile.TemporaryDirectory() as folder:
...     with Store.open(folder) as store:
...         season_id = store.create_season(Season("2026", best=2))
...         store.add_season_event(season_id, store.create_event(event))
...         record = store.load_season(season_id)
...         record.season.best, len(record.events), store.list_seasons()[0].evenings
(2, 1, 1)
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from jolly_scorer.core.club.ranking import rank_event
from jolly_scorer.core.club.season import (
    Season,
    SeasonStanding,
    rank_season,
    season_from_json,
    season_to_json,
)
from jolly_scorer.core.errors import JollyError
from jolly_scorer.store.club_store import EventNotFound, EventPlay
from jolly_scorer.store.errors import StoreError
from jolly_scorer.store.rows import dumps, parse_time, time_text

__all__ = [
    "BackupSeason",
    "ClubSeasons",
    "SeasonNotFound",
    "SeasonRecord",
    "SeasonStore",
    "SeasonSummary",
    "backup_seasons",
    "parse_backup_seasons",
    "restore_seasons",
]


class SeasonNotFound(StoreError):
    """No season has this id."""

    public = "This season no longer exists."

    def __init__(self, season_id: int) -> None:
        super().__init__(f"no season with id {season_id}")
        self.season_id = season_id


@dataclass(frozen=True, slots=True)
class SeasonSummary:
    """One line of the list of seasons."""

    id: int
    name: str
    evenings: int
    updated: datetime


@dataclass(frozen=True, slots=True)
class SeasonRecord:
    """A stored season: its rule and its evenings' ids, in order."""

    id: int
    season: Season
    events: tuple[int, ...]


class SeasonStore(Protocol):
    """The calls on seasons (what :class:`ClubSeasons` gives the store; a
    part of ``store/protocol.StoreRecords``)."""

    def create_season(self, season: Season) -> int:
        """Store a new season (no evenings yet); returns its id."""

    def save_season(self, season_id: int, season: Season) -> None:
        """Replace the season's rule (its name, scoring, best-N, seed);
        :class:`SeasonNotFound`."""

    def load_season(self, season_id: int) -> SeasonRecord:
        """The season and its evenings; :class:`SeasonNotFound`."""

    def list_seasons(self) -> list[SeasonSummary]:
        """Every season, the most recently changed first."""

    def delete_season(self, season_id: int) -> None:
        """Remove a season (its evenings stay, as evenings)."""

    def add_season_event(self, season_id: int, event_id: int) -> None:
        """Add an evening at the end of the season (once; an evening not
        stored: ``EventNotFound``)."""

    def remove_season_event(self, season_id: int, event_id: int) -> None:
        """Take an evening out of the season (the evening stays)."""

    def seasons_of_event(self, event_id: int) -> list[int]:
        """The seasons holding evening ``event_id``, the newest first."""

    def season_standing(self, season_id: int) -> SeasonStanding:
        """The season's standings from its evenings as stored now."""


class _Host(Protocol):
    def atomic(self) -> AbstractContextManager[sqlite3.Connection]: ...

    def _reading(self) -> AbstractContextManager[sqlite3.Connection]: ...

    def _now(self) -> str: ...

    def event_play(self, event_id: int) -> EventPlay: ...


def _decode(text: str, season_id: int) -> Season:
    try:
        return season_from_json(json.loads(text))
    except (ValueError, TypeError) as error:  # JollyError is a ValueError
        raise StoreError(f"season {season_id} cannot be read: {error}") from None


def _touch(conn: sqlite3.Connection, season_id: int, now: str) -> None:
    done = conn.execute(
        "UPDATE club_seasons SET updated = ? WHERE id = ?", (now, season_id)
    )
    if done.rowcount != 1:
        raise SeasonNotFound(season_id)


class ClubSeasons:
    """The store's calls on seasons (a base class of ``Store``)."""

    def create_season(self: _Host, season: Season) -> int:
        """Store a new season (no evenings yet); returns its id."""
        now = self._now()
        with self.atomic() as conn:
            cursor = conn.execute(
                "INSERT INTO club_seasons (name, data, created, updated) "
                "VALUES (?, ?, ?, ?)",
                (season.name, dumps(season_to_json(season)), now, now),
            )
            return int(cursor.lastrowid or 0)

    def save_season(self: _Host, season_id: int, season: Season) -> None:
        """Replace the season's rule (its name, scoring, best-N, seed)."""
        now = self._now()
        with self.atomic() as conn:
            _touch(conn, season_id, now)
            conn.execute(
                "UPDATE club_seasons SET name = ?, data = ? WHERE id = ?",
                (season.name, dumps(season_to_json(season)), season_id),
            )

    def load_season(self: _Host, season_id: int) -> SeasonRecord:
        """The season and its evenings; :class:`SeasonNotFound`."""
        with self._reading() as conn:
            row = conn.execute(
                "SELECT data FROM club_seasons WHERE id = ?", (season_id,)
            ).fetchone()
            if row is None:
                raise SeasonNotFound(season_id)
            events = tuple(
                int(r[0])
                for r in conn.execute(
                    "SELECT event_id FROM club_season_events WHERE season_id = ? "
                    "ORDER BY idx",
                    (season_id,),
                )
            )
        return SeasonRecord(season_id, _decode(row[0], season_id), events)

    def list_seasons(self: _Host) -> list[SeasonSummary]:
        """Every season, the most recently changed first."""
        with self._reading() as conn:
            rows = conn.execute(
                "SELECT s.id, s.name, s.updated, (SELECT count(*) FROM "
                "club_season_events e WHERE e.season_id = s.id) FROM club_seasons s "
                "ORDER BY s.updated DESC, s.id DESC"
            ).fetchall()
        return [
            SeasonSummary(int(i), name, int(count), parse_time(updated))
            for i, name, updated, count in rows
        ]

    def delete_season(self: _Host, season_id: int) -> None:
        """Remove a season (its evenings stay, as evenings)."""
        with self.atomic() as conn:
            done = conn.execute("DELETE FROM club_seasons WHERE id = ?", (season_id,))
            if done.rowcount == 0:
                raise SeasonNotFound(season_id)

    def add_season_event(self: _Host, season_id: int, event_id: int) -> None:
        """Add an evening at the end of the season (once)."""
        now = self._now()
        with self.atomic() as conn:
            _touch(conn, season_id, now)
            if (
                conn.execute(
                    "SELECT 1 FROM club_events WHERE id = ?", (event_id,)
                ).fetchone()
                is None
            ):
                raise EventNotFound(event_id)
            if conn.execute(
                "SELECT 1 FROM club_season_events WHERE season_id = ? AND event_id = ?",
                (season_id, event_id),
            ).fetchone():
                raise StoreError(f"club event {event_id} is in the season already")
            (last,) = conn.execute(
                "SELECT coalesce(max(idx), 0) FROM club_season_events "
                "WHERE season_id = ?",
                (season_id,),
            ).fetchone()
            conn.execute(
                "INSERT INTO club_season_events (season_id, idx, event_id) "
                "VALUES (?, ?, ?)",
                (season_id, int(last) + 1, event_id),
            )

    def remove_season_event(self: _Host, season_id: int, event_id: int) -> None:
        """Take an evening out of the season (the evening stays)."""
        now = self._now()
        with self.atomic() as conn:
            _touch(conn, season_id, now)
            conn.execute(
                "DELETE FROM club_season_events WHERE season_id = ? AND event_id = ?",
                (season_id, event_id),
            )

    def seasons_of_event(self: _Host, event_id: int) -> list[int]:
        """The seasons holding evening ``event_id``, the newest first."""
        with self._reading() as conn:
            return [
                int(r[0])
                for r in conn.execute(
                    "SELECT season_id FROM club_season_events WHERE event_id = ? "
                    "ORDER BY season_id DESC",
                    (event_id,),
                )
            ]

    def season_standing(self: _Host, season_id: int) -> SeasonStanding:
        """The season's standings from its evenings as stored now."""
        record = ClubSeasons.load_season(self, season_id)
        evenings = []
        for event_id in record.events:
            play = self.event_play(event_id)
            try:
                ranking = rank_event(play.record.event, play.plays)
            except JollyError as error:
                raise StoreError(f"club event {event_id}: {error}") from None
            evenings.append((play.record.event.name, ranking))
        try:
            return rank_season(record.season, evenings)
        except JollyError as error:
            raise StoreError(f"season {season_id}: {error}") from None


# -- backup and restore ------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class BackupSeason:
    """A season of a backup, checked: its rule, times and evenings (named by
    the backup's club event ``id``)."""

    season: Season
    created: datetime | None
    updated: datetime | None
    events: tuple[int, ...]


def backup_seasons(conn: sqlite3.Connection) -> list[dict[str, Any]]:
    """Every season for a backup (``club_seasons``, ``docs/formats.md``)."""
    out: list[dict[str, Any]] = []
    for season_id, data, created, updated in conn.execute(
        "SELECT id, data, created, updated FROM club_seasons ORDER BY id"
    ).fetchall():
        events = [
            int(r[0])
            for r in conn.execute(
                "SELECT event_id FROM club_season_events WHERE season_id = ? "
                "ORDER BY idx",
                (season_id,),
            )
        ]
        out.append(
            {
                "id": season_id,
                "created": parse_time(created).isoformat(),
                "updated": parse_time(updated).isoformat(),
                "season": json.loads(data),
                "events": events,
            }
        )
    return out


def _moment(value: Any, where: str) -> datetime | None:
    if value is None:
        return None
    try:
        return datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        raise StoreError(f"{where}: not a time: {value!r}") from None


def parse_backup_seasons(data: Any, event_ids: set[int]) -> list[BackupSeason]:
    """Check the seasons of a backup (absent in a backup from before them);
    their evenings are named by the backup's club event ``id``."""
    entries = data.get("club_seasons") if isinstance(data, Mapping) else None
    if entries is None:
        return []
    if not isinstance(entries, list):
        raise StoreError("backup: club_seasons: expected a list of seasons")
    seasons = []
    for number, entry in enumerate(entries, 1):
        where = f"backup: season {number}"
        if not isinstance(entry, Mapping):
            raise StoreError(
                f"{where}: expected {{'season': {{...}}, 'events': [...]}}"
            )
        try:
            season = season_from_json(entry.get("season"))
        except JollyError as error:
            raise StoreError(f"{where}: {error}") from None
        events = entry.get("events")
        if not isinstance(events, list) or not all(
            type(e) is int and e in event_ids for e in events
        ):
            raise StoreError(f"{where}: 'events': club event ids of the backup")
        if len(set(events)) != len(events):
            raise StoreError(f"{where}: an evening twice")
        seasons.append(
            BackupSeason(
                season,
                _moment(entry.get("created"), where),
                _moment(entry.get("updated"), where),
                tuple(events),
            )
        )
    return seasons


def restore_seasons(
    conn: sqlite3.Connection,
    seasons: Sequence[BackupSeason],
    new_events: Mapping[int, int],
    now: str,
) -> None:
    """Add the seasons of a backup, in the restore's transaction
    (``new_events``: a club event's backup id -> its new id)."""
    for entry in seasons:
        cursor = conn.execute(
            "INSERT INTO club_seasons (name, data, created, updated) "
            "VALUES (?, ?, ?, ?)",
            (
                entry.season.name,
                dumps(season_to_json(entry.season)),
                time_text(entry.created) if entry.created else now,
                time_text(entry.updated) if entry.updated else now,
            ),
        )
        season_id = int(cursor.lastrowid or 0)
        conn.executemany(
            "INSERT INTO club_season_events (season_id, idx, event_id) "
            "VALUES (?, ?, ?)",
            [
                (season_id, index, new_events[event])
                for index, event in enumerate(entry.events, 1)
            ],
        )
