"""Steps of the browser tests, as a person takes them: a control scrolled into
view and tapped, a field typed into once it has the focus, a new game started,
a page waited on until Flutter has drawn a text."""

from __future__ import annotations

import contextlib


def reveal(app, identifier, tries=15):
    """The control, scrolled into view (mouse wheel) and standing still: its box
    inside the window and the same over two checks a few frames apart."""
    page = app.page
    size = page.viewport_size
    loc = app.by_id(identifier).first
    with contextlib.suppress(Exception):
        loc.wait_for(state="attached", timeout=2_000)  # none: below the fold
    last = None
    for _ in range(tries):
        box = loc.bounding_box() if app.by_id(identifier).count() else None
        inside = box and box["y"] >= 0 and box["y"] + box["height"] <= size["height"]
        if inside and box == last:
            return loc
        if not inside:
            page.mouse.move(size["width"] * 0.3, size["height"] / 2)
            page.mouse.wheel(0, -250 if box and box["y"] < 0 else 250)
        last = box if inside else None
        app.next_frames(2)  # Flutter scrolls on the wheel event, drawn next frame
    return loc


def tap(app, identifier):
    reveal(app, identifier).click()


FOCUSED_IN = (
    "id => { const a = document.activeElement; return !!a &&"
    " (a.tagName === 'INPUT' || a.tagName === 'TEXTAREA') &&"
    " !!a.closest(`[flt-semantics-identifier='${id}']`); }"
)


def type_in(app, identifier, text):
    """Tap field ``identifier``, wait until it has the keyboard focus (a key
    typed before is lost), type ``text`` and wait until the field holds it."""
    reveal(app, identifier).click()
    app.page.wait_for_function(FOCUSED_IN, arg=identifier, timeout=10_000)
    app.next_frames(2)  # Flutter connects its editing state to the field
    app.page.keyboard.type(text, delay=30)
    app.wait_until(
        lambda: text in app.page.evaluate("() => document.activeElement.value"),
        what=f"{identifier} to hold {text!r}",
    )


def start_game(app, names, preset_label=None, target=None):
    tap(app, "home-new-game")
    for i, name in enumerate(names, 1):
        if not app.by_id(f"player-name-{i}").count():
            tap(app, "add-player")
        type_in(app, f"player-name-{i}", name)
    if preset_label:
        app.by_id("preset").get_by_text(preset_label).first.click()
    for _ in range((500 - target) // 50 if target else 0):  # the stepper: -50
        tap(app, "target-less")


def flutter_ready(page, text: str, timeout: float = 30_000) -> None:
    page.wait_for_selector(
        "flt-semantics-placeholder", state="attached", timeout=timeout
    )
    page.wait_for_selector("#loading", state="detached", timeout=timeout)
    page.evaluate(
        "() => { const p = document.querySelector('flt-semantics-placeholder');"
        " if (p) p.click(); }"
    )
    page.get_by_text(text, exact=False).first.wait_for(
        state="attached", timeout=timeout
    )


APP = "jolly_scorer.ui.app:main"


def open_seeded(web_app, tmp_path, kind, language, viewport="phone", taps=()):
    """The app on a data folder holding one game of ``kind`` (the screen
    explorer's seeded games: ``benchmarks/screens.seed``), at its home
    screen; then ``taps`` tapped in turn, each once it is there."""
    from benchmarks.screens import seed

    data = tmp_path / f"{kind}-{language}"
    seed(data, kind)
    app = web_app(
        APP,
        viewport=viewport,
        env={"LANGUAGE": language, "JOLLY_SCORER_DATA": str(data)},
    )
    app.by_id("home-continue").first.wait_for(state="attached", timeout=30_000)
    for step in taps:
        app.by_id(step).first.wait_for(state="attached", timeout=30_000)
        tap(app, step)
    return app


def open_new_round(
    web_app,
    tmp_path,
    names,
    language="de",
    viewport="phone",
    rules="romme_de",
    wait_text="Rommé",
):
    """The round entry of a new game of ``names`` (``rules``) on a data folder
    of its own: the app opened (once it shows ``wait_text``), "continue" and
    "enter round" clicked."""
    from jolly_scorer.core import game as core
    from jolly_scorer.core.rules import resolve_rules
    from jolly_scorer.store import Store

    data = tmp_path / "data"
    with Store.open(data) as store:
        store.create_game(core.new_game(resolve_rules(rules), names))
    app = web_app(
        APP,
        viewport=viewport,
        env={"LANGUAGE": language, "JOLLY_SCORER_DATA": str(data)},
        wait_text=wait_text,
    )
    app.by_id("home-continue").first.click()
    app.by_id("enter-round").first.click()
    return app


def field_values(app, count):
    """What the first ``count`` name fields of a new game hold (None: no
    such field)."""
    return app.page.evaluate(
        """n => [...Array(n).keys()].map(i => {
          const f = document.querySelector(
            `[flt-semantics-identifier="player-name-${i + 1}"] input`);
          return f ? f.value : null; })""",
        count,
    )
