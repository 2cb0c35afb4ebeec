"""Who is ahead: the order of the players by their totals, ties sharing a place.

In plus scoring the highest total is best, in penalty scoring the lowest.
Players with equal totals share a place and keep their seating order.

>>> ranked = standings(("Anna", "Ben", "Cleo"), {"Anna": 40, "Ben": 90, "Cleo": 40},
...                    plus=True)
>>> [(s.place, s.player, s.total) for s in ranked]
[(1, 'Ben', 90), (2, 'Anna', 40), (2, 'Cleo', 40)]
>>> leaders(("Anna", "Ben", "Cleo"), {"Anna": 40, "Ben": 90, "Cleo": 40}, plus=False)
('Anna', 'Cleo')
"""

from __future__ import annotations

from dataclasses import dataclass

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

__all__ = ["Standing", "best_total", "leaders", "standings"]


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's place (1 is best; tied players share it) and total."""

    place: int
    player: str
    total: int


def best_total(totals: Mapping[str, int], *, plus: bool) -> int:
    """The best of the totals: the highest in plus scoring, else the lowest."""
    return max(totals.values()) if plus else min(totals.values())


def leaders(
    players: Sequence[str], totals: Mapping[str, int], *, plus: bool
) -> tuple[str, ...]:
    """The players with the best total, in seating order (several on a tie)."""
    if not players:
        return ()
    best = best_total({p: totals[p] for p in players}, plus=plus)
    return tuple(p for p in players if totals[p] == best)


def standings(
    players: Sequence[str], totals: Mapping[str, int], *, plus: bool
) -> tuple[Standing, ...]:
    """Every player from best to worst; equal totals share a place."""
    sign = -1 if plus else 1
    order = sorted(players, key=lambda p: sign * totals.get(p, 0))  # stable
    ranked: list[Standing] = []
    for i, player in enumerate(order):
        total = totals.get(player, 0)
        tied = ranked and ranked[-1].total == total
        ranked.append(Standing(ranked[-1].place if tied else i + 1, player, total))
    return tuple(ranked)
