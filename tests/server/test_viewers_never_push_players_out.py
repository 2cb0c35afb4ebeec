"""Review of the live table's joining (this session's reviewer): the viewer
link opened again and again (shared in a group chat, say) must not throw the
players' phones (or the host's) off the table; a viewer the table has no
room for is told so."""

from __future__ import annotations

from starlette.testclient import TestClient

from jolly_scorer.server.web import build_app
from jolly_scorer.tables.table import MAX_DEVICES, Table


def _table_with_ben() -> tuple[Table, str]:
    table = Table()
    table.join_with_token(table.host_token, "10.0.0.1", "host")
    phone = table.join_with_token(table.join_token, "10.0.0.2", "Ben's phone")
    assert phone is not None
    access = table.access(phone)
    assert access is not None
    table.connected(access, +1)  # Ben's page is open
    return table, phone


def test_viewers_opening_the_link_do_not_throw_out_the_players_phones() -> None:
    table, phone = _table_with_ben()
    table.allow_viewers(True)
    first = table.join_with_token(table.view_token, "10.0.1.0", "viewer")
    for n in range(1, MAX_DEVICES):  # the link shared in a group chat, say
        assert table.join_with_token(table.view_token, f"10.0.1.{n}", "viewer")
    again = table.access(phone)
    assert again is not None and again.role == "guest"
    assert {d.id for d in table.devices.values()} >= {phone, table.host_device}
    assert len(table.devices) == MAX_DEVICES
    # the viewer who came first made room for the later ones
    assert first is not None and table.access(first) is None


def test_a_player_joining_a_full_table_takes_a_viewers_place() -> None:
    table, phone = _table_with_ben()
    table.allow_viewers(True)
    viewers = [
        table.join_with_token(table.view_token, f"10.0.1.{n}", "viewer")
        for n in range(MAX_DEVICES - 2)
    ]
    assert len(table.devices) == MAX_DEVICES
    cleo = table.join_with_token(table.join_token, "10.0.0.3", "Cleo's phone")
    assert cleo is not None and table.access(cleo) is not None
    assert table.access(phone) is not None
    assert viewers[0] is not None and table.access(viewers[0]) is None
    assert all(v is not None and table.access(v) for v in viewers[1:])


def test_a_viewer_is_refused_with_a_message_when_players_fill_the_table() -> None:
    table, phone = _table_with_ben()
    while len(table.devices) < MAX_DEVICES:  # phones of many addresses
        address = f"10.0.2.{len(table.devices)}"
        table.join_with_token(table.join_token, address, "a phone")
    table.allow_viewers(True)
    device, problem = table.join_with_link(table.view_token, "10.0.1.1", "viewer")
    assert device is None and "full" in problem.message
    assert len(table.devices) == MAX_DEVICES and table.access(phone) is not None
    # the person who opened the link reads why on the page, in their language
    app = build_app(lambda page: None, table=table)
    client = TestClient(app, base_url="http://127.0.0.1:8550")
    answer = client.get(
        f"/join?token={table.view_token}", headers={"accept-language": "de"}
    )
    assert answer.status_code == 403
    assert "Der Tisch ist voll" in answer.text
    assert "Traceback" not in answer.text
    assert len(table.devices) == MAX_DEVICES and table.access(phone) is not None
    # a wrong link still says it is not valid
    assert "not valid" in client.get("/join?token=wrong").text
