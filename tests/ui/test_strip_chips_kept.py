"""The player strip's chips, each a watched part of its own: after taps that
change the scores of several players, the strip equals the one built from
scratch, and a tap changing one player's score draws that player's chip only.
"""

from __future__ import annotations

import pytest
from support import kept as kept_parts
from support.round_screen import PLAYERS

from jolly_scorer.ui.screens.round_entry import strip

SCORES = [
    "round-mode-0-points",
    "type:round-bad-0:12",
    "round-show-1",
    "round-mode-1-points",
    "type:round-good-1:30",
    "type:round-bad-1:7",
    "round-closer-2",
    "round-show-0",
    "type:round-bad-0:",
    "type:round-bad-0:x",
    "type:round-bad-0:5",
    "round-show-2",
    "round-mode-2-points",
    "type:round-bad-2:3",
    "round-closer-none",
    "round-show-1",
    "type:round-good-1:",
    "round-mode-1-cards",
    "round-closer-1",
]


@pytest.mark.parametrize("rules", ["jolly_at", "rommi_fi"])
def test_chips_equal_chips_built_from_scratch(flet_app, fresh, rules):
    kept_parts.play(flet_app, fresh, SCORES, 390, rules, PLAYERS)


def test_a_score_change_draws_that_players_chip_only(flet_app, fresh, monkeypatch):
    drawn: list[str] = []
    chip = strip._chip

    def counted(seat, name, *args):
        drawn.append(name)
        return chip(seat, name, *args)

    monkeypatch.setattr(strip, "_chip", counted)
    taps = ["round-show-1", "round-mode-1-points", "type:round-bad-1:12"]
    screen = kept_parts.play(flet_app, fresh, taps, 390, "jolly_at", PLAYERS)
    assert screen.app.find(semantics="round-show-1").label == "Ben -12"
    drawn.clear()
    assert kept_parts.act(screen, "type:round-bad-1:15")
    assert drawn == ["Ben"]  # Anna's and Cleo's chips are kept as they were
    labels = [screen.app.find(semantics=f"round-show-{s}").label for s in range(3)]
    assert labels == ["Anna 0", "Ben -15", "Cleo 0"]
