"""Issue 35: the words of the screens, in every language (what the explorer of
screen states, benchmarks/screens.py, found on a Finnish screen)."""

from __future__ import annotations

from typing import Any

import pytest
from flet_harness import iter_controls

from jolly_scorer.i18n import Translator
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


def test_the_typed_cards_field_takes_the_focus_when_it_opens(flet_app):
    """Issue 35.2: a tap on the keyboard icon of a hand's editor (phone)
    showed the typed-cards field, but the focus stayed on the page: "As"
    typed then went nowhere. The field is asked for the focus as it opens."""
    from flet.messaging.protocol import MessageAction
    from support.round_screen import Screen

    from jolly_scorer.core.game import new_game
    from jolly_scorer.core.rules import find_rules

    s = Screen(flet_app, new_game(find_rules("jolly_at"), ["Anna", "Ben", "Cleo"]))
    s.tap("round-closer-0")
    s.tap("round-show-1")
    s.tap("editor-keyboard")
    field = s.field("meld-input")

    def focused() -> list[int]:
        return [
            body["control_id"]
            for action, body in s.app.conn.messages
            if action == MessageAction.INVOKE_METHOD.value and body["name"] == "focus"
        ]

    s.app.wait_for(lambda: field._i in focused())
