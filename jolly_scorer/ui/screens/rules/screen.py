"""The rules page: the chosen preset explained in the user's language, every knob."""

from __future__ import annotations

import flet as ft

from jolly_scorer.core.rules import PRESET_IDS, Rules
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.game_form import EDITABLE_KNOBS
from jolly_scorer.ui.state import AppState
from jolly_scorer.ui.texts import (
    knob_label,
    play_rules,
    preset_description,
)
from jolly_scorer.ui.widgets.basics import card, section
from jolly_scorer.ui.widgets.buttons import preset_picker
from jolly_scorer.ui.widgets.screen import screen


def knob_value(rules: Rules, key: str, t: Translator) -> str:
    """A knob's value as words: yes/no, off, plus/penalty, or the number."""
    value = getattr(rules, key)
    if isinstance(value, bool):
        return t("yes") if value else t("no")
    if value is None:
        return t("off")
    if key == "scoring":
        return t("Plus points") if value == "plus" else t("Penalty points")
    return t.number(value)


@ft.component
def RulesView(state: AppState) -> ft.Control:
    t = state.t
    game = state.game
    rules = (
        game.rules
        if game is not None and not state.game_over
        else state.preferences.default_rules()
    )
    shown, set_shown = ft.use_state(
        rules.base if rules.base in PRESET_IDS else "jolly_at"
    )
    if shown != rules.base:
        from jolly_scorer.core.rules import find_rules

        rules = find_rules(shown)
    knobs = [*EDITABLE_KNOBS, "target", "rounds_limit"]
    rows: list[ft.Control] = [
        ft.Row(
            [
                ft.Text(knob_label(k, t), size=17, expand=True),
                ft.Text(knob_value(rules, k, t), size=17, weight=ft.FontWeight.BOLD),
            ]
        )
        for k in knobs
    ]
    body: list[ft.Control] = [
        preset_picker("rules-preset", shown, set_shown, t),
        ft.Text(preset_description(shown, t), size=18),
        section(t("How to play")),
        card(
            ft.Column(
                [ft.Text("• " + line, size=17) for line in play_rules(shown, t)],
                spacing=8,
            )
        ),
        section(t("Values and house rules")),
        card(ft.Column(rows, spacing=6)),
    ]
    if rules.overrides() and shown == rules.base:
        body.insert(2, ft.Text(t("This game plays with house rules."), size=16))
    return screen(state, t("Rules"), body)
