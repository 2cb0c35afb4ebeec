"""The game file of ``FORMAT.md``: JSON data to :class:`Game` values and back.

Reading checks the shape (names, types, card notation) and names the place of
every problem; :func:`load_game` then scores the game, so a file it accepts is a
file ``jolly-scorer score`` accepts. Writing gives a file that reads back equal.

>>> data = {"rules": "jolly_at", "players": ["A", "B"], "rounds": [
...     {"closed_by": "A", "table": [{"by": "A", "cards": ["9h", "10h", "Jh"]}],
...      "hands": {"B": ["9s"]}, "discard": "X"}]}
>>> game = load_game(data)
>>> game_to_json(game)["rounds"][0]["table"]
[{'by': 'A', 'cards': ['9h', '10h', 'Jh']}]
>>> load_game({"players": ["A", "B"], "rounds": [{"closed_by": "Z"}]})
Traceback (most recent call last):
...
jolly_scorer.core.errors.GameFileError: round 1: 'Z' is not a player
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, TypeGuard

from jolly_scorer.core.cards import Card, parse_card
from jolly_scorer.core.errors import CardError, GameFileError, RulesError
from jolly_scorer.core.game import (
    Counted,
    Game,
    PlacedCard,
    Round,
    Scored,
    TableMeld,
)
from jolly_scorer.core.names import InvalidName, clean_name, name_key
from jolly_scorer.core.record import MAX_ROUNDS, TOO_MANY_ROUNDS
from jolly_scorer.core.rules import PRESETS, Rules, resolve_rules
from jolly_scorer.core.values import WHOLE_MAX, as_whole, is_text

__all__ = [
    "FORMAT_VERSION",
    "game_from_json",
    "game_to_json",
    "load_game",
    "load_scored",
    "round_from_json",
    "round_to_json",
]

FORMAT_VERSION = 1


def _card(token: Any, where: str) -> Card:
    try:
        return parse_card(token)
    except CardError as error:
        raise GameFileError(f"{where}: {error}") from None


def _cards(tokens: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(tokens, list):
        raise GameFileError(f"{where}: expected a list of cards, not {tokens!r}")
    return tuple(_card(token, where) for token in tokens)


def _name(value: Any, where: str, clean: bool = False) -> str:
    """A name as written (stored rounds), or cleaned by the one rule of
    :mod:`~jolly_scorer.core.names` (a file being imported or scored)."""
    if not is_text(value):
        raise GameFileError(f"{where}: {value!r} is not a player's name")
    if clean:
        try:
            return clean_name(value)
        except InvalidName as error:
            raise GameFileError(f"{where}: {error}") from None
    return str(value)


def _whole(value: Any, where: str, low: int = 0) -> int:
    number = as_whole(value, low)
    if number is None:
        raise GameFileError(
            f"{where}: {value!r} is not a whole number from {low} to {WHOLE_MAX}"
        )
    return number


def _given(data: Mapping[str, Any], key: str, default: Any) -> Any:
    """``data[key]``, or ``default`` when it is missing or null (not when empty)."""
    value = data.get(key)
    return default if value is None else value


def round_from_json(data: Any, number: int, *, clean_names: bool = False) -> Round:
    """One round object (``number`` is 1-based, for messages).

    With ``clean_names`` every name is cleaned as the players' names of a
    game file are (see :func:`game_from_json`); the store reads its rounds as
    they were written (through a quick path for rounds of the usual shape).
    """
    if not clean_names:
        entry = _plain_round(data)
        if entry is not None:
            return entry
    here = f"round {number}"
    if not isinstance(data, Mapping):
        raise GameFileError(f"{here}: expected an object, not {data!r}")
    closed_by = data.get("closed_by")
    if closed_by is not None:
        closed_by = _name(closed_by, here, clean_names)
    handglatt = data.get("handglatt", False)
    if handglatt is None:
        handglatt = False
    if not isinstance(handglatt, bool):
        raise GameFileError(
            f"{here}: handglatt must be true or false, not {handglatt!r}"
        )
    discard = data.get("discard")
    discard_card = None if discard is None else _card(discard, f"{here}, discard")
    table_data = _given(data, "table", [])
    if not isinstance(table_data, list):
        raise GameFileError(f"{here}: table must be a list of melds")
    table: list[TableMeld] = []
    for i, meld in enumerate(table_data, 1):
        where = f"{here}, table meld {i}"
        if not isinstance(meld, Mapping) or "cards" not in meld:
            raise GameFileError(f"{where}: expected {{'by': player, 'cards': [...]}}")
        by = _name(meld.get("by"), where, clean_names)
        if not isinstance(meld["cards"], list):
            raise GameFileError(f"{where}: expected a list of cards")
        placed: list[PlacedCard] = []
        for item in meld["cards"]:
            if isinstance(item, Mapping):
                unknown = set(item) - {"card", "by"}
                if "card" not in item or unknown:
                    raise GameFileError(
                        f"{where}: expected {{'card': ..., 'by': ...}}, "
                        f"not {dict(item)!r}"
                    )
                who = item.get("by")
                placed.append(
                    PlacedCard(
                        _card(item["card"], where),
                        None if who is None else _name(who, where, clean_names),
                    )
                )
            else:
                placed.append(PlacedCard(_card(item, where)))
        table.append(TableMeld(by, tuple(placed)))
    hands_data = _given(data, "hands", {})
    if not isinstance(hands_data, Mapping):
        raise GameFileError(f"{here}: hands must be an object of player: cards")
    hands = tuple(
        (_name(name, here, clean_names), _cards(cards, f"{here}, hand of {name}"))
        for name, cards in hands_data.items()
    )
    counted_data = _given(data, "counted", {})
    if not isinstance(counted_data, Mapping):
        raise GameFileError(f"{here}: counted must be an object of player: points")
    counted: list[tuple[str, Counted]] = []
    for name, value in counted_data.items():
        where = f"{here}, counted of {name}"
        if not isinstance(value, Mapping) or set(value) - {"good", "bad"}:
            raise GameFileError(
                f"{where}: expected {{'good': n, 'bad': n}}, not {value!r}"
            )
        counted.append(
            (
                _name(name, where, clean_names),
                Counted(
                    good=_whole(value.get("good", 0), f"{where}, good"),
                    bad=_whole(value.get("bad", 0), f"{where}, bad"),
                ),
            )
        )
    return Round(
        closed_by, handglatt, discard_card, tuple(table), hands, tuple(counted)
    )


@lru_cache(maxsize=512)
def _placed(token: str) -> PlacedCard:
    """A table card credited to the meld's owner, by its token (immutable
    values by immutable keys; a token that is no card raises, and is not kept)."""
    return PlacedCard(parse_card(token))


#: A card by its token (a bounded cache of immutable values by immutable keys,
#: over the one in :func:`~jolly_scorer.core.cards.parse_card`, called quicker).
_plain_card = lru_cache(maxsize=512)(parse_card)


def _plain_name(value: Any) -> TypeGuard[str]:
    return type(value) is str and (value.isascii() or is_text(value))


def _plain_number(value: Any) -> bool:
    return type(value) is int and 0 <= value <= WHOLE_MAX


def _plain_round(data: Any) -> Round | None:
    """:func:`round_from_json` without cleaning names, for data of the usual
    shape (plain JSON objects, lists, texts and whole numbers, as the store
    writes them): the same round, read faster. None when anything is unusual:
    the checking path then reads it, or names the problem."""
    if type(data) is not dict:
        return None
    try:
        closed_by = data.get("closed_by")
        if closed_by is not None and not _plain_name(closed_by):
            return None
        handglatt = data.get("handglatt", False)
        if handglatt is None:
            handglatt = False
        elif type(handglatt) is not bool:
            return None
        discard = data.get("discard")
        if discard is not None:
            if type(discard) is not str:
                return None
            discard = _plain_card(discard)
        table: list[TableMeld] = []
        table_data = data.get("table")
        if table_data is not None:
            if type(table_data) is not list:
                return None
            for meld in table_data:
                if type(meld) is not dict:
                    return None
                by, cards = meld.get("by"), meld.get("cards")
                if type(cards) is not list or not _plain_name(by):
                    return None
                placed: list[PlacedCard] = []
                for item in cards:
                    if type(item) is str:
                        placed.append(_placed(item))
                        continue
                    if type(item) is not dict or not item.keys() <= {"card", "by"}:
                        return None
                    token, who = item.get("card"), item.get("by")
                    if type(token) is not str or not (who is None or _plain_name(who)):
                        return None
                    placed.append(PlacedCard(_plain_card(token), who))
                table.append(TableMeld(by, tuple(placed)))
        hands: list[tuple[str, tuple[Card, ...]]] = []
        hands_data = data.get("hands")
        if hands_data is not None:
            if type(hands_data) is not dict:
                return None
            for name, hand in hands_data.items():
                if not _plain_name(name) or type(hand) is not list:
                    return None
                hands.append((name, tuple(map(_plain_card, hand))))
        counted: list[tuple[str, Counted]] = []
        counted_data = data.get("counted")
        if counted_data is not None:
            if type(counted_data) is not dict:
                return None
            for name, value in counted_data.items():
                if type(value) is not dict or not value.keys() <= {"good", "bad"}:
                    return None
                good, bad = value.get("good", 0), value.get("bad", 0)
                if not (_plain_name(name) and _plain_number(good)):
                    return None
                if not _plain_number(bad):
                    return None
                counted.append((name, Counted(good=good, bad=bad)))
    except (CardError, TypeError):  # not a card; a token that is not even text
        return None
    return Round(
        closed_by, handglatt, discard, tuple(table), tuple(hands), tuple(counted)
    )


def _rules(data: Any) -> Rules:
    try:
        return resolve_rules(data if data is not None else "jolly_at")
    except RulesError as error:
        raise GameFileError(f"rules: {error}") from None
    except TypeError:
        raise GameFileError(
            f"rules: {data!r} is neither a preset nor a rules object"
        ) from None


def game_from_json(data: Any) -> Game:
    """A game from a game file's JSON data (shape only; see :func:`load_game`)."""
    if not isinstance(data, Mapping):
        raise GameFileError("a game file holds one JSON object")
    version = data.get("version", FORMAT_VERSION)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise GameFileError(f"version: {version!r} is not a format version")
    if version > FORMAT_VERSION:
        raise GameFileError(
            f"version: the file is of format version {version}, made by a newer "
            f"jolly-scorer (this one reads up to {FORMAT_VERSION})"
        )
    rules = _rules(data.get("rules"))
    players = data.get("players")
    if not isinstance(players, list) or not all(is_text(p) for p in players):
        raise GameFileError("players: expected a list of names")
    players = [_name(p, "players", clean=True) for p in players]
    keys = [name_key(p) for p in players]
    for i, key in enumerate(keys):
        if key in keys[:i]:
            raise GameFileError(f"players: {players[i]!r} is named twice")
    target = data.get("target")
    target = rules.target if target is None else _whole(target, "target", 1)
    limit = data.get("rounds_limit")
    limit = rules.rounds_limit if limit is None else _whole(limit, "rounds_limit", 1)
    rounds_data = _given(data, "rounds", [])
    if not isinstance(rounds_data, list):
        raise GameFileError("rounds: expected a list of rounds")
    if len(rounds_data) > MAX_ROUNDS:
        raise GameFileError(f"rounds: {TOO_MANY_ROUNDS}")
    first_dealer = data.get("first_dealer", 0)
    first_dealer = (
        _whole(first_dealer, "first_dealer") if first_dealer is not None else 0
    )
    if players and first_dealer >= len(players):
        raise GameFileError(f"first_dealer: no seat {first_dealer}")
    finished = data.get("finished", False)
    if not isinstance(finished, bool):
        raise GameFileError(f"finished: must be true or false, not {finished!r}")
    return Game(
        rules=rules,
        players=tuple(players),
        target=target,
        rounds_limit=limit,
        rounds=tuple(
            round_from_json(r, i, clean_names=True)
            for i, r in enumerate(rounds_data, 1)
        ),
        first_dealer=first_dealer,
        finished=finished,
    )


def load_game(data: Any) -> Game:
    """A game from JSON data, shape checked and every round validated by scoring."""
    return load_scored(data).game


def load_scored(data: Any) -> Scored:
    """A game from JSON data with its result (scored once)."""
    return Scored.of(game_from_json(data))


def round_to_json(entry: Round) -> dict[str, Any]:
    """The round object of a game file."""
    data: dict[str, Any] = {"closed_by": entry.closed_by, "handglatt": entry.handglatt}
    if entry.discard is not None:
        data["discard"] = str(entry.discard)
    data["table"] = [
        {
            "by": meld.by,
            "cards": [
                str(p.card) if p.by is None else {"card": str(p.card), "by": p.by}
                for p in meld.cards
            ],
        }
        for meld in entry.table
    ]
    data["hands"] = {name: [str(c) for c in hand] for name, hand in entry.hands}
    data["counted"] = {
        name: {"good": c.good, "bad": c.bad} for name, c in entry.counted
    }
    return data


def rules_to_json(rules: Rules) -> str | dict[str, Any]:
    """A preset id when the rules are a preset unchanged, else a rules object."""
    if PRESETS.get(rules.base) == rules:
        return rules.base
    data: dict[str, Any] = {"base": rules.base}
    if rules.name is not None:
        data["name"] = rules.name
    return data | rules.overrides()


def game_to_json(game: Game) -> dict[str, Any]:
    """The game file of a game; :func:`load_game` reads it back equal."""
    data: dict[str, Any] = {
        "format": "jolly-scorer game",
        "version": FORMAT_VERSION,
        "rules": rules_to_json(game.rules),
        "players": list(game.players),
        "target": game.target,
        "rounds_limit": game.rounds_limit,
        "first_dealer": game.first_dealer,
        "finished": game.finished,
        "rounds": [round_to_json(r) for r in game.rounds],
    }
    return data
