"""The screens the app imports only when first shown are imported ahead, on
a thread of their own, once per process (ui/app.warm_screens): the first
"Enter round" at a table does not wait for the round entry's import."""

from __future__ import annotations

import sys

from jolly_scorer.ui import app as ui_app


def test_the_later_screens_are_imported_once_on_their_own_thread(monkeypatch):
    monkeypatch.setattr(ui_app, "_warming", [])
    ui_app.warm_screens()
    [thread] = ui_app._warming
    thread.join(timeout=30)
    assert not thread.is_alive() and thread.daemon
    assert all(name in sys.modules for name in ui_app.LATER_SCREENS)
    ui_app.warm_screens()  # once per process
    assert ui_app._warming == [thread]


def test_the_phone_app_imports_them_when_shown(monkeypatch):
    monkeypatch.setattr(ui_app, "_warming", [])
    monkeypatch.setattr(sys, "platform", "emscripten")  # Pyodide: no threads
    ui_app.warm_screens()
    assert ui_app._warming == []
