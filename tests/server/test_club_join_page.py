"""Issue 37 item 6: at a club evening the PIN is on the table card, not on a
host's screen; the join page says so in the phone's language."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from jolly_scorer.server.club import Club
from jolly_scorer.server.table import Table
from jolly_scorer.server.web import build_app

BASE = "http://127.0.0.1:8550"


def _no_store() -> Any:
    raise AssertionError("the join page reads no database")


@pytest.mark.parametrize(
    ("language", "card", "host"),
    [
        ("de", "PIN von der Tischkarte", "Bildschirm des Gastgebers"),
        ("fi", "PIN-koodi pöytäkortista", "näytöllä näkyvä"),
        ("en", "PIN on the table card", "screen"),
    ],
)
def test_the_club_join_page_asks_for_the_pin_on_the_table_card(
    language: str, card: str, host: str
) -> None:
    headers = {"accept-language": language}
    club = TestClient(
        build_app(lambda page: None, table=Club(_no_store)), base_url=BASE
    )
    page = club.get("/join", headers=headers)
    assert page.status_code == 200 and card in page.text
    assert host not in page.text
    wrong = club.post(
        "/join",
        content="pin=000000",
        headers={"content-type": "application/x-www-form-urlencoded", **headers},
    )
    assert card in wrong.text and host not in wrong.text
    live = TestClient(build_app(lambda page: None, table=Table()), base_url=BASE)
    assert host in live.get("/join", headers=headers).text  # a live table's host
