"""Round entry, the Save bar's handlers: Save (after the shared round's
catch-up, and the table's question while someone is not done), Cancel (asks
first when something would be lost), and the three choices when the round was
saved meanwhile on another device (look, keep mine as the correction, drop).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from jolly_scorer.core.game import Round
from jolly_scorer.ui.models.round import RoundTaken
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.screens.round_entry.together.sync import Shared

__all__ = ["SaveRound", "save_handlers"]

#: ``on_save(round, its number, as a correction of that number)``: None when
#: saved, a refusal, or :class:`RoundTaken` when that round was saved meanwhile.
SaveRound = Callable[[Round, int, bool], "str | RoundTaken | None"]


def save_handlers(
    entry: RoundEntryModel,
    shared: Shared | None,
    on_save: SaveRound,
    leave: Callable[[], None],
    redraw: Callable[[], None],
    act: Callable[..., Any],
) -> dict[str, Callable[[], None]]:
    """The handlers ``cancel``, ``discard``, ``keep``, ``save``, ``look``,
    ``correct`` and ``drop`` of the Save bar (``round_entry_bar.save_bar``);
    ``leave``: the entry goes, ``act``: the screen's one handler style."""
    rounds = entry.rounds

    def answer(entry_round: Round, number: int, correct: bool) -> None:
        entry.closed = True  # saved: the screen goes, no draft after it
        entry.saved(on_save(entry_round, number, correct))
        entry.closed = entry.error is None and entry.taken is None
        if correct and entry.error is None:
            entry.taken = None

    def redraw_unless_gone() -> None:
        # saved: the app shows the board (AppState.save_round) and this
        # screen goes; it is not drawn once more first (see TogetherEntry)
        if not entry.closed:
            redraw()

    def save() -> None:
        # the round as every page entered it so far (not read, saved meanwhile
        # on another device, or changed there just now: nothing is saved)
        if shared is not None and not shared.ready_to_save():
            return
        if entry.refusal() is not None:  # check first (issue 18.3): ask
            entry.save()  # only about a round that can be saved
            entry.confirm_save = False
            redraw()
            return
        if entry.ask_before_saving():
            redraw()
            return
        done = entry.save()
        if done is not None:
            answer(done, rounds.round_number, False)
            if shared is not None and entry.error is not None:
                shared.refused()  # shows what another device wrote meanwhile
        redraw_unless_gone()

    def cancel() -> None:
        if entry.cancel():
            leave()
        else:
            redraw()

    def correct() -> None:
        kept = entry.keep_as_correction()
        if kept is not None:
            answer(kept[0], kept[1] + 1, True)
        redraw_unless_gone()

    return {
        "cancel": cancel,
        "discard": leave,
        "keep": lambda: act(entry.keep_entering),
        "save": save,
        "look": lambda: act(entry.look_at_taken),
        "correct": correct,
        "drop": leave,
    }
