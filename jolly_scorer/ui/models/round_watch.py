"""Which parts of the round entry a change touched (plain Python, no Flet).

The round-entry screen draws six kinds of part apart from the rest: the
closer section, the strip of players (a phone), each player's hand (or the
points counted), each meld's tile, the Save bar and the card editor's row of
cards entered. A tap changes one or two of them; the screen draws again
only the parts whose *share* of the model changed
(:meth:`RoundWatch.version`), and anyone may listen to a part
(:meth:`RoundWatch.subscribe`).

A share is cut from the model's whole state, not listed from what a part
shows. Every attribute of the round (:class:`~jolly_scorer.ui.models.round.
RoundModel`) and of the entry (:class:`~jolly_scorer.ui.models.round_entry.
RoundEntryModel`) is one of:

* a player's (:data:`ROUND_PER_PLAYER`, :data:`ENTRY_PER_PLAYER`): each player's
  piece goes to that player's parts only (Ben's hand is not Anna's);
* the card editor's own (:data:`EDITOR_ONLY`: its keyboard, the arranger
  at work): they go to the editor's share only (:data:`EDITOR`, with what
  the editor is open on, whole, and the edited player's piece of every
  per-player attribute of the round);
* read by no watched part (:data:`SCREEN_ONLY`: bookkeeping; the frame
  around the parts is drawn on every tap);
* anything else, a field added tomorrow included: **common**. A change of a
  common value tells every part: a field nobody sorted costs a redraw of
  everything, never a stale part (a wrong score that looks right).

What a part works out from the whole round (its problems, the scores) is in
its share as the worked-out value.

>>> from jolly_scorer.core.game import new_game
>>> from jolly_scorer.core.rules import find_rules
>>> from jolly_scorer.ui.models.round import RoundModel
>>> from jolly_scorer.ui.models.round_entry import RoundEntryModel
>>> entry = RoundEntryModel(RoundModel(new_game(find_rules("jolly_at"), ["A", "B"])))
>>> watch = RoundWatch(entry)
>>> entry.set_points("B", "bad", "12")
>>> sorted(watch.announce())
[('bar',), ('hand', 'B'), ('strip',)]
>>> watch.announce()  # nothing changed since
frozenset()
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING, Any

from jolly_scorer.ui.models.problem_text import opening_warnings
from jolly_scorer.ui.models.round import ROUND_CACHES, Place, RoundModel, Target
from jolly_scorer.ui.models.worked_out import frozen as _frozen

if TYPE_CHECKING:
    from jolly_scorer.ui.models.round_entry import RoundEntryModel

__all__ = [
    "BAR",
    "CLOSER",
    "EDITOR",
    "EDITOR_ONLY",
    "ENTRY_PER_PLAYER",
    "ROUND_PER_PLAYER",
    "SCREEN_ONLY",
    "STATIC",
    "STRIP",
    "RoundWatch",
    "Topic",
    "hand_topic",
    "meld_topic",
    "shares",
]

#: a part of the screen: ``("closer",)``, ``("strip",)``, ``("hand", player)``,
#: ``("meld", key)``, ``("editor",)``
Topic = tuple[str, ...]
Listener = Callable[[Topic], None]

CLOSER: Topic = ("closer",)
STRIP: Topic = ("strip",)
BAR: Topic = ("bar",)
#: the card editor's part that shows the model (the cards entered; its top
#: row and buttons are drawn from their arguments only); in the shares only
#: while the editor is open
EDITOR: Topic = ("editor",)
#: a part showing nothing of the model but its arguments (and the page's
#: translator and settings): it has no share, and is drawn again only when
#: an argument or a common value changed (the number pad's keys)
STATIC: Topic = ("static",)


def hand_topic(player: str) -> Topic:
    """The part showing ``player``'s hand or counted points."""
    return ("hand", player)


def meld_topic(key: str) -> Topic:
    """The tile of the meld named ``key``."""
    return ("meld", key)


#: the round's attributes each player has a piece of (their hand, mode,
#: counted points, fields entered, melds and lay-offs)
ROUND_PER_PLAYER = frozenset({"hands", "modes", "counted", "entered", "melds"})
#: the round's caches (worked out from the rest, not state)
_ROUND_CACHES = ROUND_CACHES
#: the entry's attributes with a piece per player: the counted-points fields'
#: texts and focus (the hand), who is shown and the Done statuses (the strip),
#: what the editor is open on (the part it is open on: only its target is
#: shown outside the editor)
ENTRY_PER_PLAYER = frozenset(
    {
        "_points",
        "focus",
        "player",
        "statuses",
        "done_taps",
        "_editing",
    }
)
#: the entry's attributes only the card editor reads: its keyboard and the
#: arranger at work (the editor's share holds them all)
EDITOR_ONLY = frozenset({"typing", "busy"})
#: the entry's attributes no watched part reads: bookkeeping; the round
#: itself is cut apart above
SCREEN_ONLY = frozenset({"rounds", "dirty", "drafts", "closed"})


def _entered(rounds: RoundModel, player: str) -> Hashable:
    return tuple(k for k in sorted(rounds.entered) if k[0] == player)


def _melds(rounds: RoundModel, player: str) -> Hashable:
    return tuple(
        (i, _frozen(m))
        for i, m in enumerate(rounds.melds)
        if m.owner == player or any(p.by == player for p in m.cards)
    )


#: a player's piece of each of :data:`ROUND_PER_PLAYER` (their melds: those
#: they own or laid off on); one for every attribute (a test checks)
PIECES: dict[str, Callable[[RoundModel, str], Hashable]] = {
    "hands": lambda rounds, player: _frozen(rounds.hands.get(player)),
    "modes": lambda rounds, player: rounds.modes.get(player),
    "counted": lambda rounds, player: _frozen(rounds.counted.get(player)),
    "entered": _entered,
    "melds": _melds,
}


def _mine(place: Any, player: str) -> Any:
    """A ``(player, field)`` place if it is ``player``'s, else None."""
    return place if isinstance(place, tuple) and place and place[0] == player else None


def _common(entry: RoundEntryModel) -> Hashable:
    """Everything not cut into shares: any change tells every part."""
    rounds = entry.rounds
    round_rest = {
        k: v
        for k, v in vars(rounds).items()
        if k not in ROUND_PER_PLAYER and k not in _ROUND_CACHES
    }
    entry_rest = {
        k: v
        for k, v in vars(entry).items()
        if k not in ENTRY_PER_PLAYER and k not in SCREEN_ONLY and k not in EDITOR_ONLY
    }
    # (by value, not the round object's identity: another device's part
    # merged in is a new round object equal but for that part, and only
    # the parts it changed are drawn again; every watched part reads the
    # round through the entry when drawn and acts through ``entry``'s
    # methods, so a part kept from before holds no older round)
    return (
        _frozen(round_rest),
        _frozen(entry_rest),
        # where each meld is (a meld's place names it: "Anna's 2nd meld")
        tuple((m.key, m.owner) for m in rounds.melds),
    )


def shares(entry: RoundEntryModel) -> dict[Topic, Hashable]:
    """Every watched part's share of the model, as values (see the module)."""
    rounds = entry.rounds
    problems = rounds.problems()
    editing = entry.editing.target if entry.editing is not None else None
    entered = _frozen(rounds.entered)
    out: dict[Topic, Hashable] = {}
    preview = rounds.preview()
    for player in rounds.players:
        own = (Place("hand", player), Place("counted", player))
        points = entry._points
        out[hand_topic(player)] = (
            _frozen(rounds.hands[player]),
            rounds.modes[player],
            _frozen(rounds.counted.get(player)),
            tuple(k for k in sorted(rounds.entered) if k[0] == player),
            tuple(sorted((k, v) for k, v in points.items() if k[0] == player)),
            _mine(entry.focus, player),
            editing == Target("hand", player),
            tuple(p for p in problems if p.place in own),
            rounds.counted_adds_to_cards(player),
            # what the counting sheet's line, the preview's row and the
            # status chip of the player work out for themselves when another
            # device's news draws them alone (screen.py: ``parts_only``)
            _frozen(preview.scores[player]),
            entry.status(player),
        )
    for index, meld in enumerate(rounds.melds):
        place = Place("meld", meld.owner, index)
        out[meld_topic(meld.key)] = (
            index,
            _frozen(meld),
            editing == Target("meld", meld.owner, index),
            tuple(p for p in problems if p.place == place),
        )
    out[CLOSER] = (
        entry.all_counted,  # everyone counting: the sheet's button
        editing if editing is not None and editing.kind == "discard" else None,
        tuple(p for p in problems if p.place.kind in ("closer", "discard")),
    )
    out[STRIP] = (
        entry.player,
        _frozen(rounds.modes),
        _frozen(rounds.counted),
        entered,
        tuple(preview.scores[p].score for p in rounds.players),
        tuple(entry.status(p) for p in rounds.players),
        tuple(rounds.points_missing()),
    )
    # the Save bar shows only what is worked out from the whole round (and
    # the fields' texts and the editor's): every score ("–" while a counted
    # number is missing), whether the round is ready and what is missing,
    # the opening warnings (not while cards are picked)
    out[BAR] = (
        preview,
        tuple(rounds.needs_points(p) for p in rounds.players),
        () if entry.editing else tuple(opening_warnings(rounds, entry.t)),
        entry.missing(),
    )
    if entry.editing is not None:
        out[EDITOR] = _editor_share(entry)
    return out


def _editor_share(entry: RoundEntryModel) -> Hashable:
    """The card editor's share: what it is open on (the whole
    :class:`~jolly_scorer.ui.models.round_entry.Editing`), the editor's own
    attributes of the entry, the edited player's piece of every per-player
    attribute of the round and the meld it is open on (a lay-off's: another
    player's meld). Anything else it shows is common (the closer, the
    discard, the melds' places, Handglatt, "show melds", who lays off)."""
    editing = entry.editing
    assert editing is not None
    rounds = entry.rounds
    player = editing.player
    target = editing.target
    index = target.meld if target is not None else None
    meld = (
        _frozen(rounds.melds[index])
        if index is not None and 0 <= index < len(rounds.melds)
        else None
    )
    return (
        _frozen(editing),
        tuple(_frozen(getattr(entry, k)) for k in sorted(EDITOR_ONLY)),
        tuple(PIECES[k](rounds, player) for k in sorted(ROUND_PER_PLAYER)),
        (index, meld),
    )


class RoundWatch:
    """Tells which parts of ``entry`` changed since it last told.

    :meth:`announce` after a change (a tap, another device's part merged):
    each part whose share changed gets a new :meth:`version` and its
    listeners are called. A change of a common value (the module) tells
    every part."""

    def __init__(self, entry: RoundEntryModel) -> None:
        self.entry = entry
        self._common = _common(entry)
        self._shares = shares(entry)
        self._versions: dict[Topic, int] = {}
        self._epoch = 0  # bumped with every common change
        self._listeners: dict[Topic, list[Listener]] = {}

    def version(self, topic: Topic) -> tuple[int, int]:
        """Changes whenever ``topic``'s share (or a common value) changed."""
        return (self._epoch, self._versions.get(topic, 0))

    def subscribe(self, topic: Topic, listener: Listener) -> Callable[[], None]:
        """Call ``listener(topic)`` whenever ``topic`` changes; returns the
        call that ends it."""
        listeners = self._listeners.setdefault(topic, [])
        listeners.append(listener)

        def dispose() -> None:
            if listener in listeners:
                listeners.remove(listener)

        return dispose

    def common_changed(self) -> bool:
        """Whether a common value changed since the last announcement (the
        next one tells every part)."""
        return _common(self.entry) != self._common

    def announce(self, *, tell: bool = True) -> frozenset[Topic]:
        """The parts changed since the last announcement; their listeners
        are told (every part, when a common value changed). ``tell=False``:
        only the versions change (the screen's redraw hands them down)."""
        common = _common(self.entry)
        now = shares(self.entry)
        changed: set[Topic]
        if common != self._common:
            self._epoch += 1
            changed = set(now) | set(self._shares)
        else:
            changed = {
                t
                for t in set(now) | set(self._shares)
                if now.get(t) != self._shares.get(t)
            }
        self._common, self._shares = common, now
        for topic in changed:
            self._versions[topic] = self._versions.get(topic, 0) + 1
        if tell:
            self._tell(changed)
        return frozenset(changed)

    def _tell(self, topics: Iterable[Topic]) -> None:
        for topic in sorted(topics):
            for listener in list(self._listeners.get(topic, ())):
                listener(topic)
