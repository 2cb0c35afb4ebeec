"""The round being entered, split into one part per seat and merged back.

At a live table every device enters its own player's part of the next round
at the same time; the store keeps the parts (:mod:`jolly_scorer.store.seat_parts`)
and each device writes only the parts it changed. This module turns a
:class:`~jolly_scorer.ui.round_model.RoundModel` into parts and parts back
into a model, the same on every device:

* the round's own part (seat ``""``): who went out, whether that was chosen,
  Handglatt and the discard;
* a player's part: how the hand is entered (cards or counted points), the
  hand, the counted points and which fields were entered, the player's own
  melds (each with its :attr:`~jolly_scorer.ui.round_model.MeldDraft.key`) and
  the player's lay-offs as (owner, meld key, cards).

Merging is deterministic: melds in seat order, each owner's cards first and
then the lay-offs in seat order. A lay-off whose meld is gone (its owner took
it back on another device) is never dropped: it comes back as a meld of the
player who laid it, where an invalid meld shows as a problem and blocks Save.

>>> from jolly_scorer.core.cards import parse_cards
>>> from jolly_scorer.core.game import new_game
>>> from jolly_scorer.core.rules import find_rules
>>> game = new_game(find_rules("jolly_at"), ["Anna", "Ben"])
>>> anna = RoundModel(game)
>>> meld = anna.add_meld("Anna", parse_cards("7h 8h 9h"))
>>> ben = RoundModel(game)
>>> ben.set_hand("Ben", parse_cards("Kd"))
>>> parts = {"Anna": split_parts(anna)["Anna"], "Ben": split_parts(ben)["Ben"]}
>>> both = merge_parts(game, 1, parts)
>>> [m.plain for m in both.melds] == [parse_cards("7h 8h 9h")]
True
>>> both.hands["Ben"] == list(parse_cards("Kd"))
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from jolly_scorer.core.cards import Card, parse_card
from jolly_scorer.core.errors import CardError
from jolly_scorer.core.game import Counted, Game, PlacedCard
from jolly_scorer.ui.round_model import DraftError, MeldDraft, RoundModel

__all__ = ["ROUND_SEAT", "changed_parts", "merge_parts", "split_parts"]

ROUND_SEAT = ""
_KEYS = ("good", "bad")


def split_parts(model: RoundModel) -> dict[str, dict[str, Any]]:
    """Every seat's part of the round as entered, and the round's own part."""
    parts: dict[str, dict[str, Any]] = {
        ROUND_SEAT: {
            "closer": model.closer,
            "closer_chosen": model.closer_chosen,
            "handglatt": model.handglatt,
            "discard": None if model.discard is None else str(model.discard),
        }
    }
    for player in model.players:
        counted = model.counted.get(player)
        parts[player] = {
            "mode": model.modes[player],
            "hand": [str(card) for card in model.hands[player]],
            "counted": None
            if counted is None
            else {"good": counted.good, "bad": counted.bad},
            "entered": sorted(key for who, key in model.entered if who == player),
            "melds": [],
            "layoffs": [],
        }
    for meld in model.melds:
        own = [str(p.card) for p in meld.cards if p.by in (None, meld.owner)]
        parts[meld.owner]["melds"].append({"key": meld.key, "cards": own})
        laid: dict[str, list[str]] = {}
        for placed in meld.cards:
            if placed.by not in (None, meld.owner):
                laid.setdefault(placed.by, []).append(str(placed.card))
        for by, cards in laid.items():
            parts[by]["layoffs"].append(
                {"owner": meld.owner, "meld": meld.key, "cards": cards}
            )
    return parts


def merge_parts(
    game: Game, number: int, parts: Mapping[str, Mapping[str, Any]]
) -> RoundModel:
    """The round as the parts enter it (missing seats: nothing entered yet).

    Raises :class:`~jolly_scorer.ui.round_model.DraftError` naming the seat
    of a damaged part (a device speaking another version, say).
    """
    model = RoundModel(game)
    model.number = number
    players = set(game.players)
    round_part = parts.get(ROUND_SEAT)
    if round_part is not None:
        _merge_round(model, round_part, players)
    for player in game.players:
        part = parts.get(player)
        if part is not None:
            _merge_player(model, player, part)
    owned = {(m.owner, m.key): m for m in model.melds}
    for player in game.players:
        for layoff in _list(parts.get(player, {}).get("layoffs", []), player):
            if not isinstance(layoff, Mapping):
                raise DraftError(f"{player}: a lay-off is not an object")
            cards = _cards(layoff.get("cards"), player)
            meld = owned.get((str(layoff.get("owner")), str(layoff.get("meld"))))
            if meld is None:
                # its meld is gone: keep the cards in sight as the player's own
                model.melds.append(MeldDraft(player, [PlacedCard(c) for c in cards]))
            else:
                by = None if meld.owner == player else player
                meld.cards.extend(PlacedCard(card, by) for card in cards)
    return model


def changed_parts(
    before: Mapping[str, Mapping[str, Any]], after: Mapping[str, Mapping[str, Any]]
) -> dict[str, dict[str, Any]]:
    """The parts of ``after`` that differ from ``before`` (what to write).

    >>> changed_parts({"": {"closer": None}}, {"": {"closer": "Anna"}, "Ben": {}})
    {'': {'closer': 'Anna'}, 'Ben': {}}
    """
    return {
        seat: dict(data) for seat, data in after.items() if before.get(seat) != data
    }


def _merge_round(model: RoundModel, part: Mapping[str, Any], players: set[str]) -> None:
    closer = part.get("closer")
    if closer is not None and closer not in players:
        raise DraftError(f"{closer!r} is not a player")
    model.closer = closer
    model.closer_chosen = bool(part.get("closer_chosen", closer is not None))
    model.handglatt = bool(part.get("handglatt")) and closer is not None
    discard = part.get("discard")
    if discard is not None and closer is not None:
        model.discard = _cards([discard], "discard")[0].plain


def _merge_player(model: RoundModel, player: str, part: Mapping[str, Any]) -> None:
    mode = part.get("mode", "cards")
    if mode not in ("cards", "points"):
        raise DraftError(f"{player}: unknown mode {mode!r}")
    model.modes[player] = mode
    model.hands[player] = list(_cards(part.get("hand", []), player))
    counted = part.get("counted")
    if isinstance(counted, Mapping):
        good, bad = (counted.get(key, 0) for key in _KEYS)
        if not all(type(v) is int and 0 <= v <= 10**9 for v in (good, bad)):
            raise DraftError(f"{player}: counted points are not whole numbers")
        model.counted[player] = Counted(good, bad)
    elif mode == "points":
        model.counted[player] = Counted()
    entered = _list(part.get("entered", []), player)
    model.entered |= {(player, key) for key in entered if key in _KEYS}
    for meld in _list(part.get("melds", []), player):
        if not isinstance(meld, Mapping) or not isinstance(meld.get("key"), str):
            raise DraftError(f"{player}: a meld has no key")
        cards = _cards(meld.get("cards"), player)
        model.melds.append(
            MeldDraft(player, [PlacedCard(c) for c in cards], key=meld["key"])
        )


def _list(value: Any, player: str) -> list[Any]:
    if not isinstance(value, list):
        raise DraftError(f"{player}: expected a list, not {value!r}")
    return value


def _cards(tokens: Any, player: str) -> tuple[Card, ...]:
    try:
        return tuple(parse_card(token) for token in _list(tokens, player))
    except (CardError, TypeError, AttributeError):
        raise DraftError(f"{player}: not cards: {tokens!r}") from None
