"""The club evening served live (``jolly-scorer --club``): a registry of live
tables, one :class:`~jolly_scorer.tables.table.Table` per table number.

A club's table is the game its players play now: the running game of that
table in the event's last seated series (:meth:`Club.table_game`). When the
table has none yet, or its last game is over and the series has more, the
next game is started there (the first seat deals the first game, the next
seat the next). When the organiser seats a new series the table numbers stay
and so do their secrets: phones at table 3 stay at table 3, now at the new
players' game.

Who is who: the organiser's laptop joins with the *organiser link* (the
gate's host token; role ``host``, table 0: the whole app with the club
screens). A phone joins a table with that table's QR code (its join token)
or its PIN (every table's PIN is different; wrong PINs are counted for the
whole club, :meth:`Table.check_pin` of the gate): role ``guest`` with the
table's number, working through a
:class:`~jolly_scorer.tables.guest_store.GuestStore` of that table's game
only. The *ranking link* (the gate's viewer token: a projector, or someone
following from home) is role ``viewer`` with table 0: it reads the event's
ranking through :class:`RankingStore` and changes nothing. Without any of
these a device gets nothing (``server/guard.py``, as for ``--table``).

Everything is kept in the data folder (:data:`CLUB_FOLDER`): the gate and
every table as ``--table`` keeps its table, and the event served. A killed
organiser's laptop restarted within :data:`~jolly_scorer.tables.table.RESUME_FOR`
goes on with the same links, PINs and joined phones; the rounds and the
ranking are in the games database anyway. A normal stop (Ctrl+C) forgets
them: the next evening has new secrets.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from jolly_scorer.core import game as core
from jolly_scorer.core.club.season import SeasonStanding
from jolly_scorer.core.club.seating import TablePlace
from jolly_scorer.core.errors import JollyError
from jolly_scorer.core.names import name_key
from jolly_scorer.core.scoring import score_game
from jolly_scorer.i18n import N_, Translator
from jolly_scorer.store import StoreError
from jolly_scorer.tables.guest_store import (
    GuestStore,
    ViewerRefused,
    ViewerStore,
)
from jolly_scorer.tables.table import (
    NOT_VALID,
    PIN_DIGITS,
    SLOWED,
    Access,
    JoinProblem,
    Table,
)

CLUB_FOLDER = "live-club"  # in the data folder while a club evening is served
GATE_FILE = "organiser.json"
EVENT_FILE = "event.json"
#: the page session's key under which the organiser's page finds the club
SESSION_KEY = "jolly-scorer live club"

ONLY_RANKING = N_("This page shows the ranking; it cannot change anything.")
#: :data:`~jolly_scorer.tables.table.SLOWED` at a club: its QR codes are on
#: the printed table cards, not on a host's screen (issue 37)
SLOWED_AT_CLUB = N_(
    "Many wrong PINs were tried here: wait {seconds} seconds before the next "
    "try, or join with the QR code on the table card."
)

UsingStore = Callable[[], AbstractContextManager[Any]]


@dataclass(frozen=True)
class ClubTable:
    """A table of the series being played, as its card shows it."""

    number: int
    series: int
    players: tuple[str, ...]
    join_url: str
    pin: str


#: ``draw(standing, place_points, t)``: a season's standings as one HTML page
SeasonPage = Callable[[SeasonStanding, tuple[int, ...], Translator], str]


class Club:
    """The live tables of a club evening, by table number.

    ``using``: a context manager giving the games database (the server's
    shared store) for each look-up."""

    def __init__(
        self,
        using: UsingStore,
        folder: Path | None = None,
        gate: Table | None = None,
        tables: dict[int, Table] | None = None,
        event_id: int | None = None,
    ) -> None:
        self._using = using
        self.folder = folder
        self.gate = gate or Table()
        self.gate.viewers = True  # the ranking link works all evening
        self.tables: dict[int, Table] = {}
        self.event_id = event_id
        self.address = ""
        self.on_change: list[Callable[[], None]] = []
        #: called with a game's id when the club started a table's game
        #: (the server tells every page, as after any change to a game)
        self.announce: Callable[[int], None] | None = None
        #: draws a season's read-only page (``/club/season``): the app's
        #: ``standings_page``, given by ``serve.py`` (None: no season page)
        self.season_page: SeasonPage | None = None
        self._lock = threading.RLock()
        #: table number -> (event revision, game id, the game's revision,
        #: game over): a table's game looked up again only when the event or
        #: that game changed
        self._games: dict[int, tuple[int, int | None, int | None, bool]] = {}
        self.gate.on_change.append(self._changed)
        for number, table in sorted((tables or {}).items()):
            self._add_table(number, table)

    # -- kept while open ----------------------------------------------------------
    @classmethod
    def open(cls, using: UsingStore, folder: Path) -> tuple[Club, bool]:
        """The club kept in ``folder`` by a server that did not stop normally
        (True), else a new one (False); either way kept there from now on."""
        gate = Table.resume(folder / GATE_FILE)
        tables: dict[int, Table] = {}
        event_id: int | None = None
        if gate is not None:
            for path in folder.glob("table-*.json"):
                number = path.stem.removeprefix("table-")
                if number.isascii() and number.isdigit() and 0 < int(number) < 1000:
                    kept = Table.resume(path)
                    if kept is not None:
                        tables[int(number)] = kept
            with contextlib.suppress(OSError, ValueError, TypeError):
                data = json.loads((folder / EVENT_FILE).read_text(encoding="utf-8"))
                if isinstance(data, dict) and type(data.get("event")) is int:
                    event_id = data["event"]
        else:
            cls._clear(folder)
        club = cls(using, folder, gate, tables, event_id)
        club.gate.keep(folder / GATE_FILE)
        for place, table in club.tables.items():
            table.keep(folder / f"table-{place}.json")
        club._write_event()
        return club, gate is not None

    @staticmethod
    def _clear(folder: Path) -> None:
        for path in [*folder.glob("table-*.json"), folder / EVENT_FILE]:
            with contextlib.suppress(OSError):
                path.unlink(missing_ok=True)

    def forget(self) -> None:
        """The server stopped normally: the next evening starts afresh."""
        self.gate.forget()
        for table in self.tables.values():
            table.forget()
        if self.folder is not None:
            self._clear(self.folder)

    def _write_event(self) -> None:
        if self.folder is None:
            return
        path = self.folder / EVENT_FILE
        temporary = path.with_name(path.name + ".new")
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            descriptor = os.open(
                temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600
            )
            with os.fdopen(descriptor, "w", encoding="utf-8") as out:
                json.dump({"event": self.event_id, "saved": time.time()}, out)
                out.flush()
                os.fsync(out.fileno())
            os.replace(temporary, path)
        except OSError:
            with contextlib.suppress(OSError):
                temporary.unlink(missing_ok=True)

    # -- the event and its tables ---------------------------------------------------
    def serve_event(self, event_id: int) -> None:
        """Serve ``event_id`` (the organiser opened it)."""
        with self._lock:
            if self.event_id == event_id:
                return
            self.event_id = event_id
            self._games.clear()
        self._write_event()
        self._changed()

    def current_event(self, store: Any) -> int | None:
        """The event served: the one the organiser opened last, else the
        most recently changed one."""
        if self.event_id is None:
            with contextlib.suppress(StoreError, JollyError, IndexError):
                self.serve_event(store.list_events()[0].id)
        return self.event_id

    def _add_table(self, number: int, table: Table | None = None) -> Table:
        table = table or Table()
        taken = {t.pin for t in self.tables.values()} | {self.gate.pin}
        while table.pin in taken:  # every PIN names one table
            table.pin = "".join(secrets.choice("0123456789") for _ in range(PIN_DIGITS))
        table.address = self.address
        table.on_change.append(self._changed)
        self.tables[number] = table
        if self.folder is not None and table.path is None:
            table.keep(self.folder / f"table-{number}.json")
        return table

    def table(self, number: int) -> Table:
        """The live table ``number`` (made, with its secrets, the first time)."""
        with self._lock:
            found = self.tables.get(number)
            return found if found is not None else self._add_table(number)

    def seated_tables(self) -> list[ClubTable]:
        """The tables of the series being played, with their links and PINs."""
        with self._using() as store:
            event_id = self.current_event(store)
            if event_id is None:
                return []
            try:
                record = store.load_event(event_id)
            except (StoreError, JollyError):
                return []
        if not record.series:
            return []
        seating = record.series[-1].seating
        found = []
        for number, players in enumerate(seating.tables, 1):
            table = self.table(number)
            found.append(
                ClubTable(
                    number,
                    seating.series,
                    players,
                    f"{self.address.rstrip('/')}/join?token={table.join_token}",
                    table.pin,
                )
            )
        return found

    def phones(self) -> dict[int, int]:
        """Per table number, how many phones have its page open now (joined
        with its link or PIN; the read-only viewers not counted)."""
        found: dict[int, int] = {}
        for number, table in self._snapshot():
            found[number] = sum(
                1 for d in table.guests() if not d.viewer and d.pages > 0
            )
        return found

    def event_name(self) -> str:
        with self._using() as store:
            event_id = self.current_event(store)
            if event_id is None:
                return ""
            with contextlib.suppress(StoreError, JollyError):
                name: str = store.load_event(event_id).event.name
                return name
        return ""

    def place(self, number: int, device: str) -> TablePlace | None:
        """Where table ``number``'s phone ``device`` (its seat key) is: the
        table and series, and when the player it last sat as at this table
        sits at another table in this series, that table (the phone's link
        and PIN are its table's: its player joins the other with that
        table's PIN). None: no event served, or the store failed."""
        with self._using() as store:
            event_id = self.current_event(store)
            if event_id is None:
                return None
            try:
                record = store.load_event(event_id)
                if not record.series:
                    return None
                last = record.series[-1].seating
                place = TablePlace(number, last.series, record.event.series_count)
                player = self._last_seat(store, record, number, device)
            except (StoreError, JollyError):
                return None
        if player is None or number > len(last.tables):
            return place
        tables = [{name_key(p) for p in table} for table in last.tables]
        if name_key(player) in tables[number - 1]:
            return place
        for other, keys in enumerate(tables, 1):
            if name_key(player) in keys:
                return replace(place, player=player, moved_to=other)
        return place

    @staticmethod
    def _last_seat(store: Any, record: Any, number: int, device: str) -> str | None:
        """The seat ``device`` chose last at table ``number`` (its newest
        game first), or None."""
        if not device:
            return None
        for series in reversed(record.series):
            games = series.games[number - 1] if number <= len(series.games) else ()
            for game_id in reversed(games):
                if game_id is None:
                    continue
                seat: str | None = store.load_device_seat(game_id, device)
                if seat is not None:
                    return seat
        return None

    def using(self) -> AbstractContextManager[Any]:
        """The games database, for one look-up (the server's shared store)."""
        return self._using()

    def readable_season(
        self, access: Access | None, season_id: int | None
    ) -> int | None:
        """The season ``access`` may read on the season's page: the
        organiser any (``season_id`` None: the live evening's newest); the
        ranking link's devices (read only) a season holding the live
        evening, as :class:`RankingStore`. None: not this one, or nothing."""
        if access is None or access.table != 0:
            return None
        if access.role not in ("host", "local", "viewer"):
            return None
        with self._using() as store:
            try:
                live = self.current_event(store)
                holding = store.seasons_of_event(live) if live is not None else []
                if access.role == "viewer":
                    if season_id is None:
                        return holding[0] if holding else None
                    return season_id if season_id in holding else None
                if season_id is None:
                    return holding[0] if holding else None
                store.load_season(season_id)  # SeasonNotFound: nothing
                return season_id
            except (StoreError, JollyError):
                return None

    def season_link(self, season_id: int) -> str:
        """The season's read-only link: the ranking link, opening the
        season's page (``/club/season``) after it joined."""
        base = self.address.rstrip("/")
        return f"{base}/join?token={self.gate.view_token}&season={season_id}"

    def table_game(self, number: int) -> TableGame:
        """Table ``number``'s game at each call (for its GuestStore)."""
        return TableGame(self, number)

    def elsewhere(self, number: int, game_id: int) -> bool:
        """Whether ``game_id`` is another table's game (as last looked up),
        so not table ``number``'s: from memory, no read of the store. A game
        is linked to one table for good, so the answer does not go stale."""
        with self._lock:
            own = self._games.get(number)
            if own is not None and own[1] == game_id:
                return False
            return any(
                entry[1] == game_id
                for other, entry in self._games.items()
                if other != number
            )

    def _resolve(self, number: int) -> int | None:
        started: int | None = None
        with self._lock, self._using() as store:
            event_id = self.current_event(store)
            if event_id is None:
                return None
            try:
                cached = self._games.get(number)
                if cached is not None and cached[1] is not None and not cached[3]:
                    # one read: neither the event nor its game changed?
                    revision, now = store.table_revisions(event_id, cached[1])
                    if (revision, now) == (cached[0], cached[2]):
                        return cached[1]
                else:
                    revision = store.event_revision(event_id)
                record = store.load_event(event_id)
                if not record.series or number > len(record.series[-1].games):
                    return None
                last = record.series[-1]
                ids = last.games[number - 1]
                players = last.seating.tables[number - 1]
                game_id = ids[-1] if ids else None
                game_revision: int | None = None
                over = True
                if game_id is not None:
                    # the revision first: a save in between is seen next time
                    game_revision = store.revision(game_id)
                    over = score_game(store.load_game(game_id)).game_over
                per_series = record.event.games_per_series
                if over and (per_series is None or len(ids) < per_series):
                    # the last game is over (its last round saved just now,
                    # or earlier): the table's next game starts here, and
                    # every page is told (its phones move to it by themselves)
                    game = core.new_game(
                        record.event.rules,
                        players,
                        first_dealer=len(ids) % len(players),
                    )
                    game_id = store.start_table_game(
                        event_id, last.seating.series, number, game
                    )
                    started, over = game_id, False
                    revision = store.event_revision(event_id)
                    game_revision = store.revision(game_id)
                for other, entry in list(self._games.items()):
                    if other != number and entry[1] == game_id:
                        del self._games[other]  # a deleted game's id used again
                self._games[number] = (revision, game_id, game_revision, over)
            except (StoreError, JollyError):
                return None
        if started is not None and self.announce is not None:
            with contextlib.suppress(Exception):
                self.announce(started)
        return game_id

    # -- the gate: what the web server asks (as of a Table) ------------------------
    def _snapshot(self) -> list[tuple[int, Table]]:
        with self._lock:
            return sorted(self.tables.items())

    def access(self, device: str) -> Access | None:
        """What the holder of this device cookie may do (None: nothing)."""
        if not device:
            return None
        found = self.gate.access(device)
        if found is not None and found.role in ("host", "viewer"):
            return found
        for number, table in self._snapshot():
            found = table.access(device)
            if found is not None and found.role in ("guest", "viewer"):
                return replace(found, table=number)
        return None

    def _table_of(self, access: Access) -> Table | None:
        if access.table == 0:
            return self.gate
        with self._lock:
            return self.tables.get(access.table)

    def connected(self, access: Access, change: int) -> None:
        table = self._table_of(access)
        if table is not None:
            table.connected(access, change)

    def join_with_token(self, token: str, address: str, agent: str) -> str | None:
        return self.join_with_link(token, address, agent)[0]

    def join_with_link(
        self, token: str, address: str, agent: str
    ) -> tuple[str | None, JoinProblem]:
        """The device cookie for the organiser link, the ranking link or a
        table's join (or viewer) link; else why not."""
        if not token:
            return None, JoinProblem(NOT_VALID)
        gate = self.gate
        if secrets.compare_digest(token, gate.host_token) or secrets.compare_digest(
            token, gate.view_token
        ):
            return gate.join_with_link(token, address, agent)
        for _, table in self._snapshot():
            if secrets.compare_digest(token, table.join_token) or (
                table.viewers and secrets.compare_digest(token, table.view_token)
            ):
                return table.join_with_link(token, address, agent)
        return None, JoinProblem(NOT_VALID)

    def join_with_pin(
        self, pin: str, address: str, agent: str
    ) -> tuple[str | None, JoinProblem]:
        """The device cookie for a table's PIN (it names the table); wrong PINs
        are counted for the whole club (locked out, slowed down: as a table)."""
        found: list[Table] = []

        def right(text: str) -> bool:
            for _, table in self._snapshot():
                if secrets.compare_digest(text, table.pin):
                    found.append(table)
            return bool(found)

        problem = self.gate.check_pin(pin, address, right)
        if problem is not None:
            if problem.message == SLOWED:
                problem = replace(problem, message=SLOWED_AT_CLUB)
            return None, problem
        return found[0].join_with_pin(pin, address, agent)

    def _changed(self) -> None:
        for callback in list(self.on_change):
            try:
                callback()
            except Exception:  # a closed page: forget it
                with contextlib.suppress(ValueError):
                    self.on_change.remove(callback)

    # -- a page's store ---------------------------------------------------------------
    def store_for(self, shared: Any, access: Access) -> Any:
        """The games database as ``access`` may use it: the organiser's whole
        store; a table's phone its table's game only; the ranking link the
        event's ranking, read only."""
        if access.role in ("local", "host"):
            return shared
        if access.table:
            kind = ViewerStore if access.role == "viewer" else GuestStore
            return kind(shared, self.table_game(access.table))
        return RankingStore(shared, self)


class TableGame:
    """A table's game at each call (its phones' GuestStore asks it before
    every read and write), and :meth:`elsewhere`: whether a changed game is
    another table's, answered from memory (every page of the evening hears
    of every saved round; a phone of another table ignores it at once)."""

    def __init__(self, club: Club, number: int) -> None:
        self.club = club
        self.number = number

    def __call__(self) -> int | None:
        found = self.club._resolve(self.number)
        if found is not None:
            self.club.table(self.number).pin_game(found)
        return found

    def elsewhere(self, game_id: int) -> bool:
        return self.club.elsewhere(self.number, game_id)


class RankingStore:
    """The games database as the ranking link sees it: the event served,
    read only (the big-screen ranking). Every other call is refused."""

    def __init__(self, store: Any, club: Club) -> None:
        self._store = store
        self._club = club

    def _own(self, event_id: int) -> None:
        if event_id != self._club.current_event(self._store):
            raise ViewerRefused(ONLY_RANKING)

    def event_revision(self, event_id: int) -> int:
        self._own(event_id)
        value: int = self._store.event_revision(event_id)
        return value

    def event_play(self, event_id: int) -> Any:
        self._own(event_id)
        return self._store.event_play(event_id)

    def load_event(self, event_id: int) -> Any:
        self._own(event_id)
        return self._store.load_event(event_id)

    def seasons_of_event(self, event_id: int) -> list[int]:
        """The seasons of the live evening (its big screen shows the newest)."""
        self._own(event_id)
        found: list[int] = self._store.seasons_of_event(event_id)
        return found

    def season_standing(self, season_id: int) -> Any:
        """A season's standings, when it holds the live evening."""
        own = self._club.current_event(self._store)
        if own is None or season_id not in self._store.seasons_of_event(own):
            raise ViewerRefused(ONLY_RANKING)
        return self._store.season_standing(season_id)

    def list_events(self) -> list[Any]:
        own = self._club.current_event(self._store)
        return [e for e in self._store.list_events() if e.id == own]

    def current_game_id(self) -> int | None:
        return None

    def list_games(self) -> list[Any]:
        return []

    def last_played(self) -> None:
        return None

    def known_players(self) -> list[str]:
        return []

    def player_stats(self) -> list[Any]:
        return []

    def get_setting(self, key: str, default: Any = None) -> Any:
        return self._store.get_setting(key, default)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)

        def refused(*args: Any, **kwargs: Any) -> Any:
            raise ViewerRefused(ONLY_RANKING)

        return refused
