"""The page's dialogs in process, as the browser has them: the open one, and
the client's dismiss of a closed one.

Flet keeps a closed dialog in the page's dialog list until the client reports
that its close animation ended (the "dismiss" event); only then it leaves the
page. ``tests/flet_harness.py`` has no client, so a closed dialog (and its
buttons, bound to the board that showed it) stays in the page, and
``app.find(semantics="rename-save")`` finds the first in tree order: the closed
one, which a person can no longer see or tap."""

from __future__ import annotations

from typing import Any

from flet_harness import FletTestApp, iter_controls


def open_dialogs(app: FletTestApp) -> list[Any]:
    return [d for d in app.page._dialogs.controls if d.open]


def in_open_dialog(app: FletTestApp, identifier: str) -> Any:
    """The control tagged ``identifier`` in the one open dialog."""
    (dialog,) = open_dialogs(app)
    (found,) = [
        c
        for c, _ in iter_controls(dialog)
        if getattr(c, "identifier", None) == identifier
    ]
    return found


def dismissed(app: FletTestApp) -> None:
    """What the browser does once a closed dialog has faded out: it reports
    the dismiss, and Flet takes the dialog off the page."""
    for dialog in [d for d in app.page._dialogs.controls if not d.open]:
        app.fire(dialog, "dismiss")
    app.wait_for(lambda: all(d.open for d in app.page._dialogs.controls))
