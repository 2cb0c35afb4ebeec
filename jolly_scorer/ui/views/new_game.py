"""New game: players by seat, who deals first, rules preset, target, house rules."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, cast

import flet as ft

from jolly_scorer.core.errors import JollyError
from jolly_scorer.core.gamefile import rules_to_json
from jolly_scorer.ui.i18n import Translator
from jolly_scorer.ui.state import AppState
from jolly_scorer.ui.texts import preset_description
from jolly_scorer.ui.views.common import (
    big_button,
    card,
    colour,
    preset_picker,
    screen,
    section,
    tagged,
)
from jolly_scorer.ui.views.game_form import GameForm
from jolly_scorer.ui.views.house_rules import (
    NumberRow,
    Refused,
    house_rules_editor,
)


def _form_error(code: str | None, form: GameForm, t: Translator) -> str | None:
    if code == "min_players":
        return t("Enter at least {n} players.", n=form.rules.players_min)
    if code == "max_players":
        return t("At most {n} players.", n=form.rules.players_max)
    if code == "duplicate":
        return t("Each player needs a different name.")
    return None


@dataclass
class _Seats:
    """The players' name fields of the last render (for moving the focus) and
    the seat whose field takes the focus once it is there (a seat just added)."""

    fields: dict[int, ft.TextField] = field(default_factory=dict)
    focus: int | None = None


def _player_row(
    form: GameForm,
    seat: int,
    t: Translator,
    set_form: Any,
    seats: _Seats,
    on_enter: Callable[[int], Awaitable[None]],
) -> ft.Control:
    name = form.players[seat]
    is_dealer = seat == form.first_dealer

    async def submitted(e: ft.Event[ft.TextField]) -> None:
        await on_enter(seat)

    name_field = ft.TextField(
        value=name,
        label=t("Player {n}", n=seat + 1),
        text_size=20,
        expand=True,
        dense=False,
        capitalization=ft.TextCapitalization.WORDS,
        on_change=lambda e: set_form(form.set_name(seat, e.control.value)),
        on_submit=submitted,
    )
    seats.fields[seat] = name_field
    return ft.Row(
        [
            ft.Container(width=12, height=40, border_radius=6, bgcolor=colour(seat)),
            ft.Semantics(
                identifier=f"player-name-{seat + 1}",
                expand=True,
                content=name_field,
            ),
            tagged(
                f"player-deals-{seat + 1}",
                ft.IconButton(
                    ft.Icons.STYLE if is_dealer else ft.Icons.STYLE_OUTLINED,
                    selected=is_dealer,
                    tooltip=t("Deals first") if is_dealer else t("Make dealer"),
                    icon_color=ft.Colors.PRIMARY if is_dealer else None,
                    on_click=lambda: set_form(form.deals_first(seat)),
                ),
            ),
            ft.IconButton(
                ft.Icons.ARROW_UPWARD,
                tooltip=t("Move up"),
                disabled=seat == 0,
                on_click=lambda: set_form(form.move(seat, -1)),
            ),
            ft.IconButton(
                ft.Icons.DELETE_OUTLINE,
                tooltip=t("Remove player"),
                on_click=lambda: set_form(form.remove(seat)),
            ),
        ],
        spacing=2,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


#: The largest target or rounds limit a game can be given here.
TARGET_MAX = 100_000
ROUNDS_MAX = 1_000


def _target_row(
    form: GameForm, t: Translator, set_form: Any, on_refused: Refused
) -> ft.Control:
    plus = form.rules.is_plus
    label = t("Play to") if plus else t("Game ends at")
    target = NumberRow(
        label,
        form.target,
        lambda v: set_form(form.with_target(v)),  # None: taken
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
        lambda v: set_form(form.with_rounds_limit(v)),  # None: taken
        t,
        "rounds-limit",
        minimum=1,
        maximum=ROUNDS_MAX,
        disabled=rounds is None,
        on_refused=on_refused,
        trailing=ft.Switch(
            value=rounds is not None,
            tooltip=t("Stop after a number of rounds"),
            on_change=lambda e: set_form(
                form.with_rounds_limit(10 if e.control.value else None)
            ),
        ),
    )
    return ft.Column([target, rounds_row], spacing=8)


@ft.component
def NewGame(state: AppState) -> ft.Control:
    """The new-game form; Start creates the game and opens the scoreboard."""
    t = state.t
    form, set_form = ft.use_state(GameForm.start(state.default_rules()))
    ref: Any = ft.use_ref(_Seats)  # the same _Seats on every render
    seats: _Seats = ref.current
    seats.fields = {}

    def add_seat(name: str = "") -> None:
        """A new empty seat takes the focus (a chip's name fills a seat)."""
        if not name:
            seats.focus = len(form.players)
        set_form(form.add(name))

    async def focus_new_seat() -> None:
        """Flutter's autofocus does not take the focus from the field that has
        it (the name typed before): move it to the seat just added."""
        seat, seats.focus = seats.focus, None
        added = seats.fields.get(seat) if seat is not None else None
        if added is not None:
            await cast(Any, added).focus()  # untyped in Flet

    ft.use_effect(focus_new_seat, [len(form.players)])

    async def enter_pressed(seat: int) -> None:
        """Enter in a name field: on to the next name, or a new seat after the
        last filled one."""
        following = seats.fields.get(seat + 1)
        if following is not None:
            await cast(Any, following).focus()  # untyped in Flet
        elif form.players[seat].strip() and form.can_add():
            add_seat()

    show_house, set_show_house = ft.use_state(False)
    knob_error, set_knob_error = ft.use_state(cast(str | None, None))
    # why the game could not start, for the form as it was then
    start_error, set_start_error = ft.use_state(cast(tuple[GameForm, str] | None, None))

    def change_knob(key: str, value: Any) -> str | None:
        """A house rule changed; the core's objection is returned (a number
        field shows it beside itself) and shown under the rules."""
        try:
            set_form(form.with_knob(key, value))
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
        names = form.names()
        refused = state.start_game(
            form.rules,
            names,
            target=form.target,
            rounds_limit=form.rounds_limit,
            first_dealer=form.dealer_seat(),
        )
        if refused is not None:  # e.g. a name the core does not take
            state.dismiss()  # told beside the names, not at the top
            set_start_error((form, refused))

    known = [p for p in state.store.known_players() if p not in form.names()]
    problem = _form_error(form.error(), form, t)
    preset = form.preset_id()
    players = [
        _player_row(form, seat, t, set_form, seats, enter_pressed)
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
        preset_picker("preset", preset, lambda p: set_form(form.with_preset(p)), t),
        tagged(
            "preset-description",
            ft.Text(preset_description(preset, t, target=form.target), size=16),
        ),
        _target_row(form, t, set_form, number_refused),
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
