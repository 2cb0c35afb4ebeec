"""Issue 38.3 and 38.6: a device that joined a table (a live table's or a
club table's) is never pushed out by newcomers, seated or not; and a person
who waits as told after a burst of wrong PINs gets a try, however many
addresses keep polling."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from jolly_scorer.i18n import Translator
from jolly_scorer.server.web import build_app
from jolly_scorer.tables.club import Club
from jolly_scorer.tables.table import MAX_DEVICES, PIN_BURST, Table


def _flood(table: Table, token: str, addresses: int = 4) -> list[str | None]:
    """About 70 joins with the printed link, from a few addresses."""
    return [
        table.join_with_link(token, f"10.7.{i % addresses}.1", "")[0]
        for i in range(70 * addresses // 4 + MAX_DEVICES)
    ]


def test_phones_that_joined_but_chose_no_seat_stay_at_a_live_table() -> None:
    """At ``--table``: the start of a game, nobody has chosen a seat yet."""
    table = Table()
    table.join_with_token(table.host_token, "127.0.0.1", "host")
    phones = [
        table.join_with_token(table.join_token, f"10.0.0.{i}", "") for i in (1, 2, 3)
    ]
    _flood(table, table.join_token, addresses=10)
    assert all(p is not None and table.access(p) is not None for p in phones)
    assert len(table.devices) <= MAX_DEVICES


def test_club_table_keeps_its_seated_phones_and_newcomers_read_table_full() -> None:
    def no_store() -> Any:
        raise AssertionError("joining reads no database")

    club = Club(no_store)
    table = club.table(3)
    phones = [
        club.join_with_token(table.join_token, f"10.0.0.{i}", "") for i in range(4)
    ]
    assert all(phones)
    got = _flood(table, table.join_token)
    assert all(p is not None and table.access(p) is not None for p in phones)
    assert None in got  # the late ones were refused
    device, problem = table.join_with_link(table.join_token, "10.9.0.1", "")
    assert device is None and "full" in problem.text(Translator("en"))
    for language, word in (("de", "voll"), ("fi", "täynnä")):
        assert word in problem.text(Translator(language))
    app = build_app(lambda page: None, table=club)
    client = TestClient(app, base_url="http://127.0.0.1:8550")
    answer = client.get(
        f"/join?token={table.join_token}", headers={"accept-language": "fi"}
    )
    assert answer.status_code == 403 and "täynnä" in answer.text


def test_a_person_who_waits_as_told_gets_a_try_while_15_addresses_poll() -> None:
    """The attacker polls every 0.2 s from 15 addresses; the player types the
    right PIN, reads how long to wait, waits that long and tries again."""
    now = [1000.0]
    table = Table(clock=lambda: now[0])
    wrong = "000000" if table.pin != "000000" else "111111"
    for i in range(PIN_BURST):
        table.join_with_pin(wrong, f"10.1.0.{i}", "")
    attackers = [f"10.2.0.{i}" for i in range(15)]
    got_in = 0
    for attempt in range(12):
        player = f"10.3.0.{attempt}"
        told_at: float | None = None
        wait = 0.0
        for _ in range(20 * 60 * 5):  # at most 20 minutes of 0.2 s ticks
            for address in attackers:
                table.join_with_pin(wrong, address, "")
            if told_at is None:
                device, problem = table.join_with_pin(table.pin, player, "")
                if device is not None:
                    got_in += 1
                    break
                told_at, wait = now[0], float(problem.seconds)
            elif now[0] >= told_at + wait:
                device, problem = table.join_with_pin(table.pin, player, "")
                got_in += device is not None
                break
            now[0] += 0.2
    assert got_in == 12
