"""Round entry, the pieces: signed numbers, the score preview, a tappable tile.

Plain functions that build controls from the :class:`RoundModel`; the state and
the handlers live in :mod:`jolly_scorer.ui.screens.round_entry.screen`. The names of
places and the problem texts are in ``round_entry_problems`` (``meld_name`` and
``problem_text`` are also importable from here).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from jolly_scorer.core.scoring import PlayerScore
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.round import Preview, RoundModel
from jolly_scorer.ui.models.round_watch import hand_topic
from jolly_scorer.ui.screens.round_entry.scope import Scope, use_scope
from jolly_scorer.ui.screens.round_entry.watched import watched
from jolly_scorer.ui.widgets.basics import one_line
from jolly_scorer.ui.widgets.card_pieces import BAD, GOOD
from jolly_scorer.ui.widgets.round_score import round_score

__all__ = [
    "preview_table",
    "score_line",
    "signed",
    "tile",
]


def signed(value: int, t: Translator) -> str:
    """``+12``, ``−5`` or ``0`` the local way."""
    text = t.number(value)
    return f"+{text}" if value > 0 else text


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


def _head(text: str, width: int) -> ft.Control:
    """A column's heading: one line, never broken inside its word."""
    return ft.Text(
        text, width=width, size=15, text_align=ft.TextAlign.RIGHT, max_lines=1
    )


def preview_table(
    model: RoundModel, preview: Preview, t: Translator, scope: Scope | None = None
) -> ft.Control:
    """Every player's good, bad, bonus and round score (penalty: bad only).
    With ``scope`` (the round entry's screen) each player's row is a watched
    part of the player's share: a digit typed for Ben draws Ben's row again,
    not the table (alone, when it came from another device)."""
    plus = model.rules.is_plus
    heads = [t("Good"), t("Bad"), t("Bonus"), t("Round")] if plus else [t("Points")]
    # a column as wide as its longest heading (issue 35.4: "Schlecht" at 58
    # px was drawn as "Schlec / ht"): 9 px a letter at 15 px covers "W" words
    width = max(58 if plus else 80, *(9 * len(h) + 4 for h in heads))
    rows: list[ft.Control] = [
        ft.Row(
            [
                ft.Text(t("Player"), size=15, expand=True),
                *[_head(h, width) for h in heads],
            ],
            spacing=4,
        )
    ]
    for seat, name in enumerate(model.players):
        rows.append(
            _preview_row(model, preview, t, seat, name, width)
            if scope is None
            else watched(
                scope,
                hand_topic(name),
                _watched_row,
                seat,
                name,
                width,
                key=f"p-{seat}",
            )
        )
    return ft.Container(
        ft.Column(rows, spacing=6),
        padding=12,
        border_radius=12,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
    )


def _watched_row(seat: int, name: str, width: int) -> ft.Control:
    """A watched part: ``name``'s row of the preview (the entry and the
    translator from the screen's scope; the scores are in the share)."""
    scope = use_scope()
    rounds = scope.entry.rounds
    return _preview_row(rounds, rounds.preview(), scope.t, seat, name, width)


def _preview_row(
    model: RoundModel, preview: Preview, t: Translator, seat: int, name: str, width: int
) -> ft.Control:
    plus = model.rules.is_plus
    s = preview.scores[name]
    total = round_score(model, name, s.score, t)  # "–": not typed yet
    if plus:
        cells = [
            _cell(t.number(s.good), width, colour=GOOD if s.good else None),
            _cell(t.number(s.bad), width, colour=BAD if s.bad else None),
            _cell(t.number(s.bonus), width),
            _cell(total, width, bold=True),
        ]
    else:
        cells = [_cell(total, width, bold=True)]
    return ft.Semantics(
        identifier=f"round-preview-{seat}",
        label=f"{name}: {score_line(s, plus, t)}; " + t("round {score}", score=total),
        content=ft.Row([one_line(name, 17), *cells], spacing=4),
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
