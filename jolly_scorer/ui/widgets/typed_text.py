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

    def before_event(self, e: ft.ControlEvent) -> bool | None:
        if e.name == "change" and isinstance(e.data, str):
            object.__setattr__(self, "_agreed", e.data)
        going_on: bool | None = super().before_event(e)
        return going_on

    def _migrate_state(self, other: Any) -> None:
        super()._migrate_state(other)
        if isinstance(other, TypedText):
            # keys typed that no change event has brought to the model yet
            agreed = getattr(other, "_agreed", other.value)
            typed = other.value if other.value != agreed else None
            object.__setattr__(self, "_typed", typed)

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
            return
        if not getattr(self, "_keeps", False):
            object.__setattr__(self, "_agreed", self.value)
