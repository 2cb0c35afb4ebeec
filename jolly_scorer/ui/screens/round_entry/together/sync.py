"""Round entry, shared: the hook that keeps one page's round entry and the
store's seat parts together (``models/shared_round.py``).

:func:`use_shared_round` writes the parts this page changed (after the screen
is updated) and tells the other pages; it follows what they write (their
pubsub message, or this page's connection coming back) and redraws only the
round entry, only when something it shows changed. Opening the shared round
and throwing it away are ``round_entry_shared``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import flet as ft

from jolly_scorer.i18n import Translator
from jolly_scorer.store.errors import StoreConflict
from jolly_scorer.ui.models.failures import FAILURES, failure_text
from jolly_scorer.ui.models.round import ROUND_CACHES
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.models.seat_parts import ROUND_SEAT, changed_parts, split_parts
from jolly_scorer.ui.models.worked_out import CACHE, frozen, state
from jolly_scorer.ui.screens.round_entry.together.together import Together

__all__ = ["Shared", "use_shared_round"]


class Shared:
    """The shared round's calls for the screen's handlers."""

    def __init__(
        self,
        entry: RoundEntryModel,
        together: Together,
        t: Translator,
        rerender: Callable[[], None],
    ) -> None:
        self.entry = entry
        self.together = together
        self.t = t
        self.rerender = rerender
        #: the screen's "draw only the parts another device's news changed"
        #: (False: it could not; the screen is drawn again)
        self.parts_only: Callable[[], bool] = lambda: False
        entry.unstored = self.unstored

    def unstored(self) -> frozenset[str]:
        """The seats whose part on this page differs from the part as stored
        (as far as this page knows): what the next write stores, each player
        of them then "entering" (``RoundEntryModel.status``)."""
        shared = self.together.shared
        if not shared.loaded:  # nothing is written before the parts are read
            return frozenset()
        # (split afresh: a few dozen calls, less than a check that a kept
        # split is still the round's, worked_out.state)
        parts = split_parts(self.entry.rounds)
        return frozenset(
            seat for seat, data in parts.items() if shared.known.get(seat) != data
        )

    def _shown(self) -> Hashable:
        """What the page shows of the entry, to tell whether a write changed
        it: each player's status as shown, and the rest of the entry and the
        round (a write may merge what other devices wrote meanwhile) but the
        statuses as stored and the Done taps (a changed part already shows
        "entering", a Done tap "done")."""
        entry = self.entry
        rest = {
            k: v
            for k, v in vars(entry).items()
            if k not in ("statuses", "done_taps", CACHE)
        }
        return (
            tuple(entry.status(p) for p in entry.rounds.players),
            frozen(rest),
            state(entry.rounds, ROUND_CACHES),
        )

    def write(self) -> None:
        """Store the parts this page changed and tell the other pages."""
        entry, together = self.entry, self.together
        if entry.taken is not None:
            return  # the round was saved: the person looks, keeps theirs or drops it
        shown = self._shown()
        try:
            written = together.shared.write(entry)
        except StoreConflict:  # the round was saved meanwhile (another device)
            if not self._offer_taken():
                entry.closed = True
                together.saved_elsewhere()
            return
        except FAILURES as error:  # kept on this page; the next change retries
            entry.error = self.t(failure_text(error))
            self.rerender()
            return
        if written:
            together.publish(together.shared.number)
        # a first change shows "entering…" at once (``unstored``): drawn again
        # only when the write changed what is shown (a merge, a status that
        # another device stored)
        if self._shown() != shown:
            self.rerender()

    def _offer_taken(self) -> bool:
        """A change was refused because the round was saved meanwhile: if
        this page holds something not stored, the saved round is shown beside
        it with "keep mine as the correction" (as when Save finds the round
        saved). Whether it was offered."""
        entry, shared = self.entry, self.together.shared
        if not changed_parts(shared.known, split_parts(entry.rounds)):
            return False
        try:
            taken = shared.taken()
        except FAILURES:
            return False
        if taken is None:
            return False
        self.together.offered()
        entry.saved(taken)
        self.rerender()
        return True

    def ready_to_save(self) -> bool:
        """Save's catch-up: whether the round as this page shows it is the
        round as every page entered it. False when it cannot catch up, or
        when another device changed the round just now: the page shows the
        change first and names whose part it was (a second Save saves it)."""
        shown = split_parts(self.entry.rounds)
        if not self.follow():
            return False
        changed = [
            self.t("Who went out") if seat == ROUND_SEAT else seat
            for seat in changed_parts(shown, split_parts(self.entry.rounds))
        ]
        if not changed:
            return True
        self.entry.notice = self.t(
            "{name}'s part was changed on another device", name=", ".join(changed)
        )
        self.entry.confirm_save = False
        self.rerender()
        return False

    def refused(self) -> None:
        """Save was refused (a part was written between Save's catch-up and
        the save, say): the page catches up and names the parts another
        device changed, as :meth:`ready_to_save` does; the refusal stays."""
        error = self.entry.error
        self.ready_to_save()
        self.entry.error = self.entry.error or error

    def follow(self) -> bool:
        """Another page stored parts (or this page came back): catch up.

        False when the page could not (the parts could not be read or
        written: it says so) or the round was saved meanwhile: Save then
        saves nothing (a round saved without what others wrote since this
        page last read it would look right and be wrong)."""
        entry = self.entry
        if entry.closed or entry.taken is not None:
            return False
        self.write()
        if entry.closed or entry.taken is not None:
            return False
        try:
            changed = self.together.shared.catch_up(entry)
        except StoreConflict:  # the round was saved meanwhile (another device)
            entry.closed = True
            self.together.saved_elsewhere()
            return False
        except FAILURES as error:
            entry.error = self.t(failure_text(error))
            self.rerender()
            return False
        if changed and not self.parts_only():
            self.rerender()
        return True


def use_shared_round(
    entry: RoundEntryModel,
    together: Together | None,
    t: Translator,
    rerender: Callable[[], None],
) -> Shared | None:
    """Follow the other pages while the round entry is shown (None: the
    entry is not shared, e.g. an edit of a past round)."""
    ref: Any = ft.use_ref(None)
    if together is not None and ref.current is None:
        ref.current = Shared(entry, together, t, rerender)
    shared: Shared | None = ref.current

    def heard() -> None:
        if shared is not None:
            shared.follow()

    def listen() -> None:
        if shared is not None:
            shared.together.listen(heard)
            shared.follow()  # what changed before this page listened

    def stop() -> None:
        if shared is not None:
            shared.together.listen(None)

    ft.use_effect(listen, [], stop)
    return shared
