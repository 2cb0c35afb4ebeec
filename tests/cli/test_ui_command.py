"""The ``app`` sub-command: arguments, lazy Flet import, web mode serving."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
import urllib.request

import pytest

from jolly_scorer.commands import app as app_command


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    app_command.configure(parser, "app")
    return parser.parse_args(argv)


def test_defaults_are_local_only(monkeypatch):
    args = parse()
    assert (args.web, args.host, args.port, args.no_open, args.table) == (
        False,
        None,  # serve.run: 127.0.0.1, or the LAN address with --table
        8550,
        False,
        False,
    )
    import jolly_scorer.serve as served_app

    served = {}
    monkeypatch.setattr(served_app, "serve", lambda session, **kw: served.update(kw))
    served_app.run(web=True, open_browser=False)
    assert served["host"] == "127.0.0.1" and served["table"] is None


def test_table_serves_the_lan_and_a_network_host_is_always_a_table(monkeypatch):
    import jolly_scorer.serve as served_app

    served = {}
    monkeypatch.setattr(served_app, "serve", lambda session, **kw: served.update(kw))
    monkeypatch.setattr(served_app, "lan_address", lambda: "192.168.1.23")
    served_app.run(table=True, open_browser=False)
    assert served["host"] == "192.168.1.23" and served["table"] is not None
    assert served["table"].address == "http://192.168.1.23:8550/"
    served_app.run(host="0.0.0.0", web=True, open_browser=False)
    assert served["table"] is not None  # never the network without a secret


def test_run_passes_the_options_on(monkeypatch):
    calls = []
    import jolly_scorer.serve as served_app

    monkeypatch.setattr(served_app, "run", lambda **kw: calls.append(kw))
    args = parse("--web", "--port", "9000", "--no-open")
    args.data_dir = "/tmp/x"
    assert app_command.run(args) == 0
    assert calls == [
        {
            "host": None,
            "port": 9000,
            "web": True,
            "open_browser": False,
            "data_dir": "/tmp/x",
            "table": False,
            "club": False,
        }
    ]


def test_other_commands_do_not_import_flet():
    code = (
        "import sys, jolly_scorer.cli as c;"
        "c.build_parser('check'); import jolly_scorer.commands.app;"
        "print('flet' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "False"


@pytest.mark.slow
def test_web_mode_serves_on_the_given_port(tmp_path):
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "jolly_scorer.cli", "--data-dir", str(tmp_path)]
        + ["app", "--web", "--no-open", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
        text=True,
    )
    try:
        first = proc.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in first
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/") as r:
                    assert r.status == 200
                    break
            except OSError:
                assert time.monotonic() < deadline, "server did not answer"
                time.sleep(0.1)
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.mark.parametrize(
    "text",
    ["+80", "8_550", "\u0668\u0665\u0665\u0660", "0", "65536", "9" * 5000, " 80"],
)
def test_port_is_parsed_strictly(text, capsys):
    """Review (nice): ``type=int`` took "+80", "8_550" and other scripts' digits."""
    from jolly_scorer.cli import main

    with pytest.raises(SystemExit) as raised:
        main(["app", "--web", "--no-open", "--port", text])
    out, err = capsys.readouterr()
    assert raised.value.code == 2 and out == ""
    assert err.startswith("jolly-scorer: ") and err.count("\n") == 1, err


def test_port_with_leading_zero_is_taken():
    assert parse("--port", "08550").port == 8550
