"""What a person sees of a screen in process, to compare two screens (one with
kept parts, one built from scratch), and what builds every kept part again on
every redraw. The ``fresh`` fixture (a ``Fresh`` patched in) is in
``tests/conftest.py``."""

from __future__ import annotations

from typing import Any

import flet as ft
from flet_harness import FletTestApp, control_texts, iter_controls

from jolly_scorer.ui.screens.round_entry import keep as round_entry_keep

_FIELDS = ("selected", "value", "visible", "disabled", "error", "icon", "filled")


def plain(value: Any) -> Any:
    """A field's value as seen (an icon, text, flag), never a handler."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if callable(value):
        return "handler"
    return str(value)


def snapshot(app: FletTestApp) -> list[tuple[Any, ...]]:
    """What a person sees and a screen reader says, in tree order."""
    out = []
    for control, _ in iter_controls(app.page):
        if not getattr(control, "visible", True) or type(control).__name__ in (
            "Component",  # a kept part's wrapper: only what it shows counts
            "Overlay",
        ):
            continue
        out.append(
            (
                type(control).__name__,
                getattr(control, "identifier", None),
                tuple(control_texts(control)),
                tuple(plain(getattr(control, f, None)) for f in _FIELDS),
            )
        )
    return out


class Fresh:
    """Makes every kept part of the pages in ``pages`` build on every redraw."""

    def __init__(self) -> None:
        self.pages: set[int] = set()
        self.kept = round_entry_keep._Kept

        @ft.component
        def part(signature: object, build: Any) -> ft.Control:
            page = ft.context.page
            if id(page) in self.pages:
                return build()
            return self.kept(signature, build)

        self.part = part
