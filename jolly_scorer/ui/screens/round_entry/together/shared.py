"""Round entry, shared: opening the shared next round on this device's seat
(or alone, when the store cannot be read), and throwing it away when Cancel is
confirmed (only when this page alone entered it). Following the other pages
while the entry is shown is ``round_entry_sync``. A joined phone's page that
opens anew (a reload, the host restarted) goes back to its seat in the round
being entered (:func:`resume_seat`).
"""

from __future__ import annotations

import contextlib

from jolly_scorer.core.game import Game
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.failures import FAILURES, failure_text
from jolly_scorer.ui.models.round import DraftError, RoundModel
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.screens.round_entry.together.together import Together
from jolly_scorer.ui.state import AppState

__all__ = ["new_shared_entry", "resume_seat", "throw_away"]


def resume_seat(state: AppState) -> None:
    """A joined phone's page opened anew (reloaded, or the host restarted and
    the phone reconnected): a phone that chose its seat in the table's game
    goes back to it, in the round being entered (parts are stored), else to
    the table's scoreboard (not Home: it is at the table). A phone that has
    not chosen a seat yet starts on Home, as when it joined."""
    game, game_id = state.game, state.game_id
    if not state.is_guest or not state.together or game is None or game_id is None:
        return
    if state.device_seat.load() is None:
        return
    try:
        entering = bool(state.store.load_seat_parts(game_id, len(game.rounds) + 1))
    except FAILURES:
        entering = False
    over = state.result is not None and state.result.game_over
    if entering and not over:
        state.enter_round()
    else:
        state.go("board")


def new_shared_entry(game: Game, t: Translator, together: Together) -> RoundEntryModel:
    """The entry of the shared next round, on this device's seat."""
    try:
        entry = RoundEntryModel(together.shared.start(), t)
    except FAILURES as error:  # the store cannot be read: enter it here alone
        entry = RoundEntryModel(RoundModel(game), t)
        entry.error = t(failure_text(error))
    entry.together = together.table
    entry.statuses = dict(together.shared.statuses)
    entry.others = together.shared.others()
    if together.seat in entry.rounds.players:
        entry.choose_seat(together.seat)
    return entry


def throw_away(together: Together, entry: RoundEntryModel) -> None:
    """Cancel confirmed: the shared round goes only when this page alone
    entered it (others' parts stay for them), or when no page can read it."""
    shared = together.shared
    try:
        shared.catch_up(entry)  # also what others wrote that this page missed
    except DraftError:  # parts no page can read (nor save): the table starts afresh
        pass
    except FAILURES:
        return  # nothing is thrown away that cannot be looked at first
    else:
        if not shared.only_mine():
            return
    with contextlib.suppress(*FAILURES):
        shared.throw_away()
        together.publish(shared.number)
