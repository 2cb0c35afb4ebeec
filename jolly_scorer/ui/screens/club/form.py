"""The event form: name, rules (preset and house rules, as the new-game form
offers them), players typed or pasted one a line or picked from known
players, series, games per series, how the ranking counts; and how the
players split into tables, shown before the event is created."""

from __future__ import annotations

from typing import Any, cast

import flet as ft

from jolly_scorer.core.club.points import CONVERSIONS
from jolly_scorer.core.errors import JollyError
from jolly_scorer.core.names import name_key
from jolly_scorer.ui.models.club.model import ClubModel, parse_players
from jolly_scorer.ui.models.game_form import GameForm
from jolly_scorer.ui.screens.club.form_parts import (
    number_of,
    scoring_picker,
    split_line,
    text_field,
    use_refusals,
)
from jolly_scorer.ui.screens.club.parts import club_frame
from jolly_scorer.ui.screens.new_game.players import known_players
from jolly_scorer.ui.screens.new_game.rules import rules_section
from jolly_scorer.ui.state import AppState
from jolly_scorer.ui.widgets.basics import section, tagged
from jolly_scorer.ui.widgets.buttons import big_button


@ft.component
def EventForm(state: AppState, model: ClubModel) -> ft.Control:
    t = state.t
    form, set_form = ft.use_state(GameForm.start(state.preferences.default_rules()))
    newest: Any = ft.use_ref(lambda: form)
    name, set_name = ft.use_state("")
    typed, set_typed = ft.use_state("")
    series, set_series = ft.use_state("4")
    games, set_games = ft.use_state("2")
    scoring, set_scoring = ft.use_state("raw")
    fives, set_fives = ft.use_state(False)
    show_house, set_show_house = ft.use_state(False)
    knob_error, set_knob_error = ft.use_state(cast(str | None, None))

    def update(change: Any) -> None:
        newest.current = change(newest.current)
        set_form(newest.current)

    def change_knob(key: str, value: Any) -> str | None:
        try:
            update(lambda f: f.with_knob(key, value))
        except JollyError as e:
            set_knob_error(str(e))
            return str(e)
        set_knob_error(None)
        return None

    players = parse_players(typed)
    keys = {name_key(p) for p in players}
    known = [p for p in state.store.known_players() if name_key(p) not in keys]

    def pick(player: str) -> None:
        set_typed((typed.rstrip("\n") + "\n" + player).lstrip("\n"))

    number_refused, not_taken = use_refusals(form)

    def create() -> None:
        if not_taken:  # the event would play a number not shown
            return
        chosen: GameForm = newest.current
        rules = chosen.rules.replace(
            target=chosen.target, rounds_limit=chosen.rounds_limit
        )
        model.create(
            name,
            rules,
            players,
            series_count=number_of(series),
            games_per_series=number_of(games),
            points=CONVERSIONS.get(scoring),
            fives=fives,
        )

    numbers = ft.KeyboardType.NUMBER
    body: list[ft.Control] = [
        text_field("club-name", t("Name of the evening"), name, set_name),
        section(t("Players")),
        text_field(
            "club-players",
            t("Players, one a line (typed or pasted)"),
            typed,
            set_typed,
            multiline=True,
            min_lines=4,
            max_lines=14,
        ),
    ]
    if known:
        body.append(known_players(known, t, pick))
    body.append(
        tagged(
            "club-split",
            ft.Text(
                split_line(len(players), fives, form, t),
                size=18,
                weight=ft.FontWeight.W_600,
            ),
        )
    )
    # the label beside the box wraps (a Checkbox's own label is cut on a
    # 320 px phone, issue 35); a tap on it toggles the box too
    fives_label = t("Tables of 5 rather than 3 where the count needs it")
    body.append(
        ft.Row(
            [
                tagged(
                    "club-fives",
                    ft.Checkbox(
                        value=fives,
                        semantics_label=fives_label,
                        on_change=lambda e: set_fives(bool(e.control.value)),
                    ),
                ),
                ft.Container(
                    ft.Text(fives_label, size=15),
                    expand=True,
                    padding=ft.Padding.symmetric(vertical=10),
                    on_click=lambda e: set_fives(not fives),
                ),
            ],
            spacing=4,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
    )
    body += [
        section(t("Series")),
        ft.Row(
            [
                text_field(
                    "club-series",
                    t("Series"),
                    series,
                    set_series,
                    keyboard_type=numbers,
                    expand=True,
                ),
                text_field(
                    "club-games",
                    t("Games per series"),
                    games,
                    set_games,
                    keyboard_type=numbers,
                    expand=True,
                ),
            ],
            spacing=12,
        ),
        scoring_picker(t, scoring, set_scoring),
    ]
    body += rules_section(
        state,
        form,
        update,
        show_house=show_house,
        toggle_house=lambda: set_show_house(not show_house),
        knob_error=knob_error,
        change_knob=change_knob,
        number_refused=number_refused,
    )
    if not_taken:
        why = t("Not created: a number above is not taken (see its message).")
        body.append(
            tagged("club-refused", ft.Text(why, size=16, color=ft.Colors.ERROR))
        )
    if model.error:
        body.append(
            tagged(
                "club-form-error",
                ft.Text(t(model.error), color=ft.Colors.ERROR, size=16),
            )
        )
    footer = [
        big_button(
            t("Create the evening"),
            ft.Icons.CHECK,
            None if not_taken else create,
            "club-create",
            primary=True,
            height=68,
            expand=True,
        )
    ]
    return club_frame(
        state, t("New club evening"), body, back=lambda: model.go("list"), footer=footer
    )
