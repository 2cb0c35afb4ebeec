"""The round-entry screen as plain Python: every tap is a method, tested alone.

:class:`RoundEntryModel` wraps the round being entered (a
:class:`~jolly_scorer.ui.models.round.RoundModel`, which asks the core for every
rule) and the short-lived screen state: the player shown on a phone, what the
card editor is open on, the text typed in the fields (a counted-points field
keeps a refused text with its message and changes nothing), whether Cancel is
asking first, and a round saved meanwhile on another device.

The screen calls one method per tap, then redraws; when :attr:`dirty` is set it
hands :meth:`RoundModel.to_draft` to the store and clears it.

>>> from jolly_scorer.core.game import new_game
>>> from jolly_scorer.core.rules import find_rules
>>> entry = RoundEntryModel(RoundModel(new_game(find_rules("jolly_at"), ["A", "B"])))
>>> entry.set_points("B", "bad", "1e9")
>>> entry.points_error("B", "bad"), entry.rounds.modes["B"]
('Enter a whole number (digits 0-9 only)', 'cards')
>>> entry.save() is None, entry.error
(True, 'Not saved: a points field is not a whole number.')
>>> entry.set_points("B", "bad", "12")
>>> entry.save() is None
True
>>> print(entry.error.replace("hand, ", "hand,\\n "))
Not saved: Who went out? Choose a player, or Nobody. Enter the cards left in A's hand,
 or the points counted.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from jolly_scorer.core.cards import Card, format_cards, parse_card
from jolly_scorer.core.game import PlacedCard, Round
from jolly_scorer.core.melds import Meld, Reason
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.numbers import NumberError, parse_whole_number
from jolly_scorer.ui.models.problem_text import missing_text
from jolly_scorer.ui.models.round import (
    MeldDraft,
    RoundModel,
    RoundTaken,
    Target,
    parse_typed,
)

if TYPE_CHECKING:
    from jolly_scorer.core.arranger import Arrangement, Split

__all__ = ["Editing", "RoundEntryModel", "parse_typed"]

PointsKey = Literal["good", "bad"]


@dataclass(frozen=True)
class Editing:
    """What the card editor is open on: a model target, or a player's pile."""

    target: Target | None
    pile: str | None
    text: str
    bad: str | None
    pile_cards: tuple[Card, ...]
    #: a tap on a joker opened its readings (the position tapped, -1: none)
    joker: int | None = None
    #: the best partial split of the pile, waiting to be accepted
    split: Arrangement | None = None

    @property
    def player(self) -> str:
        """The player whose panel holds the editor."""
        if self.target is not None:
            return self.target.player
        return self.pile or ""


class RoundEntryModel:
    """Everything the round-entry screen shows, changed only by its methods."""

    def __init__(self, rounds: RoundModel, t: Translator | None = None) -> None:
        self.rounds = rounds
        self.t = t or Translator()
        self.player: str = rounds.players[0]
        self._editing: Editing | None = None
        self.laying_off: str | None = None
        #: whose hand editor closed because another device switched that
        #: part to counted points: a tap still on its way to the picker the
        #: page showed is refused in words (issue 34.3)
        self._to_points: str | None = None
        self.show_melds = rounds.melds_needed()
        self.typing = False
        self.error: str | None = None
        self._checked: str | None = None  # the error Save's own checks gave
        self._done_for: str | None = None  # a Done refused: whose part
        self._how: str | None = None  # how to go back to cards (all typed)
        self.confirm_cancel = False
        self.taken: RoundTaken | None = None
        self.show_taken = False  # the saved round's details are open
        self.busy = False  # the arranger is at work (off the event loop)
        self.dirty = False  # the round changed: keep a draft
        self.drafts = 0  # changes so far (the latest one's draft is written)
        self.closed = False  # saved or left: no more drafts
        self._points: dict[tuple[str, str], tuple[str, str | None]] = {}
        # -- entering together (``models/shared_round.py``) --
        #: the round is shared at a live table: statuses and Done are shown
        self.together = False
        #: this device's seat (a joined phone's player), if chosen
        self.seat: str | None = None
        #: each player's stored status: "entering" / "done" (absent: nothing yet)
        self.statuses: dict[str, str] = {}
        #: Done taps (or taking one back) not stored yet
        self.done_taps: dict[str, bool] = {}
        #: the seats whose part this page changed and has not stored yet
        #: (the shared round's, ``together/sync.py``; None: not shared): such
        #: a player is "entering" from the first redraw after the change
        self.unstored: Callable[[], Collection[str]] | None = None
        #: a change another device made to a part this page entered
        self.notice: str | None = None
        #: Save asks "Not everyone is done. Save anyway?"
        self.confirm_save = False
        #: another device wrote a part of this round (the table enters it)
        self.others = False
        #: speed: the counted-points field the counting sheet selects next
        #: (a tap on who went out, everyone counting): (player, "good"|"bad");
        #: the sheet's keys (``models/counted_keys.py``) take it and clear it
        self.focus: tuple[str, PointsKey] | None = None
        if rounds.default_mode == "points" and not rounds.melds:
            self.show_melds = False  # a table that counted keeps counting

    # -- which player, which editor --------------------------------------------
    @property
    def editing(self) -> Editing | None:
        """What the card editor is open on (None: closed)."""
        return self._editing

    @editing.setter
    def editing(self, value: Editing | None) -> None:
        self._editing = self._leave_offered(value)

    def _leave_offered(self, value: Editing | None) -> Editing | None:
        """The editor moves to ``value``: the meld it opened by itself for
        who went out, left with no card in it, is taken off the table (nobody
        asked for it; an empty meld would stop the Save). ``value``'s meld
        index follows the melds after it."""
        key = self.rounds.offered
        if key is None:
            return value
        melds = self.rounds.melds
        index = next((i for i, m in enumerate(melds) if m.key == key), None)
        target = value.target if value is not None else None
        if index is not None and target == Target("meld", melds[index].owner, index):
            return value  # still on it
        self.rounds.offered = None
        if index is None or melds[index].cards:
            return value
        self.rounds.remove_meld(index)
        if value is not None and target is not None and (target.meld or 0) > index:
            moved = Target(target.kind, target.player, (target.meld or 0) - 1)
            value = _replace(value, target=moved)
        return value

    def _offer_meld(self, closer: str | None) -> None:
        """Handglatt was switched on: who went out laid all their cards as
        melds at once, so with nothing of theirs on the table yet the editor
        opens on their first meld (a tap saved: the next tap is its first
        card). Not when melds do not count, the closer counted points or the
        editor is open; and not at a live table, where the parts go to the
        other devices as they are (an empty meld there would be one)."""
        rounds = self.rounds
        if (
            closer is None
            or not self.show_melds
            or self.editing is not None
            or rounds.modes[closer] != "cards"
            or self.together
            or self.seat is not None
            or any(m.owner == closer for m in rounds.melds)
            or rounds.layoffs_of(closer)
        ):
            return
        self.new_meld(closer)
        editing = self.editing
        if editing is not None and editing.target is not None:
            rounds.offered = rounds.melds[editing.target.meld or 0].key

    def _offered_empty(self) -> bool:
        """The editor is on the meld it opened by itself, still empty."""
        key = self.rounds.offered
        return any(m.key == key and not m.cards for m in self.rounds.melds)

    def select_player(self, player: str) -> None:
        """Show ``player`` (a phone shows one at a time); a player who holds
        cards gets the editor on the hand at once (no extra tap)."""
        self.rounds._check_player(player)
        self.player = player
        self.laying_off = None
        rounds = self.rounds
        if player != rounds.closer and rounds.modes[player] == "cards":
            self.edit(Target("hand", player))
        else:
            self.editing = None

    def step_player(self, step: int) -> None:
        """The next (``1``) or previous (``-1``) player."""
        names = self.rounds.players
        self.select_player(names[(names.index(self.player) + step) % len(names)])

    def edit(self, target: Target | None) -> None:
        """Open the editor on a target (None closes it)."""
        self.laying_off = None
        self._to_points = None
        if target is None:
            self.editing = None
            return
        self.player = target.player
        text = format_cards(self.rounds.cards_of(target))
        self.editing = Editing(target, None, text, None, ())

    def edit_pile(self, player: str) -> None:
        """The editor on the unordered cards ``player`` put down, to split."""
        self.laying_off = None
        self.player = player
        self.editing = Editing(None, player, "", None, ())

    def set_typing(self, value: bool) -> None:
        self.typing = bool(value)

    def start_layoff(self, player: str) -> None:
        """Choose the meld ``player`` lays off on (a second tap: not now).

        An editor open on one of ``player``'s things stays open and offers
        the choice in place of the card grid."""
        self.player = player
        if self.editing is not None and self.editing.player != player:
            self.editing = None
        self.laying_off = None if self.laying_off == player else player

    def lay_off_on(self, player: str, key: str) -> None:
        """``player`` lays off on the meld named ``key`` (gone meanwhile,
        taken back on another device: nothing happens)."""
        index = next((i for i, m in enumerate(self.rounds.melds) if m.key == key), None)
        if index is not None:
            self.edit(Target("layoff", player, index))

    def count_all(self) -> None:
        """Every player counted points at the table: all fields on one screen.

        At a table, a player whose cards in hand are entered (on their own
        phone, maybe) keeps them: switching them would drop their cards from
        the score without a word (their fields would read 0)."""
        rounds = self.rounds
        for player in rounds.players:
            if (
                self.together
                and rounds.modes[player] == "cards"
                and rounds.hands[player]
            ):
                continue
            rounds.set_mode(player, "points")
        self.show_melds = False
        self.editing = None
        self.laying_off = None
        self.dirty = True
        self.ask_focus(self.first_field())  # speed: the digits go right in

    def tap_count_all(self) -> None:
        """A tap on "Everyone counted points": counting now; ticked already
        (everyone counts), nothing changes and the page says how to enter a
        player's cards (issue 34.11: it did nothing and said nothing). Not
        everyone back to cards at once: a round that opens counted shows the
        button ticked, and a habitual tap there would drop every number typed
        from the round."""
        if not self.all_counted:
            self.count_all()
            return
        self.error = self._how = self.t(
            "Everyone counts points. To enter a player's cards instead, tap the"
            " cards button on their line."
        )

    def fields(self) -> list[tuple[str, PointsKey]]:
        """Every counted-points field shown, from who went out on in seat
        order: the closer's good points (none in penalty scoring), the
        others' good (plus scoring) and bad points. Enter moves along it."""
        rounds = self.rounds
        seat = rounds.players.index(rounds.closer) if rounds.closer else 0
        out: list[tuple[str, PointsKey]] = []
        for player in rounds.players[seat:] + rounds.players[:seat]:
            if rounds.modes[player] != "points":
                continue
            for key in rounds.points_keys(player):
                out.append((player, "good" if key == "good" else "bad"))
        return out

    def _empty(self, place: tuple[str, PointsKey]) -> bool:
        """Nobody typed into this field (a typed 0 is not empty)."""
        return place not in self.rounds.entered and not self.points_error(*place)

    def first_field(self) -> tuple[str, PointsKey] | None:
        """The field to fill first: the first empty one from who went out on
        (the closer's good points; penalty scoring: the next player's bad
        points), else the first. A joined phone's own seat comes first
        (issue 34.1): its own first empty field, else its own first (the
        keys typed on Cleo's phone never start in Anna's field); only a seat
        with no field (who went out, penalty scoring) starts on the table's."""
        fields = self.fields()
        if self.seat is not None:
            mine = [f for f in fields if f[0] == self.seat]
            if mine:
                return next((f for f in mine if self._empty(f)), mine[0])
        empty = [f for f in fields if self._empty(f)]
        return empty[0] if empty else (fields[0] if fields else None)

    def next_field(self, place: tuple[str, PointsKey]) -> tuple[str, PointsKey] | None:
        """Where Enter in field ``place`` goes: the next field nobody filled,
        in seat order from there and round again (who went out has none in
        penalty scoring); with every field filled, ``place`` itself, so that
        the keys typed next never go nowhere."""
        fields = self.fields()
        if place not in fields:
            return self.first_field()
        at = fields.index(place)
        following = fields[at + 1 :] + fields[:at]
        return next((f for f in following if self._empty(f)), place)

    def ask_focus(self, place: tuple[str, PointsKey] | None) -> None:
        """Have the counting sheet select counted-points field ``place`` (the
        next key goes there, also one that comes before the redraw)."""
        self.focus = place

    @property
    def all_counted(self) -> bool:
        """Every player counted points (the fields of all fit on a phone)."""
        return all(mode == "points" for mode in self.rounds.modes.values())

    # -- cards --------------------------------------------------------------
    def pick(self, code: str) -> None:
        """A tap on the card picker."""
        editing = self.editing
        gone = self._to_points
        if editing is None and gone is not None:
            # a tap on the picker of a hand editor that another device's
            # switch to counted points closed meanwhile (issue 34.3)
            self._refuse_for_points(gone, parse_card(code).label)
            return
        if editing is None:
            return
        card = parse_card(code)
        target = editing.target
        if (
            target is not None
            and target.kind == "hand"
            and self.rounds.modes.get(target.player) == "points"
        ):
            # switched to counted points on another device while this
            # editor was open (issue 34.3): the tap is refused, in words
            self.editing = None
            self._refuse_for_points(target.player, card.label)
            return
        if target is not None and target.kind == "discard":
            self.rounds.add_card(target, card)  # one card: one tap and done
            self.editing = None
            self.dirty = True
        elif target is not None:
            self.rounds.add_card(target, card)
            text = format_cards(self.rounds.cards_of(target))
            self.editing = _replace(editing, text=text, bad=None)
            self.dirty = True
        else:
            pile = (*editing.pile_cards, card)
            self.editing = _replace(
                editing, pile_cards=pile, text=format_cards(pile), split=None
            )

    def _refuse_for_points(self, player: str, cards: str) -> None:
        """Cards for ``player``'s hand, who counts points now: not entered,
        and the page says so."""
        self.notice = self.t(
            "{name} counts points now; not entered: {card}", name=player, card=cards
        )

    def typed(self, text: str) -> None:
        """The typed-card field changed: the cards up to a bad token count."""
        editing = self.editing
        gone = self._to_points
        if editing is None and gone is not None:
            # typed into a hand editor that another device's switch to
            # counted points closed meanwhile (issue 34.3)
            cards, _token = parse_typed(text)
            if cards:
                self._refuse_for_points(gone, ", ".join(c.label for c in cards))
            return
        if editing is None:
            return
        cards, token = parse_typed(text)
        bad = None if token is None else self.t("Not a card: {token}", token=token)
        new = _replace(editing, text=text, bad=bad)
        if bad is not None:
            self.editing = new
        elif editing.target is not None:
            self.rounds.set_cards(editing.target, cards)
            self.editing = new
            self.dirty = True
        else:
            self.editing = _replace(new, pile_cards=cards, split=None)

    def remove(self, position: int | None = None) -> None:
        """Take out the card at ``position`` (None: the last one)."""
        editing = self.editing
        if editing is None:
            return
        if editing.target is None:
            pile = list(editing.pile_cards)
            if pile:
                del pile[-1 if position is None else position]
            self.editing = _replace(
                editing, pile_cards=tuple(pile), text=format_cards(pile), split=None
            )
            return
        self.rounds.remove_card(editing.target, position)
        text = format_cards(self.rounds.cards_of(editing.target))
        self.editing = _replace(editing, text=text, bad=None, joker=None)
        self.dirty = True

    def show_joker(self, position: int | None) -> None:
        """Open (a position) or close (None) the joker's readings."""
        if self.editing is not None:
            self.editing = _replace(self.editing, joker=position)

    def open_joker(self, index: int) -> None:
        """A tap on a joker of a meld on the table: the editor with its readings."""
        meld = self.rounds.melds[index]
        target = Target("meld", meld.owner, index)
        own = self.rounds.cards_of(target)
        position = next((n for n, c in enumerate(own) if c.is_joker), -1)
        self.player = meld.owner
        self.laying_off = None
        self.editing = Editing(target, None, format_cards(own), None, (), position)

    def new_meld(self, player: str) -> None:
        index = self.rounds.add_meld(player)
        self.player = player
        self.laying_off = None
        self.editing = Editing(Target("meld", player, index), None, "", None, ())
        self.dirty = True

    def meld_index(self, which: int | str) -> int | None:
        """Where meld ``which`` lies now: an index as it is, a meld's key
        looked up (None: that meld is gone). A button drawn for a meld passes
        its key, so a tap handled after another device moved the melds acts
        on the meld the person saw, or on nothing."""
        if isinstance(which, int):
            return which
        return next(
            (i for i, m in enumerate(self.rounds.melds) if m.key == which), None
        )

    def delete_meld(self, which: int | str) -> None:
        """Take a meld off the table with its lay-offs; at a table the other
        players' lay-offs on it stay theirs (entered on their devices, maybe):
        each comes back as a meld of theirs, shown as a problem until it is
        changed or deleted (as when the meld went on another device)."""
        index = self.meld_index(which)
        if index is None:
            return
        meld = self.rounds.melds[index]
        self.rounds.remove_meld(index)
        if self.together:
            laid: dict[str, list[PlacedCard]] = {}
            for placed in meld.cards:
                if placed.by not in (None, meld.owner):
                    laid.setdefault(placed.by, []).append(PlacedCard(placed.card))
            for by, cards in laid.items():
                key = f"{meld.key}-{by}"
                self.rounds.melds.append(MeldDraft(by, cards, key=key))
        self.editing = None
        self.dirty = True

    def choose_reading(self, which: int | str, reading: Meld) -> None:
        index = self.meld_index(which)
        if index is None:
            return
        self.rounds.choose_reading(index, reading)
        if self.editing is not None:
            self.editing = _replace(self.editing, joker=None)
        self.dirty = True

    def free_jokers(self, which: int | str) -> None:
        index = self.meld_index(which)
        if index is None:
            return
        self.rounds.free_jokers(index)
        self.dirty = True

    def judged(self, index: int) -> Meld | None:
        """The verdict of meld ``index`` once it can be judged: three cards, or
        fewer that can never become a meld; None while it is being started."""
        meld = self.rounds.melds[index]
        if not meld.cards:
            return None
        verdict = self.rounds.verdict(index)
        if len(meld.cards) >= 3 or (
            not verdict.valid and verdict.reason is not Reason.TOO_FEW_CARDS
        ):
            return verdict
        return None

    # -- the pile: split by the arranger (the screen runs it off the loop) -------
    def pile_to_split(self) -> tuple[str, tuple[Card, ...]] | None:
        """``(owner, cards)`` of the pile to arrange, or None."""
        editing = self.editing
        if editing is None or editing.pile is None or not editing.pile_cards:
            return None
        if self.busy:
            return None
        self.busy = True
        return editing.pile, editing.pile_cards

    def split_done(self, split: Split | None, failure: str | None = None) -> None:
        """The arranger's answer (or its refusal, e.g. too many cards)."""
        self.busy = False
        editing = self.editing
        if editing is None or editing.pile is None:
            return
        if failure is not None or split is None:
            self.editing = _replace(editing, bad=failure)
        elif split.arrangement is not None:
            self.rounds.accept_split(editing.pile, split.arrangement)
            self.editing = None
            self.dirty = True
        elif not split.best.melds:
            message = self.t("These cards do not make a single meld.")
            self.editing = _replace(editing, bad=message)
        else:
            self.editing = _replace(editing, split=split.best, bad=None)

    def accept_split(self, rest: Literal["pile", "hand"] | None) -> None:
        """Lay the best split down (rest stays in the pile or goes to the
        hand); None: back to changing the cards."""
        editing = self.editing
        if editing is None or editing.split is None or editing.pile is None:
            return
        if rest is None:
            self.editing = _replace(editing, split=None)
            return
        left = self.rounds.accept_split(editing.pile, editing.split, rest)
        self.dirty = True
        if left:
            self.editing = _replace(
                editing, pile_cards=left, text=format_cards(left), split=None
            )
        else:
            self.editing = None

    # -- closer, mode, counted points ---------------------------------------------
    def set_closer(self, player: str | None) -> None:
        self.rounds.set_closer(player)
        if self.all_counted:  # speed: on to the first field to fill
            self.ask_focus(self.first_field())
        editing = self.editing
        if (
            player is not None
            and editing is not None
            and editing.target == Target("hand", player)
        ):
            self.editing = None
        self.dirty = True

    def set_handglatt(self, value: bool, closer: str | None = None) -> None:
        """Handglatt on or off; ``closer``: the player the switch named when
        it was tapped (another device chose another closer meanwhile: the
        tap is not given to them). The counting sheet's selected field stays
        selected: the keys typed next go on there."""
        if closer is not None and closer != self.rounds.closer:
            return
        self.rounds.set_handglatt(value)
        if value:
            self._offer_meld(self.rounds.closer)
        elif self._offered_empty():
            self.editing = None  # (the meld opened by itself goes with it)
        self.dirty = True

    def set_mode(self, player: str, mode: str) -> None:
        """``player`` counts points, or enters cards again. Back to cards in
        plus scoring, melds count: the meld, lay-off and all-at-once buttons
        come back, also after a round everyone counted (issue 34.6)."""
        self.rounds.set_mode(player, "points" if mode == "points" else "cards")
        if mode != "points" and self.rounds.melds_needed():
            self.show_melds = True
        editing = self.editing
        if editing and editing.target and editing.target.kind == "hand":
            self.editing = None
        elif mode == "points" and self._offered_empty():
            self.editing = None  # counted: (the meld opened by itself goes)
        self.dirty = True

    def set_points(self, player: str, key: PointsKey, text: str) -> None:
        """A counted-points field changed: a whole number goes in (emptied:
        nobody's number, so the player needs one again, never 0); anything
        else keeps the text with a message and changes nothing."""
        try:
            value = parse_whole_number(text, empty=0)
        except NumberError as error:
            message = self.t(
                error.message, minimum=error.minimum, maximum=error.maximum
            )
            self._points[(player, key)] = (text, message)
            return
        self._points[(player, key)] = (text, None)
        if key == "good":
            self.rounds.set_counted(player, good=value)
        else:
            self.rounds.set_counted(player, bad=value)
        if not text.strip():  # an emptied field shows empty, also from a draft
            self.rounds.entered.discard((player, key))
        self.dirty = True

    def points_text(self, player: str, key: PointsKey) -> str:
        """What the field shows: the text typed, else the counted value."""
        if (player, key) in self._points:
            return self._points[(player, key)][0]
        counted = self.rounds.counted.get(player)
        value = getattr(counted, key) if counted else 0
        entered = (player, key) in self.rounds.entered
        return str(value) if value or entered else ""

    def points_error(self, player: str, key: PointsKey) -> str | None:
        return self._points.get((player, key), ("", None))[1]

    def set_show_melds(self, value: bool) -> None:
        self.show_melds = bool(value)

    # -- save, cancel, a round saved meanwhile -------------------------------------
    def save(self) -> Round | None:
        """The round to save, or None with :attr:`error` saying why not."""
        self.confirm_cancel = False
        editing = self.editing
        if editing is not None and parse_typed(editing.text)[1] is not None:
            # the cards up to the bad token are in, the rest is not: the text
            # beside the field says which token; nothing is saved (finding 3)
            self.player = editing.player
        self.error = self._checked = self.refusal()
        self._done_for = None
        return None if self.error else self.rounds.to_round()

    def refusal(self) -> str | None:
        """Why Save would refuse the round now (None: it would save it)."""

        editing = self.editing
        if editing is not None and parse_typed(editing.text)[1] is not None:
            return self.t("Not saved: a card is not readable.")
        if any(message for _, message in self._points.values()):
            return self.t("Not saved: a points field is not a whole number.")
        problems = self.rounds.problems()
        if problems:
            problem = missing_text(self.rounds, problems, self.t)
            return self.t("Not saved: {problem}", problem=problem)
        return self.rounds.check()

    def missing(self) -> str | None:
        """What keeps the round from being ready, for whom, in one line
        (None: nothing; the status line says it)."""
        refusal = self.refusal()
        if refusal is None:
            return None
        prefix = self.t("Not saved: {problem}", problem="")
        return refusal.removeprefix(prefix) if prefix else refusal

    def refresh_error(self) -> None:
        """Save's refusal goes once it is no longer true (the closer chosen,
        the points typed): a message on screen always says what is so now.
        (A refusal of the store stays until the next Save.)"""
        checked = self.error is not None and self.error == self._checked
        if checked and self.refusal() != self.error:
            self.error = self._checked = None
        done_for = self._done_for
        if done_for is not None and self.part_missing(done_for) is None:
            self.error = self._done_for = None
        if self._how is not None and self.error == self._how and not self.all_counted:
            self.error = self._how = None  # a player went back to cards

    def saved(self, answer: str | RoundTaken | None) -> None:
        """What saving answered: None (saved), a refusal, or a round taken."""
        if isinstance(answer, RoundTaken):
            self.taken = answer
            self.error = None
        else:
            self.error = answer

    def look_at_taken(self) -> None:
        """Open (or close) the details of the round saved meanwhile."""
        self.show_taken = not self.show_taken

    def keep_as_correction(self) -> tuple[Round, int] | None:
        """Theirs replaces the round saved meanwhile: ``(round, its index)``."""
        if self.taken is None:
            return None
        entry = self.rounds.to_round()
        return entry, self.taken.number - 1

    def cancel(self) -> bool:
        """Whether the screen may close now; asks first when something would
        be lost (a second call, :meth:`discard`, confirms)."""
        if self.taken is not None or not self.rounds.has_entries():
            return True
        self.confirm_cancel = True
        return False

    def keep_entering(self) -> None:
        self.confirm_cancel = False
        self.confirm_save = False

    # -- entering together -----------------------------------------------------------
    def choose_seat(self, player: str | None) -> None:
        """This device is ``player``'s (None: choose again); shows that player."""
        if player is None:
            self.seat = None
            return
        self.seat = player
        self.select_player(player)

    def status(self, player: str) -> str | None:
        """``"entering"``, ``"done"`` or None (nothing entered yet).

        A game on one device (not ``together``) has no "entering": nobody
        else enters there (issue 35.9: every chip kept "entering…" after its
        editor closed, from the round's draft as stored)."""
        if not self.together:
            return "done" if self.done_taps.get(player) else None
        if player in self.done_taps:
            return "done" if self.done_taps[player] else "entering"
        if self.unstored is not None and player in self.unstored():
            # changed here: the next write stores it as "entering" (a change
            # takes Done back), shown from now on, not only once stored
            return "entering"
        return self.statuses.get(player)

    def tap_done(self, player: str) -> None:
        """``player`` is done with their part (a second tap: not yet). A
        part with something missing (no hand, no points, a meld that is not
        one) is not done: the bar says what, for whom (issue 18.4)."""
        self.rounds._check_player(player)
        done = self.status(player) != "done"
        missing = self.part_missing(player) if done else None
        if missing is not None:
            self.error = self.t(
                "{name} is not done yet: {what}", name=player, what=missing
            )
            self._checked = None
            self._done_for = player
            return
        self.done_taps[player] = done
        self.notice = None
        self.dirty = True

    def part_missing(self, player: str) -> str | None:
        """What is missing in ``player``'s own part, in words (None: nothing)."""

        mine = [
            p
            for p in self.rounds.problems()
            if p.place.player == player and p.code != "closer_missing"
        ]
        return missing_text(self.rounds, mine, self.t) if mine else None

    def everyone_done(self) -> bool:
        return all(self.status(p) == "done" for p in self.rounds.players)

    def ask_before_saving(self) -> bool:
        """At a table, Save asks first while some player is not done (once
        another device entered a part, or someone tapped Done: a host alone
        saves as before); True when it asks now ("Save anyway" goes on)."""
        asked = self.others or any(
            self.status(p) == "done" for p in self.rounds.players
        )
        if not self.together or not asked or self.confirm_save or self.everyone_done():
            self.confirm_save = False
            return False
        self.confirm_save = True
        self.confirm_cancel = False
        return True

    def follow(
        self, rounds: RoundModel, changed: set[str], told: Sequence[str]
    ) -> None:
        """Other devices changed the parts ``changed``: ``rounds`` (merged)
        replaces the round; what only this page has stays (the player shown,
        the editor and a refused text in it, the text typed in a field of a
        player nobody else changed). ``told``: this page's parts that another
        device changed (the later change wins; the notice names them)."""
        before = self.rounds
        self.rounds = rounds
        self.show_melds = (
            self.show_melds
            or bool(rounds.melds)
            # plus scoring, a player back to cards: melds count (issue 34.6)
            or (rounds.melds_needed() and "cards" in rounds.modes.values())
        )
        self._points = {
            key: value for key, value in self._points.items() if key[0] not in changed
        }
        editing = self.editing
        self.editing = _moved(editing, before, rounds, changed)
        if (
            self.editing is None
            and editing is not None
            and editing.target is not None
            and editing.target.kind == "hand"
            and rounds.modes.get(editing.target.player) == "points"
        ):
            self._to_points = editing.target.player
        elif (
            self._to_points is not None
            and rounds.modes.get(self._to_points) != "points"
        ):
            self._to_points = None  # back to cards: a tap is no longer refused
        if self.laying_off is not None and self.laying_off not in rounds.players:
            self.laying_off = None
        if told:
            names = [self.t("Who went out") if s == "" else s for s in told]
            self.notice = self.t(
                "{name}'s part was changed on another device", name=", ".join(names)
            )


def _moved(
    editing: Editing | None,
    before: RoundModel,
    after: RoundModel,
    changed: set[str],
) -> Editing | None:
    """The editor after the round was merged: on the same meld (found by its
    key: melds may move), closed when its thing is gone; its text follows a
    change another device made to that player's part, else stays as typed."""
    if editing is None or editing.target is None:
        return editing
    target = editing.target
    if target.meld is not None:
        key = before.melds[target.meld].key if target.meld < len(before.melds) else None
        index = next((i for i, m in enumerate(after.melds) if m.key == key), None)
        if index is None:
            return None
        target = dataclasses.replace(target, meld=index)
    if target.kind == "discard" and after.closer != target.player:
        return None
    if target.kind == "hand" and after.closer == target.player:
        return None  # went out (another device said so): the hand does not count
    if target.kind == "hand" and after.modes.get(target.player) == "points":
        # counts points now (another device switched it, issue 34.3): an
        # editor left open showed cards and their points that are not stored
        return None
    seat = "" if target.kind == "discard" else target.player
    if seat in changed:
        text = format_cards(after.cards_of(target))
        return _replace(editing, target=target, text=text, bad=None, joker=None)
    return _replace(editing, target=target)


def _replace(value: Editing, **changes: object) -> Editing:
    return dataclasses.replace(value, **changes)  # type: ignore[arg-type]
