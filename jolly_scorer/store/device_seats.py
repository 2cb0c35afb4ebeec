"""The seat each device that joined a live table chose, per game.

A joined phone says once which player it is ("Which seat is yours?"); the
answer is kept in the table ``device_seats`` under a key of the device's
cookie (never the cookie itself), so a host that is restarted with the same
table still knows every phone's seat. A seat is a player's name: when players
are renamed, the seats follow in the same transaction as the rename
(:func:`follow_rename`); a game's seats go with the game. Seats are this
table's device state, not game data: exports and backups do not carry them.

>>> import tempfile
>>> from jolly_scorer.core.game import new_game
>>> from jolly_scorer.core.rules import find_rules
>>> from jolly_scorer.store import Store
>>> with tempfile.TemporaryDirectory() as folder, Store.open(folder) as store:
...     game_id = store.create_game(new_game(find_rules("jolly_at"), ["Anna", "Ben"]))
...     store.save_device_seat(game_id, "3f2a", "Ben")
...     store.load_device_seat(game_id, "3f2a"), store.load_device_seat(game_id, "77")
('Ben', None)
"""

from __future__ import annotations

import sqlite3

from jolly_scorer.store.base import StoreBase
from jolly_scorer.store.errors import StoreError

__all__ = [
    "MAX_DEVICE_KEY_LENGTH",
    "DeviceSeatCalls",
    "check_device",
    "follow_rename",
]

MAX_DEVICE_KEY_LENGTH = 64


def check_device(device: str) -> None:
    """Refuse a device key that is not a short, non-empty text."""
    if not isinstance(device, str) or not device or len(device) > MAX_DEVICE_KEY_LENGTH:
        raise StoreError(
            f"a device key is a text of 1 to {MAX_DEVICE_KEY_LENGTH} characters"
        )


def follow_rename(
    conn: sqlite3.Connection,
    game_id: int,
    before: tuple[str, ...],
    after: tuple[str, ...],
) -> None:
    """Players of ``game_id`` were renamed (seat by seat, ``before[i]`` is
    now ``after[i]``): every device's seat follows its player's name, inside
    the caller's transaction. Players added or removed rename nothing."""
    if len(before) != len(after):
        return
    names = {old: new for old, new in zip(before, after, strict=True) if old != new}
    if not names:
        return
    rows = conn.execute(
        "SELECT device, player FROM device_seats WHERE game_id = ?", (game_id,)
    ).fetchall()
    conn.executemany(
        "UPDATE device_seats SET player = ? WHERE game_id = ? AND device = ?",
        [(names[p], game_id, device) for device, p in rows if p in names],
    )


class DeviceSeatCalls(StoreBase):
    """The store's calls on the devices' seats (see
    :class:`~jolly_scorer.store.protocol.DeviceSeatRecords`)."""

    def load_device_seat(self, game_id: int, device: str) -> str | None:
        """The player ``device`` (a device key) chose in the game, or None."""
        with self._reading() as conn:
            row = conn.execute(
                "SELECT player FROM device_seats WHERE game_id = ? AND device = ?",
                (game_id, device),
            ).fetchone()
        return None if row is None else str(row[0])

    def save_device_seat(self, game_id: int, device: str, player: str) -> None:
        """Keep ``player`` as the seat of ``device`` in the game (replacing
        its earlier choice); :class:`GameNotFound` if there is no such game,
        :class:`StoreError` if ``player`` is not one of its players."""
        check_device(device)
        with self.atomic() as conn:
            self._revision(conn, game_id)  # GameNotFound if there is none
            if player not in self._players_of(conn, game_id):
                raise StoreError(f"{player!r} is not a player of game {game_id}")
            conn.execute(
                "INSERT OR REPLACE INTO device_seats (game_id, device, player, "
                "updated) VALUES (?, ?, ?, ?)",
                (game_id, device, player, self._now()),
            )

    def forget_device_seat(self, game_id: int, device: str) -> None:
        """Forget the seat of ``device`` in the game (none kept: nothing)."""
        with self.atomic() as conn:
            conn.execute(
                "DELETE FROM device_seats WHERE game_id = ? AND device = ?",
                (game_id, device),
            )
