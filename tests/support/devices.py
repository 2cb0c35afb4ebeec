"""Entering a round together, in process: each ``Device`` is one page at the
table (its AppState on a store, and its round entry while it is open); what
one stores, the other catches up with. And the rounds they fill in."""

from __future__ import annotations

from jolly_scorer.store import Store
from jolly_scorer.ui.models.round import RoundTaken, Target, parse_cards
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.models.shared_round import SharedRound
from jolly_scorer.ui.screens.round_entry.together.shared import new_shared_entry
from jolly_scorer.ui.screens.round_entry.together.sync import Shared
from jolly_scorer.ui.screens.round_entry.together.together import Together
from jolly_scorer.ui.settings import UiSettings
from jolly_scorer.ui.state import AppState, device_key

PLAYERS = ["Anna", "Ben", "Cleo"]


class Device:
    """One page: its AppState, and its round entry while it is open."""

    def __init__(self, store: Store, name: str) -> None:
        self.state = AppState(store=store, settings=UiSettings(language="en"))
        self.state.together = True
        self.state.device = name
        self.state.device_key = device_key(name)
        self.state.open_current()
        self.told: list[int] = []
        self.state.publish_parts = lambda game_id, number: self.told.append(number)
        self.open()

    def open(self) -> None:
        """The round entry of the next round, as the screen opens it."""
        self.state.enter_round()
        shared = self.state.entering.shared_round()
        assert shared is not None
        self.shared: SharedRound = shared
        self.entry = RoundEntryModel(shared.start(), self.state.t)
        self.entry.together = True
        self.entry.statuses = dict(shared.statuses)
        self.entry.others = shared.others()

    def write(self) -> list[str]:
        written = self.shared.write(self.entry)
        if written:
            self.state.entering.parts_written(self.shared.number)
        return written

    def catch_up(self) -> set[str]:
        return self.shared.catch_up(self.entry)

    def save(self, anyway: bool = True) -> str | RoundTaken | None:
        self.write()
        if self.entry.ask_before_saving() and not anyway:
            return "asked"
        if self.entry.confirm_save:
            assert self.entry.ask_before_saving() is False  # "Save anyway"
        entry = self.entry.save()
        assert entry is not None, self.entry.error
        return self.state.save_round(entry, self.shared.number)


def fill_round(device: Device) -> None:
    """Anna went out with 20; Ben and Cleo count 5 each."""
    entry = device.entry
    entry.set_closer("Anna")
    entry.set_points("Anna", "good", "20")
    entry.set_points("Ben", "bad", "5")
    entry.set_points("Cleo", "bad", "5")


def page_entry(device: Device) -> Shared:
    """The round entry as the screen opens it (``new_shared_entry``) and its
    first catch-up (the effect that runs once the page listens)."""
    shared = device.state.entering.shared_round()
    assert shared is not None
    together = Together(
        shared,
        publish=lambda n: None,
        listen=lambda f: None,
        saved_elsewhere=device.state.entering.round_saved_elsewhere,
    )
    entry = new_shared_entry(device.state.game, device.state.t, together)  # type: ignore[arg-type]
    page = Shared(entry, together, device.state.t, lambda: None)
    page.follow()
    device.shared, device.entry = shared, entry
    return page


def enter_melds(device: Device) -> None:
    """Anna went out, put down 7h 8h 9h; Ben laid 10h on it and holds Kd."""
    entry = device.entry
    entry.set_closer("Anna")
    entry.new_meld("Anna")
    for code in ("7h", "8h", "9h"):
        entry.pick(code)
    entry.start_layoff("Ben")
    entry.edit(Target("layoff", "Ben", 0))
    entry.pick("10h")
    entry.rounds.set_hand("Ben", parse_cards("Kd"))
