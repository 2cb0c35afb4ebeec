"""The real server in a subprocess, and a raw websocket client speaking Flet's
protocol (msgpack frames ``[0x00][msgpack [action, body]]``), for the server
tests (tests/server/, tests/e2e/test_security.py,
tests/e2e/test_live_table.py) and benchmarks/sessions.py. Loopback only.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack
from support import spare

ROOT = Path(__file__).resolve().parents[1]
REGISTER_CLIENT = 1
PATCH_CONTROL = 2
CONTROL_EVENT = 3  # MessageAction.CONTROL_EVENT


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    proc: subprocess.Popen[bytes]
    port: int
    log_path: Path
    data: Path
    lines: list[str] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def origin(self) -> str:
        return self.url

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def find(self, pattern: str) -> str:
        """The first group of ``pattern`` in the server's output."""
        match = re.search(pattern, self.log())
        assert match, f"{pattern!r} not in the server's output:\n{self.log()}"
        return match.group(1)

    def pid_files(self) -> int:
        return len(os.listdir(f"/proc/{self.proc.pid}/fd"))

    def rss_kb(self) -> int:
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

    def stop(self, timeout: float = 10) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
                raise
        return int(self.proc.returncode)


def _file_limit(count: int) -> Any:
    def limit() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_NOFILE, (count, count))

    return limit


def start_server(
    tmp: Path,
    *args: str,
    env: dict[str, str] | None = None,
    data: Path | None = None,
    port: int | None = None,
    command: bool = False,
    max_files: int | None = None,
    log_path: Path | None = None,
    ready_within: float = 30,
) -> Server:
    """``jolly-scorer --web --port N --no-open ARGS`` on 127.0.0.1, once ready
    (its output to ``log_path``, else ``TMP/server-PORT.log``)."""
    port = port or free_port()
    data = data or tmp / "data"
    server_env = {
        k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")
    }
    server_env["JOLLY_SCORER_DATA"] = str(data)
    server_env.update(env or {})
    log_path = log_path or tmp / f"server-{port}.log"
    entry = [
        sys.executable,
        "-c",
        "import sys; from jolly_scorer.cli import main; sys.exit(main(sys.argv[1:]))",
    ]
    if command:  # the installed command, as a person runs it
        entry = [str(Path(sys.executable).parent / "jolly-scorer")]
    cmd = [
        *entry,
        "--web",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--no-open",
        *args,
    ]
    if max_files:
        with open(log_path, "wb") as log:
            proc = subprocess.Popen(
                cmd,
                cwd=ROOT,
                env=server_env,
                stdout=log,
                stderr=subprocess.STDOUT,
                preexec_fn=_file_limit(max_files),
            )
    else:  # the imports done ahead (tests/support/spare.py)
        proc = spare.popen(cmd, cwd=ROOT, env=server_env, log_path=log_path)
    server = Server(proc, port, log_path, data)
    deadline = time.monotonic() + ready_within
    while "ready at" not in server.log():
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError(f"server did not start:\n{server.log()}")
        time.sleep(0.05)
    return server


def http(
    url: str, headers: dict[str, str] | None = None, data: bytes | None = None
) -> tuple[int, dict[str, str], bytes]:
    """Status, headers and body of one request (no redirects followed)."""

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *a: Any, **k: Any) -> None:
            return None

    opener = urllib.request.build_opener(NoRedirect)
    request = urllib.request.Request(url, headers=headers or {}, data=data)
    try:
        with opener.open(request, timeout=10) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()


def pack(action: int, body: dict[str, Any]) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


def register_frame(session_id: str | None = None, width: int = 390) -> bytes:
    return pack(
        REGISTER_CLIENT,
        {
            "session_id": session_id,
            "page_name": "",
            "page": {"route": "/", "width": width, "height": 844, "web": True},
        },
    )


def texts_of(value: Any) -> Iterator[str]:
    """Every string in a decoded message (control values, labels...)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from texts_of(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from texts_of(item)


def decode(frame: bytes) -> Any:
    from flet.messaging.protocol import decode_ext_from_msgpack

    return msgpack.unpackb(
        frame[1:], ext_hook=decode_ext_from_msgpack, strict_map_key=False
    )


class FletClient:
    """A page session over a raw websocket: register, then read what comes."""

    def __init__(
        self,
        port: int,
        origin: str | None = None,
        cookie: str | None = None,
        session_id: str | None = None,
    ) -> None:
        from websockets.sync.client import connect

        headers = {"Cookie": cookie} if cookie else None
        self.ws = connect(
            f"ws://127.0.0.1:{port}/ws",
            origin=origin,  # type: ignore[arg-type]
            additional_headers=headers,
            open_timeout=10,
            max_size=None,
            legacy=True,
        )
        self.messages: list[Any] = []
        self.session_id = session_id

    def register(self) -> str:
        self.ws.send(register_frame(self.session_id))
        reply = self.receive()
        assert reply[0] == REGISTER_CLIENT, reply
        self.session_id = reply[1]["session_id"]
        return str(self.session_id)

    def receive(self, timeout: float = 10) -> Any:
        frame = self.ws.recv(timeout=timeout)
        assert isinstance(frame, bytes)
        message = decode(frame)
        self.messages.append(message)
        return message

    def wait_text(self, text: str, timeout: float = 10) -> None:
        deadline = time.monotonic() + timeout
        while not any(text in s for s in texts_of(self.messages)):
            self.receive(timeout=max(0.1, deadline - time.monotonic()))

    def close(self) -> None:
        self.ws.close()
