"""What a page keeps beside the game, each part on its own: the half-entered
new round (:class:`Drafts`), this device's seat at a live table
(:class:`DeviceSeat`), the display settings (:class:`Preferences`) and the
snack bar's messages (:class:`Toasts`).

The page's state (``ui/state.AppState``, the change pipeline of the game)
holds one of each and hands it what it needs at each call (the store, the
game shown, how to show a failure), so none of them knows the state. A
failure of the store is shown in the page's banner and changes nothing.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from jolly_scorer.core.errors import JollyError
from jolly_scorer.core.gamefile import rules_to_json
from jolly_scorer.core.rules import Rules, resolve_rules
from jolly_scorer.store.protocol import GameStore
from jolly_scorer.ui.models.failures import FAILURES, failure_text
from jolly_scorer.ui.settings import UiSettings

__all__ = ["DeviceSeat", "Drafts", "Preferences", "Toast", "Toasts"]

#: Shows a failure in the page's banner (and returns what it showed).
Failed = Callable[[str], object]


class Drafts:
    """The half-entered new round of the game shown, kept in the store so a
    page closed by accident (or another page of this device) goes on with it.
    ``key()``: the game whose draft it is, None while no new round is
    entered (an edit of a saved round keeps no draft)."""

    def __init__(
        self,
        store: Callable[[], GameStore],
        key: Callable[[], int | None],
        failed: Failed,
    ) -> None:
        self._store = store
        self._key = key
        self._failed = failed

    def load(self) -> dict[str, Any] | None:
        """The draft, if one was kept (None also when the store cannot say:
        the round starts empty rather than not at all)."""
        key = self._key()
        if key is None:
            return None
        try:
            return self._store().load_draft(key)
        except FAILURES:
            return None

    def save(self, draft: dict[str, Any]) -> None:
        key = self._key()
        if key is None:
            return
        try:
            self._store().save_draft(key, draft)
        except FAILURES as e:
            self._failed(failure_text(e))

    def clear(self) -> None:
        """Forget the draft (the round was saved or dropped). An edit of a
        saved round has none, so ending one leaves the new round's alone."""
        key = self._key()
        if key is None:
            return
        with contextlib.suppress(*FAILURES):
            self._store().clear_draft(key)


class DeviceSeat:
    """This device's seat (a joined phone's player) in the game shown, kept
    in the store under the device's key (a restarted host still knows it).
    ``game()``: the game shown, its id and players (None: no game);
    ``device()``: the device's key ("" when it has none: no seat)."""

    def __init__(
        self,
        store: Callable[[], GameStore],
        game: Callable[[], tuple[int, tuple[str, ...]] | None],
        device: Callable[[], str],
        failed: Failed,
    ) -> None:
        self._store = store
        self._game = game
        self._device = device
        self._failed = failed

    def load(self) -> str | None:
        """The seat; None when there is none, or the store cannot say (its
        failure is shown, and the page asks for the seat again)."""
        game, device = self._game(), self._device()
        if game is None or not device:
            return None
        game_id, players = game
        try:
            seat = self._store().load_device_seat(game_id, device)
        except FAILURES as e:
            self._failed(failure_text(e))
            return None
        return seat if seat in players else None

    def choose(self, player: str | None) -> str | None:
        """Keep ``player`` as this device's seat (None: forget it); returns
        the failure shown (the page then asks for the seat again)."""
        game, device = self._game(), self._device()
        if game is None or not device:
            return None
        try:
            if player is None:
                self._store().forget_device_seat(game[0], device)
            else:
                self._store().save_device_seat(game[0], device, player)
        except FAILURES as e:
            message = failure_text(e)
            self._failed(message)
            return message
        return None


class Preferences:
    """The display settings (language, theme, rules a new game starts from):
    ``current()`` as shown, ``show(settings)`` puts the changed ones on the
    page once they are stored."""

    def __init__(
        self,
        store: Callable[[], GameStore],
        current: Callable[[], UiSettings],
        show: Callable[[UiSettings], None],
        failed: Failed,
    ) -> None:
        self._store = store
        self._current = current
        self._show = show
        self._failed = failed

    def default_rules(self) -> Rules:
        """The rules a new game starts from (the setting, else Jolly)."""
        try:
            return resolve_rules(self._current().default_rules)
        except (JollyError, TypeError):
            return resolve_rules("jolly_at")

    def change(self, **changes: Any) -> str | None:
        """Change and store settings; returns the failure shown (then
        nothing changed on the page)."""
        try:
            settings = self._current().replace(**changes)
            store = self._store()
            for key, value in changes.items():
                store.set_setting(key, value)
        except FAILURES as e:
            message = failure_text(e)
            self._failed(message)
            return message
        self._show(settings)
        return None

    def save_default_rules(self, rules: Rules) -> str | None:
        """New games start from ``rules`` (house rules are also kept as "saved
        house rules" in the settings, next to the presets)."""
        data = rules_to_json(rules)
        if isinstance(data, str):
            return self.change(default_rules=data)
        return self.change(default_rules=data, saved_rules=data)


@dataclass(frozen=True, slots=True)
class Toast:
    """A short message after a change to the game (a snack bar), with the one
    tap that reverses it: ``action`` is ``"undo"`` or ``"redo"`` (or None).

    ``serial`` tells two equal messages apart (each is shown afresh).
    """

    message: str
    action: str | None = None
    serial: int = 0


class Toasts:
    """The snack bar: the message shown (``shown``), each with its serial.
    ``changed()`` redraws the page (the state is what the screens follow).

    >>> redraws = []
    >>> toasts = Toasts(lambda: redraws.append(1))
    >>> toasts.tell("Round 3 saved.", "undo")
    >>> toasts.shown
    Toast(message='Round 3 saved.', action='undo', serial=1)
    >>> toasts.dismiss(serial=2)  # a later one's timer: not this one
    >>> toasts.shown is not None, len(redraws)
    (True, 1)
    >>> toasts.dismiss()
    >>> toasts.shown, len(redraws)
    (None, 2)
    """

    def __init__(self, changed: Callable[[], None]) -> None:
        self._changed = changed
        self.shown: Toast | None = None
        self._told = 0

    def tell(self, message: str, action: str | None) -> None:
        self._told += 1
        self.shown = Toast(message, action, self._told)
        self._changed()

    def dismiss(self, serial: int | None = None) -> None:
        """Hide the snack bar (only toast ``serial``, when given)."""
        if self.shown is not None and serial in (None, self.shown.serial):
            self.shown = None
            self._changed()
