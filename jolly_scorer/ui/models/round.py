"""The state of the round-entry screen as plain Python (no Flet).

A :class:`RoundModel` holds what a person has entered so far: who went out and
whether it was a Handglatt, the melds on the table (with lay-offs credited to the
player who laid them), the cards left in each hand or the points a player
counted. It turns into a core :class:`~jolly_scorer.core.game.Round`, into a
JSON-able draft and back, and it can tell, while the round is still half
entered, what each meld is worth, where the deck does not add up, and what every
player would score.

>>> from jolly_scorer.core.game import new_game
>>> from jolly_scorer.core.rules import find_rules
>>> game = new_game(find_rules("jolly_at"), ["Anna", "Ben"])
>>> model = RoundModel(game)
>>> model.set_closer("Anna")
>>> i = model.add_meld("Anna", parse_cards("9h 10h Jh"))
>>> model.set_hand("Ben", parse_cards("9s"))
>>> model.preview().scores["Anna"].score, model.preview().complete
(59, True)
>>> model.lay_off(i, "Ben", parse_card("Qh"))
>>> model.preview().scores["Ben"].good
10
"""

from __future__ import annotations

import dataclasses
import secrets
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from jolly_scorer.core.cards import Card, parse_card, parse_cards
from jolly_scorer.core.errors import CardError, GameFileError, JollyError
from jolly_scorer.core.game import Counted, Game, PlacedCard, Round, TableMeld
from jolly_scorer.core.gamefile import round_from_json, round_to_json
from jolly_scorer.core.melds import (
    Meld,
    check_meld,
    check_melds,
    meld_readings,
    reading_choices,
)
from jolly_scorer.core.pack import PackCount, copies_in_pack
from jolly_scorer.core.rules import Rules
from jolly_scorer.core.scoring import PlayerScore, score_round
from jolly_scorer.ui.models.worked_out import CACHE, worked_out

if TYPE_CHECKING:  # the arranger is imported when a pile is first arranged
    from jolly_scorer.core.arranger import Arrangement, Split

__all__ = [
    "DRAFT_VERSION",
    "used_up_cards",
    "RoundTaken",
    "DraftError",
    "MeldDraft",
    "Place",
    "Preview",
    "Problem",
    "RoundModel",
    "Target",
    "parse_card",
    "parse_cards",
]

DRAFT_VERSION = 1
Mode = Literal["cards", "points"]


#: the round's caches: worked out from the rest, not state (the verdicts of
#: melds as they lie, the problems and the preview: ``worked_out.py``)
ROUND_CACHES = frozenset({"_verdicts", CACHE})


def used_up_cards(counts: Mapping[str, int], rules: Rules) -> frozenset[str]:
    """The cards (plain notation) of ``counts`` with no copy left in the pack.

    >>> from jolly_scorer.core.rules import find_rules
    >>> sorted(used_up_cards({"7h": 2, "8h": 1, "X": 2}, find_rules("rommi_fi")))
    ['7h']
    """
    return frozenset(
        code
        for code, n in counts.items()
        if n >= copies_in_pack(parse_card(code), rules)
    )


def _everyone_counted(game: Game) -> bool:
    """Whether everyone entered the game's last round as counted points
    (nothing on the table, no hands)."""
    if not game.rounds:
        return False
    last = game.rounds[-1]
    counted = {name for name, _ in last.counted}
    return not last.table and not last.hands and counted == set(game.players)


class DraftError(ValueError):
    """A draft that does not belong to this game or cannot be read."""


@dataclass(frozen=True, slots=True)
class Place:
    """Where on the screen something is: a meld, a hand, counted points, ...

    ``kind`` is ``"meld"`` (``meld`` is its index), ``"hand"`` or ``"counted"``
    (``player``), ``"discard"`` or ``"closer"``.
    """

    kind: Literal["meld", "hand", "counted", "discard", "closer"]
    player: str | None = None
    meld: int | None = None


@dataclass(frozen=True, slots=True)
class Problem:
    """Something that keeps the round from being saved, at a place.

    ``code``: ``invalid_meld`` (``meld`` holds the verdict), ``third_copy``
    (``card``; ``also`` the other places of that card), ``joker_too_many``
    (``count`` = jokers in the pack), ``empty_meld``, ``hand_missing``,
    ``hand_too_large`` (``count`` = the most a hand holds), ``closer_missing``,
    ``points_missing`` (a player who counted points, and nobody typed their
    number: a field left empty is missing, never 0).
    """

    place: Place
    code: str
    card: str | None = None
    count: int | None = None
    also: tuple[Place, ...] = ()
    meld: Meld | None = None


@dataclass(frozen=True, slots=True)
class Target:
    """What tapped cards go into: a meld, a lay-off, a hand, or the discard.

    ``discard`` is the closer's last card (``player`` is the closer): it holds
    one card, a new one replaces it.
    """

    kind: Literal["meld", "layoff", "hand", "discard"]
    player: str
    meld: int | None = None


def new_meld_key() -> str:
    """A fresh name for a meld, unique among every device's melds of a round."""
    return secrets.token_urlsafe(6)


@dataclass(slots=True)
class MeldDraft:
    """A meld on the table: its owner and its cards (lay-offs carry ``by``).

    ``key`` names the meld for as long as the round is entered, whatever other
    melds come and go: a lay-off entered on another device points at it (see
    :mod:`jolly_scorer.ui.models.seat_parts`). It takes no part in comparisons.
    """

    owner: str
    cards: list[PlacedCard] = field(default_factory=list)
    key: str = field(default_factory=lambda: new_meld_key(), compare=False)

    @property
    def plain(self) -> tuple[Card, ...]:
        """The cards without who laid them."""
        return tuple(p.card for p in self.cards)


@dataclass(frozen=True, slots=True)
class RoundTaken:
    """Saving was refused: round ``number`` was saved meanwhile (another device).

    ``saved`` is that round as stored, ``scores`` what it gave every player.
    Nothing was added; the person looks at it and keeps theirs as a correction
    of that round, or drops theirs.
    """

    number: int
    saved: Round
    scores: Mapping[str, PlayerScore]


@dataclass(frozen=True, slots=True)
class Preview:
    """Every player's good, bad, bonus and score as far as the round is entered.

    ``complete`` is true when the round as entered would be accepted as is.
    """

    scores: Mapping[str, PlayerScore]
    complete: bool


class RoundModel:
    """What has been entered of one round so far (mutable; the UI owns one)."""

    def __init__(self, game: Game, round_index: int | None = None) -> None:
        self.game = game
        self.rules = game.rules
        self.players: tuple[str, ...] = game.players
        self.round_index = round_index
        #: the round this entry belongs to (saving it after another device
        #: saved that round must not add it as the next one)
        self.number = len(game.rounds) + 1 if round_index is None else round_index + 1
        self.closer: str | None = None
        #: whether someone (or "nobody") was chosen as the closer: a forgotten
        #: choice must not save a round without the bonus (defect 8)
        self.closer_chosen = False
        self.handglatt = False
        self.discard: Card | None = None
        self.melds: list[MeldDraft] = []
        #: the key of the meld the entry opened by itself for who went out
        #: with a Handglatt (``RoundEntryModel.set_handglatt``): while it has
        #: no card it is not a meld of the round (no problem, not saved, not
        #: in a draft)
        self.offered: str | None = None
        self.hands: dict[str, list[Card]] = {p: [] for p in self.players}
        #: how a hand is entered until someone changes it: a table whose last
        #: round everyone counted keeps counting (the same on every device,
        #: so a shared round's untouched seats agree)
        self.default_mode: Mode = (
            "points" if round_index is None and _everyone_counted(game) else "cards"
        )
        self.modes: dict[str, Mode] = dict.fromkeys(self.players, self.default_mode)
        self.counted: dict[str, Counted] = {}
        #: the counted-points fields entered, ``(player, "good" | "bad")``: an
        #: entered 0 shows as "0", a field left alone as empty (finding 7)
        self.entered: set[tuple[str, str]] = set()

    # -- building from and to values --------------------------------------------
    @property
    def round_number(self) -> int:
        """The 1-based number of the round being entered or edited."""
        return self.number

    @classmethod
    def from_round(
        cls, game: Game, entry: Round, round_index: int | None = None
    ) -> RoundModel:
        """A model prefilled with a round (to edit it)."""
        model = cls(game, round_index)
        model.closer = entry.closed_by
        model.closer_chosen = True
        model.handglatt = entry.handglatt and entry.closed_by is not None
        model.discard = entry.discard
        model.modes = dict.fromkeys(model.players, "cards")  # as it was entered
        model.melds = [
            MeldDraft(
                meld.by,
                [
                    PlacedCard(p.card, None if p.by == meld.by else p.by)
                    for p in meld.cards
                ],
            )
            for meld in entry.table
        ]
        for name, hand in entry.hands:
            if name in model.hands:
                model.hands[name] = list(hand)
        for name, value in entry.counted:
            if name in model.modes:
                model.modes[name] = "points"
                model.counted[name] = value
                model.entered |= {(name, "good"), (name, "bad")}
        return model

    @classmethod
    def from_draft(cls, game: Game, draft: Mapping[str, Any]) -> RoundModel:
        """A model restored from :meth:`to_draft` (raises :class:`DraftError`)."""
        if not isinstance(draft, Mapping) or draft.get("draft") != DRAFT_VERSION:
            raise DraftError("not a round draft")
        if list(draft.get("players") or []) != list(game.players):
            raise DraftError("the draft belongs to other players")
        index = draft.get("round_index")
        if index is not None and (
            not isinstance(index, int) or not 0 <= index < len(game.rounds)
        ):
            raise DraftError(f"the draft edits round {index!r}, which is not there")
        try:
            entry = round_from_json(draft, (index or len(game.rounds)) + 1)
        except GameFileError as error:
            raise DraftError(str(error)) from None
        names = set(game.players)
        if entry.closed_by is not None and entry.closed_by not in names:
            raise DraftError(f"{entry.closed_by!r} is not a player")
        if any(m.by not in names for m in entry.table):
            raise DraftError("a meld of someone who is not a player")
        model = cls.from_round(game, entry, index)
        model.closer_chosen = bool(draft.get("closer_chosen", True))
        entered = draft.get("entered")
        if isinstance(entered, list):
            model.entered = {
                (str(item[0]), str(item[1]))
                for item in entered
                if isinstance(item, list) and len(item) == 2
            }
        number = draft.get("round_number")
        if index is None and isinstance(number, int) and 1 <= number <= model.number:
            model.number = number
        return model

    def to_draft(self) -> dict[str, Any]:
        """Everything entered, as JSON-able data (half-entered melds included)."""
        everything = Round(
            closed_by=self.closer,
            handglatt=self.handglatt,
            discard=self.discard,
            table=tuple(
                TableMeld(m.owner, tuple(m.cards)) for m in self._entered_melds()
            ),
            hands=tuple((p, tuple(self.hands[p])) for p in self.players),
            counted=tuple(
                (p, self.counted.get(p, Counted()))
                for p in self.players
                if self.modes[p] == "points"
            ),
        )
        return {
            "draft": DRAFT_VERSION,
            "round_index": self.round_index,
            "players": list(self.players),
            "closer_chosen": self.closer_chosen,
            "round_number": self.number,
            "entered": [list(key) for key in sorted(self.entered)],
        } | round_to_json(everything)

    def to_round(self) -> Round:
        """The core round as entered (the closer's hand and unused hands left out)."""
        hands = tuple(
            (p, tuple(self.hands[p]))
            for p in self.players
            if p != self.closer and self.modes[p] == "cards"
        )
        counted = tuple(
            (p, self._counted_of(p)) for p in self.players if self.modes[p] == "points"
        )
        return Round(
            closed_by=self.closer,
            handglatt=self.handglatt and self.closer is not None,
            discard=self.discard,
            table=tuple(
                TableMeld(m.owner, tuple(m.cards)) for m in self._entered_melds()
            ),
            hands=hands,
            counted=counted,
        )

    def _entered_melds(self) -> list[MeldDraft]:
        """The melds entered: all but the one offered while it is empty."""
        offered = self.offered
        return [m for m in self.melds if m.cards or m.key != offered]

    def _counted_of(self, player: str) -> Counted:
        """Counted points as they go into the round: the closer holds no cards,
        so has no bad points (a count from before they went out is dropped)."""
        value = self.counted.get(player, Counted())
        if player == self.closer and value.bad:
            return Counted(value.good, 0)
        return value

    # -- changing ------------------------------------------------------------
    def set_closer(self, player: str | None) -> None:
        """Who went out (None: nobody); a Handglatt stays only with the same closer.

        Nobody went out: there is no discard either.
        """
        self._check_player(player)
        if player != self.closer:
            self.handglatt = False
        if player is None:
            self.discard = None
        self.closer = player
        self.closer_chosen = True

    def set_handglatt(self, value: bool) -> None:
        """Handglatt for the closer; there is none without a closer."""
        self.handglatt = bool(value) and self.closer is not None

    def can_handglatt(self, player: str) -> bool:
        """A Handglatt is offered only for the player who went out."""
        return player == self.closer

    def add_meld(self, owner: str, cards: Iterable[Card] = ()) -> int:
        """A new meld of ``owner``; returns its index."""
        self._check_player(owner)
        self.melds.append(MeldDraft(owner, [PlacedCard(c) for c in cards]))
        return len(self.melds) - 1

    def remove_meld(self, index: int) -> None:
        """Take a meld off the table (with its lay-offs)."""
        del self.melds[index]

    def lay_off(self, index: int, by: str, card: Card) -> None:
        """``by`` adds ``card`` to meld ``index`` (credited to ``by``)."""
        self._check_player(by)
        meld = self.melds[index]
        placed = PlacedCard(card, None if by == meld.owner else by)
        meld.cards.insert(self._seat_place(meld, meld.cards, placed.by), placed)

    def _seat_place(
        self, meld: MeldDraft, cards: Sequence[PlacedCard], by: str | None
    ) -> int:
        """Where cards laid by ``by`` go in ``cards`` (a meld's cards): after
        the owner's cards and the lay-offs of the seats up to ``by``'s.

        Every device keeps this one order, the order the parts of a shared
        round merge into (:func:`~jolly_scorer.ui.models.seat_parts.merge_parts`):
        a plain joker's value in a run depends on where it lies (two jokers
        laid off on one run swap values otherwise, and the score saved would
        depend on the device that saves). The cards already there never move
        (a past round edited keeps its jokers' readings); a joker whose
        reading the people chose is declared (``X=6h``) and keeps it in any
        order.
        """
        seat = {p: n for n, p in enumerate(self.players, 1)}

        def rank(who: str | None) -> int:
            return 0 if who in (None, meld.owner) else seat.get(who, len(seat) + 1)

        mine = rank(by)
        place = len(cards)
        while place > 0 and rank(cards[place - 1].by) > mine:
            place -= 1
        return place

    def add_card(self, target: Target, card: Card) -> None:
        """Add one tapped card to a meld, a lay-off or a hand."""
        if target.kind == "hand":
            self._check_player(target.player)
            self.hands[target.player].append(card)
        elif target.kind == "discard":
            self.set_discard(card)
        elif target.meld is not None:
            by = (
                target.player
                if target.kind == "layoff"
                else self.melds[target.meld].owner
            )
            self.lay_off(target.meld, by, card)

    def cards_of(self, target: Target) -> tuple[Card, ...]:
        """The cards a target holds (for a lay-off: those that player laid there)."""
        if target.kind == "hand":
            return tuple(self.hands[target.player])
        if target.kind == "discard":
            return () if self.discard is None else (self.discard,)
        assert target.meld is not None
        meld = self.melds[target.meld]
        if target.kind == "meld":
            return tuple(p.card for p in meld.cards if p.by is None)
        return tuple(p.card for p in meld.cards if p.by == target.player)

    def set_cards(self, target: Target, cards: Sequence[Card]) -> None:
        """Replace the cards of a target (typed notation)."""
        if target.kind == "hand":
            self._check_player(target.player)
            self.hands[target.player] = list(cards)
            return
        if target.kind == "discard":
            self.set_discard(cards[-1] if cards else None)
            return
        assert target.meld is not None
        meld = self.melds[target.meld]
        who = None if target.kind == "meld" else target.player
        if who == meld.owner:
            who = None
        kept = [p for p in meld.cards if p.by != who]
        new = [PlacedCard(c, who) for c in cards]
        if who is None:
            meld.cards = new + kept
        else:
            place = self._seat_place(meld, kept, who)
            meld.cards = kept[:place] + new + kept[place:]

    def remove_card(self, target: Target, position: int | None = None) -> None:
        """Remove a target's card at ``position`` (default: the last one)."""
        cards = list(self.cards_of(target))
        if not cards:
            return
        del cards[-1 if position is None else position]
        self.set_cards(target, cards)

    def remove_placed(self, index: int, position: int) -> None:
        """Remove the card at ``position`` of meld ``index`` (own card or lay-off)."""
        del self.melds[index].cards[position]

    def set_discard(self, card: Card | None) -> None:
        """The closer's last card, put face down (scores nothing; counts in the deck).

        Only a round with a closer has one; a joker stays a plain joker.
        """
        if card is not None and self.closer is None:
            raise ValueError("nobody went out, so there is no discarded card")
        self.discard = None if card is None else card.plain

    def set_hand(self, player: str, cards: Sequence[Card]) -> None:
        """The cards left in a player's hand."""
        self.set_cards(Target("hand", player), cards)

    def set_mode(self, player: str, mode: Mode) -> None:
        """Enter a player's hand as cards, or as points counted at the table."""
        self._check_player(player)
        self.modes[player] = mode
        if mode == "points":
            self.counted.setdefault(player, Counted())

    def set_counted(
        self, player: str, good: int | None = None, bad: int | None = None
    ) -> None:
        """Points a player counted (switches the player to counted points)."""
        self.set_mode(player, "points")
        old = self.counted[player]
        self.entered |= {
            (player, key) for key, v in (("good", good), ("bad", bad)) if v is not None
        }
        self.counted[player] = Counted(
            old.good if good is None else max(0, int(good)),
            old.bad if bad is None else max(0, int(bad)),
        )

    def choose_reading(self, index: int, reading: Meld) -> None:
        """Fix the jokers of meld ``index`` as in ``reading`` (declare ``X=card``)."""
        meld = self.melds[index]
        cards = list(meld.cards)
        for slot, original in enumerate(reading.order):
            if cards[original].card.is_joker:
                cards[original] = PlacedCard(reading.cards[slot], cards[original].by)
        meld.cards = cards

    def free_jokers(self, index: int) -> None:
        """Undo joker declarations in meld ``index``."""
        meld = self.melds[index]
        meld.cards = [
            PlacedCard(p.card.plain, p.by) if p.card.is_joker else p for p in meld.cards
        ]

    def split_pile(self, cards: Sequence[Card]) -> Split:
        """The arranger's split of a pile: complete, or the best partial one."""
        from jolly_scorer.core.arranger import arrange

        return arrange(list(cards), self.rules)

    def accept_split(
        self,
        owner: str,
        arrangement: Arrangement,
        rest: Literal["pile", "hand"] = "pile",
    ) -> tuple[Card, ...]:
        """Put ``arrangement``'s melds down for ``owner``; returns the cards left.

        ``rest="hand"`` adds the cards left over to ``owner``'s hand (entered
        as cards) and returns nothing; ``"pile"`` hands them back to stay in
        the pile being entered.
        """
        self._check_player(owner)
        for meld in arrangement.melds:
            self.add_meld(owner, meld.cards)
        left = tuple(arrangement.left)
        if rest == "hand" and left:
            self.set_mode(owner, "cards")
            self.hands[owner].extend(left)
            return ()
        return left

    def arrange_pile(self, owner: str, cards: Sequence[Card]) -> list[int] | None:
        """Split a pile ``owner`` put down into melds (the arranger); their indices.

        Returns None (and changes nothing) when no split uses every card.
        """
        from jolly_scorer.core.arranger import arrange

        self._check_player(owner)
        split = arrange(list(cards), self.rules)
        if split.arrangement is None:
            return None
        return [self.add_meld(owner, m.cards) for m in split.arrangement.melds]

    # -- reading ------------------------------------------------------------
    def has_entries(self) -> bool:
        """Whether anything was entered (Cancel asks before throwing it away)."""
        return bool(
            self.closer_chosen
            or self.melds
            or any(self.hands.values())
            or any(v != Counted() for v in self.counted.values())
            or any(mode != self.default_mode for mode in self.modes.values())
        )

    def melds_of(self, player: str) -> list[int]:
        """Indices of ``player``'s own melds."""
        return [i for i, m in enumerate(self.melds) if m.owner == player]

    def layoffs_of(self, player: str) -> list[tuple[int, Card]]:
        """``(meld index, card)`` of every card ``player`` laid on others' melds."""
        return [
            (i, p.card)
            for i, m in enumerate(self.melds)
            for p in m.cards
            if p.by == player and p.by != m.owner
        ]

    def verdict(self, index: int) -> Meld:
        """The engine's verdict on meld ``index``, as it lies now."""
        # speed: once per meld as it lies (a redraw asks a dozen times)
        cards = self.melds[index].plain
        rules, known = self.__dict__.setdefault("_verdicts", (self.rules, {}))
        if rules is not self.rules:
            known = {}
            self.__dict__["_verdicts"] = (self.rules, known)
        if cards not in known:
            if len(known) > 256:
                known.clear()
            known[cards] = check_meld(cards, self.rules)
        verdict: Meld = known[cards]
        return verdict

    def readings(self, index: int) -> tuple[Meld, ...]:
        """Every valid reading of meld ``index`` with its jokers free."""
        cards = tuple(c.plain if c.is_joker else c for c in self.melds[index].plain)
        return meld_readings(cards, self.rules)

    def reading_choices(self, index: int) -> tuple[tuple[Meld, bool], ...]:
        """Every valid reading of meld ``index``, each with whether it is the one
        the meld has now (for the menu a tap on its joker opens)."""
        return reading_choices(self.melds[index].plain, self.rules)

    def used_counts(self) -> dict[str, int]:
        """How often each card (plain notation, ``"X"`` for jokers) is entered
        on the table, in the hands that count and as the discard."""
        return dict(Counter(str(card.plain) for _, card in self._deck_places()))

    def used_up(self) -> dict[str, bool]:
        """The cards the pack has no copy left of (twice each; jokers by the rules)."""
        gone = used_up_cards(self.used_counts(), self.rules)
        return {code: code in gone for code in self.used_counts()}

    def counted_adds_to_cards(self, player: str) -> bool:
        """``player`` counted points and also has cards on the table: both count.

        The file format adds counted points to the points of entered cards, so
        the screen warns (a table count that included the melds counts twice).
        """
        if self.modes[player] != "points":
            return False
        return bool(self.melds_of(player) or self.layoffs_of(player))

    def melds_needed(self) -> bool:
        """Melds matter for the score (plus scoring); optional in penalty scoring."""
        return self.rules.is_plus

    def _deck_places(self) -> list[tuple[Place, Card]]:
        """Every card entered with its place, in the engine's counting order."""
        out: list[tuple[Place, Card]] = []
        for i, meld in enumerate(self.melds):
            out += [(Place("meld", meld.owner, i), c) for c in meld.plain]
        entry = self.to_round()
        for name, hand in entry.hands:
            out += [(Place("hand", name), c) for c in hand]
        if self.discard is not None:
            out.append((Place("discard", self.closer), self.discard))
        return out

    def problems(self) -> tuple[Problem, ...]:
        """Everything that keeps the round from being saved, each at its place.

        ``closer_missing`` (nobody was chosen, not even "nobody") comes first.
        (Worked out once per state of the round: ``worked_out.py``.)
        """
        return worked_out(self, "problems", self._problems, ROUND_CACHES)

    def _problems(self) -> tuple[Problem, ...]:
        found: list[Problem] = []
        if not self.closer_chosen:
            found.append(Problem(Place("closer"), "closer_missing"))
        for i, meld in enumerate(self.melds):
            place = Place("meld", meld.owner, i)
            if not meld.cards:
                if meld.key != self.offered:  # (offered: no meld until a card)
                    found.append(Problem(place, "empty_meld"))
                continue
            verdict = self.verdict(i)
            if not verdict.valid:
                found.append(Problem(place, "invalid_meld", meld=verdict))
        found += self._deck_problems()
        entry = self.to_round()
        for name, hand in entry.hands:
            limit = self.rules.hand_max
            if not hand:
                found.append(Problem(Place("hand", name), "hand_missing"))
            elif limit is not None and len(hand) > limit:
                found.append(
                    Problem(Place("hand", name), "hand_too_large", count=limit)
                )
        found += [
            Problem(Place("counted", name), "points_missing")
            for name in self.points_missing()
        ]
        return tuple(found)

    def points_keys(self, player: str) -> tuple[str, ...]:
        """The counted-points fields ``player`` has: who went out their good
        points (penalty scoring: none, they hold no cards), the others their
        good and bad points (penalty scoring: bad)."""
        if player == self.closer:
            return ("good",) if self.rules.is_plus else ()
        return ("good", "bad") if self.rules.is_plus else ("bad",)

    def needs_points(self, player: str) -> bool:
        """``player`` counted points and nobody typed a number for them yet
        (a typed 0 counts; any one of a player's fields does)."""
        if self.modes[player] != "points":
            return False
        keys = self.points_keys(player)
        return bool(keys) and not any((player, k) in self.entered for k in keys)

    def points_missing(self) -> list[str]:
        """The players who still need a counted number, in seat order.

        >>> from jolly_scorer.core.game import new_game
        >>> from jolly_scorer.core.rules import find_rules
        >>> model = RoundModel(new_game(find_rules("romme_de"), ["A", "B", "C"]))
        >>> for p in "ABC":
        ...     model.set_mode(p, "points")
        >>> model.set_closer("B")
        >>> model.set_counted("A", bad=0)
        >>> model.points_missing()
        ['C']
        """
        return [p for p in self.players if self.needs_points(p)]

    def _deck_problems(self) -> list[Problem]:
        places = self._deck_places()
        count = PackCount(self.rules)
        where: dict[Card, list[Place]] = {}
        found: list[Problem] = []
        for place, card in places:
            plain = card.plain
            where.setdefault(plain, []).append(place)
            limit = copies_in_pack(plain, self.rules)
            # the first card over the pack is the one reported
            if not count.add(plain) and count.seen[plain] == limit + 1:
                code = "joker_too_many" if plain.is_joker else "third_copy"
                others = tuple(
                    dict.fromkeys(p for p in where[plain][:-1] if p != place)
                )
                found.append(
                    Problem(place, code, card=str(plain), count=limit, also=others)
                )
        return found

    def below_opening(self, player: str) -> int | None:
        """The points of ``player``'s own melds when they cannot have opened
        with them (below the opening threshold, core's ``opening_reached``),
        else None. A table may play otherwise: a warning, never a refusal.
        Who went out in one turn (Handglatt) needs no opening where the rules
        waive it; melds not valid yet are not judged here.

        >>> from jolly_scorer.core.game import new_game
        >>> from jolly_scorer.core.rules import find_rules
        >>> model = RoundModel(new_game(find_rules("jolly_at"), ["A", "B"]))
        >>> _ = model.add_meld("B", parse_cards("2c 3c 4c"))
        >>> model.below_opening("B"), model.below_opening("A")
        (9, None)
        """
        own = [self.melds[i].plain for i in self.melds_of(player)]
        if not own or not all(own):
            return None
        rules = self.rules
        if player == self.closer and self.handglatt and rules.opening_waived_going_out:
            return None
        verdict = check_melds(own, rules)
        if not verdict.valid or verdict.opening_reached:
            return None
        return verdict.points or 0

    def problems_at(self, place: Place) -> tuple[Problem, ...]:
        """The problems shown at one place."""
        return tuple(p for p in self.problems() if p.place == place)

    def check(self) -> str | None:
        """The engine's verdict on the round as entered: None, or its message."""
        try:
            score_round(self.game, self.to_round(), self.round_number)
        except GameFileError as error:
            return str(error)
        return None

    def preview(self) -> Preview:
        """Scores as far as entered (invalid melds, extra copies, no hand:
        skipped); worked out once per state of the round (``worked_out.py``)."""
        return worked_out(self, "preview", self._preview, ROUND_CACHES)

    def _preview(self) -> Preview:
        complete = not self.problems() and self.check() is None
        entry = self._lenient_round()
        game = dataclasses.replace(self.game, rules=self.rules.replace(hand_max=None))
        try:
            result = score_round(game, entry, self.round_number)
        except JollyError:
            zero = PlayerScore(0, 0, 0, 0)
            return Preview(dict.fromkeys(self.players, zero), False)
        return Preview(result.scores, complete)

    def _lenient_round(self) -> Round:
        count = PackCount(self.rules)
        fits = count.add

        table = []
        for i, meld in enumerate(self.melds):
            if meld.cards and self.verdict(i).valid:
                before = dict(count.seen)
                if all([fits(c) for c in meld.plain]):
                    table.append(TableMeld(meld.owner, tuple(meld.cards)))
                else:
                    count.seen = before
        entry = self.to_round()
        hands = []
        counted = dict(entry.counted)
        for name, hand in entry.hands:
            kept = tuple(c for c in hand if fits(c))
            if kept:
                hands.append((name, kept))
            else:
                counted.setdefault(name, Counted())
        discard = self.discard if self.discard and fits(self.discard) else None
        return Round(
            closed_by=self.closer,
            handglatt=entry.handglatt,
            discard=discard,
            table=tuple(table),
            hands=tuple(hands),
            counted=tuple(counted.items()),
        )

    def _check_player(self, player: str | None) -> None:
        if player is not None and player not in self.players:
            raise ValueError(f"{player!r} is not a player")


def parse_typed(text: str) -> tuple[tuple[Card, ...], str | None]:
    """The cards typed so far, and the first token that is not a card.

    >>> cards, bad = parse_typed("7h 8h, X 9")
    >>> [str(c) for c in cards], bad
    (['7h', '8h', 'X'], '9')
    """
    cards: list[Card] = []
    for token in text.replace(",", " ").split():
        try:
            cards.append(parse_card(token))
        except CardError:
            return tuple(cards), token
    return tuple(cards), None
