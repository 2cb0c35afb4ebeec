"""Issue 17's tap budget, in process at a phone's size: ``table_speed``'s card
rounds a and b, entered tap by tap as the benchmark does, take no more taps
than cards + melds + 2 per player (round b, a Handglatt round, took one more
before the Handglatt switch opened the closer's first meld), and what is
saved scores as the round written out card by card."""

from __future__ import annotations

import sys

import flet as ft
import pytest
from flet_harness import iter_controls
from support.paths import ROOT

from jolly_scorer.ui import app as ui_app

sys.path.insert(0, str(ROOT / "benchmarks"))
import table_speed  # noqa: E402


def tap(app, identifier):
    control = app.find(semantics=identifier)
    switch = next(
        (c for c, _ in iter_controls(control) if isinstance(c, ft.Switch)), None
    )
    if switch is not None:  # a switch: turned over
        app.set_value(switch, not switch.value)
    else:
        app.click(control)


@pytest.mark.parametrize("name", ["a", "b"])
def test_a_card_round_within_its_tap_budget(flet_app, tmp_path, name):
    (preset, players), steps, melds, counted = table_speed.ROUNDS[name]
    _, game_id = table_speed.make_game(tmp_path, preset, players, counted)
    app = flet_app(lambda page: ui_app.main(page, tmp_path), width=390, height=844)
    app.click(app.find(semantics="home-continue"))
    taps = cards = 0
    for kind, arg in steps:
        if kind == "tap":
            tap(app, arg)
            taps += 1
        else:
            assert kind == "pick", (kind, arg)
            for card in arg.split():
                tap(app, f"pick-{card}")
                taps += 1
                cards += 1
    app.wait_for(lambda: bool(app.find_all(semantics="enter-round")))
    assert taps <= cards + melds + 2 * len(players), (taps, cards, melds)
    assert table_speed.check_scores(name, tmp_path, game_id) == (
        f"round {name}: scores as expected"
    )
