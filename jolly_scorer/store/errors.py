"""The errors of the games database, all rooted in :class:`StoreError`.

Every message is one line for people; the game in memory is never touched, so
after any of them the caller may retry, or export the game elsewhere.
"""

from __future__ import annotations

from pathlib import Path

from jolly_scorer.core.errors import JollyError

__all__ = [
    "PUBLIC_FAILURE",
    "GameNotFound",
    "PartsChanged",
    "StoreBusy",
    "StoreConflict",
    "StoreCorrupt",
    "StoreError",
    "StoreGone",
    "StoreTooNew",
    "StoreWriteError",
]


class StoreError(JollyError):
    """A problem with the games database.

    ``public`` is what a page may show (one line, no file path, an English
    text the app translates); ``str(error)`` has the details for the log and
    the command line. None: only the generic :data:`PUBLIC_FAILURE`."""

    public: str | None = None


#: what a page shows for a database problem that has no ``public`` message
PUBLIC_FAILURE = "The games database could not be used; nothing was saved."


class StoreBusy(StoreError):
    """Another program held the database for longer than the busy timeout."""

    public = "The games database is busy (another program is writing); try again."

    def __init__(self) -> None:
        super().__init__("the database is busy (another program is writing); try again")


class StoreConflict(StoreError):
    """The game was changed elsewhere since it was read; nothing was written."""

    public = (
        "This game was changed on another device since it was loaded; nothing "
        "was saved: reload it and enter the change again."
    )

    def __init__(self, game_id: int) -> None:
        super().__init__(
            f"game {game_id} was changed on another device or program since it "
            "was loaded; nothing was saved: reload it and enter the change again"
        )
        self.game_id = game_id


class PartsChanged(StoreConflict):
    """The round being saved was changed on another device (a seat part was
    written) after the saver last read its parts; nothing was saved."""

    public = (
        "Not saved: the round was changed on another device just now. Check it "
        "and save again."
    )

    def __init__(self, game_id: int) -> None:
        StoreError.__init__(
            self,
            f"the next round of game {game_id} was changed on another device "
            "since it was read; nothing was saved",
        )
        self.game_id = game_id


class StoreWriteError(StoreError):
    """The database could not be written: disk full, read-only, cannot create."""

    public = (
        "The games database cannot be written (disk full or read-only); "
        "nothing was saved."
    )


class StoreGone(StoreError):
    """The database file was deleted, moved or replaced (or its folder removed)
    while this store had it open: writing would go to a file nobody will read
    again, so nothing is written. Reading still shows what the store had."""

    public = (
        "The games database was deleted or replaced; nothing was saved: export "
        "the game to keep it, then reload the page."
    )

    def __init__(self, path: Path, rescued: Path | None = None) -> None:
        kept = (
            f"; everything it had is kept in {str(rescued)!r}"
            if rescued is not None
            else ""
        )
        super().__init__(
            f"the games database {str(path)!r} was deleted or replaced while "
            f"jolly-scorer had it open; nothing was saved{kept}: export the game "
            "to keep it, then open jolly-scorer again (reload the page)"
        )
        self.path = path
        #: the rescue copy of what the store held (None: none could be made)
        self.rescued = rescued


class StoreCorrupt(StoreError):
    """The database file is damaged or not a jolly-scorer database.

    ``path`` is the damaged file (left untouched), ``copy`` the copy set aside
    next to it (None when no copy could be made).
    """

    public = (
        "The games database is damaged or not a jolly-scorer database; "
        "it was left untouched."
    )

    def __init__(self, message: str, path: Path, copy: Path | None = None) -> None:
        super().__init__(message)
        self.path = path
        self.copy = copy


class StoreTooNew(StoreError):
    """The database was written by a newer jolly-scorer; it is left untouched."""

    public = (
        "The games database was written by a newer jolly-scorer; it was left untouched."
    )

    def __init__(self, message: str, path: Path) -> None:
        super().__init__(message)
        self.path = path


class GameNotFound(StoreError):
    """No stored game has this id."""

    public = "This game is not there any more (deleted)."

    def __init__(self, game_id: int) -> None:
        super().__init__(f"there is no saved game with id {game_id}")
        self.game_id = game_id
