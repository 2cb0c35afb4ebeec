"""The event form's parts: how the ranking may count, a number typed, the
split of the players in words, and a labelled text field."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import flet as ft

from jolly_scorer.i18n import N_, Translator
from jolly_scorer.ui.models.club.model import split_of
from jolly_scorer.ui.models.game_form import GameForm
from jolly_scorer.ui.widgets.basics import tagged
from jolly_scorer.ui.widgets.typed_text import TypedText

#: How the ranking counts: the raw score, or tournament points by a preset.
SCORINGS: dict[str, str] = {
    "raw": N_("Raw score (the game's points)"),
    "bands5": N_("Tournament points: bands of 5"),
    "bands3": N_("Tournament points: bands of 3"),
    "rounds_won": N_("Tournament points: rounds won"),
    "games_won": N_("Tournament points: games won"),
}


def number_of(text: str) -> int | None:
    """A whole number typed, or None (a field nobody filled is missing)."""
    text = text.strip()
    return int(text) if text.isdigit() else None


def split_line(count: int, fives: bool, form: GameForm, t: Translator) -> str:
    """How ``count`` players split, in words (or why they cannot)."""
    sizes = split_of(count, fives)
    if sizes is None:
        return t("Enter at least 3 players.")
    text = t.plural(
        "{count} players: {n} table ({sizes})",
        "{count} players: {n} tables ({sizes})",
        len(sizes),
        count=count,
        sizes=" + ".join(map(str, sizes)),
    )
    rules = form.rules
    if any(not rules.players_min <= s <= rules.players_max for s in sizes):
        text += " — " + t(
            "the rules allow {low} to {high} players a table",
            low=rules.players_min,
            high=rules.players_max,
        )
    return text


def text_field(
    ident: str, label: str, value: str, on: Callable[[str], None], **kw: Any
) -> ft.Control:
    """A text field (id ``ident``) that tells ``on`` what it holds."""
    return tagged(
        ident,
        TypedText(
            label=label,
            value=value,
            on_change=lambda e: on(e.control.value or ""),
            text_size=18,
            **kw,
        ),
    )


def use_refusals(form: GameForm) -> tuple[Callable[[str, int | None], None], list[str]]:
    """A hook of the form: the number fields showing a refused text (told
    through the first returned callable) and those whose refused text still
    stands for what the form holds (the event may not be created then)."""
    refusals, set_refusals = ft.use_state(cast(dict[str, int], {}))

    def number_refused(field: str, shown: int | None) -> None:
        if refusals.get(field) != shown:
            rest = {k: v for k, v in refusals.items() if k != field}
            set_refusals(rest if shown is None else {**rest, field: shown})

    return number_refused, [f for f, n in refusals.items() if form.shown(f) == n]


def scoring_picker(
    t: Translator, scoring: str, on: Callable[[str], None]
) -> ft.Control:
    """How the ranking counts: the raw score or a preset of tournament points."""
    return tagged(
        "club-scoring",
        ft.Dropdown(
            label=t("The ranking counts"),
            value=scoring,
            options=[ft.DropdownOption(k, t(v)) for k, v in SCORINGS.items()],
            on_select=lambda e: on(e.control.value or "raw"),
            text_size=18,
            expand=True,
        ),
    )
