"""The screens the app imports only when first shown are imported ahead,
once per process (ui/app.warm_screens): the first "Enter round" at a table
does not wait for the round entry's import, nor the first chart for Flet's;
on the server off the event loop, in the phone app one at a time on it."""

from __future__ import annotations

import asyncio
import sys
from typing import Any

from jolly_scorer.ui import app as ui_app


class Page:
    """What warm_screens uses of a page: its tasks, run here at once."""

    def __init__(self) -> None:
        self.tasks = 0

    def run_task(self, handler: Any) -> None:
        self.tasks += 1
        asyncio.run(handler())


def test_the_later_screens_are_imported_once_per_process(monkeypatch):
    assert "jolly_scorer.ui.screens.round_entry.screen" in ui_app.LATER_SCREENS
    assert "flet_charts" in ui_app.LATER_SCREENS  # the board's first chart
    monkeypatch.setattr(ui_app, "_warming", [])
    # a module this process has not imported stands for the screens (the
    # screens themselves, imported again, would be new classes in this run)
    monkeypatch.setattr(ui_app, "LATER_SCREENS", ("colorsys",))
    monkeypatch.delitem(sys.modules, "colorsys", raising=False)
    page = Page()
    ui_app.warm_screens(page)
    assert page.tasks == 1 and "colorsys" in sys.modules
    ui_app.warm_screens(Page())  # the next page: nothing more
    assert page.tasks == 1 and ui_app._warming == [True]


def test_the_phone_app_imports_them_one_at_a_time_when_idle(monkeypatch):
    """Pyodide has no threads: the phone app imports them on its event loop,
    a while after the first screen, one module a turn (a module already
    there, as after a restore from the snapshot, is not imported again)."""
    monkeypatch.setattr(ui_app, "_warming", [])
    monkeypatch.setattr(ui_app, "IN_BROWSER", True)
    monkeypatch.setattr(ui_app, "WARM_AFTER", 0.0)
    monkeypatch.setattr(ui_app, "LATER_SCREENS", ("colorsys", "json"))
    monkeypatch.delitem(sys.modules, "colorsys", raising=False)
    imported: list[str] = []
    real = ui_app.importlib.import_module

    def counted(name: str) -> Any:
        imported.append(name)
        return real(name)

    monkeypatch.setattr(ui_app.importlib, "import_module", counted)
    page = Page()
    ui_app.warm_screens(page)
    assert page.tasks == 1 and "colorsys" in sys.modules
    assert imported == ["colorsys"]  # json was there
