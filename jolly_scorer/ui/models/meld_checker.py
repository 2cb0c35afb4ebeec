"""The meld checker as plain Python: every tap is a method, tested alone.

Two modes. *Melds*: one or more melds (tapped, or typed with ``/`` between
them); each is judged by the core once it can be, and together they are
checked against the pack and the opening. *Best lay-down*: a hand of cards;
the arranger finds the melds worth the most. The arranger runs off the event
loop (the screen awaits :func:`~jolly_scorer.ui.arranging.best_lay_down`):
:meth:`MeldCheckerModel.lay_down_job` hands out one job at a time and
:meth:`~MeldCheckerModel.lay_down_done` / :meth:`~MeldCheckerModel.lay_down_failed`
take its answer; an answer for an older hand or other rules is kept aside,
and the newest hand is asked for next.

Every rule comes from the core (``check_melds``, ``reading_choices``, the
pack's copies); this module only keeps what was entered.

>>> from jolly_scorer.core.rules import find_rules
>>> checker = MeldCheckerModel(find_rules("jolly_at"))
>>> for code in ("Qh", "Kh", "X"):
...     checker.pick(code)
>>> checker.text, checker.judged(0).points, checker.summary()[0]
('Qh Kh X', 31, ('Together: 31 points', True))
>>> checker.typed("5h 6h 7q")
>>> checker.bad, checker.text, [format_cards(m) for m in checker.melds]
('Not a card: 7q', '5h 6h 7q', ['Qh Kh X'])
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from jolly_scorer.core.arranger import MAX_CARDS
from jolly_scorer.core.cards import Card, format_cards, parse_card
from jolly_scorer.core.errors import ArrangeTimeout, HandError, JollyError, TooManyCards
from jolly_scorer.core.melds import (
    Meld,
    MeldsVerdict,
    Reason,
    check_melds,
    reading_choices,
)
from jolly_scorer.core.rules import PRESETS, Rules
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.round import parse_typed, used_up_cards
from jolly_scorer.ui.texts import preset_name, reason_text

if TYPE_CHECKING:
    from jolly_scorer.core.arranger import Arrangement

__all__ = ["LayDown", "MeldCheckerModel", "Mode", "rules_options", "split_melds"]

Mode = Literal["melds", "hand"]
_SEPARATORS = re.compile(r"[/;|\n]")


def split_melds(text: str) -> tuple[tuple[Card, ...], ...] | str:
    """Melds typed with ``/`` (or ``;``, ``|``, a new line) between them, or
    the first token that is not a card.

    >>> [format_cards(m) for m in split_melds("5h 6h X / Qh Kh Ah")]
    ['5h 6h X', 'Qh Kh Ah']
    >>> split_melds("5h / 6q")
    '6q'
    """
    melds: list[tuple[Card, ...]] = []
    for part in _SEPARATORS.split(text):
        cards, bad = parse_typed(part)
        if bad is not None:
            return bad
        if cards:
            melds.append(cards)
    return tuple(melds)


def rules_options(rules: Rules, t: Translator) -> dict[str, tuple[str, Rules]]:
    """The rules to choose from: the game's own first (when they are not a
    preset's), then every preset; key -> (name shown, rules)."""
    options: dict[str, tuple[str, Rules]] = {}
    if all(rules != preset for preset in PRESETS.values()):
        name = rules.name or preset_name(rules.base, t)
        options["game"] = (t("This game: {name}", name=name), rules)
    for key, preset in PRESETS.items():
        options[key] = (preset_name(key, t), preset)
    return options


def _text_of(melds: Iterable[Iterable[Card]]) -> str:
    return " / ".join(text for text in map(format_cards, melds) if text)


@dataclass(frozen=True)
class LayDown:
    """The arranger's answer for ``hand`` under the rules ``key``: the best
    lay-down, or why there is none (too many cards, time up, too many copies)."""

    hand: tuple[Card, ...]
    key: str
    lay: Arrangement | None = None
    error: str | None = None


class MeldCheckerModel:
    """Everything the meld checker shows, changed only by its methods."""

    def __init__(self, rules: Rules, t: Translator | None = None) -> None:
        self.t = t or Translator()
        self.game_rules = rules
        self.options = rules_options(rules, self.t)
        self.rules_key = next(iter(self.options))
        self.mode: Mode = "melds"
        self.melds: tuple[tuple[Card, ...], ...] = ((),)
        self.active = 0  # the meld being built
        self.text = ""  # what the typed-card field shows
        self.bad: str | None = None  # beside the field: the token not a card
        self.hand: tuple[Card, ...] = ()
        self.joker: tuple[int, int] | None = None  # (meld, position) tapped
        self.asked: tuple[tuple[Card, ...], str] | None = None  # job running
        self.answer: LayDown | None = None  # the arranger's latest answer

    @property
    def rules(self) -> Rules:
        return self.options[self.rules_key][1]

    def use(self, rules: Rules, t: Translator) -> None:
        """The screen was drawn again for ``rules`` (the game's) in the
        language of ``t``: the choices follow, the choice made stays."""
        if rules == self.game_rules and t.language == self.t.language:
            return
        self.t, self.game_rules = t, rules
        self.options = rules_options(rules, t)
        if self.rules_key not in self.options:
            self.rules_key = next(iter(self.options))

    # -- taps -----------------------------------------------------------------
    def choose_rules(self, key: str | None) -> None:
        """The rules dropdown (an unknown key keeps the rules)."""
        if key in self.options:
            self.rules_key = key

    def set_mode(self, mode: Mode) -> None:
        """Check melds, or find the best lay-down of a hand; each keeps its cards."""
        self.mode = mode
        self.text = format_cards(self.hand) if mode == "hand" else _text_of(self.melds)
        self.bad = None
        self.joker = None

    def pick(self, code: str) -> None:
        """A tap on the picker: the card joins the meld being built (or the hand)."""
        card = parse_card(code)
        if self.mode == "hand":
            self._set_hand((*self.hand, card))
            return
        melds = list(self.melds)
        melds[self.active] = (*melds[self.active], card)
        self._set_melds(tuple(melds))

    def typed(self, text: str) -> None:
        """The typed-card field changed; a bad token keeps the cards as they
        were and names the token beside the field."""
        self.text = text
        self.joker = None
        if self.mode == "hand":
            cards, bad = parse_typed(text)
            if bad is None:
                self.hand = cards
        else:
            found = split_melds(text)
            bad = found if isinstance(found, str) else None
            if not isinstance(found, str):
                self.melds = found or ((),)
                self.active = len(self.melds) - 1
        self.bad = None if bad is None else self.t("Not a card: {token}", token=bad)

    def tap(self, meld: int, position: int) -> None:
        """A tap on a card of the meld being built: a joker opens its
        readings, any other card is taken out."""
        if self.melds[meld][position].is_joker:
            self.joker = (meld, position)
            self.active = meld
        else:
            self.remove(meld, position)

    def remove(self, meld: int, position: int) -> None:
        """Take the card at ``position`` out of meld ``meld``."""
        cards = list(self.melds[meld])
        del cards[position]
        melds = list(self.melds)
        melds[meld] = tuple(cards)
        self._set_melds(tuple(melds))

    def remove_from_hand(self, position: int) -> None:
        hand = list(self.hand)
        del hand[position]
        self._set_hand(tuple(hand))

    def add_meld(self) -> None:
        """Start another meld (empty melds are dropped)."""
        self.melds = (*[m for m in self.melds if m], ())
        self.active = len(self.melds) - 1
        self.joker = None

    def activate(self, meld: int) -> None:
        """Go back to building meld ``meld``."""
        if 0 <= meld < len(self.melds):
            self.active = meld
        self.joker = None

    def close_joker(self) -> None:
        self.joker = None

    def choose_reading(self, meld: int, reading: Meld) -> None:
        """Fix the jokers of meld ``meld`` as ``reading`` reads them (``X=card``)."""
        cards = list(self.melds[meld])
        for slot, original in enumerate(reading.order):
            if cards[original].is_joker:
                cards[original] = reading.cards[slot]
        melds = list(self.melds)
        melds[meld] = tuple(cards)
        self._set_melds(tuple(melds))

    def clear(self) -> None:
        """Every card out, in both modes (the rules and the mode stay)."""
        self.melds = ((),)
        self.active = 0
        self.hand = ()
        self.text = ""
        self.bad = None
        self.joker = None

    def _set_melds(self, melds: tuple[tuple[Card, ...], ...]) -> None:
        self.melds = melds
        self.active = min(self.active, len(melds) - 1)
        self.text = _text_of(melds)
        self.bad = None
        self.joker = None

    def _set_hand(self, hand: tuple[Card, ...]) -> None:
        self.hand = hand
        self.text = format_cards(hand)
        self.bad = None

    # -- what the screen shows --------------------------------------------------
    def verdict(self) -> MeldsVerdict:
        """The core's verdict on the melds entered (empty ones left out)."""
        return check_melds([m for m in self.melds if m], self.rules)

    def verdicts(self) -> list[Meld | None]:
        """Each meld's verdict (None for an empty one), in order."""
        checked = iter(self.verdict().melds)
        return [next(checked) if m else None for m in self.melds]

    def judged(self, meld: int) -> Meld | None:
        """Meld ``meld``'s verdict once it can be judged: three cards, or fewer
        that can never become a meld; None while it is being started."""
        verdict = self.verdicts()[meld]
        if verdict is None:
            return None
        if len(self.melds[meld]) >= 3 or verdict.reason is not Reason.TOO_FEW_CARDS:
            return verdict
        return None

    def readings(self, meld: int) -> tuple[tuple[Meld, bool], ...]:
        """The readings a joker of meld ``meld`` offers (the current one True)."""
        return reading_choices(self.melds[meld], self.rules)

    def other_readings(self, meld: int) -> bool:
        """Whether a valid meld's jokers could be read another way."""
        verdict = self.verdicts()[meld]
        cards = self.melds[meld]
        return (
            verdict is not None
            and verdict.valid
            and any(card.is_joker for card in cards)
            and len(self.readings(meld)) > 1
        )

    def summary(self) -> list[tuple[str, bool]]:
        """The melds together, line by line, each good (True) or bad."""
        verdict = self.verdict()
        t = self.t
        if verdict.reason is not None:
            return [(reason_text(verdict.reason.value, t), False)]
        if not verdict.valid:
            return [(t("Not every meld is valid."), False)]
        points = t.plural("{n} point", "{n} points", verdict.points or 0)
        return [
            (t("Together: {points}", points=points), True),
            self.opening_text(verdict.opening_reached),
        ]

    def opening_text(self, reached: bool) -> tuple[str, bool]:
        needs = self.rules.opening_min
        if reached:
            return self.t("Enough to open (needs {n}).", n=needs), True
        return self.t("Not enough to open (needs {n}).", n=needs), False

    def used_up(self) -> frozenset[str]:
        """The cards with no copy left in the pack (the picker greys them)."""
        groups = [self.hand] if self.mode == "hand" else self.melds
        counts = Counter(str(card.plain) for cards in groups for card in cards)
        return used_up_cards(counts, self.rules)

    # -- the best lay-down (the arranger runs off the event loop) ----------------
    def best(self) -> LayDown | None:
        """The answer for the hand and rules shown; None while it is being
        worked out (or in melds mode, or with no cards)."""
        answer = self.answer
        if answer is None or (answer.hand, answer.key) != (self.hand, self.rules_key):
            return None
        return answer

    @property
    def working(self) -> bool:
        """The hand shown is waiting for the arranger."""
        return self.mode == "hand" and bool(self.hand) and self.best() is None

    def lay_down_job(self) -> tuple[tuple[Card, ...], str, Rules] | None:
        """``(hand, rules key, rules)`` for the arranger, when the hand shown
        has no answer yet and no job is running (one at a time: a tap meanwhile
        waits for it, and the newest hand is asked next)."""
        if not self.working or self.asked is not None:
            return None
        self.asked = (self.hand, self.rules_key)
        return self.hand, self.rules_key, self.rules

    def lay_down_done(self, hand: tuple[Card, ...], key: str, lay: Arrangement) -> None:
        """The arranger found ``lay`` for ``hand`` under rules ``key``."""
        self.asked = None
        self.answer = LayDown(hand, key, lay=lay)

    def lay_down_failed(
        self, hand: tuple[Card, ...], key: str, error: JollyError
    ) -> None:
        """The arranger refused (too many cards, time up, too many copies):
        the message in words of the user."""
        from jolly_scorer.ui import arranging

        self.asked = None
        t = self.t
        if isinstance(error, TooManyCards):
            message = t("The best lay-down takes at most {n} cards.", n=MAX_CARDS)
        elif isinstance(error, HandError):  # the pack's copies, as the melds say it
            message = reason_text(Reason.TOO_MANY_COPIES.value, t)
        elif isinstance(error, ArrangeTimeout):
            message = t(
                "No best lay-down found in {n} seconds: too many possibilities"
                " (fewer cards or fewer jokers help).",
                n=t.number(arranging.TIME_LIMIT),
            )
        else:  # any other refusal comes worded for the user
            message = str(error)
        self.answer = LayDown(hand, key, error=message)
