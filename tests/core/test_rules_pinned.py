"""Rules that no test pinned (issue 37, "Rules that no test pins"): each test
here fails when its rule is dropped or reversed. The ranking's step "then
more games won" is pinned in ``test_club.py``
(``test_more_games_won_breaks_a_tie_of_points_and_raw_score``)."""

from __future__ import annotations

import pytest

from jolly_scorer.core.cards import parse_cards
from jolly_scorer.core.look_alike import look_alike, skeleton
from jolly_scorer.core.melds import check_meld
from jolly_scorer.core.rules import find_rules


@pytest.mark.parametrize(
    ("name", "other"),
    [("Arnie", "Amie"), ("Kirn", "Kim"), ("MARNA", "mama")],
)
def test_rn_reads_as_m_in_look_alike_names(name: str, other: str) -> None:
    """``rn`` is drawn like ``m``: dropping that reading loses these pairs."""
    assert skeleton(name) == skeleton(other)
    assert look_alike(name, [other]) == other
    assert look_alike(other, [name]) == name


def test_r_and_n_apart_are_no_m() -> None:
    assert look_alike("Ron", ["Rom"]) is None


@pytest.mark.parametrize("face_value", [5, 12, 0])
@pytest.mark.parametrize(
    ("cards", "tens"),
    [
        ("10h Jh Qh", 1),  # a run: the ten is no face card
        ("9h 10h Jh", 1),
        ("10h 10s 10d", 3),  # a group of tens
        ("9h X Jh", 1),  # a joker standing for the ten
    ],
)
def test_a_ten_scores_10_whatever_the_face_cards_are_worth(
    face_value: int, cards: str, tens: int
) -> None:
    """A house ``face_value`` other than 10 is the jack's, queen's and
    king's: a ten in a meld still scores 10."""
    rules = find_rules("jolly_at").replace(face_value=face_value)
    meld = check_meld(parse_cards(cards), rules)
    faces = sum(1 for c in parse_cards(cards) if str(c)[0] in "JQK")
    nines = sum(1 for c in parse_cards(cards) if str(c).startswith("9"))
    assert meld.points == 10 * tens + face_value * faces + 9 * nines
