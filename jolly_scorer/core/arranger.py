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
cannot beat the best found. What the finders read from the rules (values by
position, the joker rules as a table) is worked out once per rules value and
kept in a small cache. The melds returned are built from the chosen patterns'
readings; each is the very value :func:`check_meld` gives for its cards (the
tests check this), so most hands never call the engine.

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
from time import monotonic

from jolly_scorer.core.cards import RANKS, SUITS, Card, Rank, Suit, rank_number_at
from jolly_scorer.core.errors import ArrangeTimeout, HandError, TooManyCards
from jolly_scorer.core.meld_rules import GROUP_MAX, MIN_CARDS, RUN_MAX, meld_rules
from jolly_scorer.core.melds import Meld, MeldType, check_meld, position_value
from jolly_scorer.core.pack import over_the_pack
from jolly_scorer.core.rules import Rules

__all__ = ["MAX_CARDS", "Arrangement", "Split", "arrange", "best"]

MAX_CARDS = 40
"""The most cards :func:`best` and :func:`arrange` take: more than a player
holds at the table (a dealt hand is 13, the largest allowed 20; a pile laid
down in one round stays below 40). The search grows fast with the cards and
jokers; beyond this it could run for minutes."""


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


def best(
    cards: Sequence[Card], rules: Rules, *, time_limit: float | None = None
) -> Arrangement:
    """The disjoint legal melds with the most good points from a hand.

    Raises :class:`HandError` when the hand holds more copies of a card than
    the pack (or more jokers than the rules' pack), :class:`TooManyCards` for
    more than :data:`MAX_CARDS` cards and :class:`ArrangeTimeout` when the
    search runs past ``time_limit`` seconds (None: no limit).

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
    found = _Problem(tuple(cards), rules, time_limit).solve(use_all=False)
    assert found is not None
    return found


def arrange(
    cards: Sequence[Card], rules: Rules, *, time_limit: float | None = None
) -> Split:
    """All the cards split into legal melds, the split worth the most points.

    Raises as :func:`best` does; ``time_limit`` covers the whole answer.

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
    problem = _Problem(tuple(cards), rules, time_limit)
    whole = problem.solve(use_all=True)
    if whole is not None:
        return Split(whole, whole)
    found = problem.solve(use_all=False)
    assert found is not None
    return Split(None, found)


def _timeout(time_limit_seconds: float) -> ArrangeTimeout:
    return ArrangeTimeout(
        f"no best lay-down found within {time_limit_seconds:g} seconds: "
        "too many possibilities (fewer cards or fewer jokers help)"
    )


# --------------------------------------------------------------------------
# What the search needs from the rules, worked out once per rules value.

_NEG = -(1 << 60)
_PLAIN = -1  # a plain joker among the codes of a pattern
_LEAVE = -1  # memo choice: the lowest card stays in the hand
_END = -2  # memo choice: nothing more to lay down

_SUIT_CODE: dict[Suit | None, int] = {suit: 2 * i for i, suit in enumerate(SUITS)}
_RANK_CODE: dict[Rank | None, int] = {rank: 8 * i + 8 for i, rank in enumerate(RANKS)}
_NATURALS = tuple(tuple(Card(rank, suit) for rank in RANKS) for suit in SUITS)
# _DECLARED[suit][number - 1]: a joker declared as that natural card
_DECLARED = tuple(tuple(Card.joker(card) for card in row) for row in _NATURALS)
_ORDERS = tuple(tuple(range(n)) for n in range(RUN_MAX + 1))


class _Table:
    """The rules as the pattern finders read them.

    ``values[p]``: good points at run position p (1 low ace … 14 high ace,
    cyclic on to 26); ``group_points[n]``: good points of a card of number n
    in a group; ``meld``: what a meld may be (the validator's table:
    ``meld.ok[naturals][jokers]``, the joker limits); ``start_bits``: the
    positions a run may start at (bits), ``last[start]`` the last position it
    may reach.
    """

    __slots__ = (
        "values",
        "group_points",
        "meld",
        "adjacent",
        "keeps_value",
        "start_bits",
        "last",
    )

    def __init__(self, rules: Rules) -> None:
        values = (0, *(position_value(p, rules) for p in range(1, 27)))
        self.values = values
        self.group_points = (0, rules.ace_in_group, *values[2:14])
        self.meld = meld_rules(rules)
        self.adjacent = rules.adjacent_jokers
        self.keeps_value = rules.ace_low >= rules.ace_high
        start_bits = 0
        last = [0] * 14
        for start in range(1, 14) if rules.wrap_around else range(1, 13):
            start_bits |= 1 << start
            if rules.ace_both_ends and start == 1:
                last[start] = 14
            elif rules.wrap_around:
                last[start] = start + 12
            else:
                last[start] = min(start + 12, 14)
        self.start_bits = start_bits
        self.last = tuple(last)


_TABLES: dict[Rules, _Table] = {}
# the same by the identity of the rules object (hashing rules reads every
# knob); each entry holds its rules, so the id cannot be reused meanwhile
_TABLES_BY_ID: dict[int, tuple[Rules, _Table]] = {}


def _table(rules: Rules) -> _Table:
    """The table of these rules, from a small cache (rules are values)."""
    entry = _TABLES_BY_ID.get(id(rules))
    if entry is not None and entry[0] is rules:
        return entry[1]
    table = _TABLES.get(rules)
    if table is None:
        table = _Table(rules)
        if len(_TABLES) >= 64:
            _TABLES.clear()
        _TABLES[rules] = table
    if len(_TABLES_BY_ID) >= 64:
        _TABLES_BY_ID.clear()
    _TABLES_BY_ID[id(rules)] = (rules, table)
    return table


# --------------------------------------------------------------------------
# The search.

# What the pattern finders record per multiset: (value, is_run, codes,
# run_suit, run_start, group_number, group_suits); a run leaves the group's
# fields 0 and (), a group the run's 0 and 0. ``group_suits`` has a suit per code.
_Pattern = tuple[int, bool, tuple[int, ...], int, int, int, tuple[int, ...]]
_Found = dict[int, _Pattern]


class _Problem:
    """A hand prepared for the search: card types, patterns, bounds.

    The state of the search is one integer: the count of each card type in a
    field of ``width`` bits (the top bit of each field is a guard for the
    subtraction test), the plain jokers in the last field.
    """

    def __init__(
        self, cards: tuple[Card, ...], rules: Rules, time_limit: float | None = None
    ) -> None:
        if len(cards) > MAX_CARDS:
            raise TooManyCards(
                f"{len(cards)} cards: the best lay-down takes at most {MAX_CARDS} "
                "cards, more than a player holds at the table"
            )
        extra = over_the_pack(cards, rules)
        if extra is not None:
            held = sum(1 for card in cards if card.plain == extra)
            if extra.is_joker:
                message = f"{held} jokers: the pack holds only {rules.jokers}"
            else:
                message = f"{extra} is there {held} times: the pack holds it twice"
            raise HandError(message + " under these rules")
        self.cards = cards
        self.rules = rules
        if time_limit is not None and not time_limit > 0:
            raise ValueError(f"time_limit must be above 0, not {time_limit!r}")
        self.time_limit = time_limit
        self.deadline = None if time_limit is None else monotonic() + time_limit
        self.table = _table(rules)
        # a card type is number * 8 + suit * 2 + (1 if a declared joker)
        where: dict[int, list[int]] = {}
        plain: list[int] = []
        for i, card in enumerate(cards):
            if card.rank is None:
                target = card.stands_for
                if target is None:
                    plain.append(i)
                    continue
                key = _RANK_CODE[target.rank] + _SUIT_CODE[target.suit] + 1
            else:
                key = _RANK_CODE[card.rank] + _SUIT_CODE[card.suit]
            indices = where.get(key)
            if indices is None:
                where[key] = [i]
            else:
                indices.append(i)
        self.plain = plain
        # Card types by rank, then suit, natural before declared joker.
        self.keys = keys = sorted(where)
        self.where = [where[key] for key in keys]
        self.counts = counts = [len(indices) for indices in self.where]
        self.jokers = jokers = len(plain)
        ntypes = len(keys)
        width = self.width = max(max(counts, default=1), jokers, 1).bit_length() + 1
        self.unit = unit = [1 << (width * i) for i in range(ntypes + 1)]
        self.joker_unit = unit[ntypes]
        self.guard = sum(unit) << (width - 1)
        self.scale = len(cards) + 1
        # Per suit, per number 1..13: the type of the natural card and of a
        # joker declared as it (-1: none in the hand); per suit the numbers
        # of the natural cards and of the declared jokers (bits) and how many
        # declared jokers; per number the types that may go into a group:
        # (suit, type, natural).
        natural_at = [[-1] * 14, [-1] * 14, [-1] * 14, [-1] * 14]
        declared_at = [[-1] * 14, [-1] * 14, [-1] * 14, [-1] * 14]
        natural_bits = [0, 0, 0, 0]
        declared_bits = [0, 0, 0, 0]
        declared_total = [0, 0, 0, 0]
        by_number: dict[int, list[tuple[int, int, bool]]] = {}
        for t, key in enumerate(keys):
            number = key >> 3
            suit = key >> 1 & 3
            natural = not key & 1
            if natural:
                natural_at[suit][number] = t
                natural_bits[suit] |= 1 << number
            else:
                declared_at[suit][number] = t
                declared_bits[suit] |= 1 << number
                declared_total[suit] += counts[t]
            here = by_number.get(number)
            if here is None:
                by_number[number] = [(suit, t, natural)]
            else:
                here.append((suit, t, natural))
        self.natural_at = natural_at
        self.declared_at = declared_at
        self.natural_bits = natural_bits
        self.declared_bits = declared_bits
        self.declared_total = declared_total
        self.by_number = by_number
        found: _Found = {}
        _find_runs(self, found)
        _find_groups(self, found)
        self.check_time()
        self._build(found)

    def check_time(self) -> None:
        """Raise :class:`ArrangeTimeout` when the time limit is past."""
        if self.deadline is not None and monotonic() > self.deadline:
            assert self.time_limit is not None
            raise _timeout(self.time_limit)

    def _build(self, found: _Found) -> None:
        ntypes = len(self.keys)
        scale = self.scale
        values = self.table.values
        group_points = self.table.group_points
        card_max = [0] * ntypes
        joker_max = 0
        entries = sorted(found.items(), key=lambda kv: (-kv[1][0], kv[0]))
        for _, (_, is_run, codes, _, run_start, group_number, _) in entries:
            if is_run:
                for i, code in enumerate(codes, run_start):
                    v = values[i] * scale + 1
                    if code >= 0:
                        if v > card_max[code]:
                            card_max[code] = v
                    elif v > joker_max:
                        joker_max = v
            else:
                v = group_points[group_number] * scale + 1
                for code in codes:
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
        by_first: list[list[tuple[int, int, int, int]]] = [[] for _ in range(ntypes)]
        for i, (key, (value, _, codes, *_)) in enumerate(entries):
            cost = 0
            first = ntypes
            for c in codes:
                if c >= 0:
                    cost += card_max[c]
                    if c < first:
                        first = c
                else:
                    cost += joker_max
            by_first[first].append((key, value, cost, i))
        self.by_first = by_first

    def solve(self, use_all: bool) -> Arrangement | None:
        """The best arrangement; with ``use_all`` one using every card, or None."""
        if not self.entries:  # no meld at all
            if use_all and self.cards:
                return None
            return Arrangement(0, (), self.cards, self.rules.opening_min)
        state = bound = 0
        unit = self.unit
        card_max = self.card_max
        for t, count in enumerate(self.counts):
            if card_max[t]:
                state += unit[t] * count
                bound += card_max[t] * count
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
        chosen: list[int] = []
        width = self.width
        entries = self.entries
        while True:
            choice = memo[state][2]
            if choice == _END:
                break
            if choice == _LEAVE:
                low = state & -state
                state -= unit[(low.bit_length() - 1) // width]
            else:
                chosen.append(choice)
                state -= entries[choice][0]
        return self._arrangement(chosen)

    def _arrangement(self, chosen: list[int]) -> Arrangement:
        """The chosen patterns as melds of the hand's cards.

        Each meld is built from the pattern's reading and is the same value
        :func:`check_meld` gives for its cards (the tests check this): a run
        lies in order with its jokers declared, so its one listed reading is
        the pattern's; a group (cards of one number, all suits different) has
        no run reading, and its cards keep the order given, jokers last.
        """
        cards = self.cards
        where = self.where
        plain = self.plain
        values = self.table.values
        taken = [0] * len(where)
        jokers_taken = 0
        used: set[int] = set()
        melds: list[Meld] = []
        for choice in chosen:
            _, pattern = self.entries[choice]
            _, is_run, codes, run_suit, run_start, group_number, group_suits = pattern
            n = len(codes)
            indices: list[int] = []
            for code in codes:
                if code >= 0:
                    indices.append(where[code][taken[code]])
                    taken[code] += 1
                else:
                    indices.append(plain[jokers_taken])
                    jokers_taken += 1
            used.update(indices)
            if is_run:
                declared = _DECLARED[run_suit]
                meld_cards = tuple(
                    cards[index]
                    if cards[index].rank is not None
                    else declared[rank_number_at(run_start + offset) - 1]
                    for offset, index in enumerate(indices)
                )
                points = values[run_start : run_start + n]
                melds.append(
                    Meld(
                        True,
                        MeldType.RUN,
                        sum(points),
                        meld_cards,
                        _ORDERS[n],
                        tuple(points),
                    )
                )
            else:
                placed = sorted(
                    (
                        cards[index].rank is None,
                        index,
                        cards[index]
                        if cards[index].rank is not None
                        else _DECLARED[suit][group_number - 1],
                    )
                    for index, suit in zip(indices, group_suits, strict=True)
                )
                point = self.table.group_points[group_number]
                melds.append(
                    Meld(
                        True,
                        MeldType.GROUP,
                        point * n,
                        tuple(card for _, _, card in placed),
                        _ORDERS[n],
                        (point,) * n,
                    )
                )
        if len(melds) > 1:
            melds = _merge_runs(melds, self.rules)
            melds.sort(
                key=lambda m: (-(m.points or 0), [c.sort_key() for c in m.cards])
            )
        left = tuple(card for i, card in enumerate(cards) if i not in used)
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
    memo_get = memo.get
    check_time = problem.check_time
    timed = problem.deadline is not None
    steps = 0

    def search(state: int, bound: int, alpha: int) -> int:
        nonlocal steps
        entry = memo_get(state)
        if entry is not None and (entry[1] or entry[0] <= alpha):
            return entry[0]
        if timed:
            steps += 1
            if not steps & 1023:
                check_time()
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


def _find_runs(problem: _Problem, found: _Found) -> None:
    """Every legal run that does not split into two legal runs worth as much.

    Runs grow card by card from a start. A branch stops as soon as every run
    growing from it would split (its head and the rest are legal whatever is
    added), which keeps hands full of jokers small; and when no natural card
    is within the jokers' reach.
    """
    table = problem.table
    counts = problem.counts
    jokers = problem.jokers
    unit = problem.unit
    joker_unit = problem.joker_unit
    scale = problem.scale
    values = table.values
    ok = table.meld.ok
    adjacent = table.adjacent
    per_meld = table.meld.per_meld
    at_most_naturals = table.meld.at_most_naturals
    min_naturals = table.meld.min_naturals
    keeps_value = table.keeps_value
    codes: list[int] = []
    used = [0] * len(counts)
    # the suit being grown (set by the loop at the end)
    suit = 0
    natural: list[int] = []
    declared: list[int] = []
    near = 0
    declared_total = 0

    def splits(
        start: int, length: int, nat: int, bits: int, spare: int
    ) -> tuple[bool, bool]:
        """(this run splits, every longer run from it splits too)."""
        now = False
        for k in range(MIN_CARDS, length - MIN_CARDS + 1):
            if start + k == 14 and not keeps_value:
                continue  # the tail alone would start at a low ace
            head_nat = (bits & ((1 << k) - 1)).bit_count()
            tail_nat = nat - head_nat
            tail_jok = length - k - tail_nat
            if not (ok[head_nat][k - head_nat] and ok[tail_nat][tail_jok]):
                continue
            now = True
            if (not at_most_naturals or tail_nat - tail_jok >= spare) and (
                per_meld is None or tail_jok + spare <= per_meld
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
        nat: int,
        bits: int,
    ) -> None:
        """Grow the run of ``codes`` (``nat`` natural cards, at the set
        ``bits``) from ``start``; the next card goes at ``position``."""
        length = position - start
        spare = jokers - plain + declared_total - spent
        if length >= MIN_CARDS:
            now = False
            if length >= 6:
                now, always = splits(start, length, nat, bits, spare)
                if always:
                    return
            if not now and ok[nat][length - nat]:
                value = points * scale + length
                old = found.get(key)
                if old is None or value > old[0]:
                    found[key] = (value, True, tuple(codes), suit, start, 0, ())
        if position > last:
            return
        number = rank_number_at(position)
        worth = values[position]
        n = natural[number]
        if n >= 0 and used[n] < counts[n]:
            codes.append(n)
            used[n] += 1
            extend(
                start,
                last,
                position + 1,
                plain,
                spent,
                key + unit[n],
                points + worth,
                nat + 1,
                bits | 1 << length,
            )
            used[n] -= 1
            codes.pop()
        if length and not adjacent and not bits >> (length - 1) & 1:
            return  # the last card is a joker
        if per_meld is not None and length - nat >= per_meld:
            return
        if nat < min_naturals and not near >> (position + 1) & ((1 << spare) - 1):
            return  # no natural card within the jokers' reach
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
                nat,
                bits,
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
                nat,
                bits,
            )
            codes.pop()

    for suit in range(4):
        naturals = problem.natural_bits[suit]
        if not naturals:
            continue
        natural = problem.natural_at[suit]
        declared = problem.declared_at[suit]
        declared_total = problem.declared_total[suit]
        cards = naturals | problem.declared_bits[suit]
        # bit p: a card at run position p (1 low ace … 26, cyclic)
        there = cards | cards << 13 | cards << 26
        near = naturals | naturals << 13 | naturals << 26
        # the starts with at least three cards from there (counting jokers)
        # and a natural card within the jokers' reach
        # bit p of next_card: a card at position p + 1; of after_next: p + 2
        next_card, after_next = there >> 1, there >> 2
        if jokers == 0:
            starts = there & next_card & after_next
        elif jokers == 1:
            starts = there & next_card | there & after_next | next_card & after_next
        elif jokers == 2:
            starts = there | next_card | after_next
        else:
            starts = -1
        reach = near
        for k in range(1, min(jokers + declared_total, 13) + 1):
            reach |= near >> k
        starts &= reach & table.start_bits
        while starts:
            low = starts & -starts
            starts ^= low
            start = low.bit_length() - 1
            extend(start, table.last[start], start, 0, 0, 0, 0, 0, 0)


def _find_groups(problem: _Problem, found: _Found) -> None:
    """Every legal group: per suit a natural card, a declared joker or nothing,
    then plain jokers for missing suits."""
    table = problem.table
    limits = table.meld
    ok = limits.ok
    unit = problem.unit
    joker_unit = problem.joker_unit
    scale = problem.scale
    jokers = problem.jokers
    min_naturals = limits.min_naturals
    for number, here in problem.by_number.items():
        # here: (suit, type, natural) by suit, a natural before a declared joker
        if len(here) + jokers < MIN_CARDS:
            continue
        naturals_here = 0
        natural_bits = 0
        clashes: list[int] = []  # a natural and a declared joker of one suit
        for i, (suit, _, nat) in enumerate(here):
            if nat:
                naturals_here += 1
                natural_bits |= 1 << i
            elif i and here[i - 1][0] == suit:
                clashes.append(3 << (i - 1))
        if (
            naturals_here < min_naturals
            or len(here) - len(clashes) + jokers < MIN_CARDS
        ):
            continue
        points = table.group_points[number]
        for mask in range(1, 1 << len(here)):
            naturals = (mask & natural_bits).bit_count()
            if naturals < min_naturals:
                continue
            fixed = mask.bit_count()
            if fixed + jokers < MIN_CARDS or fixed > GROUP_MAX:
                continue
            if clashes and any(mask & c == c for c in clashes):
                continue
            chosen = [here[i] for i in range(len(here)) if mask >> i & 1]
            key = 0
            for _, code, _ in chosen:
                key += unit[code]
            for plain in range(
                MIN_CARDS - fixed if fixed < MIN_CARDS else 0,
                min(jokers, GROUP_MAX - fixed) + 1,
            ):
                size = fixed + plain
                joker_count = size - naturals
                if not ok[naturals][joker_count]:
                    continue
                if not limits.group_allows(joker_count):
                    continue
                value = points * size * scale + size
                full_key = key + plain * joker_unit
                old = found.get(full_key)
                if old is None or value > old[0]:
                    suits = [s for s, _, _ in chosen]
                    missing = [s for s in range(4) if s not in suits][:plain]
                    found[full_key] = (
                        value,
                        False,
                        tuple(code for _, code, _ in chosen) + (_PLAIN,) * plain,
                        0,
                        0,
                        number,
                        tuple(suits + missing),
                    )


def _merge_runs(melds: list[Meld], rules: Rules) -> list[Meld]:
    """Join runs of one suit that continue each other (same points, fewer melds)."""

    def ends(meld: Meld) -> tuple[Card | None, Card | None]:
        return meld.cards[0].natural, meld.cards[-1].natural

    merged = True
    while merged:
        merged = False
        runs = [m for m in melds if m.type is MeldType.RUN]
        for lower in runs:
            lower_last = ends(lower)[1]
            for upper in runs:
                upper_first = ends(upper)[0]
                if (
                    lower is upper
                    or lower_last is None
                    or upper_first is None
                    or lower_last.suit is not upper_first.suit
                    or lower_last.rank is None
                    or upper_first.rank is None
                    or upper_first.rank.number
                    != rank_number_at(lower_last.rank.number + 1)
                ):
                    continue
                joined = check_meld(lower.cards + upper.cards, rules)
                if (
                    joined.valid
                    and joined.points == (lower.points or 0) + (upper.points or 0)
                    and joined.cards == lower.cards + upper.cards
                ):
                    melds = [m for m in melds if m is not lower and m is not upper]
                    melds.append(joined)
                    merged = True
                    break
            if merged:
                break
    return melds
