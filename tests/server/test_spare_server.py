"""A test server started on a spare (tests/support/spare.py: a process that
imported Flet and the app before it was needed) is the same server as one
started afresh: it runs with the environment, folder and log it was given
when taken, not those of the moment it was started, and SIGTERM ends it."""

from __future__ import annotations

from pathlib import Path

from server_process import FletClient, Server, start_server


def cmdline(server: Server) -> str:
    return Path(f"/proc/{server.proc.pid}/cmdline").read_text().replace("\0", " ")


def test_a_spare_server_takes_the_environment_it_is_given(tmp_path, monkeypatch):
    monkeypatch.setenv("JOLLY_TEST_SPARES", "1")
    # the spare that serves below may have started before LANGUAGE was set
    (tmp_path / "first").mkdir()
    start_server(tmp_path / "first").stop()
    data = tmp_path / "data"
    server = start_server(tmp_path, env={"LANGUAGE": "fi"}, data=data)
    try:
        assert "spare.py" in cmdline(server)  # it was a spare
        page = FletClient(server.port, origin=server.origin)
        page.register()
        page.wait_text("Uusi peli")  # Finnish: LANGUAGE reached the app
        page.close()
        assert any(data.iterdir())  # the data folder it was given
        assert "ready at" in server.log()  # its own log file
    finally:
        assert server.stop() == 0


def test_without_spares_a_server_starts_afresh(tmp_path, monkeypatch):
    monkeypatch.setenv("JOLLY_TEST_SPARES", "0")
    server = start_server(tmp_path, env={"LANGUAGE": "de"})
    try:
        assert "spare.py" not in cmdline(server)
        page = FletClient(server.port, origin=server.origin)
        page.register()
        page.wait_text("Neues Spiel")
        page.close()
    finally:
        assert server.stop() == 0
