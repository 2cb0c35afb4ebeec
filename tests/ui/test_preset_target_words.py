"""Issue 37 item 6: a preset's description says what the engine does at the
target: German Rommé said "ends when someone reaches 500" while the engine
plays on at exactly 500 (it ends above 500, ``target_inclusive`` false)."""

from __future__ import annotations

import pytest

from jolly_scorer.core.game import Counted, Round, add_round, new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.core.scoring import score_game
from jolly_scorer.i18n import Translator
from jolly_scorer.ui import texts

#: what each language says for "ends at the target" and "ends above it"
WORDS = {
    "en": ("reaches 500", "more than 500"),
    "de": ("500 erreicht", "mehr als 500"),
    "fi": ("saavuttaa 500", "yli 500"),
}


def _over_at_exactly(preset: str, target: int) -> bool:
    rules = find_rules(preset)
    game = new_game(rules, ["A", "B"], target=target)
    if rules.is_plus:
        return True  # the race: only penalty presets end at a limit
    game = add_round(game, Round("A", counted=(("B", Counted(bad=target)),)))
    return score_game(game).game_over


@pytest.mark.parametrize("language", sorted(WORDS))
@pytest.mark.parametrize("preset", ["rommi_fi", "romme_de"])
def test_the_description_ends_the_game_where_the_engine_does(
    preset: str, language: str
) -> None:
    t = Translator(language)
    text = texts.preset_description(preset, t, target=500)
    reaches, passes = WORDS[language]
    over = _over_at_exactly(preset, 500)
    assert over == find_rules(preset).target_inclusive
    assert (reaches in text) == over, text
    assert (passes in text) == (not over), text
