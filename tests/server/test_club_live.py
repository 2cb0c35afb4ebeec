"""A club evening served live (issue 21): ``jolly-scorer --club`` as a real
process on 127.0.0.1 and raw clients (HTTP, and websockets speaking Flet's
protocol). Each table of the series being played is a live table with its own
join link and PIN; a phone sees and changes only its table's game; the
ranking link reads; a stranger gets nothing; a killed organiser's server
comes back with every round, the same secrets and the same ranking."""

from __future__ import annotations

import html
import re
import signal
import time
import urllib.parse
from pathlib import Path

import pytest
from server_process import FletClient, http, start_server, texts_of
from websockets.exceptions import InvalidStatus

from jolly_scorer.core.club.event import ClubEvent
from jolly_scorer.core.club.ranking import rank_event
from jolly_scorer.core.club.seating import draw_seating
from jolly_scorer.core.game import Counted, Round, add_round
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store
from jolly_scorer.tables.club import CLUB_FOLDER

PLAYERS = ("Anna", "Ben", "Cleo", "Dora", "Emil", "Frida", "Gustav", "Hanna")
WAIT = 20.0


def make_event(data: Path) -> tuple[int, tuple[tuple[str, ...], ...]]:
    rules = find_rules("romme_de")
    event = ClubEvent("Friday club", rules, PLAYERS, 2, 2)
    seating = draw_seating(PLAYERS, series=1, seed=7)
    with Store.open(data) as store:
        event_id = store.create_event(event)
        store.seat_series(event_id, seating)
    return event_id, seating.tables


def cookie_of(url_or_headers) -> str:
    if isinstance(url_or_headers, str):
        status, headers, _ = http(url_or_headers)
        assert status == 303, status
    else:
        headers = url_or_headers
    value = headers.get("set-cookie") or headers.get("Set-Cookie") or ""
    assert value.startswith("jolly_table="), headers
    return value.split(";", 1)[0]


def cards(server, cookie: str) -> tuple[str, dict[int, str], dict[int, str]]:
    """The table cards page, with each table's join link and PIN."""
    status, _, body = http(server.url + "/club/cards", {"Cookie": cookie})
    assert status == 200, status
    page = body.decode()
    links = {
        int(n): html.unescape(u)
        for n, u in re.findall(
            r'id="table-(\d+)".*?<p class="link">([^<]+)</p>', page, re.S
        )
    }
    pins = {
        int(n): p
        for n, p in re.findall(
            r'id="table-(\d+)".*?<p class="pin">[^<]*<strong>(\d{6})</strong>',
            page,
            re.S,
        )
    }
    return page, links, pins


def seen(client: FletClient, name: str) -> bool:
    return any(name in s for s in texts_of(client.messages))


def settle(client: FletClient, seconds: float = 1.0) -> None:
    """Read what the page sends within ``seconds`` (a bounded drain)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            client.receive(timeout=max(0.05, deadline - time.monotonic()))
        except TimeoutError:
            return


def table_game(data: Path, event_id: int, number: int) -> int:
    with Store.open(data) as store:
        ids = store.load_event(event_id).series[-1].games[number - 1]
    assert ids and ids[-1] is not None
    return int(ids[-1])


def ranking_of(data: Path, event_id: int):
    with Store.open(data) as store:
        play = store.event_play(event_id)
    return rank_event(play.record.event, play.plays)


@pytest.fixture
def club(tmp_path):
    data = tmp_path / "data"
    event_id, tables = make_event(data)
    servers = []

    def start():
        server = start_server(tmp_path, "--club", data=data)
        servers.append(server)
        return server

    yield start, data, event_id, tables
    for server in servers:
        if server.proc.poll() is None:
            server.proc.kill()
            server.proc.wait()


def test_each_table_has_its_own_link_and_pin_and_phones_see_only_their_table(club):
    start, data, event_id, tables = club
    server = start()
    organiser = server.find(r"organiser screen (\S+)")
    ranking = server.find(r"ranking \(projector, follow from home\) (\S+)")
    # a stranger: no websocket, no cards, no page
    with pytest.raises(InvalidStatus):
        FletClient(server.port, origin=server.origin)
    status, headers, _ = http(server.url + "/club/cards")
    assert status == 303 and headers["location"] == "/join"
    assert http(server.url + "/join?token=guessed")[0] == 403

    host = cookie_of(organiser)
    page, links, pins = cards(server, host)
    assert sorted(links) == [1, 2] and sorted(pins) == [1, 2]
    assert links[1] != links[2] and pins[1] != pins[2]
    assert "Friday club" in page and page.count("<svg") == 2
    for number, players in enumerate(tables, 1):
        sheet = page.split(f'id="table-{number}"')[1].split("</section>")[0]
        assert all(p in sheet for p in players)

    # a phone joins table 2 by its QR code: table 2's game, nothing of table 1
    phone_cookie = cookie_of(links[2])
    phone = FletClient(server.port, origin=server.origin, cookie=phone_cookie)
    phone.register()
    phone.wait_text(tables[1][0], timeout=WAIT)
    settle(phone)
    assert not any(seen(phone, p) for p in tables[0])
    # the phone is no organiser: no cards, and its cookie names table 2 only
    assert http(server.url + "/club/cards", {"Cookie": phone_cookie})[0] == 403
    phone.close()

    # another phone types table 1's PIN: table 1's game
    path = urllib.parse.urlsplit(links[1])
    assert path.path == "/join"
    status, headers, _ = http(server.url + "/join", data=f"pin={pins[1]}".encode())
    assert status == 303
    pinned = FletClient(server.port, origin=server.origin, cookie=cookie_of(headers))
    pinned.register()
    pinned.wait_text(tables[0][0], timeout=WAIT)
    settle(pinned)
    assert not any(seen(pinned, p) for p in tables[1])
    pinned.close()
    # a wrong PIN is refused
    assert http(server.url + "/join", data=b"pin=000000")[0] in (403, 429)

    # the ranking link: the event's ranking, every player on it
    viewer = FletClient(server.port, origin=server.origin, cookie=cookie_of(ranking))
    viewer.register()
    viewer.wait_text("Friday club", timeout=WAIT)
    for player in PLAYERS:
        viewer.wait_text(player, timeout=WAIT)
    # a round saved at table 1 (here by another process): the ranking follows
    assert not seen(viewer, "137")
    game_id = table_game(data, event_id, 1)
    with Store.open(data) as store:
        game = store.load_game(game_id)
        first, *rest = tables[0]
        done = Round(
            closed_by=first,
            counted=tuple((p, Counted(bad=137 + i)) for i, p in enumerate(rest)),
        )
        store.save_game(game_id, add_round(game, done))
    viewer.wait_text("137", timeout=WAIT)
    viewer.close()
    assert server.stop() == 0
    assert not list((data / CLUB_FOLDER).glob("*.json"))  # a normal stop forgets


def test_organiser_killed_comes_back_with_rounds_secrets_and_ranking(club):
    start, data, event_id, tables = club
    server = start()
    host = cookie_of(server.find(r"organiser screen (\S+)"))
    ranking_link = server.find(r"ranking \(projector, follow from home\) (\S+)")
    _, links, pins = cards(server, host)
    phone_cookie = cookie_of(links[2])
    phone = FletClient(server.port, origin=server.origin, cookie=phone_cookie)
    phone.register()
    phone.wait_text(tables[1][0], timeout=WAIT)
    game_id = table_game(data, event_id, 2)
    players = tables[1]
    with Store.open(data) as store:  # a round saved at table 2
        game = store.load_game(game_id)
        done = Round(
            closed_by=players[0],
            counted=tuple((p, Counted(bad=10 + i)) for i, p in enumerate(players[1:])),
        )
        store.save_game(game_id, add_round(game, done))
    before = ranking_of(data, event_id)

    server.proc.send_signal(signal.SIGKILL)
    server.proc.wait(timeout=WAIT)
    phone.ws.close()

    again = start()
    assert "the club evening goes on" in again.log()
    assert again.find(r"organiser screen (\S+)") == cookie_url(host, again, server)
    assert again.find(r"ranking \(projector, follow from home\) (\S+)") == (
        ranking_link.replace(str(server.port), str(again.port))
    )
    _, links_after, pins_after = cards(again, host)
    assert pins_after == pins
    assert {n: u.split("?")[1] for n, u in links_after.items()} == {
        n: u.split("?")[1] for n, u in links.items()
    }
    # the phone's cookie works: it reconnects by itself, to the same game
    back = FletClient(again.port, origin=again.origin, cookie=phone_cookie)
    back.register()
    back.wait_text(players[0], timeout=WAIT)
    back.close()
    assert table_game(data, event_id, 2) == game_id
    with Store.open(data) as store:
        assert len(store.load_game(game_id).rounds) == 1
    assert ranking_of(data, event_id) == before
    assert again.stop() == 0


def cookie_url(cookie: str, again, before) -> str:
    """The organiser link of ``again``: the same token as before."""
    token = before.find(r"organiser screen \S+\?token=(\S+)")
    return f"{again.url}/join?token={token}"
