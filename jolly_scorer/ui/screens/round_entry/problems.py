"""Round entry, the red box of the problems at one place (their words are
:mod:`jolly_scorer.ui.models.problem_text`).
"""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.problem_text import problem_text
from jolly_scorer.ui.models.round import Problem, RoundModel
from jolly_scorer.ui.widgets.card_pieces import BAD


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
