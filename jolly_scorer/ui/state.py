"""The app's state: the store, the game being played with its undo history.

Every change to a game is the same four steps: the core operation makes a new
:class:`~jolly_scorer.core.game.Game` (or raises :class:`JollyError`), the store saves
it in one committed transaction, the history records it, and the views re-render
(``AppState`` is an ``ft.observable``: assigning a field re-renders the components
that were given it). If any step fails, nothing changes and ``error`` holds a message.

What a page keeps beside the game (the snack bar, the half-entered round's
draft, this device's seat, the display settings) is in
``models/page_records.py``, one part each; the state holds them
(``toasts``, ``drafts``, ``device_seat``, ``preferences``). Where the page
is (the screen, the saved round edited, the past game viewed) is its ``nav``
(``models/navigation.py``), whose changes the state tells as its own.

Methods take and return plain values, so they are tested without a page.
"""

from __future__ import annotations

import contextlib
import hashlib
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

import flet as ft

from jolly_scorer.core import game as core
from jolly_scorer.core.club.seating import TablePlace
from jolly_scorer.core.game import Game, Round, Scored, UndoHistory
from jolly_scorer.core.names import MAX_NAME_LENGTH, InvalidName, clean_name, name_key
from jolly_scorer.core.rules import Rules
from jolly_scorer.core.scoring import GameResult, score_game
from jolly_scorer.i18n import N_, Translator
from jolly_scorer.store.errors import GameNotFound, PartsChanged, StoreConflict
from jolly_scorer.store.protocol import GameStore
from jolly_scorer.store.undo import rounds_history
from jolly_scorer.ui.models.entering import EnteringTogether
from jolly_scorer.ui.models.failures import FAILURES, failure_text
from jolly_scorer.ui.models.navigation import (
    CLUB_SCREENS,
    SCREENS,
    Navigation,
    PastGame,
    Screen,
)
from jolly_scorer.ui.models.page_records import (
    DeviceSeat,
    Drafts,
    Preferences,
    Toasts,
)
from jolly_scorer.ui.models.round import RoundTaken
from jolly_scorer.ui.settings import UiSettings
from jolly_scorer.ui.texts import host_only_words

__all__ = ["AppState", "GameStore", "Screen", "device_key"]

T = TypeVar("T")


def device_key(device: str) -> str:
    """A key for a device's cookie that does not give the cookie away."""
    return hashlib.sha256(device.encode()).hexdigest()[:16]


#: Why a name is refused (``InvalidName.reason``), in words to translate.
_NAME_REFUSALS = {
    "empty": N_("A player needs a name."),
    "too_long": N_("A name has at most {count} characters."),
    "control": N_("A name may not hold invisible or control characters."),
}

#: What a change told to the listeners is about: ``("game", id)`` or
#: ``("event", id)`` (a club event's seating, players or tables).
Change = tuple[str, int]


@ft.observable
@dataclass
class AppState:
    """Everything the screens show; the only place where the game changes."""

    store: GameStore
    settings: UiSettings = field(default_factory=UiSettings)
    #: where the page is (the screen, the round edited, the past game
    #: viewed): ``models/navigation.py``; its changes are told as the state's
    nav: Navigation = field(default_factory=Navigation)
    game_id: int | None = None
    history: UndoHistory | None = None
    result: GameResult | None = None
    error: str | None = None
    notice: str | None = None
    page_width: float | None = None  # the window's width (phone or desktop layout)
    page_height: float | None = None  # its height (a short phone's round entry)
    revision: int = 0  # bumped on changes a view cannot see in the other fields
    #: Called with a game's id after every committed change to it (the app tells
    #: the other sessions, e.g. a phone and a laptop at the same table).
    publish: Callable[[int], None] | None = None
    #: Whether Undo can take back every kind of change (False: the kept history
    #: did not match the stored game, so only its last rounds can be taken back).
    full_undo: bool = True
    #: The stored revision of the game shown (as loaded or last saved by this
    #: session): every save passes it, so a session that has not seen another
    #: device's change yet cannot overwrite it (the store refuses).
    stored_revision: int | None = None
    #: A device that joined a live table (not its host): it sees only what it
    #: may do (no New game, past games, stats, settings, backup); the store
    #: (``server/guest_store.GuestStore``) refuses the rest anyway.
    is_guest: bool = False
    #: This page's label on the round parts it writes (entering together).
    device: str = field(default_factory=lambda: "page-" + secrets.token_hex(4))
    #: The page is at a live table (host or joined): statuses, Done, seat.
    together: bool = False
    #: A joined device's seat is remembered under this (a hash of its cookie).
    device_key: str = ""
    #: A joined phone: how many other devices at the table hold each seat
    #: now (the seat question marks them and asks before one is shared).
    seats_held: Callable[[], Mapping[str, int]] | None = None
    #: Tells the other pages that round ``number`` of game ``id`` has new parts.
    publish_parts: Callable[[int, int], None] | None = None
    #: Tells the other pages that club event ``id`` changed (its seating,
    #: players or tables; :meth:`change_event`).
    publish_event: Callable[[int], None] | None = None
    #: A phone at a club evening's table (its game moves on by itself).
    club_table: bool = False
    #: That phone's table and series, and where its player sits now when
    #: another table (``server/club.Club.place``; :meth:`follow_place`).
    club_place: TablePlace | None = None
    #: Reads ``club_place`` again (set by the app at a club table).
    place_of: Callable[[], TablePlace | None] | None = None
    #: The notice "the table's next game has started", shown until that game
    #: has its first round (private: setting it re-renders nothing).
    _next_game_notice: str | None = None
    #: The game this page chose to continue from the past games, with the
    #: game played last when it did: ``(game id, (last id, its change time))``.
    _continued: tuple[int, tuple[int, object] | None] | None = None
    #: Told every change to a game or a club event, this page's or another's
    #: (:meth:`follow_changes`; the club screens).
    _followers: list[Callable[[Change], None]] = field(default_factory=list)

    #: What the page keeps beside the game (``models/page_records.py``):
    #: the snack bar after a round was saved, or after undo / redo; the
    #: half-entered new round; this device's seat; the display settings.
    toasts: Toasts = field(init=False, repr=False)
    drafts: Drafts = field(init=False, repr=False)
    device_seat: DeviceSeat = field(init=False, repr=False)
    preferences: Preferences = field(init=False, repr=False)
    #: The next round as this page enters it with the other devices
    #: (``models/entering.py``): its shared round, the parts other pages
    #: wrote, following it to the board when it is saved elsewhere.
    entering: EnteringTogether = field(init=False, repr=False)

    def __post_init__(self) -> None:
        def moved(_sender: object, name: str | None) -> None:
            cast(Any, self)._notify(name)  # (an ft.observable's own call)

        self._moved = moved  # (observables hold their listeners weakly)
        cast(Any, self.nav).subscribe(moved)

        def store() -> GameStore:
            return self.store

        def show(settings: UiSettings) -> None:
            self.settings = settings

        self.toasts = Toasts(self._redraw)
        self.drafts = Drafts(store, self._draft_key, self._fail)
        self.device_seat = DeviceSeat(store, self._seat_game, self._device, self._fail)
        self.preferences = Preferences(store, self._settings, show, self._fail)
        self.entering = EnteringTogether(self)

    # -- reading --------------------------------------------------------------
    @property
    def t(self) -> Translator:
        """The translator of the chosen language."""
        return Translator(self.settings.language)

    @property
    def game(self) -> Game | None:
        """The game being played (None before the first game)."""
        return self.history.present if self.history is not None else None

    @property
    def can_undo(self) -> bool:
        return self.history is not None and self.history.can_undo

    @property
    def can_redo(self) -> bool:
        return self.history is not None and self.history.can_redo

    @property
    def game_over(self) -> bool:
        return self.result is not None and self.result.game_over

    # -- startup and navigation ----------------------------------------------
    def open_current(self) -> None:
        """Load the game played last (on any device: the store's most recently
        changed game), if any."""
        try:
            game_id = self._last_played_id()
            if game_id is None:
                return
            revision, game = self._load(game_id)
            self._set_game(game_id, self._stored_history(game_id, game), revision)
        except FAILURES as e:  # also a stored game this engine rejects
            self.error = failure_text(e)

    def _last_played_id(self) -> int | None:
        """The id of the most recently changed game, finished or not."""
        last = self._last_played()
        return None if last is None else int(last[0])

    def _last_played(self) -> tuple[int, object] | None:
        """``(id, when it changed)`` of the most recently changed game."""
        return self.store.last_played()  # one indexed read, not every game

    def follow_last_played(self) -> None:
        """Home offers the game played last: another device (or another server
        on this database) may have played a different game since. A game this
        page chose to continue (:meth:`continue_game`) stays until a game is
        changed after that choice."""
        try:
            last = self._last_played()
        except FAILURES:
            return
        if last is None:
            self._forget_game()
        elif self._continued is not None and self._continued == (self.game_id, last):
            return  # still the game chosen here, and nothing was played since
        elif last[0] != self.game_id:
            self._continued = None
            self.open_current()

    def continue_game(self, game_id: int) -> None:
        """Play stored game ``game_id`` on: it becomes this page's game (its
        board, with round entry, undo, redo and editing), and Home offers it
        until a game is changed after this choice (this one, by a round saved
        here: then it is the game played last anyway; another one, on another
        device: Home follows that, as it always does). A game that is over is
        shown read-only instead."""
        try:
            last = self._last_played()
            revision, game = self._load(game_id)
            history = self._stored_history(game_id, game)
            self._set_game(game_id, history, revision)
        except FAILURES as e:  # also a stored game this engine rejects
            self._fail(failure_text(e))
            return
        if self.game_over:
            self.open_past_game(game_id)
            return
        self._continued = (game_id, last)
        self.nav.stop_viewing()
        self.go("board")

    def _load(self, game_id: int) -> tuple[int, Game]:
        """The stored game with its revision. The revision is read first: a
        save by another session in between leaves it older than the game, so
        the next save here is refused (and the game reloaded), never one that
        overwrites a change this session has not seen."""
        revision = self.store.revision(game_id)
        return revision, self.store.load_game(game_id)

    def _stored_history(self, game_id: int, game: Game) -> UndoHistory:
        try:
            history, self.full_undo = self.store.load_history(game_id, game)
        except FAILURES:
            history, self.full_undo = rounds_history(game), False
        return history

    def _keep_history(self) -> None:
        """Store the undo history and tell the other sessions about the change."""
        if self.history is None or self.game_id is None:
            return
        with contextlib.suppress(*FAILURES):
            self.store.save_history(self.game_id, self.history)
        self._kept()

    def _kept(self) -> None:
        """The history was stored (with the game): tell the other sessions."""
        self.full_undo = True
        if self.game_id is not None:
            self._published(self.game_id)

    def _published(self, game_id: int) -> None:
        if self.publish is not None:
            with contextlib.suppress(Exception):  # a closed session, say
                self.publish(game_id)
        self._tell_followers(("game", game_id))

    # -- following changes (the club screens) ---------------------------------------
    def follow_changes(self, listener: Callable[[Change], None]) -> Callable[[], None]:
        """Tell ``listener`` every change to a game or a club event (this
        page's or another's); returns what stops it."""
        self._followers.append(listener)

        def stop() -> None:
            with contextlib.suppress(ValueError):
                self._followers.remove(listener)

        return stop

    def _tell_followers(self, change: Change) -> None:
        for listener in list(self._followers):
            with contextlib.suppress(*FAILURES):
                listener(change)

    def change_event(self, event_id: int | None, write: Callable[[], T]) -> T:
        """A write to a club event (the event, its seating or players, a
        table's game): the club screens' one road to the store, as
        :meth:`_apply` is the games'. ``write`` runs on this page's store;
        after it (also when it failed part-way) the other pages are told that
        event ``event_id`` changed (None: the id ``write`` returns, a new
        event; the model that wrote reads it again itself); its error is
        raised on."""
        told = event_id
        try:
            result = write()
            if told is None and isinstance(result, int):
                told = result
            return result
        finally:
            if told is not None and self.publish_event is not None:
                with contextlib.suppress(Exception):  # a closed session, say
                    self.publish_event(told)

    def event_heard(self, event_id: int) -> None:
        """Club event ``event_id`` changed (on this page or another)."""
        self.follow_place()
        self._tell_followers(("event", event_id))

    def follow_place(self) -> None:
        """A phone at a club table: read its table, series and where its
        player sits again (a series seated, its game moved on)."""
        if self.place_of is None:
            return
        try:
            place = self.place_of()
        except Exception:  # the store failed: the place shown stays
            return
        if place != self.club_place:
            self.club_place = place

    def refresh(self, game_id: int) -> None:
        """Another session changed game ``game_id``: show what the store holds."""
        self._tell_followers(("game", game_id))
        if self.nav.screen in CLUB_SCREENS:
            # the club screens follow their event themselves; a game kept
            # from a table opened earlier is read again when it is opened
            self._let_go(game_id)
            return
        if game_id == self.game_id:
            # the snack bar's Undo would now take back another device's change
            self.toasts.dismiss()
            try:
                revision, game = self._load(game_id)
            except GameNotFound:
                self._forget_game()
                if self.nav.screen in ("board", "entry"):
                    self.go("home")
                    self.notice = self.t("Game deleted.")
            except FAILURES as e:
                self.error = failure_text(e)
            else:
                try:
                    history = self._stored_history(game_id, game)
                    self._set_game(game_id, history, revision)
                except FAILURES as e:
                    self.error = failure_text(e)
        elif self.nav.screen == "home" or self.game_id is None:
            self.follow_last_played()
        if game_id == self.nav.viewing_id:
            try:
                viewing = self.store.load_game(game_id)
                self.nav.past = PastGame(game_id, viewing, score_game(viewing))
            except FAILURES:
                self.nav.stop_viewing()
        self.revision += 1

    def _forget_game(self) -> None:
        self.game_id = None
        self.history = None
        self.result = None
        self.stored_revision = None

    def _let_go(self, game_id: int) -> bool:
        """Forget game ``game_id`` where this page keeps it (the game played,
        the past game viewed); whether it was the one viewed."""
        if game_id == self.game_id:
            self._forget_game()
        if game_id != self.nav.viewing_id:
            return False
        self.nav.past = None
        return True

    def go(self, screen: Screen) -> None:
        """Show another screen (messages of the previous one are cleared)."""
        self._leave(screen)
        self.nav.go(screen)
        if screen == "home":
            self.follow_last_played()

    def _leave(self, screen: Screen) -> None:
        """The page goes to ``screen``: the messages of the one shown go."""
        if screen not in SCREENS:
            raise ValueError(f"unknown screen: {screen!r}")
        self.error = None
        self.notice = None
        if screen != "board":  # a round saved in the entry is told on the board
            self.toasts.dismiss()

    def open_game(self, game_id: int, back: Screen = "home") -> str | None:
        """Play stored game ``game_id`` (a club table's game): its scoreboard,
        whose back button goes to ``back``."""
        try:
            revision, game = self._load(game_id)
            self._set_game(game_id, self._stored_history(game_id, game), revision)
        except FAILURES as e:
            return self._fail(failure_text(e))
        self._leave("board")
        self.nav.open_board(back)
        return None

    def follow_next_game(self, game_id: int) -> bool:
        """A joined phone whose table plays game ``game_id`` now: a phone
        idle (its scoreboard or Home) on the finished game moves to the next
        by itself and says so. At a club evening's table the table's game
        changes only when its last game is over (or a new series is seated),
        also when this page has not heard the last round yet. True if it
        moved (else the caller sends it Home)."""
        over = self.game_over or self.club_table
        if not over or self.nav.screen not in ("board", "home"):
            return False
        if self.open_game(game_id) is not None:
            return False
        self.follow_place()
        self.notice = self._next_game_notice = self.t(
            "The table's next game has started."
        )
        return True

    def enter_round(self, index: int | None = None) -> None:
        """Open the round entry: a new round (None) or editing round ``index``."""
        if self.game is None:
            return
        self._leave("entry")
        self.nav.enter_round(index)

    def dismiss(self) -> None:
        self.error = None
        self.notice = None

    def toast_action(self) -> str | None:
        """The snack bar's button: undo (or redo) what it told about."""
        toast = self.toasts.shown
        if toast is None or toast.action is None:
            return None
        return self.undo() if toast.action == "undo" else self.redo()

    # -- changing the game ----------------------------------------------------
    def _set_game(self, game_id: int, history: UndoHistory, revision: int) -> None:
        """Show ``history``'s game, stored at ``revision`` (read before it)."""
        shown, result = self.history, self.result
        if game_id == self.game_id and shown is not None and result is not None:
            # another value of the game shown (a change from another session):
            # only the rounds it changed are scored again
            self.result = Scored(shown.present, result).to(history.present).result
        else:
            self.result = score_game(history.present)
        self.game_id = game_id
        self.history = history
        self.stored_revision = revision
        self._drop_next_game_notice()

    def _drop_next_game_notice(self) -> None:
        """The next game's notice goes once that game has a round."""
        told = self._next_game_notice
        history = self.history
        if told is not None and history is not None and history.present.rounds:
            self._next_game_notice = None
            if self.notice == told:
                self.notice = None

    def _apply(
        self, operation: Callable[[Scored], Scored], parts_version: int | None = None
    ) -> str | None:
        """Core op → committed save → history → re-render. Returns an error.

        ``parts_version``: the op adds the round entered together; see
        :meth:`_save`."""
        if self.history is None or self.game_id is None or self.result is None:
            return self._fail(self.t("There is no game running."))
        try:
            # the op scores only what it changed, from the present's result
            before = self.history.present
            scored = operation(Scored(before, self.result))
            new, result = scored.game, scored.result
            history = self.history.push(new)  # kept in the game's transaction
            revision = self._save(new, result, history, parts_version)
        except PartsChanged as e:
            return self._parts_changed(e)
        except StoreConflict:
            return self._conflict()
        except FAILURES as e:
            return self._fail(failure_text(e))
        self.error = None
        self.result = result
        self.history = history
        self.stored_revision = revision
        self._drop_next_game_notice()
        self.entering.rename_seats(before.players, new.players)
        self._kept()
        if self.nav.screen == "entry":  # the round entry saved: say so on the board
            undo = None if self.is_guest else "undo"  # a phone: the host undoes
            if self.nav.edit_round is None:
                self.toasts.tell(self.t("Round {n} saved.", n=len(new.rounds)), undo)
            else:
                self.toasts.tell(
                    self.t("Round {n} changed.", n=self.nav.edit_round + 1), undo
                )
        self.revision += 1
        return None

    def _save(
        self,
        game: Game,
        result: GameResult,
        history: UndoHistory,
        parts_version: int | None = None,
    ) -> int:
        """Store ``game`` over the revision this session holds; the new revision.

        :raises StoreConflict: the stored game is not the one shown here.
        :raises PartsChanged: ``game`` adds the round entered together, and a
            part of it was written since this page read the parts (revision
            ``parts_version``).
        """
        assert self.game_id is not None
        if self.stored_revision is None:  # never read: no base to write over
            raise StoreConflict(self.game_id)
        return self.store.save_game(
            self.game_id,
            game,
            result=result,
            expected_revision=self.stored_revision,
            history=history,
            parts_version=parts_version,
        )

    def _conflict(self) -> str:
        """Another device saved first: show its game, and say so."""
        assert self.game_id is not None
        self.refresh(self.game_id)
        return self._fail(
            self.t(
                "The game was just changed on another device and now shows "
                "that change. Check yours and save it again."
            )
        )

    def _parts_changed(self, error: PartsChanged) -> str:
        """A part of the round being saved was written since its page read
        the parts: nothing was saved, and the page says so beside Save (it
        catches up, showing the change; the next Save saves what it shows)."""
        return self._fail(self.t(str(error.public)))

    def _fail(self, message: str) -> str:
        self.error = message
        return message

    def start_game(
        self,
        rules: Rules,
        players: Sequence[str],
        *,
        target: int | None = None,
        rounds_limit: int | None = None,
        first_dealer: int = 0,
    ) -> str | None:
        """Create a game, store it and show its scoreboard; returns an error."""
        try:
            game = core.new_game(
                rules,
                players,
                target=target,
                rounds_limit=rounds_limit,
                first_dealer=first_dealer,
            )
            game_id = self.store.create_game(game)
            revision = self.store.revision(game_id)
        except FAILURES as e:
            return self._fail(failure_text(e))
        self._set_game(game_id, UndoHistory.start(game), revision)
        self._keep_history()
        self.go("board")
        return None

    def rematch(self) -> str | None:
        """The same table again: players, rules, target; the next player deals."""
        game = self.game
        if game is None:
            return self._fail(self.t("There is no game running."))
        return self.start_game(
            game.rules,
            game.players,
            target=game.target,
            rounds_limit=game.rounds_limit,
            first_dealer=(game.first_dealer + 1) % len(game.players),
        )

    def save_round(
        self, entry: Round, number: int | None = None, correct: bool = False
    ) -> str | RoundTaken | None:
        """Save the round being entered (new or edited); returns an error message.

        ``number`` is the round the entry was opened for. The game is reloaded
        from the store first: when that round was saved meanwhile (another
        device), nothing is added and the saved round comes back as
        :class:`RoundTaken`; ``correct=True`` then replaces it with this one.
        """
        index = self.nav.edit_round
        if index is None and number is not None and self.game_id is not None:
            self.refresh(self.game_id)  # what other devices saved meanwhile
            game = self.game
            if game is not None and correct and 1 <= number <= len(game.rounds):
                index = number - 1
            elif game is not None and number <= len(game.rounds):
                result = self.result or score_game(game)
                # the entry stays, offering this round as the correction: a
                # late word of that save does not take the page to the board
                self.entering.let_go()
                return RoundTaken(
                    number, game.rounds[number - 1], result.rounds[number - 1].scores
                )
        if index is None:
            seen = self.entering.parts_seen(number)
            error = self._apply(lambda s: s.add_round(entry), seen)
        else:
            error = self._apply(lambda s: s.replace_round(index, entry))
        if error is None:
            self.drafts.clear()
            self.go("board")
        return error

    def cancel_round(self) -> None:
        self.drafts.clear()
        self.go("board")

    def undo(self) -> str | None:
        return self._step(back=True)

    def redo(self) -> str | None:
        return self._step(back=False)

    def _host_only(self) -> str | None:
        """A joined phone may not undo a saved round nor end the table's
        game (issue 34.12, docs/usage.md): refused with a word, nothing
        changed. (Its own part in the round being entered it changes and
        takes back as it likes.)"""
        if not self.is_guest:
            return None
        return self._fail(host_only_words(self.t, club=self.club_table))

    def _step(self, back: bool) -> str | None:
        if (refused := self._host_only()) is not None:
            return refused
        if self.history is None or self.game_id is None or self.result is None:
            return None
        moved = self.history.undo() if back else self.history.redo()
        if moved is self.history:
            return None
        try:
            # only the rounds the step changed are scored again
            result = Scored(self.history.present, self.result).to(moved.present).result
            revision = self._save(moved.present, result, moved)
        except StoreConflict:
            return self._conflict()
        except FAILURES as e:
            return self._fail(failure_text(e))
        before = self.history.present
        self.error = None
        self.result = result
        self.history = moved
        self.stored_revision = revision
        if len(before.rounds) != len(moved.present.rounds) and self.game_id:
            # the round being entered is no longer the next one: its parts go
            with contextlib.suppress(*FAILURES):
                self.entering.parts.clear_seat_parts(self.game_id)
        self.entering.rename_seats(before.players, moved.present.players)
        self._kept()
        self._tell_step(before, moved.present, back)
        self.revision += 1
        return None

    def _tell_step(self, before: Game, after: Game, back: bool) -> None:
        """The snack bar after undo (offering redo) or redo (offering undo)."""
        t = self.t
        if back:
            message = (
                t("Round {n} taken back.", n=len(before.rounds))
                if len(after.rounds) < len(before.rounds)
                else t("Last change taken back.")
            )
        else:
            message = (
                t("Round {n} restored.", n=len(after.rounds))
                if len(after.rounds) > len(before.rounds)
                else t("Change restored.")
            )
        self.toasts.tell(message, "redo" if back else "undo")

    def finish(self) -> str | None:
        return self._host_only() or self._apply(Scored.finish)

    def reopen(self) -> str | None:
        return self._host_only() or self._apply(Scored.reopen)

    def rename_player(self, old: str, new: str) -> str | None:
        """Rename a player in the whole game; the common refusals in words of
        the user's language (the core checks again)."""
        try:
            name = clean_name(new)
        except InvalidName as e:
            return self._fail(self.t(_NAME_REFUSALS[e.reason], count=MAX_NAME_LENGTH))
        if self.game is not None and name != old:
            taken = {name_key(p) for p in self.game.players if p != old}
            if name_key(name) in taken:
                return self._fail(self.t("{name} is already a player.", name=name))
        return self._apply(lambda s: s.rename_player(old, new))

    # -- this device at a live table ------------------------------------------------
    def _seat_game(self) -> tuple[int, tuple[str, ...]] | None:
        """The game shown, for :attr:`device_seat`: its id and players."""
        game, game_id = self.game, self.game_id
        return None if game is None or game_id is None else (game_id, game.players)

    def _device(self) -> str:
        return self.device_key

    # -- drafts -----------------------------------------------------------------
    def _draft_key(self) -> int | None:
        return self.game_id if self.nav.edit_round is None else None

    # -- past games --------------------------------------------------------------
    def open_past_game(self, game_id: int) -> None:
        """Show a stored game read-only."""
        try:
            game = self.store.load_game(game_id)
            result = score_game(game)
        except FAILURES as e:  # also a stored game this engine rejects
            self._fail(failure_text(e))
            return
        self._leave("past_game")
        self.nav.view(PastGame(game_id, game, result))

    def delete_game(self, game_id: int) -> str | None:
        """Delete a stored game (the view asks first)."""
        try:
            self.store.delete_game(game_id)
        except FAILURES as e:
            return self._fail(failure_text(e))
        if self._let_go(game_id):
            self.nav.go("past")
        self.notice = self.t("Game deleted.")
        self.revision += 1
        self._published(game_id)
        return None

    # -- settings ---------------------------------------------------------------
    def _settings(self) -> UiSettings:
        return self.settings

    def _redraw(self) -> None:
        """Something the screens show beside these fields changed (the snack
        bar): the screens following this state are drawn again."""
        self.revision += 1
