"""Shown where the meld checker goes until ``meld_checker.py`` is there."""

from __future__ import annotations

import flet as ft

from jolly_scorer.ui.state import AppState
from jolly_scorer.ui.views.common import screen


@ft.component
def MeldPlaceholder(state: AppState) -> ft.Control:
    t = state.t
    return screen(state, t("Check a meld"), [ft.Text(t("Coming soon."), size=18)])
