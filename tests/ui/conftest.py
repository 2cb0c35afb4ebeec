"""Fixtures of the UI tests (the fixtures every folder uses: tests/conftest.py)."""

from __future__ import annotations

import pytest
from support.kept import Fresh
from support.round_screen import PLAYERS

from jolly_scorer.core.game import new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.ui import app as ui_app
from jolly_scorer.ui.screens.round_entry import watched as round_entry_watched


@pytest.fixture
def open_app(flet_app, tmp_path):
    """Factory: the app on a temporary database (a phone's size unless told)."""

    def make(**kw):
        kw.setdefault("width", 390)
        kw.setdefault("height", 844)
        return flet_app(lambda page: ui_app.main(page, tmp_path), **kw)

    return make


@pytest.fixture
def jolly():
    """A new Jolly (Austria) game of Anna, Ben and Cleo."""
    return new_game(find_rules("jolly_at"), PLAYERS)


@pytest.fixture
def fresh(monkeypatch):
    """Every watched part of the pages added to ``fresh.pages``
    builds on every redraw (``support.kept.Fresh``)."""
    f = Fresh()
    monkeypatch.setattr(round_entry_watched, "PART", f.watched)
    return f
