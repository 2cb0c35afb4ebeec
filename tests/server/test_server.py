"""The web server (jolly_scorer/server/) as a real process on 127.0.0.1:
only the app's own pages may talk to it (issue 12.1), its page title (12),
dropped sessions and junk frames cost nothing lasting and SIGTERM ends it (12.5).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from server_process import FletClient, http, start_server, texts_of
from websockets.exceptions import InvalidStatus


@pytest.fixture
def server(tmp_path):
    running = start_server(tmp_path)
    yield running
    running.stop()


def refused(port: int, origin: str | None) -> int:
    with pytest.raises(InvalidStatus) as caught:
        FletClient(port, origin=origin)
    return int(caught.value.response.status_code)


def test_websocket_from_another_origin_is_refused(server):
    port = server.port
    assert refused(port, "http://evil.example") == 403
    assert refused(port, f"http://127.0.0.1:{port + 1}") == 403  # another port
    assert refused(port, f"http://evil.example:{port}") == 403  # DNS rebinding
    assert refused(port, "null") == 403
    assert refused(port, None) == 403  # browsers always send one
    own = FletClient(port, origin=server.origin)
    own.register()
    own.wait_text("Jolly")  # the app's own page gets the app
    own.close()
    also = FletClient(port, origin=f"http://localhost:{port}")
    also.register()
    also.close()


def test_http_from_another_origin_is_refused_and_no_cors(server):
    status, headers, body = http(server.url + "/")
    assert status == 200
    assert "access-control-allow-origin" not in {k.lower() for k in headers}
    assert b"<title>jolly-scorer</title>" in body  # not "Flet" before it loads
    status, headers, _ = http(server.url + "/", {"Origin": "http://evil.example"})
    assert status == 403
    assert "access-control-allow-origin" not in {k.lower() for k in headers}
    rebinding = {"Host": f"evil.example:{server.port}"}
    assert http(server.url + "/", rebinding)[0] == 403
    for path in ("/docs", "/redoc", "/openapi.json", "/docs/oauth2-redirect"):
        status, _, body = http(server.url + path)
        assert b"swagger" not in body.lower() and b"redoc" not in body.lower()
        assert b'"openapi"' not in body


def test_junk_frames_are_dropped_and_sigterm_stops_the_server(server):
    from websockets.sync.client import connect

    first = FletClient(server.port, origin=server.origin)
    first.register()
    first.wait_text("Jolly")  # the store is open now
    first.close()
    before = server.pid_files()
    for i in range(60):
        ws = connect(
            f"ws://127.0.0.1:{server.port}/ws", origin=server.origin, legacy=True
        )
        ws.send(bytes([i % 3]) + b"\xff" * (i * 7))  # junk before registering
        with pytest.raises(Exception):  # noqa: B017 - closed by the server
            ws.recv(timeout=5)
        ws.close()
    registered = FletClient(server.port, origin=server.origin)
    registered.register()
    registered.ws.send(b"\x00\x93junk")  # junk after registering
    with pytest.raises(Exception):  # noqa: B017 - closed by the server
        for _ in range(1000):
            registered.receive(timeout=5)
    deadline = time.monotonic() + 10
    while server.pid_files() > before + 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert server.pid_files() <= before + 2, (before, server.pid_files())
    lingering = FletClient(server.port, origin=server.origin)
    lingering.register()
    started = time.monotonic()
    assert server.stop(timeout=10) == 0
    assert time.monotonic() - started < 8
    assert "Traceback" not in server.log()


def test_dropped_page_sessions_end_and_keep_no_files(tmp_path):
    """200 page sessions opened and dropped: each ends after the page-session
    timeout (here 2 s; Flet looks every 10 s), open files stay flat (one shared
    store), and new pages are still served."""
    server = start_server(
        tmp_path,
        env={"JOLLY_SCORER_SESSION_TIMEOUT": "2", "JOLLY_SCORER_LOG_LEVEL": "DEBUG"},
    )
    try:
        first = FletClient(server.port, origin=server.origin)
        first.register()
        first.wait_text("Jolly")
        first.close()
        files = server.pid_files()
        for _ in range(200):
            client = FletClient(server.port, origin=server.origin)
            client.register()
            client.wait_text("Jolly")
            client.close()
        assert server.pid_files() <= files + 2
        deadline = time.monotonic() + 40
        while (
            "Delete session (0 left)" not in server.log().rsplit("New session", 1)[-1]
        ):
            assert time.monotonic() < deadline, server.log()[-2000:]
            time.sleep(0.2)
        assert server.pid_files() <= files + 2
        again = FletClient(server.port, origin=server.origin)
        again.register()
        again.wait_text("Jolly")
        again.close()
    finally:
        assert server.stop() == 0


def test_the_command_serves_with_the_c_allocator(tmp_path):
    """The installed ``jolly-scorer`` restarts itself once with
    PYTHONMALLOC=malloc (memory of dropped sessions goes back; see
    benchmarks/sessions.py) and prints its address once."""
    server = start_server(tmp_path, command=True)
    try:
        environ = Path(f"/proc/{server.proc.pid}/environ").read_bytes().split(b"\0")
        assert b"PYTHONMALLOC=malloc" in environ
        assert server.log().count("serving on") == 1
        page = FletClient(server.port, origin=server.origin)
        page.register()
        page.wait_text("Jolly")
        page.close()
    finally:
        assert server.stop() == 0


def test_many_visitors_with_few_files_allowed(tmp_path):
    """The finding: each page session kept its own database connection, and with
    a 1,024-file limit new visitors got "the games database cannot be opened"
    after about 505. Here the limit is 64 files and 150 pages come and go."""
    server = start_server(tmp_path, max_files=64)
    try:
        for _ in range(150):
            page = FletClient(server.port, origin=server.origin)
            page.register()
            page.wait_text("New game")  # the home screen, not the store problem
            assert not any("cannot be opened" in s for s in texts_of(page.messages))
            page.close()
        assert server.pid_files() < 40
    finally:
        assert server.stop() == 0


def test_a_message_to_a_page_is_not_formatted_unless_debugging(caplog):
    """Flet 1.0.5 formats every message it sends for a debug line even with
    debug logging off (the repr of every control in the patch; a fifth of the
    server's CPU at a live table): ours sends the same bytes without that."""
    import logging
    from types import SimpleNamespace

    from flet.messaging.protocol import Message, MessageAction
    from flet_web.fastapi import FletApp
    from server_process import decode

    from jolly_scorer.server.flet_fixes import _send_message, quiet_send_message

    assert quiet_send_message()  # still needed with this Flet, and in place
    assert FletApp.send_message is _send_message

    class Counted(dict):
        shown = 0

        def __repr__(self) -> str:
            Counted.shown += 1
            return "counted"

    sent: list[bytes] = []
    page = SimpleNamespace(_FletApp__send_queue=SimpleNamespace(put_nowait=sent.append))
    body = Counted(id=1, patch=[[0], 1, "value", "Ben"])
    _send_message(page, Message(MessageAction.PATCH_CONTROL, body))
    assert decode(sent[0]) == [2, {"id": 1, "patch": [[0], 1, "value", "Ben"]}]
    assert sent[0][0] == 0 and Counted.shown == 0
    transport = logging.getLogger("flet_transport")
    propagate = transport.propagate
    transport.propagate = True  # to caplog (the server turns it off)
    try:
        with caplog.at_level(logging.DEBUG, logger="flet_transport"):
            _send_message(page, Message(MessageAction.PATCH_CONTROL, body))
    finally:
        transport.propagate = propagate
    assert Counted.shown >= 1 and sent[1] == sent[0]
    assert "send_message: Message(" in caplog.text


def test_a_page_flooding_events_is_closed_and_other_pages_keep_answering(server):
    """Issue 19.1: 3,000 change events for a control that does not exist held
    every other page up for seconds (Flet walked the page's tree for each).
    Unknown controls are dropped unseen, a page gets its share of frames, and
    one that floods is closed; the others answer at once."""
    from server_process import CONTROL_EVENT, pack

    other = FletClient(server.port, origin=server.origin)
    other.register()
    other.wait_text("Jolly")
    flooder = FletClient(server.port, origin=server.origin)
    flooder.register()
    flooder.wait_text("Jolly")
    frame = pack(CONTROL_EVENT, {"target": 987654321, "name": "change", "data": "x"})
    with pytest.raises(Exception):  # noqa: B017 - closed by the server
        for _ in range(3000):
            flooder.ws.send(frame)
        for _ in range(1000):
            flooder.receive(timeout=5)
    started = time.monotonic()
    assert http(server.url + "/")[0] == 200
    assert time.monotonic() - started < 1.0
    again = FletClient(server.port, origin=server.origin)
    again.register()
    again.wait_text("Jolly", timeout=2)
    again.close()
    other.close()
    assert "closed a page that sent too many events" in server.log()


def test_a_page_sending_within_its_share_is_not_closed():
    """The share is far above what a person taps and types."""
    from jolly_scorer.server.frames import EVENT_BURST, EVENT_RATE, FrameBudget

    now = [0.0]
    budget = FrameBudget(clock=lambda: now[0])
    assert all(budget.take() for _ in range(EVENT_BURST))
    assert not budget.take() and not budget.flooding  # dropped, not closed
    for _ in range(600):  # a minute of typing at 10 frames a second
        now[0] += 0.1
        assert budget.take()
    assert EVENT_RATE >= 20


def test_a_text_frame_ends_the_page_without_a_traceback(server):
    """Issue 19.8: a text frame logged ``KeyError: 'bytes'`` with a traceback."""
    page = FletClient(server.port, origin=server.origin)
    page.register()
    page.wait_text("Jolly")
    page.ws.send("hello")
    with pytest.raises(Exception):  # noqa: B017 - closed by the server
        for _ in range(1000):
            page.receive(timeout=5)
    assert http(server.url + "/")[0] == 200
    assert "KeyError" not in server.log() and "Traceback" not in server.log()


def test_half_open_connections_lock_nobody_out(server):
    """Issue 19.2: 505 connections sending ``GET / HTTP/1.1`` and nothing
    more got every other request a 503. Connections waiting for headers are
    capped per address and in all (the oldest goes), and time out."""
    import socket

    held = []
    try:
        for i in range(505):
            s = socket.create_connection(
                ("127.0.0.1", server.port),
                timeout=5,
                source_address=(f"127.0.0.{2 + i % 25}", 0),
            )
            s.sendall(b"GET / HTTP/1.1\r\n")
            held.append(s)
        for _ in range(5):
            started = time.monotonic()
            assert http(server.url + "/join")[0] in (200, 404)
            assert http(server.url + "/")[0] == 200
            assert time.monotonic() - started < 2.0
        page = FletClient(server.port, origin=server.origin)
        page.register()
        page.wait_text("Jolly", timeout=2)
        page.close()
    finally:
        for s in held:
            s.close()
