"""Issue 38.7: past games with 20,000 stored games took 26 s to draw and
froze every other page meanwhile (2,000 games: 2.2 s). The list is paged:
the newest :data:`PAGE` games, then "Show more" adds the next page; the
store reads only the games shown."""

from __future__ import annotations

from pathlib import Path

from jolly_scorer.core.game import new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store
from jolly_scorer.ui.screens.past_games.screen import PAGE


def _store_games(folder: Path, count: int) -> None:
    with Store.open(folder) as store:
        for n in range(count):
            store.create_game(new_game(find_rules("jolly_at"), [f"A{n}", "Ben"]))


def shown(app) -> list[int]:
    return sorted(
        int(c.identifier.split("-")[1])
        for c in app.find_all(
            lambda c: str(getattr(c, "identifier", "")).startswith("past-")
        )
    )


def test_the_store_reads_one_page_newest_first(tmp_path: Path) -> None:
    _store_games(tmp_path, 30)
    with Store.open(tmp_path) as store:
        page = store.list_games(limit=10)
        assert [g.id for g in page] == list(range(30, 20, -1))
        assert all(g.players[1] == "Ben" for g in page)
        assert len(store.list_games()) == 30


def test_past_games_shows_a_page_and_then_more(open_app, tmp_path: Path) -> None:
    total = PAGE + 7
    _store_games(tmp_path, total)
    app = open_app()
    app.click(app.find(semantics="home-past"))
    app.wait_for(lambda: app.find_all(semantics=f"past-{total}"))
    assert shown(app) == list(range(total - PAGE + 1, total + 1))
    app.click(app.find(semantics="older-games"))
    app.wait_for(lambda: len(shown(app)) == total)
    assert not app.find_all(semantics="older-games")
