"""A game's undo and redo steps as the store keeps them (the ``history`` table).

Each step is kept as a difference from its neighbour nearer the present (the
last step back from the present itself, the one before it from that step, and
so on; the same forward): the leading rounds it shares with the neighbour
(``keep``), the trailing ones (``tail``), its own rounds between, and those
header fields (players, target, finished...) that differ. Adding a round makes
a step ``{"keep": n}``, editing one a step with that one round, and a rename
a step that names it; the steps further back do not change when the present
does, so their text is written once (:class:`StepTexts`) and saving round 1000
costs what the newest step costs, not 50 games.

The row is tagged with the game's revision when it was written: a history whose
revision is not the game's is not this game's any more (another program changed
the game, or the id was reused), and only the game's last rounds can be taken
back (:func:`rounds_history`).

>>> from jolly_scorer.core.game import finish, new_game, rename_player
>>> from jolly_scorer.core.rules import find_rules
>>> g = new_game(find_rules("rommi_fi"), ["A", "B"])
>>> h = UndoHistory.start(g).push(rename_player(g, "A", "Ann"))
>>> h = h.push(finish(h.present)).undo()
>>> history_from_json(history_to_json(h), h.present) == h
True
>>> history_to_json(h)["past"]
[{'keep': 0, 'players': ['A', 'B']}]
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

from jolly_scorer.core.game import Game, Round, UndoHistory
from jolly_scorer.core.gamefile import (
    game_from_json,
    game_to_json,
    round_from_json,
    round_to_json,
    rules_to_json,
)
from jolly_scorer.core.values import is_text

__all__ = [
    "HISTORY_VERSION",
    "KEPT_STEPS",
    "StepTexts",
    "UndoHistory",
    "history_from_json",
    "history_text",
    "history_to_json",
    "legacy_fingerprint",
    "rounds_history",
]

KEPT_STEPS = 50  # steps back (and forward) kept with a game

#: The stored form written. Version 1 (no ``version`` key) kept every step as a
#: difference from the present with the whole game header; version 2 keeps each
#: step as a difference from its neighbour (see the module's text).
HISTORY_VERSION = 2

#: The game header fields a step keeps only when they differ from its neighbour's.
_HEAD = ("rules", "players", "target", "rounds_limit", "first_dealer", "finished")


def _same(a: Round, b: Round) -> bool:
    return a is b or a == b


def _ends(a: Sequence[Round], b: Sequence[Round]) -> tuple[int, int]:
    """How many leading and (after those) trailing rounds ``a`` and ``b`` share."""
    n = min(len(a), len(b))
    if a[:n] == b[:n]:  # one C loop; same objects compare at once
        keep = n
    else:
        keep = 0
        while keep < n and _same(a[keep], b[keep]):
            keep += 1
    room = n - keep
    la, lb = len(a), len(b)
    if room and a[la - room :] == b[lb - room :]:
        return keep, room
    tail = 0
    while tail < room and _same(a[la - 1 - tail], b[lb - 1 - tail]):
        tail += 1
    return keep, tail


def _renamed(game: Game, near: Game) -> tuple[str, str] | None:
    """The one player ``near`` calls otherwise than ``game`` (their name in
    ``near``, in ``game``), if that is their only difference of players."""
    if len(game.players) != len(near.players):
        return None
    pairs = [(b, a) for a, b in zip(game.players, near.players, strict=True) if a != b]
    if len(pairs) != 1 or pairs[0][1] in near.players:
        return None
    return pairs[0]


def _step(game: Game, near: Game) -> dict[str, Any]:
    """``game`` as a difference from ``near``, its neighbour nearer the present.

    Across a rename, the rounds are compared with ``near``'s renamed back
    (``"renamed": [name in near, name in game]``): a rename is then a step of
    a few bytes, however long the game.
    """
    step: dict[str, Any] = {}
    rounds = near.rounds
    keep, tail = _ends(game.rounds, rounds)
    pair = _renamed(game, near)
    if pair is not None and keep + tail < min(len(game.rounds), len(rounds)):
        back = tuple(r.renamed(*pair) for r in rounds)
        if sum(_ends(game.rounds, back)) > keep + tail:
            step["renamed"] = list(pair)
            rounds = back
            keep, tail = _ends(game.rounds, rounds)
    step["keep"] = keep
    if tail:
        step["tail"] = tail
    if len(game.rounds) > keep + tail:
        own = game.rounds[keep : len(game.rounds) - tail]
        step["rounds"] = [round_to_json(r) for r in own]
    if game.rules is not near.rules and game.rules != near.rules:
        step["rules"] = rules_to_json(game.rules)
    if game.players != near.players:
        step["players"] = list(game.players)
    for name in _HEAD[2:]:
        value = getattr(game, name)
        if value != getattr(near, name):
            step[name] = value
    return step


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _chains(history: UndoHistory) -> tuple[list[tuple[Game, Game]], ...]:
    """The kept steps back and forward, each with its neighbour nearer the present."""
    present = history.present
    past = history.past[-KEPT_STEPS:]
    future = history.future[:KEPT_STEPS]
    return (
        [
            (g, past[i + 1] if i + 1 < len(past) else present)
            for i, g in enumerate(past)
        ],
        [(g, future[i - 1] if i else present) for i, g in enumerate(future)],
    )


def history_to_json(history: UndoHistory) -> dict[str, Any]:
    """What is kept of ``history``: the last :data:`KEPT_STEPS` steps each way."""
    past, future = _chains(history)
    return {
        "version": HISTORY_VERSION,
        "past": [_step(g, near) for g, near in past],
        "future": [_step(g, near) for g, near in future],
    }


class StepTexts:
    """The JSON texts of steps already written, by the identity of the step's
    game and its neighbour (both immutable, and held here, so an identity is
    never reused while its text is kept); the newest ``size`` are kept.

    A store keeps one, so that saving a change encodes only the steps that
    changed: those next to the present.
    """

    def __init__(self, size: int = 8 * KEPT_STEPS) -> None:
        self._size = size
        self._texts: OrderedDict[tuple[int, int], tuple[Game, Game, str]] = (
            OrderedDict()
        )

    def text(self, game: Game, near: Game) -> str:
        """The JSON text of ``_step(game, near)``."""
        key = (id(game), id(near))
        kept = self._texts.get(key)
        if kept is not None and kept[0] is game and kept[1] is near:
            self._texts.move_to_end(key)
            return kept[2]
        text = _dumps(_step(game, near))
        self._texts[key] = (game, near, text)
        while len(self._texts) > self._size:
            self._texts.popitem(last=False)
        return text

    def clear(self) -> None:
        self._texts.clear()


def history_text(history: UndoHistory, texts: StepTexts | None = None) -> str:
    """The JSON text of :func:`history_to_json`, with the steps' texts taken
    from ``texts`` when they were written before."""
    texts = StepTexts() if texts is None else texts
    past, future = _chains(history)
    return (
        f'{{"version":{HISTORY_VERSION},"past":['
        + ",".join(texts.text(g, near) for g, near in past)
        + '],"future":['
        + ",".join(texts.text(g, near) for g, near in future)
        + "]}"
    )


def _game(step: Any, near: Game, heads: dict[int, dict[str, Any]]) -> Game:
    """The game of a version 2 step around its neighbour ``near``."""
    if not isinstance(step, Mapping):
        raise ValueError("a step is an object")
    keep, tail = step.get("keep"), step.get("tail", 0)
    rounds = step.get("rounds", [])
    if (
        type(keep) is not int
        or type(tail) is not int
        or not 0 <= keep <= keep + tail <= len(near.rounds)
    ):
        raise ValueError("bad step")
    if not isinstance(rounds, list):
        raise ValueError("a step's rounds are a list")
    own = tuple(
        round_from_json(r, i, clean_names=True) for i, r in enumerate(rounds, keep + 1)
    )
    theirs = near.rounds
    if "renamed" in step:
        pair = step["renamed"]
        if not (isinstance(pair, list) and len(pair) == 2 and all(map(is_text, pair))):
            raise ValueError("a step's rename is a pair of names")
        theirs = tuple(r.renamed(pair[0], pair[1]) for r in theirs)
    after = theirs[len(theirs) - tail :] if tail else ()
    changed = {name: step[name] for name in _HEAD if name in step}
    base = near
    if changed:  # a changed header is checked as a game file's
        head = heads.get(id(near))
        if head is None:
            head = heads[id(near)] = game_to_json(dataclasses.replace(near, rounds=()))
        base = game_from_json({**head, **changed, "rounds": []})
    return dataclasses.replace(base, rounds=theirs[:keep] + own + after)


def _first_form(step: Any, present: Game) -> Game:
    """The game of a version 1 step: a difference from the present, with the
    whole game header."""
    if not isinstance(step, Mapping) or not isinstance(step.get("head"), Mapping):
        raise ValueError("a step is an object with a head")
    keep = step["keep"]
    if type(keep) is not int or not 0 <= keep <= len(present.rounds):
        raise ValueError("bad step")
    own = game_from_json({**step["head"], "rounds": step["rounds"]})
    return dataclasses.replace(own, rounds=present.rounds[:keep] + own.rounds)


def history_from_json(data: Any, present: Game) -> UndoHistory:
    """The history kept by :func:`history_to_json` around ``present``; also
    the first stored form (rows written before version 2, and the app's
    ``undo.N`` settings), whose steps are differences from the present.

    Raises ValueError (or a :class:`~jolly_scorer.core.errors.GameFileError`,
    itself a ValueError) when the data is damaged.
    """
    try:
        if not isinstance(data, Mapping):
            raise ValueError("a history is an object")
        version = data.get("version", 1)
        back, forth = data["past"], data["future"]
        if not isinstance(back, list) or not isinstance(forth, list):
            raise ValueError("a history's steps are lists")
        if version == 1:
            past = tuple(_first_form(s, present) for s in back)
            future = tuple(_first_form(s, present) for s in forth)
        elif version == HISTORY_VERSION:
            heads: dict[int, dict[str, Any]] = {}
            near = present
            backwards = []
            for step in reversed(back):
                near = _game(step, near, heads)
                backwards.append(near)
            past = tuple(reversed(backwards))
            near = present
            forwards = []
            for step in forth:
                near = _game(step, near, heads)
                forwards.append(near)
            future = tuple(forwards)
        else:
            raise ValueError(f"unknown undo history version {version!r}")
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
