"""Round entry: enter a round the way the table plays it, phone first.

Who went out (one tap; nothing is chosen at first, and Save asks), Handglatt,
then per player the melds put down, the lay-offs and the cards left in the
hand, or the points counted. A phone shows one player at a time under a strip
of all players with their round score; the card editor docks above the Save
bar like a keyboard. A laptop shows the players side by side and the editor
beside them. Every tap is one method of the plain-Python
:class:`~jolly_scorer.ui.models.round_entry.RoundEntryModel`; this module only
draws it.

The next round is shared with every page on the game (``together``, see
``round_entry_together.py``, ``round_entry_shared.py`` and
``round_entry_sync.py``): after every change the parts that changed go to the
store and the other pages follow. An edit of a past round stays on this page:
its draft goes to ``on_draft``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, cast

import flet as ft

from jolly_scorer.core.errors import JollyError
from jolly_scorer.core.game import Game
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.arranging import split_cards
from jolly_scorer.ui.models.round import DraftError, RoundModel
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.models.round_watch import RoundWatch
from jolly_scorer.ui.screens.round_entry.bar.bar import save_bar
from jolly_scorer.ui.screens.round_entry.bar.save import SaveRound, save_handlers
from jolly_scorer.ui.screens.round_entry.counted import handglatt_hint
from jolly_scorer.ui.screens.round_entry.header import round_header
from jolly_scorer.ui.screens.round_entry.keep import latest
from jolly_scorer.ui.screens.round_entry.layout import WIDE, HeldList, layout
from jolly_scorer.ui.screens.round_entry.scope import SCOPE, Scope
from jolly_scorer.ui.screens.round_entry.together.seat_choice import (
    seat_choice,
    seat_controls,
)
from jolly_scorer.ui.screens.round_entry.together.shared import (
    new_shared_entry,
    throw_away,
)
from jolly_scorer.ui.screens.round_entry.together.sync import use_shared_round
from jolly_scorer.ui.screens.round_entry.together.together import (
    Together,
    save_anyway_bar,
)
from jolly_scorer.ui.widgets.basics import page_size

if TYPE_CHECKING:
    from jolly_scorer.ui.settings import UiSettings
    from jolly_scorer.ui.state import AppState

__all__ = [
    "WIDE",
    "RoundEntry",
    "SaveRound",
    "build_round_entry",
    "initial_model",
]

#: Seconds after a change before its draft is written (0: right after the
#: screen is updated; a later change in the meantime writes only its own).
DRAFT_DELAY = 0.0


def initial_model(
    game: Game, round_index: int | None, draft: dict[str, Any] | None
) -> RoundModel:
    """The model to start from: the draft if it fits, the round edited, or new."""
    if draft:
        try:
            model = RoundModel.from_draft(game, draft)
            if model.round_index == round_index:
                return model
        except DraftError:
            pass
    if round_index is not None and 0 <= round_index < len(game.rounds):
        return RoundModel.from_round(game, game.rounds[round_index], round_index)
    return RoundModel(game)


def build_round_entry(
    page: ft.Page,
    t: Translator,
    game: Game,
    round_index: int | None,
    draft: dict[str, Any] | None,
    on_save: SaveRound,
    on_cancel: Callable[[], None],
    on_draft: Callable[[dict[str, Any]], None],
    settings: UiSettings,
) -> ft.Control:
    """The round entry screen (a component; use it inside ``page.render``)."""
    return RoundEntry(
        page, t, game, round_index, draft, on_save, on_cancel, on_draft, settings
    )


@ft.component
def RoundEntry(
    page: ft.Page,
    t: Translator,
    game: Game,
    round_index: int | None,
    draft: dict[str, Any] | None,
    on_save: SaveRound,
    on_cancel: Callable[[], None],
    on_draft: Callable[[dict[str, Any]], None],
    settings: UiSettings | None,
    together: Together | None = None,
) -> ft.Control:
    """The screen; see the module docstring. ``together``: the next round,
    shared with the other pages on the game (``round_entry_together.py``)."""
    ref: Any = ft.use_ref(
        lambda: (
            RoundEntryModel(initial_model(game, round_index, draft), t)
            if together is None
            else new_shared_entry(game, t, together)
        )
    )
    entry: RoundEntryModel = ref.current
    entry.t = t
    rounds = entry.rounds
    watch_ref: Any = ft.use_ref(lambda: RoundWatch(entry))
    watch: RoundWatch = watch_ref.current
    _, set_revision = ft.use_state(0)
    shared = use_shared_round(entry, together, t, lambda: set_revision(lambda r: r + 1))

    def redraw() -> None:
        set_revision(lambda r: r + 1)
        if entry.dirty:
            entry.dirty = False
            entry.drafts += 1
            page.run_task(keep_draft, entry.drafts)

    async def keep_draft(number: int) -> None:
        """The draft is written after the screen is updated, once the taps
        pause (a write per tap would hold up the next answer)."""
        await asyncio.sleep(DRAFT_DELAY)
        if number == entry.drafts and not entry.closed:
            if shared is None:
                on_draft(rounds.to_draft())
            else:
                shared.write()

    def leave() -> None:
        entry.closed = True  # no draft written after the entry is gone
        if together is not None and entry.confirm_cancel:
            throw_away(together, entry)
        on_cancel()

    held: Any = ft.use_ref(HeldList)  # a phone's list, its editor open

    def act(method: Callable[..., Any], *args: Any) -> None:
        """The one handler style: a model method, then redraw (and the draft)."""
        if getattr(method, "__name__", None) in HeldList.KEPT_BY:
            held.current.picked = True  # the hidden list is kept (HeldList)
        method(*args)
        if entry.dirty:
            entry.notice = None
        redraw()

    async def arrange() -> None:
        job = entry.pile_to_split()
        if job is None:
            return
        redraw()
        try:
            split = await split_cards(job[1], rounds.rules)
        except JollyError as error:
            entry.split_done(None, str(error))
        else:
            entry.split_done(split)
        redraw()

    act = cast(Any, latest(entry, "act", act))  # watched parts: the newest act
    # the grid's handler: one object (the memoized grid is not redrawn)
    relay = latest(entry, "pick", lambda code: act(entry.pick, code))
    start_arranging = latest(entry, "arrange", lambda: page.run_task(arrange))
    buttons = save_handlers(entry, shared, on_save, leave, redraw, act)
    entry.refresh_error()  # a refusal no longer true goes (before anything shows it)
    # whatever changed the entry (a tap, another device's part, the
    # arranger): the parts whose share changed are drawn again (watched.py),
    # handed their new versions by this redraw
    watch.announce(tell=False)
    framed: Any = ft.use_ref(None)
    framed.current = frame_key(entry)

    def parts_only() -> bool:
        """Another device's news: when the frame shows nothing of what
        changed (the counting sheet, the same fields, statuses and
        selection), only the parts whose share changed draw themselves
        again (the watch tells them) and the frame is neither built nor
        compared. False: the screen must be drawn again."""
        entry.refresh_error()
        if (
            framed.current is None
            or frame_key(entry) != framed.current
            or watch.common_changed()
        ):
            return False
        watch.announce()
        return True

    if shared is not None:
        shared.parts_only = parts_only
    # the scores as far as entered, worked out once a redraw for the layout
    # and the Save bar (the strip, a watched part that only its share of the
    # model redraws, works out its own when it is drawn)
    preview = rounds.preview()
    scope = Scope(entry, t, settings, act, watch, start_arranging, relay)
    width, height = page_size(page)
    # the parts drawn in components below take the scope from its context
    screen: ft.Control = SCOPE(
        scope,
        lambda: layout(
            width,
            scope,
            preview,
            bar=(
                save_anyway_bar(
                    entry, t, lambda: act(entry.keep_entering), buttons["save"]
                )
                if entry.confirm_save
                else save_bar(scope, buttons)
            ),
            height=height,
            held=held.current,
            header=round_header(
                rounds,
                round_index,
                t,
                buttons["cancel"],
                seat_controls(entry, t, act, together.change_seat)
                if together is not None and together.change_seat is not None
                else [],
            ),
        ),
    )
    return screen


def frame_key(entry: RoundEntryModel) -> Hashable | None:
    """What the frame around the watched parts shows of the per-player
    state (the watch's common values aside): the counting sheet's fields,
    the field asked for, everyone's status (the header's Done), the player
    shown, the Handglatt hint, whether melds are entered. None: not the
    counting sheet, or an editor open (the frame is drawn at each change)."""
    if not entry.all_counted or entry.editing is not None:
        return None
    rounds = entry.rounds
    return (
        tuple(entry.fields()),
        entry.focus,
        tuple(entry.status(p) for p in rounds.players),
        entry.player,
        handglatt_hint(entry, entry.t),
        rounds.melds_needed(),
    )


@ft.component
def TogetherEntry(state: AppState, game: Game) -> ft.Control:
    """The next round's entry on this page (asks a joined phone's seat first)."""
    page = ft.context.page
    # Saved or cancelled, the app draws the board next and this screen goes:
    # the change of ``state`` that says so is not drawn here first (the
    # entry drawn again for the saved round, 6 kB and a third of Save's
    # answer on a phone, nothing of it ever shown). The controls drawn last
    # stay as they are until the app takes them away.
    last: Any = ft.use_ref(None)
    if state.nav.screen != "entry" and last.current is not None:
        return cast(ft.Control, last.current)
    first_seat: Any = ft.use_ref(
        lambda: state.device_seat.load()
    )  # the store, read once
    seat, set_seat = ft.use_state(cast("str | None", first_seat.current))
    shared_ref: Any = ft.use_ref(lambda: state.entering.shared_round())
    shared = shared_ref.current
    t = state.t

    def choose(player: str | None) -> None:
        # not kept (the store failed; the page shows why): ask again
        set_seat(player if state.device_seat.choose(player) is None else None)
        state.follow_place()  # a club table: the seat chosen is where it sits

    if state.is_guest and seat is None:
        from jolly_scorer.ui.widgets.screen import messages

        # (with the banner: why a seat was not kept, when the store failed)
        return seat_choice(
            game,
            t,
            choose,
            lambda: state.go("board"),
            messages(state),
            state.seats_held,
        )
    if shared is None:  # no game (the app shows home)
        return ft.Container()
    together = Together(
        shared,
        publish=state.entering.parts_written,
        listen=state.entering.listen_to_parts,
        seat=seat,
        change_seat=(lambda: choose(None)) if state.is_guest else None,
        table=state.together,
        saved_elsewhere=state.entering.round_saved_elsewhere,
        offered=state.entering.round_taken_here,
    )
    drawn = RoundEntry(
        page,
        t,
        game,
        None,
        None,
        state.save_round,
        state.cancel_round,
        state.drafts.save,
        state.settings,
        together,
    )
    last.current = drawn
    return drawn
