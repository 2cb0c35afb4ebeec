"""A seeded, stateful fuzzer of a live table, in process (issue 34).

One table's game, the app's own pages on it (``tests/flet_harness.py``): the
host's laptop page, three phones seated as Ben, Cleo and Dora, and a viewer.
Each step is a random but legal act of one page, or of two pages in the same
instant (neither has heard of the other's act): a tap on a hand and a card,
a player's cards or counted points, digits typed into a phone's own field
(the browser's two messages, the text and its change event, may have other
pages' news handled between them), the counting sheet's pad (digits, Next),
everyone counting points, Done and taking it back, Save, a page's
connection coming back, a page loaded again.

After every step the pages are let run until they are still, and the
invariants are checked (:meth:`TableFuzz.check`):

* every page on the round shows each part exactly as stored (its model's
  parts, each counted field's text, each player's status);
* every input is stored or refused with a message on the page that made it
  (a digit typed, a card tapped);
* a "not kept" message names only a value that page typed and the store
  does not hold; "done" shows only when it is stored;
* a saved round scores exactly what the core scores for the stored parts.

A violation is a line of text; :func:`run_seed` plays one seed and returns
them. The CI test is ``tests/ui/test_table_fuzz.py``, the long run
``benchmarks/table_fuzz.py``.
"""

from __future__ import annotations

import contextlib
import random
import re
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flet.pubsub.pubsub_hub import PubSubHub
from flet_harness import FletTestApp, SessionCrashed, iter_controls

from jolly_scorer.core import game as core
from jolly_scorer.core.cards import parse_card
from jolly_scorer.core.rules import find_rules
from jolly_scorer.core.scoring import score_game
from jolly_scorer.store import Store
from jolly_scorer.tables import sessions
from jolly_scorer.tables.table import Access, Table
from jolly_scorer.ui import app as ui_app
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.models.seat_parts import merge_parts, split_parts
from jolly_scorer.ui.screens.round_entry.together import sync

__all__ = ["PLAYERS", "TableFuzz", "run_seed", "table_pages"]

PLAYERS = ("Anna", "Ben", "Cleo", "Dora")
PRESETS = ("jolly_at", "rommi_fi")
NOT_KEPT = r"(.+)'s part was changed on another device; not kept: (.+)"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("c", "d", "h", "s")
#: what the pages are patched with while a fuzzer runs (restored after)
_PAGES: list[tuple[Any, FletTestApp | None]] = []


@dataclass
class Typed:
    """A value a page typed into a field, not judged yet."""

    value: str
    step: int


@dataclass
class Tap:
    """A card a page tapped into a player's hand."""

    page: str
    player: str
    card: str
    #: copies of it the page showed in that hand before the tap
    seen: int
    step: int
    #: the page was loaded again since (its messages went with it)
    gone: bool = False


@dataclass
class Page:
    """One device's page at the table."""

    name: str
    role: str  # host | guest | viewer
    device: str
    app: FletTestApp
    seat: int | None = None  # a phone's seat
    #: the text this page typed last into each field (player, key)
    typed: dict[tuple[str, str], Typed] = field(default_factory=dict)
    #: every text this page ever typed into each field (this round)
    ever: dict[tuple[str, str], set[str]] = field(default_factory=dict)
    #: the messages this page showed (notice, error), in order
    said: list[str] = field(default_factory=list)
    #: a change event the browser has not sent yet (typed, then other news)
    pending: Callable[[], None] | None = None


class Registry:
    """The shared round's screen object of each page (its round entry)."""

    def __init__(self) -> None:
        self.by_page: dict[int, sync.Shared] = {}
        #: the pages' news not delivered yet (pubsub: handler, arguments):
        #: the fuzzer decides when a page hears, the same in every run
        self.news: list[tuple[Callable[..., Any], list[Any]]] = []
        #: every notice each round entry showed (by id of the entry)
        self.said: dict[int, list[str]] = {}
        self._init = sync.Shared.__init__

    @contextlib.contextmanager
    def installed(self) -> Iterator[None]:
        import flet as ft

        registry = self

        def init(self: sync.Shared, *args: Any, **kwargs: Any) -> None:
            registry._init(self, *args, **kwargs)
            with contextlib.suppress(Exception):
                registry.by_page[id(ft.context.page)] = self

        def get(entry: RoundEntryModel) -> str | None:
            return entry.__dict__.get("_fuzz_notice")

        def put(entry: RoundEntryModel, value: str | None) -> None:
            entry.__dict__["_fuzz_notice"] = value
            if value:  # every message shown, also one replaced before a check
                registry.said.setdefault(id(entry), []).append(value)

        def send(hub: Any, handler: Callable[..., Any], args: Any) -> None:
            registry.news.append((handler, list(args)))

        sync.Shared.__init__ = init  # type: ignore[method-assign]
        sent = PubSubHub._PubSubHub__send  # type: ignore[attr-defined]
        PubSubHub._PubSubHub__send = send  # type: ignore[attr-defined]
        RoundEntryModel.notice = property(get, put)  # type: ignore[assignment]
        try:
            yield
        finally:
            sync.Shared.__init__ = self._init  # type: ignore[method-assign]
            PubSubHub._PubSubHub__send = sent  # type: ignore[attr-defined]
            del RoundEntryModel.notice


@contextlib.contextmanager
def table_pages() -> Iterator[list[Access]]:
    """``ui_app.current_access`` answers the next access of the list (each
    page made takes one); a live table is served."""
    accesses: list[Access] = []
    saved = (ui_app.current_access, ui_app.current_table, sessions._TABLE)
    table = Table(address="http://127.0.0.1:8550/")
    sessions._TABLE = table
    ui_app.current_access = lambda: accesses.pop(0)  # type: ignore[assignment]
    ui_app.current_table = lambda: table  # type: ignore[assignment]
    accesses.append(Access("host", table.host_device))
    try:
        yield accesses
    finally:
        ui_app.current_access, ui_app.current_table, sessions._TABLE = saved


class TableFuzz:
    """One seed's table: the pages, the acts, the checks."""

    def __init__(self, folder: Path, seed: int, *, log: bool = False) -> None:
        self.folder = folder
        self.seed = seed
        self.rng = random.Random(seed)
        self.log = log
        self.steps = 0
        self.violations: list[str] = []
        self.pages: list[Page] = []
        self.taps: list[Tap] = []
        self.history: list[str] = []
        self.registry = Registry()
        self._indexes: dict[int, tuple[Any, dict[str, list[Any]]]] = {}
        preset = PRESETS[seed % len(PRESETS)]
        with Store.open(folder) as store:
            store.set_setting("language", "en")
            self.game_id = store.create_game(
                core.new_game(find_rules(preset), list(PLAYERS))
            )

    # -- the pages -----------------------------------------------------------
    def open(self, accesses: list[Access]) -> None:
        host_device = accesses[0].device
        host = self._page("host", "host", host_device, accesses, 1280, None)
        host.app.click(self.ids(host.app, "table-close")[0])
        for seat, name in enumerate(PLAYERS[1:], 1):
            self._page(name, "guest", f"phone-{name}", accesses, 390, seat)
        self._page("viewer", "viewer", "viewer", accesses, 390, None)
        for page in self.pages:
            self._enter(page)
        self.still()

    def _page(
        self,
        name: str,
        role: str,
        device: str,
        accesses: list[Access],
        width: int,
        seat: int | None,
    ) -> Page:
        if not accesses:
            accesses.append(Access(role, device))
        first = self.pages[0].app if self.pages else None
        app = FletTestApp(
            lambda page: ui_app.main(page, self.folder),
            width=width,
            height=844,
            pubsub_with=first,
        )
        page = Page(name, role, device, app, seat)
        self.pages.append(page)
        return page

    def _enter(self, page: Page) -> None:
        """The page goes to the round being entered (the viewer: its board)."""
        app = page.app
        if page.role == "viewer":
            return
        if self.ids(app, "round-save"):
            return
        if self.ids(app, "home-continue"):
            app.click(self.ids(app, "home-continue")[0])
        found = self.ids(app, "enter-round")
        if not found:
            return
        app.click(found[0])
        if page.seat is not None:
            asks = f"round-seat-{page.seat}"
            if self.ids(app, asks):
                app.click(self.ids(app, asks)[0])

    def close(self) -> None:
        for page in self.pages:
            with contextlib.suppress(Exception):
                page.app.close()

    # -- stillness -----------------------------------------------------------
    def still(self, timeout: float = 20) -> None:
        """Run every page until none sends anything more (pubsub news
        travels through threads: a few quiet passes in a row)."""
        deadline = time.monotonic() + timeout
        quiet = 0
        last: tuple[int, ...] = ()
        while quiet < 2:
            self.deliver()
            for page in self.pages:
                page.app.settle()
            now = tuple(len(p.app.conn.messages) for p in self.pages)
            quiet = quiet + 1 if now == last and not self.registry.news else 0
            last = now
            if time.monotonic() > deadline:
                raise AssertionError("the pages did not come to rest")
        self._heard_messages()

    def deliver(self) -> None:
        """Every page hears the news sent so far (when it next runs)."""
        news, self.registry.news[:] = list(self.registry.news), []
        for handler, args in news:
            with contextlib.suppress(Exception):
                handler(*args)

    def _heard_messages(self) -> None:
        for page in self.pages:
            shared = self.shared(page)
            if shared is None:
                continue
            notices = self.registry.said.pop(id(shared.entry), [])
            for said in (*notices, shared.entry.error):
                if said and (not page.said or page.said[-1] != said):
                    page.said.append(said)
                    self._check_notice(page, said)

    # -- what a page holds ---------------------------------------------------
    def ids(self, page: Page | FletTestApp, identifier: str) -> list[Any]:
        """The page's controls of one accessibility identifier (one walk of
        the page's tree while it sends nothing new)."""
        app = page.app if isinstance(page, Page) else page
        key = (id(app), len(app.conn.messages))
        index = self._indexes.get(id(app))
        if index is None or index[0] != key:
            found: dict[str, list[Any]] = {}
            for control, _ in iter_controls(app.page):
                name = getattr(control, "identifier", None)
                if name:
                    found.setdefault(str(name), []).append(control)
            index = (key, found)
            self._indexes[id(app)] = index
        return list(index[1].get(identifier, []))

    def picks(self, page: Page) -> bool:
        """Whether the card picker is open."""
        self.ids(page, "")
        index = self._indexes[id(page.app)][1]
        return any(name.startswith("pick-") for name in index)

    def shared(self, page: Page) -> sync.Shared | None:
        shared = self.registry.by_page.get(id(page.app.page))
        if shared is None or not self.ids(page, "round-save"):
            return None
        return shared

    def stored(self) -> tuple[core.Game, dict[str, Any]]:
        with Store.open(self.folder) as store:
            game = store.load_game(self.game_id)
            parts = store.load_seat_parts(self.game_id, len(game.rounds) + 1)
        return game, parts

    # -- acts ---------------------------------------------------------------
    def step(self) -> None:
        self.steps += 1
        acts: list[tuple[int, Callable[[], bool]]] = [
            (6, self.phone_types),
            (3, self.phone_mode),
            (5, self.phone_card),
            (3, self.host_card),
            (2, self.host_count_all),
            (5, self.host_pad),
            (2, self.done),
            (3, self.together_at_once),
            (1, self.reconnect),
            (1, self.reload),
            (1, self.host_closer),
            (1, self.host_fills),
            (2, self.save),
            (1, self.host_undo),
            (2, self.phone_takes_back),
        ]
        weights = [w for w, _ in acts]
        if self.rng.random() < 0.5:
            self.deliver()  # the news so far reaches the pages (else: later)
        for _ in range(10):
            (_, act) = self.rng.choices(acts, weights)[0]
            if act():
                break
        if self.rng.random() < 0.6:
            self.flush()
            self.still()
            self.check()

    def flush(self) -> None:
        """The change events typed text was waiting for reach the server."""
        for page in self.pages:
            pending, page.pending = page.pending, None
            if pending is not None:
                pending()

    @staticmethod
    def _ready(page: Page) -> Page:
        """The page acts: its own change event waiting goes first (a
        browser sends its messages in order; only other pages' news may
        come between a text and its change event)."""
        pending, page.pending = page.pending, None
        if pending is not None:
            pending()
        return page

    def _phone(self) -> Page | None:
        phones = [p for p in self.pages if p.role == "guest" and self.shared(p)]
        return self._ready(self.rng.choice(phones)) if phones else None

    def _host(self) -> Page | None:
        host = self.pages[0]
        return self._ready(host) if self.shared(host) else None

    def _say(self, text: str) -> None:
        self.history.append(f"{self.steps}: {text}")
        if self.log:
            print(self.history[-1])

    def phone_types(self, page: Page | None = None) -> bool:
        """A digit (or Backspace) typed into the phone's own counted field:
        the browser sends the text, then the change event; the change may
        wait until other news was handled (``flush``)."""
        page = page or self._phone()
        if page is None or page.pending is not None:
            return False
        assert page.seat is not None
        player = PLAYERS[page.seat]
        app = page.app
        keys = [k for k in ("good", "bad") if self.ids(app, f"round-{k}-{page.seat}")]
        if not keys:
            return False
        key = self.rng.choice(keys)
        holder = self.ids(app, f"round-{key}-{page.seat}")[0]
        box = holder.content
        text = box.value or ""
        if text and self.rng.random() < 0.2:
            text = text[:-1]
        elif len(text) < 3:
            text += self.rng.choice("0123456789")
        else:
            text = text[:-1]
        self._say(f"{page.name} types {text!r} into {player}'s {key}")
        app.session.apply_patch(box._i, {"value": text})
        self._typed(page, (player, key), text)

        def change() -> None:
            if box._i in app.session.index:
                app.fire(box, "change", text)

        if self.rng.random() < 0.5:
            page.pending = change
        else:
            change()
        return True

    def _typed(
        self, page: Page, place: tuple[str, str], text: str, held: str | None = None
    ) -> None:
        """``page`` typed ``text`` into field ``place``: what another page
        typed there and the store held before (``held``, else now) was
        stored (this later change may replace it: not a loss)."""
        held = self._stored_text(place) if held is None else held
        for other in self.pages:
            typed = other.typed.get(place)
            if other is not page and typed and _same_number(held, typed.value):
                del other.typed[place]
        page.typed[place] = Typed(text, self.steps)
        page.ever.setdefault(place, set()).add(text)

    def phone_mode(self) -> bool:
        page = self._phone()
        if page is None:
            return False
        app = page.app
        for mode in ("points", "cards"):
            found = self.ids(app, f"round-mode-{page.seat}-{mode}")
            if found and not self._disabled(app, found[0]):
                self._say(f"{page.name} switches to {mode}")
                app.click(found[0])
                if mode == "points":
                    self._forget_taps(page.name, PLAYERS[page.seat or 0])
                return True
        return False

    def _forget_taps(self, name: str, player: str) -> None:
        """The page itself took its cards out of the count: not expected."""
        self.taps = [
            t for t in self.taps if not (t.player == player and t.page == name)
        ]

    @staticmethod
    def _disabled(app: FletTestApp, control: Any) -> bool:
        try:
            target = app._event_target(control, "click")
        except AssertionError:
            return True
        return bool(getattr(target, "disabled", False))

    def _open_hand(self, page: Page, seat: int) -> bool:
        app = page.app
        if self.ids(app, "editor-done") and self.picks(page):
            shared = self.shared(page)
            editing = shared.entry.editing if shared else None
            if (
                editing is not None
                and editing.target is not None
                and editing.target.kind == "hand"
                and editing.target.player == PLAYERS[seat]
            ):
                return True
        found = self.ids(app, f"round-hand-{seat}")
        if not found:
            if self.ids(app, f"round-show-{seat}"):
                app.click(self.ids(app, f"round-show-{seat}")[0])
                found = self.ids(app, f"round-hand-{seat}")
            if not found:
                return False
        try:
            app.click(found[0])
        except AssertionError:
            return False
        return self.picks(page)

    def _tap_card(self, page: Page, seat: int, card: str | None = None) -> bool:
        app = page.app
        shared = self.shared(page)
        if shared is None or not self._open_hand(page, seat):
            return False
        player = PLAYERS[seat]
        if card is None:
            card = self.rng.choice(RANKS) + self.rng.choice(SUITS)
        found = self.ids(app, f"pick-{card}")
        if not found or self._disabled(app, found[0]):
            return False
        plain = parse_card(card)
        seen = Counter(shared.entry.rounds.hands[player])[plain]
        self._say(f"{page.name} taps {card} into {player}'s hand (seen {seen})")
        app.click(found[0])
        self.taps.append(Tap(page.name, player, card, seen, self.steps))
        return True

    def phone_card(self) -> bool:
        page = self._phone()
        if page is None or page.seat is None:
            return False
        return self._tap_card(page, page.seat)

    def host_card(self) -> bool:
        host = self._host()
        if host is None:
            return False
        return self._tap_card(host, self.rng.randrange(len(PLAYERS)))

    def host_count_all(self) -> bool:
        host = self._host()
        if host is None:
            return False
        found = self.ids(host.app, "round-count-all")
        if not found or self._disabled(host.app, found[0]):
            return False
        self._say("host: everyone counted points")
        host.app.click(found[0])
        return True

    def host_pad(self) -> bool:
        """A key of the counting sheet's pad on the host."""
        host = self._host()
        if host is None or not self.ids(host.app, "round-pad"):
            return False
        app = host.app
        key = self.rng.choice([*"0123456789", "Next", "Backspace"])
        shared = self.shared(host)
        assert shared is not None
        selected = [
            c
            for name in (f"round-{k}-{n}" for k in ("good", "bad") for n in range(4))
            for c in self.ids(host, name)
            if getattr(c, "selected", False)
        ]
        self._say(f"host presses {key}")
        place = self._selected(host)
        held = self._stored_text(place) if place is not None else None
        app.click(self.ids(app, f"round-pad-{key}")[0])
        if key != "Next" and place is not None and selected:
            text = shared.entry.points_text(*place)  # type: ignore[arg-type]
            self._typed(host, place, text, held)
        return True

    def host_closer(self) -> bool:
        """The host taps who went out."""
        host = self._host()
        if host is None:
            return False
        seat = self.rng.randrange(len(PLAYERS))
        found = self.ids(host, f"round-closer-{seat}")
        if not found or self._disabled(host.app, found[0]):
            return False
        self._say(f"host: {PLAYERS[seat]} went out")
        host.app.click(found[0])
        return True

    def host_fills(self) -> bool:
        """The host fills every empty field on the counting sheet (digits,
        then Next), so that the round can be saved."""
        host = self._host()
        shared = self.shared(host) if host is not None else None
        if host is None or shared is None:
            return False
        entry = shared.entry
        if entry.rounds.closer is None:
            self.host_closer()
        if not self.ids(host, "round-pad"):
            self.host_count_all()
        if not self.ids(host, "round-pad"):
            return False
        empty = [f for f in entry.fields() if not entry.points_text(*f)]
        if not empty:
            return False
        self._say(f"host fills {len(empty)} fields")
        for _ in empty:
            for key in (self.rng.choice("123456789"), "Next"):
                before = self._selected(host)
                held = self._stored_text(before) if before is not None else None
                pad = self.ids(host, f"round-pad-{key}")
                if not pad:  # the sheet went (a player back to cards)
                    return True
                host.app.click(pad[0])
                if key != "Next" and before is not None:
                    text = entry.points_text(*before)  # type: ignore[arg-type]
                    self._typed(host, before, text, held)
        return True

    def _selected(self, host: Page) -> tuple[str, str] | None:
        for kind in ("good", "bad"):
            for seat, player in enumerate(PLAYERS):
                for c in self.ids(host, f"round-{kind}-{seat}"):
                    if getattr(c, "selected", False):
                        return (player, kind)
        return None

    def done(self) -> bool:
        pages = [p for p in self.pages[:4] if self.shared(p)]
        if not pages:
            return False
        page = self._ready(self.rng.choice(pages))
        seat = page.seat if page.seat is not None else self.rng.randrange(4)
        found = self.ids(page.app, f"round-done-{seat}")
        if not found:
            return False
        self._say(f"{page.name} taps Done of {PLAYERS[seat]}")
        page.app.click(found[0])
        return True

    def together_at_once(self) -> bool:
        """Two pages act in the same instant: neither has heard of the other."""
        kind = self.rng.choice(("same-card", "count-all-and-card", "two-typing"))
        phone = self._phone()
        if phone is None or phone.seat is None:
            return False
        host = self._host()
        if kind == "same-card" and host is not None:
            card = self.rng.choice(RANKS) + self.rng.choice(SUITS)
            if not self._open_hand(host, phone.seat):
                return False
            self._say("at once:")
            a = self._tap_card(phone, phone.seat, card)
            b = self._tap_card(host, phone.seat, card)
            return a or b
        if kind == "count-all-and-card" and host is not None:
            if not self._open_hand(phone, phone.seat):
                return False
            self._say("at once:")
            done = self.host_count_all()
            return self._tap_card(phone, phone.seat) or done
        other = self._phone()
        if other is None or other is phone:
            return False
        self._say("at once:")
        a = self.phone_types(phone)
        b = self.phone_types(other)
        return a or b

    def reconnect(self) -> bool:
        page = self._ready(self.rng.choice(self.pages))
        self._say(f"{page.name}'s connection comes back")
        page.app.fire(page.app.page, "connect")
        return True

    def reload(self) -> bool:
        """A phone's page is loaded again (the same device)."""
        phones = [p for p in self.pages if p.role == "guest"]
        page = self.rng.choice(phones)
        self._say(f"{page.name} loads the page again")
        if page.pending is not None:
            page.pending = None  # its change event never left the browser
            page.typed.clear()
        self._heard_messages()  # what the page said before it went
        for tap in self.taps:  # a page loaded anew is another page: a note
            if tap.page == page.name:  # naming the one gone reaches nobody
                tap.gone = True
        old = page.app
        with contextlib.suppress(Exception):
            old.close()
        self.registry.by_page.pop(id(old.page), None)
        _ACCESS.append(Access("guest", page.device))
        page.app = FletTestApp(
            lambda p: ui_app.main(p, self.folder),
            width=390,
            height=844,
            pubsub_with=self.pages[0].app,
        )
        self._enter(page)
        return True

    def save(self) -> bool:
        pages = [p for p in self.pages[:4] if self.shared(p)]
        if not pages:
            return False
        page = self.rng.choice(pages)
        self.flush()
        self.still()
        game, parts = self.stored()
        try:
            data = {seat: part.data for seat, part in parts.items()}
            expected = merge_parts(game, len(game.rounds) + 1, data)
            ready = not expected.problems() and expected.check() is None
        except Exception:
            return False
        if not ready:
            return False
        self._say(f"{page.name} saves")
        app = page.app
        app.click(self.ids(app, "round-save")[0])
        if self.ids(app, "round-save-anyway"):
            app.click(self.ids(app, "round-save-anyway")[0])
        self.still()
        after, _ = self.stored()
        if len(after.rounds) == len(game.rounds) + 1:
            want = score_game(core.add_round(game, expected.to_round()))
            got = score_game(after)
            if want.rounds[-1].scores != got.rounds[-1].scores:
                self.violation(
                    f"saved round scores {got.rounds[-1].scores}, the stored "
                    f"parts {want.rounds[-1].scores}"
                )
            self._next_round()
        return True

    def host_undo(self) -> bool:
        """The host leaves the round being entered and undoes the last saved
        round (the next round's entries go with it: docs/usage.md)."""
        host = self._ready(self.pages[0])
        game, _ = self.stored()
        if not game.rounds:  # a round to undo first: filled and saved
            if not self.host_fills() and not self.save():
                return False
            self.save()
            game, _ = self.stored()
            if not game.rounds or self.rng.random() < 0.4:
                return True  # (played on, undone later or never)
            self.still()
            self.check()
        app = host.app
        if self.ids(app, "round-cancel"):
            app.click(self.ids(app, "round-cancel")[0])
            if self.ids(app, "round-leave"):
                app.click(self.ids(app, "round-leave")[0])
            elif self.ids(app, "round-throw-away"):
                app.click(self.ids(app, "round-throw-away")[0])
        found = self.ids(app, "undo")
        if not found or self._disabled(app, found[0]):
            self._say("host: no Undo to tap")
            self._enter(host)
            return True
        self._say(f"host undoes round {len(game.rounds)}")
        self.flush()
        app.click(found[0])
        self.still()
        after, _ = self.stored()
        if len(after.rounds) != len(game.rounds) - 1:
            self.violation(
                f"Undo left {len(after.rounds)} rounds of {len(game.rounds)}"
            )
        self._next_round()  # (what was entered of the next round went)
        self.check()  # every page on the stored game and parts
        return True

    def phone_takes_back(self) -> bool:
        """A phone takes back the last card of its own hand before Save
        (the editor's Backspace)."""
        page = self._phone()
        if page is None or page.seat is None:
            return False
        shared = self.shared(page)
        player = PLAYERS[page.seat]
        if shared is None or not shared.entry.rounds.hands.get(player):
            return False
        if not self._open_hand(page, page.seat):
            return False
        found = self.ids(page.app, "editor-backspace")
        if not found or self._disabled(page.app, found[0]):
            return False
        before = Counter(shared.entry.rounds.hands[player])
        page.app.click(found[0])
        after = Counter(shared.entry.rounds.hands[player])
        gone = before - after
        self._say(f"{page.name} takes back {sorted(map(str, gone))} of its hand")
        for card in gone:  # taken back on purpose: not a loss to name
            self.taps = [
                t
                for t in self.taps
                if not (t.player == player and parse_card(t.card) == card)
            ]
        return True

    def _next_round(self) -> None:
        self.taps.clear()
        for page in self.pages:
            page.typed.clear()
            page.ever.clear()
            page.said.clear()
        for page in self.pages:
            self._enter(page)
        self.still()

    # -- the invariants ------------------------------------------------------
    def violation(self, text: str) -> None:
        line = f"seed {self.seed} step {self.steps}: {text}"
        if self.log:
            print("VIOLATION", line)
        self.violations.append(line)

    def check(self) -> None:
        game, parts = self.stored()
        number = len(game.rounds) + 1
        data = {seat: dict(p.data) for seat, p in parts.items()}
        model = merge_parts(game, number, data)
        want = split_parts(model)
        for page in self.pages:
            shared = self.shared(page)
            if shared is None:
                continue
            entry = shared.entry
            if entry.closed or entry.taken is not None:
                continue
            entering = shared.together.shared.number
            if entering != number:
                self.violation(
                    f"{page.name} enters round {entering}, stored next round {number}"
                )
                continue
            shown = split_parts(entry.rounds)
            for seat in want:
                if shown.get(seat) != want.get(seat):
                    self.violation(
                        f"{page.name} shows {seat or 'the round'}'s part as "
                        f"{shown.get(seat)}, stored {want.get(seat)}"
                    )
            for seat_no, player in enumerate(PLAYERS):
                status = parts[player].status if player in parts else None
                if entry.status(player) != status:
                    self.violation(
                        f"{page.name} says {player} is {entry.status(player)}, "
                        f"stored {status}"
                    )
                self._check_fields(page, seat_no, player, model)
        self._check_typed(model)
        self._check_taps(model)
        self._check_boards(game)

    def _check_boards(self, game: core.Game) -> None:
        """A board shown (the viewer's, a page between rounds) has the
        stored game's totals."""
        totals = score_game(game).totals
        for page in self.pages:
            for seat, player in enumerate(PLAYERS):
                for tile in self.ids(page, f"total-{seat + 1}"):
                    label = str(getattr(tile, "label", ""))
                    match = re.fullmatch(rf"{player}: (.+) points?", label)
                    if match is None:
                        continue
                    shown = int(re.sub(r"[^\d-]", "", match.group(1).replace("−", "-")))
                    if shown != totals[player]:
                        self.violation(
                            f"{page.name}'s board shows {label!r}, stored "
                            f"{totals[player]}"
                        )

    def _check_fields(self, page: Page, seat: int, player: str, model: Any) -> None:
        """Each counted field shown holds the stored number ("" while missing)."""
        app = page.app
        counted = model.counted.get(player)
        for key in ("good", "bad"):
            for holder in self.ids(app, f"round-{key}-{seat}"):
                box = holder.content
                value = getattr(box, "value", None)
                if value is None:
                    continue
                number = getattr(counted, key, 0) if counted else 0
                entered = (player, key) in model.entered
                want = str(number) if number or entered else ""
                if model.modes[player] != "points":
                    continue
                if not _same_number(value, want) and not getattr(box, "error", None):
                    self.violation(
                        f"{page.name}'s field {player} {key} shows {value!r}, "
                        f"stored {want!r}"
                    )

    def _stored_text(self, place: tuple[str, str]) -> str:
        """A field's number as stored ("" while missing or not counted)."""
        game, parts = self.stored()
        data = {seat: dict(p.data) for seat, p in parts.items()}
        model = merge_parts(game, len(game.rounds) + 1, data)
        player, key = place
        counted = model.counted.get(player)
        number = getattr(counted, key, 0) if counted else 0
        return str(number) if number or place in model.entered else ""

    def _check_typed(self, model: Any) -> None:
        """A number a page typed is stored, or that page said it was not kept."""
        for page in self.pages:
            for place, typed in list(page.typed.items()):
                player, key = place
                if model.modes[player] != "points":
                    continue
                counted = model.counted.get(player)
                number = getattr(counted, key, 0) if counted else 0
                entered = place in model.entered
                stored = str(number) if number or entered else ""
                if _same_number(stored, typed.value):
                    continue
                label = "Good points" if key == "good" else "Bad points"
                value = str(int(typed.value)) if typed.value else ""
                told = bool(value) and any(
                    f"{label} {value}" in said for said in page.said
                )
                if not told:
                    self.violation(
                        f"{page.name} typed {typed.value!r} into {player}'s "
                        f"{key}; stored {stored!r}, and the page said nothing"
                    )
                del page.typed[place]

    def _check_taps(self, model: Any) -> None:
        """A card a page tapped is stored, or that page said why not."""
        by_card: dict[tuple[str, str], list[Tap]] = {}
        for tap in self.taps:
            by_card.setdefault((tap.player, tap.card), []).append(tap)
        names = {p.name: p for p in self.pages}
        for (player, card), taps in by_card.items():
            plain = parse_card(card)
            hand = model.hands[player] if model.modes[player] == "cards" else []
            held = Counter(hand)[plain]
            label = plain.label
            wanted = max(t.seen for t in taps) + 1
            seen: Counter[int] = Counter(t.seen for t in taps)
            for tap in taps:
                page = names[tap.page]
                told = any(label in said for said in page.said)
                pages = {t.page for t in taps if t.seen == tap.seen}
                twice = seen[tap.seen] > 1 and len(pages) > 1
                if held < wanted and not told:
                    self.violation(
                        f"{tap.page} tapped {card} into {player}'s hand; "
                        f"stored {held} of it, and the page said nothing"
                    )
                elif twice and not told and not tap.gone:
                    self.violation(
                        f"{card} was tapped into {player}'s hand on two devices "
                        f"at once; {tap.page} said nothing"
                    )
        self.taps = [t for t in self.taps if self.steps - t.step < 1]

    def _check_notice(self, page: Page, said: str) -> None:
        """A "not kept" names only what this page typed and the store lacks."""
        if "not kept:" not in said:
            return
        game, parts = self.stored()
        for piece in said.split(" · "):
            match = re.match(NOT_KEPT, piece)
            if not match:
                continue
            player, items = match.groups()
            for item in items.split(", "):
                number = re.fullmatch(r"(Good|Bad) points (\d+)", item)
                if number is None:
                    continue
                key = "good" if number.group(1) == "Good" else "bad"
                value = number.group(2)
                typed = page.ever.get((player, key), set())
                if int(value) not in {int(v) for v in typed if v.isdigit()}:
                    self.violation(
                        f"{page.name} says {player}'s {key} {value} was not kept, "
                        f"but it never typed it"
                    )


def _same_number(stored: str, typed: str) -> bool:
    if stored == typed:
        return True
    return stored.isdigit() and typed.isdigit() and int(stored) == int(typed)


#: the accesses the pages made now take (``table_pages``)
_ACCESS: list[Access] = []


def run_seed(
    seed: int, steps: int, *, log: bool = False, stop: bool = True
) -> tuple[int, list[str]]:
    """Play ``steps`` steps of seed ``seed``: (steps played, violations)."""
    global _ACCESS
    with tempfile.TemporaryDirectory() as folder, table_pages() as accesses:
        _ACCESS = accesses
        registry_fuzz = TableFuzz(Path(folder), seed, log=log)
        with registry_fuzz.registry.installed():
            try:
                registry_fuzz.open(accesses)
                for _ in range(steps):
                    try:
                        registry_fuzz.step()
                    except SessionCrashed as crash:  # a traceback on a page
                        registry_fuzz.violation(f"a page crashed: {crash}")
                        break
                    if stop and registry_fuzz.violations:
                        break
                registry_fuzz.flush()
                registry_fuzz.still()
                registry_fuzz.check()
            finally:
                registry_fuzz.close()
        return registry_fuzz.steps, registry_fuzz.violations


def typing_at_once(changes: int, seed: int = 0) -> tuple[int, int]:
    """Two phones type into their own counted fields at once (issue 38.1):
    each key's text reaches the server, then the other phone's keys and
    news are handled (the page drawn again, twice), then the key's change
    event. (changes made, changes lost: the store does not hold the text
    typed last once the pages are still)."""
    global _ACCESS
    rng = random.Random(seed)
    lost = 0
    with tempfile.TemporaryDirectory() as folder, table_pages() as accesses:
        _ACCESS = accesses
        fuzz = TableFuzz(Path(folder), seed)
        with fuzz.registry.installed():
            try:
                fuzz.open(accesses)
                ben, cleo = fuzz.pages[1], fuzz.pages[2]
                for page in (ben, cleo):
                    page.app.click(
                        page.app.find(semantics=f"round-mode-{page.seat}-points")
                    )
                fuzz.still()
                made = 0
                while made < changes:
                    for typist, other in ((ben, cleo), (cleo, ben)):
                        assert typist.seat is not None and other.seat is not None
                        field = f"round-bad-{typist.seat}"
                        box = fuzz.ids(typist, field)[0].content
                        text = str(rng.randrange(1, 100))
                        typist.app.session.apply_patch(box._i, {"value": text})
                        for _ in range(2):  # the other types; this page hears
                            fuzz.phone_types(other)
                            if other.pending is not None:
                                other.pending()
                                other.pending = None
                            fuzz.still()
                        typist.app.fire(box, "change", text)
                        fuzz._typed(typist, (PLAYERS[typist.seat], "bad"), text)
                        made += 1
                        fuzz.still()
                        game, parts = fuzz.stored()
                        for page in (ben, cleo):
                            player = PLAYERS[page.seat or 0]
                            want = page.typed[(player, "bad")].value
                            counted = parts[player].data.get("counted") or {}
                            if str(counted.get("bad")) != str(int(want or 0)):
                                lost += 1
                                page.typed[(player, "bad")] = Typed(
                                    str(counted.get("bad")), fuzz.steps
                                )
            finally:
                fuzz.close()
    return made, lost


@contextlib.contextmanager
def table(seed: int = 0) -> Iterator[TableFuzz]:
    """A table of pages (host, three phones, a viewer) on a new game, for a
    test to drive by hand; closed after."""
    global _ACCESS
    with tempfile.TemporaryDirectory() as folder, table_pages() as accesses:
        _ACCESS = accesses
        fuzz = TableFuzz(Path(folder), seed)
        with fuzz.registry.installed():
            try:
                fuzz.open(accesses)
                yield fuzz
            finally:
                fuzz.close()
