"""Scoreboard: big totals, who deals, the rounds, the chart; game over with rematch.

The body (who deals, the tiles, the rounds and the chart) is in
``scoreboard_body``, the tiles and the winner's banner in ``scoreboard_tiles``,
the dialogs in ``scoreboard_dialogs``. A phone that joined a live table
(``state.is_guest``) gets no button the table's store would refuse it (Rematch
starts a new game).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

import flet as ft

from jolly_scorer.core.game import Game
from jolly_scorer.ui.screens.past_games.export import export_buttons
from jolly_scorer.ui.screens.scoreboard.body import Kept, board_body
from jolly_scorer.ui.screens.scoreboard.dialogs import (
    Renaming,
    finish_dialog,
    rename_dialog,
)
from jolly_scorer.ui.screens.scoreboard.entering import EnteringLine
from jolly_scorer.ui.state import AppState
from jolly_scorer.ui.texts import host_only_words
from jolly_scorer.ui.widgets.basics import WIDE, tagged
from jolly_scorer.ui.widgets.buttons import big_button, icon_button
from jolly_scorer.ui.widgets.kept_parts import Keep, Same
from jolly_scorer.ui.widgets.screen import screen

#: The page session's kept board (:class:`Kept`), in Flet's store of the
#: session (so it goes with the page), by whether it is read only. It
#: outlives the board's component: the phone that saved a round comes back
#: from the round entry to a board that keeps what did not change (rows,
#: chart points, tiles), as every other phone's board does, instead of
#: building all of it again.
_BOARD_KEY = "jolly-scorer kept board {read_only}"


def kept_board(state: AppState, read_only: bool, fresh: bool = False) -> Kept:
    """The page's kept board of ``state`` (a new one if ``fresh``: nothing
    is kept)."""
    store = ft.context.page.session.store
    key = _BOARD_KEY.format(read_only=read_only)
    found = store.get(key)
    if not fresh and isinstance(found, tuple) and found[0] is state:
        board: Kept = found[1]
        return board
    board = Kept()
    store.set(key, (state, board))
    return board


@dataclass(eq=False)
class _Own:
    """The handlers of one board's own dialogs, made once when the board
    appears. Kept parts compare them by identity: a part kept from a board
    that was left (for the round entry) and holding the old board's handlers
    is built again, so every tap acts on the board shown.

    ``renaming`` and ``finishing`` are the open dialog's mark, a new object
    each time the dialog opens and None once it is closed: a dialog's tap acts
    only while its mark is the board's (``scoreboard.dialogs``)."""

    set_renaming: Callable[[Renaming | None], None]
    set_asking: Callable[[bool], None]
    set_show_all: Callable[[bool], None]
    renaming: object | None = None
    finishing: object | None = None
    #: the tiles' tap, the Finish button's and "Show all rounds" (the same
    #: objects while the board is shown: kept parts compare them by identity)
    rename: Callable[[str], None] = field(init=False)
    finish: Callable[[], None] = field(init=False)
    show_all: Callable[[], None] = field(init=False)

    def __post_init__(self) -> None:
        # the handlers reach the board by a weak reference: a closure over
        # ``self`` stored on ``self`` is a reference cycle, and a board left
        # (for the round entry) would wait, with its component, for the cycle
        # collector (tests/ui/test_patch_chain.py)
        board = weakref.ref(self)

        def rename(player: str) -> None:
            own = board()
            if own is not None:
                own.renaming = object()
                own.set_renaming(Renaming(player, player))

        def finish() -> None:
            own = board()
            if own is not None:
                own.finishing = object()
                own.set_asking(True)

        def show_all() -> None:
            own = board()
            if own is not None:
                own.set_show_all(True)

        self.rename, self.finish, self.show_all = rename, finish, show_all

    def renamed(self, renaming: Renaming | None) -> None:
        """The rename dialog's setter: a new text or objection, or closed."""
        if renaming is None:
            self.renaming = None
        self.set_renaming(renaming)

    def asked(self, asking: bool) -> None:
        """The finish dialog's setter: closed (asking is False)."""
        if not asking:
            self.finishing = None
        self.set_asking(asking)


def _is(own: _Own, dialog: str) -> Callable[[], bool]:
    """Whether the dialog built now (``"renaming"`` or ``"finishing"``) is
    still the one open when its button is tapped."""
    mark = getattr(own, dialog)
    return lambda: mark is not None and getattr(own, dialog) is mark


def _actions(
    state: AppState,
    over: bool,
    wide: bool,
    on_finish: Callable[[], None] | None,
    keep: Keep,
) -> list[ft.Control]:
    """The top bar's actions of the running game (not read only): undo, redo
    and, on a phone, Finish (a laptop has it in the footer). Each is kept by
    what it shows and does (the setters it calls stay the page's)."""
    t = state.t
    if state.is_guest:  # undo and ending the game: the host's (issue 34.12)
        return []
    # the kept history did not match a game changed outside the app
    undo = t("Undo") if state.full_undo else t("Undo: takes back the last round")
    undo_it = state.undo if state.can_undo else None
    redo_it = state.redo if state.can_redo else None
    actions = [
        keep("undo", icon_button, ft.Icons.UNDO, undo, undo_it, "undo"),
        keep("redo", icon_button, ft.Icons.REDO, t("Redo"), redo_it, "redo"),
    ]
    if not over and not wide:
        finish = t("Finish the game")
        actions.append(
            keep("finish", icon_button, ft.Icons.FLAG, finish, on_finish, "finish")
        )
    return actions


def _footer(
    state: AppState,
    game: Game,
    over: bool,
    wide: bool,
    on_finish: Callable[[], None] | None,
) -> list[ft.Control]:
    """The footer of the running game (not read only)."""
    t = state.t
    n = len(game.rounds)
    if over:
        place = state.club_place
        if state.club_table and place and place.series >= place.series_count:
            hint = t(  # a club table has no rematch: the evening's last series
                "The table's next game starts by itself; after this series "
                "the evening is over."
            )
        elif state.club_table:  # a club table has no rematch: the series goes on
            hint = t(
                "The table's next game starts by itself; after the series "
                "the organiser seats the next one."
            )
        elif state.is_guest:  # a rematch is a new game: the host's
            hint = t("The host of the table can start a rematch.")
        if state.club_table or state.is_guest:  # wrapped: whole on a phone
            return [
                tagged(
                    "board-over-hint",
                    ft.Text(
                        hint, size=16, color=ft.Colors.ON_SURFACE_VARIANT, expand=True
                    ),
                )
            ]
        rematch = big_button(
            t("Rematch"),
            ft.Icons.REPLAY,
            state.rematch,
            "rematch",
            primary=True,
            height=72,
            expand=True,
        )
        return [rematch]
    footer = [
        big_button(
            t("Enter round {n}", n=n + 1),
            ft.Icons.ADD,
            lambda: state.enter_round(None),
            "enter-round",
            primary=True,
            height=72,
            expand=3,
        ),
    ]
    if state.is_guest:  # a joined phone: the host undoes and ends the game
        hint = host_only_words(t, club=state.club_table)
        footer.append(
            ft.Semantics(
                identifier="board-host-only",
                label=hint,
                expand=2,
                content=ft.Text(hint, size=14, color=ft.Colors.ON_SURFACE_VARIANT),
            )
        )
    elif wide:
        footer.append(
            big_button(
                t("Finish"), ft.Icons.FLAG, on_finish, "finish", expand=1, height=72
            )
        )
    return footer


@ft.component
def Scoreboard(
    state: AppState, read_only: bool = False, chart_later: bool = False
) -> ft.Control:
    """The running game (or, read only, a past game). ``chart_later``: the
    totals chart's room only, its chart drawn in a later redraw (the board
    back from under the round entry: ``ui/app.BoardAndEntry``)."""
    t = state.t
    show_all, set_show_all = ft.use_state(False)
    renaming, set_renaming = ft.use_state(cast(Renaming | None, None))
    asking_finish, set_asking_finish = ft.use_state(False)
    own: Any = ft.use_ref(lambda: _Own(set_renaming, set_asking_finish, set_show_all))
    handlers: _Own = own.current
    ft.use_dialog(
        rename_dialog(state, renaming, handlers.renamed, _is(handlers, "renaming"))
        if renaming is not None
        else finish_dialog(state, handlers.asked, _is(handlers, "finishing"))
        if asking_finish
        else None
    )
    past = state.nav.past
    game = (past.game if past else None) if read_only else state.game
    result = (past.result if past else None) if read_only else state.result
    if game is None or result is None:
        kept_board(state, read_only, fresh=True)  # only what was last shown
        return screen(state, t("Scoreboard"), [ft.Text(t("There is no game running."))])
    n = len(game.rounds)
    over = result.game_over
    board = kept_board(state, read_only)
    keep = board.parts
    # the body's handlers are this board's (its setters stay the same while
    # it is shown): a body kept from a board that was left is drawn again.
    # A page redraws for changes that do not touch the board too: then the
    # very game and result (frozen) give the very body, not compared again.
    body = list(
        keep(
            "body",
            board_body,
            t,
            state.page_width,
            Same(game),
            Same(result),
            show_all,
            handlers.show_all,
            None if read_only else handlers.rename,
            None if read_only else state.enter_round,
            Same(board),
            chart_later,
        )
    )
    game_id = state.nav.viewing_id if read_only else state.game_id
    if game_id is not None and not read_only and not over:
        body.insert(0, EnteringLine(state, game_id, n + 1))  # at a live table
    if game_id is not None:
        body.append(keep("export", export_buttons, t, game_id, Same(state)))
    finish = handlers.finish if n and not read_only else None
    wide = (state.page_width or 0) >= WIDE
    footer = [] if read_only else _footer(state, game, over, wide, finish)
    actions = [] if read_only else _actions(state, over, wide, finish, keep)
    title = t("Round {n}", n=n + 1) if not over else t("Game over")
    back = "past" if read_only else state.nav.back_from_game
    return screen(
        state, title, body, back=back, actions=actions, footer=footer, keep=keep
    )
