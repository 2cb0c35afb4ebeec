"""Round entry, a player's counted points: the good and bad points fields
(digits only: anything else keeps the text with a message beside it and
changes nothing), and the warning when counted points add to cards entered on
the table. Used in a player's hand (``round_entry_hand``) and on the counting
table (``round_entry_points``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from jolly_scorer.ui.i18n import Translator
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.screens.round_entry.seat import Act
from jolly_scorer.ui.widgets.basics import warning_box
from jolly_scorer.ui.widgets.typed_text import TypedText

__all__ = ["points_fields"]


def points_fields(
    entry: RoundEntryModel,
    seat: int,
    name: str,
    t: Translator,
    act: Act,
    width: int = 170,
    on_enter: Callable[[str, str], Any] | None = None,
    focus: tuple[tuple[str, str] | None, int] = (None, 0),
    built: dict[tuple[str, str], ft.TextField] | None = None,
) -> list[ft.Control]:
    """``on_enter(player, key)``: Enter in a field (everyone's fields on one
    screen); ``focus``: the field to take the focus (and how often one was
    asked for): it is built anew with ``autofocus``, which Flutter honours
    only while no other field has the focus, so a field tapped meanwhile
    keeps it and the digits never go where they were not typed. ``built``
    gets every field built (the screen asks one for the focus)."""
    rounds = entry.rounds
    if name == rounds.closer and not rounds.rules.is_plus:
        return [ft.Text(t("Went out: no cards left in hand."), size=16, italic=True)]
    if name == rounds.closer:
        keys: tuple[Any, ...] = ("good",)
    else:
        keys = ("good", "bad") if rounds.rules.is_plus else ("bad",)
    fields: list[ft.Control] = []
    for key in keys:
        label = t("Good points") if key == "good" else t("Bad points")
        field = TypedText(
            label=label,
            value=entry.points_text(name, key),
            error=entry.points_error(name, key),
            keyboard_type=ft.KeyboardType.NUMBER,
            on_change=lambda e, k=key: act(
                entry.set_points, name, k, e.control.value or ""
            ),
            text_size=20,
            width=width,
            dense=on_enter is not None,  # everyone's fields on one phone screen
            autofocus=focus[0] == (name, key),
            on_submit=(
                None if on_enter is None else lambda _e, k=key: on_enter(name, k)
            ),
            on_focus=lambda _e, k=key: entry.field_focused((name, k), True),
            on_blur=lambda _e, k=key: entry.field_focused((name, k), False),
        )
        if built is not None:
            built[(name, key)] = field
        fields.append(
            ft.Semantics(
                identifier=f"round-{key}-{seat}",
                content=field,
                key=f"{key}-{name}-{focus[1] if focus[0] == (name, key) else 0}",
            )
        )
    out: list[ft.Control] = [ft.Row(fields, wrap=True, spacing=10, run_spacing=6)]
    times = rounds.rules.handglatt_multiplier
    if "bad" in keys and rounds.handglatt and times != 1:
        # issue 17.3: the number typed is the count before the doubling
        hint = t("As counted – the Handglatt then makes it ×{n}", n=times)
        out.append(
            ft.Semantics(
                identifier=f"round-handglatt-hint-{seat}",
                label=hint,
                content=ft.Text(hint, size=14, color=ft.Colors.ON_SURFACE_VARIANT),
            )
        )
    if rounds.counted_adds_to_cards(name):
        warning = t(
            "Counted points are added to the cards entered on the table "
            "above: count only what is not entered there."
        )
        out.append(warning_box(f"round-counted-warning-{seat}", warning))
    return out
