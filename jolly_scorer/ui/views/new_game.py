"""New game: players by seat, who deals first, rules preset, target, house rules."""

from __future__ import annotations

import time
from typing import Any, cast

import flet as ft

from jolly_scorer.core.errors import JollyError
from jolly_scorer.core.gamefile import rules_to_json
from jolly_scorer.ui.i18n import Translator
from jolly_scorer.ui.state import AppState
from jolly_scorer.ui.texts import preset_description
from jolly_scorer.ui.views.game_form import GameForm
from jolly_scorer.ui.views.house_rules import (
    NumberRow,
    Refused,
    house_rules_editor,
)
from jolly_scorer.ui.views.new_game_players import Seats, Update, player_row
from jolly_scorer.ui.widgets.basics import card, section, tagged
from jolly_scorer.ui.widgets.buttons import big_button, preset_picker
from jolly_scorer.ui.widgets.screen import screen


def _form_error(code: str | None, form: GameForm, t: Translator) -> str | None:
    if code == "min_players":
        return t("Enter at least {n} players.", n=form.rules.players_min)
    if code == "max_players":
        return t("At most {n} players.", n=form.rules.players_max)
    if code == "duplicate":
        return t("Each player needs a different name.")
    return None


#: The largest target or rounds limit a game can be given here.
TARGET_MAX = 100_000
ROUNDS_MAX = 1_000


def _target_row(
    form: GameForm, t: Translator, update: Update, on_refused: Refused
) -> ft.Control:
    plus = form.rules.is_plus
    label = t("Play to") if plus else t("Game ends at")
    target = NumberRow(
        label,
        form.target,
        lambda v: update(lambda f: f.with_target(v)),  # None: taken
        t,
        "target",
        step=50,
        minimum=50,
        maximum=TARGET_MAX,
        size=20,
        on_refused=on_refused,
    )
    rounds = form.rounds_limit
    rounds_row = NumberRow(
        t("Number of rounds"),
        rounds or 10,
        lambda v: update(lambda f: f.with_rounds_limit(v)),  # None: taken
        t,
        "rounds-limit",
        minimum=1,
        maximum=ROUNDS_MAX,
        disabled=rounds is None,
        on_refused=on_refused,
        trailing=ft.Switch(
            value=rounds is not None,
            tooltip=t("Stop after a number of rounds"),
            on_change=lambda e: update(
                lambda f: f.with_rounds_limit(10 if e.control.value else None)
            ),
        ),
    )
    return ft.Column([target, rounds_row], spacing=8)


@ft.component
def NewGame(state: AppState) -> ft.Control:
    """The new-game form; Start creates the game and opens the scoreboard."""
    t = state.t
    form, set_form = ft.use_state(GameForm.start(state.default_rules()))
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
        """Enter in a name field: on to the next name, or a new seat after the
        last filled one."""
        current: GameForm = newest.current
        if seat + 1 < len(current.players):
            await seats.focus(seat + 1)
        elif current.players[seat].strip() and current.can_add():
            add_seat()

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
    preset = form.preset_id()
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
        body.append(
            ft.Row(
                [
                    tagged(
                        f"known-{name}",
                        ft.Chip(
                            label=ft.Text(name, size=18),
                            leading=ft.Icon(ft.Icons.PERSON_ADD_ALT),
                            tooltip=t("Add {name}", name=name),
                            on_click=lambda e, n=name: add_seat(n),
                        ),
                    )
                    for name in known[:12]
                ],
                wrap=True,
                spacing=8,
            )
        )
    body += [
        section(t("Rules")),
        preset_picker(
            "preset", preset, lambda p: update(lambda f: f.with_preset(p)), t
        ),
        tagged(
            "preset-description",
            ft.Text(preset_description(preset, t, target=form.target), size=16),
        ),
        _target_row(form, t, update, number_refused),
        tagged(
            "house-rules",
            ft.OutlinedButton(
                t("House rules") + (" •" if form.is_house_rules() else ""),
                icon=ft.Icons.EXPAND_LESS if show_house else ft.Icons.EXPAND_MORE,
                on_click=toggle_house,
                height=52,
                tooltip=t("Change single rules for this game"),
            ),
        ),
    ]
    if knob_error:
        body.append(ft.Text(knob_error, color=ft.Colors.ERROR, size=16))
    if show_house:
        body.append(
            card(
                house_rules_editor(form.rules, t, change_knob, number_refused),
                padding=8,
            )
        )
        rules = form.rules.replace(target=form.target, rounds_limit=form.rounds_limit)
        is_default = rules_to_json(rules) == state.settings.default_rules
        # one button in both states (a new control here is not announced)
        body.append(
            tagged(
                "save-default-rules",
                ft.OutlinedButton(
                    t("These are the rules for new games")
                    if is_default
                    else t("Use these rules for new games"),
                    icon=ft.Icons.CHECK_CIRCLE
                    if is_default
                    else ft.Icons.BOOKMARK_ADD_OUTLINED,
                    on_click=lambda: (
                        None if is_default else state.save_default_rules(rules)
                    ),
                    height=52,
                ),
            )
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
