"""Issue 18 item 6 in Chromium: while the host is down a phone shows the
app's own message in its language over the last screen (not Flet's English
"Working..." on a blank page), and when the host is back the message goes and
the app answers again (jolly_scorer/web/reconnect.py).

The phone (390x844, German or Finnish browser, or an English one with German
chosen in the settings) opens the app; the server is
killed (SIGKILL, as when the host's laptop dies); the banner comes, in the
phone's language, and under it the page is the one drawn before (the pixels
with the banner lifted equal the screenshot before the kill); the server is
started again on the same port and data folder; the banner goes and the app
is there. Screenshots: build/screenshots/reconnect-BROWSER-LANGUAGE-*.png."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from browser_steps import flutter_ready  # noqa: E402
from server_process import start_server  # noqa: E402

from conftest import SCREENSHOTS, shoot_page  # noqa: E402
from jolly_scorer.core import game as core  # noqa: E402
from jolly_scorer.core.rules import resolve_rules  # noqa: E402
from jolly_scorer.store import Store  # noqa: E402
from jolly_scorer.web.reconnect import BANNER_ID, LANGUAGE_KEY  # noqa: E402

MESSAGES = {
    "de": "Verbindung zum Tisch verloren – verbinde neu…",
    "fi": "Yhteys pöytään katkesi – yhdistetään uudelleen…",
}
BANNER = f"#{BANNER_ID}"
#: A text of the home screen in the page's language (the page speaks the
#: server's language first, then the phone's).
HOME = {"de": "Spiel fortsetzen", "fi": "Jatka peliä"}


def still_screenshot(page) -> bytes:
    """The page once two screenshots in a row are the same."""
    shot: bytes = page.screenshot()
    for _ in range(100):
        page.evaluate(
            "() => new Promise(r => requestAnimationFrame(() =>"
            " requestAnimationFrame(r)))"
        )
        again: bytes = page.screenshot()
        if again == shot:
            return shot
        shot = again
    raise AssertionError("the page did not settle")


def raw_shot(page, name: str) -> bytes:
    """A screenshot as it is (``shoot_page`` waits for animation frames, which
    the page holds while the host is away)."""
    shot: bytes = page.screenshot()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    (SCREENSHOTS / f"{name}.png").write_bytes(shot)
    return shot


@pytest.mark.browser
@pytest.mark.parametrize(
    ("language", "browser", "chosen"),
    [
        ("de", "de-DE", None),  # the app follows the phone's language
        ("fi", "fi-FI", None),
        ("de", "en-US", "de"),  # chosen in the settings: not the phone's
    ],
)
def test_the_phone_says_so_in_its_language_while_the_host_is_down(
    chromium, tmp_path, language, browser, chosen
):
    data = tmp_path / "data"
    with Store.open(data) as store:
        store.create_game(
            core.new_game(resolve_rules("jolly_at"), ["Anna", "Ben", "Cleo"])
        )
        if chosen is not None:
            store.set_setting("language", chosen)
    server = start_server(tmp_path, data=data)
    context = chromium.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        locale=browser,
    )
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        flutter_ready(page, "Cleo")
        page.get_by_text(HOME[language]).first.wait_for(state="attached")
        if chosen is not None:  # the app told the page its language
            page.wait_for_function(
                f"() => localStorage.getItem({LANGUAGE_KEY!r}) === '\"{chosen}\"'"
            )
        shoot_page(page, f"reconnect-{browser}-before")
        before = still_screenshot(page)

        server.proc.kill()  # the host is gone, without a word
        server.proc.wait()
        banner = page.locator(BANNER)
        banner.wait_for(state="visible", timeout=15_000)
        assert banner.inner_text() == MESSAGES[language]
        assert banner.get_attribute("lang") == language
        assert "Working" not in page.content()
        raw_shot(page, f"reconnect-{browser}-down")
        # under the banner the last screen is still drawn, unchanged
        page.evaluate(
            f"() => document.querySelector('{BANNER}').style.display = 'none'"
        )
        assert page.screenshot() == before, "the page under the banner changed"
        page.evaluate(f"() => document.querySelector('{BANNER}').style.display = ''")

        server = start_server(tmp_path, data=data, port=server.port)
        banner.wait_for(state="detached", timeout=30_000)
        page.get_by_text("Cleo", exact=False).first.wait_for(
            state="attached", timeout=15_000
        )
        shoot_page(page, f"reconnect-{browser}-back")
        assert page.locator(BANNER).count() == 0
    finally:
        context.close()
        server.stop()
