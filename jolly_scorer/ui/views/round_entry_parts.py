"""Round entry, the pieces: names of places, problem texts, the score preview.

Plain functions that build controls from the :class:`RoundModel`; the state and
the handlers live in :mod:`jolly_scorer.ui.views.round_entry`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from jolly_scorer.core.scoring import PlayerScore
from jolly_scorer.ui.i18n import Translator
from jolly_scorer.ui.round_model import Place, Preview, Problem, RoundModel
from jolly_scorer.ui.texts import reason_text
from jolly_scorer.ui.views.round_entry_cards import BAD, GOOD
from jolly_scorer.ui.widgets.basics import one_line

__all__ = [
    "meld_name",
    "place_name",
    "preview_table",
    "problem_box",
    "problem_text",
    "score_line",
    "signed",
    "tile",
]


def signed(value: int, t: Translator) -> str:
    """``+12``, ``−5`` or ``0`` the local way."""
    text = t.number(value)
    return f"+{text}" if value > 0 else text


def meld_name(model: RoundModel, index: int, t: Translator) -> str:
    """``"Anna's meld 2"``: melds are numbered per owner."""
    owner = model.melds[index].owner
    number = model.melds_of(owner).index(index) + 1
    return t("{name}'s meld {n}", name=owner, n=number)


def place_name(model: RoundModel, place: Place, t: Translator) -> str:
    """Where a problem is, in words."""
    if place.kind == "meld" and place.meld is not None:
        return meld_name(model, place.meld, t)
    if place.kind == "hand":
        return t("{name}'s hand", name=place.player or "")
    if place.kind == "counted":
        return t("{name}'s points", name=place.player or "")
    return t("the discarded card")


def problem_text(model: RoundModel, problem: Problem, t: Translator) -> str:
    """One problem as a sentence for the table."""
    code = problem.code
    if code == "closer_missing":
        return t("Who went out? Choose a player, or Nobody.")
    if code == "invalid_meld" and problem.meld is not None:
        reason = problem.meld.reason
        return reason_text(reason.value if reason else "", t)
    if code == "empty_meld":
        return t("This meld has no cards yet.")
    if code == "hand_missing":
        return t(
            "Enter the cards left in {name}'s hand, or the points counted.",
            name=problem.place.player or "",
        )
    if code == "hand_too_large":
        return t("A hand holds at most {n} cards.", n=problem.count or 0)
    if code == "joker_too_many":
        text = t("A joker too many: the pack holds {n} jokers.", n=problem.count or 0)
    else:
        label = problem.card or ""
        try:
            from jolly_scorer.core.cards import parse_card

            label = parse_card(label).label
        except ValueError:
            pass
        text = t("A third {card}: the pack holds every card twice.", card=label)
    if problem.also:
        places = ", ".join(place_name(model, p, t) for p in problem.also)
        text += " " + t("Also in: {places}.", places=places)
    return text


def problem_box(
    model: RoundModel, problems: Sequence[Problem], t: Translator, identifier: str
) -> ft.Control | None:
    """The problems at one place, in red (None when there are none)."""
    if not problems:
        return None
    lines = [problem_text(model, p, t) for p in problems]
    return ft.Semantics(
        identifier=identifier,
        label=" ".join(lines),
        content=ft.Column(
            [
                ft.Row(
                    [
                        ft.Icon(ft.Icons.WARNING_AMBER, color=BAD, size=22),
                        ft.Text(line, color=BAD, size=16, expand=True),
                    ],
                    spacing=6,
                )
                for line in lines
            ],
            spacing=2,
        ),
    )


def score_line(score: PlayerScore, plus: bool, t: Translator) -> str:
    """``'good 37 · bad 10 · bonus 30'`` (penalty scoring: just the bad points)."""
    if not plus:
        return t("bad {bad}", bad=t.number(score.bad))
    parts = [
        t("good {good}", good=t.number(score.good)),
        t("bad {bad}", bad=t.number(score.bad)),
    ]
    if score.bonus:
        parts.append(t("bonus {bonus}", bonus=t.number(score.bonus)))
    return " · ".join(parts)


def _cell(
    text: str, width: int, *, bold: bool = False, colour: str | None = None
) -> ft.Control:
    return ft.Text(
        text,
        width=width,
        size=17,
        text_align=ft.TextAlign.RIGHT,
        weight=ft.FontWeight.BOLD if bold else None,
        color=colour,
    )


def preview_table(model: RoundModel, preview: Preview, t: Translator) -> ft.Control:
    """Every player's good, bad, bonus and round score (penalty: bad only)."""
    plus = model.rules.is_plus
    heads = [t("Good"), t("Bad"), t("Bonus"), t("Round")] if plus else [t("Points")]
    width = 58 if plus else 80
    rows: list[ft.Control] = [
        ft.Row(
            [
                ft.Text(t("Player"), size=15, expand=True),
                *[_cell(h, width) for h in heads],
            ],
            spacing=4,
        )
    ]
    for seat, name in enumerate(model.players):
        s = preview.scores[name]
        if plus:
            cells = [
                _cell(t.number(s.good), width, colour=GOOD if s.good else None),
                _cell(t.number(s.bad), width, colour=BAD if s.bad else None),
                _cell(t.number(s.bonus), width),
                _cell(signed(s.score, t), width, bold=True),
            ]
        else:
            cells = [_cell(t.number(s.score), width, bold=True)]
        rows.append(
            ft.Semantics(
                identifier=f"round-preview-{seat}",
                label=f"{name}: {score_line(s, plus, t)}; "
                + t("round {score}", score=signed(s.score, t)),
                content=ft.Row(
                    [
                        one_line(name, 17),
                        *cells,
                    ],
                    spacing=4,
                ),
            )
        )
    return ft.Container(
        ft.Column(rows, spacing=6),
        padding=12,
        border_radius=12,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
    )


def tile(
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
