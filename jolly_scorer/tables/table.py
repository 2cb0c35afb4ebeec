"""The live table's joining: its secret, the devices that joined, and what a
joined device may do with the games database.

``jolly-scorer --table`` makes one :class:`Table`. The host's browser gets the
host token; phones join with the join token (in the QR code) or the PIN typed
on ``/join``. Either way ``/join`` sets an HttpOnly cookie naming the device,
which the server checks on every websocket (see ``server/web.py``). Wrong PINs
are counted per client address: :data:`PIN_TRIES` wrong ones lock that client
out for :data:`LOCKOUT` seconds; after :data:`PIN_BURST` wrong PINs from anyone
within :data:`PIN_BURST_WINDOW` seconds, the PIN takes one try (from anyone)
every :data:`PIN_SLOW` seconds, each address its turn in the order they
asked, told how long to wait (the QR code works as always). The counts are
kept with the table, so a restart does not reset them. Joins are bounded per
address (:data:`JOINS_PER_ADDRESS`), and a player's device that joined is
never pushed out of the device list by newcomers (only viewers make room).
:meth:`Table.end` makes every token and device stop working.

A joined device (a *guest*) works through :class:`GuestStore`: only the table's
game (:attr:`Table.game_id`, pinned by the host's page when it opens the table
and when it starts or opens a game) can be read or changed; other games, the
list of games, stats, settings, deleting and starting games are refused.

While the table is open its secrets and joined devices are kept in the data
folder (:data:`TABLE_FILE`, readable by its owner only): when the host's
process dies without ending the table (a crash, ``kill -9``, a power cut), the
next ``jolly-scorer --table`` on that folder within :data:`RESUME_FOR`
seconds goes on with the same QR code, PIN and joined devices, so the phones
at the table reconnect by themselves. Ending the table, or stopping the server
normally (Ctrl+C), removes the file: the next table has new secrets.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal, Protocol

from jolly_scorer.i18n import N_, Translator

COOKIE = "jolly_table"
PIN_DIGITS = 6
PIN_TRIES = 5  # wrong PINs from one client before it is locked out
LOCKOUT = 300.0  # seconds
PIN_BURST = 20  # wrong PINs from all clients within PIN_BURST_WINDOW: then slow
PIN_BURST_WINDOW = 600.0  # seconds
PIN_SLOW = 5.0  # seconds between two PIN tries (from anyone) after a burst
PIN_TURN_KEPT = 120.0  # seconds a slowed-down try's turn waits to be taken
JOINS_PER_ADDRESS = 20  # new devices from one address within JOIN_WINDOW
JOIN_WINDOW = 600.0  # seconds
MAX_DEVICES = 64
TABLE_FILE = "live-table.json"  # in the data folder while a table is open
TABLE_LOCK = "live-table.lock"  # held by the one server of a live table
RESUME_FOR = 12 * 3600.0  # seconds after its last change a table can go on
RECONNECT_GRACE = 30.0  # seconds a device that was just connected is "coming back"


SLOWED = N_(
    "Many wrong PINs were tried at this table: wait {seconds} seconds before the "
    "next try, or join with the QR code on the host's screen."
)
TOO_MANY_JOINS = N_(
    "Too many devices joined from this address. Try again in {minutes} minutes."
)
TABLE_FULL = N_("The table is full: every place is taken by a device that joined.")
NOT_VALID = N_("This join code is not valid (any more).")
FULL_OF_VIEWERS = N_(
    "The table is full: too many are watching. Try the link again later."
)

Role = Literal["local", "host", "guest", "viewer"]


@dataclass(frozen=True)
class Access:
    """Who a page session serves: ``local`` (no table: this computer only),
    the table's ``host``, a joined ``guest`` device, or a ``viewer`` (joined
    with the viewer link while the host allows viewers: read only)."""

    role: Role
    device: str = ""
    #: a club evening (``--club``): the number of the table this device
    #: joined (0: the organiser, or the ranking link)
    table: int = 0


@dataclass
class Device:
    """A device that joined the table."""

    id: str
    name: str
    address: str
    joined: datetime
    pages: int = 0  # open websockets
    viewer: bool = False  # joined with the viewer link: reads, changes nothing
    #: when a page of this device last connected or disconnected (wall time;
    #: kept with the table, so a restarted host knows who was there)
    seen: float = 0.0


@dataclass(frozen=True)
class JoinProblem:
    message: str
    minutes: int = 0
    locked: bool = False
    seconds: int = 0
    #: wrong PINs this device may still try before it is locked out (-1: not
    #: a wrong PIN)
    left: int = -1

    def text(self, t: Translator) -> str:
        """The problem in ``t``'s language."""
        if self.left == 0:
            return t(
                "Wrong PIN. This device must now wait {minutes} minutes before "
                "the next try.",
                minutes=self.minutes,
            )
        if self.left > 0:
            return t.plural(
                "Wrong PIN. {n} more try before this device must wait "
                "{minutes} minutes.",
                "Wrong PIN. {n} more tries before this device must wait "
                "{minutes} minutes.",
                self.left,
                minutes=self.minutes,
            )
        return t(self.message, minutes=self.minutes, seconds=self.seconds)


def device_name(user_agent: str) -> str:
    """A short name for a browser from its User-Agent (for the host's list)."""
    agent = user_agent.lower()
    for key, name in (
        ("iphone", "iPhone"),
        ("ipad", "iPad"),
        ("android", "Android"),
        ("windows", "Windows"),
        ("macintosh", "Mac"),
        ("linux", "Linux"),
    ):
        if key in agent:
            return name
    return "Browser"


@dataclass
class Table:
    """One live table: its secrets and the devices that joined it."""

    join_token: str = field(default_factory=lambda: secrets.token_urlsafe(18))
    host_token: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    pin: str = field(
        default_factory=lambda: "".join(
            secrets.choice("0123456789") for _ in range(PIN_DIGITS)
        )
    )
    address: str = ""  # the base address phones reach the server at
    ended: bool = False
    #: the table's game: set by the host's page (None: not pinned yet)
    game_id: int | None = None
    devices: dict[str, Device] = field(default_factory=dict)
    host_device: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    #: the viewer link's secret; it works only while :attr:`viewers` is on
    view_token: str = field(default_factory=lambda: secrets.token_urlsafe(18))
    #: the host allows viewers (a read-only scoreboard); off again: every
    #: viewer's page is closed
    viewers: bool = False
    clock: Callable[[], float] = time.time  # kept with the table: wall time
    _failures: dict[str, tuple[int, float]] = field(default_factory=dict)
    _wrong_times: deque[float] = field(default_factory=deque)
    _next_pin_try: float = 0.0
    #: address -> when its slowed-down PIN try comes (see :meth:`_turn`)
    _turns: dict[str, float] = field(default_factory=dict)
    _joins: dict[str, deque[float]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    #: called (no arguments) when devices join, connect, leave or the table ends
    on_change: list[Callable[[], None]] = field(default_factory=list)
    #: where the open table is kept (see :meth:`keep`); None: nowhere
    path: Path | None = None

    # -- kept while open: a crashed host goes on with the same table -----------
    def keep(self, path: Path) -> None:
        """Keep this table in ``path`` (written now and after every join or
        move to another game) until :meth:`forget` or :meth:`end`."""
        self.path = path
        self._write()

    def forget(self) -> None:
        """The server stopped normally: the next table starts afresh."""
        if self.path is not None:
            with contextlib.suppress(OSError):
                self.path.unlink(missing_ok=True)

    def pin_game(self, game_id: int) -> None:
        """Make ``game_id`` the table's game (the host's page does)."""
        if self.game_id != game_id:
            self.game_id = game_id
            self._write()

    def _write(self) -> None:
        if self.path is None or self.ended:
            return
        with self._lock:
            devices = [
                {
                    "id": d.id,
                    "name": d.name,
                    "address": d.address,
                    "joined": d.joined.isoformat(),
                    "viewer": d.viewer,
                    "seen": d.seen,
                    "open": d.pages > 0,
                }
                for d in self.devices.values()
            ]
            failures = {a: list(f) for a, f in list(self._failures.items())[-200:]}
            wrong = list(self._wrong_times)
        data = {
            "version": 1,
            "pin_failures": failures,
            "wrong_pins": wrong,
            "next_pin_try": self._next_pin_try,
            "saved": time.time(),
            "join_token": self.join_token,
            "host_token": self.host_token,
            "host_device": self.host_device,
            "pin": self.pin,
            "view_token": self.view_token,
            "viewers": self.viewers,
            "game_id": self.game_id,
            "devices": devices,
        }
        temporary = self.path.with_name(self.path.name + ".new")
        try:  # a read-only data folder: the table works, it is not kept
            self.path.parent.mkdir(parents=True, exist_ok=True)
            descriptor = os.open(
                temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600
            )
            with os.fdopen(descriptor, "w", encoding="utf-8") as out:
                json.dump(data, out)
                out.flush()
                os.fsync(out.fileno())
            os.replace(temporary, self.path)
        except OSError:
            with contextlib.suppress(OSError):
                temporary.unlink(missing_ok=True)

    @classmethod
    def resume(cls, path: Path, now: float | None = None) -> Table | None:
        """The table kept in ``path`` by a server that did not stop normally,
        if it changed less than :data:`RESUME_FOR` seconds ago; else None
        (and a stale or unreadable file is removed)."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            table = cls._from_kept(data, time.time() if now is None else now)
        except (OSError, ValueError, TypeError, KeyError):
            table = None
        if table is None:
            with contextlib.suppress(OSError):
                path.unlink(missing_ok=True)
            return None
        table.path = path
        return table

    @classmethod
    def _from_kept(cls, data: Any, now: float) -> Table | None:
        if not isinstance(data, dict) or data.get("version") != 1:
            return None
        saved = data["saved"]
        if not isinstance(saved, int | float) or not 0 <= now - saved < RESUME_FOR:
            return None
        texts = ("join_token", "host_token", "host_device", "pin", "view_token")
        if not all(isinstance(data[k], str) and len(data[k]) >= 6 for k in texts):
            return None
        pin = data["pin"]
        if len(pin) != PIN_DIGITS or not (pin.isascii() and pin.isdigit()):
            return None
        game_id = data["game_id"]
        if game_id is not None and (type(game_id) is not int or game_id < 1):
            return None
        failures: dict[str, tuple[int, float]] = {}
        for address, (count, since) in dict(data.get("pin_failures", {})).items():
            failures[str(address)[:64]] = (int(count), float(since))
        wrong = deque(float(w) for w in list(data.get("wrong_pins", []))[-1000:])
        devices: dict[str, Device] = {}
        for item in data["devices"][:MAX_DEVICES]:
            device = Device(
                str(item["id"]),
                str(item["name"])[:40],
                str(item["address"])[:64],
                datetime.fromisoformat(str(item["joined"])),
                viewer=item.get("viewer") is True,
                # open when the server stopped: its phone is coming back
                seen=now if item.get("open") is True else float(item.get("seen", 0)),
            )
            if len(device.id) >= 16:
                devices[device.id] = device
        return cls(
            join_token=data["join_token"],
            host_token=data["host_token"],
            host_device=data["host_device"],
            pin=pin,
            view_token=data["view_token"],
            viewers=data["viewers"] is True,
            game_id=game_id,
            devices=devices,
            _failures=failures,
            _wrong_times=wrong,
            _next_pin_try=float(data.get("next_pin_try", 0.0)),
        )

    # -- joining ------------------------------------------------------------
    def _add(
        self,
        address: str,
        agent: str,
        device_id: str | None = None,
        viewer: bool = False,
    ) -> str | None:
        """The device cookie of a device joining (``device_id``: the host's).

        With :data:`MAX_DEVICES` joined, only a viewer goes to make room (the
        viewer who joined first); a player's device that joined (seated or
        not yet: the start of a game, after a rematch) and the host's are never
        pushed out by newcomers (issue 38.3: a flood of joins with a club
        table's printed link pushed its four seated phones out). None: no
        room (the newcomer reads that the table is full)."""
        device = device_id or secrets.token_urlsafe(24)
        with self._lock:
            if device not in self.devices and len(self.devices) >= MAX_DEVICES:
                watching = [
                    d
                    for d in self.devices.values()
                    if d.viewer and d.id != self.host_device
                ]
                if not watching:
                    return None
                oldest = min(watching, key=lambda d: d.joined)
                del self.devices[oldest.id]
            new = device not in self.devices
            self.devices.setdefault(
                device,
                Device(
                    device,
                    device_name(agent),
                    address,
                    datetime.now(UTC),
                    viewer=viewer,
                ),
            )
        if new:
            self._write()
        self._changed()
        return device

    def join_with_token(self, token: str, address: str, agent: str) -> str | None:
        """The device cookie for a valid join (or host) token, else None."""
        return self.join_with_link(token, address, agent)[0]

    def join_with_link(
        self, token: str, address: str, agent: str
    ) -> tuple[str | None, JoinProblem]:
        """The device cookie for a valid join, host or viewer token; else why
        not (not valid, or the table is full of viewers)."""
        if self.ended or not token:
            return None, JoinProblem(NOT_VALID)
        if secrets.compare_digest(token, self.host_token):
            return self._add(address, agent, self.host_device), JoinProblem("")
        if secrets.compare_digest(token, self.join_token):
            return self._join(address, agent)
        if self.viewers and secrets.compare_digest(token, self.view_token):
            problem = self._too_many_joins(address)
            if problem is not None:
                return None, problem
            device = self._add(address, agent, viewer=True)
            if device is None:
                return None, JoinProblem(FULL_OF_VIEWERS)
            return device, JoinProblem("")
        return None, JoinProblem(NOT_VALID)

    def _too_many_joins(self, address: str) -> JoinProblem | None:
        """Why ``address`` may not add another device now (None: it may)."""
        now = self.clock()
        with self._lock:
            times = self._joins.setdefault(address, deque())
            while times and now - times[0] >= JOIN_WINDOW:
                times.popleft()
            if len(times) >= JOINS_PER_ADDRESS:
                minutes = max(1, math.ceil((JOIN_WINDOW - (now - times[0])) / 60))
                return JoinProblem(TOO_MANY_JOINS, minutes, locked=True)
            times.append(now)
            if len(self._joins) > 10_000:
                self._joins.clear()
        return None

    def _join(self, address: str, agent: str) -> tuple[str | None, JoinProblem]:
        """A new player's device (join link or PIN), if there is room."""
        problem = self._too_many_joins(address)
        if problem is not None:
            return None, problem
        device = self._add(address, agent)
        if device is None:
            return None, JoinProblem(TABLE_FULL)
        return device, JoinProblem("")

    def allow_viewers(self, allowed: bool) -> None:
        """The host's switch: viewers may join (and stay) or not."""
        with self._lock:
            self.viewers = allowed
            if not allowed:  # their cookies stop working; their pages close
                for gone in [d.id for d in self.devices.values() if d.viewer]:
                    del self.devices[gone]
        self._write()
        self._changed()

    def join_with_pin(
        self, pin: str, address: str, agent: str
    ) -> tuple[str | None, JoinProblem]:
        """The device cookie for the right PIN; else why not (wrong: how many
        tries are left; locked; slowed down after a burst of wrong PINs)."""
        if self.ended:
            return None, JoinProblem(N_("This table has ended."))
        problem = self.check_pin(
            pin, address, lambda text: secrets.compare_digest(text, self.pin)
        )
        if problem is not None:
            return None, problem
        return self._join(address, agent)

    def check_pin(
        self, pin: str, address: str, right: Callable[[str], bool]
    ) -> JoinProblem | None:
        """The counting of :meth:`join_with_pin`: None when ``right`` takes the
        PIN (six digits) and ``address`` may try now; else why not (wrong,
        locked, slowed down). A club evening counts every table's PIN here."""
        now = self.clock()
        minutes = math.ceil(LOCKOUT / 60)
        with self._lock:
            count, since = self._failures.get(address, (0, now))
            if count >= PIN_TRIES and now - since < LOCKOUT:
                minutes = max(1, math.ceil((LOCKOUT - (now - since)) / 60))
                return JoinProblem(
                    N_("Too many wrong PINs. Try again in {minutes} minutes."),
                    minutes,
                    locked=True,
                )
            while self._wrong_times and now - self._wrong_times[0] >= PIN_BURST_WINDOW:
                self._wrong_times.popleft()
            slow = len(self._wrong_times) >= PIN_BURST
            if slow:
                turn = self._turn(address, now)
                if turn > now:
                    seconds = max(1, math.ceil(turn - now))
                    return JoinProblem(SLOWED, seconds=seconds, locked=True)
            if count >= PIN_TRIES or now - since >= LOCKOUT:
                count = 0
            text = pin.strip()
            good = (
                len(text) == PIN_DIGITS
                and text.isascii()
                and text.isdigit()
                and right(text)
            )
            if not good:
                self._wrong_times.append(now)
                while len(self._wrong_times) > 1000:
                    self._wrong_times.popleft()
                self._failures[address] = (count + 1, now)
                if len(self._failures) > 10_000:
                    self._failures.clear()
        if good:
            with self._lock:
                self._failures.pop(address, None)
            return None
        self._write()  # the counts outlive a restart of the table
        self._changed()  # the host sees the wrong PINs
        return JoinProblem(
            N_("Wrong PIN."), minutes=minutes, left=PIN_TRIES - count - 1
        )

    def _turn(self, address: str, now: float) -> float:
        """When ``address`` may try a PIN, slowed down (under the lock): its
        turn, given when it first asked, in the order they asked, one every
        :data:`PIN_SLOW` seconds. Asking again before then changes nothing, so
        addresses polling all the time cannot take every turn (issue 38.6: 15
        of them held the PIN shut for a player who waited as told). A turn
        not taken within :data:`PIN_TURN_KEPT` seconds is gone. ``now``: the
        try goes ahead (its turn is used up)."""
        turn = self._turns.get(address)
        if turn is not None and now - turn >= PIN_TURN_KEPT:
            del self._turns[address]
            turn = None
        if turn is None:
            turn = max(now, self._next_pin_try)
            self._next_pin_try = turn + PIN_SLOW
            if turn > now:
                self._turns[address] = turn
                if len(self._turns) > 10_000:
                    self._turns.clear()
            return turn
        if turn <= now:
            del self._turns[address]
            return now
        return turn

    def wrong_pins(self) -> list[tuple[str, int]]:
        """Addresses that typed a wrong PIN lately and how many times, most
        first (for the host's screen)."""
        now = self.clock()
        with self._lock:
            found = [
                (address, count)
                for address, (count, since) in self._failures.items()
                if now - since < LOCKOUT
            ]
        return sorted(found, key=lambda item: -item[1])

    # -- using --------------------------------------------------------------
    def access(self, device: str) -> Access | None:
        """What the holder of this device cookie may do (None: nothing)."""
        if not device:
            return None
        if secrets.compare_digest(device, self.host_device):
            return Access("host", device)  # the host's page outlives the table
        if self.ended:
            return None
        with self._lock:
            found = self.devices.get(device)
        if found is None:
            return None
        return Access("viewer" if found.viewer else "guest", device)

    def connected(self, access: Access, change: int) -> None:
        with self._lock:
            found = self.devices.get(access.device)
            flipped = False
            if found is not None:
                before = found.pages
                found.pages = max(0, found.pages + change)
                found.seen = self.clock()
                flipped = (before > 0) != (found.pages > 0)
        if flipped:  # a restarted host knows who was connected
            self._write()
        self._changed()

    def state(self, device: Device) -> Literal["connected", "coming back", "away"]:
        """Whether ``device`` has a page open, had one within
        :data:`RECONNECT_GRACE` seconds (a reload, a restarted host: its
        phone reconnects by itself), or not."""
        if device.pages:
            return "connected"
        if self.clock() - device.seen < RECONNECT_GRACE:
            return "coming back"
        return "away"

    def guests(self) -> list[Device]:
        """The joined devices (not the host's; viewers too), first joined first."""
        with self._lock:
            found = [d for d in self.devices.values() if d.id != self.host_device]
        return sorted(found, key=lambda d: d.joined)

    def table_game(self, fallback: Callable[[], int | None]) -> LiveTableGame:
        """The table's game at each call (for :class:`GuestStore`); until the
        host's page pins one, ``fallback()`` (the store's current game) is
        pinned at the first call."""
        return LiveTableGame(self, fallback)

    def send_away(self, device: str) -> bool:
        """The host sends a joined device away (issue 34.10): its cookie
        stops working and its open pages close (the server's ``kick``); it
        may join again with the PIN, as a new device. Never the host's own.
        Whether it was there."""
        with self._lock:
            found = device != self.host_device and device in self.devices
            if found:
                del self.devices[device]
        if not found:
            return False
        self._write()
        self._changed()
        return True

    def end(self) -> None:
        """End the table: every token, PIN and joined device stops working
        (open pages are closed by the server's check on their next connect)."""
        with self._lock:
            self.ended = True
            self.devices.clear()
        self.forget()
        self._changed()

    def notify(self) -> None:
        """Tell the followers (:attr:`on_change`) to look again."""
        self._changed()

    def _changed(self) -> None:
        for callback in list(self.on_change):
            try:
                callback()
            except Exception:  # a closed page: forget it
                self.on_change.remove(callback)


class TablesGame(Protocol):
    """A table's game, asked at each call (its joined devices' stores ask it
    before every read and write), and whether a game is another table's.
    A live table's (:class:`LiveTableGame`) and a club table's
    (``server/club.TableGame``) are both one."""

    def __call__(self) -> int | None: ...

    def elsewhere(self, game_id: int) -> bool:
        """Whether ``game_id`` is known as another table's game, from memory
        (a page hears of every saved round of the evening and ignores the
        other tables' at once, without asking its own table's game)."""
        ...


class LiveTableGame:
    """A live table's game (:meth:`Table.table_game`): the game its host's
    page pinned; until then ``fallback()``, pinned at the first call. A live
    table is alone on its server: no game is another table's."""

    def __init__(self, table: Table, fallback: Callable[[], int | None]) -> None:
        self.table = table
        self.fallback = fallback

    def __call__(self) -> int | None:
        table = self.table
        if table.game_id is None:
            found = self.fallback()
            if found is not None:
                table.pin_game(found)
        return table.game_id

    def elsewhere(self, game_id: int) -> bool:
        return False
