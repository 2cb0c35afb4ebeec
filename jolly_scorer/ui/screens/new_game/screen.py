"""New game: players by seat, who deals first, rules preset, target, house rules.

The name rows and the focus are in ``new_game_players``, the rules part in
``new_game_rules``."""

from __future__ import annotations

import time
from typing import Any, cast

import flet as ft

from jolly_scorer.core.errors import JollyError
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.game_form import GameForm
from jolly_scorer.ui.screens.new_game.players import Seats, known_players, player_row
from jolly_scorer.ui.screens.new_game.rules import ROUNDS_MAX, TARGET_MAX, rules_section
from jolly_scorer.ui.state import AppState
from jolly_scorer.ui.widgets.basics import section, tagged
from jolly_scorer.ui.widgets.buttons import big_button
from jolly_scorer.ui.widgets.screen import screen

__all__ = ["ROUNDS_MAX", "TARGET_MAX", "NewGame"]


def _form_error(code: str | None, form: GameForm, t: Translator) -> str | None:
    if code == "min_players":
        return t("Enter at least {n} players.", n=form.rules.players_min)
    if code == "max_players":
        return t("At most {n} players.", n=form.rules.players_max)
    if code == "duplicate":
        return t("Each player needs a different name.")
    return None


@ft.component
def NewGame(state: AppState) -> ft.Control:
    """The new-game form; Start creates the game and opens the scoreboard."""
    t = state.t
    form, set_form = ft.use_state(GameForm.start(state.preferences.default_rules()))
    # the newest form: an event can arrive before the render that follows the
    # one before it, so every change starts from here, not from ``form``
    newest: Any = ft.use_ref(lambda: form)
    seats_ref: Any = ft.use_ref(Seats)  # the same Seats on every render
    seats: Seats = seats_ref.current
    seats.fields = {}

    def update(change: Any) -> None:
        newest.current = change(newest.current)
        set_form(newest.current)

    def add_seat(name: str = "") -> None:
        """A new empty seat takes the focus (a chip's name fills a seat)."""
        current: GameForm = newest.current
        if not current.can_add():
            return
        if name:
            seats.keeper.settle()
        else:
            seats.keeper.added(len(current.players), time.monotonic())
        update(lambda f: f.add(name))

    ft.use_effect(seats.focus_wanted, [len(form.players)])

    async def enter_pressed(seat: int) -> None:
        """Enter in a name field: on to the next name; after the last one, a
        new name field takes the focus (issue 35.1: README's "Enter after
        each name"; an empty seat is no player, see ``GameForm.names``)."""
        current: GameForm = newest.current
        if seat + 1 < len(current.players):
            await seats.focus(seat + 1)
        elif current.players[seat].strip():
            add_seat()  # (none when every seat is taken)

    show_house, set_show_house = ft.use_state(False)
    knob_error, set_knob_error = ft.use_state(cast(str | None, None))
    # why the game could not start, for the form as it was then
    start_error, set_start_error = ft.use_state(cast(tuple[GameForm, str] | None, None))

    def change_knob(key: str, value: Any) -> str | None:
        """A house rule changed; the core's objection is returned (a number
        field shows it beside itself) and shown under the rules."""
        try:
            update(lambda f: f.with_knob(key, value))
        except JollyError as e:
            if isinstance(value, int) and not isinstance(value, bool):
                return str(e)
            set_knob_error(str(e))
            return str(e)
        set_knob_error(None)
        return None

    # number fields showing a refused text: field id -> the number shown then
    refusals, set_refusals = ft.use_state(cast(dict[str, int], {}))

    def number_refused(field: str, shown: int | None) -> None:
        if refusals.get(field) != shown:
            rest = {k: v for k, v in refusals.items() if k != field}
            set_refusals(rest if shown is None else {**rest, field: shown})

    def toggle_house() -> None:
        if show_house:  # the rows go, and with them what was typed there
            set_refusals({k: v for k, v in refusals.items() if k[:5] != "knob-"})
        set_show_house(not show_house)

    # a field still shows its refused text while the form holds what it showed
    not_taken = [f for f, shown in refusals.items() if form.shown(f) == shown]

    def start() -> None:
        if not_taken:  # the game would start with a number not shown
            return
        chosen: GameForm = newest.current  # with the last key typed
        refused = state.start_game(
            chosen.rules,
            chosen.names(),
            target=chosen.target,
            rounds_limit=chosen.rounds_limit,
            first_dealer=chosen.dealer_seat(),
        )
        if refused is not None:  # e.g. a name the core does not take
            state.dismiss()  # told beside the names, not at the top
            set_start_error((chosen, refused))

    known = [p for p in state.store.known_players() if p not in form.names()]
    problem = _form_error(form.error(), form, t)
    players = [
        player_row(form, seat, t, update, seats, enter_pressed)
        for seat in range(len(form.players))
    ]
    body: list[ft.Control] = [
        section(t("Players, in seating order")),
        *players,
        *(
            [
                tagged(
                    "players-error",
                    ft.Text(start_error[1], color=ft.Colors.ERROR, size=16),
                )
            ]
            if start_error is not None and start_error[0] == form
            else []
        ),
        *(
            [
                ft.Text(
                    t(
                        "{name} deals the first round (tap a cards icon to change).",
                        name=form.players[form.first_dealer].strip(),
                    ),
                    size=16,
                    color=ft.Colors.ON_SURFACE_VARIANT,
                )
            ]
            if form.players and form.players[form.first_dealer].strip()
            else []
        ),
        big_button(
            t("Add player"),
            ft.Icons.PERSON_ADD,
            (lambda: add_seat()) if form.can_add() else None,
            "add-player",
        ),
    ]
    if known:
        body.append(known_players(known, t, add_seat))
    body += rules_section(
        state,
        form,
        update,
        show_house=show_house,
        toggle_house=toggle_house,
        knob_error=knob_error,
        change_knob=change_knob,
        number_refused=number_refused,
    )
    if problem:
        body.append(ft.Text(problem, size=16, color=ft.Colors.ON_SURFACE_VARIANT))
    if not_taken:
        why = t("Not started: a number above is not taken (see its message).")
        body.append(
            tagged("start-refused", ft.Text(why, size=16, color=ft.Colors.ERROR))
        )
        problem = problem or why
    footer = [
        big_button(
            t("Start game"),
            ft.Icons.PLAY_ARROW,
            start if problem is None else None,
            "start-game",
            primary=True,
            height=68,
            expand=True,
        )
    ]
    return screen(state, t("New game"), body, footer=footer)
