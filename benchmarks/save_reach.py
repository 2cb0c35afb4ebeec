"""A saved round reaching every page in real Chromium (issue 18, Speed): the
time from the Save tap to each page of the table showing the saved round.

    uv run python benchmarks/save_reach.py [--phones 3] [--rounds 15]
        [--digits 15] [--games 1] [--sample]

Starts ``jolly-scorer --table`` on 127.0.0.1 (a fresh data folder, one game of
Anna and Ben, English) and opens, each in its own browser context: the host's
page (1280x800, its token) and ``--phones`` phones (390x844, joined with the
PIN), as at a table where the laptop enters the rounds: the host's page
enters every round (Enter round, Anna went out, everyone counted, Ben 1 bad
point, Anna 0 good points) while the phones watch the scoreboard. The time
of the Save tap is taken just before the mouse click (``Date.now()`` in the
pages and ``time.time()`` here: one clock, one machine), and every page
notes, frame by frame, the first frame whose semantics tree names the next round
("Round N+1: ..." on the scoreboard, the dealer's line). Figures: median /
p90 / max of (tap -> page shows it) over every (round, page) of the saving
phone and of the others, and "every page" (the slowest page of each round);
the server's CPU per saved round. The goal: p90 of every page <= 400 ms with
4 pages.

Frames: how many frames each page draws for a saved round, from the tap until
every page has drawn none for 300 ms (counted where Flutter's renderer hands a
drawn frame to the page: skwasm's ``transferToImageBitmap``; a page that
draws no other way counts none). On this machine, without a GPU, each frame is
the whole screen drawn by the processor, and the four pages share two cores:
a frame a page did not need delays the others.

Then (``--digits N``, issue 34) a number typed on one phone reaching the
other pages: the first phone enters the round on Ben's seat, counted points,
and types N numbers (three digits each, a new one each time) into its own
field; the host's counting sheet and the other phones (on Ben's seat too)
note the first frame whose line shows Ben's round score for it (``-N``: a
field's number is drawn on the canvas, not in the semantics). Figures:
median / p90 / max of (the first key -> a page shows it) over every
(number, other page), and the server's CPU time per number (from its first
key until every other page showed it), and the frames each other page drew
for a number (from its first key until the page drew none for 300 ms; the
watch for the number starts once every page is still). The goal: p90 <=
300 ms.

``--games N`` plays N games one after another on the same server and the
same pages (the host's page starts each next game with New game; the phones,
sent Home by it, tap Continue) and prints each game's rounds 1-5 and later
apart: a second game whose first rounds are as slow as the first game's would
be the game's content; a fast one is the server's and the browsers' warm-up.
``--sample`` runs the server with ``benchmarks/sampler`` (a stack sampler on
``PYTHONPATH``) and prints where the server's wall time goes in each game's
rounds 1-5 and later. ``--fresh-phones`` (with ``--games``) has new phone
pages join for each next game (the same browser): is the warm-up each
page's or the browser's?

The phones are touched (``tap``), never clicked: a mouse click leaves a
pointer resting on the board, which no phone at a table has (a tooltip under
it is shown again each round, frames a phone never draws).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

from server_process import start_server  # noqa: E402

from benchmarks.chromium import ARGS, CHROMIUM  # noqa: E402

PLAYERS = ["Anna", "Ben"]
WAIT = 30_000  # ms

#: each page: a frame-by-frame look for a text (text or accessible label),
#: noting the first frame that has it (epoch ms, the clock Save was told in)
WATCH = """text => {
  window.__seenAt = null;
  const has = () => {
    const host = document.querySelector('flt-semantics-host') || document.body;
    if ((host.textContent || '').includes(text)) return true;
    for (const n of host.querySelectorAll('[aria-label]'))
      if (n.getAttribute('aria-label').includes(text)) return true;
    return false;
  };
  const look = () => {
    if (has()) { window.__seenAt = Date.now(); return; }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}"""


#: each page: a frame-by-frame look for the text of node ``id`` (the
#: counting sheet's round score of the player: a field's number is drawn,
#: not in the semantics)
WATCH_FIELD = """([id, text]) => {
  window.__seenAt = null;
  const has = () => {
    for (const n of document.querySelectorAll(`[flt-semantics-identifier='${id}']`))
      if ((n.textContent || '').split(/\s+/).includes(text)
          || (n.getAttribute('aria-label') || '') === text) return true;
    return false;
  };
  const look = () => {
    if (has()) { window.__seenAt = Date.now(); return; }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}"""


#: what a page's node ``id`` holds (shown when a wait failed)
SHOWN = """id => [...document.querySelectorAll(`[flt-semantics-identifier='${id}']`)]
  .map(n => n.outerHTML.slice(0, 2000)).join('\\n')"""


#: each page (before its first script): counts the frames the renderer hands
#: to the page, and when the last one was
COUNT_FRAMES = """(() => {
  window.__frames = 0; window.__lastFrame = 0;
  const canvas = self.OffscreenCanvas && OffscreenCanvas.prototype;
  if (!canvas || !canvas.transferToImageBitmap) return;
  const draw = canvas.transferToImageBitmap;
  canvas.transferToImageBitmap = function () {
    window.__frames++; window.__lastFrame = Date.now();
    return draw.call(this);
  };
})();"""

#: true once the page has drawn no frame for 300 ms
QUIET = "() => Date.now() - window.__lastFrame >= 300"


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def by_id(page: Any, identifier: str) -> Any:
    return page.locator(f'[flt-semantics-identifier="{identifier}"]').first


def ready(page: Any, text: str) -> None:
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=WAIT)
    page.wait_for_selector("#loading", state="detached", timeout=WAIT)
    page.evaluate(
        "() => { const p = document.querySelector('flt-semantics-placeholder');"
        " if (p) p.click(); }"
    )
    page.get_by_text(text, exact=False).first.wait_for(state="attached", timeout=WAIT)


def make_game(data: Path) -> None:
    from jolly_scorer.core import game as core
    from jolly_scorer.core.rules import resolve_rules
    from jolly_scorer.store import Store

    with Store.open(data) as store:
        store.set_setting("language", "en")
        store.create_game(
            core.new_game(resolve_rules("jolly_at"), PLAYERS, target=100_000)
        )


def press(page: Any, identifier: str) -> None:
    by_id(page, identifier).click(timeout=WAIT)


FOCUSED_IN = (
    "id => { const a = document.activeElement; return !!a &&"
    " a.tagName === 'INPUT' &&"
    " !!a.closest(`[flt-semantics-identifier='${id}']`); }"
)


def type_points(page: Any, identifier: str, text: str) -> None:
    """Tap the field, wait until it has the keyboard focus, type ``text``
    over what it holds; again if the field does not hold it (a key typed
    before Flutter connected the field is lost)."""
    for _ in range(5):
        by_id(page, identifier).click(timeout=WAIT)
        page.wait_for_function(FOCUSED_IN, arg=identifier, timeout=WAIT)
        page.evaluate("() => new Promise(r => requestAnimationFrame(r))")
        page.keyboard.press("Control+A")
        page.keyboard.type(text)
        try:
            page.wait_for_function(
                "t => document.activeElement && document.activeElement.value === t",
                arg=text,
                timeout=2_000,
            )
            return
        except Exception:
            continue
    raise AssertionError(f"{identifier} never held {text!r}")


def enter_round(host: Any) -> None:
    """The host's page: the round entry, Anna out, Ben 1 bad point, Anna's
    good points 0, ready to save."""
    press(host, "enter-round")
    press(host, "round-closer-0")
    if not by_id(host, "round-bad-1").count():
        press(host, "round-count-all")
    type_points(host, "round-bad-1", "1")
    type_points(host, "round-good-0", "0")
    host.wait_for_function(
        "() => { const n = document.querySelector("
        "`[flt-semantics-identifier='round-status']`); return !!n &&"
        " ((n.getAttribute('aria-label') || '') + n.textContent)"
        ".includes('Ready to save'); }",
        timeout=WAIT,
    )


def digit_reach(
    host: Any,
    phones: list[Any],
    count: int,
    pid: int,
    cpu: list[float],
    frames: list[int] | None = None,
) -> list[float]:
    """The first phone types ``count`` numbers into Ben's bad points (its
    own seat, counted points); the time until each other page shows each.
    ``cpu``: the server's CPU time for each number (its keys typed until
    every other page showed it), appended; ``frames``: the frames each
    other page drew for it (from the first key until it drew none for
    300 ms), appended."""
    press(host, "enter-round")
    for n, phone in enumerate(phones):
        by_id(phone, "enter-round").tap(timeout=WAIT)
        seat = by_id(phone, "round-seat-1")
        seat.wait_for(timeout=WAIT)
        seat.tap(timeout=WAIT)
        if n:  # Ben's seat is taken by the first phone: the others share it
            by_id(phone, "round-seat-share-ask").wait_for(timeout=WAIT)
            by_id(phone, "round-seat-share").tap(timeout=WAIT)
        by_id(phone, "round-seat-change").wait_for(state="attached", timeout=WAIT)
    typist, others = phones[0], [host, *phones[1:]]
    by_id(typist, "round-seat-change").wait_for(state="attached", timeout=WAIT)
    if not by_id(typist, "round-bad-1").count():  # (a table that counted: there)
        by_id(typist, "round-mode-1-points").tap(timeout=WAIT)
    if not by_id(host, "round-bad-1").count():
        press(host, "round-count-all")
    for page in others:
        by_id(page, "round-bad-1").wait_for(state="attached", timeout=WAIT)
    times: list[float] = []
    for n in range(count):
        text = str(101 + n * 7)
        by_id(typist, "round-bad-1").tap(timeout=WAIT)
        typist.wait_for_function(FOCUSED_IN, arg="round-bad-1", timeout=WAIT)
        typist.keyboard.press("End")
        for _ in range(4):  # the number before goes (Control+A did not take)
            typist.keyboard.press("Backspace")
        for page in others:
            page.wait_for_function(QUIET, polling=50, timeout=WAIT)
            page.evaluate(WATCH_FIELD, ["round-total-1", f"-{text}"])
            page.evaluate("() => { window.__frames = 0; }")
        before = cpu_seconds(pid)
        at = time.time() * 1000
        typist.keyboard.type(text)
        seen = []
        for page in others:
            try:
                page.wait_for_function("() => window.__seenAt", timeout=WAIT)
            except Exception:
                print(page.evaluate(SHOWN, "round-total-1"))
                raise
            seen.append(page.evaluate("() => window.__seenAt") - at)
        cpu.append(cpu_seconds(pid) - before)
        times.extend(seen)
        drawn = []
        for page in others:
            page.wait_for_function(QUIET, polling=50, timeout=WAIT)
            drawn.append(page.evaluate("() => window.__frames"))
        if frames is not None:
            frames.extend(drawn)
        print(
            f"number {text}: " + ", ".join(f"{s:.0f}" for s in seen) + " ms; "
            f"server CPU {cpu[-1] * 1000:.0f} ms; frames "
            + ", ".join(str(n) for n in drawn),
            flush=True,
        )
    return times


def save_rounds(
    host_page: Any, pages: list[Any], rounds: int, pid: int, label: str
) -> list[Round]:
    """The host's page enters and saves ``rounds`` rounds of the game it
    shows; each round's figures."""
    out: list[Round] = []
    for number in range(1, rounds + 1):
        try:
            enter_round(host_page)
        except Exception:
            shot = Path(tempfile.gettempdir()) / "save-reach-host.png"
            host_page.screenshot(path=str(shot))
            print(f"the host's page: {shot}")
            raise
        text = f"Round {number + 1}: "
        for page in pages:
            page.evaluate(WATCH, text)
            page.evaluate("() => { window.__frames = 0; }")
        before = cpu_seconds(pid)
        box = by_id(host_page, "round-save").bounding_box()
        assert box is not None
        at = time.time() * 1000  # the tap: a mouse click, down and up
        host_page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        seen = []
        for page in pages:
            page.wait_for_function("() => window.__seenAt", timeout=WAIT)
            seen.append(page.evaluate("() => window.__seenAt") - at)
        cpu = cpu_seconds(pid) - before
        for page in pages:
            page.wait_for_function(QUIET, polling=50, timeout=WAIT)
        drawn = [page.evaluate("() => window.__frames") for page in pages]
        out.append(Round(number, seen, cpu, drawn, at / 1000, time.time()))
        print(
            f"{label}round {number}: "
            + ", ".join(f"{s:.0f}" for s in seen)
            + f" ms (the host first); server CPU "
            f"{cpu * 1000:.0f} ms; frames " + ", ".join(str(n) for n in drawn),
            flush=True,
        )
    return out


@dataclass(frozen=True)
class Round:
    """One saved round: each page's time from Save (the host first), the
    server's CPU time until every page showed it, the frames each page drew,
    and the wall clock of Save and of every page being still again."""

    number: int
    seen: list[float]
    cpu: float
    frames: list[int]
    start: float
    end: float


def halves(played: list[Round], split: int = 5) -> list[tuple[str, list[Round]]]:
    """A game's rounds 1..split and the rest, each named (an empty part left
    out)."""
    parts = [
        (f"rounds 1-{split}", played[:split]),
        (f"rounds {split + 1}-", played[split:]),
    ]
    return [(name, part) for name, part in parts if part]


def join(browser: Any, url: str, pin: str) -> Any:
    """A phone joins with the PIN and opens the table's game."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    context.add_init_script(COUNT_FRAMES)
    page = context.new_page()
    page.goto(url + "/")
    page.fill("#pin", pin)
    # a phone is touched, never hovered: a mouse click would leave a pointer
    # resting on the board, and each round a tooltip re-shown under it
    # (frames no phone at a table draws)
    page.tap("button[type=submit]")
    ready(page, "Ben")
    by_id(page, "home-continue").tap(timeout=WAIT)
    by_id(page, "enter-round").wait_for(timeout=WAIT)
    return page


def next_game(host_page: Any, phones: list[Any]) -> None:
    """The host's page starts a new game of Anna and Ben (Back, New game,
    the names, Start game); each phone, sent Home by it (the table's game
    changed), taps Continue to its board."""
    press(host_page, "back")
    press(host_page, "home-new-game")
    for seat, name in enumerate(PLAYERS, 1):
        if not by_id(host_page, f"player-name-{seat}").count():
            press(host_page, "add-player")
        field = f"player-name-{seat}"
        by_id(host_page, field).click(timeout=WAIT)
        host_page.wait_for_function(FOCUSED_IN, arg=field, timeout=WAIT)
        host_page.keyboard.press("Control+A")
        host_page.keyboard.type(name)
    press(host_page, "start-game")
    by_id(host_page, "enter-round").wait_for(timeout=WAIT)
    for n, page in enumerate(phones):
        try:
            by_id(page, "home-continue").tap(timeout=WAIT)
            page.get_by_text("Round 1: ", exact=False).first.wait_for(
                state="attached", timeout=WAIT
            )
        except Exception:
            shot = Path(tempfile.gettempdir()) / f"save-reach-phone{n}.png"
            page.screenshot(path=str(shot))
            print(f"phone {n} did not open the new game: {shot}")
            raise
    for page in [host_page, *phones]:
        page.wait_for_function(QUIET, polling=50, timeout=WAIT)


def p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]


def line(name: str, values: list[float]) -> float:
    ordered = sorted(values)
    print(
        f"{name}: median {statistics.median(ordered):.0f} ms, p90 {p90(ordered):.0f} "
        f"ms, max {ordered[-1]:.0f} ms ({len(ordered)} samples)"
    )
    return p90(ordered)


def per_game(label: str, played: list[Round]) -> None:
    """A game's rounds 1-5 and the rest: every page's median / p90, the
    server's CPU per round."""
    for name, part in halves(played):
        every = [s for r in part for s in r.seen]
        cpu = [r.cpu * 1000 for r in part]
        print(
            f"{label}{name}: every page median {statistics.median(every):.0f} ms, "
            f"p90 {p90(every):.0f} ms; server CPU per round median "
            f"{statistics.median(cpu):.0f} ms, mean {statistics.fmean(cpu):.0f} ms"
        )


def where_it_went(path: Path, games: list[list[Round]]) -> None:
    """The sampler's lines (``--sample``) in each game's saved rounds, rounds
    1-5 and the rest: the share of each place, ms per round."""
    from collections import Counter

    samples = []
    for text in path.read_text().splitlines():
        at, where, _ = text.split("\t")
        samples.append((float(at), where))
    for g, played in enumerate(games, 1):
        for name, part in halves(played):
            places: Counter[str] = Counter()
            for r in part:
                for at, where in samples:
                    if r.start <= at <= r.end:
                        places[where] += 1
            total = sum(places.values()) * 2 / len(part)
            print(
                f"game {g} {name}: the server busy {total:.0f} ms per round "
                "(wall, 2 ms samples); the most:"
            )
            for where, n in places.most_common(12):
                print(f"    {n * 2 / len(part):6.1f} ms  {where}")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--phones", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument(
        "--digits", type=int, default=15, help="numbers typed on a phone (0: none)"
    )
    parser.add_argument(
        "--games",
        type=int,
        default=1,
        help="games played one after another on the same server and pages "
        "(figures per game: is a game's start slow, or the server's and "
        "browsers' first rounds?)",
    )
    parser.add_argument(
        "--fresh-phones",
        action="store_true",
        help="with --games: new phone pages (new browser contexts, the same "
        "browser) for each next game: is the warm-up the page's or the browser's?",
    )
    parser.add_argument(
        "--sample",
        action="store_true",
        help="sample the server's stacks (benchmarks/sampler): where its time "
        "goes in rounds 1-5 and later",
    )
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="save-reach-"))
    data = tmp / "data"
    make_game(data)
    env = {"LANGUAGE": "en"}
    samples = tmp / "samples.tsv"
    if args.sample:
        env["PYTHONPATH"] = str(Path(__file__).resolve().parent / "sampler")
        env["JOLLY_SAMPLE_OUT"] = str(samples)
    server = start_server(tmp, "--table", data=data, env=env)
    pid = server.proc.pid
    print(f"server pid {pid}; load average {os.getloadavg()}", flush=True)
    games: list[list[Round]] = []
    digits: list[float] = []
    digit_cpu: list[float] = []
    digit_frames: list[int] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            pin = server.find(r"type PIN (\d+)")
            host = browser.new_context(viewport={"width": 1280, "height": 800})
            host.add_init_script(COUNT_FRAMES)
            host_page = host.new_page()
            host_page.goto(server.find(r"host screen (\S+)"))
            ready(host_page, pin)
            if by_id(host_page, "table-close").count():
                by_id(host_page, "table-close").click()
            by_id(host_page, "home-continue").click()
            by_id(host_page, "enter-round").wait_for(timeout=WAIT)
            phones = [join(browser, server.url, pin) for _ in range(args.phones)]
            pages = [host_page, *phones]
            for g in range(args.games):
                label = f"game {g + 1} " if args.games > 1 else ""
                if g and args.fresh_phones:  # the phones before leave
                    for page in phones:
                        page.context.close()
                    next_game(host_page, [])
                    phones = [join(browser, server.url, pin) for _ in phones]
                    pages = [host_page, *phones]
                elif g:
                    next_game(host_page, phones)
                if g:
                    print(f"game {g + 1}: load average {os.getloadavg()}", flush=True)
                games.append(save_rounds(host_page, pages, args.rounds, pid, label))
            if args.digits and phones:
                digits = digit_reach(
                    host_page, phones, args.digits, pid, digit_cpu, digit_frames
                )
            browser.close()
    finally:
        server.stop()

    played = [r for game in games for r in game]
    own = [r.seen[0] for r in played]
    others = [s for r in played for s in r.seen[1:]]
    print(
        f"save reach, {args.phones} phones + the host, {len(played)} rounds"
        f" ({args.games} game(s)):"
    )
    line("the saving page (the host)", own)
    line("the other pages", others)
    every_p90 = line("every page (all pages of each round)", own + others)
    line("the slowest page of each round", [max(r.seen) for r in played])
    for g, game in enumerate(games, 1):
        per_game(f"game {g} " if args.games > 1 else "", game)
    print(
        "frames drawn per saved round: the host median "
        f"{statistics.median(r.frames[0] for r in played):.0f}, a phone median "
        f"{statistics.median(n for r in played for n in r.frames[1:]):.0f}"
    )
    if args.sample and samples.exists():
        where_it_went(samples, games)
    if digits:
        reach = line("a number typed on a phone -> the other pages", digits)
        print(
            "server CPU per number typed (3 keys, every page): median "
            f"{statistics.median(digit_cpu) * 1000:.0f} ms, mean "
            f"{statistics.fmean(digit_cpu) * 1000:.0f} ms"
        )
        print(
            "frames an other page drew per number typed (3 keys): median "
            f"{statistics.median(digit_frames):.0f}, mean "
            f"{statistics.fmean(digit_frames):.1f}"
        )
        print(f"goal p90 <= 300 ms: {'met' if reach <= 300 else 'NOT met'}")
    cpu = [r.cpu for r in played]
    print(
        f"server CPU per saved round: median {statistics.median(cpu) * 1000:.0f} ms; "
        f"load average {os.getloadavg()}; goal p90 <= 400 ms: "
        f"{'met' if every_p90 <= 400 else 'NOT met'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
