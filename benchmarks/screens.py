"""The explorer of screen states (issue 35): every screen whole at every size
and in every language.

    uv run python benchmarks/screens.py [--states a,b] [--sizes 390x844,...]
        [--languages de,fi] [--out build/screens]

Each state is reached from a fresh page of the app (``jolly_scorer.ui.app``,
served as the browser tests serve it, on 127.0.0.1, in headless Chromium) on
its own seeded data folder, the steps a person takes, at the first size; then
the page is resized through every size (Flutter lays the same state out
again) and at each size the screen is checked from the accessibility tree:

* ``broken``: a one-word text drawn on two lines (its box too narrow for the
  word at the size its height implies: "Schlec/ht");
* ``cut``: a text or control partly outside the screen, or clipped by a box
  that does not scroll;
* ``covered``: a text or control under another control (their boxes overlap
  and neither holds the other): a message under a bar, a key under a message;
* ``hidden``: the accessibility box of a text or control drawn nowhere (in
  a box squeezed below a pixel, or clipped away by a box that does not
  scroll) over a control that is drawn: a screen reader finds it there, and
  a tap aimed by its box lands on the other control;
* ``small``: a tappable control less than 40 x 40 px where it is drawn (its
  box clipped to what holds it), and its accessibility box on the screen;
* ``english``: a word of the English catalogue on a German or Finnish screen
  that the screen's own catalogue never uses (the translation differs);
* ``focus``: a state that opens a field for typing: that field has the
  keyboard focus (a key typed now lands there).

Every screenshot goes to ``OUT/LANGUAGE/SIZE/STATE.png`` and one contact sheet
per size and language to ``OUT/sheet-LANGUAGE-SIZE.png``; every failure is a
line ``FAIL state size language check: what``; the last line is
``screens: states S, sizes Z, languages L, checks C, failures F``.
``tests/e2e/test_screens_browser.py`` runs a fixed subset in CI.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
for extra in (ROOT, ROOT / "tests", ROOT / "tests" / "e2e"):
    if str(extra) not in sys.path:
        sys.path.insert(0, str(extra))

from benchmarks.chromium import ARGS, CHROMIUM  # noqa: E402

ENTRY = (390, 844)
SIZES = [(320, 640), (360, 780), (390, 844), (430, 932), (1280, 800), (1920, 1080)]
LANGUAGES = ["de", "fi", "en"]
CHECKS = ["broken", "cut", "covered", "hidden", "small", "english", "focus"]
LOCALES = ROOT / "jolly_scorer" / "locales"
MIN_TAP = 40

FIVE = ["Annabella", "Benedikt", "Cleopatra", "Dorothea", "Eberhard"]
SIX = ["Anna", "Ben", "Cleo", "Dora", "Eero", "Fanni"]


# --- seeded games -----------------------------------------------------------


def seed(data: Path, kind: str) -> None:
    """The data folder of a state: ``kind`` is one of the games below."""
    from jolly_scorer.core import game as core
    from jolly_scorer.core.rules import resolve_rules
    from jolly_scorer.store import Store

    data.mkdir(parents=True, exist_ok=True)
    if kind == "empty":
        return
    if kind == "romme5":
        game = core.new_game(resolve_rules("romme_de"), FIVE)
    elif kind == "rommi6":
        game = core.new_game(resolve_rules("rommi_fi"), SIX)
    elif kind == "jolly3":
        game = core.new_game(resolve_rules("jolly_at"), ["Anna", "Ben", "Cleo"])
    elif kind == "jolly4":
        game = core.new_game(resolve_rules("jolly_at"), ["Anna", "Ben", "Cleo", "Dora"])
    elif kind == "club":
        return seed_club(data)
    elif kind in ("rounds1", "rounds25", "finished"):
        players = ("Anna", "Ben", "Cleo", "Dora")
        game = core.new_game(resolve_rules("romme_de"), players, target=100_000)
        for i in range(1 if kind == "rounds1" else 25):
            closer = players[i % 4]
            game = core.add_round(
                game,
                core.Round(
                    closed_by=closer,
                    counted=tuple(
                        (p, core.Counted(0, 0 if p == closer else 5 + (7 * i) % 31))
                        for p in players
                    ),
                    handglatt=i % 5 == 3,
                ),
            )
        if kind == "finished":
            game = core.finish(game)
    else:
        raise ValueError(kind)
    with Store.open(data) as store:
        store.create_game(game)


EIGHT = ("Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz", "Gabi", "Hans")


def seed_club(data: Path) -> None:
    """A club evening of 8: series 1 played (2 games a table), series 2
    seated by the standing, one game of it started (the evening of
    ``tests/e2e/test_club_browser.py``: ``tests/support/club_evening.py``)."""
    from support.club_evening import prepared

    prepared(data)


# --- the page ---------------------------------------------------------------


@dataclass
class Page:
    """What ``tests/e2e/browser_steps`` needs of a ``WebApp``."""

    page: Any
    server: Any = None  # the Served app: its url, its process, its log
    extra: list[Any] = field(default_factory=list)  # more browser contexts
    #: the sizes each page (by ``id``) told its server (:func:`watch_sizes`)
    told: dict[int, list[tuple[float, float]]] = field(default_factory=dict)

    def by_id(self, identifier: str) -> Any:
        return self.page.locator(f'[flt-semantics-identifier="{identifier}"]')

    def next_frames(self, count: int = 2) -> None:
        self.page.evaluate(
            "n => new Promise(done => { const step = k => k > 0 ?"
            " requestAnimationFrame(() => step(k - 1)) : done(); step(n); })",
            count,
        )

    def wait_until(
        self, predicate: Callable[[], bool], timeout: float = 15_000, what: str = ""
    ) -> None:
        deadline = time.monotonic() + timeout / 1000
        while not predicate():
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what or predicate}")
            self.next_frames(1)

    def wait_id(self, identifier: str, timeout: float = 15_000) -> None:
        self.by_id(identifier).first.wait_for(state="attached", timeout=timeout)

    def tap(self, identifier: str) -> None:
        from browser_steps import tap

        # (a control below the fold of a scroll view is not in the tree
        # until it is scrolled to: ``tap`` wheels down to it)
        with contextlib.suppress(Exception):
            self.wait_id(identifier, 6_000)
        tap(self, identifier)

    def taps(self, *identifiers: str) -> None:
        for identifier in identifiers:
            self.tap(identifier)

    def type_in(self, identifier: str, text: str) -> None:
        from browser_steps import type_in

        self.wait_id(identifier)
        type_in(self, identifier, text)

    def still(self, timeout: float = 5_000) -> bytes:
        """A screenshot once three in a row are the same (or after ``timeout``)."""
        deadline = time.monotonic() + timeout / 1000
        shots = [self.page.screenshot()]
        while len(shots) < 3 or len(set(shots[-3:])) > 1:
            if time.monotonic() > deadline:
                break
            shots.append(self.page.screenshot())
        return shots[-1]


def watch_sizes(page: Any) -> list[tuple[float, float]]:
    """The sizes ``page`` told its server (Flet's ``resize`` event on the
    app's websocket), in order, after a (0, 0) for the socket's opening;
    watch before the page opens its app."""
    import msgpack

    told: list[tuple[float, float]] = []

    def sent(payload: Any) -> None:
        if not isinstance(payload, bytes) or b"resize" not in payload:
            return
        with contextlib.suppress(Exception):
            unpacker = msgpack.Unpacker()
            unpacker.feed(payload)
            for message in unpacker:  # (a 0, then [action, body])
                body = message[1] if isinstance(message, list) else None
                if isinstance(body, dict) and body.get("name") == "resize":
                    data = body.get("data") or {}
                    told.append((float(data["width"]), float(data["height"])))

    def opened(ws: Any) -> None:
        told.append((0.0, 0.0))  # (a Flet page: its first size goes unnamed)
        ws.on("framesent", sent)

    page.on("websocket", opened)
    return told


def relayout(p: Page, told: list[tuple[float, float]], size: tuple[int, int]) -> None:
    """Resize the page to ``size`` and wait for the server's layout of it.

    Flutter lays the old tree out at once; the server lays the page out
    again only when the size reaches it (the ``resize`` event: a round entry
    below 800 px gives the editor the strip's room) and sends what changed,
    or nothing. Three still frames are no sign of that: under load the
    server answers later (the lay-off at 320 x 640 shot in its 390 x 844
    layout, 37 keys "cut"). So: the page told the server its new size, and
    the server answered a request sent after that, so its event loop took
    the resize, ran the handler and sent its patch before the answer."""
    from urllib.error import HTTPError
    from urllib.request import urlopen

    before = len(told)
    p.page.set_viewport_size({"width": size[0], "height": size[1]})
    if p.server is None or not told:  # no websocket: not Flet's (the join page)
        return
    wanted = (float(size[0]), float(size[1]))
    p.wait_until(
        lambda: len(told) > before and told[-1] == wanted,
        30_000,
        f"the page to tell the server its size {size}",
    )
    try:
        with urlopen(p.server.base + "/", timeout=60) as answer:  # noqa: S310
            answer.read()
    except HTTPError:  # (a refusal is an answer too)
        pass


# --- the states -------------------------------------------------------------


@dataclass
class State:
    name: str
    data: str  # seed kind
    steps: Callable[[Page], None]
    focus: str | None = None  # the field that must have the keyboard focus
    names: tuple[str, ...] = ()  # words of the data (player names)
    whole: str = ""  # every control whose id starts so: whole on the screen
    mode: str = "app"  # the server: "app", or "table" (the live table's host)
    ready: str = "home-new-game"  # the control the first page shows
    frozen: bool = False  # the page draws no frames (the host is away)


def _none(p: Page) -> None:
    p.wait_id("home-new-game")


def _new_game(count: int) -> Callable[[Page], None]:
    def steps(p: Page) -> None:
        p.tap("home-new-game")
        for i, name in enumerate(SIX[:count], 1):
            if not p.by_id(f"player-name-{i}").count():
                p.tap("add-player")
            p.type_in(f"player-name-{i}", name)

    return steps


def _new_game_refused(p: Page) -> None:
    p.tap("home-new-game")
    p.wait_id("start-game")


def _new_game_house(p: Page) -> None:
    _new_game(2)(p)
    with contextlib.suppress(Exception):
        p.tap("house-rules")


def _open_round(p: Page) -> None:
    p.tap("home-continue")
    p.tap("enter-round")
    p.wait_id("round-save-bar")


def _counting(p: Page) -> None:
    _open_round(p)
    p.taps("round-closer-2", "round-count-all")
    p.wait_id("round-bad-0")


def _counting_half(p: Page) -> None:
    _counting(p)
    p.type_in("round-bad-0", "12")
    p.type_in("round-bad-1", "30")


def _counting_refused(p: Page) -> None:
    _counting_half(p)
    p.tap("round-save")
    p.wait_id("round-bad-3")


def _handglatt(p: Page) -> None:
    _counting(p)
    p.tap("round-handglatt")


def _counting_jolly(p: Page) -> None:
    _open_round(p)
    p.taps("round-closer-0", "round-count-all")
    p.wait_id("round-bad-1")
    p.type_in("round-bad-1", "25")


def _hand_editor(p: Page) -> None:
    _open_round(p)
    p.taps("round-closer-2", "round-hand-0")
    for card in ("2h", "5h", "9h"):
        p.tap(f"pick-{card}")


def _hand_14(p: Page) -> None:
    _open_round(p)
    p.taps("round-closer-2", "round-hand-0")
    cards = [
        "2h",
        "5h",
        "9h",
        "Jd",
        "Qs",
        "4c",
        "7c",
        "Kd",
        "3s",
        "8d",
        "Ah",
        "10c",
        "6s",
        "Qh",
    ]
    for card in cards:
        p.tap(f"pick-{card}")


def _keyboard(p: Page) -> None:
    _open_round(p)
    p.taps("round-closer-2", "round-hand-0", "editor-keyboard")


def _meld_editor(p: Page) -> None:
    _open_round(p)
    p.taps("round-closer-0", "round-add-meld-0", "pick-5h", "pick-6h", "pick-7h")


def _layoff(p: Page) -> None:
    """Ben lays 8♥ off on Anna's 5♥ 6♥ 7♥, as a person taps it on a phone."""
    _meld_editor(p)
    p.tap("editor-done")
    p.tap("round-show-1")
    p.wait_id("editor-done")
    p.tap("editor-layoff")
    p.tap("round-layoff-on-1-0")
    p.tap("pick-8h")


def _go(*identifiers: str, wait: str = "") -> Callable[[Page], None]:
    """The steps that tap ``identifiers`` in turn, then wait for ``wait``."""

    def steps(p: Page) -> None:
        p.taps(*identifiers)
        if wait:
            p.wait_id(wait)

    return steps


_scoreboard = _go("home-continue", wait="enter-round")
_finished = _go("home-past")
_past = _go("home-past", wait="open-stats")


def _stats(p: Page) -> None:
    _past(p)
    p.tap("open-stats")
    p.wait_id("stats-chart")


_settings = _go("home-settings")


def _meld_checker(p: Page) -> None:
    p.tap("home-meld")
    with contextlib.suppress(Exception):
        for card in ["Qs", "Qh", "Qc", "Qd", "5h", "6h", "7h", "8h", "9h"]:
            p.tap(f"pick-{card}")


_rules = _go("home-rules")


def _tap_first(p: Page, prefix: str) -> None:
    """Tap the first control whose id starts with ``prefix``."""
    found = p.page.locator(f'[flt-semantics-identifier^="{prefix}"]').first
    found.wait_for(state="attached", timeout=15_000)
    found.click()


def _finished_board(p: Page) -> None:
    p.tap("home-past")
    _tap_first(p, "past-")
    p.wait_id("winner")


def _meld_checker_long(p: Page) -> None:
    p.tap("home-meld")
    # cards that split into melds with cards left over: the longest answer
    # (the split, what is left, why); all in the picker's first rows, in
    # sight at 320 x 640
    for card in ["5h", "6h", "7h", "2c", "3c", "4c", "Qh", "Qd", "Kh", "9d"]:
        p.tap(f"pick-{card}")


def _all_at_once(p: Page) -> None:
    _open_round(p)
    p.taps("round-closer-0", "round-pile-0")
    for card in ("9h", "10h", "Jh", "Qs", "Qd", "Qc", "4c"):
        p.tap(f"pick-{card}")


def _joker_offer(p: Page) -> None:
    """Jolly, 4 players: Ben laid 4♠ X 6♠; Dora lays 5♠ off on it: the app
    offers to take the joker (test_no_outside_requests' round)."""
    _open_round(p)
    p.taps("round-closer-0", "round-add-meld-0", "pick-9h", "pick-10h", "pick-Jh")
    melds = {1: ("4s", "X", "6s"), 3: ("Qc", "Qh", "X")}
    for seat, hand in ((1, "2c"), (2, "3d"), (3, "8c")):
        p.tap("editor-done")
        p.tap(f"round-show-{seat}")
        p.wait_id("editor-done")
        p.tap(f"pick-{hand}")
        if seat in melds:
            p.tap("editor-next-meld")
            p.taps(*(f"pick-{card}" for card in melds[seat]))
    p.tap("editor-layoff")
    p.tap("round-layoff-on-3-1")
    p.tap("pick-5s")
    p.wait_id("editor-swap")


def _club_tables(p: Page) -> None:
    p.taps("home-club", "club-open-1")
    p.wait_id("club-table-2-1")
    p.page.locator('[flt-semantics-identifier="club-new"]').first.wait_for(
        state="detached"
    )


def _club_reveal(identifier: str) -> Callable[[Page], None]:
    def steps(p: Page) -> None:
        from browser_steps import reveal

        _club_tables(p)
        reveal(p, identifier)

    return steps


def _club_form(p: Page) -> None:
    p.taps("home-club", "club-new")
    p.type_in("club-name", "Freitagsrunde")
    p.type_in("club-players", "\n".join(EIGHT[:6]))


def _club_big(p: Page) -> None:
    _club_tables(p)
    p.tap("club-big")
    p.wait_id("club-big-screen")


def _at_table(name: str, steps: Callable[[Page], None], **more: Any) -> State:
    """A state of the live table of 4 (Jolly), entered at its host's page."""
    return State(name, "jolly4", steps, mode="table", ready="table-qr", **more)


_host_panel = _go(wait="table-close")
_host_bar = _go("table-close", wait="table-summary")


def _phone(p: Page) -> Any:
    """A phone's page of its own (the host's page stays open), at this size."""
    size = p.page.viewport_size
    context = p.page.context.browser.new_context(
        viewport=size, locale=p.page.evaluate("navigator.language")
    )
    p.extra.append(context)
    phone = context.new_page()
    p.told[id(phone)] = watch_sizes(phone)
    return phone


def _join_page(p: Page) -> None:
    phone = _phone(p)
    phone.goto(p.server.base + "/join")
    phone.locator("#pin").wait_for()
    p.page = phone


def _seat_question(p: Page) -> None:
    from browser_steps import flutter_ready

    phone = _phone(p)
    phone.goto(p.server.base + "/")
    phone.fill("#pin", p.server.find(r"type PIN (\d+)"))
    phone.click("button[type=submit]")
    flutter_ready(phone, "Dora", timeout=60_000)
    p.page = phone
    if not p.by_id("enter-round").count():
        p.tap("home-continue")
    p.tap("enter-round")
    p.wait_id("round-seat-0")


def _outage(p: Page) -> None:
    from jolly_scorer.web.reconnect import BANNER_ID

    p.tap("home-continue")
    p.wait_id("enter-round")
    p.server.proc.kill()  # the host is gone, without a word
    p.server.proc.wait()
    p.page.locator(f"#{BANNER_ID}").wait_for(state="visible", timeout=30_000)


STATES = [
    State("home", "empty", _none),
    State("home-game", "rounds1", _none, names=("Anna", "Ben", "Cleo", "Dora")),
    State("new-game-empty", "empty", _new_game_refused),
    State("new-game-2", "empty", _new_game(2), names=tuple(SIX)),
    State("new-game-6", "empty", _new_game(6), names=tuple(SIX)),
    State("new-game-house", "empty", _new_game_house, names=tuple(SIX)),
    State("counting-empty", "romme5", _counting, names=tuple(FIVE)),
    State("counting-half", "romme5", _counting_half, names=tuple(FIVE)),
    State("counting-refused", "romme5", _counting_refused, names=tuple(FIVE)),
    State("counting-handglatt", "romme5", _handglatt, names=tuple(FIVE)),
    State("counting-jolly", "jolly3", _counting_jolly, names=("Anna", "Ben", "Cleo")),
    State("hand-editor", "romme5", _hand_editor, names=tuple(FIVE)),
    State("hand-keyboard", "romme5", _keyboard, "meld-input", tuple(FIVE)),
    State("hand-14-six", "rommi6", _hand_14, names=tuple(SIX), whole="pick-"),
    State("strip-six", "rommi6", _open_round, names=tuple(SIX)),
    State("meld-editor", "jolly3", _meld_editor, names=("Anna", "Ben", "Cleo")),
    State("layoff", "jolly3", _layoff, names=("Anna", "Ben", "Cleo"), whole="pick-"),
    State(
        "scoreboard-1", "rounds1", _scoreboard, names=("Anna", "Ben", "Cleo", "Dora")
    ),
    State(
        "scoreboard-25", "rounds25", _scoreboard, names=("Anna", "Ben", "Cleo", "Dora")
    ),
    State("past-games", "finished", _past, names=("Anna", "Ben", "Cleo", "Dora")),
    State("statistics", "finished", _stats, names=("Anna", "Ben", "Cleo", "Dora")),
    State("meld-checker", "empty", _meld_checker, whole="pick-"),
    State("settings", "empty", _settings),
    State("rules", "empty", _rules),
    State(
        "scoreboard-finished",
        "finished",
        _finished_board,
        names=("Anna", "Ben", "Cleo", "Dora"),
    ),
    State("meld-checker-long", "empty", _meld_checker_long, whole="pick-"),
    State("all-at-once", "jolly3", _all_at_once, names=("Anna", "Ben", "Cleo")),
    State("joker-offer", "jolly4", _joker_offer, names=("Anna", "Ben", "Cleo", "Dora")),
    State("club-form", "club", _club_form, names=EIGHT),
    State("club-tables", "club", _club_tables, names=EIGHT),
    State("club-seating", "club", _club_reveal("club-series-1"), names=EIGHT),
    State("club-ranking", "club", _club_reveal("club-tie-break"), names=EIGHT),
    State("club-big", "club", _club_big, names=EIGHT),
    _at_table("table-host-panel", _host_panel, names=("Anna", "Ben", "Cleo", "Dora")),
    _at_table("table-host-bar", _host_bar, names=("Anna", "Ben", "Cleo", "Dora")),
    _at_table("table-join", _join_page),
    _at_table(
        "table-seat-question", _seat_question, names=("Anna", "Ben", "Cleo", "Dora")
    ),
    State("outage", "jolly3", _outage, names=("Anna", "Ben", "Cleo"), frozen=True),
]


# --- the checks -------------------------------------------------------------

#: Every semantics node with text, a label or a tap: its box, its box clipped
#: by what holds it (and whether that scrolls), what it is.
NODES = r"""() => {
  const W = innerWidth, H = innerHeight, out = [];
  const canvas = document.createElement('canvas').getContext('2d');
  // Flutter's accessibility nodes, and the page's own HTML outside Flutter
  // (the join page, the message while the host is away)
  const html = [...document.body.querySelectorAll('*')].filter(e =>
    !e.tagName.startsWith('FLT-')
    && !e.closest('flutter-view, flt-glass-pane, flt-semantics, svg')
    && !['SCRIPT', 'STYLE',
      'TEMPLATE', 'NOSCRIPT', 'BR', 'LINK', 'META'].includes(e.tagName));
  const all = [...document.querySelectorAll('flt-semantics')].concat(html);
  const TAPS = 'button, a[href], input, select, textarea, summary';
  // a cover over the whole page (the message while the host is away):
  // only what it holds is on top, the page beneath takes no tap
  const covers = html.filter(e => e.matches('[role=alert], [role=dialog]')
    && getComputedStyle(e).position === 'fixed'
    && e.getBoundingClientRect().width >= W - 1
    && e.getBoundingClientRect().height >= H - 1);
  const index = new Map(all.map((n, i) => [n, i]));
  // Flutter clips a node's box to the scroll view it is in: a control
  // half scrolled out is drawn (and boxed) cut at the view's edge
  // (a scroll view's overflow is 'hidden' while pointer events drive it:
  // Flutter marks every scroll view with 'scrollbar-width: none')
  const isView = n => n.style && n.style.scrollbarWidth === 'none';
  const views = all.filter(isView).map(n => n.getBoundingClientRect());
  for (const n of all) {
    if (covers.length && !covers.some(c => c.contains(n))) continue;
    const spans = [...n.children].filter(c => c.tagName === 'SPAN');
    const own = [...n.childNodes].filter(c => c.nodeType === 3)
      .map(c => c.textContent).concat(spans.map(c => c.textContent))
      .join('').trim();
    // Flutter stretches a text's span (one line of the browser's text) to
    // the box it drew the text in: twice as tall as wide, two lines
    let stretch = 0;
    for (const sp of spans) {
      const m = /scale\(([\d.]+),\s*([\d.]+)\)/.exec(sp.style.transform);
      if (m) stretch = Math.max(stretch, parseFloat(m[2]) / parseFloat(m[1]));
    }
    const label = n.getAttribute('aria-label') || '';
    const role = n.getAttribute('role') || '';
    const own_html = n.tagName !== 'FLT-SEMANTICS';
    const field = !!n.querySelector(':scope > input, :scope > textarea')
      || ['INPUT', 'TEXTAREA', 'SELECT'].includes(n.tagName);
    const tappable = n.hasAttribute('flt-tappable') || field
      || (own_html && n.matches(TAPS))
      || ['button', 'checkbox', 'radio', 'switch', 'tab', 'slider', 'link']
         .includes(role);
    if (!own && !label && !tappable) continue;
    if (own_html) {
      const cs = getComputedStyle(n);
      if (cs.visibility === 'hidden' || parseFloat(cs.opacity) === 0) continue;
    }
    const r = n.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    let [x0, y0, x1, y1] = [r.left, r.top, r.right, r.bottom];
    let scrolls = false, clipped = false, hidden = false;
    for (let a = n.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      const sy = s.overflowY, sx = s.overflowX;
      const view = ['scroll', 'auto'].includes(sy)
        || ['scroll', 'auto'].includes(sx) || isView(a);
      if (view) scrolls = true;
      if (sy !== 'visible' || sx !== 'visible') {
        const b = a.getBoundingClientRect();
        // a clipping box Flutter squeezed to less than a pixel (the list
        // under an open editor on a phone: 0.006 px tall) draws nothing of
        // what it holds, though the browser rounds its box to 0 x 0
        const squeezed = a.tagName === 'FLT-SEMANTICS'
          && (parseFloat(a.style.height) < 1 || parseFloat(a.style.width) < 1);
        // (check: hidden) a node drawn nowhere that no scrolling brings
        // into sight: in a squeezed box, or clipped away whole by a box
        // that does not scroll
        if (squeezed) {
          if (x1 > x0 && y1 > y0) hidden = true;
          x1 = x0; y1 = y0;
        } else if (b.width && b.height) {
          const before = [x0, y0, x1, y1].join();
          const had = x1 > x0 && y1 > y0;
          x0 = Math.max(x0, b.left); y0 = Math.max(y0, b.top);
          x1 = Math.min(x1, b.right); y1 = Math.min(y1, b.bottom);
          if ([x0, y0, x1, y1].join() !== before && !view) clipped = true;
          if (had && !(x1 > x0 && y1 > y0) && !view) hidden = true;
        }
      }
    }
    const near = (a, b) => Math.abs(a - b) <= 1;
    const atEdge = views.some(v => (near(r.top, v.top) || near(r.bottom, v.bottom)
        || near(r.left, v.left) || near(r.right, v.right))
      && r.left >= v.left - 1 && r.right <= v.right + 1
      && r.top >= v.top - 1 && r.bottom <= v.bottom + 1);
    let ancestors = [];
    for (let a = n.parentElement; a; a = a.parentElement)
      if (index.has(a)) ancestors.push(index.get(a));
    const text = own || '';
    let wordWidth = 0;
    if (text && !/\s/.test(text)) {
      canvas.font = '100px Roboto, sans-serif';
      wordWidth = canvas.measureText(text).width / 100;  // at 1 px
    }
    // a text of several words: the browser's one line of it (its span, at
    // the span's font) and each word's width at 1 px in that font, to tell
    // how many lines Flutter drew it on and at what size (check: broken)
    let line = null;
    const span = spans.find(sp => /scale\(/.test(sp.style.transform));
    if (span && /\s/.test(text)) {
      const cs = getComputedStyle(span);
      const m = /scale\(([\d.]+),\s*([\d.]+)\)/.exec(span.style.transform);
      const size = parseFloat(cs.fontSize);
      canvas.font = `${cs.fontWeight} 100px ${cs.fontFamily}`;
      const at1 = w => canvas.measureText(w).width / 100;
      line = {size, sx: parseFloat(m[1]), sy: parseFloat(m[2]),
              height: span.getBoundingClientRect().height / parseFloat(m[2]),
              space: at1(' '), words: text.split(/\s+/).filter(w => w)
                .map(w => [w, at1(w)])};
    }
    out.push({i: index.get(n), id: n.getAttribute('flt-semantics-identifier')
                || (n.parentElement
                    && n.parentElement.getAttribute('flt-semantics-identifier'))
                || '',
              text, label, role, tappable, field,
              box: [r.left, r.top, r.width, r.height],
              seen: [x0, y0, Math.max(0, x1 - x0), Math.max(0, y1 - y0)],
              scrolls, clipped, hidden, ancestors, wordWidth, stretch, atEdge,
              line,
              kids: n.querySelectorAll(own_html ? TAPS : 'flt-semantics').length});
  }
  const a = document.activeElement;
  const focus = a && (a.tagName === 'INPUT' || a.tagName === 'TEXTAREA')
    ? (a.closest('[flt-semantics-identifier]') || {getAttribute: () => '?'})
      .getAttribute('flt-semantics-identifier') : null;
  const boxes = views.map(v => [v.left, v.top, v.width, v.height]);
  return {W, H, nodes: out, focus, views: boxes};
}"""


@dataclass
class Failure:
    state: str
    size: str
    language: str
    check: str
    what: str

    def __str__(self) -> str:
        return (
            f"FAIL {self.state} {self.size} {self.language} {self.check}: {self.what}"
        )


def _name(node: dict[str, Any]) -> str:
    what = node["text"] or node["label"] or node["role"] or "?"
    what = what.replace("\n", " ")[:40]
    return f"[{node['id']}] {what!r}" if node["id"] else repr(what)


def _area(box: list[float]) -> float:
    """The area of a box, 0 when less than a pixel wide or tall (a list
    squeezed to 0.006 px under an open editor is not seen)."""
    if box[2] < 1 or box[3] < 1:
        return 0.0
    return box[2] * box[3]


def _overlap(a: list[float], b: list[float]) -> tuple[float, float]:
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return max(0.0, w), max(0.0, h)


WORD = re.compile(r"[A-Za-zÄÖÜäöüß]{4,}")


def _po_words(language: str, part: str) -> set[str]:
    """The words of a catalogue's ``msgid``s or ``msgstr``s."""
    text = (LOCALES / language / "LC_MESSAGES" / "messages.po").read_text()
    words: set[str] = set()
    for entry in text.split("\n\n"):
        if entry.lstrip().startswith("#~"):
            continue
        wanted = re.findall(rf'^{part}(?:\[\d\])? (".*"(?:\n".*")*)', entry, re.M)
        for chunk in wanted:
            words |= {w.lower() for w in WORD.findall(chunk)}
    return words


_ENGLISH: dict[str, set[str]] = {}


def foreign_words(language: str) -> set[str]:
    """Words of the English catalogue the ``language`` catalogue never uses."""
    if language not in _ENGLISH:
        english = _po_words("en", "msgid") | _po_words("en", "msgstr")
        _ENGLISH[language] = english - _po_words(language, "msgstr")
    return _ENGLISH[language]


def ink_lines(picture: Any, box: list[float]) -> int:
    """How many lines of text are drawn in ``box`` of ``picture`` (a PIL
    image of the screen): bands of rows with ink (pixels unlike the box's
    commonest colour), a gap under a third of the tallest band joined (an
    umlaut's dots) and a band under a third of it left out (a table's
    divider line)."""
    x, y, w, h = (round(v) for v in box)
    x0, y0 = max(0, x), max(0, y)
    x1, y1 = min(picture.width, x + w), min(picture.height, y + h)
    if x1 - x0 < 1 or y1 - y0 < 1:
        return 0
    crop = picture.convert("RGB").crop((x0, y0, x1, y1))
    colours = crop.getcolors(crop.width * crop.height) or [(0, (255, 255, 255))]
    ground = max(colours)[1]
    pixels = crop.load()
    inked = [
        any(
            max(abs(a - b) for a, b in zip(pixels[i, j], ground, strict=True)) > 64
            for i in range(crop.width)
        )
        for j in range(crop.height)
    ]
    bands: list[list[int]] = []  # [first row, last row]
    for j, ink in enumerate(inked):
        if ink and bands and bands[-1][1] == j - 1:
            bands[-1][1] = j
        elif ink:
            bands.append([j, j])
    if not bands:
        return 0
    tallest = max(b - a + 1 for a, b in bands)
    joined: list[list[int]] = []
    for band in bands:
        if joined and band[0] - joined[-1][1] - 1 < tallest / 3:
            joined[-1][1] = band[1]
        else:
            joined.append(band)
    return sum(1 for a, b in joined if b - a + 1 >= tallest / 3)


def check(
    shown: dict[str, Any],
    state: State,
    language: str,
    first: bool = True,
    picture: Any = None,
) -> list[tuple[str, str]]:
    """The failures of one screen: (check, what); ``picture``: the screen
    as a PIL image (the drawn text judges a one-word text's lines)."""
    W, H, nodes = shown["W"], shown["H"], shown["nodes"]
    if os.environ.get("SCREENS_DEBUG"):
        print("views", [_box(v) for v in shown["views"]])
    found: list[tuple[str, str]] = []
    by_index = {n["i"]: n for n in nodes}
    for n in nodes:
        seen, box = n["seen"], n["box"]
        visible = _area(seen) > 0
        # broken: one word drawn on two lines, or a box too narrow for the
        # word on one line at the size its height implies. Flutter scales the
        # browser's one line of the word (at its own font f0) to the box: a
        # word on two lines at font f has a box at least two lines tall
        # (scale y >= 2 f/f0) and narrower than the word (scale x < f/f0), so
        # y/x > 2; a word alone in a taller box (a table's cell) is less
        word = n["text"] and not re.search(r"\s", n["text"]) and len(n["text"]) >= 4
        # (a word scrolled partly out of its scroll view is boxed cut at the
        # view's edge, so narrower than the word: it can be scrolled to, and
        # is judged there; "16,4" in the statistics' table scrolled sideways)
        scrolled_out = n["scrolls"] and (n["atEdge"] or _area(seen) < _area(box))
        # (the box alone is not the text: a name alone in a tall table cell
        # has a box two lines tall and as wide as the name, "Anna" in the
        # club's tables; the picture says how many lines are drawn in it)
        judged = word and visible and not scrolled_out
        broken = ""
        if judged and n["stretch"] > 2.0:
            broken = f"{_name(n)} on {n['stretch']:.1f} lines"
        elif judged and n["wordWidth"] and not n["stretch"] and not n["tappable"]:
            height = box[3]
            one_line = n["wordWidth"] * height / 1.25  # width at the font it implies
            if box[2] < 0.7 * one_line and height >= 28:
                broken = f"{_name(n)} {box[2]:.0f}x{height:.0f} px"
        if broken and (picture is None or ink_lines(picture, seen) >= 2):
            found.append(("broken", broken))
        # (a control's words are its label, not what it draws: a card chip
        # labelled "hertta kuningatar Q♥" draws "Q♥")
        in_control = n["tappable"] or any(
            by_index[a]["tappable"] for a in n["ancestors"] if a in by_index
        )
        several = visible and n.get("line") and not in_control
        if several and broken_inside(n["line"], box[2], box[3]):
            found.append(("broken", f"{_name(n)} a word broken at {_box(box)}"))
        # cut: outside the screen, or clipped by a box that does not scroll
        if visible and not n["scrolls"]:
            x, y, w, h = seen
            if x < -1 or y < -1 or x + w > W + 1 or y + h > H + 1:
                found.append(("cut", f"{_name(n)} off the screen at {_box(seen)}"))
            elif n["clipped"] and seen[3] < box[3] - 2 and (n["text"] or n["tappable"]):
                found.append(
                    ("cut", f"{_name(n)} {box[3]:.0f} px tall, {seen[3]:.0f} seen")
                )
        # small: a control smaller than 40 x 40 where it is drawn
        # (a text field's box is its text, not the field drawn around it)
        if n["tappable"] and visible and not n["kids"] and not n["field"]:
            x, y, w, h = seen
            # (Flutter boxes a control half scrolled out as drawn, cut at
            # the scroll view's edge: not small)
            scrolled = n["atEdge"] or (n["scrolls"] and _area(seen) < _area(box))
            if min(w, h) < MIN_TAP - 0.5 and not scrolled:
                found.append(
                    (
                        "small",
                        f"{_name(n)} {w:.0f}x{h:.0f} px",
                    )
                )
        off = seen[0] + seen[2] > W + 1 or seen[1] + seen[3] > H + 1
        if n["tappable"] and not n["scrolls"] and visible and off:
            found.append(("small", f"{_name(n)} its box off the screen"))
    # covered: two texts/controls overlap, neither holding the other. Only
    # what is drawn counts: a node inside a box Flutter squeezed to nothing
    # (the page's list under an open editor on a phone, kept in the tree)
    # has no area seen (NODES), and a modal route's barrier drops the page
    # beneath it from the tree; nothing else is excused
    leaves = [n for n in nodes if _area(n["seen"]) > 0 and (n["text"] or n["tappable"])]
    for i, a in enumerate(leaves):
        for b in leaves[i + 1 :]:
            if a["i"] in b["ancestors"] or b["i"] in a["ancestors"]:
                continue
            w, h = _overlap(a["seen"], b["seen"])
            if w > 4 and h > 4:
                under, over = (a, b) if a["i"] < b["i"] else (b, a)
                found.append(
                    (
                        "covered",
                        f"{_name(under)} under {_name(over)} ({w:.0f}x{h:.0f} px)",
                    )
                )
    # hidden: the accessibility box of a text or control that is drawn
    # nowhere (in a box Flutter squeezed below a pixel, or clipped away whole
    # by a box that does not scroll: NODES) over a control that is drawn. A
    # screen reader finds the hidden one there, and a tap aimed by its box
    # lands on the drawn one (the list's nodes kept under a phone's open
    # editor, over the card picker's keys: issue 34.11c). "covered" judges
    # only what is drawn, so it never saw these. One line for the outermost
    # (what it holds is hidden with it)
    drawn = [n for n in nodes if n["tappable"] and _area(n["seen"]) > 0]
    told: set[int] = set()
    for n in nodes:
        if not n["hidden"] or _area(n["box"]) == 0 or told & set(n["ancestors"]):
            continue
        over: list[tuple[float, dict[str, Any]]] = []
        for d in drawn:
            if d["i"] in n["ancestors"] or n["i"] in d["ancestors"]:
                continue
            w, h = _overlap(n["box"], d["seen"])
            if w > 4 and h > 4:
                over.append((w * h, d))
        if over:
            told.add(n["i"])
            d = max(over, key=lambda o: o[0])[1]
            more = f" and {len(over) - 1} more" if len(over) > 1 else ""
            found.append(
                (
                    "hidden",
                    f"{_name(n)} at {_box(n['box'])}, drawn nowhere,"
                    f" over {_name(d)}{more}",
                )
            )
    # english: a word of the English catalogue the screen's language never uses
    if language != "en":
        foreign = foreign_words(language)
        names = {w.lower() for name in state.names for w in WORD.findall(name)}
        words: set[str] = set()
        for n in nodes:
            for w in WORD.findall(n["text"] + " " + n["label"]):
                if w.lower() in foreign and w.lower() not in names:
                    words.add(w)
        for w in sorted(words):
            found.append(("english", w))
    # cut: the controls the state shows whole (a card grid) are
    if state.whole:
        keys = [n for n in nodes if n["id"].startswith(state.whole) and n["tappable"]]
        heights = sorted(n["box"][3] for n in keys)
        tallest = heights[len(heights) // 2] if heights else 0  # a key's height
        widths = sorted(n["box"][2] for n in keys)
        widest = widths[len(widths) // 2] if widths else 0  # a key's width
        # (Flutter clips a key's box to what it is drawn in: a key cut at
        # the side is a narrower box)
        for n in keys:
            x, y, w, h = n["seen"]
            narrow = w < min(n["box"][2], widest) - 0.5  # cut at a side
            outside = narrow or x < 0 or x + w > W + 0.5 or y < 0 or y + h > H
            if h < tallest - 0.5 or outside or _covered_by_bar(n, nodes):
                found.append(("cut", f"{_name(n)} not whole: {_box(n['seen'])}"))
    # focus: the field the state opened for typing has the keyboard focus
    if first and state.focus and shown["focus"] != state.focus:
        found.append(
            ("focus", f"{state.focus} opened, the focus is on {shown['focus']}")
        )
    del by_index
    return found


#: a text's line height over its font size in Flutter's Material 3 text
#: styles (16/24, 14/20, 24/32), with some room either side
LINE_HEIGHTS = (1.2, 1.55)
#: the font sizes a text of this app is drawn at (13 to 30 px: no smaller)
FONT_SIZES = (13.0, 40.0)


def _lines(
    words: list[tuple[str, float]], space: float, size: float, width: float
) -> tuple[int, bool]:
    """How many lines ``words`` (each its width at 1 px) take at font
    ``size`` in ``width`` px, wrapped between words, and whether a word is
    wider than the line (so broken inside)."""
    lines, used, wider = 1, 0.0, False
    for _, at1 in words:
        w = at1 * size
        if used and used + space * size + w > width + 1:
            lines, used = lines + 1, 0.0
        if w > width + 1:  # broken: on as many lines as it needs
            wider = True
            lines += int(w // width)
            w = w % width
        used = used + (space * size if used else 0) + w
    return lines, wider


def broken_inside(line: dict[str, Any], width: float, height: float) -> bool:
    """A text of several words drawn with a word broken inside ("Ausgele/gte
    Karten"): no font size explains the box's height with the words wrapped
    only between them, and one does with a word wider than the box.

    Flutter's span gives neither the font nor the line count, only the box:
    each font size (:data:`FONT_SIZES`) wraps the words into some lines, and
    the box holds some of them (all, or fewer: a text cut after its last
    line with "…"), each line as tall as :data:`LINE_HEIGHTS` allows."""
    words = [(w, float(at1)) for w, at1 in line["words"]]
    if len(words) < 2 or width <= 0:
        return False
    whole = broken = False
    low_size, high_size = FONT_SIZES
    for step in range(int(low_size * 5), int(high_size * 5) + 1):
        size = step / 5
        lines, wider = _lines(words, float(line["space"]), size, width)
        shown = height / (LINE_HEIGHTS[1] * size), height / (LINE_HEIGHTS[0] * size)
        # some whole number of lines, no more than the text takes, fills the
        # box (a word broken inside shows on two lines at least: one line
        # of a text cut after it with "…" breaks nothing seen)
        first = 2 if wider else 1
        fits = any(
            shown[0] - 0.1 <= k <= shown[1] + 0.1 for k in range(first, lines + 1)
        )
        if fits:
            if wider:
                broken = True
            else:
                whole = True
    return broken and not whole


def _covered_by_bar(n: dict[str, Any], nodes: list[dict[str, Any]]) -> bool:
    """Whether a Save bar (``*-save-bar``) lies over part of ``n``."""
    return any(
        b["id"].endswith("save-bar") and min(_overlap(b["seen"], n["seen"])) > 1
        for b in nodes
    )


def _box(b: list[float]) -> str:
    return "{:.0f},{:.0f} {:.0f}x{:.0f}".format(*b)


# --- running ----------------------------------------------------------------


@dataclass
class Served:
    """The app on 127.0.0.1: the page to open first, the server's address,
    its process and its log."""

    url: str
    base: str
    proc: subprocess.Popen[bytes]
    log: Path

    def find(self, pattern: str) -> str:
        """The first group of ``pattern`` in the server's output."""
        match = re.search(pattern, self.log.read_text(errors="replace"))
        if not match:
            raise AssertionError(f"{pattern!r} not in the server's output")
        return match.group(1)


@contextlib.contextmanager
def served(data: Path, language: str, log: Path, mode: str = "app") -> Iterator[Served]:
    """The app on a free port of 127.0.0.1, as ``jolly-scorer --web`` serves
    it (``tests/server_process.start_server``; ``mode`` "table": the live
    table, ``--table``, and the page opened first is the host's)."""
    from server_process import start_server

    server = start_server(
        log.parent,
        *(["--table"] if mode == "table" else []),
        data=data,
        env={"LANGUAGE": language, "FLET_DISPLAY_URL_PREFIX": "serving"},
        log_path=log,
        ready_within=90,
    )
    try:
        app = Served(server.url + "/", server.url, server.proc, log)
        if mode == "table":
            app.url = app.find(r"host screen (\S+)")
        yield app
    finally:
        with contextlib.suppress(subprocess.TimeoutExpired):
            server.stop(timeout=5)


def size_name(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


@dataclass
class Result:
    shots: dict[tuple[str, str], list[tuple[str, Path]]] = field(default_factory=dict)
    failures: list[Failure] = field(default_factory=list)
    checked: int = 0


def explore_state(
    browser: Any,
    state: State,
    language: str,
    sizes: list[tuple[int, int]],
    out: Path,
    result: Result,
    work: Path,
    checks: tuple[str, ...] = tuple(CHECKS),
) -> None:
    """One state in one language, at every size (``checks``: those of
    :data:`CHECKS` to apply)."""
    from browser_steps import flutter_ready
    from PIL import Image

    if state.frozen and len(sizes) > 1:  # a page that cannot lay out again:
        for size in sizes:  # reached afresh at each size
            explore_state(browser, state, language, [size], out, result, work, checks)
        return
    # a state is entered at a phone's size when that is one of the sizes
    # (a person plays there; at 320 x 640 a step may find its key out of
    # sight), then the page is resized through the others
    if ENTRY in sizes:
        sizes = [ENTRY, *(size for size in sizes if size != ENTRY)]
    run = f"{state.name}-{language}-{size_name(sizes[0])}"
    data = work / run
    seed(data, state.data)
    log = work / f"{run}.log"
    with served(data, language, log, state.mode) as server:
        first = sizes[0]
        context = browser.new_context(
            viewport={"width": first[0], "height": first[1]},
            locale=f"{language}-{language.upper()}",
        )
        p: Page | None = None
        try:
            page = context.new_page()
            told = watch_sizes(page)
            page.goto(server.url)
            flutter_ready(page, "", timeout=60_000)
            p = Page(page, server)
            p.told[id(page)] = told
            p.wait_id(state.ready, 30_000)
            try:
                state.steps(p)
            except Exception as e:
                failure = Failure(
                    state.name, "-", language, "steps", str(e).splitlines()[0]
                )
                result.failures.append(failure)
                print(failure, flush=True)
            page = p.page  # (a state may show another page: the phone's)
            for size in sizes:
                if size != (
                    page.viewport_size["width"],
                    page.viewport_size["height"],
                ):
                    relayout(p, p.told.get(id(page), []), size)
                page.mouse.move(0, 0)  # no hover tooltip
                # the server laid the page out for its new size (relayout):
                # the picture and the tree of one still screen (the same
                # before and after the tree is read)
                for _ in range(4):
                    if state.frozen:  # (no frames while the host is away)
                        page.wait_for_timeout(300)
                    else:
                        p.next_frames(3)
                    png = p.still()
                    shown = page.evaluate(NODES)
                    if p.still() == png:
                        break
                where = out / language / size_name(size)
                where.mkdir(parents=True, exist_ok=True)
                path = where / f"{state.name}.png"
                path.write_bytes(png)
                result.shots.setdefault((language, size_name(size)), []).append(
                    (state.name, path)
                )
                result.checked += len(checks)
                picture = Image.open(io.BytesIO(png))
                found = check(shown, state, language, size == sizes[0], picture)
                for name, what in found:
                    if name not in checks:
                        continue
                    failure = Failure(state.name, size_name(size), language, name, what)
                    result.failures.append(failure)
                    print(failure, flush=True)
        finally:
            for extra in p.extra if p else ():
                extra.close()
            context.close()


def contact_sheet(shots: list[tuple[str, Path]], target: Path, title: str) -> None:
    """The screenshots of one size and language on one picture."""
    from PIL import Image, ImageDraw

    pictures = [(name, Image.open(path)) for name, path in shots]
    w, h = pictures[0][1].size
    scale = min(1.0, 300 / w)
    tw, th = int(w * scale), int(h * scale)
    columns = max(1, min(len(pictures), 6 if w < 800 else 3))
    rows = (len(pictures) + columns - 1) // columns
    sheet = Image.new("RGB", (columns * (tw + 10) + 10, rows * (th + 30) + 40), "white")
    draw = ImageDraw.Draw(sheet)
    draw.text((10, 10), title, fill="black")
    for k, (name, picture) in enumerate(pictures):
        x = 10 + (k % columns) * (tw + 10)
        y = 40 + (k // columns) * (th + 30)
        sheet.paste(picture.convert("RGB").resize((tw, th)), (x, y))
        draw.text((x, y + th + 4), name, fill="black")
    sheet.save(target)


def _explore_some(
    jobs: list[tuple[str, str]], sizes: list[tuple[int, int]], out: Path
) -> Result:
    """The (state, language) ``jobs`` in one browser of their own."""
    from playwright.sync_api import sync_playwright

    result = Result()
    chosen = {s.name: s for s in STATES}
    with tempfile.TemporaryDirectory(prefix="screens-") as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            for name, language in jobs:
                state = chosen[name]
                explore_state(browser, state, language, sizes, out, result, Path(tmp))
        finally:
            browser.close()
    return result


def explore(
    states: list[State],
    sizes: list[tuple[int, int]],
    languages: list[str],
    out: Path,
    workers: int = 1,
) -> Result:
    """Every state in every language at every size; ``workers`` processes,
    each with its own browser, share the (state, language) pairs."""
    out.mkdir(parents=True, exist_ok=True)
    jobs = [(s.name, language) for language in languages for s in states]
    if workers <= 1:
        result = _explore_some(jobs, sizes, out)
    else:
        from concurrent.futures import ProcessPoolExecutor

        shares = [jobs[k::workers] for k in range(workers)]
        result = Result()
        with ProcessPoolExecutor(workers) as pool:
            for part in pool.map(
                _explore_some, shares, [sizes] * workers, [out] * workers
            ):
                for key, shots in part.shots.items():
                    result.shots.setdefault(key, []).extend(shots)
                result.failures += part.failures
                result.checked += part.checked
    order = {s.name: k for k, s in enumerate(states)}
    for (language, size), shots in sorted(result.shots.items()):
        shots.sort(key=lambda shot: order.get(shot[0], 0))
        contact_sheet(shots, out / f"sheet-{language}-{size}.png", f"{language} {size}")
    return result


def summary(result: Result, states: int, sizes: int, languages: int) -> str:
    return (
        f"screens: states {states}, sizes {sizes}, languages {languages}, "
        f"checks {result.checked}, failures {len(result.failures)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--states", default="")
    parser.add_argument("--sizes", default="")
    parser.add_argument("--languages", default=",".join(LANGUAGES))
    parser.add_argument("--out", default=str(ROOT / "build" / "screens"))
    parser.add_argument(
        "--workers", type=int, default=2, help="browsers side by side (default 2)"
    )
    args = parser.parse_args()
    states = [s for s in STATES if not args.states or s.name in args.states.split(",")]
    sizes = (
        [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]
        if args.sizes
        else SIZES
    )
    languages = args.languages.split(",")
    result = explore(
        states,
        sizes,  # type: ignore[arg-type]
        languages,
        Path(args.out),
        args.workers,
    )
    print(summary(result, len(states), len(sizes), len(languages)))


if __name__ == "__main__":
    main()
