"""Issue 35: the words of the screens, in every language (what the explorer of
screen states, benchmarks/screens.py, found on a Finnish screen)."""

from __future__ import annotations

from typing import Any

import pytest
from flet_harness import iter_controls

from jolly_scorer.ui.i18n import Translator
from jolly_scorer.ui.screens.scoreboard.rounds_table import _round_row
from jolly_scorer.ui.screens.scoreboard.rounds_table_parts import legend


def words(root: Any) -> str:
    """Every text and accessible label under ``root``."""
    found = []
    for control, _ in iter_controls(root):
        for name in ("value", "label", "tooltip"):
            value = getattr(control, name, None)
            if isinstance(value, str):
                found.append(value)
    return " ".join(found)


@pytest.mark.parametrize(
    ("language", "word"), [("fi", "Käsi kerralla"), ("de", "Handglatt")]
)
def test_the_handglatt_mark_speaks_the_language(language, word):
    """Issue 35.3: the legend under the rounds table and a Handglatt round's
    accessible label said "Handglatt" on a Finnish screen."""
    t = Translator(language)
    head, _ = _round_row(t, 0, ("Anna", "Ben"), False, (0, 20), "Anna", True, 60, None)
    shown = words(legend(t, True)) + " " + words(head)
    assert shown.count(word) == 2, shown
    if language == "fi":
        assert "Handglatt" not in shown
