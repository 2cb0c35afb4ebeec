"""The counting sheet's keys (issue 17): the server decides where each key goes.

On the counting sheet no field takes typed text from the browser: every key
(a key of the laptop's keyboard, a tap on the number pad) arrives as an event,
in the order it was pressed, and goes to the one *selected* field. Enter (or
Tab, or the pad's Next) selects the next field nobody filled, from there on in
seat order and round again (who went out has none in penalty scoring), so a
key typed right after Enter lands in the field that shows it as selected,
however slow the network: there is no focus to arrive late.

A field nobody filled stays missing ("–", never 0); 0 goes in only when typed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jolly_scorer.ui.models.round_entry import PointsKey, RoundEntryModel

__all__ = ["SheetKeys", "Place", "key_name"]

Place = tuple[str, "PointsKey"]  # (player, "good" | "bad")

#: The most digits a key adds: every number that long is in range (a tenth
#: digit would be refused with a message, and no table counts that far).
LONGEST = 9

#: The keys the sheet takes (as :func:`key_name` names them).
DIGITS = frozenset("0123456789")
NEXT_KEYS = frozenset({"Enter", "Tab", "Next"})
MOVE_KEYS = frozenset({"Arrow Down", "Arrow Up"})
EDIT_KEYS = frozenset({"Backspace", "Delete"})
TAKEN = DIGITS | NEXT_KEYS | MOVE_KEYS | EDIT_KEYS


def key_name(key: str) -> str:
    """A key as the sheet names it: the keyboard's number pad like the other
    digits, ``Numpad Enter`` as Enter.

    >>> key_name("Numpad 7"), key_name("Numpad Enter"), key_name(" 7 ")
    ('7', 'Enter', '7')
    """
    return key.removeprefix("Numpad ").strip()


class SheetKeys:
    """The selected counted-points field and the keys applied to it.

    >>> class E:
    ...     focus = None
    ...     texts = {("A", "bad"): "", ("B", "bad"): ""}
    ...     rounds = type("R", (), {"players": ["A", "B"]})
    ...     def fields(self): return list(self.texts)
    ...     def first_field(self): return ("A", "bad")
    ...     def next_field(self, p): return ("B", "bad") if p[0] == "A" else p
    ...     def points_text(self, player, key): return self.texts[(player, key)]
    ...     def set_points(self, player, key, text): self.texts[(player, key)] = text
    >>> e = E(); keys = SheetKeys(e)
    >>> [keys.press(k) for k in ("1", "2", "Enter", "7", "Backspace", "9")]
    [True, True, True, True, True, True]
    >>> e.texts
    {('A', 'bad'): '12', ('B', 'bad'): '9'}
    """

    def __init__(self, entry: RoundEntryModel) -> None:
        self.entry = entry
        self._selected: Place | None = None

    @property
    def selected(self) -> Place | None:
        """The field the next key goes to: the one the round entry asked for
        last (who went out tapped: the first to fill), else the one selected,
        else the first that needs a number."""
        entry = self.entry
        if entry.focus is not None:  # asked for by the model: taken now,
            self._selected = entry.focus  # also by a key before the redraw
            entry.focus = None
        fields = entry.fields()
        if self._selected not in fields:
            self._selected = entry.first_field()
        return self._selected

    def on_screen(self) -> list[Place]:
        """The fields as the sheet shows them: in seat order, good points
        before bad points (what the arrow keys move along)."""
        players = list(self.entry.rounds.players)
        return sorted(
            self.entry.fields(), key=lambda f: (players.index(f[0]), f[1] != "good")
        )

    def select(self, place: Place) -> None:
        """A tap on a field (or on a player's name): the keys go there (a
        request of the model not yet taken is older than the tap: dropped)."""
        _ = self.selected
        if place in self.entry.fields():
            self._selected = place

    def takes(self, key: str) -> bool:
        """Whether :meth:`press` does something with ``key``."""
        return key_name(key) in TAKEN

    def press(self, key: str) -> bool:
        """Apply one key to the selected field: a digit is added (at most
        ``LONGEST``), Backspace takes the last one away, Delete empties the
        field (missing again), Enter / Tab / Next go on to the next field that
        needs a number, the arrow keys to the field below or above. Whether
        the key was taken."""
        name = key_name(key)
        place = self.selected
        if place is None or name not in TAKEN:
            return False
        entry = self.entry
        if name in NEXT_KEYS:
            self._selected = entry.next_field(place) or place
            return True
        if name in MOVE_KEYS:
            fields = self.on_screen()
            at = fields.index(place) + (1 if name == "Arrow Down" else -1)
            self._selected = fields[at % len(fields)]
            return True
        text = entry.points_text(*place)
        if name == "Backspace":
            text = text[:-1]
        elif name == "Delete":
            text = ""
        elif len(text) < LONGEST:
            text += name
        entry.set_points(place[0], place[1], text)
        return True
