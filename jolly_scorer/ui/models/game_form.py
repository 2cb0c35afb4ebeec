"""The new-game form as a frozen value: players by seat, dealer, rules, target.

Plain Python (no Flet), so the form's behaviour is tested directly.

>>> from jolly_scorer.core.rules import find_rules
>>> form = GameForm.start(find_rules("jolly_at")).set_name(0, "Anna").set_name(1, "Ben")
>>> form = form.add("Cleo").move(2, -1)
>>> form.players, form.error()
(('Anna', 'Cleo', 'Ben'), None)
>>> form.with_preset("rommi_fi").target_choices()[:3]
(100, 150, 200)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from jolly_scorer.core.names import name_key
from jolly_scorer.core.rules import KNOBS, PRESETS, Rules, find_rules

__all__ = ["EDITABLE_KNOBS", "GameForm"]

#: The knobs of the house-rules editor: the core's, scoring first; target and
#: rounds are asked for apart.
EDITABLE_KNOBS: tuple[str, ...] = (
    "scoring",
    *(k for k in KNOBS if k not in ("scoring", "target", "rounds_limit")),
)

PLUS_TARGETS: tuple[int, ...] = tuple(range(100, 501, 50))
PENALTY_LIMITS: tuple[int, ...] = tuple(range(100, 1001, 50))


@dataclass(frozen=True, slots=True)
class GameForm:
    """What the new-game screen holds while the players fill it in."""

    rules: Rules
    players: tuple[str, ...] = ("", "")
    first_dealer: int = 0
    target: int = 500
    rounds_limit: int | None = None

    @classmethod
    def start(cls, rules: Rules, players: tuple[str, ...] = ("", "")) -> GameForm:
        return cls(
            rules=rules,
            players=players,
            target=rules.target,
            rounds_limit=rules.rounds_limit,
        )

    # -- players ----------------------------------------------------------------
    def names(self) -> tuple[str, ...]:
        """The names filled in (blank rows left out)."""
        return tuple(n.strip() for n in self.players if n.strip())

    def can_add(self) -> bool:
        return len(self.players) < self.rules.players_max

    def add(self, name: str = "") -> GameForm:
        """One more seat (filling the first blank one when a name is given)."""
        players = list(self.players)
        if name and "" in [p.strip() for p in players]:
            players[[p.strip() for p in players].index("")] = name
        elif self.can_add():
            players.append(name)
        return dataclasses.replace(self, players=tuple(players))

    def set_name(self, seat: int, name: str) -> GameForm:
        players = list(self.players)
        players[seat] = name
        return dataclasses.replace(self, players=tuple(players))

    def remove(self, seat: int) -> GameForm:
        players = self.players[:seat] + self.players[seat + 1 :]
        dealer = self.first_dealer
        if seat < dealer or dealer >= len(players):
            dealer = max(dealer - 1, 0)
        return dataclasses.replace(self, players=players, first_dealer=dealer)

    def move(self, seat: int, delta: int) -> GameForm:
        """Move a player one seat (delta -1: earlier, +1: later); the dealer follows."""
        other = seat + delta
        if not 0 <= other < len(self.players):
            return self
        players = list(self.players)
        players[seat], players[other] = players[other], players[seat]
        dealer = self.first_dealer
        if dealer == seat:
            dealer = other
        elif dealer == other:
            dealer = seat
        return dataclasses.replace(self, players=tuple(players), first_dealer=dealer)

    def deals_first(self, seat: int) -> GameForm:
        return dataclasses.replace(self, first_dealer=seat)

    # -- rules ----------------------------------------------------------------
    def with_preset(self, preset_id: str) -> GameForm:
        """Start the rules again from a preset (house rules are dropped)."""
        rules = find_rules(preset_id)
        return dataclasses.replace(
            self, rules=rules, target=rules.target, rounds_limit=rules.rounds_limit
        )

    def with_knob(self, key: str, value: Any) -> GameForm:
        """One house rule changed (raises RulesError on a bad value)."""
        rules = self.rules.replace(**{key: value})
        form = dataclasses.replace(self, rules=rules)
        usual = PLUS_TARGETS if rules.is_plus else PENALTY_LIMITS
        if key == "scoring" and self.target not in usual:
            form = dataclasses.replace(form, target=rules.target)
        return form

    def is_house_rules(self) -> bool:
        return bool(self.rules.overrides())

    def preset_id(self) -> str:
        return self.rules.base if self.rules.base in PRESETS else "jolly_at"

    def target_choices(self) -> tuple[int, ...]:
        choices = PLUS_TARGETS if self.rules.is_plus else PENALTY_LIMITS
        if self.target not in choices:
            choices = tuple(sorted({*choices, self.target}))
        return choices

    def with_target(self, target: int) -> GameForm:
        return dataclasses.replace(self, target=target)

    def with_rounds_limit(self, rounds: int | None) -> GameForm:
        if rounds is not None and rounds < 1:
            rounds = None
        return dataclasses.replace(self, rounds_limit=rounds)

    def shown(self, field: str) -> int | None:
        """The number number field ``field`` (its id: ``target``,
        ``rounds-limit``, ``knob-<key>``) holds; None when it is switched off."""
        if field == "target":
            return self.target
        if field == "rounds-limit":
            return self.rounds_limit
        value = getattr(self.rules, field.removeprefix("knob-"), None)
        return value if isinstance(value, int) else None

    # -- checking -------------------------------------------------------------
    def error(self) -> str | None:
        """Why the game cannot start yet (English; the view translates), or None."""
        names = self.names()
        if len(names) < self.rules.players_min:
            return "min_players"
        if len(names) > self.rules.players_max:
            return "max_players"
        if len({name_key(n) for n in names}) != len(names):
            return "duplicate"
        return None

    def dealer_seat(self) -> int:
        """The first dealer's index among the filled-in names."""
        filled = [i for i, n in enumerate(self.players) if n.strip()]
        return filled.index(self.first_dealer) if self.first_dealer in filled else 0
