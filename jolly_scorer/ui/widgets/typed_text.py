"""A text field whose typed text is never overwritten by an echo of older keys.

The browser sends each key as two messages: the field's new text (applied at
once to the control on the server) and a change event (handled later, in a
task). A render that runs in between, or one that follows the change of an
earlier key, computes the field's text from a model that is one key behind,
and Flet sends that older text, which the browser puts into the field: the
keys typed since are lost ("Nna" for "Anna", an empty points field after a
digit was typed).

``TypedText`` decides per render: if the field holds keys whose change event
has not been handled yet, it keeps the person's text (those change events bring
the model up to it); otherwise the text the app renders goes, so a change the
app makes on purpose (steppers, seats moved, a field cleared after Add, a
change from another device) still shows. To replace a text the person is
typing in that very moment, build the field anew (another ``key``).
"""

from __future__ import annotations

from typing import Any

import flet as ft

__all__ = ["TypedText"]


@ft.control("TextField")  # type: ignore[arg-type]  # Flet types it loosely
class TypedText(ft.TextField):
    """``ft.TextField`` that keeps what was typed since the last render.

    >>> TypedText(value="An").value
    'An'
    """

    def __post_init__(self, ref: Any) -> None:
        super().__post_init__(ref)
        # the text both sides last agreed on: the text rendered, or the text
        # of the last change event handled (the model has it then)
        object.__setattr__(self, "_agreed", self.value)
        object.__setattr__(self, "_typed", None)
        object.__setattr__(self, "_keeps", False)
        object.__setattr__(self, "_shown", self.value)
        object.__setattr__(self, "_resend", False)
        object.__setattr__(self, "_client", None)
        object.__setattr__(self, "_pushed", False)
        # whether the browser last reported the focus on this field: one box
        # shared by every drawing of the field (``_migrate_state``)
        object.__setattr__(self, "_focus", [False])

    def has_focus(self) -> bool:
        """The browser's last word on this field was "focus" (it reports
        it while the field has an ``on_focus`` or ``on_blur`` handler)."""
        return bool(getattr(self, "_focus", [False])[0])

    def before_event(self, e: ft.ControlEvent) -> bool | None:
        if e.name in ("focus", "blur"):
            getattr(self, "_focus", [False])[0] = e.name == "focus"
        if e.name == "change" and isinstance(e.data, str):
            object.__setattr__(self, "_agreed", e.data)
            shown = getattr(self, "_shown", None)
            pushed = getattr(self, "_pushed", False)
            object.__setattr__(self, "_pushed", False)
            held = getattr(self, "_client", None)
            after = _typed_after(shown, held, e.data)
            if pushed and shown is not None and shown != e.data and not after:
                # The server drew ``shown`` last, a text the browser did not
                # hold (another device's number), and the browser sent
                # another text: it may have typed before that drawing
                # reached it, and then shows the drawing, not what it typed
                # (issue 34.2). The next drawing sends the field's text
                # again, whatever it is (``_migrate_state``).
                object.__setattr__(self, "_resend", True)
        going_on: bool | None = super().before_event(e)
        return going_on

    def _migrate_state(self, other: Any) -> None:
        super()._migrate_state(other)
        if isinstance(other, TypedText):
            object.__setattr__(self, "_focus", getattr(other, "_focus", [False]))
            # keys typed that no change event has brought to the model yet
            agreed = getattr(other, "_agreed", other.value)
            resend = getattr(other, "_resend", False)
            typed = other.value if other.value != agreed and not resend else None
            client = other.value
            if resend:  # compared with what was drawn, not what the browser sent
                _set_value(other, getattr(other, "_shown", other.value))
            object.__setattr__(self, "_typed", typed)
            # what the browser holds, as far as the server knows; and
            # whether a drawing since its last change event sent it a text
            # it did not hold
            object.__setattr__(self, "_client", client)
            object.__setattr__(self, "_pushed", getattr(other, "_pushed", False))

    def before_update(self) -> None:
        super().before_update()  # type: ignore[no-untyped-call]
        typed = getattr(self, "_typed", None)
        if typed is not None:  # the person typed since: their text stays
            self.value = typed
            object.__setattr__(self, "_typed", None)
            # ... and is not agreed yet: only its change event (or a render
            # of the model's text) agrees on it. Taken as agreed here, the
            # next render before that event (another phone's news, issue
            # 38.1) put the model's older text back, and the event then
            # read that older text: the number typed was lost.
            object.__setattr__(self, "_keeps", True)
            object.__setattr__(self, "_shown", typed)
            return
        object.__setattr__(self, "_shown", self.value)
        client = getattr(self, "_client", None)
        if client is not None and client != self.value:
            object.__setattr__(self, "_pushed", True)
        if not getattr(self, "_keeps", False):
            object.__setattr__(self, "_agreed", self.value)


def _typed_after(drawn: str | None, held: str | None, text: str) -> bool:
    """Whether the browser's ``text`` is the ``drawn`` text with keys typed
    after it (the drawing had reached the browser), rather than the text it
    ``held`` before with keys typed before the drawing came: the longer of the
    two it goes on from. A text cleared on purpose (Clear, Add) and typed
    into again is the first.

    >>> _typed_after("", "9c 9d 9s", "5")
    True
    >>> _typed_after("", "9c 9d 9s", "9c 9d 9s 5")
    False
    >>> _typed_after("25", "1", "13"), _typed_after("25", "1", "253")
    (False, True)
    """
    if drawn is None or not text.startswith(drawn):
        return False
    return held is None or not text.startswith(held) or len(drawn) >= len(held)


def _set_value(field: ft.TextField, value: str | None) -> None:
    """The field's value as the browser's own patch sets it (Flet's
    ``patch_dataclass``: into the control's values, no redraw asked)."""
    values = getattr(field, "_values", None)
    if isinstance(values, dict):  # (a frozen control refuses ``value = ...``)
        values["value"] = value
