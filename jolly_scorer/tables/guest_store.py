"""What a joined device may do with the games database: a guest
(:class:`GuestStore`) reads and changes the table's game only; a viewer
(:class:`ViewerStore`, the read-only link) only reads it. Everything else
(other games, the list of games, stats, settings, deleting and starting games)
is refused with a message the page shows.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar, cast

from jolly_scorer.core.stats import PlayerStats
from jolly_scorer.i18n import N_
from jolly_scorer.store import GameNotFound, GameSummary, StoreError
from jolly_scorer.store.protocol import GameStore

P = ParamSpec("P")
R = TypeVar("R")

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


def _table_game(
    method: Callable[Concatenate[Any, P], R],
) -> Callable[Concatenate[GuestStore, P], R]:
    """A call on one game (its id the first argument), passed on when the
    game is the table's: ``GuestStore.x = _table_game(GameStore.x)`` takes
    the protocol's signature, so mypy checks it like a written-out method."""
    name = method.__name__

    def checked(self: GuestStore, /, *args: P.args, **kwargs: P.kwargs) -> R:
        self._own(args[0] if args else kwargs.get("game_id"))
        answer: R = getattr(self._store, name)(*args, **kwargs)
        return answer

    checked.__name__ = checked.__qualname__ = name
    checked.__doc__ = method.__doc__
    return checked


def _passed(
    method: Callable[Concatenate[Any, P], R],
) -> Callable[Concatenate[GuestStore, P], R]:
    """A call passed on as it is (it reaches no game)."""
    name = method.__name__

    def passed(self: GuestStore, /, *args: P.args, **kwargs: P.kwargs) -> R:
        answer: R = getattr(self._store, name)(*args, **kwargs)
        return answer

    passed.__name__ = passed.__qualname__ = name
    passed.__doc__ = method.__doc__
    return passed


def _host_only(
    method: Callable[Concatenate[Any, P], R],
) -> Callable[Concatenate[GuestStore, P], R]:
    """A call only the host may make: refused."""

    def refused(self: GuestStore, /, *args: P.args, **kwargs: P.kwargs) -> R:
        raise Refused(ONLY_HOST)

    refused.__name__ = refused.__qualname__ = method.__name__
    return refused


class GuestStore:
    """The games database as a joined device sees it: the table's game only.

    It wraps the store (any :class:`~jolly_scorer.store.protocol.GameStore`)
    and is one; the table below says what a guest may do with each call
    (the signatures are the protocol's). ``game_id`` gives the table's game
    (:attr:`Table.game_id`) at each call; ``seated()`` is called after the
    device chose or left its seat (the host's device list names each device's
    seat: :meth:`Table.notify`)."""

    def __init__(
        self,
        store: GameStore,
        game_id: Callable[[], int | None],
        seated: Callable[[], None] | None = None,
    ) -> None:
        self._store = store
        self._game_id = game_id
        self._seated = seated or (lambda: None)

    def _own(self, game_id: object) -> None:
        if game_id != self._game_id():
            raise NotTheTablesGame(cast(int, game_id))

    # -- the table's game only: checked, then passed on --------------------------
    save_game = _table_game(GameStore.save_game)
    load_game = _table_game(GameStore.load_game)
    revision = _table_game(GameStore.revision)
    export_game = _table_game(GameStore.export_game)
    export_csv = _table_game(GameStore.export_csv)
    load_history = _table_game(GameStore.load_history)
    save_history = _table_game(GameStore.save_history)
    save_draft = _table_game(GameStore.save_draft)
    load_draft = _table_game(GameStore.load_draft)
    clear_draft = _table_game(GameStore.clear_draft)
    save_seat_part = _table_game(GameStore.save_seat_part)
    replace_seat_parts = _table_game(GameStore.replace_seat_parts)
    load_seat_parts = _table_game(GameStore.load_seat_parts)
    seat_parts_version = _table_game(GameStore.seat_parts_version)
    clear_seat_parts = _table_game(GameStore.clear_seat_parts)
    # the seat this device chose (a viewer's ViewerStore refuses these)
    load_device_seat = _table_game(GameStore.load_device_seat)
    game_summary = _table_game(GameStore.game_summary)

    def save_device_seat(self, game_id: int, device: str, player: str) -> None:
        self._own(game_id)
        self._store.save_device_seat(game_id, device, player)
        self._seated()

    def forget_device_seat(self, game_id: int, device: str) -> None:
        self._own(game_id)
        self._store.forget_device_seat(game_id, device)
        self._seated()

    # -- passed on: reaches no game ------------------------------------------------
    get_setting = _passed(GameStore.get_setting)

    # -- only the host ----------------------------------------------------------------
    create_game = _host_only(GameStore.create_game)
    delete_game = _host_only(GameStore.delete_game)
    set_setting = _host_only(GameStore.set_setting)
    settings = _host_only(GameStore.settings)

    # -- answered here: the table's game, nobody else's ----------------------------
    def current_game_id(self) -> int | None:
        return self._game_id()

    def list_games(self, limit: int | None = None) -> list[GameSummary]:
        # the table's game alone, read alone (not picked out of every game)
        own = self._game_id()
        if own is None or limit == 0:
            return []
        try:
            return [self._store.game_summary(own)]
        except GameNotFound:
            return []

    def last_played(self) -> tuple[int, datetime] | None:
        found = self.list_games()
        return (found[0].id, found[0].updated) if found else None

    def known_players(self) -> list[str]:
        return []

    def player_stats(self) -> list[PlayerStats]:
        return []

    if not TYPE_CHECKING:  # (mypy: a call not in the table is an error)

        def __getattr__(self, name: str) -> Any:
            # backup, restore, import_game, club events and anything added
            # later: a new per-game call of the store needs its line above
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
            "game_summary",
            "last_played",
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


def _answers(guest: GuestStore, viewer: ViewerStore) -> tuple[GameStore, GameStore]:
    """(Never called: mypy checks here that both are a ``GameStore``.)"""
    return guest, viewer
