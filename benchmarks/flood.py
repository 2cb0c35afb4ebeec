"""One page flooding the server, and half-open connections (issue 19.1, 19.2).

    uv run python benchmarks/flood.py [--events 3000] [--rate 700]
        [--half-open 500] [--addresses 1]
    uv run python benchmarks/flood.py --slow body|reader [--half-open 500]
        [--addresses 50]
    uv run python benchmarks/flood.py --pages 30 [--page-rate 35]
        [--page-address 127.0.0.1]

Starts ``jolly-scorer --web`` on 127.0.0.1 (a fresh data folder). A page
session (a raw websocket speaking Flet's protocol) sends ``--events`` change
events for a control id that does not exist at ``--rate`` per second, as a
page of a joined guest could. Meanwhile another client asks for ``/`` every
50 ms: its worst wait during the flood, and how long after the flood's last
frame until an answer comes within 0.2 s again ("back to normal"). Then a
second page session opens (its first screen's time).

Then ``--half-open`` connections send ``GET / HTTP/1.1`` and nothing more and
are held open (from ``--addresses`` loopback addresses 127.0.0.2...) while
20 normal requests (``/`` and a new page session) are
made: how many are answered, and the slowest.

``--slow body`` (issue 38.2): a ``--table`` server instead, and the held
connections send ``POST /join``'s headers and never the body; ``--slow
reader``: they ask for ``main.dart.js`` and never read it. The normal
requests are then ``/join`` and ``/main.dart.js``: how many are answered
(200) within 2 s, the slowest, how long until the first was answered at
all (the burst taken in) and the server's memory while they are held. No
flood in these runs.

``--pages N`` (issue 38.5): N page sessions of one phone (127.0.0.2, or
``--page-address 127.0.0.1``: the host's computer, which has a budget too)
each send the page's resize event (a real event: the page is drawn again)
``--page-rate`` times a second for 10 s while a bystander asks for ``/``
every 0.1 s: its median and worst wait.

Goals (issue 19): worst wait <= 1 s, back to normal <= 2 s after the flood,
every normal request answered within 2 s while the half-open connections are
held.
"""

from __future__ import annotations

import argparse
import contextlib
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from server_process import (  # noqa: E402
    CONTROL_EVENT,
    FletClient,
    Server,
    http,
    pack,
    start_server,
)


def ask(server: Server, timeout: float = 10) -> tuple[int, float]:
    """The status of ``GET /`` and how long it took (status 0: no answer)."""
    started = time.perf_counter()
    try:
        status = http(server.url + "/")[0]
    except Exception:
        status = 0
    return status, time.perf_counter() - started


def new_page(server: Server) -> float | None:
    """Seconds until a new page session shows its first screen (None: never)."""
    started = time.perf_counter()
    try:
        client = FletClient(server.port, origin=server.origin)
        client.register()
        client.wait_text("Jolly", timeout=10)
        client.close()
    except Exception:
        return None
    return time.perf_counter() - started


def flood(server: Server, events: int, rate: float) -> dict[str, float]:
    flooder = FletClient(server.port, origin=server.origin)
    flooder.register()
    flooder.wait_text("Jolly")
    frame = pack(CONTROL_EVENT, {"target": 987_654_321, "name": "change", "data": "x"})
    waits: list[tuple[float, float]] = []  # (when, wait)
    stop = threading.Event()

    def watch() -> None:
        while not stop.is_set():
            started = time.perf_counter()
            status, wait = ask(server)
            waits.append((started, wait if status == 200 else 10.0))
            time.sleep(0.05)

    watcher = threading.Thread(target=watch)
    watcher.start()
    time.sleep(0.3)
    began = time.perf_counter()
    sent = 0
    with contextlib.suppress(Exception):  # closed by the server: the flood ends
        for sent in range(1, events + 1):
            flooder.ws.send(frame)
            pause = began + sent / rate - time.perf_counter()
            if pause > 0:
                time.sleep(pause)
    ended = time.perf_counter()
    # back to normal: the first answer within 0.2 s asked after the flood
    deadline = ended + 60
    normal_at = None
    while time.perf_counter() < deadline and normal_at is None:
        time.sleep(0.05)
        for when, wait in list(waits):
            if when >= ended and wait <= 0.2:
                normal_at = when
                break
    stop.set()
    watcher.join()
    with contextlib.suppress(Exception):
        flooder.close()
    during = [wait for when, wait in waits if began <= when <= ended]
    late = [wait for when, wait in waits if when > ended]
    return {
        "sent": sent,
        "flood_s": ended - began,
        "worst_wait_s": max(during + late[:1], default=0.0),
        "back_to_normal_s": (normal_at - ended) if normal_at else float("inf"),
        "new_page_s": new_page(server) or float("inf"),
    }


def half_open(server: Server, count: int, addresses: int) -> dict[str, float]:
    held: list[socket.socket] = []
    for i in range(count):
        with contextlib.suppress(OSError):
            s = socket.create_connection(
                ("127.0.0.1", server.port),
                timeout=5,
                source_address=(f"127.0.0.{2 + i % addresses}", 0),
            )
            s.sendall(b"GET / HTTP/1.1\r\n")
            held.append(s)
    time.sleep(0.5)
    answered = 0
    slowest = 0.0
    statuses: list[int] = []
    for i in range(20):
        if i % 4 == 3:
            seconds = new_page(server)
            ok = seconds is not None
            seconds = seconds if seconds is not None else 10.0
            statuses.append(101 if ok else 0)
        else:
            status, seconds = ask(server)
            ok = status == 200
            statuses.append(status)
        if ok and seconds <= 2.0:
            answered += 1
        slowest = max(slowest, seconds)
    still_open = 0
    for s in held:
        try:
            s.settimeout(0.01)
            still_open += s.recv(1) != b"" and 1
        except TimeoutError:
            still_open += 1
        except OSError:
            pass
        finally:
            s.close()
    print("  statuses:", statuses)
    return {
        "held": len(held),
        "answered_within_2s": answered,
        "of": 20,
        "slowest_s": slowest,
        "half_open_left_at_end": still_open,
    }


def slow(server: Server, kind: str, count: int, addresses: int) -> dict[str, float]:
    """Issue 38.2: ``count`` connections stuck mid-body or not reading."""
    host = f"127.0.0.1:{server.port}"
    if kind == "body":
        request = (
            f"POST /join HTTP/1.1\r\nHost: {host}\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\n"
            "Content-Length: 100\r\n\r\npin="
        ).encode()
    else:
        request = f"GET /main.dart.js HTTP/1.1\r\nHost: {host}\r\n\r\n".encode()
    held: list[socket.socket] = []
    for i in range(count):
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.settimeout(5)
        with contextlib.suppress(OSError):
            s.bind((f"127.0.0.{2 + i % addresses}", 0))
            s.connect(("127.0.0.1", server.port))
            s.sendall(request)
            held.append(s)
    started = time.perf_counter()
    first = float("inf")
    answered = 0
    slowest = 0.0
    statuses: list[int] = []
    for i in range(20):
        path = "/main.dart.js" if i % 2 else "/join"
        asked = time.perf_counter()
        try:
            status = http(server.url + path)[0]
        except Exception:
            status = 0
        seconds = time.perf_counter() - asked
        statuses.append(status)
        if status == 200:
            first = min(first, time.perf_counter() - started)
            answered += seconds <= 2.0
        slowest = max(slowest, seconds)
    memory = server_memory_mb(server)  # the held ones still held
    for s in held:
        s.close()
    print("  statuses:", statuses)
    return {
        "held": len(held),
        "answered_within_2s": answered,
        "of": 20,
        "slowest_s": slowest,
        "first_answer_s": first,
        "server_memory_mb": memory,
    }


def server_memory_mb(server: Server) -> float:
    """The server process's resident memory (Linux; 0.0 elsewhere)."""
    status = Path(f"/proc/{server.proc.pid}/status")
    with contextlib.suppress(OSError):
        for line in status.read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


class PageFrom(FletClient):
    """A page session whose connection comes from ``address`` (127.0.0.x)."""

    def __init__(self, port: int, origin: str, address: str) -> None:
        from websockets.sync.client import connect

        sock = socket.create_connection(
            ("127.0.0.1", port), timeout=10, source_address=(address, 0)
        )
        self.ws = connect(
            f"ws://127.0.0.1:{port}/ws",
            sock=sock,
            origin=origin,  # type: ignore[arg-type]
            open_timeout=10,
            max_size=None,
        )
        self.messages = []
        self.session_id = None


def busy_pages(
    server: Server, pages: int, rate: float, address: str = "127.0.0.2"
) -> dict[str, float]:
    """Issue 38.5: ``pages`` pages of one phone (``address``) each sending a
    real event (the page's resize, alternating widths) ``rate`` times a second
    for 10 s, while a bystander asks for ``/`` every 0.1 s."""
    clients = []
    for _ in range(pages):
        client = PageFrom(server.port, server.origin, address)
        client.register()
        client.wait_text("Jolly")
        clients.append(client)
    stop = threading.Event()
    sent = [0]

    def drain(client: FletClient) -> None:
        while not stop.is_set():
            with contextlib.suppress(Exception):
                client.ws.recv(timeout=0.2)

    def send(client: FletClient) -> None:
        n = 0
        began = time.perf_counter()
        while not stop.is_set():
            n += 1
            data = f'{{"width": {390 + n % 2}, "height": 800}}'
            with contextlib.suppress(Exception):
                client.ws.send(
                    pack(CONTROL_EVENT, {"target": 1, "name": "resize", "data": data})
                )
                sent[0] += 1
            pause = began + n / rate - time.perf_counter()
            if pause > 0:
                time.sleep(pause)

    threads = [threading.Thread(target=send, args=(c,)) for c in clients]
    threads += [threading.Thread(target=drain, args=(c,)) for c in clients]
    for thread in threads:
        thread.start()
    waits = []
    end = time.perf_counter() + 10
    while time.perf_counter() < end:
        status, wait = ask(server)
        waits.append(wait if status == 200 else 10.0)
        time.sleep(0.1)
    stop.set()
    for thread in threads:
        thread.join()
    for client in clients:
        with contextlib.suppress(Exception):
            client.close()
    waits.sort()
    return {
        "frames_sent": sent[0],
        "bystander_median_s": waits[len(waits) // 2],
        "bystander_worst_s": waits[-1],
    }


def show(figures: dict[str, float]) -> None:
    for key, value in figures.items():
        print(
            f"  {key}: {value:.3f}" if isinstance(value, float) else f"  {key}: {value}"
        )


@contextlib.contextmanager
def running(*args: str) -> Iterator[Server]:
    """``jolly-scorer --web ARGS`` in a fresh data folder, stopped after."""
    with tempfile.TemporaryDirectory() as tmp:
        server = start_server(Path(tmp), *args, command=False)
        try:
            yield server
        finally:
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=3000)
    parser.add_argument("--rate", type=float, default=700)
    parser.add_argument("--half-open", type=int, default=500)
    parser.add_argument("--addresses", type=int, default=1, help="127.0.0.2...")
    parser.add_argument("--slow", choices=("body", "reader"), default=None)
    parser.add_argument("--pages", type=int, default=0, help="busy pages")
    parser.add_argument("--page-rate", type=float, default=35)
    parser.add_argument("--page-address", default="127.0.0.2", help="busy pages'")
    args = parser.parse_args()
    if args.pages:
        with running() as server:
            where = args.page_address
            print(f"{args.pages} pages of {where}, {args.page_rate}/s each:")
            show(busy_pages(server, args.pages, args.page_rate, where))
        return
    if args.slow:
        with running("--table") as server:
            print(f"{args.half_open} connections, {args.slow}, held:")
            show(slow(server, args.slow, args.half_open, args.addresses))
        return
    with running() as server:
        print("warm-up page:", f"{new_page(server)!r} s")
        print("flood of unknown control ids:")
        show(flood(server, args.events, args.rate))
        print(f"{args.half_open} half-open connections held:")
        show(half_open(server, args.half_open, args.addresses))


if __name__ == "__main__":
    main()
