"""The club evenings stored, newest first, and the button for a new one."""

from __future__ import annotations

from functools import partial

import flet as ft

from jolly_scorer.i18n import Translator
from jolly_scorer.store.club_store import EventSummary
from jolly_scorer.ui.models.club.model import ClubModel
from jolly_scorer.ui.screens.club.parts import listed_card
from jolly_scorer.ui.state import AppState
from jolly_scorer.ui.widgets.basics import tagged
from jolly_scorer.ui.widgets.buttons import big_button
from jolly_scorer.ui.widgets.screen import screen


def event_status(summary: EventSummary, t: Translator) -> str:
    """An evening's line under its name: its players, and how far it is
    (a finished evening: played, no longer "series 2 of 2 seated")."""
    if summary.finished:
        return t.plural(
            "{players} players · {n} series played",
            "{players} players · {n} series played",
            summary.series_count,
            players=summary.players,
        )
    return t(
        "{players} players · series {seated} of {count} seated",
        players=summary.players,
        seated=summary.series_seated,
        count=summary.series_count,
    )


@ft.component
def EventList(state: AppState, model: ClubModel) -> ft.Control:
    t = state.t
    body: list[ft.Control] = []
    if model.error:
        body.append(ft.Text(t(model.error), color=ft.Colors.ERROR, size=16))
    body.append(
        big_button(
            t("New club evening"),
            ft.Icons.ADD,
            lambda: model.go("form"),
            "club-new",
            primary=True,
            height=72,
        )
    )
    body.append(
        big_button(
            t("Seasons"),
            ft.Icons.CALENDAR_MONTH,
            lambda: model.go("seasons"),
            "club-seasons",
        )
    )
    live = model.live_id()  # served live: the evening the tables play
    for number, summary in enumerate(model.events, 1):
        status = event_status(summary, t)
        lines: list[ft.Control] = [
            ft.Text(status, size=16, color=ft.Colors.ON_SURFACE_VARIANT)
        ]
        if live is not None and summary.id == live:
            lines.append(
                tagged(
                    f"club-live-{number}",
                    ft.Text(
                        t("Live at the tables"),
                        size=16,
                        weight=ft.FontWeight.W_600,
                        color=ft.Colors.PRIMARY,
                    ),
                )
            )
        body.append(
            listed_card(
                summary.name,
                lines,
                t("Open"),
                f"club-open-{number}",
                partial(model.open, summary.id),
            )
        )
    if not model.events:
        body.append(
            ft.Text(
                t("No club evening yet."),
                size=18,
                italic=True,
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
        )
    return screen(state, t("Club evening"), body)
