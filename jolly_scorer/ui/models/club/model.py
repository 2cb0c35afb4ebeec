"""The organiser's club evening as a plain-Python model (no Flet needed to
test it): create an event, seat each series (drawn, redrawn, or by standing,
with late arrivals and leavers), open a table's next game, and the rankings.

Every change goes through the store's club calls (``store/club.py``); the
model keeps what the screens show and, after each call, reads the event
again (``reload``), so what is shown is what is stored. A failure leaves the
store as it was and ``error`` says why (to translate).

``ClubModel`` is an ``ft.observable``: assigning a field re-renders the
components that were given it (as ``AppState``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal, Protocol, TypeVar

import flet as ft

from jolly_scorer.core import game as core
from jolly_scorer.core.club.event import ClubEvent
from jolly_scorer.core.club.points import Conversion
from jolly_scorer.core.club.ranking import (
    Ranking,
    next_seating,
)
from jolly_scorer.core.club.season import SeasonStanding
from jolly_scorer.core.club.seating import (
    clean_players,
    draw_seating,
    next_players,
    table_sizes,
)
from jolly_scorer.core.errors import JollyError
from jolly_scorer.core.names import name_key
from jolly_scorer.core.rules import Rules
from jolly_scorer.core.scoring import GameResult
from jolly_scorer.i18n import N_
from jolly_scorer.store import StoreError
from jolly_scorer.store.club_seasons import SeasonStore
from jolly_scorer.store.club_store import ClubStore, EventPlay, EventSummary, new_seed
from jolly_scorer.ui.models.club.rankings import event_rankings
from jolly_scorer.ui.models.failures import FAILURES, failure_text
from jolly_scorer.ui.state import GameStore

__all__ = [
    "ClubModel",
    "ClubView",
    "TableState",
    "parse_players",
    "split_of",
]

#: The club screens: the list of events, the event form, one event (its
#: seating, tables and rankings), the big-screen ranking.
ClubView = Literal["list", "form", "event", "big", "seasons"]


class ClubGameStore(ClubStore, SeasonStore, GameStore, Protocol):
    """The store of the club screens: club events, their seasons and
    ordinary games."""


T = TypeVar("T")


class EventWrites(Protocol):
    """The road of every write to a club event (``AppState.change_event``):
    it runs ``write`` and then tells the other pages that event
    ``event_id`` changed (None: the id ``write`` returns)."""

    def __call__(self, event_id: int | None, write: Callable[[], T]) -> T: ...


def _direct(event_id: int | None, write: Callable[[], T]) -> T:
    """No other page to tell (the model alone, as in the model's tests)."""
    return write()


def parse_players(text: str) -> tuple[str, ...]:
    """The names of a typed or pasted list: one a line (a list separated by
    commas or semicolons is taken too); blank lines and list marks left out.

    >>> parse_players("Anna\\n  Ben \\n\\n- Cleo\\n3. Dora")
    ('Anna', 'Ben', 'Cleo', 'Dora')
    >>> parse_players("Anna, Ben; Cleo")
    ('Anna', 'Ben', 'Cleo')
    """
    lines = text.splitlines()
    if len(lines) == 1:
        lines = lines[0].replace(";", ",").split(",")
    names: list[str] = []
    for line in lines:
        name = line.strip()
        for mark in ("- ", "* ", "• "):
            name = name.removeprefix(mark)
        head, dot, rest = name.partition(". ")
        if dot and head.isdigit() and rest.strip():
            name = rest
        if name.strip():
            names.append(name.strip())
    return tuple(names)


def split_of(count: int, fives: bool = False) -> tuple[int, ...] | None:
    """The table sizes of ``count`` players, or None when too few."""
    try:
        return table_sizes(count, fives=fives)
    except JollyError:
        return None


@dataclass(frozen=True, slots=True)
class TableState:
    """A table of a series as the organiser sees it: its players, its games
    (ids, None for a deleted one), rounds played in its current game, games
    finished, and whether another game may be started there."""

    series: int
    table: int
    players: tuple[str, ...]
    game_ids: tuple[int | None, ...]
    rounds: int
    finished: int
    current: int | None  # the game being played (not finished), if any
    can_start: bool

    @property
    def done(self) -> bool:
        """Every game of the table played (no game running, none to start)."""
        return self.current is None and not self.can_start


@ft.observable
@dataclass
class ClubModel:
    """The club screens' state; methods return an error (to translate) or None."""

    store: ClubGameStore
    view: ClubView = "list"
    event_id: int | None = None
    play: EventPlay | None = None
    events: tuple[EventSummary, ...] = ()
    tables: tuple[tuple[TableState, ...], ...] = ()
    series_rankings: tuple[Ranking, ...] = ()
    overall: Ranking | None = None
    error: str | None = None
    #: The ranking shown: None overall, else the series' number.
    shown_series: int | None = None
    #: Bumped on every reload (a view that draws from ``play`` follows it).
    revision: int = 0
    #: served live (``--club``): the event the tables play now. Opening
    #: another event only looks at it; making it live is its own step
    #: (:meth:`make_live`), asked first and told to every table.
    live_event: Callable[[], int | None] | None = None
    #: served live: make an event the one the tables play (``Club.serve_event``)
    serve: Callable[[int], None] | None = None
    #: the ranking link's page: it shows the live event, whichever it is
    #: (it follows when another event is made live, also after a reload)
    follow_live: bool = False
    #: served live: table number -> its game in the last series (started
    #: there when due), one look-up for the phones and this page alike, so
    #: the two never start a table's game twice
    live_game: Callable[[int], int | None] | None = None
    #: served live: per table number of the series played, how many phones
    #: have its page open (the organiser sees each join and leave)
    phones: tuple[tuple[int, int], ...] = ()
    #: the road of every write (the app's: ``AppState.change_event``)
    writes: EventWrites = _direct
    #: the big screen shows the standings of the evening's season
    #: (:attr:`season`, read with the event while it is shown)
    show_season: bool = False
    #: the newest season holding the open evening (None: none)
    season_id: int | None = None
    season: SeasonStanding | None = None
    _game_ids: frozenset[int] = field(default_factory=frozenset)
    _event_revision: int | None = None

    # -- reading ---------------------------------------------------------------
    @property
    def event(self) -> ClubEvent | None:
        return self.play.record.event if self.play is not None else None

    @property
    def seated(self) -> int:
        """How many series are seated."""
        return len(self.play.record.series) if self.play is not None else 0

    def playing(self) -> tuple[str, ...]:
        """Who plays now: the last series' players, or all before the first."""
        if self.play is None:
            return ()
        series = self.play.record.series
        if series:
            return series[-1].seating.players
        return self.play.record.event.players

    def series_done(self) -> bool:
        """Every table of the last seated series has played all its games."""
        return bool(self.tables) and all(t.done for t in self.tables[-1])

    def can_redraw(self) -> bool:
        """The last series may be drawn again: none of its tables has a game."""
        return bool(self.tables) and all(not t.game_ids for t in self.tables[-1])

    def can_seat_next(self) -> bool:
        event = self.event
        return (
            event is not None
            and self.seated < event.series_count
            and (self.seated == 0 or self.series_done())
        )

    def follows(self, game_id: int) -> bool:
        """Whether ``game_id`` is one of the event's games."""
        return game_id in self._game_ids

    # -- list and open ---------------------------------------------------------
    def list_events(self) -> None:
        try:
            self.events = tuple(self.store.list_events())
        except FAILURES as e:
            self.error = failure_text(e)

    def go(self, view: ClubView) -> None:
        self.error = None
        if view == "list":
            self.list_events()
        self.view = view

    def open(self, event_id: int, view: ClubView = "event") -> str | None:
        self.event_id = event_id
        self.shown_series = None
        failed = self.reload()
        if failed is None:
            self.go(view)
        return failed

    # -- the live event (served live) -------------------------------------------
    def live_id(self) -> int | None:
        """The event the tables play now (None: not served live, or none)."""
        if self.live_event is None:
            return None
        with contextlib.suppress(*FAILURES):
            return self.live_event()
        return None

    def is_live(self) -> bool:
        """The open event is the one the tables play (served live)."""
        return (
            self.live_event is not None
            and self.event_id is not None
            and self.live_id() == self.event_id
        )

    def live_name(self) -> str:
        """The name of the event the tables play now ("" when none)."""
        live = self.live_id()
        if live is None:
            return ""
        for summary in self.events:
            if summary.id == live:
                return summary.name
        with contextlib.suppress(*FAILURES):
            return self.store.load_event(live).event.name
        return ""

    def make_live(self) -> str | None:
        """Make the open event the one the tables play (the organiser asked
        and said yes): every table's phones move to its tables, every page of
        the evening is told (the ranking link follows)."""
        serve, event_id = self.serve, self.event_id
        if serve is None or event_id is None:
            return self._fail(N_("No club event is open."))
        try:
            self.writes(event_id, lambda: serve(event_id))
        except FAILURES as e:
            return self._fail(failure_text(e))
        self.error = None
        self.list_events()
        return self.reload()

    def follow_live_event(self) -> bool:
        """The ranking link: open the live event when another one is shown.
        Whether it opened it."""
        if not self.follow_live:
            return False
        live = self.live_id()
        if live is None or live == self.event_id:
            return False
        self.open(live, view="big")
        return True

    def reload(self) -> str | None:
        """Read the event and its games again; the tables and rankings follow."""
        if self.event_id is None:
            return None
        try:
            revision = self.store.event_revision(self.event_id)
            play = self.store.event_play(self.event_id)
            ranked = event_rankings(self.event_id, revision, play)
            tables = tuple(
                self._tables(play, number, ranked.results[number - 1])
                for number in range(1, len(play.record.series) + 1)
            )
            series = ranked.series
            overall = ranked.overall
        except FAILURES as e:
            return self._fail(failure_text(e))
        self._read_season()
        self._event_revision = revision
        self.play = play
        self.tables = tables
        self.series_rankings = series
        self.overall = overall
        self._game_ids = frozenset(
            i for s in play.record.series for g in s.games for i in g if i is not None
        )
        self.revision += 1
        return None

    def _read_season(self) -> None:
        """The open evening's season (its standings only while shown: they
        read every evening of the season)."""
        if self.event_id is None:
            self.season_id, self.season = None, None
            return
        try:
            found = self.store.seasons_of_event(self.event_id)
            self.season_id = found[0] if found else None
            if self.show_season and self.season_id is not None:
                self.season = self.store.season_standing(self.season_id)
            else:
                self.season = None
        except FAILURES:
            self.season_id, self.season = None, None

    def choose_season(self, shown: bool) -> None:
        """The big screen: the season's standings (True) or the evening's."""
        self.show_season = shown
        self._read_season()
        self.revision += 1

    def _tables(
        self,
        play: EventPlay,
        number: int,
        scored: tuple[tuple[GameResult, ...], ...],
    ) -> tuple[TableState, ...]:
        stored = play.record.series[number - 1]
        games_per = play.record.event.games_per_series
        found = play.plays[number - 1].games
        out: list[TableState] = []
        for index, players in enumerate(stored.seating.tables):
            ids = stored.games[index]
            games = found[index]
            results = scored[index]
            finished = sum(r.game_over for r in results)
            running = bool(results) and not results[-1].game_over
            current = ids[-1] if running and ids and ids[-1] is not None else None
            more = games_per is None or len(ids) < games_per
            out.append(
                TableState(
                    series=number,
                    table=index + 1,
                    players=players,
                    game_ids=ids,
                    rounds=len(games[-1].rounds) if running else 0,
                    finished=finished,
                    current=current,
                    can_start=current is None and more,
                )
            )
        return tuple(out)

    def _fail(self, message: str) -> str:
        self.error = message
        return message

    # -- create ------------------------------------------------------------------
    def create(
        self,
        name: str,
        rules: Rules,
        players: Sequence[str],
        *,
        series_count: int | None,
        games_per_series: int | None,
        points: Conversion | None = None,
        fives: bool = False,
    ) -> str | None:
        """Store a new event and open it (not seated yet)."""
        if series_count is None:
            return self._fail(N_("Enter the number of series."))
        if games_per_series is None:
            return self._fail(N_("Enter the number of games per series."))
        try:
            event = ClubEvent(
                name.strip(),
                rules,
                clean_players(players),
                series_count=series_count,
                games_per_series=games_per_series,
                points=points,
                fives=fives,
                seed=new_seed(),
            )
            event_id = self.writes(None, lambda: self.store.create_event(event))
        except FAILURES as e:
            return self._fail(failure_text(e))
        return self.open(event_id)

    def delete(self, event_id: int) -> str | None:
        try:
            self.writes(event_id, lambda: self.store.delete_event(event_id))
        except FAILURES as e:
            return self._fail(failure_text(e))
        if event_id == self.event_id:
            self.event_id = None
            self.play = None
        self.list_events()
        return None

    # -- seating -------------------------------------------------------------------
    def seat_next(
        self,
        method: Literal["draw", "standing"],
        *,
        arrive: Sequence[str] = (),
        leave: Sequence[str] = (),
    ) -> str | None:
        """Seat the next series: drawn, or by the standing so far (series 1 is
        always drawn); late arrivals join the event, leavers sit out."""
        event, play = self.event, self.play
        if event is None or play is None or self.event_id is None:
            return self._fail(N_("No club event is open."))
        if not self.can_seat_next():
            return self._fail(N_("Finish every table's games of this series first."))
        try:
            known = {name_key(p): p for p in event.players}
            playing = tuple(  # one who left and comes back: the event's spelling
                known.get(name_key(p), p)
                for p in next_players(self.playing(), arrive=arrive, leave=leave)
            )
            event.check_count(len(playing))
            arrivals = [p for p in playing if name_key(p) not in known]
            if arrivals:
                players = clean_players([*event.players, *arrivals])
                event = replace(event, players=players)
            number = self.seated + 1
            seed = new_seed()
            if method == "standing" and number > 1:
                seating = next_seating(event, play.plays, playing, seed=seed)
            else:
                seating = draw_seating(
                    playing, series=number, seed=seed, fives=event.fives
                )
            event_id = self.event_id

            def write() -> None:
                if arrivals:
                    self.store.save_event(event_id, event)
                self.store.seat_series(event_id, seating)

            self.writes(event_id, write)
        except FAILURES as e:
            self.reload()
            return self._fail(failure_text(e))
        self.error = None
        return self.reload()

    def redraw(self) -> str | None:
        """Draw the last series again (a new seed), while none of its tables
        has a game; a series seated by standing keeps its tables and draws
        the seats in them again."""
        event, play = self.event, self.play
        if event is None or play is None or self.event_id is None or not self.tables:
            return self._fail(N_("No club event is open."))
        if not self.can_redraw():
            return self._fail(N_("A table of this series has started: no redraw."))
        last = play.record.series[-1].seating
        try:
            seed = new_seed()
            if last.method == "standing":
                seating = next_seating(event, play.plays[:-1], last.players, seed=seed)
            else:
                seating = draw_seating(
                    last.players, series=last.series, seed=seed, fives=event.fives
                )
            event_id = self.event_id
            self.writes(
                event_id,
                lambda: self.store.seat_series(event_id, seating, replace=True),
            )
        except FAILURES as e:
            return self._fail(failure_text(e))
        self.error = None
        return self.reload()

    # -- a table's game ------------------------------------------------------------
    def table_game(self, series: int, table: int) -> int | str:
        """The id of the table's game to play: the running one, else a new one
        (its first dealer moves on by a seat each game). An error (to
        translate) when every game of the table is played."""
        live = self.live_game
        if live is not None and series == self.seated and self.is_live():
            with contextlib.suppress(*FAILURES):
                found = self.writes(self.event_id, lambda: live(table))
                if found is not None:
                    self.reload()
                    return found
        self.reload()  # a live table may have started its game meanwhile
        event = self.event
        if event is None or self.event_id is None:
            return self._fail(N_("No club event is open."))
        try:
            state = self.tables[series - 1][table - 1]
        except IndexError:
            return self._fail(N_("No club event is open."))
        if state.current is not None:
            return state.current
        if not state.can_start:
            return self._fail(N_("Every game of this table is played."))
        try:
            game = core.new_game(
                event.rules,
                state.players,
                first_dealer=len(state.game_ids) % len(state.players),
            )
            event_id = self.event_id
            game_id = self.writes(
                event_id,
                lambda: self.store.start_table_game(event_id, series, table, game),
            )
        except FAILURES as e:
            return self._fail(failure_text(e))
        self.reload()
        return game_id

    def heard(self, game_id: int | None = None) -> bool:
        """A game changed (this page or another): read the event again when
        it is one of its games or the event changed (None: whatever
        changed). Whether it was read again."""
        if self.view == "list":
            self.list_events()
        if self.follow_live_event():
            return True
        if self.event_id is None:
            return False
        with contextlib.suppress(JollyError, StoreError):
            changed = self.store.event_revision(self.event_id) != self._event_revision
            if game_id is None or changed or self.follows(game_id):
                self.reload()
                return True
        return False

    def event_changed(self, event_id: int) -> None:
        """Club event ``event_id`` changed (this page or another: created,
        seated, deleted, a table's game started): the list and the open
        event are read again."""
        if self.view == "list":
            self.list_events()
        if self.follow_live_event():
            return
        if event_id == self.event_id:
            self.reload()
        else:  # another event made live: the open one's banner says so
            self.revision += 1
