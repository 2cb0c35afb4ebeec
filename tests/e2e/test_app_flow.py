"""The app in headless Chromium, driven like a person at the table would.

One full game in German on a phone and one in Finnish on a laptop, each ending on
the winner; screenshots of every main screen go to ``build/screenshots/``.
"""

from __future__ import annotations

import struct
import zlib

import pytest
from browser_steps import start_game, tap, type_in

pytestmark = pytest.mark.browser

TARGET = "jolly_scorer.ui.app:main"


def close_editor(app, wait=0):
    """Wide screens may open a card editor beside the players: close it.

    ``wait``: a closer was just tapped; first wait (up to ``wait`` ms, at least
    15 s) until the entry shows the choice (the Handglatt switch), which comes
    in the same update as an editor opened for the closer.
    """
    if app.page.viewport_size["width"] < 720:
        return
    if wait:
        app.by_id("round-handglatt").first.wait_for(
            state="attached", timeout=max(wait, 15_000)
        )
    done = app.by_id("editor-done").first
    if app.by_id("editor-done").count():
        done.click()
        done.wait_for(state="detached", timeout=15_000)


def pixel(app, x, y):
    """The colour (r, g, b) the page shows at ``(x, y)``."""
    png = app.page.screenshot(clip={"x": x, "y": y, "width": 1, "height": 1})
    chunks, at = [], 8
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        if png[at + 4 : at + 8] == b"IDAT":
            chunks.append(png[at + 8 : at + 8 + length])
        at += 12 + length
    # one pixel, one row: every PNG filter leaves the bytes after the filter byte
    r, g, b = zlib.decompress(b"".join(chunks))[1:4]
    return r, g, b


def is_dark(app):
    """Whether the page's background (a bottom corner) is dark."""
    return sum(pixel(app, 1, app.page.viewport_size["height"] - 2)) < 3 * 100


def shoot(app, name):
    app.page.mouse.move(0, 0)  # no hover tooltip in the picture
    return app.screenshot(f"app-{name}")


def play_round(app, closer, bad_points):
    """Enter a round: who went out, then counted bad points for the others."""
    tap(app, "enter-round")
    app.by_id(f"round-closer-{closer}").first.wait_for()
    tap(app, f"round-closer-{closer}")
    close_editor(app, wait=2_000)
    tap(app, "round-count-all")  # every player's fields on one screen
    app.by_id("round-bad-0" if closer else "round-bad-1").first.wait_for()
    if app.by_id(f"round-good-{closer}").count():  # plus scoring: the closer's
        type_in(app, f"round-good-{closer}", "0")  # good points (empty: missing)
    for seat, points in bad_points.items():
        type_in(app, f"round-bad-{seat}", str(points))
    close_editor(app)
    try:
        tap(app, "round-save")
    except Exception:
        shoot(app, "failed-round-save")
        raise
    app.page.locator(
        '[flt-semantics-identifier="enter-round"], [flt-semantics-identifier="winner"]'
    ).first.wait_for()


@pytest.mark.parametrize(
    ("language", "viewport", "texts"),
    [
        (
            "de",
            "phone",
            {"home": "Neues Spiel", "preset": None, "wins": "gewinnt"},
        ),
        (
            "fi",
            "desktop",
            {"home": "Uusi peli", "preset": "Rommi", "wins": "voitti"},
        ),
    ],
)
def test_full_game(web_app, tmp_path, language, viewport, texts):
    app = web_app(
        TARGET,
        viewport=viewport,
        env={"LANGUAGE": language, "JOLLY_SCORER_DATA": str(tmp_path / language)},
        wait_text=texts["home"],
    )
    shot = f"{viewport}-{language}"
    shoot(app, f"home-empty-{shot}")
    target = 100 if language == "de" else None  # a short game of Jolly
    start_game(app, ["Anna", "Ben", "Cleo"], texts["preset"], target)
    shoot(app, f"new-game-{shot}")
    tap(app, "start-game")
    app.by_id("enter-round").wait_for()
    shoot(app, f"scoreboard-start-{shot}")
    if language == "de":  # Jolly: plus points to 100, the closer gets 30
        for _ in range(2):
            play_round(app, 0, {1: 15, 2: 20})
        tap(app, "enter-round")
        app.by_id("round-closer-0").wait_for()
        tap(app, "round-closer-0")
        shoot(app, f"round-entry-{shot}")
        tap(app, "round-cancel")
        tap(app, "round-throw-away")  # Cancel asks before losing the closer
        app.by_id("enter-round").wait_for()
        for _ in range(4):
            if app.by_id("winner").count():
                break
            play_round(app, 0, {1: 0, 2: 0})
    else:  # Rommi: penalty points, the game ends when someone reaches 500
        play_round(app, 0, {1: 120, 2: 80})
        play_round(app, 1, {0: 30, 2: 150})
        shoot(app, f"scoreboard-{shot}")
        play_round(app, 2, {0: 60, 1: 400})
    app.by_id("winner").wait_for()
    winner = app.by_id("winner").inner_text()
    assert ("Anna" if language == "de" else "Anna") in winner
    shoot(app, f"game-over-{shot}")
    tap(app, "back")
    app.by_id("home-past").wait_for()
    shoot(app, f"home-{shot}")
    tap(app, "home-past")
    app.by_id("open-stats").wait_for()
    shoot(app, f"past-games-{shot}")
    tap(app, "open-stats")
    app.by_id("stats-chart").wait_for()
    shoot(app, f"stats-{shot}")


@pytest.mark.parametrize("viewport", ["phone", "desktop"])
def test_settings_rules_and_dark(web_app, tmp_path, viewport):
    app = web_app(
        TARGET,
        viewport=viewport,
        env={"LANGUAGE": "en", "JOLLY_SCORER_DATA": str(tmp_path / "en")},
        wait_text="New game",
    )
    tap(app, "home-rules")
    app.wait_text("How to play")
    shoot(app, f"rules-{viewport}-en")
    tap(app, "back")
    tap(app, "home-settings")
    app.by_id("theme").get_by_text("Dark").click()
    app.wait_until(lambda: is_dark(app), what="the dark theme")
    shoot(app, f"settings-dark-{viewport}-en")
    tap(app, "back")
    start_game(app, ["Anna", "Ben", "Cleo", "Dora"])
    tap(app, "start-game")
    for closer in range(3):
        play_round(app, closer, {s: 10 + 5 * s for s in range(4) if s != closer})
    shoot(app, f"scoreboard-dark-{viewport}-en")
