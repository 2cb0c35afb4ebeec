"""The organiser's screens of a club evening (issue 21), on one laptop.

``ClubScreen`` shows the part ``ClubModel.view`` names: the list of events
(``events``), the event form (``form``), one event with its seating, tables
and rankings (``event``), and the big-screen ranking (``big``, its own app
screen ``club_big`` so that it may use the whole width of a projector).
The model is kept in the page's session, so a table's game opened from the
event and left again comes back to the same event. A change to any game
(this page or another: ``AppState.revision``, see ``ui/app.share_changes``)
makes the model read the event again.
"""

from __future__ import annotations

import asyncio

import flet as ft

from jolly_scorer.server.club import SESSION_KEY, Club
from jolly_scorer.ui.models.club import ClubModel
from jolly_scorer.ui.state import AppState

__all__ = ["BigRanking", "ClubScreen", "club_model"]

_KEY = "jolly-scorer club model"


def club_model(state: AppState) -> ClubModel:
    """This page session's club model (made the first time)."""
    store = ft.context.page.session.store
    model = store.get(_KEY)
    if not isinstance(model, ClubModel) or model.store is not state.store:
        model = ClubModel(state.store)  # type: ignore[arg-type]
        club = live_club()
        if club is not None and state.store is not None and not state.is_guest:
            model.on_open = club.serve_event
            model.live_game = lambda number: club.table_game(number)()
        model.list_events()
        if club is not None and state.is_guest:  # the ranking link
            event_id = club.current_event(state.store)
            if event_id is not None:
                model.open(event_id, view="big")
        store.set(_KEY, model)
    return model


def live_club() -> Club | None:
    """The club evening this server serves live (``--club``), if any."""
    found = ft.context.page.session.store.get(SESSION_KEY)
    return found if isinstance(found, Club) else None


@ft.component
def _Views(state: AppState, model: ClubModel) -> ft.Control:
    """The part of the club screens the model names (given the model, this
    component renders again when it changes)."""
    from jolly_scorer.ui.screens.club.event import EventScreen
    from jolly_scorer.ui.screens.club.events import EventList
    from jolly_scorer.ui.screens.club.form import EventForm

    if model.view == "form":
        return EventForm(state, model)
    if model.view in ("event", "big") and model.play is not None:
        return EventScreen(state, model)
    return EventList(state, model)


#: seconds a page gathers the changes to games before it reads the event again
#: (a club evening's 18 tables save a round every few seconds between them;
#: each read scores every game and redraws the ranking)
GATHER = 0.3


def follow_games(state: AppState, model: ClubModel) -> None:
    """Read the event again after a change to a game (``AppState.revision``):
    at once, then at most once more every :data:`GATHER` seconds (the changes
    that come meanwhile are read together, at the end of the wait)."""
    page = ft.context.page
    waiting = ft.use_ref(False)
    missed = ft.use_ref(False)

    def changed() -> None:
        if waiting.current:
            missed.current = True
            return
        model.heard(None)
        waiting.current = True

        async def later() -> None:
            await asyncio.sleep(GATHER)
            waiting.current = False
            if missed.current:
                missed.current = False
                changed()

        try:
            page.run_task(later)
        except (AttributeError, RuntimeError):  # no loop to wait on: no gathering
            waiting.current = False

    ft.use_effect(changed, [state.revision])


@ft.component
def ClubScreen(state: AppState) -> ft.Control:
    """The club screens (app screen ``club``); a change to a game (this page
    or another) reads the event again."""
    model = club_model(state)
    follow_games(state, model)
    return _Views(state, model)


@ft.component
def BigRanking(state: AppState) -> ft.Control:
    """The big-screen ranking (app screen ``club_big``)."""
    from jolly_scorer.ui.screens.club.big import BigScreen

    model = club_model(state)
    follow_games(state, model)
    return BigScreen(state, model)
