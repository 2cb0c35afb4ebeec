"""Shared pytest fixtures. Keep this file small: it is imported by every test."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # `flet_harness`, `support.…`

from flet_harness import FletTestApp  # noqa: E402


@pytest.fixture
def flet_app() -> Iterator[Callable[..., FletTestApp]]:
    """Factory: ``app = flet_app(main, width=390, height=844, prefs={...})``.

    Runs ``main(page)`` in process (see ``tests/flet_harness.py``); every app
    made here is closed at teardown.
    """
    apps: list[FletTestApp] = []

    def make(main: Callable[..., Any], **kwargs: Any) -> FletTestApp:
        app = FletTestApp(main, **kwargs)
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.close()


@pytest.fixture
def guest_page(flet_app, tmp_path, monkeypatch):
    """A joined phone's page, in process (the server sets this access from
    the device cookie before Flet starts the page session)."""
    from support.live_table import make_games

    from jolly_scorer.server.table import Access
    from jolly_scorer.ui import app as ui_app

    other, own = make_games(tmp_path)
    monkeypatch.setattr(ui_app, "current_access", lambda: Access("guest", "d"))
    app = flet_app(lambda page: ui_app.main(page, tmp_path), width=390, height=844)
    return app, other, own
