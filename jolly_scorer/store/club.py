"""Club evenings in the games database: the event, its series' seatings and
the games each table played (ordinary games of the ``games`` table).

:class:`ClubEvents` is part of :class:`~jolly_scorer.store.Store` (a base
class: every call runs in the store's own transactions), and
:class:`ClubStore` is the protocol the UI types against. Every write is one
transaction and changes the event's revision token. A series is seated once
and may be seated again (redrawn) until a table of it has a game; a table's
game is created together with its link, so a crash never leaves one without
the other. A game deleted from the list of past games leaves its link empty:
the event then reports the result as missing (:attr:`EventPlay.missing`)
rather than ranking without it.

>>> import tempfile
>>> from jolly_scorer.core.club.seating import draw_seating
>>> from jolly_scorer.core.club.event import ClubEvent
>>> from jolly_scorer.core.game import new_game
>>> from jolly_scorer.core.rules import find_rules
>>> from jolly_scorer.store import Store
>>> rules = find_rules("romme_de")
>>> event = ClubEvent("Friday", rules, ("Anna", "Ben", "Cleo", "Dora"), 2, 1)
>>> with tempfile.TemporaryDirectory() as folder:
...     with Store.open(folder) as store:
...         event_id = store.create_event(event)
...         seating = draw_seating(event.players, series=1, seed=7)
...         store.seat_series(event_id, seating)
...         game_id = store.start_table_game(
...             event_id, 1, 1, new_game(rules, seating.tables[0]))
...     with Store.open(folder) as again:  # after a restart
...         record, play = again.load_event(event_id), again.event_play(event_id)
...         record.event == event, record.series[0].games, len(play.plays)
(True, ((1,),), 1)
"""

from __future__ import annotations

import dataclasses
import json
import secrets
import sqlite3
from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol

from jolly_scorer.core.club.event import ClubEvent, event_from_json, event_to_json
from jolly_scorer.core.club.file import event_file_to_json
from jolly_scorer.core.club.ranking import SeriesPlay
from jolly_scorer.core.club.seating import Seating
from jolly_scorer.core.errors import JollyError
from jolly_scorer.core.game import Game
from jolly_scorer.core.names import name_key
from jolly_scorer.core.scoring import GameResult, score_game
from jolly_scorer.store.club_store import (
    ClubStore,
    EventNotFound,
    EventPlay,
    EventRecord,
    EventSummary,
    StoredSeries,
    new_seed,
)
from jolly_scorer.store.errors import GameNotFound, StoreError
from jolly_scorer.store.rows import dumps, parse_time, time_text
from jolly_scorer.store.transfer import BackupEvent

__all__ = [
    "ClubEvents",
    "as_linked",
    "backup_events",
    "restore_events",
    "ClubStore",
    "EventNotFound",
    "EventPlay",
    "EventRecord",
    "EventSummary",
    "StoredSeries",
    "new_seed",
]  # the records, protocol and error live in :mod:`.club_store`


class _Host(Protocol):
    """What :class:`ClubEvents` needs of the store it is part of."""

    def atomic(self) -> AbstractContextManager[sqlite3.Connection]: ...

    def _reading(self) -> AbstractContextManager[sqlite3.Connection]: ...

    def _now(self) -> str: ...

    def _insert_game(
        self,
        conn: sqlite3.Connection,
        game: Game,
        result: GameResult,
        started: str,
        now: str,
    ) -> tuple[int, Any]: ...

    def _remember(self, game_id: int, saved: Any) -> None: ...

    def load_game(self, game_id: int) -> Game: ...


def _revision() -> int:
    return secrets.randbits(62) + 1


def _touch(conn: sqlite3.Connection, event_id: int, now: str) -> None:
    """A write to the event: new revision and time (EventNotFound if none)."""
    done = conn.execute(
        "UPDATE club_events SET updated = ?, revision = ? WHERE id = ?",
        (now, _revision(), event_id),
    )
    if done.rowcount != 1:
        raise EventNotFound(event_id)


def _event_of(conn: sqlite3.Connection, event_id: int) -> ClubEvent:
    row = conn.execute(
        "SELECT data FROM club_events WHERE id = ?", (event_id,)
    ).fetchone()
    if row is None:
        raise EventNotFound(event_id)
    return _decode(row[0], event_id)


def _decode(text: str, event_id: int) -> ClubEvent:
    try:
        return event_from_json(json.loads(text))
    except (ValueError, TypeError) as error:  # JollyError is a ValueError
        raise StoreError(f"club event {event_id} cannot be read: {error}") from None


def _series_of(conn: sqlite3.Connection, event_id: int) -> tuple[StoredSeries, ...]:
    seats: dict[tuple[int, int], list[str]] = {}
    for series, table, player in conn.execute(
        "SELECT series, table_number, player FROM club_seats WHERE event_id = ? "
        "ORDER BY series, table_number, seat",
        (event_id,),
    ):
        seats.setdefault((series, table), []).append(player)
    games: dict[tuple[int, int], list[int | None]] = {}
    for series, table, game_id in conn.execute(
        "SELECT series, table_number, game_id FROM club_games WHERE event_id = ? "
        "ORDER BY series, table_number, idx",
        (event_id,),
    ):
        games.setdefault((series, table), []).append(game_id)
    found: list[StoredSeries] = []
    for number, method, seed in conn.execute(
        "SELECT number, method, seed FROM club_series WHERE event_id = ? "
        "ORDER BY number",
        (event_id,),
    ):
        count = len({t for s, t in seats if s == number})
        try:
            seating = Seating(
                number,
                method,
                seed,
                tuple(tuple(seats[(number, t)]) for t in range(1, count + 1)),
            )
        except (JollyError, KeyError) as error:
            raise StoreError(
                f"club event {event_id}, series {number}: {error}"
            ) from None
        found.append(
            StoredSeries(
                seating,
                tuple(tuple(games.get((number, t), ())) for t in range(1, count + 1)),
            )
        )
    return tuple(found)


def _check_table(
    conn: sqlite3.Connection, event_id: int, series: int, table: int
) -> tuple[str, ...]:
    """The players of the table; StoreError if there is no such table."""
    players = tuple(
        name
        for (name,) in conn.execute(
            "SELECT player FROM club_seats WHERE event_id = ? AND series = ? "
            "AND table_number = ? ORDER BY seat",
            (event_id, series, table),
        )
    )
    if not players:
        _event_of(conn, event_id)  # EventNotFound first
        raise StoreError(
            f"club event {event_id} has no table {table} in series {series}"
        )
    return players


def _link(
    conn: sqlite3.Connection,
    event_id: int,
    where: tuple[int, int],
    game_id: int,
    players: Sequence[str],
) -> None:
    """Link game ``game_id`` (``players`` as it has them now) as the next game
    of table ``where`` = (series, table)."""
    series, table = where
    (count,) = conn.execute(
        "SELECT count(*) FROM club_games WHERE event_id = ? AND series = ? "
        "AND table_number = ?",
        (event_id, series, table),
    ).fetchone()
    conn.execute(
        "INSERT INTO club_games (event_id, series, table_number, idx, game_id, "
        "players) VALUES (?, ?, ?, ?, ?, ?)",
        (event_id, series, table, count, game_id, dumps(list(players))),
    )


def _linked_players(
    conn: sqlite3.Connection, event_id: int
) -> dict[int, tuple[str, ...]]:
    """Each linked game's players as they were when it was linked."""
    found: dict[int, tuple[str, ...]] = {}
    for game_id, text in conn.execute(
        "SELECT game_id, players FROM club_games WHERE event_id = ? "
        "AND game_id IS NOT NULL",
        (event_id,),
    ):
        names = json.loads(text)
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise StoreError(f"club event {event_id}: game {game_id}'s link is damaged")
        found[int(game_id)] = tuple(names)
    return found


def as_linked(game: Game, linked: Sequence[str]) -> Game:
    """The game with its players named, seat by seat, as when it was linked to
    its table: a player renamed at the table (a typo fixed) stays the event's
    player, and no result changes. A game whose number of players changed is
    returned as it is (the ranking then refuses it).

    >>> from jolly_scorer.core.game import Counted, Round, add_round, new_game
    >>> from jolly_scorer.core.game import rename_player
    >>> from jolly_scorer.core.rules import find_rules
    >>> g = new_game(find_rules("romme_de"), ["Ann", "Ben", "Cleo"])
    >>> g = add_round(g, Round("Ben", counted=(("Ann", Counted(bad=5)),
    ...                                        ("Cleo", Counted(bad=9)))))
    >>> as_linked(rename_player(g, "Ann", "Anna"), ("Ann", "Ben", "Cleo")) == g
    True
    """
    players = tuple(linked)
    if game.players == players or len(game.players) != len(players):
        return game
    temporary = [f"\x00{seat}" for seat in range(len(players))]  # no name's
    rounds = game.rounds
    for now, temp in zip(game.players, temporary, strict=True):
        rounds = tuple(r.renamed(now, temp) for r in rounds)
    for temp, then in zip(temporary, players, strict=True):
        rounds = tuple(r.renamed(temp, then) for r in rounds)
    return dataclasses.replace(game, players=players, rounds=rounds)


def _same_players(game: Sequence[str], table: Sequence[str]) -> bool:
    return sorted(map(name_key, game)) == sorted(map(name_key, table))


class ClubEvents:
    """The club event calls of the store (see :class:`ClubStore`)."""

    def create_event(self: _Host, event: ClubEvent) -> int:
        """Store a new event; returns its id."""
        now = self._now()
        with self.atomic() as conn:
            cursor = conn.execute(
                "INSERT INTO club_events (name, data, created, updated, revision) "
                "VALUES (?, ?, ?, ?, ?)",
                (event.name, dumps(event_to_json(event)), now, now, _revision()),
            )
            return int(cursor.lastrowid or 0)

    def save_event(self: _Host, event_id: int, event: ClubEvent) -> None:
        """Replace the event's value (a late arrival, the name, the scoring,
        the number of series). A seated player may not be dropped, and once
        a series is seated the rules and the seed of the lots stay."""
        with self.atomic() as conn:
            old = _event_of(conn, event_id)
            seated = conn.execute(
                "SELECT 1 FROM club_series WHERE event_id = ? LIMIT 1", (event_id,)
            ).fetchone()
            if seated is not None and (old.rules, old.seed) != (
                event.rules,
                event.seed,
            ):
                raise StoreError(
                    "the event's rules and seed are fixed once a series is seated"
                )
            keys = {name_key(p) for p in event.players}
            for (player,) in conn.execute(
                "SELECT DISTINCT player FROM club_seats WHERE event_id = ?",
                (event_id,),
            ):
                if name_key(player) not in keys:
                    raise StoreError(
                        f"{player!r} played in the event and must stay one of "
                        "its players"
                    )
            conn.execute(
                "UPDATE club_events SET name = ?, data = ? WHERE id = ?",
                (event.name, dumps(event_to_json(event)), event_id),
            )
            _touch(conn, event_id, self._now())

    def load_event(self: _Host, event_id: int) -> EventRecord:
        """The stored event with its series; :class:`EventNotFound`."""
        with self._reading() as conn:
            row = conn.execute(
                "SELECT data, created, updated, revision FROM club_events WHERE id = ?",
                (event_id,),
            ).fetchone()
            if row is None:
                raise EventNotFound(event_id)
            series = _series_of(conn, event_id)
        return EventRecord(
            event_id,
            _decode(row[0], event_id),
            series,
            parse_time(row[1]),
            parse_time(row[2]),
            int(row[3]),
        )

    def list_events(self: _Host) -> list[EventSummary]:
        """Every event, the most recently changed first."""
        with self._reading() as conn:
            rows = conn.execute(
                "SELECT e.id, e.name, e.data, e.updated, "
                "(SELECT count(*) FROM club_series s WHERE s.event_id = e.id) "
                "FROM club_events e ORDER BY e.updated DESC, e.id DESC"
            ).fetchall()
            summaries = []
            for event_id, name, data, updated, seated in rows:
                event = _decode(data, event_id)
                finished = False
                if event.games_per_series and int(seated) == event.series_count:
                    (tables, over) = conn.execute(
                        "SELECT (SELECT count(DISTINCT table_number) FROM club_seats "
                        "WHERE event_id = ?1 AND series = ?2), "
                        "(SELECT count(*) FROM club_games c JOIN games g "
                        "ON g.id = c.game_id WHERE c.event_id = ?1 AND c.series = ?2 "
                        "AND g.game_over = 1)",
                        (event_id, int(seated)),
                    ).fetchone()
                    finished = int(over) >= int(tables) * event.games_per_series > 0
                summaries.append(
                    EventSummary(
                        int(event_id),
                        name,
                        len(event.players),
                        int(seated),
                        event.series_count,
                        parse_time(updated),
                        finished,
                    )
                )
        return summaries

    def delete_event(self: _Host, event_id: int) -> None:
        """Remove an event with its seatings (its games stay, as games)."""
        with self.atomic() as conn:
            done = conn.execute("DELETE FROM club_events WHERE id = ?", (event_id,))
            if done.rowcount == 0:
                raise EventNotFound(event_id)

    def event_revision(self: _Host, event_id: int) -> int:
        """The event's revision token (every write to it changes it)."""
        with self._reading() as conn:
            row = conn.execute(
                "SELECT revision FROM club_events WHERE id = ?", (event_id,)
            ).fetchone()
        if row is None:
            raise EventNotFound(event_id)
        return int(row[0])

    def event_revisions(self: _Host) -> dict[int, int]:
        """Every club event's id and revision token: compare two calls to see
        which events were added, changed or deleted (the store watcher, after
        :meth:`~jolly_scorer.store.base.StoreBase.data_version` changed)."""
        with self._reading() as conn:
            rows = conn.execute("SELECT id, revision FROM club_events").fetchall()
        return {int(event_id): int(revision) for event_id, revision in rows}

    def table_revisions(
        self: _Host, event_id: int, game_id: int
    ) -> tuple[int, int | None]:
        """The event's revision token and game ``game_id``'s (None: no such
        game), in one read: what a live club table checks before it looks
        its game up again (every phone asks before each of its reads and
        writes)."""
        with self._reading() as conn:
            row = conn.execute(
                "SELECT (SELECT revision FROM club_events WHERE id = ?), "
                "(SELECT revision FROM games WHERE id = ?)",
                (event_id, game_id),
            ).fetchone()
        if row is None or row[0] is None:
            raise EventNotFound(event_id)
        return int(row[0]), None if row[1] is None else int(row[1])

    def seat_series(
        self: _Host, event_id: int, seating: Seating, *, replace: bool = False
    ) -> None:
        """Keep the seating of the next series; with ``replace`` the seating
        of the last series seated, while none of its tables has a game (a
        redraw). Every seated player must be a player of the event and the
        series within its number of series."""
        with self.atomic() as conn:
            event = _event_of(conn, event_id)
            (seated,) = conn.execute(
                "SELECT count(*) FROM club_series WHERE event_id = ?", (event_id,)
            ).fetchone()
            wanted = seated if replace else seated + 1
            if seating.series != wanted or not 1 <= wanted <= event.series_count:
                what = "the last series seated" if replace else "the next series"
                raise StoreError(
                    f"series {seating.series} is not {what} of club event "
                    f"{event_id} ({seated} of {event.series_count} seated)"
                )
            keys = {name_key(p) for p in event.players}
            for player in seating.players:
                if name_key(player) not in keys:
                    raise StoreError(f"{player!r} is not a player of the event")
            event.check_count(len(seating.players))
            rules = event.rules
            for number, table in enumerate(seating.tables, 1):
                if not rules.players_min <= len(table) <= rules.players_max:
                    raise StoreError(
                        f"table {number} seats {len(table)}; the rules allow "
                        f"{rules.players_min} to {rules.players_max} players"
                    )
            if replace:
                (games,) = conn.execute(
                    "SELECT count(*) FROM club_games WHERE event_id = ? AND series = ?",
                    (event_id, wanted),
                ).fetchone()
                if games:
                    raise StoreError(
                        f"series {wanted} has games already: it cannot be redrawn"
                    )
                conn.execute(
                    "DELETE FROM club_series WHERE event_id = ? AND number = ?",
                    (event_id, wanted),
                )
            conn.execute(
                "INSERT INTO club_series (event_id, number, method, seed) "
                "VALUES (?, ?, ?, ?)",
                (event_id, wanted, seating.method, seating.seed),
            )
            conn.executemany(
                "INSERT INTO club_seats (event_id, series, table_number, seat, "
                "player) VALUES (?, ?, ?, ?, ?)",
                [
                    (event_id, wanted, number, seat, player)
                    for number, table in enumerate(seating.tables, 1)
                    for seat, player in enumerate(table)
                ],
            )
            _touch(conn, event_id, self._now())

    def start_table_game(
        self: _Host, event_id: int, series: int, table: int, game: Game
    ) -> int:
        """Store ``game`` (checked by scoring) as the table's next game and
        link it, in one transaction; returns the game's id. Its players must
        be the table's."""
        result = score_game(game)
        now = self._now()
        with self.atomic() as conn:
            players = _check_table(conn, event_id, series, table)
            if not _same_players(game.players, players):
                raise StoreError(f"the game's players are not table {table}'s")
            if game.rules != _event_of(conn, event_id).rules:
                raise StoreError("a table's game plays the event's rules")
            game_id, saved = self._insert_game(conn, game, result, now, now)
            _link(conn, event_id, (series, table), game_id, game.players)
            _touch(conn, event_id, now)
        self._remember(game_id, saved)
        return game_id

    def link_table_game(
        self: _Host, event_id: int, series: int, table: int, game_id: int
    ) -> None:
        """Link a stored game (its players the table's) as the table's next
        game; a game already linked to a table is refused."""
        with self.atomic() as conn:
            players = _check_table(conn, event_id, series, table)
            stored = [
                name
                for (name,) in conn.execute(
                    "SELECT p.name FROM game_players gp JOIN players p "
                    "ON p.id = gp.player_id WHERE gp.game_id = ? ORDER BY gp.seat",
                    (game_id,),
                )
            ]
            if not stored:
                raise GameNotFound(game_id)
            if not _same_players(stored, players):
                raise StoreError(f"the game's players are not table {table}'s")
            if self.load_game(game_id).rules != _event_of(conn, event_id).rules:
                raise StoreError("a table's game plays the event's rules")
            taken = conn.execute(
                "SELECT 1 FROM club_games WHERE game_id = ?", (game_id,)
            ).fetchone()
            if taken is not None:
                raise StoreError(f"game {game_id} is a table's game already")
            _link(conn, event_id, (series, table), game_id, stored)
            _touch(conn, event_id, self._now())

    def event_play(self: _Host, event_id: int) -> EventPlay:
        """The event with every linked game loaded, in one read."""
        with self._reading() as conn:
            record = ClubEvents.load_event(self, event_id)
            linked = _linked_players(conn, event_id)
            plays: list[SeriesPlay] = []
            missing: list[tuple[int, int, int]] = []
            for stored in record.series:
                tables: list[tuple[Game, ...]] = []
                for table, ids in enumerate(stored.games, 1):
                    games: list[Game] = []
                    for index, game_id in enumerate(ids, 1):
                        if game_id is None:
                            missing.append((stored.seating.series, table, index))
                            continue
                        game = self.load_game(game_id)
                        games.append(as_linked(game, linked[game_id]))
                    tables.append(tuple(games))
                try:
                    plays.append(SeriesPlay(stored.seating, tuple(tables)))
                except JollyError as error:
                    raise StoreError(f"club event {event_id}: {error}") from None
        return EventPlay(record, tuple(plays), tuple(missing))

    def event_file(self: _Host, event_id: int) -> dict[str, Any]:
        """The event file of the event as played so far: its seatings and the
        game file of every table's games (``docs/formats.md``). A game deleted
        since makes it a :class:`StoreError`: the file would rank without it."""
        play = ClubEvents.event_play(self, event_id)
        if play.missing:
            series, table, game = play.missing[0]
            raise StoreError(
                f"series {series}, table {table}, game {game} of club event "
                f"{event_id} was deleted: the event file would be incomplete"
            )
        return event_file_to_json(play.record.event, play.plays)


def backup_events(conn: sqlite3.Connection) -> list[dict[str, Any]]:
    """Every club event for a backup (``club_events``, ``docs/formats.md``):
    its value, times and series, each table's games named by game id (the
    backup's ``id`` of the game) with the players as linked."""
    out: list[dict[str, Any]] = []
    rows = conn.execute(
        "SELECT id, data, created, updated FROM club_events ORDER BY id"
    ).fetchall()
    for event_id, data, created, updated in rows:
        links: dict[tuple[int, int], list[dict[str, Any]]] = {}
        for series, table, game_id, players in conn.execute(
            "SELECT series, table_number, game_id, players FROM club_games "
            "WHERE event_id = ? ORDER BY series, table_number, idx",
            (event_id,),
        ):
            links.setdefault((series, table), []).append(
                {"game": game_id, "players": json.loads(players)}
            )
        out.append(
            {
                "id": event_id,
                "created": parse_time(created).isoformat(),
                "updated": parse_time(updated).isoformat(),
                "event": json.loads(data),
                "series": [
                    {
                        "method": s.seating.method,
                        "seed": s.seating.seed,
                        "tables": [list(t) for t in s.seating.tables],
                        "games": [
                            links.get((s.seating.series, n), [])
                            for n in range(1, len(s.seating.tables) + 1)
                        ],
                    }
                    for s in _series_of(conn, event_id)
                ],
            }
        )
    return out


def restore_events(
    conn: sqlite3.Connection,
    events: Sequence[BackupEvent],
    new_ids: dict[int, int],
    now: str,
) -> list[int]:
    """Add the club events of a backup, in the restore's transaction; their
    games are the restored games (``new_ids``: backup id -> new id).
    Returns the events' new ids, in order."""
    made: list[int] = []
    for entry in events:
        created = time_text(entry.created) if entry.created else now
        updated = time_text(entry.updated) if entry.updated else now
        cursor = conn.execute(
            "INSERT INTO club_events (name, data, created, updated, revision) "
            "VALUES (?, ?, ?, ?, ?)",
            (
                entry.event.name,
                dumps(event_to_json(entry.event)),
                created,
                updated,
                _revision(),
            ),
        )
        event_id = int(cursor.lastrowid or 0)
        made.append(event_id)
        for part in entry.series:
            seating = part.seating
            conn.execute(
                "INSERT INTO club_series (event_id, number, method, seed) "
                "VALUES (?, ?, ?, ?)",
                (event_id, seating.series, seating.method, seating.seed),
            )
            for number, (table, links) in enumerate(
                zip(seating.tables, part.games, strict=True), 1
            ):
                conn.executemany(
                    "INSERT INTO club_seats (event_id, series, table_number, seat, "
                    "player) VALUES (?, ?, ?, ?, ?)",
                    [
                        (event_id, seating.series, number, seat, player)
                        for seat, player in enumerate(table)
                    ],
                )
                conn.executemany(
                    "INSERT INTO club_games (event_id, series, table_number, idx, "
                    "game_id, players) VALUES (?, ?, ?, ?, ?, ?)",
                    [
                        (
                            event_id,
                            seating.series,
                            number,
                            index,
                            None if game is None else new_ids.get(game),
                            dumps(list(players)),
                        )
                        for index, (game, players) in enumerate(links)
                    ],
                )
    return made
