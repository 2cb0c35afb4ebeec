"""The best lay-down from a hand, and the best split of laid-down cards.

:func:`best` finds the disjoint legal melds with the most good points in a hand;
:func:`arrange` splits all given cards into legal melds (the split worth the
most points), or says that no split uses every card. Both are exact.

How: every meld the hand can form is a *pattern*, the multiset of the hand's
cards it uses plus a number of plain jokers (jokers are interchangeable, so
they are counted, never told apart), worth its best reading. Runs that split
into two legal runs worth as much are left out (the two pieces stand for
them). A depth-first search takes the lowest card still undecided and either
leaves it in the hand or lays it down in one of the patterns that contain it
and fit what remains; the remaining multiset is one integer (a few bits per
card), so fitting is one subtraction, and values of sub-hands are memoised.
An upper bound (each card at its best possible value) cuts branches that
cannot beat the best found.

>>> from jolly_scorer.core.cards import parse_cards
>>> from jolly_scorer.core.rules import find_rules
>>> lay = best(parse_cards("Qh Kh X 9c 9d 9s 2c 7d"), find_rules("jolly_at"))
>>> lay.points, [format_cards(m.cards) for m in lay.melds], format_cards(lay.left)
(58, ['Qh Kh X=Ah', '9c 9d 9s'], '2c 7d')
>>> lay.opening_reached
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from jolly_scorer.core.cards import RANKS, SUITS, Card, format_cards
from jolly_scorer.core.errors import HandError
from jolly_scorer.core.melds import Meld, MeldType, check_meld, position_value
from jolly_scorer.core.rules import Rules

__all__ = ["Arrangement", "Split", "arrange", "best"]


@dataclass(frozen=True, slots=True)
class Arrangement:
    """Melds laid down from some cards, and the cards left over.

    ``melds`` are the engine's verdicts (:func:`check_meld`), each valid, with
    every joker declared as the card it stands for; ``left`` keeps the cards
    not laid down in the order given.
    """

    points: int
    melds: tuple[Meld, ...]
    left: tuple[Card, ...]
    opening_required: int

    @property
    def opening_reached(self) -> bool:
        """Whether the melds together reach the opening threshold (≥)."""
        return self.points >= self.opening_required

    def to_json(self) -> dict[str, object]:
        """The object of ``jolly-scorer best --json``."""
        return {
            "points": self.points,
            "melds": [
                {
                    "type": None if meld.type is None else meld.type.value,
                    "points": meld.points,
                    "cards": [str(card) for card in meld.cards],
                }
                for meld in self.melds
            ],
            "left": [str(card) for card in self.left],
            "opening": {
                "required": self.opening_required,
                "reached": self.opening_reached,
            },
        }


@dataclass(frozen=True, slots=True)
class Split:
    """All given cards split into melds (``arrangement``), or None if impossible.

    ``best`` is the best lay-down from the same cards; when every card can be
    used it is the same as ``arrangement``.
    """

    arrangement: Arrangement | None
    best: Arrangement

    @property
    def complete(self) -> bool:
        """Whether a split uses every card."""
        return self.arrangement is not None

    def to_json(self) -> dict[str, object]:
        """The object of ``jolly-scorer arrange --json``."""
        if self.arrangement is not None:
            return self.arrangement.to_json()
        return {
            "points": None,
            "melds": None,
            "left": None,
            "opening": {"required": self.best.opening_required, "reached": False},
            "best": self.best.to_json(),
        }


def best(cards: Sequence[Card], rules: Rules) -> Arrangement:
    """The disjoint legal melds with the most good points from a hand.

    Raises :class:`HandError` when the hand holds more copies of a card than
    the pack (or more jokers than the rules' pack).

    >>> from jolly_scorer.core.cards import parse_cards
    >>> from jolly_scorer.core.rules import find_rules
    >>> lay = best(parse_cards("5h 6h 7h X Ah As 2c"), find_rules("jolly_at"))
    >>> lay.points, [format_cards(m.cards) for m in lay.melds]
    (93, ['Ah As X=Ad', '5h 6h 7h'])
    >>> format_cards(lay.left), lay.opening_reached
    ('2c', True)
    >>> best(parse_cards("2c 9d"), find_rules("jolly_at")).melds
    ()
    """
    found = _Problem(tuple(cards), rules).solve(use_all=False)
    assert found is not None
    return found


def arrange(cards: Sequence[Card], rules: Rules) -> Split:
    """All the cards split into legal melds, the split worth the most points.

    >>> from jolly_scorer.core.cards import parse_cards
    >>> from jolly_scorer.core.rules import find_rules
    >>> at = find_rules("jolly_at")
    >>> split = arrange(parse_cards("5h 6h 7h 8h 9h 10h X 9c 9s"), at)
    >>> [format_cards(m.cards) for m in split.arrangement.melds]
    ['5h 6h 7h 8h 9h 10h', '9c 9s X=9h']
    >>> split = arrange(parse_cards("5h 6h 7h 2c"), at)
    >>> split.complete, split.best.points, format_cards(split.best.left)
    (False, 18, '2c')
    """
    problem = _Problem(tuple(cards), rules)
    whole = problem.solve(use_all=True)
    if whole is not None:
        return Split(whole, whole)
    found = problem.solve(use_all=False)
    assert found is not None
    return Split(None, found)


# --------------------------------------------------------------------------
# The search.

_NEG = -(1 << 60)
_PLAIN = -1  # a plain joker among the codes of a pattern
_LEAVE = -1  # memo choice: the lowest card stays in the hand
_END = -2  # memo choice: nothing more to lay down

_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}
_NATURALS = tuple(tuple(Card(rank, suit) for rank in RANKS) for suit in SUITS)


def _natural(position: int, suit: int) -> Card:
    """The natural card at a run position (1 low ace … 14 high ace, cyclic on)."""
    return _NATURALS[suit][(position - 1) % 13]


@dataclass(frozen=True, slots=True)
class _Pattern:
    """A meld the hand can form, in the reading worth the most.

    ``codes[i]`` is a card type (an index into the problem's types) or
    ``_PLAIN`` for a plain joker; ``stands[i]`` is the natural card it is and
    ``values[i]`` its good points.
    """

    key: int
    is_run: bool
    codes: tuple[int, ...]
    stands: tuple[Card, ...]
    values: tuple[int, ...]


# What the pattern finders record per multiset: (value, is_run, codes, a, b)
# where a run has a = suit, b = start and a group a = number, b = suits.
_Found = dict[int, tuple[int, bool, tuple[int, ...], int, object]]


class _Problem:
    """A hand prepared for the search: card types, patterns, bounds.

    The state of the search is one integer: the count of each card type in a
    field of ``width`` bits (the top bit of each field is a guard for the
    subtraction test), the plain jokers in the last field.
    """

    def __init__(self, cards: tuple[Card, ...], rules: Rules) -> None:
        self.cards = cards
        self.rules = rules
        where: dict[tuple[int, int, int], list[int]] = {}
        self.plain: list[int] = []
        for i, card in enumerate(cards):
            target = card.stands_for if card.is_joker else card
            if target is None:
                self.plain.append(i)
                continue
            assert target.rank is not None and target.suit is not None
            key = (target.rank.number, _SUIT_INDEX[target.suit], int(card.is_joker))
            where.setdefault(key, []).append(i)
        _check_pack(where, len(self.plain), rules)
        # Card types by rank, then suit, natural before declared joker.
        self.keys = sorted(where)
        self.where = [where[key] for key in self.keys]
        self.counts = [len(indices) for indices in self.where]
        self.jokers = len(self.plain)
        ntypes = len(self.keys)
        self.width = max([*self.counts, self.jokers, 1]).bit_length() + 1
        self.unit = [1 << (self.width * i) for i in range(ntypes + 1)]
        self.joker_unit = self.unit[ntypes]
        self.guard = sum(u << (self.width - 1) for u in self.unit)
        self.scale = len(cards) + 1
        self.values = _position_values(rules)
        # per suit, per number 1..13: the type of the natural card and of a
        # joker declared as it (-1: none in the hand)
        self.natural_at = [[-1] * 14 for _ in range(4)]
        self.declared_at = [[-1] * 14 for _ in range(4)]
        for t, (number, suit, declared) in enumerate(self.keys):
            (self.declared_at if declared else self.natural_at)[suit][number] = t
        found: _Found = {}
        _find_runs(self, found)
        _find_groups(self, found)
        self._build(found)

    def _build(self, found: _Found) -> None:
        ntypes = len(self.keys)
        scale = self.scale
        values = self.values
        card_max = [0] * ntypes
        joker_max = 0
        entries = sorted(found.items(), key=lambda kv: (-kv[1][0], kv[0]))
        for _, (_, is_run, codes, a, b) in entries:
            for i, code in enumerate(codes):
                if is_run:
                    assert isinstance(b, int)
                    v = values[b + i] * scale + 1
                else:
                    v = (self.rules.ace_in_group if a == 1 else values[a]) * scale + 1
                if code >= 0:
                    if v > card_max[code]:
                        card_max[code] = v
                elif v > joker_max:
                    joker_max = v
        self.card_max = card_max
        self.joker_max = joker_max
        self.entries = entries
        # Per card type, the patterns whose lowest type it is:
        # (multiset, value, bound of its cards, index), the best first.
        self.by_first: list[list[tuple[int, int, int, int]]] = [
            [] for _ in range(ntypes)
        ]
        for i, (key, (value, _, codes, _, _)) in enumerate(entries):
            cost = sum(card_max[c] if c >= 0 else joker_max for c in codes)
            first = min(c for c in codes if c >= 0)
            self.by_first[first].append((key, value, cost, i))

    def _pattern(self, i: int) -> _Pattern:
        """The pattern of ``entries[i]`` with its cards and their values."""
        key, (_, is_run, codes, a, b) = self.entries[i]
        if is_run:
            assert isinstance(b, int)
            stands = tuple(_natural(b + i, a) for i in range(len(codes)))
            values = tuple(self.values[b : b + len(codes)])
        else:
            assert isinstance(b, tuple)
            stands = tuple(_natural(a, s) for s in b)
            points = self.rules.ace_in_group if a == 1 else self.values[a]
            values = (points,) * len(codes)
        return _Pattern(key, is_run, codes, stands, values)

    def solve(self, use_all: bool) -> Arrangement | None:
        """The best arrangement; with ``use_all`` one using every card, or None."""
        state = bound = 0
        for t, count in enumerate(self.counts):
            if self.card_max[t]:
                state += self.unit[t] * count
                bound += self.card_max[t] * count
            elif use_all:
                return None  # a card that fits in no meld
        if self.jokers and use_all and not self.joker_max:
            return None
        state += self.jokers * self.joker_unit
        bound += self.jokers * self.joker_max
        memo: dict[int, tuple[int, bool, int]] = {}
        value = _searcher(self, memo, use_all)(state, bound, _NEG)
        if value == _NEG:
            return None
        chosen: list[_Pattern] = []
        while True:
            choice = memo[state][2]
            if choice == _END:
                break
            if choice == _LEAVE:
                low = state & -state
                state -= self.unit[(low.bit_length() - 1) // self.width]
            else:
                chosen.append(self._pattern(choice))
                state -= chosen[-1].key
        return self._arrangement(chosen)

    def _arrangement(self, chosen: list[_Pattern]) -> Arrangement:
        free = [list(indices) for indices in self.where]
        jokers = list(self.plain)
        used: set[int] = set()
        melds: list[Meld] = []
        for pattern in chosen:
            placed: list[tuple[int, Card]] = []
            for code, stands in zip(pattern.codes, pattern.stands, strict=True):
                index = free[code].pop(0) if code >= 0 else jokers.pop(0)
                card = self.cards[index]
                placed.append((index, Card.joker(stands) if card.is_joker else card))
                used.add(index)
            if not pattern.is_run:  # a group: the cards in the order given
                placed.sort(key=lambda ic: (ic[1].is_joker, ic[0]))
            meld_cards = [card for _, card in placed]
            meld = check_meld(meld_cards, self.rules)
            points = sum(pattern.values)
            if not meld.valid or meld.points != points:  # pragma: no cover
                raise AssertionError(
                    f"arranger and engine disagree on {format_cards(meld_cards)}: "
                    f"{points} vs {meld.points}"
                )
            melds.append(meld)
        melds = _merge_runs(melds, self.rules)
        melds.sort(key=lambda m: (-(m.points or 0), [c.sort_key() for c in m.cards]))
        left = tuple(card for i, card in enumerate(self.cards) if i not in used)
        total = sum(meld.points or 0 for meld in melds)
        return Arrangement(total, tuple(melds), left, self.rules.opening_min)


def _searcher(
    problem: _Problem, memo: dict[int, tuple[int, bool, int]], use_all: bool
) -> Callable[[int, int, int], int]:
    """The memoised branch-and-bound search over remaining multisets.

    ``search(state, bound, alpha)`` returns the best value of ``state`` when
    it is above ``alpha``, otherwise an upper bound of it that is at most
    ``alpha`` (``_NEG``: no way to lay every card). ``bound`` is an upper
    bound of the state (each card at its best value). Memo entries are
    (value, exact, choice).
    """
    unit = problem.unit
    width = problem.width
    guard = problem.guard
    joker_unit = problem.joker_unit
    card_max = problem.card_max
    by_first = problem.by_first

    def search(state: int, bound: int, alpha: int) -> int:
        entry = memo.get(state)
        if entry is not None and (entry[1] or entry[0] <= alpha):
            return entry[0]
        low = state & -state
        if low == 0 or low >= joker_unit:  # only plain jokers left, or nothing
            value = 0 if not use_all or state == 0 else _NEG
            memo[state] = (value, True, _END)
            return value
        if bound <= alpha:
            return bound
        t = (low.bit_length() - 1) // width
        best = ceiling = _NEG
        choice = _END
        guarded = state | guard
        for key, value, cost, index in by_first[t]:
            if (guarded - key) & guard != guard:
                continue  # the pattern does not fit in what is left
            floor = (best if best > alpha else alpha) - value
            rest_bound = bound - cost
            if rest_bound <= floor:
                rest = rest_bound
            else:
                rest = search(state - key, rest_bound, floor)
                if rest == _NEG:
                    continue
                if rest > floor:
                    best = rest + value
                    choice = index
                    continue
            if rest + value > ceiling:
                ceiling = rest + value
        if not use_all:
            floor = best if best > alpha else alpha
            rest_bound = bound - card_max[t]
            if rest_bound <= floor:
                rest = rest_bound
            else:
                rest = search(state - unit[t], rest_bound, floor)
                if rest > floor:
                    best = rest
                    choice = _LEAVE
            if rest <= floor and rest > ceiling:
                ceiling = rest
        if best > alpha:
            memo[state] = (best, True, choice)
            return best
        if ceiling > best:
            best = ceiling
        memo[state] = (best, best == _NEG, _END)
        return best

    return search


# --------------------------------------------------------------------------
# Patterns: every meld the hand can form.


def _check_pack(
    where: dict[tuple[int, int, int], list[int]], plain: int, rules: Rules
) -> None:
    """A hand holding more of a card than the pack (or too many jokers) is bad."""
    jokers = plain
    for (number, suit, declared), indices in where.items():
        if declared:
            jokers += len(indices)
        elif len(indices) > 2:
            card = _natural(number, suit)
            raise HandError(
                f"{card} is there {len(indices)} times: the pack holds it twice"
            )
    if jokers > rules.jokers:
        raise HandError(
            f"{jokers} jokers: the pack holds only {rules.jokers} under these rules"
        )


_VALUES: dict[tuple[int, int, int], list[int]] = {}


def _position_values(rules: Rules) -> list[int]:
    """Good points at run positions 0 (unused), 1 (low ace) … 26."""
    key = (rules.ace_low, rules.ace_high, rules.face_value)
    values = _VALUES.get(key)
    if values is None:
        values = [0] + [position_value(p, rules) for p in range(1, 27)]
        _VALUES[key] = values
    return values


def _meld_ok(naturals: int, jokers: int, rules: Rules) -> bool:
    """The joker rules of one meld (as ``melds._joker_count_reason``)."""
    if naturals < max(1, rules.min_naturals):
        return False
    if rules.jokers_at_most_naturals and jokers > naturals:
        return False
    cap = rules.max_jokers_per_meld
    return cap is None or jokers <= cap


def _find_runs(problem: _Problem, found: _Found) -> None:
    """Every legal run that does not split into two legal runs worth as much."""
    rules = problem.rules
    jokers = problem.jokers
    for suit in range(4):
        natural = problem.natural_at[suit]
        declared = problem.declared_at[suit]
        naturals = sum(1 << n for n in range(1, 14) if natural[n] >= 0)
        if not naturals:
            continue
        cards = naturals | sum(1 << n for n in range(1, 14) if declared[n] >= 0)
        reach = jokers + sum(problem.counts[d] for d in declared if d >= 0)
        window = (1 << (reach + 1)) - 1
        # bit p: a card at run position p (1 low ace … 26, cyclic)
        there = cards | cards << 13 | cards << 26
        near = naturals | naturals << 13 | naturals << 26
        if not jokers and not there & there >> 1 & there >> 2:
            continue  # no three cards in a row
        extend = _run_grower(problem, suit, near, found)
        for start in range(1, 14) if rules.wrap_around else range(1, 13):
            if 3 - (there >> start & 7).bit_count() > jokers:
                continue  # not even three cards from here
            if not near >> start & window:
                continue  # no natural card within the jokers' reach
            if rules.ace_both_ends and start == 1:
                last = 14
            elif rules.wrap_around:
                last = start + 12
            else:
                last = min(start + 12, 14)
            extend(start, last, start, 0, 0, 0, 0)


def _run_grower(
    problem: _Problem, suit: int, near: int, found: _Found
) -> Callable[[int, int, int, int, int, int, int], None]:
    """Grows the runs of one suit card by card from a start.

    A branch stops as soon as every run growing from it would split (its head
    and the rest are legal whatever is added), which keeps hands full of
    jokers small; and when no natural card is within the jokers' reach.
    """
    rules = problem.rules
    counts = problem.counts
    jokers = problem.jokers
    unit = problem.unit
    joker_unit = problem.joker_unit
    scale = problem.scale
    values = problem.values
    natural = problem.natural_at[suit]
    declared = problem.declared_at[suit]
    adjacent = rules.adjacent_jokers
    cap = rules.max_jokers_per_meld
    at_most = rules.jokers_at_most_naturals
    need = max(1, rules.min_naturals)
    keeps_value = rules.ace_low >= rules.ace_high
    jokerish = {_PLAIN} | {d for d in declared if d >= 0}
    declared_total = sum(counts[d] for d in declared if d >= 0)
    codes: list[int] = []
    used = [0] * len(counts)
    nats = [0]  # naturals among the first i cards
    joks = [0]  # jokers among the first i cards

    def splits(start: int, length: int, spare: int) -> tuple[bool, bool]:
        """(this run splits, every longer run from it splits too)."""
        now = False
        for k in range(3, length - 2):
            if start + k == 14 and not keeps_value:
                continue  # the tail alone would start at a low ace
            tail_nat = nats[length] - nats[k]
            tail_jok = joks[length] - joks[k]
            if not (
                _meld_ok(nats[k], joks[k], rules)
                and _meld_ok(tail_nat, tail_jok, rules)
            ):
                continue
            now = True
            if (not at_most or tail_nat - tail_jok >= spare) and (
                cap is None or tail_jok + spare <= cap
            ):
                return True, True
        return now, False

    def extend(
        start: int,
        last: int,
        position: int,
        plain: int,
        spent: int,
        key: int,
        points: int,
    ) -> None:
        length = position - start
        spare = jokers - plain + declared_total - spent
        now = False
        if length >= 6:
            now, always = splits(start, length, spare)
            if always:
                return
        if length >= 3 and not now and _meld_ok(nats[-1], joks[-1], rules):
            value = points * scale + length
            old = found.get(key)
            if old is None or value > old[0]:
                found[key] = (value, True, tuple(codes), suit, start)
        if position > last:
            return
        number = (position - 1) % 13 + 1
        worth = values[position]
        n = natural[number]
        if n >= 0 and used[n] < counts[n]:
            codes.append(n)
            nats.append(nats[-1] + 1)
            joks.append(joks[-1])
            used[n] += 1
            extend(
                start, last, position + 1, plain, spent, key + unit[n], points + worth
            )
            used[n] -= 1
            codes.pop()
            nats.pop()
            joks.pop()
        if codes and codes[-1] in jokerish and not adjacent:
            return
        if cap is not None and joks[-1] >= cap:
            return
        if nats[-1] < need and not near >> (position + 1) & ((1 << spare) - 1):
            return  # no natural card within the jokers' reach
        nats.append(nats[-1])
        joks.append(joks[-1] + 1)
        d = declared[number]
        if d >= 0 and used[d] < counts[d]:
            codes.append(d)
            used[d] += 1
            extend(
                start,
                last,
                position + 1,
                plain,
                spent + 1,
                key + unit[d],
                points + worth,
            )
            used[d] -= 1
            codes.pop()
        if plain < jokers:
            codes.append(_PLAIN)
            extend(
                start,
                last,
                position + 1,
                plain + 1,
                spent,
                key + joker_unit,
                points + worth,
            )
            codes.pop()
        nats.pop()
        joks.pop()

    return extend


def _find_groups(problem: _Problem, found: _Found) -> None:
    """Every legal group: per suit a natural card, a declared joker or nothing,
    then plain jokers for missing suits."""
    rules = problem.rules
    unit = problem.unit
    joker_unit = problem.joker_unit
    scale = problem.scale
    jokers = problem.jokers
    gcap = rules.max_jokers_in_group
    need = max(1, rules.min_naturals)
    for number in sorted({key[0] for key in problem.keys if not key[2]}):
        options: list[
            list[tuple[int, int, bool]]
        ] = []  # per suit: (suit, type, natural)
        naturals_here = 0
        for suit in range(4):
            n = problem.natural_at[suit][number]
            d = problem.declared_at[suit][number]
            if n >= 0:
                naturals_here += 1
                options.append(
                    [(suit, n, True), (suit, d, False)] if d >= 0 else [(suit, n, True)]
                )
            elif d >= 0:
                options.append([(suit, d, False)])
        if naturals_here < need or len(options) + jokers < 3:
            continue
        points = rules.ace_in_group if number == 1 else problem.values[number]
        choices: list[list[tuple[int, int, bool]]] = [[]]
        for here in options:
            choices = [[*c, o] for c in choices for o in here] + choices
        for chosen in choices:
            naturals = sum(1 for _, _, nat in chosen if nat)
            if naturals < need:
                continue
            fixed = len(chosen)
            key = sum(unit[code] for _, code, _ in chosen)
            suits = [s for s, _, _ in chosen]
            for plain in range(max(0, 3 - fixed), min(jokers, 4 - fixed) + 1):
                size = fixed + plain
                joker_count = size - naturals
                if not _meld_ok(naturals, joker_count, rules):
                    continue
                if gcap is not None and joker_count > gcap:
                    continue
                value = points * size * scale + size
                full_key = key + plain * joker_unit
                old = found.get(full_key)
                if old is None or value > old[0]:
                    missing = [s for s in range(4) if s not in suits][:plain]
                    found[full_key] = (
                        value,
                        False,
                        tuple(code for _, code, _ in chosen) + (_PLAIN,) * plain,
                        number,
                        tuple(suits + missing),
                    )


def _merge_runs(melds: list[Meld], rules: Rules) -> list[Meld]:
    """Join runs of one suit that continue each other (same points, fewer melds)."""

    def ends(meld: Meld) -> tuple[Card | None, Card | None]:
        first, last = meld.cards[0], meld.cards[-1]
        return (
            first.stands_for if first.is_joker else first,
            last.stands_for if last.is_joker else last,
        )

    merged = True
    while merged:
        merged = False
        runs = [m for m in melds if m.type is MeldType.RUN]
        for a in runs:
            a_last = ends(a)[1]
            for b in runs:
                b_first = ends(b)[0]
                if (
                    a is b
                    or a_last is None
                    or b_first is None
                    or a_last.suit is not b_first.suit
                    or a_last.rank is None
                    or b_first.rank is None
                    or b_first.rank.number != a_last.rank.number % 13 + 1
                ):
                    continue
                joined = check_meld(a.cards + b.cards, rules)
                if (
                    joined.valid
                    and joined.points == (a.points or 0) + (b.points or 0)
                    and joined.cards == a.cards + b.cards
                ):
                    melds = [m for m in melds if m is not a and m is not b]
                    melds.append(joined)
                    merged = True
                    break
            if merged:
                break
    return melds
