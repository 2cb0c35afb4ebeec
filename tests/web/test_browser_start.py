"""Issue 36, the phone app's start: the stored games are claimed and read in
while Flutter starts (``web/browser.read_games_early``, from ``run`` before
the page connects), and the first session takes what was read instead of
reading it then; a tab whose games another tab holds still says so."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from jolly_scorer.i18n import Translator
from jolly_scorer.store import platform
from jolly_scorer.store.store import close_shared_stores
from jolly_scorer.web import browser


@pytest.fixture(autouse=True)
def _closed():
    yield
    close_shared_stores()


def test_the_games_are_read_at_once_on_the_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    steps: list[str] = []

    async def claim(wait: float = 3.0) -> bool:
        steps.append("claimed")
        return True

    async def open_data_dir() -> Path:
        steps.append("read")
        return tmp_path

    monkeypatch.setattr(platform, "claim_browser_data", claim)
    monkeypatch.setattr(platform, "open_data_dir", open_data_dir)
    # put back afterwards as it was before (None): the games read here must
    # not be taken by a later test's session
    monkeypatch.setattr(browser, "_early", None)

    async def start() -> Any:
        browser.read_games_early()
        early = browser._early
        assert early is not None
        await asyncio.sleep(0)  # a tick of the loop: under way without a session
        assert steps == ["claimed", "read"]
        return await early

    assert asyncio.run(start()) == (True, tmp_path)


def test_the_first_session_takes_the_games_read_before_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, flet_app: Any
):
    async def not_again() -> Path:
        raise AssertionError("read again by the session")

    async def read_before() -> browser.GamesRead:
        return True, tmp_path

    monkeypatch.setattr(platform, "open_data_dir", not_again)
    monkeypatch.setattr(browser, "_early", read_before())
    app = flet_app(browser.main)
    assert app.find_all(text="New game")  # the app runs on the games read
    assert browser._early is None  # taken: a later session reads for itself


def test_games_held_by_another_tab_are_said_so(
    monkeypatch: pytest.MonkeyPatch, flet_app: Any
):
    async def held() -> browser.GamesRead:
        return False, None

    monkeypatch.setattr(browser, "_early", held())
    app = flet_app(browser.main)
    message = Translator("en")(browser.ANOTHER_TAB)
    app.wait_for(lambda: bool(app.find_all(text=message)))
    assert not app.find_all(text="New game")
