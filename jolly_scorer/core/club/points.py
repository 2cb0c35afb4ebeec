"""Tournament points ("Wertungspunkte"): a round's result turned into points by
a conversion table the club edits, written as data.

Each round (a deal, a "Spiel" on a club's list) gives every player points:
the player who went out gets ``out`` (``handglatt`` for a Handglatt); every
other player gets the points of the band their points left in hand fall in
(the bad points of the round, after any Handglatt doubling; in plus scoring
the good points they laid do not count here). A round nobody went out of
gives everyone the points of their band. The winners of a game that is over
get ``game_win`` on top. More points left in hand never give more points,
and going out never gives fewer than the best band: a table that breaks
either is refused.

>>> table = CONVERSIONS["bands5"]
>>> table.for_hand(0), table.for_hand(10), table.for_hand(11), table.for_hand(400)
(15, 15, 10, 0)
>>> conversion_from_json({"base": "bands5", "out": 30}).out
30
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from jolly_scorer.core.errors import ClubError
from jolly_scorer.core.record import Game
from jolly_scorer.core.scoring import GameResult
from jolly_scorer.core.values import WHOLE_MAX, as_whole, is_text

__all__ = [
    "CONVERSIONS",
    "CONVERSION_IDS",
    "Band",
    "Conversion",
    "conversion_from_json",
]


@dataclass(frozen=True, slots=True)
class Band:
    """Points left in hand up to ``upto`` (inclusive; None: any number) give
    ``points``."""

    upto: int | None
    points: int


@dataclass(frozen=True, slots=True)
class Conversion:
    """A conversion table: points for going out, for a Handglatt, by band of
    points left in hand, and for winning a game.

    ``bands`` run from the fewest points left in hand up; the last band has
    no upper bound. ``base`` names the preset it started from; ``name`` is
    the club's label for it.

    >>> Conversion("mine", out=5, handglatt=4, bands=(Band(None, 0),))
    Traceback (most recent call last):
    ...
    jolly_scorer.core.errors.ClubError: a Handglatt (4) may not give fewer points than going out (5)
    """  # noqa: E501

    base: str
    out: int
    handglatt: int
    bands: tuple[Band, ...]
    game_win: int = 0
    name: str | None = None

    def __post_init__(self) -> None:
        for key in ("out", "handglatt", "game_win"):
            value = getattr(self, key)
            if as_whole(value) is None:
                raise ClubError(f"{key}: {value!r} is not a whole number from 0")
        if not is_text(self.base) or (self.name is not None and not is_text(self.name)):
            raise ClubError("a conversion table's base and name are texts")
        if not self.bands:
            raise ClubError("a conversion table needs at least one band")
        last = -1
        for i, band in enumerate(self.bands):
            if not isinstance(band, Band) or as_whole(band.points) is None:
                raise ClubError(f"band {i + 1}: points must be a whole number from 0")
            final = i == len(self.bands) - 1
            if final != (band.upto is None):
                raise ClubError("only the last band is open-ended, and it must be")
            if band.upto is not None:
                if as_whole(band.upto) is None or band.upto <= last:
                    raise ClubError(
                        f"band {i + 1}: 'up to' must be a whole number above {last}"
                    )
                last = band.upto
            if i and band.points > self.bands[i - 1].points:
                raise ClubError(
                    f"band {i + 1} gives more points ({band.points}) than band "
                    f"{i} ({self.bands[i - 1].points}) for more points left in hand"
                )
        if self.out < self.bands[0].points:
            raise ClubError(
                f"going out ({self.out}) may not give fewer points than the "
                f"best band ({self.bands[0].points})"
            )
        if self.handglatt < self.out:
            raise ClubError(
                f"a Handglatt ({self.handglatt}) may not give fewer points than "
                f"going out ({self.out})"
            )

    def for_hand(self, left: int) -> int:
        """The points of a player who did not go out, with ``left`` points left
        in hand.

        >>> CONVERSIONS["bands3"].for_hand(20), CONVERSIONS["bands3"].for_hand(21)
        (5, 2)
        """
        for band in self.bands:
            if band.upto is None or left <= band.upto:
                return band.points
        raise AssertionError("the last band is open-ended")  # pragma: no cover

    def game_points(self, game: Game, result: GameResult) -> dict[str, int]:
        """Each player's points from one game (its rounds, and the win).

        >>> from jolly_scorer.core.game import Counted, Round, add_round, new_game
        >>> from jolly_scorer.core.rules import find_rules
        >>> from jolly_scorer.core.scoring import score_game
        >>> g = new_game(find_rules("romme_de"), ["A", "B", "C"])
        >>> g = add_round(g, Round("A", counted=(("B", Counted(bad=8)),
        ...                                      ("C", Counted(bad=40)))))
        >>> CONVERSIONS["bands5"].game_points(g, score_game(g))
        {'A': 25, 'B': 15, 'C': 5}
        """
        points = dict.fromkeys(game.players, 0)
        for entry, scored in zip(game.rounds, result.rounds, strict=True):
            for player in game.players:
                if player == entry.closed_by:
                    points[player] += self.handglatt if entry.handglatt else self.out
                else:
                    points[player] += self.for_hand(scored.scores[player].bad)
        if result.game_over:
            for player in result.winners:
                points[player] += self.game_win
        return points

    def to_json(self) -> dict[str, Any]:
        """The conversion table as a JSON object (read by
        :func:`conversion_from_json`).

        >>> conversion_from_json(CONVERSIONS["bands3"].to_json()) == CONVERSIONS["bands3"]
        True
        """  # noqa: E501
        data: dict[str, Any] = {
            "base": self.base,
            "out": self.out,
            "handglatt": self.handglatt,
            "bands": [{"upto": b.upto, "points": b.points} for b in self.bands],
            "game_win": self.game_win,
        }
        if self.name is not None:
            data["name"] = self.name
        return data

    def explained(self) -> tuple[str, ...]:
        """The table in words, one line each (English; the UI translates).

        >>> CONVERSIONS["bands3"].explained()[:2]
        ('going out: 10', 'Handglatt: 15')
        """
        lines = [f"going out: {self.out}", f"Handglatt: {self.handglatt}"]
        low = 0
        for band in self.bands:
            if band.upto is None:
                lines.append(f"{low} or more left in hand: {band.points}")
            else:
                lines.append(f"{low} to {band.upto} left in hand: {band.points}")
                low = band.upto + 1
        if self.game_win:
            lines.append(f"winning a game: {self.game_win} more")
        return tuple(lines)


def _bands(*pairs: tuple[int | None, int]) -> tuple[Band, ...]:
    return tuple(Band(upto, points) for upto, points in pairs)


CONVERSIONS: Mapping[str, Conversion] = MappingProxyType(
    {
        c.base: c
        for c in (
            Conversion(
                "bands5",
                out=25,
                handglatt=40,
                bands=_bands((10, 15), (25, 10), (50, 5), (100, 2), (None, 0)),
            ),
            Conversion(
                "bands3",
                out=10,
                handglatt=15,
                bands=_bands((20, 5), (50, 2), (None, 0)),
            ),
            Conversion("rounds_won", out=1, handglatt=2, bands=_bands((None, 0))),
            Conversion(
                "games_won", out=0, handglatt=0, bands=_bands((None, 0)), game_win=1
            ),
        )
    }
)
"""The preset conversion tables by id (``docs/rules.md``, "A club evening")."""

CONVERSION_IDS: tuple[str, ...] = tuple(CONVERSIONS)


def _band(data: Any, number: int) -> Band:
    if not isinstance(data, dict) or set(data) - {"upto", "points"}:
        raise ClubError(f"band {number}: an object with 'upto' and 'points'")
    upto = data.get("upto")
    points = as_whole(data.get("points"))
    if upto is not None and as_whole(upto) is None:
        raise ClubError(f"band {number}: 'upto' {upto!r} is not a whole number")
    if points is None:
        raise ClubError(f"band {number}: 'points' is not a whole number from 0")
    return Band(as_whole(upto) if upto is not None else None, points)


def conversion_from_json(data: Any) -> Conversion:
    """A conversion table from a preset id, or an object: ``{"base": id, ...}``
    with any of ``out``, ``handglatt``, ``bands``, ``game_win``, ``name``
    changed (an unknown key or a bad value is a :class:`ClubError`).

    >>> conversion_from_json("bands3").out
    10
    >>> conversion_from_json({"base": "bands3", "bands": [{"upto": None, "points": 0}]}).for_hand(3)
    0
    >>> conversion_from_json({"base": "bands3", "outs": 3})
    Traceback (most recent call last):
    ...
    jolly_scorer.core.errors.ClubError: unknown conversion table key: 'outs'
    >>> conversion_from_json("elo")
    Traceback (most recent call last):
    ...
    jolly_scorer.core.errors.ClubError: unknown conversion table: 'elo' (presets: bands5, bands3, rounds_won, games_won)
    """  # noqa: E501
    if isinstance(data, str):
        if data not in CONVERSIONS:
            raise ClubError(
                f"unknown conversion table: {data!r} "
                f"(presets: {', '.join(CONVERSION_IDS)})"
            )
        return CONVERSIONS[data]
    if not isinstance(data, dict):
        raise ClubError(f"a conversion table is a preset id or an object, not {data!r}")
    base = conversion_from_json(data.get("base", CONVERSION_IDS[0]))
    changes: dict[str, Any] = {}
    for key, value in data.items():
        if key == "base":
            continue
        if key == "bands":
            if not isinstance(value, list) or len(value) > 100:
                raise ClubError("'bands' is a list of at most 100 bands")
            changes[key] = tuple(_band(b, i) for i, b in enumerate(value, 1))
        elif key in ("out", "handglatt", "game_win"):
            if as_whole(value, 0, WHOLE_MAX) is None:
                raise ClubError(f"{key}: {value!r} is not a whole number from 0")
            changes[key] = as_whole(value)
        elif key == "name":
            if value is not None and not is_text(value):
                raise ClubError(f"name: {value!r} is not a text")
            changes[key] = value
        else:
            raise ClubError(f"unknown conversion table key: {key!r}")
    return replace(base, **changes)
