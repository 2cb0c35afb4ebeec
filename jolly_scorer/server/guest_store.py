"""What a joined device may do with the games database: a guest
(:class:`GuestStore`) reads and changes the table's game only; a viewer
(:class:`ViewerStore`, the read-only link) only reads it. Everything else
(other games, the list of games, stats, settings, deleting and starting games)
is refused with a message the page shows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from jolly_scorer.core.game import Game, UndoHistory
from jolly_scorer.store import GameNotFound, SeatPart, StoreError
from jolly_scorer.ui.i18n import N_

ONLY_HOST = N_("Only the host of the table can do this.")


class Refused(StoreError):
    """A joined device asked for something only the host may do."""

    public = ONLY_HOST


class NotTheTablesGame(GameNotFound):
    """A joined device asked for a game that is not (or no longer) the table's:
    the host moved the table to another game."""

    public = N_(
        "This is not the table's game any more: the host moved the table to "
        "another game."
    )


class GuestStore:
    """The games database as a joined device sees it: the table's game only.

    ``game_id`` gives the table's game (:attr:`Table.game_id`) at each call;
    ``seated()`` is called after the device chose or left its seat (the
    host's device list names each device's seat: :meth:`Table.notify`)."""

    def __init__(
        self,
        store: Any,
        game_id: Callable[[], int | None],
        seated: Callable[[], None] | None = None,
    ) -> None:
        self._store = store
        self._game_id = game_id
        self._seated = seated or (lambda: None)

    def _own(self, game_id: int) -> None:
        if game_id != self._game_id():
            raise NotTheTablesGame(game_id)

    def create_game(self, game: Game) -> int:
        raise Refused(ONLY_HOST)

    def save_game(self, game_id: int, game: Game, **kw: Any) -> Any:
        self._own(game_id)
        return self._store.save_game(game_id, game, **kw)

    def load_game(self, game_id: int) -> Game:
        self._own(game_id)
        game: Game = self._store.load_game(game_id)
        return game

    def revision(self, game_id: int) -> int:
        self._own(game_id)
        value: int = self._store.revision(game_id)
        return value

    def current_game_id(self) -> int | None:
        return self._game_id()

    def list_games(self) -> Sequence[Any]:
        own = self._game_id()
        return [g for g in self._store.list_games() if g.id == own]

    def delete_game(self, game_id: int) -> None:
        raise Refused(ONLY_HOST)

    def known_players(self) -> Sequence[str]:
        return []

    def save_draft(self, game_id: int, draft: dict[str, Any]) -> None:
        self._own(game_id)
        self._store.save_draft(game_id, draft)

    def load_draft(self, game_id: int) -> dict[str, Any] | None:
        self._own(game_id)
        draft: dict[str, Any] | None = self._store.load_draft(game_id)
        return draft

    def clear_draft(self, game_id: int) -> None:
        self._own(game_id)
        self._store.clear_draft(game_id)

    # the seat parts (store.seat_part_store.SeatPartStore): the table's game only
    def save_seat_part(self, game_id: int, *args: Any, **kw: Any) -> SeatPart:
        self._own(game_id)
        part: SeatPart = self._store.save_seat_part(game_id, *args, **kw)
        return part

    def replace_seat_parts(self, game_id: int, *args: Any) -> dict[str, SeatPart]:
        self._own(game_id)
        parts: dict[str, SeatPart] = self._store.replace_seat_parts(game_id, *args)
        return parts

    def load_seat_parts(self, game_id: int, round_number: int) -> dict[str, SeatPart]:
        self._own(game_id)
        parts: dict[str, SeatPart] = self._store.load_seat_parts(game_id, round_number)
        return parts

    def seat_parts_version(self, game_id: int) -> int:
        self._own(game_id)
        value: int = self._store.seat_parts_version(game_id)
        return value

    def clear_seat_parts(self, game_id: int) -> None:
        self._own(game_id)
        self._store.clear_seat_parts(game_id)

    # the seat this device chose (a viewer's ViewerStore refuses these)
    def load_device_seat(self, game_id: int, device: str) -> str | None:
        self._own(game_id)
        seat: str | None = self._store.load_device_seat(game_id, device)
        return seat

    def save_device_seat(self, game_id: int, device: str, player: str) -> None:
        self._own(game_id)
        self._store.save_device_seat(game_id, device, player)
        self._seated()

    def forget_device_seat(self, game_id: int, device: str) -> None:
        self._own(game_id)
        self._store.forget_device_seat(game_id, device)
        self._seated()

    def load_history(self, game_id: int, game: Game) -> tuple[UndoHistory, bool]:
        self._own(game_id)
        found: tuple[UndoHistory, bool] = self._store.load_history(game_id, game)
        return found

    def save_history(self, game_id: int, history: UndoHistory) -> None:
        self._own(game_id)
        self._store.save_history(game_id, history)

    def get_setting(self, key: str, default: Any = None) -> Any:
        return self._store.get_setting(key, default)

    def set_setting(self, key: str, value: Any) -> None:
        raise Refused(ONLY_HOST)

    def export_game(self, game_id: int) -> dict[str, Any]:
        self._own(game_id)
        data: dict[str, Any] = self._store.export_game(game_id)
        return data

    def export_csv(self, game_id: int) -> str:
        self._own(game_id)
        text: str = self._store.export_csv(game_id)
        return text

    def player_stats(self) -> Sequence[Any]:
        return []

    def __getattr__(self, name: str) -> Any:
        # backup, restore, import_game, settings and anything added later: a
        # new per-game method of Store needs its own checked pass-through here
        if name.startswith("_"):  # hasattr, copy, pickle: not there
            raise AttributeError(name)
        raise Refused(ONLY_HOST)


ONLY_READING = N_("This page shows the table's game; it cannot change anything.")


class ViewerRefused(Refused):
    """A viewer (read-only link) asked to change something."""

    public = ONLY_READING


class ViewerStore(GuestStore):
    """The games database as a viewer sees it: the table's game, read only.

    Reading passes through :class:`GuestStore` (the table's game only);
    every write is refused, whatever it is (also one added to the store later:
    only the reads named here are let through)."""

    _READS = frozenset(
        {
            "load_game",
            "revision",
            "current_game_id",
            "list_games",
            "known_players",
            "load_draft",
            "load_history",
            "get_setting",
            "export_game",
            "export_csv",
            "player_stats",
            "load_seat_parts",
            "seat_parts_version",
        }
    )

    def __getattribute__(self, name: str) -> Any:
        if name.startswith("_") or name in ViewerStore._READS:
            return super().__getattribute__(name)

        def refused(*args: Any, **kwargs: Any) -> Any:
            raise ViewerRefused(ONLY_READING)

        return refused
