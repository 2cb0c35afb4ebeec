"""The games database: every game the app plays, kept in one SQLite file.

>>> import tempfile
>>> from jolly_scorer.core.game import new_game
>>> from jolly_scorer.core.rules import find_rules
>>> with tempfile.TemporaryDirectory() as folder, Store.open(folder) as store:
...     game_id = store.create_game(new_game(find_rules("jolly_at"), ["Anna", "Ben"]))
...     store.load_game(game_id).players, store.current_game_id() == game_id
(('Anna', 'Ben'), True)
"""

from jolly_scorer.core.stats import PlayerStats
from jolly_scorer.store.errors import (
    GameNotFound,
    PartsChanged,
    StoreBusy,
    StoreConflict,
    StoreCorrupt,
    StoreError,
    StoreGone,
    StoreTooNew,
    StoreWriteError,
)
from jolly_scorer.store.paths import default_data_dir
from jolly_scorer.store.rows import GameSummary
from jolly_scorer.store.seat_parts import SeatPart
from jolly_scorer.store.store import (
    Store,
    close_shared_stores,
    release_shared_store,
    shared_store,
)

__all__ = [
    "GameNotFound",
    "GameSummary",
    "PartsChanged",
    "PlayerStats",
    "SeatPart",
    "Store",
    "StoreBusy",
    "StoreConflict",
    "StoreCorrupt",
    "StoreError",
    "StoreGone",
    "StoreTooNew",
    "StoreWriteError",
    "close_shared_stores",
    "default_data_dir",
    "release_shared_store",
    "shared_store",
]
