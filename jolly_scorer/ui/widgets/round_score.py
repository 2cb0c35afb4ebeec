"""A player's round score as the round entry shows it: "–" while the player
counted points and nobody typed their number yet (a field left empty is
missing, never 0: issue 17), else ``+12`` / ``−5`` / ``0`` (penalty scoring:
the points as they are)."""

from __future__ import annotations

from typing import Any

from jolly_scorer.ui.models.round import RoundModel
from jolly_scorer.ui.widgets.basics import signed

__all__ = ["NO_NUMBER", "round_score"]

#: What stands for a number nobody typed yet (an en dash, in every language).
NO_NUMBER = "–"


def round_score(rounds: RoundModel, name: str, score: int, t: Any) -> str:
    """``name``'s round score as shown beside their name, in the Save bar and
    in the player strip: ``NO_NUMBER`` while their counted number is missing
    (0 only once someone typed 0)."""
    if rounds.needs_points(name):
        return NO_NUMBER
    return signed(score, t) if rounds.rules.is_plus else t.number(score)
