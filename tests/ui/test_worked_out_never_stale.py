"""The round's problems and preview are worked out once per state of the round
(``ui/models/worked_out.py``): after any sequence of taps, in place changes
included, the kept answer equals the answer worked out anew (a stale preview
would be a wrong score that looks right)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jolly_scorer.core.cards import parse_card
from jolly_scorer.core.game import Counted, new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.ui.models.round import RoundModel, Target
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.models.worked_out import CACHE, frozen, worked_out

PLAYERS = ["Anna", "Ben", "Cleo"]
CARDS = ["5h", "6h", "7h", "8h", "X", "Kc", "Kd", "Ks", "2c", "Ah"]


def _tap(entry: RoundEntryModel, tap: tuple[str, int, int]) -> None:
    kind, a, b = tap
    player = PLAYERS[a % len(PLAYERS)]
    if kind == "closer":
        entry.set_closer(None if b % 4 == 3 else player)
    elif kind == "handglatt":
        entry.set_handglatt(bool(b % 2), entry.rounds.closer)
    elif kind == "hand":
        entry.edit(Target("hand", player))
    elif kind == "meld":
        entry.new_meld(player)
    elif kind == "pick":
        if entry.editing is not None:
            entry.pick(CARDS[b % len(CARDS)])
    elif kind == "remove":
        if entry.editing is not None:
            entry.remove()
    elif kind == "delete":
        if entry.rounds.melds:
            entry.delete_meld(b % len(entry.rounds.melds))
    elif kind == "mode":
        entry.set_mode(player, "points" if b % 2 else "cards")
    elif kind == "points":
        key = "bad" if b % 2 else "good"
        entry.set_points(player, key, ("", "0", "12", "x")[b % 4])
    elif kind == "counted":  # a change in place (another device's part)
        entry.rounds.counted[player] = Counted(0, b)
        entry.rounds.entered.add((player, "bad"))


TAP = st.tuples(
    st.sampled_from(
        [
            "closer",
            "handglatt",
            "hand",
            "meld",
            "pick",
            "remove",
            "delete",
            "mode",
            "points",
            "counted",
        ]
    ),
    st.integers(0, 5),
    st.integers(0, 20),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["jolly_at", "romme_de", "rommi_fi"]), st.lists(TAP, max_size=25)
)
def test_kept_problems_and_preview_equal_fresh_ones(preset, taps):
    entry = RoundEntryModel(RoundModel(new_game(find_rules(preset), PLAYERS)))
    rounds = entry.rounds
    for tap in taps:
        rounds.preview()  # kept from before the tap
        _tap(entry, tap)
        assert rounds.problems() == rounds._problems()
        assert rounds.preview() == rounds._preview()


def test_an_answer_is_kept_while_the_state_is_unchanged():
    rounds = RoundModel(new_game(find_rules("jolly_at"), PLAYERS))
    assert rounds.preview() is rounds.preview()
    kept = rounds.preview()
    rounds.hands["Ben"].append(parse_card("Kc"))
    assert rounds.preview() is not kept  # changed in place: worked out again
    assert CACHE in vars(rounds)


def test_frozen_copies_what_changes_in_place():
    values = {"a": [1, {2}], "b": {"c": 3}}
    before = frozen(values)
    values["a"].append(4)
    assert frozen(values) != before

    class Box:
        def __init__(self) -> None:
            self.items: list[int] = []
            self.works = 0

        def count(self) -> int:
            def work() -> int:
                self.works += 1
                return len(self.items)

            return worked_out(self, "count", work, frozenset({"works"}))

    box = Box()
    assert (box.count(), box.count(), box.works) == (0, 0, 1)
    box.items.append(1)
    assert (box.count(), box.works) == (1, 2)
