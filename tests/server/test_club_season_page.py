"""Issue 37: a season's own read-only link. The ranking link with
``&season=N`` opens the season's page (``/club/season``): the standings as
its HTML file shows them, in the device's language, following a saved round;
guarded as the other club pages (no cookie: the join page; a table's phone
and a season without the live evening: refused; the organiser: any)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from jolly_scorer.core.club.event import ClubEvent
from jolly_scorer.core.club.season import Season
from jolly_scorer.core.club.seating import draw_seating
from jolly_scorer.core.game import Counted, Round, add_round, new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.server.web import build_app
from jolly_scorer.store import Store
from jolly_scorer.tables.club import Club
from jolly_scorer.tables.table import COOKIE
from jolly_scorer.ui.screens.club.season import standings_page

BASE = "http://127.0.0.1:8550"
ROMME = find_rules("romme_de").replace(target=1000)
FOUR = ("Anna", "Ben", "Cleo", "Dora")


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Club, Store, int, int, int]]:
    """A live evening in season "2026"; another season without it."""
    with Store.open(tmp_path) as store:
        event_id = store.create_event(ClubEvent("Abend 1", ROMME, FOUR, 1, 1, seed=1))
        store.seat_series(event_id, draw_seating(FOUR, series=1, seed=2))
        season = store.create_season(Season("Saison 2026"))
        store.add_season_event(season, event_id)
        other = store.create_season(Season("Saison 2025"))

        @contextlib.contextmanager
        def using() -> Iterator[Any]:
            yield store

        club = Club(using)
        club.season_page = standings_page  # as serve.py gives it
        club.address = BASE + "/"
        club.serve_event(event_id)
        yield club, store, event_id, season, other


def client(club: Club) -> TestClient:
    return TestClient(build_app(lambda page: None, table=club), base_url=BASE)


def wait_for(check: Any, seconds: float = 10.0) -> None:
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.05)


def test_the_seasons_link_opens_its_page_which_follows_a_saved_round(
    served: tuple[Club, Store, int, int, int],
) -> None:
    club, store, event_id, season, _ = served
    web = client(club)
    de = {"accept-language": "de"}
    link = club.season_link(season)
    assert link.startswith(BASE + "/join?token=") and link.endswith(f"season={season}")
    joined = web.get(link.removeprefix(BASE), headers=de, follow_redirects=False)
    assert joined.status_code == 303
    assert joined.headers["location"] == f"/club/season?id={season}"
    page = web.get(f"/club/season?id={season}", headers=de)
    assert page.status_code == 200 and "Saison 2026" in page.text
    assert "Saisonwertung" in page.text or "Saison" in page.text
    assert 'lang="de"' in page.text and "/club/season/version" in page.text
    assert "Anna" in page.text
    before = web.get(f"/club/season/version?id={season}").text
    assert before and before in page.text
    # a round saved at the table: the page's version changes
    game = new_game(ROMME, FOUR)
    counted = tuple((p, Counted(bad=10 * i)) for i, p in enumerate(FOUR) if i)
    store.start_table_game(
        event_id, 1, 1, add_round(game, Round("Anna", counted=counted))
    )
    wait_for(lambda: web.get(f"/club/season/version?id={season}").text != before)


def test_the_season_page_is_guarded_as_the_club_pages(
    served: tuple[Club, Store, int, int, int],
) -> None:
    club, _, _, season, other = served
    stranger = client(club)
    answer = stranger.get(f"/club/season?id={season}", follow_redirects=False)
    assert answer.status_code in (303, 307) and "/join" in answer.headers["location"]
    asked = stranger.get(f"/club/season/version?id={season}", follow_redirects=False)
    assert asked.status_code != 200
    # the ranking link's device: the live evening's seasons only
    viewer = client(club)
    viewer.get(club.season_link(season).removeprefix(BASE))
    assert viewer.get(f"/club/season?id={season}").status_code == 200
    assert viewer.get(f"/club/season?id={other}").status_code == 403
    assert viewer.get("/club/season?id=999").status_code == 403
    assert viewer.get(f"/club/season/version?id={other}").status_code == 403
    # a table's phone: refused
    phone = client(club)
    device = club.join_with_token(club.table(1).join_token, "10.0.0.1", "")
    assert device is not None
    phone.cookies.set(COOKIE, device)
    assert phone.get(f"/club/season?id={season}").status_code == 403
    # the organiser: any season
    organiser = client(club)
    host = club.join_with_token(club.gate.host_token, "127.0.0.1", "")
    assert host is not None
    organiser.cookies.set(COOKIE, host)
    assert "Saison 2025" in organiser.get(f"/club/season?id={other}").text
