"""The meld checker's *melds* side: the meld being built (its cards, verdict,
joker readings and the total of all melds) and the other melds, each a tap
away from being built again. Drawn from a
:class:`~jolly_scorer.ui.models.meld_checker.MeldCheckerModel`; every tap is
``act(model method, *args)``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import flet as ft

from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.meld_checker import MeldCheckerModel
from jolly_scorer.ui.widgets.card_pieces import (
    BAD,
    GOOD,
    card_row,
    meld_verdict,
)
from jolly_scorer.ui.widgets.joker_menu import joker_menu

if TYPE_CHECKING:
    from jolly_scorer.ui.settings import UiSettings

__all__ = ["Act", "joker_panel", "melds_panel", "summary_box", "title"]

#: The one handler style: ``act(model.method, *args)`` runs it and redraws.
Act = Callable[..., None]


def title(text: str, size: int = 17) -> ft.Control:
    return ft.Text(text, size=size, weight=ft.FontWeight.W_600)


def melds_panel(
    model: MeldCheckerModel, t: Translator, settings: UiSettings | None, act: Act
) -> tuple[list[ft.Control], list[ft.Control]]:
    """The meld being built (for the framed box) and the other melds."""
    active = min(model.active, len(model.melds) - 1)
    cards = model.melds[active]
    live: list[ft.Control] = [title(t("Meld {n}", n=active + 1))]
    if not cards:
        live.append(ft.Text(t("Tap cards below to build this meld."), size=16))
    else:
        live.append(
            card_row(cards, t, settings, on_tap=partial(act, model.tap, active))
        )
        meld = model.judged(active)
        if meld is not None:
            live.append(meld_verdict(meld, t, f"meld-verdict-{active}"))
        else:  # judged once it can be: not "too few" while it is started
            live.append(ft.Text(t("A meld has at least 3 cards."), size=16))
        # a tapped joker's readings stand in place of the grid (joker_panel)
        if model.joker is None and model.other_readings(active):
            text = t("Tap the joker to choose another reading.")
            live.append(ft.Text(text, size=15, italic=True))
    if any(model.melds):
        live.append(summary_box(model))
    return live, _others(model, active, t, settings, act)


def joker_panel(model: MeldCheckerModel, t: Translator, act: Act) -> ft.Control | None:
    """A tapped joker's readings (in place of the card grid), or None."""
    joker = model.joker
    if joker is None or joker[1] >= len(model.melds[joker[0]]):
        return None
    meld = joker[0]
    return joker_menu(
        model.readings(meld),
        t,
        lambda reading: act(model.choose_reading, meld, reading),
        lambda: act(model.close_joker),
        "meld-joker-menu",
        on_remove=partial(act, model.remove, meld, joker[1]),
    )


def _others(
    model: MeldCheckerModel,
    active: int,
    t: Translator,
    settings: UiSettings | None,
    act: Act,
) -> list[ft.Control]:
    """Every other meld with its verdict; a tap builds it again."""
    out: list[ft.Control] = []
    for n, meld in enumerate(model.verdicts()):
        if n == active or meld is None:
            continue
        shown = meld.cards if meld.valid else model.melds[n]
        name = t("Meld {n}", n=n + 1)
        box = ft.Container(
            ft.Column(
                [
                    title(name, 16),
                    card_row(shown, t, settings),
                    meld_verdict(meld, t, f"meld-verdict-{n}"),
                ],
                spacing=6,
            ),
            padding=10,
            border_radius=12,
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            on_click=partial(_activate, act, model, n),
            ink=True,
        )
        out.append(
            ft.Semantics(identifier=f"meld-{n}", button=True, label=name, content=box)
        )
    return out


def _activate(act: Act, model: MeldCheckerModel, n: int, _e: Any = None) -> None:
    act(model.activate, n)


def summary_box(model: MeldCheckerModel) -> ft.Control:
    """The melds together: fit in the pack, points, the opening."""
    lines = model.summary()
    return ft.Semantics(
        identifier="meld-summary",
        label=" ".join(text for text, _ in lines),
        content=ft.Container(
            ft.Column(
                [
                    ft.Text(
                        text,
                        size=17,
                        weight=ft.FontWeight.W_600,
                        color=GOOD if good else BAD,
                    )
                    for text, good in lines
                ],
                spacing=2,
            ),
            padding=ft.Padding.symmetric(horizontal=12, vertical=8),
            border_radius=12,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        ),
    )
