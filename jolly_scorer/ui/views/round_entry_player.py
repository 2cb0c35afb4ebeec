"""Round entry, one player's panel: melds, lay-offs, hand or counted points."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import flet as ft

from jolly_scorer.core.scoring import PlayerScore, bad_points
from jolly_scorer.ui.i18n import Translator
from jolly_scorer.ui.round_model import Place, RoundModel, Target
from jolly_scorer.ui.views.common import colour, labelled_button, one_line
from jolly_scorer.ui.views.round_entry_cards import BAD, card_row, meld_verdict
from jolly_scorer.ui.views.round_entry_parts import (
    meld_name,
    problem_box,
    score_line,
    signed,
)

if TYPE_CHECKING:
    from jolly_scorer.ui.settings import UiSettings

__all__ = ["PlayerActions", "player_panel"]


@dataclass(frozen=True)
class PlayerActions:
    """What the panel's taps do (handlers of the screen)."""

    edit: Callable[..., Any]  # edit(target) or edit(None, pile=player)
    new_meld: Callable[[str], Any]
    start_layoff: Callable[[str], Any]
    set_mode: Callable[[str, str], Any]
    set_points: Callable[[str, str, str], Any]
    open_joker: Callable[[int], Any] = lambda index: None  # a joker tapped


def _tile(
    content: ft.Control,
    on_click: Callable[[], Any],
    identifier: str,
    label: str,
    *,
    problem: bool = False,
    selected: bool = False,
) -> ft.Control:
    """A tappable box around a meld or a hand (thick blue while edited)."""
    colour = ft.Colors.OUTLINE_VARIANT
    if problem:
        colour = BAD
    if selected:
        colour = ft.Colors.PRIMARY
    return ft.Semantics(
        identifier=identifier,
        button=True,
        selected=selected,
        label=label,
        content=ft.Container(
            content,
            padding=10,
            border_radius=12,
            border=ft.Border.all(3 if selected else 2 if problem else 1, colour),
            bgcolor=ft.Colors.PRIMARY_CONTAINER if selected else ft.Colors.SURFACE,
            on_click=lambda: on_click(),
            ink=True,
        ),
    )


def _melds(
    model: RoundModel,
    seat: int,
    name: str,
    t: Translator,
    settings: UiSettings | None,
    actions: PlayerActions,
    editing: Target | None,
) -> list[ft.Control]:
    out: list[ft.Control] = []
    for n, index in enumerate(model.melds_of(name)):
        meld = model.melds[index]
        verdict = model.verdict(index)
        shown = verdict.cards if verdict.valid else meld.plain

        def tap(position: int, cards: tuple[Any, ...] = shown, i: int = index) -> None:
            if cards[position].is_joker:
                actions.open_joker(i)
            else:
                actions.edit(Target("meld", model.melds[i].owner, i))

        parts: list[ft.Control] = [card_row(shown, t, settings, on_tap=tap)]
        if meld.cards:
            parts.append(meld_verdict(verdict, t, f"round-verdict-{seat}-{n}"))
        else:
            parts.append(ft.Text(t("No cards yet: tap to add."), size=16))
        laid = {p.by for p in meld.cards if p.by is not None}
        for who in sorted(laid):
            cards = " ".join(p.card.label for p in meld.cards if p.by == who)
            parts.append(
                ft.Text(t("{name} laid off {cards}", name=who, cards=cards), size=15)
            )
        problems = [
            p
            for p in model.problems_at(Place("meld", name, index))
            if p.code not in ("invalid_meld", "empty_meld")
        ]
        box = problem_box(model, problems, t, f"round-meld-problem-{seat}-{n}")
        if box is not None:
            parts.append(box)
        out.append(
            _tile(
                ft.Column(parts, spacing=6),
                partial(actions.edit, Target("meld", name, index)),
                f"round-meld-{seat}-{n}",
                meld_name(model, index, t),
                problem=not verdict.valid or bool(problems),
                selected=editing == Target("meld", name, index),
            )
        )
    layoffs = model.layoffs_of(name)
    for index in sorted({i for i, _ in layoffs}):
        cards = " ".join(c.label for i, c in layoffs if i == index)
        out.append(
            _tile(
                ft.Text(
                    t(
                        "Laid off {cards} on {meld}",
                        cards=cards,
                        meld=meld_name(model, index, t),
                    ),
                    size=17,
                ),
                partial(actions.edit, Target("layoff", name, index)),
                f"round-layoff-{seat}-{index}",
                t("Lay-off on {meld}", meld=meld_name(model, index, t)),
                selected=editing == Target("layoff", name, index),
            )
        )
    buttons = [
        labelled_button(
            f"round-add-meld-{seat}",
            t("Meld"),
            ft.Icons.ADD,
            lambda: actions.new_meld(name),
        ),
        labelled_button(
            f"round-add-layoff-{seat}",
            t("Lay off"),
            ft.Icons.CALL_MERGE,
            lambda: actions.start_layoff(name),
        ),
        labelled_button(
            f"round-pile-{seat}",
            t("Pile"),
            ft.Icons.AUTO_AWESOME,
            lambda: actions.edit(None, pile=name),
        ),
    ]
    out.append(ft.Row(buttons, wrap=True, spacing=6, run_spacing=6))
    return out


def _layoff_choice(
    model: RoundModel, seat: int, name: str, t: Translator, actions: PlayerActions
) -> ft.Control:
    """Which meld does ``name`` lay off on? One button per meld on the table."""
    options: list[ft.Control] = []
    for index, meld in enumerate(model.melds):
        if meld.owner == name:
            continue
        verdict = model.verdict(index)
        shown = verdict.cards if verdict.valid else meld.plain
        text = f"{meld_name(model, index, t)}: " + " ".join(c.label for c in shown)
        options.append(
            labelled_button(
                f"round-layoff-on-{seat}-{index}",
                text,
                None,
                lambda _e=None, i=index: actions.edit(Target("layoff", name, i)),
            )
        )
    if not options:
        options.append(
            ft.Text(t("No melds of other players on the table yet."), size=16)
        )
    return ft.Column(
        [ft.Text(t("{name} lays off on:", name=name), size=17), *options], spacing=6
    )


def _hand(
    model: RoundModel,
    seat: int,
    name: str,
    t: Translator,
    settings: UiSettings | None,
    actions: PlayerActions,
    editing: Target | None,
) -> list[ft.Control]:
    if name == model.closer:
        return [ft.Text(t("Went out: no cards left in hand."), size=17, italic=True)]
    mode = model.modes[name]
    toggle = ft.Row(
        [
            labelled_button(
                f"round-mode-{seat}-{value}",
                text,
                None,
                lambda _e=None, v=value: actions.set_mode(name, v),
                filled=mode == value,
                height=44,
                selected=mode == value,
            )
            for value, text in (
                ("cards", t("Cards in hand")),
                ("points", t("Count points")),
            )
        ],
        wrap=True,
        spacing=6,
    )
    out: list[ft.Control] = [toggle]
    if mode == "points":
        counted = model.counted.get(name)
        fields: list[ft.Control] = []
        keys = ("good", "bad") if model.rules.is_plus else ("bad",)
        for key in keys:
            value = getattr(counted, key) if counted else 0
            label = t("Good points") if key == "good" else t("Bad points")
            fields.append(
                ft.Semantics(
                    identifier=f"round-{key}-{seat}",
                    content=ft.TextField(
                        label=label,
                        value=str(value) if value else "",
                        keyboard_type=ft.KeyboardType.NUMBER,
                        on_change=lambda e, k=key: actions.set_points(
                            name, k, e.control.value or ""
                        ),
                        text_size=20,
                        width=150,
                    ),
                )
            )
        out.append(ft.Row(fields, wrap=True, spacing=10))
        if model.counted_adds_to_cards(name):
            warning = t(
                "Counted points are added to the cards entered on the table "
                "above: count only what is not entered there."
            )
            out.append(
                ft.Semantics(
                    identifier=f"round-counted-warning-{seat}",
                    label=warning,
                    content=ft.Container(
                        ft.Row(
                            [
                                ft.Icon(
                                    ft.Icons.WARNING_AMBER,
                                    color=ft.Colors.ON_TERTIARY_CONTAINER,
                                    size=22,
                                ),
                                ft.Text(
                                    warning,
                                    size=16,
                                    color=ft.Colors.ON_TERTIARY_CONTAINER,
                                    expand=True,
                                ),
                            ],
                            spacing=6,
                        ),
                        bgcolor=ft.Colors.TERTIARY_CONTAINER,
                        border_radius=10,
                        padding=10,
                    ),
                )
            )
        return out
    hand = model.hands[name]
    if hand:
        content: ft.Control = ft.Column(
            [
                card_row(hand, t, settings),
                ft.Text(
                    t("Bad points: {n}", n=t.number(bad_points(hand, model.rules))),
                    size=16,
                    color=BAD,
                ),
            ],
            spacing=6,
        )
    else:
        content = ft.Text(t("Tap to enter the cards left in the hand."), size=17)
    problems = model.problems_at(Place("hand", name))
    out.append(
        _tile(
            content,
            lambda: actions.edit(Target("hand", name)),
            f"round-hand-{seat}",
            t("{name}'s hand", name=name),
            problem=bool(problems) and bool(hand),
            selected=editing == Target("hand", name),
        )
    )
    box = problem_box(
        model,
        [p for p in problems if hand or p.code != "hand_missing"],
        t,
        f"round-hand-problem-{seat}",
    )
    if box is not None:
        out.append(box)
    return out


def player_panel(
    model: RoundModel,
    seat: int,
    name: str,
    score: PlayerScore,
    t: Translator,
    settings: UiSettings | None,
    actions: PlayerActions,
    *,
    show_melds: bool,
    laying_off: bool,
    editing: Target | None = None,
) -> ft.Control:
    """Everything one player put on the table or kept in hand, with the score."""
    plus = model.rules.is_plus
    header = ft.Row(
        [
            ft.Container(width=14, height=14, border_radius=7, bgcolor=colour(seat)),
            one_line(name, 22, weight=ft.FontWeight.BOLD),
            ft.Text(
                signed(score.score, t) if plus else t.number(score.score),
                size=24,
                weight=ft.FontWeight.BOLD,
            ),
        ],
        spacing=8,
    )
    items: list[ft.Control] = [
        header,
        ft.Text(score_line(score, plus, t), size=15),
    ]
    if show_melds:
        items.append(ft.Text(t("On the table"), size=17, weight=ft.FontWeight.W_600))
        items += _melds(model, seat, name, t, settings, actions, editing)
        if laying_off:
            items.append(_layoff_choice(model, seat, name, t, actions))
    items.append(ft.Text(t("Hand"), size=17, weight=ft.FontWeight.W_600))
    items += _hand(model, seat, name, t, settings, actions, editing)
    return ft.Semantics(
        identifier=f"round-player-{seat}",
        container=True,
        content=ft.Container(
            ft.Column(items, spacing=8),
            padding=12,
            border_radius=16,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        ),
    )
