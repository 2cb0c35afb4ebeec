"""Enter reference rounds at a phone's size in Chromium, tap by tap, and time it.

    uv run python benchmarks/table_speed.py [--rounds abcde] [--bare-taps N] [--pad]
    uv run python benchmarks/table_speed.py --site DIR   # the phone app
    uv run python benchmarks/table_speed.py --site DIR --again 2

``--pad``: the counted points of rounds c and e are tapped on the counting
sheet's number pad (a phone's way, each digit and Next a tap) instead of
typed on the keyboard (each key, Enter too, is then counted as a key). Either
way every key or pad tap is an event the server answers (the sheet's fields
take no typed text: issue 17) and is timed like a tap.

``--site DIR``: the same rounds against the built phone app (``jolly-scorer
build-web DIR``, built there first when DIR holds no site), Python running in
the browser (Pyodide), served as static files by a small http server on
127.0.0.1 in this process. Each round gets a fresh browser profile; its game is
made on the new-game screen (round 1 counted by everyone for c and e, typed on
the sheet), not counted. The app's answer to a tap is the first message from
its Python worker after it. The scores are checked on the scoreboard: each
player's total after the round less the one before it, against the engine's
score of the intended round.

The app is served in web mode (tests/e2e/serve.py) on a fresh data folder with
the game already started; headless Chromium at 390 x 844 opens the scoreboard
and enters each reference round as a person would: every tap is a mouse click
on the control (counted; a control outside the screen costs a scroll, counted,
before it is tapped), counted points are typed key by key (counted). Tap to
updated screen: from the click to the last change of the page's accessibility
tree (the DOM Flutter keeps in step with every frame) once it has been quiet
for 100 ms. The same is measured in the same run on a bare Flet page whose
button updates one text. Rounds:

(a) Jolly, 4 players; Anna goes out with two melds; Ben, Cleo and Dan have one
    or two melds and 3 or 4 cards in hand each; Ben lays 4h off on Anna's run
    and holds a joker and an ace.
(b) the same with a Handglatt.
(c) Jolly, 4 players, counted points only (Anna went out): the game's round 1
    was counted by everyone too, so the round opens with every player's
    fields (a counting table keeps counting); the tap on who went out selects
    Anna's good points, every other field is tapped (it selects it).
(d) Rommi, 3 players, hands only.
(e) Rommé, 5 players, counted points (round 1 counted by everyone: the sheet
    opens with every field); Cleo, the third player, goes out with a
    Handglatt; the points are typed in seat order from the player after her,
    round again (Dora, Emil, Anna, Ben), with Enter (the pad's Next) between
    (no tap on a field).

Every round's saved scores are checked against the round as intended (built
by hand below and scored by the engine): ``round X: scores as expected``, or
the benchmark stops with an error naming the differences.

``--again N`` (with ``--site``): after each round, the same round is entered N
more times in the same page, a line each (``round X again``), its scores
checked against the first's: the page's code is warm then, as at a table
after the evening's first round, where each ``--site`` round is a page's
first.

With ``--site`` each round's line also splits a tap: the answer (the click
to the worker's first message: the page's message to the worker, Python's
redraw, the patch sent back) and the answer to the still screen (Flutter).

The taps start with "Enter round" on the scoreboard and end with "Save round"
(the scoreboard shows the next round). Output, one line per round, then

    bare flet: latency median M ms, p90 P ms
    ratio: app median / bare median R
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SERVE = ROOT / "tests" / "e2e" / "serve.py"
PHONE = {"width": 390, "height": 844}

OBSERVE = """() => {
  window.__muts = [];
  new MutationObserver(() => window.__muts.push(performance.now())).observe(
    document.body,
    {subtree: true, childList: true, attributes: true, characterData: true});
}"""
FRAMES = """(() => {
  const Native = window.WebSocket;
  window.__frames = [];
  function Counted(...args) {
    const ws = new Native(...args);
    ws.addEventListener('message', () => window.__frames.push(performance.now()));
    return ws;
  }
  Counted.prototype = Native.prototype;
  for (const k of ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED']) Counted[k] = Native[k];
  window.WebSocket = Counted;
})();"""
# The server's answer to a tap is the first websocket frame after it; the
# screen is updated when the accessibility tree changes after that frame (the
# frame Flutter draws with the answer). Later changes (the ink ripple ending,
# ~0.5 s) are not counted.
ANSWERED = """(t0) => new Promise(resolve => {
  const check = () => {
    const now = performance.now();
    const frame = window.__frames.find(x => x > t0);
    if (frame !== undefined) {
      const change = window.__muts.find(x => x >= frame);
      if (change !== undefined) return resolve([change - t0, frame - t0]);
      if (now - frame > 150) return resolve([frame - t0, frame - t0]);
    }
    if (now - t0 > 5000) return resolve([-1, -1]);
    setTimeout(check, 2);
  };
  setTimeout(check, 2);
})"""
SETTLED = """(t0) => new Promise(resolve => {
  const check = () => {
    const now = performance.now(), m = window.__muts || [], f = window.__frames;
    const last = Math.max(m.length ? m[m.length - 1] : 0,
                          f.length ? f[f.length - 1] : 0);
    if (now - Math.max(last, t0) > 120) return resolve(0);
    if (now - t0 > 10000) return resolve(-1);  // never still: go on
    setTimeout(check, 5);
  };
  setTimeout(check, 5);
})"""

# The phone app (--site): Python runs in a web worker; its messages to the
# page are the "frames" (the answer to a tap).
WORKER_FRAMES = """(() => {
  const Native = window.Worker;
  window.__frames = [];
  class Counted extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', () => window.__frames.push(performance.now()));
    }
  }
  window.Worker = Counted;
})();"""
SITE_TIMEOUT = 180_000  # Pyodide starting on a loaded 2-core machine (ms)
FOCUSED_IN = (
    "id => { const a = document.activeElement; return !!a &&"
    " (a.tagName === 'INPUT' || a.tagName === 'TEXTAREA') &&"
    " !!a.closest(`[flt-semantics-identifier='${id}']`); }"
)
PRESET_LABELS = {"jolly_at": "Jolly", "rommi_fi": "Rommi", "romme_de": "Rommé"}

# Save to the scoreboard shown: from the click on Save until the scoreboard's
# "Enter round" button is in the accessibility tree.
BOARD = """(t0) => new Promise(resolve => {
  const check = () => {
    if (document.querySelector('[flt-semantics-identifier="enter-round"]'))
      return resolve(performance.now() - t0);
    if (performance.now() - t0 > 15000) return resolve(-1);
    setTimeout(check, 2);
  };
  check();
})"""

# (kind, argument): "tap" an identifier, "pick" cards, "type" digits into a
# field (a tap on it, then the keys), "keys": digits into the selected field,
# "enter": on to the next field that needs a number
Step = tuple[str, str]


def _cards(owner_steps: list[Step]) -> int:
    return sum(len(arg.split()) for kind, arg in owner_steps if kind == "pick")


def round_a(handglatt: bool = False) -> list[Step]:
    steps: list[Step] = [("tap", "enter-round"), ("tap", "round-closer-0")]
    if handglatt:  # it opens her first meld in the editor
        steps.append(("tap", "round-handglatt"))
    else:
        steps.append(("tap", "round-add-meld-0"))
    steps += [
        ("pick", "5h 6h 7h 8h"),
        ("tap", "editor-next-meld"),
        ("pick", "Qs Qd Qc"),
        ("tap", "round-show-1"),  # Ben: the editor opens on his hand
        ("pick", "X Ac 3d"),
        ("tap", "editor-next-meld"),
        ("pick", "10c 10d 10s"),
        ("tap", "editor-layoff"),
        ("tap", "round-layoff-on-1-0"),
        ("pick", "4h"),
        ("tap", "round-show-2"),
        ("pick", "Kd 7c 10h Jc"),
        ("tap", "editor-next-meld"),
        ("pick", "2s 3s 4s"),
        ("tap", "round-show-3"),
        ("pick", "2d 5c 8s"),
        ("tap", "editor-next-meld"),
        ("pick", "Jh Qh Kh"),
        ("tap", "editor-next-meld"),
        ("pick", "6c 6d 6s"),
        ("tap", "round-save"),
    ]
    return steps


def round_c() -> list[Step]:
    return [
        ("tap", "enter-round"),
        ("tap", "round-closer-0"),  # selects Anna's good points
        ("keys", "45"),
        ("type", "round-bad-1:25"),
        ("type", "round-bad-2:12"),
        ("type", "round-bad-3:8"),
        ("tap", "round-save"),
    ]


def round_e() -> list[Step]:
    return [
        ("tap", "enter-round"),
        ("tap", "round-closer-2"),  # selects Dora's bad points
        ("tap", "round-handglatt"),  # she stays selected (issue 17.7)
        ("keys", "12"),
        ("enter", ""),
        ("keys", "30"),
        ("enter", ""),
        ("keys", "7"),
        ("enter", ""),
        ("keys", "25"),
        ("tap", "round-save"),
    ]


def round_d() -> list[Step]:
    return [
        ("tap", "enter-round"),
        ("tap", "round-closer-0"),
        ("tap", "round-show-1"),
        ("pick", "Ks 7d 2c X"),
        ("tap", "round-show-2"),
        ("pick", "Ah 5h 9s"),
        ("tap", "round-save"),
    ]


JOLLY = ("jolly_at", ["Anna", "Ben", "Cleo", "Dan"])
ROMMI = ("rommi_fi", ["Anna", "Ben", "Cleo"])
ROMME = ("romme_de", ["Anna", "Ben", "Cleo", "Dora", "Emil"])
ROUNDS: dict[str, tuple[tuple[str, list[str]], list[Step], int, bool]] = {
    # name: (game, steps, melds, round 1 counted by everyone before)
    "a": (JOLLY, round_a(), 6, False),
    "b": (JOLLY, round_a(handglatt=True), 6, False),
    "c": (JOLLY, round_c(), 0, True),
    "d": (ROMMI, round_d(), 0, False),
    "e": (ROMME, round_e(), 0, True),
}


def intended(name: str) -> Any:
    """The round each benchmark round enters, written out card by card."""
    sys.path.insert(0, str(ROOT))
    from jolly_scorer.core.cards import parse_cards
    from jolly_scorer.core.game import Counted, PlacedCard, Round, TableMeld

    def meld(by: str, cards: str, *laid: tuple[str, str]) -> TableMeld:
        placed = [PlacedCard(c) for c in parse_cards(cards)]
        placed += [PlacedCard(c, who) for who, more in laid for c in parse_cards(more)]
        return TableMeld(by, tuple(placed))

    if name in "ab":
        return Round(
            closed_by="Anna",
            handglatt=name == "b",
            table=(
                meld("Anna", "5h 6h 7h 8h", ("Ben", "4h")),
                meld("Anna", "Qs Qd Qc"),
                meld("Ben", "10c 10d 10s"),
                meld("Cleo", "2s 3s 4s"),
                meld("Dan", "Jh Qh Kh"),
                meld("Dan", "6c 6d 6s"),
            ),
            hands=(
                ("Ben", tuple(parse_cards("X Ac 3d"))),
                ("Cleo", tuple(parse_cards("Kd 7c 10h Jc"))),
                ("Dan", tuple(parse_cards("2d 5c 8s"))),
            ),
        )
    if name == "c":
        return Round(
            closed_by="Anna",
            counted=(
                ("Anna", Counted(45, 0)),
                ("Ben", Counted(0, 25)),
                ("Cleo", Counted(0, 12)),
                ("Dan", Counted(0, 8)),
            ),
        )
    if name == "d":
        return Round(
            closed_by="Anna",
            hands=(
                ("Ben", tuple(parse_cards("Ks 7d 2c X"))),
                ("Cleo", tuple(parse_cards("Ah 5h 9s"))),
            ),
        )
    return Round(
        closed_by="Cleo",
        handglatt=True,
        counted=(
            ("Anna", Counted(0, 7)),
            ("Ben", Counted(0, 25)),
            ("Cleo", Counted(0, 0)),
            ("Dora", Counted(0, 12)),
            ("Emil", Counted(0, 30)),
        ),
    )


def check_scores(name: str, data: Path, game_id: int) -> str:
    """``round X: scores as expected``, or SystemExit naming what differs."""
    from jolly_scorer.core.scoring import score_round
    from jolly_scorer.store import Store

    with Store.open(data) as store:
        game = store.load_game(game_id)
    saved = game.rounds[-1]
    before = dataclasses.replace(game, rounds=game.rounds[:-1])
    number = len(game.rounds)
    got = {p: s.score for p, s in score_round(before, saved, number).scores.items()}
    want = score_round(before, intended(name), number).scores
    wanted = {p: s.score for p, s in want.items()}
    if got != wanted:
        raise SystemExit(f"round {name}: scores {got}, expected {wanted}")
    return f"round {name}: scores as expected"


@dataclass
class Tally:
    taps: int = 0
    keys: int = 0
    scrolls: int = 0
    latencies: list[float] = field(default_factory=list)
    #: click to the first message from the server (or the phone app's worker)
    answers: list[float] = field(default_factory=list)
    save_ms: float = -1


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(target: str, data: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    env |= {
        "JOLLY_SCORER_DATA": str(data),
        "LANGUAGE": os.environ.get("TABLE_SPEED_LANGUAGE", "en"),
        "FLET_DISPLAY_URL_PREFIX": "serving",
    }
    proc = subprocess.Popen(
        [sys.executable, str(SERVE), target, "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return proc, f"http://127.0.0.1:{port}/"


def open_page(browser: Any, url: str, wait_id: str) -> Any:
    import urllib.request

    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(url, timeout=1).close()
            break
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)
    context = browser.new_context(viewport=PHONE, locale="en-US")
    context.add_init_script(FRAMES)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached")
    page.wait_for_selector("#loading", state="detached")
    page.evaluate("() => document.querySelector('flt-semantics-placeholder')?.click()")
    by_id(page, wait_id).wait_for(state="attached", timeout=30_000)
    page.evaluate(OBSERVE)
    return page


def by_id(page: Any, identifier: str) -> Any:
    return page.locator(f'[flt-semantics-identifier="{identifier}"]').first


def _visible_bottom(page: Any, box: dict[str, float]) -> float:
    """Where the scrolling part ends for ``box``: above the Save bar and the
    docked card editor (a control under them is not tappable), unless the
    control is part of them."""
    bottom = float(PHONE["height"])
    for docked in ("round-save-bar", "round-editor"):
        cover = by_id(page, docked)
        found = cover.bounding_box() if cover.count() else None
        if found is None:
            continue
        top, end = found["y"], found["y"] + found["height"]
        inside = top <= box["y"] and box["y"] + box["height"] <= end
        under = box["y"] < end and box["y"] + box["height"] > top
        if under and not inside:
            bottom = min(bottom, top)
    return bottom


def tap(page: Any, identifier: str, tally: Tally, answered: bool = True) -> None:
    """One tap as a person makes it (a scroll first if it is off the screen);
    ``answered=False``: a tap the browser handles alone (focusing a field)."""
    target = by_id(page, identifier)
    target.wait_for(state="attached", timeout=10_000)
    box = target.bounding_box()
    assert box is not None, identifier
    bottom = _visible_bottom(page, box)
    if box["y"] < 0 or box["y"] + box["height"] > bottom:
        tally.scrolls += 1  # as a person would: the screen moved first
        if os.environ.get("TABLE_SPEED_VERBOSE"):
            print(f"  scroll to {identifier} ({box}, bottom {bottom})", file=sys.stderr)
        if box["y"] + box["height"] <= PHONE["height"]:  # behind the docked bars
            page.mouse.move(PHONE["width"] / 2, PHONE["height"] / 3)
            page.mouse.wheel(0, box["y"] + box["height"] - bottom + 24)
            page.evaluate(SETTLED, page.evaluate("performance.now()"))
        else:
            target.scroll_into_view_if_needed()
        box = target.bounding_box()
        assert box is not None, identifier
    t0 = page.evaluate("performance.now()")
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    if identifier == "round-save":
        tally.save_ms = page.evaluate(BOARD, t0)
    latency, answer = page.evaluate(ANSWERED, t0) if answered else (-1, -1)
    page.evaluate(SETTLED, t0)  # the next tap comes when the screen is still
    tally.taps += 1
    if latency >= 0:
        tally.latencies.append(latency)
        tally.answers.append(answer)
    if os.environ.get("TABLE_SPEED_VERBOSE"):
        print(
            f"  tap {identifier}: {latency:.0f} ms (answer {answer:.0f} ms)",
            file=sys.stderr,
        )


def press(page: Any, key: str, tally: Tally, pad: bool) -> None:
    """One key of counted points (a digit, or "Enter"), timed like a tap:
    to the screen showing it. ``pad``: a tap on the number pad's key."""
    if pad:
        tap(page, "round-pad-Next" if key == "Enter" else f"round-pad-{key}", tally)
        return
    t0 = page.evaluate("performance.now()")
    page.keyboard.press(key)
    latency, answer = page.evaluate(ANSWERED, t0)
    page.evaluate(SETTLED, t0)
    tally.keys += 1
    if latency >= 0:
        tally.latencies.append(latency)
        tally.answers.append(answer)
    if os.environ.get("TABLE_SPEED_VERBOSE"):
        print(
            f"  key {key}: {latency:.0f} ms (answer {answer:.0f} ms)", file=sys.stderr
        )


def play(page: Any, steps: list[Step], tally: Tally, pad: bool = False) -> None:
    for kind, arg in steps:
        if kind == "tap":
            tap(page, arg, tally)
        elif kind == "pick":
            for card in arg.split():
                tap(page, f"pick-{card}", tally)
        elif kind == "keys":
            for key in arg:
                press(page, key, tally, pad)
        elif kind == "enter":  # to the next field shown selected
            press(page, "Enter", tally, pad)
        else:  # a tap on the field selects it (the server answers)
            identifier, digits = arg.split(":")
            tap(page, identifier, tally)
            for key in digits:
                press(page, key, tally, pad)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def make_game(
    data: Path, preset: str, players: list[str], counted: bool
) -> tuple[int, int]:
    """The game, stored; ``counted``: with round 1 counted by everyone.
    The number of the round to enter, and the game's id."""
    sys.path.insert(0, str(ROOT))
    from jolly_scorer.core.game import Counted, Round, new_game
    from jolly_scorer.core.rules import find_rules
    from jolly_scorer.store import Store

    game = new_game(find_rules(preset), players)
    if counted:
        first = Round(
            closed_by=players[1],
            counted=tuple(
                (p, Counted(30, 0) if p == players[1] else Counted(0, 10))
                for p in players
            ),
        )
        game = dataclasses.replace(game, rounds=(first,))
    with Store.open(data) as store:
        game_id = store.create_game(game)
    return len(game.rounds) + 1, game_id


def site_server(root: Path) -> tuple[Any, str]:
    """``root`` served as static files on 127.0.0.1 (a thread of this process)."""
    import functools
    import http.server
    import threading

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(root))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/"


def built_site(folder: Path) -> Path:
    """The phone app in ``folder``, built there first when it holds none."""
    if not (folder / "index.html").exists():
        sys.path.insert(0, str(ROOT))
        from jolly_scorer.web.build import build_site

        print(f"building the phone app into {folder} ...", file=sys.stderr)
        build_site(folder)
    return folder


def open_site(browser: Any, url: str) -> Any:
    """The phone app on a fresh profile, at home (the game's setup follows)."""
    context = browser.new_context(viewport=PHONE, locale="en-US")
    context.add_init_script(WORKER_FRAMES)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector(
        "flt-semantics-placeholder", state="attached", timeout=SITE_TIMEOUT
    )
    page.evaluate("() => document.querySelector('flt-semantics-placeholder')?.click()")
    by_id(page, "home-new-game").wait_for(state="attached", timeout=SITE_TIMEOUT)
    page.evaluate(OBSERVE)  # the set-up's taps wait for a still screen too
    return page


def _setup_tap(page: Any, identifier: str) -> None:
    target = by_id(page, identifier)
    target.wait_for(state="attached", timeout=30_000)
    target.click()


def _setup_type(page: Any, identifier: str, text: str) -> None:
    # as a person taps: scrolled first when under the Save bar (not counted)
    tap(page, identifier, Tally(), answered=False)
    page.wait_for_function(FOCUSED_IN, arg=identifier, timeout=30_000)
    page.keyboard.type(text, delay=40)
    page.wait_for_function(
        "w => document.activeElement && document.activeElement.value === w",
        arg=text,
        timeout=30_000,
    )


def site_game(page: Any, preset: str, players: list[str], counted: bool) -> int:
    """The game made on the new-game screen (``counted``: round 1 counted by
    everyone, as in :func:`make_game`); the number of the round to enter."""
    _setup_tap(page, "home-new-game")
    for seat, name in enumerate(players):
        if seat >= 2:
            _setup_tap(page, "add-player")
        _setup_type(page, f"player-name-{seat + 1}", name)
    by_id(page, "preset").get_by_text(PRESET_LABELS[preset]).first.click()
    _setup_tap(page, "start-game")
    by_id(page, "enter-round").wait_for(state="attached", timeout=30_000)
    if not counted:
        return 1
    _setup_tap(page, "enter-round")
    _setup_tap(page, "round-closer-1")
    _setup_tap(page, "round-count-all")
    by_id(page, "round-pad-for").wait_for(state="attached", timeout=30_000)
    page.evaluate(SETTLED, page.evaluate("performance.now()"))
    # the keys go to the selected field, from who went out on (no tap on a
    # field: one under the Save bar hung the 5-player setup)
    plus = bool(by_id(page, "round-good-1").count())
    keys = ["30"] if plus else []
    for _ in range(len(players) - 1):
        keys += ["0", "10"] if plus else ["10"]
    for number in keys:
        page.keyboard.type(number, delay=40)
        page.keyboard.press("Enter")
    page.locator('[aria-label*="Ready to save"]').or_(
        page.get_by_text("Ready to save")
    ).first.wait_for(state="attached", timeout=30_000)
    _setup_tap(page, "round-save")
    try:
        by_id(page, "enter-round").wait_for(state="attached", timeout=30_000)
    except Exception:
        print(page.evaluate("() => document.body.innerText"), file=sys.stderr)
        raise
    return 2


def site_totals(page: Any, players: list[str]) -> dict[str, int]:
    """Every player's total as the scoreboard says it."""
    import re

    found = {}
    for seat, name in enumerate(players, start=1):
        label = by_id(page, f"total-{seat}").get_attribute("aria-label") or ""
        number = re.search(r":\s*([-\u2212]?[\d,.\u202f\u00a0]+)", label)
        if number is None:
            raise SystemExit(f"no total in {label!r}")
        digits = re.sub(r"[^\d]", "", number.group(1))
        found[name] = -int(digits) if number.group(1)[0] in "-\u2212" else int(digits)
    return found


def check_site_scores(
    name: str, players: list[str], before: dict[str, int], after: dict[str, int]
) -> str:
    """:func:`check_scores` for the phone app: the totals' change."""
    from jolly_scorer.core.game import Counted, Round, new_game
    from jolly_scorer.core.rules import find_rules
    from jolly_scorer.core.scoring import score_round

    (preset, _), _, _, counted = ROUNDS[name]
    rules = find_rules(preset)
    game = new_game(rules, players)
    if counted:
        closer = players[1]
        first = Round(
            closed_by=closer,
            counted=tuple(
                (
                    p,
                    Counted(30 if rules.is_plus else 0, 0)
                    if p == closer
                    else Counted(0, 10),
                )
                for p in players
            ),
        )
        game = dataclasses.replace(game, rounds=(first,))
    want = score_round(game, intended(name), len(game.rounds) + 1).scores
    wanted = {p: s.score for p, s in want.items()}
    got = {p: after[p] - before[p] for p in players}
    if got != wanted:
        raise SystemExit(f"round {name}: scores {got}, expected {wanted}")
    return f"round {name}: scores as expected"


def bare_main(page: Any) -> None:
    """The bare Flet page: one button that updates one text."""
    import flet as ft

    count = ft.Text("0", size=24)

    def bump() -> None:
        count.value = str(int(count.value or 0) + 1)
        page.update()

    page.add(
        ft.Semantics(
            identifier="bare-tap",
            content=ft.Button("Tap", on_click=lambda: bump()),
        ),
        count,
    )


def report(
    title: str,
    steps: list[Step],
    melds: int,
    players: list[str],
    tally: Tally,
    seconds: float,
) -> str:
    """A round's line: what was entered, its taps and their times."""
    lat = tally.latencies
    line = (
        f"{title}: cards {_cards(steps)}, melds {melds}, "
        f"players {len(players)}, taps {tally.taps}, keys {tally.keys}, "
        f"scrolls {tally.scrolls}, seconds {seconds:.1f}, "
        f"latency median {statistics.median(lat):.0f} ms, "
        f"p90 {percentile(lat, 0.9):.0f} ms, max {max(lat):.0f} ms, "
        f"save to board {tally.save_ms:.0f} ms"
    )
    if tally.answers:  # the phone app: the worker's part and the page's
        drawn = [a - b for a, b in zip(lat, tally.answers, strict=True)]
        line += (
            f"; answer median {statistics.median(tally.answers):.0f} ms,"
            f" p90 {percentile(tally.answers, 0.9):.0f} ms; answer to"
            f" screen median {statistics.median(drawn):.0f} ms,"
            f" p90 {percentile(drawn, 0.9):.0f} ms"
        )
    return line


def again(page: Any, name: str, first: dict[str, int], pad: bool) -> str:
    """``--again``: round ``name`` entered once more in the same page (its
    code warm, as at a table after the evening's first round). ``first``:
    the scores of its first entry, which the same cards must score again."""
    (_, players), steps, melds, _ = ROUNDS[name]
    before = site_totals(page, players)
    tally = Tally()
    start = time.perf_counter()
    play(page, steps, tally, pad)
    by_id(page, "enter-round").wait_for(state="attached", timeout=15_000)
    seconds = time.perf_counter() - start
    page.evaluate(SETTLED, page.evaluate("performance.now()"))
    after = site_totals(page, players)
    got = {p: after[p] - before[p] for p in players}
    if got != first:
        raise SystemExit(f"round {name} again: scores {got}, first {first}")
    return report(f"round {name} again", steps, melds, players, tally, seconds)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", default="abcde")
    parser.add_argument("--bare-taps", type=int, default=30)
    parser.add_argument(
        "--pad", action="store_true", help="counted points on the number pad"
    )
    parser.add_argument(
        "--site", type=Path, help="the built phone app's folder (built when empty)"
    )
    parser.add_argument(
        "--again",
        type=int,
        default=0,
        help="with --site: each round entered N more times in the same page",
    )
    args = parser.parse_args()
    site = built_site(args.site) if args.site else None
    httpd, site_url = site_server(site) if site else (None, "")
    # imported here: the bare page's server imports this module, without
    # benchmarks/ on its path
    from chromium import ARGS, CHROMIUM
    from playwright.sync_api import sync_playwright

    all_latencies: list[float] = []
    lines: list[str] = []
    with sync_playwright() as pw, tempfile.TemporaryDirectory() as tmp:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for name in args.rounds:
            (preset, players), steps, melds, counted = ROUNDS[name]
            data = Path(tmp) / name
            proc = None
            if site is not None:
                page = open_site(browser, site_url)
                number = site_game(page, preset, players, counted)
                before = site_totals(page, players)
                page.evaluate(OBSERVE)
            else:
                number, game_id = make_game(data, preset, players, counted)
                proc, url = serve("jolly_scorer.ui.app:main", data)
            try:
                if proc is not None:
                    page = open_page(browser, url, "home-continue")
                    by_id(page, "home-continue").click()  # to the scoreboard
                    by_id(page, "enter-round").wait_for(state="attached")
                page.wait_for_timeout(300)
                tally = Tally()
                start = time.perf_counter()
                play(page, steps, tally, args.pad)
                page.get_by_text(f"Enter round {number + 1}").first.wait_for(
                    state="attached", timeout=15_000
                )
                seconds = time.perf_counter() - start
                if site is not None:
                    page.evaluate(SETTLED, page.evaluate("performance.now()"))
                    after = site_totals(page, players)
            finally:
                if proc is not None:
                    proc.terminate()
                    proc.wait(10)
            all_latencies += tally.latencies
            line = report(f"round {name}", steps, melds, players, tally, seconds)
            print(line, flush=True)
            lines.append(line)
            if site is not None:
                print(check_site_scores(name, players, before, after), flush=True)
            else:
                print(check_scores(name, data, game_id), flush=True)
            if site is not None:
                first = {p: after[p] - before[p] for p in players}
                for _ in range(args.again):
                    print(again(page, name, first, args.pad), flush=True)
            page.context.close()
        proc, url = serve("benchmarks.table_speed:bare_main", Path(tmp) / "bare")
        try:
            page = open_page(browser, url, "bare-tap")
            tally = Tally()
            for _ in range(args.bare_taps):
                tap(page, "bare-tap", tally)
        finally:
            proc.terminate()
            proc.wait(10)
        browser.close()
    if httpd is not None:
        httpd.shutdown()
        httpd.server_close()
    lat = tally.latencies
    bare_median = statistics.median(lat)
    print(
        f"bare flet: latency median {bare_median:.0f} ms, "
        f"p90 {percentile(lat, 0.9):.0f} ms",
        flush=True,
    )
    ratio = statistics.median(all_latencies) / bare_median
    p90_ratio = percentile(all_latencies, 0.9) / percentile(lat, 0.9)
    print(f"ratio: app median / bare median {ratio:.2f}, p90 / p90 {p90_ratio:.2f}")


if __name__ == "__main__":
    main()
