"""This server's addresses: the ``Host`` values it answers to, and the
machine's address on the local network (how phones reach it).
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import socket
from collections.abc import Iterable


def is_wildcard(host: str) -> bool:
    return host in ("", "0.0.0.0", "::", "*")


def lan_address() -> str | None:
    """This machine's address on the local network (the default route's), if any.

    No packet is sent: connecting a UDP socket only picks the interface."""
    for probe in ("192.168.0.1", "10.0.0.1", "172.16.0.1"):
        with (
            contextlib.suppress(OSError),
            socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s,
        ):
            s.connect((probe, 9))
            address = str(s.getsockname()[0])
            if not ipaddress.ip_address(address).is_loopback:
                return address
    return None


def _local_names() -> set[str]:
    names = {"127.0.0.1", "localhost", "[::1]"}
    with contextlib.suppress(OSError):
        hostname = socket.gethostname()
        names |= {hostname.lower(), f"{hostname.lower()}.local"}
        names |= set(socket.gethostbyname_ex(hostname)[2])
    address = lan_address()
    if address:
        names.add(address)
    return names


def allowed_hosts(host: str, port: int, extra: Iterable[str] = ()) -> frozenset[str]:
    """The ``Host`` header values (``name:port``) this server answers to.

    Loopback names always; the bound address; on a wildcard bind also this
    machine's names and addresses (how phones reach it)."""
    names = {"127.0.0.1", "localhost", "[::1]"}
    if is_wildcard(host):
        names |= _local_names()
    else:
        names.add(f"[{host}]" if ":" in host else host.lower())
    extra_env = os.environ.get("JOLLY_SCORER_ALLOWED_HOSTS", "")
    given = [*extra, *extra_env.split(",")]
    names |= {n.strip().lower() for n in given if n.strip()}
    return frozenset(_with_port(n, port) for n in names)


def _with_port(name: str, port: int) -> str:
    """``name:port``; a name given with its port (``example.org:443``,
    ``[::1]:8550``) is kept as given."""
    if name.startswith("["):
        return name if "]:" in name else f"{name}:{port}"
    if name.count(":") == 1:
        return name
    if ":" in name:  # a bare IPv6 address
        return f"[{name}]:{port}"
    return f"{name}:{port}"
