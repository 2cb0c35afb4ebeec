"""The new-game screen's rules: preset, its description, target and rounds
limit, the house rules (shown on demand) and "use these rules for new games"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from jolly_scorer.core.gamefile import rules_to_json
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.game_form import GameForm
from jolly_scorer.ui.screens.new_game.house_rules import house_rules_editor
from jolly_scorer.ui.screens.new_game.players import Update
from jolly_scorer.ui.state import AppState
from jolly_scorer.ui.texts import preset_description
from jolly_scorer.ui.widgets.basics import card, section, tagged
from jolly_scorer.ui.widgets.buttons import preset_picker
from jolly_scorer.ui.widgets.number_row import NumberRow, Refused

#: The largest target or rounds limit a game can be given here.
TARGET_MAX = 100_000
ROUNDS_MAX = 1_000


def target_row(
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


def _save_default_button(state: AppState, form: GameForm) -> ft.Control:
    """One button in both states (a new control here is not announced)."""
    t = state.t
    rules = form.rules.replace(target=form.target, rounds_limit=form.rounds_limit)
    is_default = rules_to_json(rules) == state.settings.default_rules
    return tagged(
        "save-default-rules",
        ft.OutlinedButton(
            t("These are the rules for new games")
            if is_default
            else t("Use these rules for new games"),
            icon=ft.Icons.CHECK_CIRCLE
            if is_default
            else ft.Icons.BOOKMARK_ADD_OUTLINED,
            on_click=lambda: (
                None if is_default else state.preferences.save_default_rules(rules)
            ),
            height=52,
        ),
    )


def rules_section(
    state: AppState,
    form: GameForm,
    update: Update,
    *,
    show_house: bool,
    toggle_house: Callable[[], None],
    knob_error: str | None,
    change_knob: Callable[[str, Any], str | None],
    number_refused: Refused,
) -> list[ft.Control]:
    """The rules part of the form."""
    t = state.t
    preset = form.preset_id()
    body: list[ft.Control] = [
        section(t("Rules")),
        preset_picker(
            "preset", preset, lambda p: update(lambda f: f.with_preset(p)), t
        ),
        tagged(
            "preset-description",
            ft.Text(preset_description(preset, t, target=form.target), size=16),
        ),
        target_row(form, t, update, number_refused),
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
        editor = house_rules_editor(form.rules, t, change_knob, number_refused)
        body += [card(editor, padding=8), _save_default_button(state, form)]
    return body
