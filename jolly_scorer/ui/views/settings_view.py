"""Settings: language, light or dark, four-colour suits, larger cards, default rules."""

from __future__ import annotations

import flet as ft

from jolly_scorer.core.rules import PRESET_IDS
from jolly_scorer.ui.i18n import language_name
from jolly_scorer.ui.settings import LANGUAGES
from jolly_scorer.ui.state import AppState
from jolly_scorer.ui.texts import preset_name
from jolly_scorer.ui.views.common import card, screen, section, tagged


def _segments(
    identifier: str, options: list[tuple[str, str]], selected: str, on_pick: object
) -> ft.Control:
    return tagged(
        identifier,
        ft.SegmentedButton(
            segments=[
                ft.Segment(value=v, label=ft.Text(text, size=17)) for v, text in options
            ],
            selected=[selected],
            on_change=lambda e: on_pick(e.control.selected[0]),  # type: ignore[operator]
        ),
    )


def _switch(identifier: str, label: str, value: bool, on_change: object) -> ft.Control:
    return tagged(
        identifier,
        ft.Switch(
            label=label,
            value=value,
            label_text_style=ft.TextStyle(size=18),
            on_change=lambda e: on_change(bool(e.control.value)),  # type: ignore[operator]
        ),
    )


@ft.component
def SettingsView(state: AppState) -> ft.Control:
    t, s = state.t, state.settings
    default = s.default_rules if isinstance(s.default_rules, str) else "custom"
    presets = [(p, preset_name(p, t).split(" (")[0]) for p in PRESET_IDS]
    if default == "custom":
        presets.append(("custom", t("Saved house rules")))
    body: list[ft.Control] = [
        section(t("Language")),
        _segments(
            "language",
            [(lang, language_name(lang)) for lang in LANGUAGES],
            s.language,
            lambda v: state.change_settings(language=v),
        ),
        section(t("Appearance")),
        _segments(
            "theme",
            [("system", t("System")), ("light", t("Light")), ("dark", t("Dark"))],
            s.theme,
            lambda v: state.change_settings(theme=v),
        ),
        card(
            ft.Column(
                [
                    _switch(
                        "four-colour",
                        t("Four-colour suits"),
                        s.four_colour,
                        lambda v: state.change_settings(four_colour=v),
                    ),
                    _switch(
                        "large-cards",
                        t("Larger cards"),
                        s.large_cards,
                        lambda v: state.change_settings(large_cards=v),
                    ),
                ]
            )
        ),
        section(t("Rules for new games")),
        _segments(
            "default-rules",
            presets,
            default,
            lambda v: None if v == "custom" else state.change_settings(default_rules=v),
        ),
    ]
    return screen(state, t("Settings"), body)
