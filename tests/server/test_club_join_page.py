"""Issue 37 item 6: at a club evening the PIN is on the table card, not on a
host's screen; the join page says so in the phone's language."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from jolly_scorer.i18n import Translator
from jolly_scorer.server.web import build_app
from jolly_scorer.tables.club import Club
from jolly_scorer.tables.table import PIN_BURST, Table

BASE = "http://127.0.0.1:8550"


#: per language: the club's PIN and QR code on the table card, and the words
#: of a live table's (its host's screen)
WORDS = {
    "de": (
        "PIN von der Tischkarte",
        "QR-Code auf der Tischkarte",
        "Bildschirm des Gastgebers",
    ),
    "fi": ("PIN-koodi pöytäkortista", "pöytäkortin QR-koodilla", "näytöllä näkyvä"),
    "en": ("PIN on the table card", "QR code on the table card", "screen"),
}


def _no_store() -> Any:
    raise AssertionError("the join page reads no database")


@pytest.mark.parametrize("language", WORDS)
def test_the_club_join_page_asks_for_the_pin_on_the_table_card(language: str) -> None:
    card, _, host = WORDS[language]
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


@pytest.mark.parametrize("language", WORDS)
def test_a_club_slowed_by_wrong_pins_points_to_the_table_card(language: str) -> None:
    """Issue 37: after a burst of wrong PINs the club's join page said to join
    "with the QR code on the host's screen"; a club's QR code is on the card."""
    _, card, host = WORDS[language]
    gate = Table()
    wrong = "000000" if gate.pin != "000000" else "111111"
    club = Club(_no_store, gate=gate)
    for i in range(PIN_BURST + 1):  # a burst from rotating addresses
        club.join_with_pin(wrong, f"10.1.0.{i}", "")
    device, problem = club.join_with_pin(wrong, "10.9.9.9", "")
    assert device is None and problem.locked and problem.seconds >= 1
    told = problem.text(Translator(language))
    assert card in told and host not in told, told
    page = TestClient(build_app(lambda page: None, table=club), base_url=BASE).post(
        "/join",
        content="pin=000000",
        headers={
            "content-type": "application/x-www-form-urlencoded",
            "accept-language": language,
        },
    )
    assert page.status_code == 429
    assert card in page.text and host not in page.text
    live = Table()  # a live table's QR code is on its host's screen
    wrong = "000000" if live.pin != "000000" else "111111"
    for i in range(PIN_BURST + 1):
        live.join_with_pin(wrong, f"10.1.0.{i}", "")
    slowed = live.join_with_pin(wrong, "10.9.9.9", "")[1]
    assert host in slowed.text(Translator(language))
