"""Round entry: a joker exchanged at the table, entered as it happened.

Ben laid 4♠ X 6♠; later Dora put 5♠ in the joker's place and used the joker
in her own meld. Entered as it happened (Dora lays off 5♠ on Ben's meld), the
meld would read 4♠ 5♠ 6♠ X=7♠ and credit Ben a 7 he never laid. When a card
laid off is the card a joker of that meld stands for (the rule:
:func:`jolly_scorer.core.swaps.joker_for`), the screen offers the exchange:
one tap puts the card in the joker's place and the joker where the player put
it (their hand, one of their melds, a new meld of theirs, or it is already
entered in one of their melds). "Leave it beside" keeps the lay-off as it is;
the meld then says what its joker reads as now
(:func:`meld_rereadings`).

>>> from jolly_scorer.core.game import new_game
>>> from jolly_scorer.core.rules import find_rules
>>> from jolly_scorer.ui.models.round import RoundModel, parse_card, parse_cards
>>> from jolly_scorer.ui.models.round_entry import RoundEntryModel
>>> entry = RoundEntryModel(RoundModel(new_game(find_rules("jolly_at"),
...                                             ["Anna", "Ben", "Dora"])))
>>> ben = entry.rounds.add_meld("Ben", parse_cards("4s X 6s"))
>>> entry.rounds.lay_off(ben, "Dora", parse_card("5s"))
>>> [str(r) for r in meld_rereadings(entry.rounds, ben)]
['X at 2: 5s -> 7s']
>>> offer, = swap_offers(entry, ben, "Dora")
>>> swap_joker(entry, offer, ("hand", None))
>>> [f"{p.card}/{p.by}" for p in entry.rounds.melds[ben].cards]
['4s/None', '5s/Dora', '6s/None']
>>> [str(c) for c in entry.rounds.hands["Dora"]]
['X']
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from jolly_scorer.core.cards import Card
from jolly_scorer.core.game import PlacedCard
from jolly_scorer.core.swaps import Reread, joker_for, rereadings
from jolly_scorer.ui.models.round import RoundModel, Target

if TYPE_CHECKING:
    from jolly_scorer.ui.models.round_entry import RoundEntryModel

__all__ = [
    "Destination",
    "SwapOffer",
    "destinations",
    "dismiss",
    "meld_rereadings",
    "swap_joker",
    "swap_offers",
]

#: where the joker goes: ("hand", None), ("into", meld key), ("there", meld
#: key: already entered in that meld), ("new", None)
Destination = tuple[Literal["hand", "into", "there", "new"], str | None]


@dataclass(frozen=True, slots=True)
class SwapOffer:
    """``by`` laid off ``card`` (at ``natural``) on meld ``meld`` (named
    ``key``), whose joker at ``joker`` stands for exactly that card."""

    meld: int
    key: str
    natural: int
    joker: int
    card: Card
    by: str
    #: what the joker stands for now, with the card laid beside it
    reads_now: Card | None


_DISMISSED: weakref.WeakKeyDictionary[RoundEntryModel, set[tuple[str, str, str]]] = (
    weakref.WeakKeyDictionary()
)


def meld_rereadings(rounds: RoundModel, index: int) -> tuple[Reread, ...]:
    """The owner's jokers of meld ``index`` that the cards laid off on it
    make read as another card (the meld says so)."""
    meld = rounds.melds[index]
    own = [p.by in (None, meld.owner) for p in meld.cards]
    return rereadings(meld.plain, own, rounds.rules)


def swap_offers(entry: RoundEntryModel, index: int, by: str) -> list[SwapOffer]:
    """The exchanges ``by``'s lay-offs on meld ``index`` allow (not those the
    person turned down with "Leave it beside")."""
    rounds = entry.rounds
    meld = rounds.melds[index]
    if by == meld.owner:
        return []
    gone = _DISMISSED.get(entry, set())
    now = {r.place: r.after for r in meld_rereadings(rounds, index)}
    out: list[SwapOffer] = []
    for position, placed in enumerate(meld.cards):
        card = placed.card
        if placed.by != by or card.is_joker:
            continue
        if (meld.key, str(card), by) in gone:
            continue
        rest = [p.card for n, p in enumerate(meld.cards) if n != position]
        place = joker_for(rest, card, rounds.rules)
        if place is None:
            continue
        joker = place if place < position else place + 1
        out.append(
            SwapOffer(index, meld.key, position, joker, card, by, now.get(joker))
        )
    return out


def destinations(entry: RoundEntryModel, offer: SwapOffer) -> list[Destination]:
    """Where the joker can go: ``by``'s hand (not the closer's, nor of a
    player who counted points), each of ``by``'s melds (already there, when
    that meld holds a joker; or into it), a new meld."""
    rounds = entry.rounds
    by = offer.by
    out: list[Destination] = []
    for i in rounds.melds_of(by):
        meld = rounds.melds[i]
        if any(p.card.is_joker for p in meld.cards):
            out.append(("there", meld.key))
    for i in rounds.melds_of(by):
        out.append(("into", rounds.melds[i].key))
    out.append(("new", None))
    if by != rounds.closer and rounds.modes[by] == "cards":
        out.append(("hand", None))
    return out


def _index(rounds: RoundModel, key: str | None) -> int | None:
    return next((i for i, m in enumerate(rounds.melds) if m.key == key), None)


def swap_joker(entry: RoundEntryModel, offer: SwapOffer, to: Destination) -> None:
    """Exchange the joker: ``offer.card`` takes its place in the meld and the
    joker goes ``to`` (a meld gone meanwhile, or a meld that changed: nothing
    happens)."""
    rounds = entry.rounds
    index = _index(rounds, offer.key)
    if index is None:
        return
    meld = rounds.melds[index]
    cards = list(meld.cards)
    if (
        offer.natural >= len(cards)
        or offer.joker >= len(cards)
        or cards[offer.natural] != PlacedCard(offer.card, offer.by)
        or not cards[offer.joker].card.is_joker
    ):
        return
    kind, key = to
    into = _index(rounds, key) if kind in ("into", "there") else None
    if kind in ("into", "there") and into is None:
        return
    # the card takes the joker's place (the run reads as listed)
    cards[offer.joker] = PlacedCard(offer.card, offer.by)
    del cards[offer.natural]
    meld.cards = cards
    plain = Card.joker()
    if kind == "hand":
        rounds.hands[offer.by].append(plain)
    elif kind == "into" and into is not None:
        rounds.lay_off(into, offer.by, plain)
    elif kind == "new":
        new = rounds.add_meld(offer.by, [plain])
        entry.edit(Target("meld", offer.by, new))
    entry.dirty = True
    editing = entry.editing
    if kind != "new" and editing is not None and editing.target is not None:
        entry.edit(editing.target)  # its cards as they are now


def dismiss(entry: RoundEntryModel, offer: SwapOffer) -> None:
    """ "Leave it beside": the card stays a lay-off, the offer is not made
    again for it (the meld says what its joker reads as now)."""
    _DISMISSED.setdefault(entry, set()).add((offer.key, str(offer.card), offer.by))
