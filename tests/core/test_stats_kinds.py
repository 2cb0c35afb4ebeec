"""Statistics keep plus and penalty scoring apart (issue 17, defect 6).

Emil, last in a Jolly game and in a Rommé game: his Jolly round scores are
good − bad + bonus (the higher the better), his Rommé ones penalty points (the
lower the better). The average per round added them up: 52.5 for rounds of
−10 (Jolly) and 115 (Rommé). Before this change ``player_stats`` had no
``plus``/``penalty`` and the statistics showed one mixed average.
"""

from __future__ import annotations

import json

from jolly_scorer.cli import main
from jolly_scorer.core.game import Counted, Round, add_round, new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.core.stats import KindStats, player_stats
from jolly_scorer.store import Store


def emils_games():
    jolly = new_game(find_rules("jolly_at"), ["Anna", "Emil"])
    jolly = add_round(
        jolly,
        Round(
            closed_by="Anna",
            counted=(("Anna", Counted(good=40)), ("Emil", Counted(good=5, bad=15))),
        ),
    )
    romme = new_game(find_rules("romme_de"), ["Anna", "Emil"])
    romme = add_round(
        romme,
        Round(
            closed_by="Anna", counted=(("Anna", Counted()), ("Emil", Counted(bad=115)))
        ),
    )
    return jolly, romme


def test_plus_and_penalty_are_kept_apart() -> None:
    stats = {s.player: s for s in player_stats(emils_games())}
    emil = stats["Emil"]
    assert emil.plus == KindStats(rounds=1, average=-10.0, best=-10)
    assert emil.penalty == KindStats(rounds=1, average=115.0, best=115)
    assert emil.average != 52.5  # the mixed number is gone
    assert emil.rounds == 2 and emil.scoring == "plus"  # a tie: plus
    assert (emil.average, emil.best) == (-10.0, -10)
    anna = stats["Anna"]
    assert anna.plus == KindStats(1, 70.0, 70)  # 40 + closing bonus 30
    assert anna.penalty == KindStats(1, 0.0, 0)


def test_the_best_penalty_round_is_the_lowest() -> None:
    romme = new_game(find_rules("romme_de"), ["Anna", "Emil"])
    for bad in (30, 12, 50):
        romme = add_round(
            romme,
            Round(
                closed_by="Anna",
                counted=(("Anna", Counted()), ("Emil", Counted(bad=bad))),
            ),
        )
    (emil,) = [s for s in player_stats([romme]) if s.player == "Emil"]
    assert emil.penalty == KindStats(3, 92 / 3, 12)
    assert emil.plus is None
    assert (emil.scoring, emil.best) == ("penalty", 12)


def test_stats_json_adds_the_kinds(tmp_path, capsys) -> None:
    with Store.open(tmp_path) as store:
        for game in emils_games():
            store.create_game(game)
    assert main(["--data-dir", str(tmp_path), "stats", "--json"]) == 0
    emil = next(s for s in json.loads(capsys.readouterr().out) if s["player"] == "Emil")
    assert emil["plus"] == {"rounds": 1, "average": -10.0, "best": -10}
    assert emil["penalty"] == {"rounds": 1, "average": 115.0, "best": 115}
    assert emil["scoring"] == "plus" and emil["average"] == -10.0
    assert main(["--data-dir", str(tmp_path), "stats"]) == 0
    text = capsys.readouterr().out
    assert "52.5" not in text and "115.0" in text and "-10.0" in text


def test_the_statistics_screen_shows_both_kinds(flet_app, tmp_path) -> None:
    from jolly_scorer.ui import app as ui_app

    with Store.open(tmp_path) as store:
        for game in emils_games():
            store.create_game(game)
    app = flet_app(lambda page: ui_app.main(page, tmp_path), width=1280, height=800)
    app.click(app.find(semantics="home-past"))
    app.click(app.find(semantics="open-stats"))
    texts = app.texts()
    assert "Average (plus points)" in texts and "Average (penalty points)" in texts
    assert "52.5" not in texts
    assert "-10" in texts and "115" in texts
