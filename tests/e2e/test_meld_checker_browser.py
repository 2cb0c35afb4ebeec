"""The meld checker in the app, in headless Chromium at phone and laptop size,
German and Finnish: melds tapped and typed, a joker's readings, the best
lay-down; the verdicts stand above (phone) or beside (laptop) the card grid,
the grid never moves under the finger, typing keeps the focus in the field.
Screenshots: ``meld-checker-app-{phone,desktop}-{de,fi}[-start|-melds|-best]``."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

TARGET = "jolly_scorer.ui.app:main"
HOME = {"de": "Neues Spiel", "fi": "Uusi peli"}
HEIGHT = {"phone": 844, "desktop": 800}


def box(app, identifier: str) -> dict[str, float]:
    found = app.by_id(identifier).first.bounding_box()
    assert found is not None, identifier
    return found


def tap(app, identifier: str) -> None:
    """Tap a control (Flutter scrolls it into view first), then wait two frames."""
    app.by_id(identifier).first.click()
    app.next_frames(2)


def open_checker(web_app, tmp_path, viewport: str, language: str):
    app = web_app(
        TARGET,
        viewport=viewport,
        env={"LANGUAGE": language, "JOLLY_SCORER_DATA": str(tmp_path / "d")},
        wait_text=HOME[language],
    )
    tap(app, "home-meld")
    app.by_id("meld-live").first.wait_for(state="attached", timeout=15_000)
    app.wait_gone(HOME[language])  # the home screen has slid away
    app.settle()
    return app


@pytest.mark.parametrize("viewport", ["phone", "desktop"])
@pytest.mark.parametrize("language", ["de", "fi"])
def test_melds_and_best_lay_down(web_app, tmp_path, viewport, language):
    app = open_checker(web_app, tmp_path, viewport, language)
    app.screenshot(f"meld-checker-app-{viewport}-{language}-start")
    grid = box(app, "pick-2h")
    bottom = box(app, "pick-8s")  # the whole grid on screen
    assert bottom["y"] + bottom["height"] <= HEIGHT[viewport]
    for card in ("9c", "9d", "9s"):
        tap(app, f"pick-{card}")
    app.by_id("meld-verdict-0").first.wait_for(state="attached", timeout=10_000)
    tap(app, "meld-add")
    for card in ("Qh", "Kh", "X"):
        tap(app, f"pick-{card}")
    app.wait_label("58")  # both melds together
    assert box(app, "pick-2h") == grid  # the grid never moved under the finger
    live, joker = box(app, "meld-live"), box(app, "pick-X")
    if viewport == "phone":  # above the grid, the whole grid on screen
        assert live["y"] + live["height"] <= grid["y"]
        assert joker["y"] + joker["height"] <= HEIGHT[viewport]
    else:  # beside it
        assert live["x"] + live["width"] <= grid["x"]
    app.screenshot(f"meld-checker-app-{viewport}-{language}-melds")
    tap(app, "card-X")  # the joker of the meld being built: its readings,
    # in place of the grid (where the finger is), the meld still in view
    app.by_id("meld-joker-menu").first.wait_for(state="attached", timeout=10_000)
    menu = box(app, "meld-joker-menu")
    assert abs(menu["y"] - grid["y"]) < 8
    assert abs(box(app, "meld-live")["y"] - live["y"]) < 30
    app.screenshot(f"meld-checker-app-{viewport}-{language}")
    tap(app, "meld-joker-menu-1")  # the other reading: the joker as a jack
    app.wait_label("X→J♥")
    assert box(app, "pick-2h") == grid
    # typed melds: the field keeps the focus key after key
    tap(app, "meld-clear")
    app.type_into(app.by_id("meld-input").first, "5h 6h X / Qs Qd Qc")
    app.wait_label("Qc")
    assert app.page.evaluate("() => document.activeElement.value") == (
        "5h 6h X / Qs Qd Qc"
    )
    assert box(app, "pick-2h") == grid
    tap(app, "meld-mode-hand")
    tap(app, "meld-clear")
    for card in ("2c", "3c", "4c", "X", "Ah", "Ad", "7d"):
        tap(app, f"pick-{card}")
    app.by_id("best-summary").first.wait_for(state="attached", timeout=15_000)
    assert box(app, "pick-2h") == grid
    app.screenshot(f"meld-checker-app-{viewport}-{language}-best")
    best = box(app, "best-summary")
    if viewport == "phone":
        assert best["y"] + best["height"] <= grid["y"]
    else:
        assert best["x"] + best["width"] <= grid["x"]
    app.screenshot(f"meld-checker-app-{viewport}-{language}-best")
