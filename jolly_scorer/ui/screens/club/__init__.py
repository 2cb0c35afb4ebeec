"""The organiser's screens of a club evening (issue 21), on one laptop.

``ClubScreen`` shows the part ``ClubModel.view`` names: the list of events
(``events``), the event form (``form``), one event with its seating, tables
and rankings (``event``), and the big-screen ranking (``big``, its own app
screen ``club_big`` so that it may use the whole width of a projector).
The model is kept in the page's session, so a table's game opened from the
event and left again comes back to the same event. A change to any game
or to the event (this page or another: ``AppState.follow_changes``) makes
the model read the event again.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

import flet as ft

from jolly_scorer.tables.club import SESSION_KEY, Club
from jolly_scorer.ui.models.club.model import ClubModel
from jolly_scorer.ui.models.club.season import SeasonModel
from jolly_scorer.ui.state import AppState, Change
from jolly_scorer.ui.widgets.basics import memo

__all__ = ["BigRanking", "ClubScreen", "club_model"]

_KEY = "jolly-scorer club model"
_SEASONS = "jolly-scorer club seasons model"


def club_model(state: AppState) -> ClubModel:
    """This page session's club model (made the first time)."""
    store = ft.context.page.session.store
    model = store.get(_KEY)
    if not isinstance(model, ClubModel) or model.store is not state.store:
        model = ClubModel(state.store)  # type: ignore[arg-type]
        model.writes = state.change_event  # the one road: other pages are told
        club = live_club()
        if club is not None and state.store is not None:
            shared = state.store
            model.live_event = lambda: club.current_event(shared)
        if club is not None and state.store is not None and not state.is_guest:
            model.serve = club.serve_event
            model.live_game = lambda number: club.table_game(number)()
        model.list_events()
        if club is not None and state.is_guest:  # the ranking link
            model.follow_live = True
            model.follow_live_event()
        elif club is not None and state.nav.screen == "club_big":
            # the organiser's big screen reloaded: the live evening
            live = model.live_id()
            if live is not None:
                model.open(live, view="big")
        store.set(_KEY, model)
    return model


def season_model(state: AppState) -> SeasonModel:
    """This page session's season model (made the first time)."""
    store = ft.context.page.session.store
    model = store.get(_SEASONS)
    shared: object = state.store
    if not isinstance(model, SeasonModel) or model.store is not shared:
        model = SeasonModel(state.store)  # type: ignore[arg-type]
        model.list_seasons()
        store.set(_SEASONS, model)
    return model


def live_club() -> Club | None:
    """The club evening this server serves live (``--club``), if any."""
    found = ft.context.page.session.store.get(SESSION_KEY)
    return found if isinstance(found, Club) else None


@ft.component
def _Views(state: AppState, model: ClubModel) -> ft.Control:
    """The part of the club screens the model names (given the model, this
    component renders again when it changes; the part itself is memoised:
    when it rendered the change itself, it is not rendered twice)."""
    from jolly_scorer.ui.screens.club.event import EventScreen
    from jolly_scorer.ui.screens.club.events import EventList
    from jolly_scorer.ui.screens.club.form import EventForm

    forget_notices(state, model)
    if model.view == "form":
        return EventForm(state, model)
    if model.view == "seasons":
        from jolly_scorer.ui.screens.club.season import SeasonScreen

        return SeasonScreen(state, model, season_model(state))
    if model.view in ("event", "big") and model.play is not None:
        return memo(EventScreen)(state, model)
    return EventList(state, model)


#: seconds a page gathers the changes to games before it reads the event again
#: (a club evening's 18 tables save a round every few seconds between them;
#: each read ranks the event and redraws what changed)
GATHER = 0.3


def follow_changes(state: AppState, model: ClubModel) -> None:
    """Read the event again after a change to one of its games or to the
    event (:meth:`AppState.follow_changes`: this page's or another's), and
    once when the screen opens: at once, then at most once more every
    :data:`GATHER` seconds (the changes that come meanwhile are read
    together, at the end of the wait). Nothing else of the page is drawn
    again for a change: only what the model changed."""
    page = ft.context.page
    waiting = ft.use_ref(False)
    missed = ft.use_ref(False)

    def read(change: Change | None) -> None:
        if waiting.current:
            missed.current = True
            return
        if model.view == "seasons":  # a season's standings follow every change
            season_model(state).heard()
        if change is None:
            model.heard(None)
        elif change[0] == "game":
            if not model.heard(change[1]):
                return  # not a game of the event: nothing read, no wait
        else:
            model.event_changed(change[1])
        waiting.current = True

        async def later() -> None:
            await asyncio.sleep(GATHER)
            waiting.current = False
            if missed.current:
                missed.current = False
                read(None)

        try:
            page.run_task(later)
        except (AttributeError, RuntimeError):  # no loop to wait on: no gathering
            waiting.current = False

    def start() -> Callable[[], None]:
        read(None)
        return state.follow_changes(read)

    ft.use_effect(start, [])


def follow_phones(state: AppState, model: ClubModel) -> None:
    """Served live: the organiser's tables show how many phones have each
    table's page open, redrawn when a phone joins, connects or leaves
    (:attr:`Club.on_change`, told from the server's threads)."""
    page = ft.context.page

    def start() -> Callable[[], None] | None:
        club = live_club()
        if club is None or state.is_guest:
            return None

        async def look() -> None:
            model.phones = tuple(sorted(club.phones().items()))

        def changed() -> None:  # any thread: the page's own loop draws
            if page.session.connection is None:
                return  # away a moment: its reconnect is told to the club too
            page.run_task(look)  # a closed page raises: the club forgets it

        model.phones = tuple(sorted(club.phones().items()))
        club.on_change.append(changed)

        def stop() -> None:
            with contextlib.suppress(ValueError):
                club.on_change.remove(changed)

        return stop

    ft.use_effect(start, [])


@ft.component
def ClubScreen(state: AppState) -> ft.Control:
    """The club screens (app screen ``club``); a change to a game or the
    event (this page or another) reads the event again, and a phone that
    joins or leaves a table shows on its card."""
    model = club_model(state)
    follow_changes(state, model)
    follow_phones(state, model)
    return _Views(state, model)


def forget_notices(state: AppState, model: ClubModel) -> None:
    """A notice of one club view ("…json exported.") goes when another view
    or another evening is shown (issue 37: it stayed all evening, and on
    another evening)."""
    shown = ft.use_ref((model.view, model.event_id))

    def changed() -> None:
        now = (model.view, model.event_id)
        if now != shown.current:
            shown.current = now
            if state.notice is not None:
                state.notice = None

    ft.use_effect(changed, [model.view, model.event_id])


@ft.component
def BigRanking(state: AppState) -> ft.Control:
    """The big-screen ranking (app screen ``club_big``)."""
    from jolly_scorer.ui.screens.club.big import BigScreen

    model = club_model(state)
    follow_changes(state, model)
    return memo(BigScreen)(state, model)
