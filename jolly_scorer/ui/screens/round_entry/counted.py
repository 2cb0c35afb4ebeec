"""Round entry, a player's counted points: the good and bad points fields
(digits only: anything else keeps the text with a message beside it and
changes nothing), and the warning when counted points add to cards entered on
the table. Used in a player's hand (``round_entry_hand``) and on the counting
sheet (``round_entry_points``), where the fields take no typed text: a tap
selects one, and every key reaches the server as an event that it applies to
the selected field (``ui.models.counted_keys``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.counted_keys import Place
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.screens.round_entry.seat import Act
from jolly_scorer.ui.widgets.basics import warning_box
from jolly_scorer.ui.widgets.round_score import NO_NUMBER
from jolly_scorer.ui.widgets.typed_text import TypedText

__all__ = [
    "Selection",
    "counted_warning",
    "handglatt_hint",
    "points_fields",
    "sheet_field",
]


#: The width of the ring round the counting sheet's selected field (px).
RING = 2


@dataclass(frozen=True, slots=True)
class Selection:
    """The counting sheet's selected field and the tap that selects one."""

    place: Place | None
    select: Callable[[Place], Any]


def points_fields(
    entry: RoundEntryModel,
    seat: int,
    name: str,
    t: Translator,
    act: Act,
    width: int = 170,
) -> list[ft.Control]:
    """A player's counted-points fields in their hand (one player shown)."""
    rounds = entry.rounds
    if name == rounds.closer and not rounds.rules.is_plus:
        return [ft.Text(t("Went out: no cards left in hand."), size=16, italic=True)]
    keys: tuple[Any, ...] = rounds.points_keys(name)  # typed as PointsKey
    fields: list[ft.Control] = []
    for key in keys:
        label = t("Good points") if key == "good" else t("Bad points")
        field = TypedText(
            label=label,
            value=entry.points_text(name, key),
            error=entry.points_error(name, key),
            keyboard_type=ft.KeyboardType.NUMBER,
            # the text the browser sent with the event (the control's own
            # value may have been drawn again since, issue 38.1)
            on_change=lambda e, k=key: act(entry.set_points, name, k, _sent(e)),
            text_size=20,
            width=width,
        )
        fields.append(ft.Semantics(identifier=f"round-{key}-{seat}", content=field))
    out: list[ft.Control] = [ft.Row(fields, wrap=True, spacing=10, run_spacing=6)]
    hint = handglatt_hint(entry, t)
    if hint is not None and "bad" in keys:
        out.append(
            ft.Semantics(
                identifier=f"round-handglatt-hint-{seat}",
                label=hint,
                content=ft.Text(hint, size=14, color=ft.Colors.ON_SURFACE_VARIANT),
            )
        )
    warning = counted_warning(entry, seat, name, t)
    if warning is not None:
        out.append(warning)
    return out


def _sent(e: ft.Event[ft.TextField]) -> str:
    """The text a change event brought (else the field's own value)."""
    data = getattr(e, "data", None)
    return data if isinstance(data, str) else (e.control.value or "")


def handglatt_hint(entry: RoundEntryModel, t: Translator) -> str | None:
    """Issue 17.3: on a Handglatt round the number typed is the count before
    the doubling; None when there is nothing to say."""
    times = entry.rounds.rules.handglatt_multiplier
    if not entry.rounds.handglatt or times == 1:
        return None
    return t("As counted – the Handglatt then makes it ×{n}", n=times)


def counted_warning(
    entry: RoundEntryModel, seat: int, name: str, t: Translator
) -> ft.Control | None:
    """The warning when ``name``'s counted points add to cards entered on
    the table (``round-counted-warning-N``)."""
    if not entry.rounds.counted_adds_to_cards(name):
        return None
    warning = t(
        "Counted points are added to the cards entered on the table "
        "above: count only what is not entered there."
    )
    return warning_box(f"round-counted-warning-{seat}", warning)


def sheet_field(
    entry: RoundEntryModel,
    seat: int,
    name: str,
    key: Any,
    t: Translator,
    act: Act,
    width: int,
    sheet: Selection,
) -> tuple[ft.Control, ft.TextField]:
    """A field of the counting sheet (``round-good-N`` / ``round-bad-N``,
    marked selected when the keys go there), and its text field.

    The selected one is ringed (and filled), its field's own border the same
    as every other's: Flutter animates a change of a field's border for
    167 ms, a dozen frames at each Enter or tap, while a ring comes and goes
    in one frame."""
    label = t("Good points") if key == "good" else t("Bad points")
    chosen = sheet.place == (name, key)
    field = _sheet_field(entry, name, key, label, act, width - 2 * RING, sheet)
    marked = ft.Semantics(
        identifier=f"round-{key}-{seat}",
        selected=chosen,
        label=f"{name}: {label}",
        content=field,
    )
    ring = ft.Container(
        marked,
        key=f"{key}-{name}",
        border=ft.Border.all(
            RING, ft.Colors.PRIMARY if chosen else ft.Colors.TRANSPARENT
        ),
        border_radius=4 + RING,
    )
    return ring, field


def _sheet_field(
    entry: RoundEntryModel,
    name: str,
    key: Any,
    label: str,
    act: Act,
    width: int,
    sheet: Selection,
) -> ft.TextField:
    """A field of the counting sheet: it shows the number (``–`` while
    missing) and takes no typed text (read only, no system keyboard); the
    selected one is filled (:func:`sheet_field` rings it), and the focus,
    which decides nothing here, looks like no focus. A change a client sends
    (a whole text, as the in-process tests do) still goes in."""
    place: Place = (name, key)
    chosen = sheet.place == place
    line = ft.OutlineInputBorder(side=ft.BorderSide(1, ft.Colors.OUTLINE))

    def changed(e: ft.Event[ft.TextField]) -> None:
        sheet.select(place)
        act(entry.set_points, name, key, _sent(e))

    return ft.TextField(
        value=entry.points_text(name, key),
        # no tooltip: on a laptop it covered the next line's numbers (issue
        # 35.9); the column's title and the field's label say what it holds
        error=entry.points_error(name, key),
        hint_text=NO_NUMBER,
        read_only=True,
        show_cursor=False,
        keyboard_type=ft.KeyboardType.NONE,
        text_size=20,
        text_align=ft.TextAlign.CENTER,
        text_style=ft.TextStyle(weight=ft.FontWeight.BOLD),
        width=width,
        dense=True,
        content_padding=ft.Padding.symmetric(horizontal=4, vertical=6 - RING),
        filled=chosen,
        fill_color=ft.Colors.PRIMARY_CONTAINER if chosen else None,
        border={
            ft.ControlState.DEFAULT: line,
            ft.ControlState.FOCUSED: line,  # the focus decides nothing here
        },
        on_click=lambda _e=None: act(sheet.select, place),
        on_change=changed,
    )
