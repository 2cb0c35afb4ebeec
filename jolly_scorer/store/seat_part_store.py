"""The calls on the round being entered at a table, one part per seat, and
on the seat each joined device chose, as one protocol:
:class:`~jolly_scorer.store.Store` answers them, and so does a joined
device's ``GuestStore`` (the table's game only). The UI's store protocols
extend this one instead of repeating its signatures.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from jolly_scorer.store.seat_parts import SeatPart

__all__ = ["SeatPartStore"]


class SeatPartStore(Protocol):
    """The seat parts of a game's next round (see :mod:`.seat_parts`)."""

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
        """Keep one seat's part (``seat`` "" is the round's own part);
        :class:`~jolly_scorer.store.StoreConflict` when ``round_number`` is
        no longer the next round; with ``expected`` (the part's revision as
        read, 0: none), :class:`~jolly_scorer.store.seat_parts.PartWrittenSince`
        when it was written since."""

    def replace_seat_parts(
        self,
        game_id: int,
        round_number: int,
        parts: Mapping[str, tuple[dict[str, Any], str, str]],
    ) -> dict[str, SeatPart]:
        """Every part of the game replaced by ``parts`` (``seat: (data,
        status, device)``) in one transaction: all or nothing."""

    def load_seat_parts(self, game_id: int, round_number: int) -> dict[str, SeatPart]:
        """Every part kept of that round, by seat."""

    def seat_parts_version(self, game_id: int) -> int:
        """The newest part's revision (0 when none): compare to see a change."""

    def clear_seat_parts(self, game_id: int) -> None:
        """Forget every part of the game (the round was dropped)."""

    def load_device_seat(self, game_id: int, device: str) -> str | None:
        """The seat (a player's name) device key ``device`` chose, or None."""

    def save_device_seat(self, game_id: int, device: str, player: str) -> None:
        """Keep ``player`` as the seat of ``device`` in the game."""

    def forget_device_seat(self, game_id: int, device: str) -> None:
        """Forget the seat of ``device`` in the game."""
