"""The round being entered, split into one part per seat and merged back.

At a live table every device enters its own player's part of the next round
at the same time; the store keeps the parts (:mod:`jolly_scorer.store.seat_parts`)
and each device writes only the parts it changed. This module turns a
:class:`~jolly_scorer.ui.models.round.RoundModel` into parts and parts back
into a model, the same on every device:

* the round's own part (seat ``""``): who went out, whether that was chosen,
  Handglatt and the discard;
* a player's part: how the hand is entered (cards or counted points), the
  hand, the counted points and which fields were entered, the player's own
  melds (each with its :attr:`~jolly_scorer.ui.models.round.MeldDraft.key`) and
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

from collections import Counter
from collections.abc import Callable, Hashable, Mapping
from typing import Any

from jolly_scorer.core.cards import Card, parse_card
from jolly_scorer.core.errors import CardError
from jolly_scorer.core.game import Counted, Game, PlacedCard
from jolly_scorer.ui.models.round import DraftError, MeldDraft, RoundModel

__all__ = [
    "ROUND_SEAT",
    "TWICE",
    "changed_parts",
    "entries_of",
    "lost_from",
    "merge_part",
    "merge_parts",
    "rename_seats",
    "split_parts",
    "tapped_twice",
]

ROUND_SEAT = ""
#: a part's notes that a card was tapped on two devices at once and kept
#: once: ``[{"cards": [token, ...], "by": [device, device], "id": ...}]``
#: (only the store's copy holds them, kept by every write of the part for
#: the round; each page tells the ones naming it once)
TWICE = "twice"
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

    Raises :class:`~jolly_scorer.ui.models.round.DraftError` naming the seat
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
        layoffs = _list(parts.get(player, {}).get("layoffs", []), player)
        for n, layoff in enumerate(layoffs):
            if not isinstance(layoff, Mapping):
                raise DraftError(f"{player}: a lay-off is not an object")
            cards = _cards(layoff.get("cards"), player)
            meld = owned.get((str(layoff.get("owner")), str(layoff.get("meld"))))
            if meld is None:
                # its meld is gone: keep the cards in sight as the player's own
                # (named alike on every page and at every merge)
                key = f"{layoff.get('meld')}-{player}-{n}"
                placed = [PlacedCard(c) for c in cards]
                model.melds.append(MeldDraft(player, placed, key=key))
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


def merge_part(
    base: Mapping[str, Any], mine: Mapping[str, Any], theirs: Mapping[str, Any]
) -> dict[str, Any]:
    """One seat's part changed on this device (``mine``) and on another
    (``theirs``, already stored) since both had ``base``: the two merged card
    by card, as a three-way merge.

    A card added on one device and a card added on the other are both kept,
    and so is a meld (or lay-off) each device added; a card or meld one
    device took out goes, unless the other changed that meld meanwhile (its
    cards are not dropped unseen). Where the two truly disagree (the same
    number typed differently, the same card put in two places) the later
    change, this device's, wins; the other device names what it could not
    keep when it catches up (:func:`lost_from`).

    >>> base = {"hand": ["7h"], "melds": []}
    >>> mine = {"hand": ["7h", "8h"], "melds": []}
    >>> theirs = {"hand": ["7h", "Kd"], "melds": [{"key": "a", "cards": ["2c"]}]}
    >>> merge_part(base, mine, theirs)
    {'hand': ['7h', 'Kd', '8h'], 'melds': [{'key': 'a', 'cards': ['2c']}]}
    """
    if mine == base or theirs == mine:
        return dict(theirs)
    if theirs == base:
        return dict(mine)
    try:
        merged = _merge_fields(base, mine, theirs)
        _one_place_per_card(merged, base, mine, theirs)
        _cards_tapped_keep_cards(merged, base, mine, theirs)
    except (TypeError, KeyError, AttributeError, ValueError):
        return dict(mine)  # a part of another shape: the later change wins whole
    return merged


def tapped_twice(
    base: Mapping[str, Any], mine: Mapping[str, Any], theirs: Mapping[str, Any]
) -> list[str]:
    """The cards (tokens) both devices added to one part since ``base``: a
    card tapped on two devices at once, kept once by :func:`merge_part`
    (both pages then say so).

    >>> tapped_twice({"hand": []}, {"hand": ["7s", "8h"]}, {"hand": ["7s"]})
    ['7s']
    """
    try:
        old = _all_cards(base)
        both = (_all_cards(mine) - old) & (_all_cards(theirs) - old)
    except (TypeError, KeyError, AttributeError):
        return []
    return sorted(both.elements())


def entries_of(part: Mapping[str, Any]) -> Counter[tuple[str, str]]:
    """What a part holds as entered, as ``(kind, what)``: each card counted
    in the round (``"card"``, its token; a hand only while the player enters
    cards), each counted field typed (``"good"`` / ``"bad"``, the number),
    who went out (``"closer"``, the name). What a page typed and no longer
    finds here was not kept.

    >>> sorted(entries_of({"mode": "points", "hand": ["7h"], "entered": ["bad"],
    ...                    "counted": {"good": 0, "bad": 5}}).elements())
    [('bad', '5')]
    """
    held: Counter[tuple[str, str]] = Counter()
    try:
        cards = _all_cards(part)
        if part.get("mode") == "points":
            cards.subtract(part.get("hand") or [])
        held.update(("card", str(token)) for token in (+cards).elements())
        counted = part.get("counted")
        entered = part.get("entered") or []
        if isinstance(counted, Mapping):
            for key in _KEYS:
                value = counted.get(key)
                if key in entered or value:
                    held[(key, str(value or 0))] += 1
        closer = part.get("closer")
        if isinstance(closer, str):
            held[("closer", closer)] += 1
    except (TypeError, KeyError, AttributeError):
        return held
    return held


def _cards_tapped_keep_cards(
    merged: dict[str, Any],
    base: Mapping[str, Any],
    mine: Mapping[str, Any],
    theirs: Mapping[str, Any],
) -> None:
    """One device switched the player to counted points while the other
    added cards to the hand (everyone counted, the phone's editor open):
    the cards stay counted, the player entering cards (as switching
    everyone keeps a player whose hand is entered). Never a card stored
    where no page counts it."""
    if merged.get("mode") != "points":
        return
    old = Counter(base.get("hand") or [])
    for side in (mine, theirs):
        if side.get("mode") == "cards" and Counter(side.get("hand") or []) - old:
            merged["mode"] = "cards"
            return


def lost_from(
    before: Mapping[str, Any], after: Mapping[str, Any]
) -> list[tuple[str, str]]:
    """What a part held in ``before`` that ``after`` no longer holds, as
    ``(kind, what)``: each card gone (``"card"``, its label), counted points
    replaced (``"good"`` / ``"bad"``, the number), the closer replaced
    (``"closer"``, the name). Empty for a part that only gained something.

    >>> lost_from({"hand": ["7h", "8h"], "counted": {"good": 0, "bad": 5}},
    ...           {"hand": ["8h"], "counted": {"good": 0, "bad": 9}})
    [('card', '7♥'), ('bad', '5')]
    """
    lost: list[tuple[str, str]] = []
    try:
        gone = _all_cards(before) - _all_cards(after)
        for token, n in gone.items():
            lost.extend([("card", parse_card(token).label)] * n)
        old, new = before.get("counted"), after.get("counted")
        if isinstance(old, Mapping) and old != new:
            for key in _KEYS:
                value = old.get(key)
                kept = new.get(key) if isinstance(new, Mapping) else None
                if value and value != kept:
                    lost.append((key, str(value)))
        closer = before.get("closer")
        if closer is not None and closer != after.get("closer"):
            lost.append(("closer", str(closer)))
    except (TypeError, KeyError, AttributeError, ValueError, CardError):
        return lost
    return lost


def _merge_fields(
    base: Mapping[str, Any], mine: Mapping[str, Any], theirs: Mapping[str, Any]
) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for key in [*theirs, *(k for k in mine if k not in theirs)]:
        b, m, th = base.get(key), mine.get(key), theirs.get(key)
        if m == b:
            value = th
        elif th in (b, m):
            value = m
        elif key == "hand":
            value = _merge_cards(b or [], m or [], th or [])
        elif key == "entered":
            value = sorted(
                (set(th or ()) | set(m or ())) - (set(b or ()) - set(m or ()))
            )
        elif key == "melds":
            value = _merge_listed(b or [], m or [], th or [], lambda x: x["key"])
        elif key == "layoffs":
            value = _merge_listed(
                b or [], m or [], th or [], lambda x: (x["owner"], x["meld"])
            )
        elif key == "counted" and isinstance(m, Mapping) and isinstance(th, Mapping):
            old = b if isinstance(b, Mapping) else {}
            value = {
                k: th.get(k) if m.get(k) == old.get(k) else m.get(k)
                for k in [*th, *(k for k in m if k not in th)]
            }
        else:
            value = m  # a true conflict: the later change wins
        merged[key] = value
    return merged


def _merge_cards(base: list[Any], mine: list[Any], theirs: list[Any]) -> list[Any]:
    """Cards (tokens) as ``theirs`` holds them, less those ``mine`` took out,
    with those ``mine`` added (in its order)."""
    merged = list(theirs)
    for token, n in (Counter(base) - Counter(mine)).items():
        for _ in range(n):
            if token in merged:
                merged.remove(token)
    # a card both added (tapped on two devices at once) is there once
    added = (Counter(mine) - Counter(base)) - (Counter(theirs) - Counter(base))
    for token in mine:
        if added[token] > 0:
            merged.append(token)
            added[token] -= 1
    return merged


def _merge_listed(
    base: list[Any],
    mine: list[Any],
    theirs: list[Any],
    key: Callable[[Any], Hashable],
) -> list[Any]:
    """Melds or lay-offs (objects with ``cards``, told apart by ``key``)."""
    old = {key(x): x for x in base}
    own = {key(x): x for x in mine}
    merged: list[Any] = []
    for item in theirs:
        k = key(item)
        if k in old and k not in own:  # this device took it out
            if item == old[k]:
                continue
            merged.append(item)  # ... but the other changed it: its cards stay
        elif k in own:
            cards = _merge_cards(
                old[k]["cards"] if k in old else [], own[k]["cards"], item["cards"]
            )
            merged.append(dict(item, cards=cards))
        else:
            merged.append(item)
    seen = {key(x) for x in theirs}
    for item in mine:
        k = key(item)
        if k not in seen and (k not in old or item != old[k]):
            merged.append(item)  # added here (or changed here, taken out there)
    return merged


def _places(part: Mapping[str, Any]) -> dict[Hashable, list[Any]]:
    """Where a part holds cards: its hand, each meld, each lay-off."""
    places: dict[Hashable, list[Any]] = {("hand",): list(part.get("hand") or [])}
    for meld in part.get("melds") or []:
        places[("meld", meld["key"])] = meld["cards"]
    for layoff in part.get("layoffs") or []:
        places[("layoff", layoff["owner"], layoff["meld"])] = layoff["cards"]
    return places


def _all_cards(part: Mapping[str, Any]) -> Counter[Any]:
    return Counter(t for cards in _places(part).values() for t in cards)


def _one_place_per_card(
    merged: dict[str, Any],
    base: Mapping[str, Any],
    mine: Mapping[str, Any],
    theirs: Mapping[str, Any],
) -> None:
    """A card both devices moved (to two places) stays where this device,
    the later, put it: the other device's copy of it is taken out."""
    want = _all_cards(mine) + _all_cards(theirs)
    want.subtract(_all_cards(base))
    want.subtract(tapped_twice(base, mine, theirs))  # kept once
    extra = _all_cards(merged)
    extra.subtract(want)
    if not any(n > 0 for n in extra.values()):
        return
    old, own, other = _places(base), _places(mine), _places(theirs)
    for place, cards in _places(merged).items():
        there = Counter(other.get(place, [])) - Counter(old.get(place, []))
        here = Counter(own.get(place, [])) - Counter(old.get(place, []))
        for token, held in Counter(cards).items():
            n = min(extra[token], there[token] - here[token], held)
            for _ in range(max(n, 0)):
                _drop(merged, place, token)
                extra[token] -= 1
    for field in ("melds", "layoffs"):  # emptied by that alone: gone
        if isinstance(merged.get(field), list):
            merged[field] = [x for x in merged[field] if x["cards"]]


def _drop(part: dict[str, Any], place: Hashable, token: Any) -> None:
    """Take one ``token`` out of ``place`` of ``part`` (copying what it
    changes: the lists may be shared with the parts it was merged from)."""
    if place == ("hand",):
        part["hand"] = list(part["hand"])
        part["hand"].remove(token)
        return
    assert isinstance(place, tuple)
    field = "melds" if place[0] == "meld" else "layoffs"
    for n, item in enumerate(part[field]):
        if place in (
            ("meld", item.get("key")),
            ("layoff", item.get("owner"), item.get("meld")),
        ):
            cards = list(item["cards"])
            cards.remove(token)
            part[field] = [
                *part[field][:n],
                dict(item, cards=cards),
                *part[field][n + 1 :],
            ]
            return


def rename_seats(
    parts: Mapping[str, Mapping[str, Any]], names: Mapping[str, str]
) -> dict[str, dict[str, Any]]:
    """The parts after players were renamed (``names``: old -> new): each
    player's part under the new name, the closer and the lay-offs' owners
    renamed too (the parts of a game whose player was renamed mid-round).

    >>> rename_seats(
    ...     {"": {"closer": "Anna"}, "Anna": {"melds": []},
    ...      "Ben": {"layoffs": [{"owner": "Anna", "meld": "k", "cards": ["7h"]}]}},
    ...     {"Anna": "Anne"},
    ... )  # doctest: +NORMALIZE_WHITESPACE
    {'': {'closer': 'Anne'}, 'Anne': {'melds': []},
     'Ben': {'layoffs': [{'owner': 'Anne', 'meld': 'k', 'cards': ['7h']}]}}
    """
    renamed: dict[str, dict[str, Any]] = {}
    for seat, part in parts.items():
        data = dict(part)
        if seat == ROUND_SEAT:
            closer = data.get("closer")
            if isinstance(closer, str):
                data["closer"] = names.get(closer, closer)
        elif isinstance(data.get("layoffs"), list):
            data["layoffs"] = [
                dict(layoff, owner=names.get(layoff["owner"], layoff["owner"]))
                if isinstance(layoff, Mapping) and isinstance(layoff.get("owner"), str)
                else layoff
                for layoff in data["layoffs"]
            ]
        renamed[names.get(seat, seat) if seat != ROUND_SEAT else seat] = data
    return renamed


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
