"""Undo and redo score only what the step changed (``Scored.to``), with the
same result as scoring the whole game."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from jolly_scorer.core.errors import JollyError
from jolly_scorer.core.game import Counted, Round, Scored, new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.core.scoring import score_game

PLAYERS = ("Anna", "Ben", "Cleo")


def a_round(players: tuple[str, ...], n: int) -> Round:
    closer = players[n % len(players)]
    return Round(
        closed_by=closer,
        counted=tuple(
            (p, Counted(good=(n * 7) % 40, bad=0 if p == closer else (n * 13) % 60))
            for p in players
        ),
    )


CHANGES = st.lists(
    st.tuples(
        st.sampled_from(["add", "edit", "remove", "finish", "reopen", "rename"]),
        st.integers(min_value=0, max_value=30),
    ),
    max_size=20,
)


@settings(max_examples=60, deadline=None)
@given(changes=CHANGES, preset=st.sampled_from(["jolly_at", "romme_de", "rommi_fi"]))
def test_any_step_between_two_values_of_a_game_scores_as_the_whole_game(
    changes: list[tuple[str, int]], preset: str
) -> None:
    rules = find_rules(preset)
    values = [Scored.of(new_game(rules, PLAYERS, target=300))]
    for kind, n in changes:
        now = values[-1]
        players = now.game.players
        try:
            if kind == "add":
                values.append(now.add_round(a_round(players, n)))
            elif kind == "edit" and now.game.rounds:
                index = n % len(now.game.rounds)
                values.append(now.replace_round(index, a_round(players, n)))
            elif kind == "remove":
                values.append(now.remove_last_round())
            elif kind == "finish":
                values.append(now.finish())
            elif kind == "reopen":
                values.append(now.reopen())
            elif kind == "rename":
                values.append(now.rename_player(players[n % 3], f"P{n}"))
        except JollyError:  # over, nothing to remove...: no new value
            continue
    for start in values:
        for goal in values:
            moved = start.to(goal.game)
            assert moved.game is goal.game
            assert moved.result == score_game(goal.game) == goal.result
