"""A game's undo and redo steps as the store keeps them (the ``history`` table).

Each step back (and forward) is kept as a difference from the present game: the
number of leading rounds it shares with the present, its own later rounds, and
the small game header (players, target, finished...). The row is tagged with the
game's revision when it was written: a history whose revision is not the game's
is not this game's any more (another program changed the game, or the id was
reused), and only the game's last rounds can be taken back
(:func:`rounds_history`).

>>> from jolly_scorer.core.game import finish, new_game, rename_player
>>> from jolly_scorer.core.rules import find_rules
>>> g = new_game(find_rules("rommi_fi"), ["A", "B"])
>>> h = UndoHistory.start(g).push(rename_player(g, "A", "Ann"))
>>> h = h.push(finish(h.present)).undo()
>>> history_from_json(history_to_json(h), h.present) == h
True
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping
from typing import Any

from jolly_scorer.core.game import Game, UndoHistory
from jolly_scorer.core.gamefile import game_from_json, game_to_json, round_to_json

__all__ = [
    "KEPT_STEPS",
    "UndoHistory",
    "history_from_json",
    "history_to_json",
    "legacy_fingerprint",
    "rounds_history",
]

KEPT_STEPS = 50  # steps back (and forward) kept with a game


def _shared(a: Game, b: Game) -> int:
    """How many leading rounds ``a`` and ``b`` have in common."""
    n = min(len(a.rounds), len(b.rounds))
    if a.rounds[:n] == b.rounds[:n]:  # one C loop; same objects compare at once
        return n
    i = 0
    while i < n and (a.rounds[i] is b.rounds[i] or a.rounds[i] == b.rounds[i]):
        i += 1
    return i


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
    if not isinstance(step, Mapping) or not isinstance(step.get("head"), Mapping):
        raise ValueError("a step is an object with a head")
    keep = step["keep"]
    if not isinstance(keep, int) or not 0 <= keep <= len(present.rounds):
        raise ValueError("bad step")
    own = game_from_json({**step["head"], "rounds": step["rounds"]})
    return dataclasses.replace(own, rounds=present.rounds[:keep] + own.rounds)


def history_to_json(history: UndoHistory) -> dict[str, Any]:
    """What is kept of ``history``: the last :data:`KEPT_STEPS` steps each way."""
    present = history.present
    return {
        "past": [_step(g, present) for g in history.past[-KEPT_STEPS:]],
        "future": [_step(g, present) for g in history.future[:KEPT_STEPS]],
    }


def history_from_json(data: Any, present: Game) -> UndoHistory:
    """The history kept by :func:`history_to_json` around ``present``.

    Raises ValueError (or a :class:`~jolly_scorer.core.errors.GameFileError`,
    itself a ValueError) when the data is damaged.
    """
    try:
        if not isinstance(data, Mapping):
            raise ValueError("a history is an object")
        past = tuple(_game(s, present) for s in data["past"])
        future = tuple(_game(s, present) for s in data["future"])
    except (TypeError, KeyError, AttributeError) as error:
        raise ValueError(f"damaged history: {error}") from None
    return UndoHistory(past, present, future)


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


def legacy_fingerprint(game: Game) -> str:
    """How the app before the ``history`` table tied a kept history to its game
    (a setting ``undo.N`` with ``"present": fingerprint``); used once, when such
    settings are carried over into the table."""
    text = json.dumps(game_to_json(game), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:20]
