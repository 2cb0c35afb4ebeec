"""Served live (``--club``): which evening the tables play, and the step
that makes the open evening the live one (issue 37: opening an evening only
looks at it; making it live is asked first, in place, and told to every
table and page)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from jolly_scorer.ui.models.club.model import ClubModel
from jolly_scorer.ui.state import AppState
from jolly_scorer.ui.widgets.basics import card, tagged
from jolly_scorer.ui.widgets.buttons import big_button


def live_part(
    state: AppState,
    model: ClubModel,
    asking: bool,
    set_asking: Callable[[bool], None],
) -> list[ft.Control]:
    """Served live: "the tables play this evening", or which one they play
    and the button that makes this one live (asked first). Not served live:
    nothing."""
    if model.live_event is None or model.event is None:
        return []
    t = state.t
    if model.is_live():
        return [
            tagged(
                "club-live",
                ft.Text(
                    t("Live: the tables play this evening."),
                    size=16,
                    weight=ft.FontWeight.W_600,
                    color=ft.Colors.PRIMARY,
                ),
            )
        ]
    other = model.live_name()
    where = (
        t("Not live: the tables play “{name}”.", name=other)
        if other
        else t("Not live: no evening is played at the tables.")
    )
    parts: list[ft.Control] = [
        tagged("club-not-live", ft.Text(where, size=16, weight=ft.FontWeight.W_600))
    ]

    def yes() -> None:
        set_asking(False)
        model.make_live()

    if not asking:
        parts.append(
            big_button(
                t("Make this evening live…"),
                ft.Icons.PODCASTS,
                lambda: set_asking(True),
                "club-make-live",
            )
        )
    else:
        question = (
            t(
                "Make “{name}” live? Every table's phones move from “{other}”"
                " to this evening's tables, and the ranking link shows it.",
                name=model.event.name,
                other=other,
            )
            if other
            else t(
                "Make “{name}” live? The tables' phones move to this evening's"
                " tables, and the ranking link shows it.",
                name=model.event.name,
            )
        )
        parts += [
            tagged("club-make-live-question", ft.Text(question, size=16)),
            ft.Row(
                [
                    tagged(
                        "club-make-live-yes",
                        ft.FilledButton(
                            t("Make it live"),
                            height=52,
                            on_click=lambda e: yes(),
                        ),
                    ),
                    tagged(
                        "club-make-live-no",
                        ft.OutlinedButton(
                            t("Cancel"),
                            height=52,
                            on_click=lambda e: set_asking(False),
                        ),
                    ),
                ],
                wrap=True,
                spacing=8,
            ),
        ]
    return [card(ft.Column(parts, spacing=8))]
