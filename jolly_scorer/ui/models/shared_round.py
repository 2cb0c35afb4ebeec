"""The next round of a game, entered together: one page's view of the store's
seat parts (plain Python, tested without Flet).

The round being entered is kept in the store as *parts* (one per player, and
the round's own part ``""``: who went out, Handglatt, the discard; see
``ui/models/seat_parts.py``). A page holds a :class:`SharedRound` beside its
:class:`~jolly_scorer.ui.models.round_entry.RoundEntryModel`:

* :meth:`SharedRound.write` stores only the parts that changed since the page
  last wrote or read them, each with its status (``"entering"``, or
  ``"done"`` once the player tapped Done; editing a part again takes Done
  back) and this page's device label; a part another device stored since
  this page read it (a side effect here, say: a meld taken back changes the
  parts of those who laid off on it) gets only the fields this page changed,
  over what is stored, and is then merged in like any other change. The
  writes go through the page's change pipeline (``AppState.entering.parts``), which
  tells the other pages once the batch is written;
* :meth:`SharedRound.catch_up` (another page said the parts changed, or this
  page came back after losing its connection) first writes what this page has
  not written yet, then loads every part, merges them into the model and keeps
  what only this page has: the player shown, what the editor is open on, the
  text typed in a field of a player nobody else changed. A part this page
  wrote that another device changed since is named in
  :attr:`RoundEntryModel.notice` (the later change wins, visibly).

Saving the round (any page) stores the game with the round; the store clears
the round's parts in the same transaction, so a round is saved once and whole.
"""

from __future__ import annotations

import contextlib
import time
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from jolly_scorer.core.cards import parse_card
from jolly_scorer.core.errors import CardError
from jolly_scorer.core.game import Game
from jolly_scorer.core.scoring import score_game
from jolly_scorer.i18n import Translator
from jolly_scorer.store.errors import StoreConflict
from jolly_scorer.store.protocol import RoundPartsStore
from jolly_scorer.store.seat_parts import PartWrittenSince
from jolly_scorer.ui.models.round import DraftError, RoundModel, RoundTaken
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.models.seat_parts import (
    ROUND_SEAT,
    TWICE,
    changed_parts,
    entries_of,
    merge_part,
    merge_parts,
    split_parts,
    tapped_twice,
)

__all__ = [
    "PartsStore",
    "SharedRound",
    "Status",
    "not_kept_notice",
    "twice_notice",
]

Status = str  # "entering" | "done"
Data = dict[str, Any]
_TRIES = 5  # merges of one write racing other devices' writes, at most


#: The store calls a shared round makes: on a page, its pipeline
#: (``AppState.entering.parts``, ``models/parts_road.PartsRoad``), which tells the
#: other pages; a ``Store`` or ``GuestStore`` itself in a benchmark or test.
PartsStore = RoundPartsStore


class SharedRound:
    """One page's link between its round entry and the stored seat parts."""

    def __init__(
        self,
        store: PartsStore,
        game_id: int,
        game: Game,
        device: str,
        told: Callable[[int], None] | None = None,
    ) -> None:
        #: where the parts are read and written: on a page, its change
        #: pipeline (``AppState.entering.parts``, a ``PartsRoad`` over its store)
        self.store = store
        #: after a batch of writes, with the round's number: the pipeline
        #: tells the other pages (once; None: nobody to tell)
        self.told = told
        self.game_id = game_id
        self.game = game
        self.number = len(game.rounds) + 1
        self.device = device
        #: what the store holds as far as this page knows (seat -> data)
        self.known: dict[str, Data] = {}
        #: the stored revision of each part as this page last wrote or read it
        self.revisions: dict[str, int] = {}
        #: each player's status as stored ("entering" / "done"; absent: nothing)
        self.statuses: dict[str, Status] = {}
        #: who wrote each part last (device labels)
        self.devices: dict[str, str] = {}
        #: the parts this page wrote in this round (a change by another device
        #: to one of these is told)
        self.mine: set[str] = set()
        #: what this page itself entered in each part (``entries_of``) and
        #: has not found gone yet: a "not kept" names only these
        self.entered: dict[str, Counter[tuple[str, str]]] = {}
        #: the notes of a card tapped on two devices already told (their ids)
        self.twice_told: set[str] = set()
        #: the stored parts were read (until then nothing is written: a page
        #: that could not read them must not write its empty round over them)
        self.loaded = False
        #: the newest revision of this round's parts this page has seen all
        #: of (read, or written over what it had read): Save passes it to the
        #: store, which refuses the save if a part was written since
        self.parts_seen = 0

    # -- starting -----------------------------------------------------------------
    def start(self) -> RoundModel:
        """The round as stored; with no parts yet, an old per-game draft of
        this round (kept before rounds were shared) is taken over once."""
        parts = self.store.load_seat_parts(self.game_id, self.number)
        if parts:
            model = merge_parts(self.game, self.number, _data(parts))
            self._remember(parts, model)
            return model
        old = self._old_draft()
        model = old or RoundModel(self.game)
        self.known = split_parts(RoundModel(self.game))
        self.loaded = True
        if model.has_entries():
            self._write_model(model, {})
        else:
            self.known = split_parts(model)
        if old is not None:  # written as parts: only now the draft goes
            with contextlib.suppress(Exception):
                self.store.clear_draft(self.game_id)
        return model

    def _old_draft(self) -> RoundModel | None:
        try:
            draft = self.store.load_draft(self.game_id)
        except Exception:  # an unreadable draft is no draft
            return None
        if not draft:
            return None
        try:
            model = RoundModel.from_draft(self.game, draft)
        except DraftError:
            return None
        if model.round_index is not None or model.number != self.number:
            return None  # a past round's edit keeps its draft
        return model  # cleared by start() once it is written as parts

    # -- writing ----------------------------------------------------------------
    def write(self, entry: RoundEntryModel) -> list[str]:
        """Store the parts that changed (and statuses tapped); the seats written.

        Nothing is written before the stored parts were read (see
        :meth:`catch_up`)."""
        if not self.loaded:
            return []
        done = dict(entry.done_taps)
        entry.done_taps.clear()
        return self._write_model(entry.rounds, done, entry)

    def _write_model(
        self,
        model: RoundModel,
        done: Mapping[str, bool],
        entry: RoundEntryModel | None = None,
    ) -> list[str]:
        after = split_parts(model)
        changed = changed_parts(self.known, after)
        seats = [*changed, *(seat for seat in done if seat not in changed)]
        before = dict(self.known)
        written: list[str] = []
        newer = False  # a Done tap on a part another device changed since
        stored_now = (
            self.store.load_seat_parts(self.game_id, self.number) if seats else {}
        )
        # whether this page had seen every part stored before it writes (if
        # not, what it writes now does not make it up to date: parts_seen
        # stays, and a save waits for the next catch-up)
        seen_all = set(stored_now) == set(self.revisions) and all(
            int(part.revision) == self.revisions[seat]
            for seat, part in stored_now.items()
        )
        rebased: set[str] = set()
        for seat in seats:
            # a change takes Done back, unless Done was tapped with it
            status = "done" if done.get(seat) else "entering"
            if seat not in changed and self.statuses.get(seat) == status:
                continue  # a Done tap that changes nothing stored
            for attempt in range(_TRIES):
                now = stored_now.get(seat)
                read = 0 if now is None else int(now.revision)
                data = dict(after.get(seat, {}))
                notes = _notes(now.data) if now is not None else []
                if now is not None and read != self.revisions.get(seat):
                    newer = True
                    if seat in changed:
                        # another device wrote this part since this page read
                        # it: both changes merged, card by card
                        base = self.known.get(seat, {})
                        twice = tapped_twice(base, data, now.data)
                        data = merge_part(base, data, now.data)
                        if twice:  # kept once: both pages say so
                            notes.append(
                                {
                                    "cards": twice,
                                    "by": [str(now.device), self.device],
                                    "id": f"{self.device} {time.time_ns()}",
                                }
                            )
                        rebased.add(seat)
                    else:
                        # only the status changes: of the part as stored now
                        # (this page's copy is older than what was entered since)
                        data = dict(now.data)
                # the notes of cards tapped twice stay with the part for the
                # round (each page tells its own once), whoever writes it next
                data.pop(TWICE, None)
                if notes:
                    data[TWICE] = notes
                try:
                    part = self.store.save_seat_part(
                        self.game_id,
                        self.number,
                        seat,
                        dict(data),
                        status=status,
                        device=self.device,
                        expected=read,
                    )
                    break
                except PartWrittenSince:  # written between reading and writing
                    if attempt == _TRIES - 1:
                        raise
                    stored_now = self.store.load_seat_parts(self.game_id, self.number)
                    seen_all = False
            written.append(seat)
            if seat in changed:
                self._entered(seat, before.get(seat, {}), after[seat])
            if seen_all:
                self.parts_seen = max(self.parts_seen, int(part.revision))
            if (newer and seat not in changed) or seat in rebased:
                continue  # merged below, with everything else stored since
            self.known[seat] = {k: v for k, v in data.items() if k != TWICE}
            self.revisions[seat] = int(part.revision)
            self.statuses[seat] = status
            self.devices[seat] = self.device
            self.mine.add(seat)
        if written:
            self._tell()
        if newer and entry is not None:
            self._merge_stored(entry)
        if entry is not None:
            entry.statuses = dict(self.statuses)
            entry.others = self.others()
        return written

    def _entered(
        self, seat: str, before: Mapping[str, Any], after: Mapping[str, Any]
    ) -> None:
        """This page stored ``after`` over ``before``: what it entered now
        (a number typed replaces the one it typed before in that field)."""
        had, has = entries_of(before), entries_of(after)
        mine = self.entered.setdefault(seat, Counter())
        mine.subtract(had - has)  # taken out here
        gained = has - had
        for kind, _ in gained:
            if kind != "card":
                for item in [i for i in mine if i[0] == kind]:
                    del mine[item]
        mine.update(gained)
        self.entered[seat] = +mine

    def _tell(self) -> None:
        if self.told is not None:
            self.told(self.number)

    def set_done(self, entry: RoundEntryModel, seat: str, done: bool = True) -> None:
        """``seat`` tapped Done (or took it back): stored at once."""
        entry.done_taps[seat] = done
        self.write(entry)

    # -- following the others ---------------------------------------------------------
    def catch_up(self, entry: RoundEntryModel) -> set[str]:
        """Load the parts other pages wrote and merge them in; the seats changed."""
        if not self.loaded:
            return self._first_read(entry)
        self.write(entry)  # first what this page has not written yet
        return self._merge_stored(entry)

    def _merge_stored(self, entry: RoundEntryModel) -> set[str]:
        """Merge the parts as stored into ``entry``; the seats that changed."""
        parts = self.store.load_seat_parts(self.game_id, self.number)
        if not parts and self.revisions and self._saved():
            # every part went with the round, saved on another device (this
            # page has not heard yet): not an empty round to show
            raise StoreConflict(self.game_id)
        self.parts_seen = _newest(parts)
        changed = {
            seat
            for seat in set(parts) | set(self.revisions)
            if seat not in parts
            or int(parts[seat].revision) != self.revisions.get(seat)
        }
        if not changed:
            twice = self._twice(parts)  # (a page loaded again: told again)
            if twice:
                entry.notice = twice_notice(entry.t, twice)
            return set()
        model = merge_parts(self.game, self.number, _data(parts))
        # (a Done tapped elsewhere shows as the status only: not told)
        merged = split_parts(model)
        told = sorted(
            seat
            for seat in changed & self.mine
            if seat in parts
            and parts[seat].device != self.device
            and merged.get(seat) != self.known.get(seat)
        )
        lost: dict[str, list[tuple[str, str]]] = {}
        for seat in sorted(changed & set(parts)):
            mine = self.entered.get(seat, Counter())
            gone = mine - entries_of(merged[seat])
            if gone:  # what this page entered and the part no longer holds
                lost[seat] = [_shown(item) for item in sorted(gone.elements())]
                self.entered[seat] = mine - gone
        twice = self._twice(parts)
        self._remember(parts, model)
        entry.follow(model, changed, told)
        said = [
            *([not_kept_notice(entry.t, lost)] if lost else []),
            *([twice_notice(entry.t, twice)] if twice else []),
        ]
        if said:
            entry.notice = " · ".join(said)
        entry.statuses = dict(self.statuses)
        entry.others = self.others()
        return changed

    def _twice(self, parts: Mapping[str, Any]) -> list[str]:
        """The cards this page tapped that another device tapped at once
        (kept once), not told yet: their labels."""
        cards: list[str] = []
        for part in parts.values():
            for note in _notes(part.data):
                told = str(note.get("id"))
                if told in self.twice_told:
                    continue
                self.twice_told.add(told)
                if self.device in note.get("by", ()):
                    cards.extend(_label(str(t)) for t in note.get("cards", ()))
        return cards

    def _first_read(self, entry: RoundEntryModel) -> set[str]:
        """The parts are read for the first time (:meth:`start` failed: the
        page entered on an empty round meanwhile): the stored round, with the
        seats this page entered since on top (the later change), written."""
        parts = self.store.load_seat_parts(self.game_id, self.number)
        stored = merge_parts(self.game, self.number, _data(parts))
        local = changed_parts(
            split_parts(RoundModel(self.game)), split_parts(entry.rounds)
        )
        model = merge_parts(self.game, self.number, _data(parts) | local)
        self._remember(parts, stored)
        entry.error = None  # it said the round could not be read: now it is
        entry.follow(model, set(parts) - set(local), [])
        self.write(entry)
        entry.statuses = dict(self.statuses)
        entry.others = self.others()
        return set(parts) | set(local)

    def taken(self) -> RoundTaken | None:
        """This round as saved meanwhile (on another device), with what it
        gave every player; None when it was not saved (a round taken back)."""
        game = self.store.load_game(self.game_id)
        if len(game.rounds) < self.number:
            return None
        scores = score_game(game).rounds[self.number - 1].scores
        return RoundTaken(self.number, game.rounds[self.number - 1], scores)

    def _saved(self) -> bool:
        """Whether this round was saved (the stored game holds it)."""
        return len(self.store.load_game(self.game_id).rounds) >= self.number

    def _remember(self, parts: Mapping[str, Any], model: RoundModel) -> None:
        self.loaded = True
        self.parts_seen = _newest(parts)
        self.known = split_parts(model)
        self.revisions = {seat: int(p.revision) for seat, p in parts.items()}
        self.statuses = {
            seat: str(p.status) for seat, p in parts.items() if seat != ROUND_SEAT
        }
        self.devices = {seat: str(p.device) for seat, p in parts.items()}

    # -- reading -------------------------------------------------------------------
    def status(self, player: str) -> Status | None:
        """``"entering"`` (something entered, not done), ``"done"``, or None."""
        return self.statuses.get(player)

    def everyone_done(self) -> bool:
        return all(self.statuses.get(p) == "done" for p in self.game.players)

    def anyone_done(self) -> bool:
        return any(self.statuses.get(p) == "done" for p in self.game.players)

    def others(self) -> bool:
        """Whether another device wrote a part of this round."""
        return any(device != self.device for device in self.devices.values())

    def only_mine(self) -> bool:
        """Whether every stored part was written by this page (Cancel may
        throw the round away; otherwise it is others' work too)."""
        return all(device == self.device for device in self.devices.values())

    def throw_away(self) -> None:
        """Forget the round's parts (this page alone entered them)."""
        self.store.clear_seat_parts(self.game_id)
        self._tell()
        self.parts_seen = 0
        self.known = {}
        self.revisions = {}
        self.statuses = {}
        self.devices = {}


def not_kept_notice(t: Translator, lost: Mapping[str, list[tuple[str, str]]]) -> str:
    """The notice naming, part by part, what this page had entered that
    another device's change did not keep (a card, counted points, the closer).

    >>> from jolly_scorer.i18n import Translator
    >>> not_kept_notice(Translator("en"), {"Ben": [("card", "7♥"), ("bad", "5")]})
    "Ben's part was changed on another device; not kept: 7♥, Bad points 5"
    """
    labels = {
        "good": t("Good points"),
        "bad": t("Bad points"),
        "closer": t("Who went out"),
    }
    texts = []
    for seat, items in lost.items():
        name = t("Who went out") if seat == ROUND_SEAT else seat
        if not items:
            texts.append(t("{name}'s part was changed on another device", name=name))
            continue
        what = ", ".join(v if k == "card" else f"{labels[k]} {v}" for k, v in items)
        texts.append(
            t(
                "{name}'s part was changed on another device; not kept: {what}",
                name=name,
                what=what,
            )
        )
    return " · ".join(texts)


def twice_notice(t: Translator, cards: list[str]) -> str:
    """A card tapped on two devices at the same moment went in once.

    >>> from jolly_scorer.i18n import Translator
    >>> twice_notice(Translator("en"), ["7♠"])
    '7♠ was tapped on two devices; kept once'
    """
    return t("{cards} was tapped on two devices; kept once", cards=", ".join(cards))


def _notes(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A part's notes of cards tapped on two devices at once (``TWICE``)."""
    notes = data.get(TWICE)
    if not isinstance(notes, list):
        return []
    return [dict(n) for n in notes if isinstance(n, Mapping)]


def _label(token: str) -> str:
    try:
        return parse_card(token).label
    except (CardError, ValueError):
        return token


def _shown(item: tuple[str, str]) -> tuple[str, str]:
    """An entry (``entries_of``) as ``not_kept_notice`` names it."""
    kind, what = item
    return (kind, _label(what)) if kind == "card" else item


def _newest(parts: Mapping[str, Any]) -> int:
    """The newest revision among ``parts`` (0: none)."""
    return max((int(part.revision) for part in parts.values()), default=0)


def _data(parts: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    return {seat: dict(part.data) for seat, part in parts.items()}
