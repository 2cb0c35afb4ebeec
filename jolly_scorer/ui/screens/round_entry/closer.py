"""Round entry, the top: who went out (one tap each, "Nobody" too, nothing
chosen at first), the Handglatt switch and the closer's discard. On a phone
the strip of players above it is ``round_entry/strip.py``."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import flet as ft

from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.round import Target
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.screens.round_entry.problems import problem_box
from jolly_scorer.ui.screens.round_entry.scope import Act, use_scope
from jolly_scorer.ui.widgets.basics import switch_row
from jolly_scorer.ui.widgets.buttons import labelled_button
from jolly_scorer.ui.widgets.card_pieces import BAD, card_row

if TYPE_CHECKING:
    from jolly_scorer.ui.settings import UiSettings

__all__ = ["closer_section"]


def closer_section() -> ft.Control:
    """Who went out, Handglatt, the discard; a forgotten choice is flagged.
    (A kept part: the entry, translator, settings and handler come from the
    screen's scope.)"""
    scope = use_scope()
    entry, t, settings, act = scope.entry, scope.t, scope.settings, scope.act
    rounds = entry.rounds
    choices: list[tuple[str, str | None, str]] = [
        (f"round-closer-{seat}", name, name) for seat, name in enumerate(rounds.players)
    ]
    choices.append(("round-closer-none", None, t("Nobody")))
    buttons: list[ft.Control] = []
    for identifier, player, text in choices:
        chosen = rounds.closer_chosen and rounds.closer == player
        buttons.append(
            labelled_button(
                identifier,
                text,
                ft.Icons.CHECK if chosen else None,
                lambda _e=None, p=player: act(entry.set_closer, p),
                filled=chosen,
                height=48,
                selected=chosen,
                label=t("{name} went out", name=text) if player else text,
            )
        )
    heading = ft.Text(
        t("Who went out?"),
        size=18,
        weight=ft.FontWeight.W_600,
        color=BAD if not rounds.closer_chosen and entry.error else None,
    )
    counted = entry.all_counted  # speed: stays in sight, ticked (a counting
    buttons.append(  # table's next round opens counted: it says why), beside
        labelled_button(  # "Nobody" when it fits (every field on one screen)
            "round-count-all",
            t("Everyone counted points"),
            ft.Icons.CHECK if counted else ft.Icons.CALCULATE_OUTLINED,
            lambda: act(entry.tap_count_all),  # ticked: back to cards
            height=48,
            filled=counted,
            selected=counted,
        )
    )
    items: list[ft.Control] = [
        heading,
        ft.Row(buttons, wrap=True, spacing=6, run_spacing=6),
    ]
    if rounds.closer is not None:
        text = t("Handglatt: {name} put all cards down in one turn", name=rounds.closer)
        items.append(
            switch_row(
                "round-handglatt",
                text,
                rounds.handglatt,
                partial(_set_handglatt, act, entry, rounds.closer),
                # one switch per closer: a tap sent before another device
                # chose another closer goes to a switch that is gone; and
                # one per position: the switch tapped is gone with its focus,
                # so when the editor it opened closes, Flutter does not give
                # the focus back to it (a space typed then would switch it)
                key=f"handglatt-{rounds.closer}-{rounds.handglatt}",
            )
        )
        if rounds.discard is not None or not counted:  # speed: no deck to check
            items.append(_discard_tile(entry, t, settings, act))
        box = problem_box(
            rounds,
            [p for p in rounds.problems() if p.place.kind == "discard"],
            t,
            "round-problem-discard",
        )
        if box is not None:
            items.append(box)
    return ft.Column(items, spacing=6)


def _discard_tile(
    entry: RoundEntryModel, t: Translator, settings: UiSettings | None, act: Act
) -> ft.Control:
    """The closer's discard: one tap opens the picker, one card tap enters it."""
    rounds = entry.rounds
    closer = rounds.closer or ""
    target = Target("discard", closer)
    selected = entry.editing is not None and entry.editing.target == target
    shown: ft.Control
    if rounds.discard is not None:
        shown = card_row((rounds.discard,), t, settings)
    else:
        shown = ft.Text(t("tap to enter"), size=16, italic=True)
    label = t("{name}'s last card", name=closer)
    if rounds.discard is not None:
        label += ": " + rounds.discard.label
    return ft.Semantics(
        identifier="round-discard",
        button=True,
        selected=selected,
        label=label,
        content=ft.Container(
            ft.Row(
                [
                    ft.Text(t("Discarded last card (optional)"), size=16, expand=True),
                    shown,
                ],
                spacing=8,
            ),
            padding=ft.Padding.symmetric(horizontal=10, vertical=6),
            border_radius=12,
            border=ft.Border.all(
                3 if selected else 1,
                ft.Colors.PRIMARY if selected else ft.Colors.OUTLINE_VARIANT,
            ),
            bgcolor=ft.Colors.PRIMARY_CONTAINER if selected else None,
            on_click=lambda: act(entry.edit, target),
            ink=True,
        ),
    )


def _set_handglatt(
    act: Act,
    entry: RoundEntryModel,
    closer: str,
    e: ft.Event[ft.Switch],
) -> None:
    """The Handglatt switch of ``closer`` (the closer it was drawn for)."""
    act(entry.set_handglatt, bool(e.control.value), closer)
