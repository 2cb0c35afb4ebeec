"""Open pages follow the games (issue 12.6): a change made by another process
(the command line, a second server on the same data folder) shows in an open
page within about a second, and a page whose connection dropped shows the
current game when it comes back."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from server_process import FletClient, start_server

from jolly_scorer.core import game as core
from jolly_scorer.core.rules import resolve_rules
from jolly_scorer.store import Store


def make_game(data: Path) -> int:
    with Store.open(data) as store:
        return store.create_game(
            core.new_game(resolve_rules("jolly_at"), ["Anna", "Ben", "Cleo"])
        )


def rename_elsewhere(data: Path, game_id: int, old: str, new: str) -> None:
    """Another process (as the ``rename`` command would) changes the game."""
    with Store.open(data) as store:
        game = store.load_game(game_id)
        store.save_game(game_id, core.rename_player(game, old, new))


@pytest.fixture
def served(tmp_path):
    data = tmp_path / "data"
    game_id = make_game(data)
    server = start_server(tmp_path, data=data)
    yield server, data, game_id
    assert server.stop() == 0


def test_change_by_another_process_shows_in_an_open_page(served):
    server, data, game_id = served
    page = FletClient(server.port, origin=server.origin)
    page.register()
    page.wait_text("Anna")
    started = time.monotonic()
    rename_elsewhere(data, game_id, "Anna", "Zora")
    page.wait_text("Zora", timeout=10)
    print(f"shown after {time.monotonic() - started:.2f} s")
    page.close()


def test_page_coming_back_shows_the_current_game(served):
    server, data, game_id = served
    page = FletClient(server.port, origin=server.origin)
    session = page.register()
    page.wait_text("Ben")
    page.close()  # the connection drops; the session waits for it
    rename_elsewhere(data, game_id, "Ben", "Yuki")
    back = FletClient(server.port, origin=server.origin, session_id=session)
    assert back.register() == session  # the same page session, reconnected
    back.wait_text("Yuki", timeout=10)
    back.close()
    assert "Future exception was never retrieved" not in server.log()
    assert "AttributeError" not in server.log()


def test_page_sessions_share_one_store_and_the_last_closes_it(tmp_path):
    """Every page session of a folder uses the process's one store (no file of
    its own); when the last of them ends, the store is closed."""
    from flet_harness import FletTestApp

    from jolly_scorer.store import release_shared_store, shared_store
    from jolly_scorer.ui import app as ui_app

    make_game(tmp_path)
    pages = [
        FletTestApp(lambda page: ui_app.main(page, tmp_path), width=390, height=844)
        for _ in range(2)
    ]
    store = shared_store(tmp_path)  # a third user: this test
    try:
        for page in pages:
            page.wait_for(lambda p=page: any("Anna" in s for s in p.texts()))
        pages.pop().close()
        assert not store.closed  # the other page still uses it
        pages.pop().close()
        assert not store.closed  # and this test
    finally:
        for page in pages:
            page.close()
        assert release_shared_store(store)
    assert store.closed
