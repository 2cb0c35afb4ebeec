"""The next round being entered at a table, kept as one part per seat.

Each device at a live table writes only the parts it changed: a player's part
(their melds, lay-offs and hand, or counted points) under the player's name,
and the round's own part (who went out, Handglatt, the discard) under ``""``.
Every part carries a status (``"entering"`` or ``"done"``), the device that
wrote it last and a revision that grows with every write of any part of the
game (a clock in microseconds, never less than the last one plus one), so
a page knows cheaply whether anything changed
(:meth:`~jolly_scorer.store.Store.seat_parts_version`).

A part belongs to the next round only: writing a part of another round
(because that round was saved meanwhile on another device) raises
:class:`~jolly_scorer.store.StoreConflict`, and saving the game clears every
part that no longer belongs to its next round, in the same transaction. A
page saving the round passes the newest revision of its parts it read (or
wrote): if a part was written since, the save is refused
(:class:`~jolly_scorer.store.PartsChanged`) rather than clearing a part
nobody saw.

A device that merged its change into a part as it read it passes the part's
revision it read (``expected``; 0: there was none): if the part was written
since, nothing is written and :class:`PartWrittenSince` says so, so the
device merges again instead of writing over a card it never saw.

>>> import tempfile
>>> from jolly_scorer.core.game import new_game
>>> from jolly_scorer.core.rules import find_rules
>>> from jolly_scorer.store import Store
>>> with tempfile.TemporaryDirectory() as folder, Store.open(folder) as store:
...     game_id = store.create_game(new_game(find_rules("jolly_at"), ["Anna", "Ben"]))
...     part = store.save_seat_part(game_id, 1, "Anna", {"hand": ["7h"]}, status="done")
...     sorted(store.load_seat_parts(game_id, 1)), part.status
(['Anna'], 'done')
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from jolly_scorer.store.base import StoreBase, _json_text
from jolly_scorer.store.errors import GameNotFound, StoreConflict, StoreError

__all__ = [
    "MAX_PART_BYTES",
    "STATUSES",
    "PartWrittenSince",
    "SeatPart",
    "SeatPartCalls",
]

STATUSES = ("entering", "done")
MAX_PART_BYTES = 64 * 1024  # far more than a player's cards ever need
MAX_DEVICE_LENGTH = 60


class PartWrittenSince(StoreError):
    """A part was written since the device read it (revision ``expected``):
    merge again with the part as it is now."""

    def __init__(self, seat: str) -> None:
        super().__init__(f"the part of {seat!r} was written meanwhile")
        self.seat = seat


@dataclass(frozen=True, slots=True)
class SeatPart:
    """One seat's part of the round being entered (``seat`` "" is the round's)."""

    seat: str
    data: dict[str, Any]
    status: str
    device: str
    revision: int
    updated: float


def write_part(
    conn: sqlite3.Connection,
    game_id: int,
    round_number: int,
    seat: str,
    text: str,
    *,
    status: str,
    device: str,
    players: tuple[str, ...],
    rounds: int,
    expected: int | None = None,
) -> SeatPart:
    """Write one part inside the caller's transaction (checked first;
    ``expected``: the part's revision as the writer read it, 0 for none)."""
    if seat != "" and seat not in players:
        raise StoreError(f"{seat!r} is not a player of game {game_id}")
    if status not in STATUSES:
        raise StoreError(f"a part's status is one of {STATUSES}, not {status!r}")
    if not isinstance(device, str) or len(device) > MAX_DEVICE_LENGTH:
        raise StoreError("a device label is a text of at most 60 characters")
    if len(text.encode("utf-8")) > MAX_PART_BYTES:
        raise StoreError(f"a part holds at most {MAX_PART_BYTES} bytes")
    if round_number != rounds + 1:
        raise StoreConflict(game_id)  # that round was saved (or undone) meanwhile
    if expected is not None:
        stored = conn.execute(
            "SELECT revision FROM seat_parts "
            "WHERE game_id = ? AND round_number = ? AND seat = ?",
            (game_id, round_number, seat),
        ).fetchone()
        if (0 if stored is None else int(stored[0])) != expected:
            raise PartWrittenSince(seat)
    row = conn.execute(
        "SELECT coalesce(max(revision), 0) FROM seat_parts WHERE game_id = ?",
        (game_id,),
    ).fetchone()
    now = time.time()
    # grows with every write, also across a save that cleared the parts
    revision = max(int(row[0]) + 1, int(now * 1_000_000))
    conn.execute(
        "INSERT OR REPLACE INTO seat_parts (game_id, round_number, seat, data, "
        "status, device, revision, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (game_id, round_number, seat, text, status, device, revision, now),
    )
    return SeatPart(seat, json.loads(text), status, device, revision, now)


def read_parts(
    conn: sqlite3.Connection, game_id: int, round_number: int
) -> dict[str, SeatPart]:
    """The parts of one round (a damaged part is left out)."""
    parts: dict[str, SeatPart] = {}
    for seat, text, status, device, revision, updated in conn.execute(
        "SELECT seat, data, status, device, revision, updated FROM seat_parts "
        "WHERE game_id = ? AND round_number = ? ORDER BY seat",
        (game_id, round_number),
    ):
        try:
            data = json.loads(text)
        except ValueError:
            continue
        if isinstance(data, dict) and status in STATUSES:
            parts[seat] = SeatPart(seat, data, status, device, revision, updated)
    return parts


def version(
    conn: sqlite3.Connection, game_id: int, round_number: int | None = None
) -> int:
    """The newest revision among the game's parts (of round ``round_number``
    only, if given; 0 when there is none)."""
    if round_number is None:
        row = conn.execute(
            "SELECT coalesce(max(revision), 0) FROM seat_parts WHERE game_id = ?",
            (game_id,),
        ).fetchone()
    else:
        row = conn.execute(
            "SELECT coalesce(max(revision), 0) FROM seat_parts "
            "WHERE game_id = ? AND round_number = ?",
            (game_id, round_number),
        ).fetchone()
    return int(row[0])


def keep_next_round_only(conn: sqlite3.Connection, game_id: int, rounds: int) -> None:
    """Forget the parts of every round but the next one (after a save)."""
    conn.execute(
        "DELETE FROM seat_parts WHERE game_id = ? AND round_number != ?",
        (game_id, rounds + 1),
    )


class SeatPartCalls(StoreBase):
    """The store's calls on the parts (see
    :class:`~jolly_scorer.store.protocol.SeatPartRecords`)."""

    def save_seat_part(
        self,
        game_id: int,
        round_number: int,
        seat: str,
        data: dict[str, Any],
        *,
        status: str = "entering",
        device: str = "",
        expected: int | None = None,
    ) -> SeatPart:
        """Keep one seat's part of the next round (see :mod:`.seat_parts`):
        ``seat`` is a player of the game or "" for the round's own part.
        :class:`StoreConflict` when ``round_number`` is no longer the next
        round (it was saved meanwhile); with ``expected`` (the part's
        revision as read, 0: none) ``PartWrittenSince`` when it was written
        since; :class:`StoreError` for anything else wrong, and nothing is
        written."""
        text = _part_text(data)
        with self.atomic() as conn:
            write = self._part_writer(conn, game_id, round_number)
            return write(seat, text, status, device, expected)

    def replace_seat_parts(
        self,
        game_id: int,
        round_number: int,
        parts: Mapping[str, tuple[dict[str, Any], str, str]],
    ) -> dict[str, SeatPart]:
        """Every part of the game replaced by ``parts`` (``seat: (data,
        status, device)``, of ``round_number``), in one transaction: all or
        nothing (players renamed mid-round, say). Refused like
        :meth:`save_seat_part`, and then the parts stay as they were."""
        texts = {seat: (_part_text(d), st, dev) for seat, (d, st, dev) in parts.items()}
        with self.atomic() as conn:
            write = self._part_writer(conn, game_id, round_number)
            conn.execute("DELETE FROM seat_parts WHERE game_id = ?", (game_id,))
            return {seat: write(seat, *rest) for seat, rest in texts.items()}

    def _part_writer(
        self, conn: sqlite3.Connection, game_id: int, round_number: int
    ) -> Callable[..., SeatPart]:
        """``write(seat, text, status, device, expected=None)`` for the parts
        of ``round_number`` of game ``game_id``, in the transaction ``conn``."""
        row = conn.execute(
            "SELECT round_count FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise GameNotFound(game_id)
        players, rounds = self._players_of(conn, game_id), int(row[0])

        def write(
            seat: str, text: str, status: str, device: str, expected: int | None = None
        ) -> SeatPart:
            return write_part(
                conn,
                game_id,
                round_number,
                seat,
                text,
                status=status,
                device=device,
                players=players,
                rounds=rounds,
                expected=expected,
            )

        return write

    def load_seat_parts(self, game_id: int, round_number: int) -> dict[str, SeatPart]:
        """Every part kept of that round, by seat."""
        with self._reading() as conn:
            return read_parts(conn, game_id, round_number)

    def seat_parts_version(self, game_id: int) -> int:
        """The newest part's revision (0 when none): compare to see a change."""
        with self._reading() as conn:
            return version(conn, game_id)

    def clear_seat_parts(self, game_id: int) -> None:
        """Forget every part of the game (the round was dropped)."""
        with self.atomic() as conn:
            conn.execute("DELETE FROM seat_parts WHERE game_id = ?", (game_id,))


def _part_text(data: Any) -> str:
    """A seat part's JSON text; a part is a JSON object."""
    if not isinstance(data, dict):
        raise StoreError(f"a part must be a JSON object, not {data!r}")
    return _json_text(data, "a part")
