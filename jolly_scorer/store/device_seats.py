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

from jolly_scorer.store.errors import StoreError

__all__ = ["MAX_DEVICE_KEY_LENGTH", "check_device", "follow_rename"]

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
