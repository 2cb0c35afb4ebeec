"""The undo history of a game, kept in the store so it survives a reload and is
shared by every device showing the game.

Each step back (and forward) is kept as a difference from the present game: the
number of leading rounds it shares with the present, its own later rounds, and the
small game header (players, target, finished...). A fingerprint of the present game
says whether the kept history still belongs to the game in the store (the command
line may have changed it); if not, the history is rebuilt as "take back the last
rounds" (:func:`rounds_history`).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any

from jolly_scorer.core.game import Game, UndoHistory
from jolly_scorer.core.gamefile import game_from_json, game_to_json, round_to_json

__all__ = ["KEPT_STEPS", "history_key", "history_to_json", "load_history"]

KEPT_STEPS = 50  # steps back (and forward) kept with a game


def history_key(game_id: int) -> str:
    """The ``store.set_setting`` key of a game's undo history."""
    return f"undo.{game_id}"


def fingerprint(game: Game) -> str:
    """A short hash of the game's file (equal games, equal fingerprints)."""
    text = json.dumps(game_to_json(game), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def _shared(a: Game, b: Game) -> int:
    n = 0
    for x, y in zip(a.rounds, b.rounds, strict=False):
        if x is not y and x != y:
            break
        n += 1
    return n


def _step(game: Game, present: Game) -> dict[str, Any]:
    keep = _shared(game, present)
    head = game_to_json(dataclasses.replace(game, rounds=()))
    del head["rounds"]
    return {
        "head": head,
        "keep": keep,
        "rounds": [round_to_json(r) for r in game.rounds[keep:]],
    }


def _game(step: Any, present: Game) -> Game:
    keep = int(step["keep"])
    if not 0 <= keep <= len(present.rounds):
        raise ValueError("bad step")
    own = game_from_json({**step["head"], "rounds": step["rounds"]})
    return dataclasses.replace(own, rounds=present.rounds[:keep] + own.rounds)


def history_to_json(history: UndoHistory) -> dict[str, Any]:
    """What is kept of ``history``: the last :data:`KEPT_STEPS` steps each way."""
    present = history.present
    return {
        "present": fingerprint(present),
        "past": [_step(g, present) for g in history.past[-KEPT_STEPS:]],
        "future": [_step(g, present) for g in history.future[:KEPT_STEPS]],
    }


def rounds_history(game: Game) -> UndoHistory:
    """A history that takes back the game's last rounds (and a finish).

    >>> from jolly_scorer.core.game import Counted, Round, add_round, new_game
    >>> from jolly_scorer.core.rules import find_rules
    >>> g = new_game(find_rules("rommi_fi"), ["A", "B"])
    >>> g = add_round(g, Round("A", counted=(("B", Counted(bad=5)),)))
    >>> h = rounds_history(g)
    >>> len(h.undo().present.rounds), h.undo().redo().present == g
    (0, True)
    """
    start = max(len(game.rounds) - KEPT_STEPS, 0)
    past = tuple(
        dataclasses.replace(game, rounds=game.rounds[:i], finished=False)
        for i in range(start, len(game.rounds))
    )
    if game.finished:
        past += (dataclasses.replace(game, finished=False),)
    return UndoHistory(past, game)


def load_history(game: Game, data: Any) -> tuple[UndoHistory, bool]:
    """The history kept for ``game`` (the game in the store), and whether it was
    the kept one (False: it did not match, so rounds can be taken back only).

    >>> from jolly_scorer.core.game import finish, new_game, rename_player
    >>> from jolly_scorer.core.rules import find_rules
    >>> g = new_game(find_rules("rommi_fi"), ["A", "B"])
    >>> h = UndoHistory.start(g).push(rename_player(g, "A", "Ann"))
    >>> h = h.push(finish(h.present))
    >>> back, kept = load_history(h.present, history_to_json(h))
    >>> kept, back == h
    (True, True)
    """
    try:
        if not isinstance(data, dict) or data.get("present") != fingerprint(game):
            raise ValueError("not this game's history")
        past = tuple(_game(s, game) for s in data["past"])
        future = tuple(_game(s, game) for s in data["future"])
    except (ValueError, TypeError, KeyError, AttributeError):
        return rounds_history(game), False
    return UndoHistory(past, game, future), True
