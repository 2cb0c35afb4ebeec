"""The round a page enters together with the other devices at its table: the
part of the page's state (``ui/state.AppState``, which holds one
:class:`EnteringTogether` as ``state.entering``) that follows the next
round's seat parts.

It knows which round the open round entry was drawn for (and with which
players), hands the entry its :class:`~jolly_scorer.ui.models.shared_round.SharedRound`,
passes the parts other pages wrote on to whoever listens (the round entry,
or the scoreboard's "who is entering"), takes the page to the board when
that round was saved on another device, and keeps the parts under the
players' names when they are renamed. The game itself changes only in the
state's pipeline; this reads it through the page (:class:`Page`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from jolly_scorer.core.game import Game
from jolly_scorer.i18n import Translator
from jolly_scorer.store.protocol import GameStore
from jolly_scorer.ui.models.failures import FAILURES, failure_text
from jolly_scorer.ui.models.navigation import Navigation, Screen
from jolly_scorer.ui.models.parts_road import PartsRoad
from jolly_scorer.ui.models.seat_parts import rename_seats

if TYPE_CHECKING:
    from jolly_scorer.ui.models.shared_round import SharedRound

__all__ = ["EnteringTogether", "Page"]


class Page(Protocol):
    """What :class:`EnteringTogether` reads and does on its page
    (``AppState`` is one)."""

    store: GameStore
    nav: Navigation
    game_id: int | None
    #: This page's label on the round parts it writes.
    device: str
    #: Tells the other pages that round ``number`` of game ``id`` has new parts.
    publish_parts: Callable[[int, int], None] | None
    error: str | None
    notice: str | None

    @property
    def game(self) -> Game | None: ...

    @property
    def t(self) -> Translator: ...

    def go(self, screen: Screen) -> None: ...

    def refresh(self, game_id: int) -> None: ...


class EnteringTogether:
    """The next round as this page enters it with the other devices."""

    def __init__(self, page: Page) -> None:
        self._page = page
        #: The round being entered (new round) when the entry opened.
        self._number: int | None = None
        #: The players of that round (a rename meanwhile: the entry starts afresh).
        self._players: tuple[str, ...] = ()
        #: The open round entry's listener for parts other pages wrote.
        self._entry_listener: Callable[[], None] | None = None
        #: The scoreboard's listener for the same (it says who is entering).
        self._board_listener: Callable[[], None] | None = None
        #: The shared round handed to the round entry last (its Save passes
        #: the parts it has seen: the store refuses the save if one was
        #: written since).
        self._sharing: SharedRound | None = None
        self._parts: PartsRoad | None = None

    @property
    def parts(self) -> PartsRoad:
        """The seat parts as this page reads and writes them: every write of
        a part (a card tap in the round entry, a rename, Cancel) passes here
        on its way to the store, and here the other pages are told."""
        if self._parts is None:
            page = self._page
            self._parts = PartsRoad(lambda: page.store, self._tell_parts)
        return self._parts

    def shared_round(self) -> SharedRound | None:
        """The next round of the game as shared through the store's seat
        parts (None while editing a past round: that stays on this device)."""
        from jolly_scorer.ui.models.shared_round import SharedRound

        page = self._page
        game, game_id = page.game, page.game_id
        if game is None or game_id is None or page.nav.edit_round is not None:
            return None
        self._number = len(game.rounds) + 1
        self._players = game.players
        self._sharing = SharedRound(
            self.parts, game_id, game, page.device, told=self.parts_written
        )
        return self._sharing

    def parts_seen(self, number: int | None) -> int | None:
        """The parts' version the round entry of round ``number`` has seen,
        for its Save (None: no shared round of that number here)."""
        sharing = self._sharing
        if (
            sharing is None
            or number is None
            or sharing.game_id != self._page.game_id
            or sharing.number != number
        ):
            return None
        return sharing.parts_seen

    def parts_written(self, number: int) -> None:
        """This page stored parts of round ``number`` (through :attr:`parts`):
        tell the other pages, unless they were told since."""
        self.parts.tell(number)

    def _tell_parts(self, number: int) -> None:
        page = self._page
        if page.publish_parts is not None and page.game_id is not None:
            with contextlib.suppress(Exception):  # a closed session, say
                page.publish_parts(page.game_id, number)

    def listen_to_parts(
        self, listener: Callable[[], None] | None, board: bool = False
    ) -> None:
        """The open round entry (``board``: the scoreboard) follows the parts
        other pages write."""
        if board:
            self._board_listener = listener
        else:
            self._entry_listener = listener

    def parts_heard(self, game_id: int) -> None:
        """Another page stored parts of game ``game_id`` (or this page came
        back): the open round entry catches up (the scoreboard says who is
        entering)."""
        page = self._page
        listener = {"entry": self._entry_listener, "board": self._board_listener}
        heard = listener.get(page.nav.screen)
        if heard is not None and game_id == page.game_id:
            heard()

    def follow_saved_round(self) -> bool:
        """The round this page was entering was saved on another device (or
        is no longer the next round: a round was taken back): show the board
        (the next round starts afresh). True if it moved."""
        page = self._page
        number = self._number
        game = page.game
        if (
            page.nav.screen != "entry"
            or page.nav.edit_round is not None
            or number is None
            or game is None
            or (len(game.rounds) + 1 == number and game.players == self._players)
        ):
            return False
        self._number = None
        page.go("board")
        if len(game.rounds) >= number:
            page.notice = page.t("Round {n} was saved on another device.", n=number)
        else:
            page.notice = page.t("The game was changed on another device.")
        return True

    def let_go(self) -> None:
        """The entry no longer follows its round to the board when that round
        is saved (it offers its change as the correction instead)."""
        self._number = None

    def round_taken_here(self) -> None:
        """The round entry offers its change as the correction of the round
        saved meanwhile: show the saved game, and stay on the entry when the
        save is heard of (the person looks, keeps theirs or drops it)."""
        if self._page.game_id is not None:
            self._page.refresh(self._page.game_id)
        self._number = None

    def round_saved_elsewhere(self) -> None:
        """Writing a part was refused: the round was saved meanwhile."""
        if self._page.game_id is not None:
            self._page.refresh(self._page.game_id)
            self.follow_saved_round()

    def rename_seats(self, before: tuple[str, ...], after: tuple[str, ...]) -> None:
        """Players were renamed (or a rename taken back): the parts of the
        round being entered follow the names (a part under a name that is
        gone would be lost). The seats the devices chose followed already:
        the store renames them in the game's own transaction."""
        page = self._page
        game, game_id = page.game, page.game_id
        if before == after or len(before) != len(after) or not game or not game_id:
            return
        names = {old: new for old, new in zip(before, after, strict=True) if old != new}
        number = len(game.rounds) + 1
        try:
            parts = self.parts.load_seat_parts(game_id, number)
            if not parts:
                return
            renamed = rename_seats({s: p.data for s, p in parts.items()}, names)
            # all at once: a failure halfway must not lose the other parts
            self.parts.replace_seat_parts(
                game_id,
                number,
                {
                    seat: (data, part.status, part.device)
                    for (seat, data), part in zip(
                        renamed.items(), parts.values(), strict=True
                    )
                },
            )
        except FAILURES as e:
            page.error = failure_text(e)
            return
        self.parts_written(number)
