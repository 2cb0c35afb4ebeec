"""Settings: language, light or dark, four-colour suits, larger cards, default rules."""

from __future__ import annotations

from typing import Any

import flet as ft

from jolly_scorer.core.errors import JollyError
from jolly_scorer.core.rules import PRESET_IDS, resolve_rules
from jolly_scorer.i18n import Translator, language_name
from jolly_scorer.ui.settings import LANGUAGES
from jolly_scorer.ui.state import AppState
from jolly_scorer.ui.texts import knob_label, preset_name
from jolly_scorer.ui.widgets.basics import card, section, tagged
from jolly_scorer.ui.widgets.buttons import SEGMENTS
from jolly_scorer.ui.widgets.screen import screen

#: below this page width a segment's words are smaller and closer to its
#: edges: "Järjestelmä" at 17 px broke to "Järjestelm/ä" at 360 x 780 and
#: "Järjestel/mä" at 320 x 640 (the screen explorer's Finnish settings)
NARROW_PAGE = 390
NARROW_SEGMENTS = ft.ButtonStyle(
    visual_density=ft.VisualDensity.STANDARD,
    padding=ft.Padding.symmetric(horizontal=4),
)


def _segments(
    identifier: str,
    options: list[tuple[str, str]],
    selected: str,
    on_pick: object,
    narrow: bool = False,
) -> ft.Control:
    return tagged(
        identifier,
        ft.SegmentedButton(
            segments=[
                ft.Segment(value=v, label=ft.Text(text, size=15 if narrow else 17))
                for v, text in options
            ],
            selected=[selected],
            # no tick: "Järjestelmä" needs the whole segment on a phone
            show_selected_icon=False,
            style=NARROW_SEGMENTS if narrow else SEGMENTS,
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


def _saved_text(saved: dict[str, Any], t: Translator) -> str:
    """What the saved house rules are: the preset they start from, what differs."""
    try:
        rules = resolve_rules(saved)
    except (JollyError, TypeError):
        return t("Saved house rules")
    base = preset_name(rules.base, t).split(" (")[0]
    changed = [knob_label(k, t) for k in rules.overrides()]
    if not changed:
        return t("Saved house rules: {base}", base=base)
    return t(
        "Saved house rules: {base}, changed: {knobs}",
        base=base,
        knobs=", ".join(changed),
    )


@ft.component
def SettingsView(state: AppState) -> ft.Control:
    t, settings = state.t, state.settings
    default = (
        settings.default_rules if isinstance(settings.default_rules, str) else "custom"
    )
    saved = settings.saved_rules
    if saved is None and isinstance(settings.default_rules, dict):
        saved = settings.default_rules  # saved before "saved_rules" was kept apart
    presets = [(p, preset_name(p, t)) for p in PRESET_IDS]
    narrow = (state.page_width or NARROW_PAGE) < NARROW_PAGE
    if saved is not None:
        presets.append(("custom", t("Saved house rules")))

    def pick_rules(value: str) -> None:
        if value != "custom":
            state.preferences.change(default_rules=value)
        elif saved is not None:
            state.preferences.change(default_rules=saved)

    body: list[ft.Control] = [
        section(t("Language")),
        _segments(
            "language",
            [(lang, language_name(lang)) for lang in LANGUAGES],
            settings.language,
            lambda v: state.preferences.change(language=v),
            narrow,
        ),
        section(t("Appearance")),
        _segments(
            "theme",
            [("system", t("System")), ("light", t("Light")), ("dark", t("Dark"))],
            settings.theme,
            lambda v: state.preferences.change(theme=v),
            narrow,
        ),
        card(
            ft.Column(
                [
                    _switch(
                        "four-colour",
                        t("Four-colour suits"),
                        settings.four_colour,
                        lambda v: state.preferences.change(four_colour=v),
                    ),
                    _switch(
                        "large-cards",
                        t("Larger cards"),
                        settings.large_cards,
                        lambda v: state.preferences.change(large_cards=v),
                    ),
                ]
            )
        ),
        section(t("Rules for new games")),
        tagged(
            "default-rules",
            ft.RadioGroup(
                value=default,
                on_change=lambda e: pick_rules(e.control.value or default),
                content=ft.Column(
                    [
                        ft.Radio(
                            value=v,
                            label=text,
                            label_style=ft.TextStyle(size=18),
                        )
                        for v, text in presets
                    ],
                    spacing=0,
                ),
            ),
        ),
        ft.Text(
            _saved_text(saved, t)
            if saved is not None
            else t(
                "To keep house rules: New game, House rules, "
                "Use these rules for new games."
            ),
            size=16,
            color=ft.Colors.ON_SURFACE_VARIANT,
        ),
    ]
    return screen(state, t("Settings"), body)
