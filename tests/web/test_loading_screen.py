"""Issue 36, the phone app's start: the page's loading screen (the app's logo)
stays until the app's first screen is drawn, and Flet's boot screen (a
spinning ring and "Working..." in English) is never drawn
(``web/loading.py``). Here: the app tells the page after its first screen, on
every way a session starts; each change of Flet's output applies (with
``tests/web/test_build_web.py``: needed, applied, a moved anchor stops the
build; the hello world keeps Flet's own); ``tests/e2e/test_pwa.py`` opens the
built site and finds the first screen drawn when the loading screen goes."""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from jolly_scorer.i18n import Translator
from jolly_scorer.store.store import close_shared_stores
from jolly_scorer.web import browser, loading


@pytest.fixture(autouse=True)
def _closed():
    yield
    close_shared_stores()


def _page(connection: object) -> Any:
    return SimpleNamespace(session=SimpleNamespace(connection=connection))


def test_the_page_is_told_through_the_screens_channel():
    sent: list[bytes] = []
    connection = SimpleNamespace(send_callback=sent.append)
    browser.tell_shown(_page(connection))
    assert sent == [loading.SHOWN]
    browser.tell_shown(_page(SimpleNamespace()))  # not Pyodide's: nothing to tell


def test_the_message_is_no_packet_of_flets():
    # Flet's packets: 0x00 its protocol, 0x01 a data channel; its client drops
    # any other type, and the page takes this one before it (python.js)
    assert loading.SHOWN[0] == 0xFF


@pytest.fixture
def told(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []
    monkeypatch.setattr(browser, "tell_shown", lambda page: calls.append("told"))
    return calls


def test_told_after_the_first_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, flet_app: Any, told: list[str]
):
    async def read_before() -> browser.GamesRead:
        return True, tmp_path

    monkeypatch.setattr(browser, "_early", read_before())
    app = flet_app(browser.main)
    assert app.find_all(text="New game")
    assert told == ["told"]


def test_told_when_another_tab_holds_the_games(
    monkeypatch: pytest.MonkeyPatch, flet_app: Any, told: list[str]
):
    async def held() -> browser.GamesRead:
        return False, None

    monkeypatch.setattr(browser, "_early", held())
    app = flet_app(browser.main)
    app.wait_for(lambda: bool(app.find_all(text=Translator("en")(browser.ANOTHER_TAB))))
    assert told == ["told"]


def test_told_when_the_session_fails(monkeypatch: pytest.MonkeyPatch, told: list[str]):
    """The page must not keep its loading screen over Flet's error."""

    async def broken() -> browser.GamesRead:
        raise RuntimeError("no games")

    monkeypatch.setattr(browser, "_early", broken())
    with pytest.raises(RuntimeError):
        asyncio.run(browser.main(_page(SimpleNamespace())))
    assert told == ["told"]


def _flet_like(tmp_path: Path) -> Path:
    """The four files as Flet 1.0.5 writes them, cut to the anchors."""
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "main.dart.js").write_text(
        "B.ep9="
        + loading.BOOT_KEYS
        + '\nB.ehE=new A.a3(B.ep9,[30,"Working..."],t.yf)\n'
    )
    (dist / "index.html").write_text(
        "<style>\n" + loading.LOADING_STYLE + "        display: flex;\n</style>\n"
    )
    (dist / "flutter_bootstrap.js").write_text(
        "window.addEventListener('flutter-first-frame', () => {\n"
        + loading.FIRST_FRAME
        + "}, { once: true });\n"
    )
    (dist / "python.js").write_text(
        loading.PY_ANCHOR_TOP
        + "    app.worker.onmessage = (event) => {\n"
        + "        if (typeof event.data === 'string') {\n"
        + loading.PY_ANCHOR_MESSAGE
        + "    };\n"
        + "    if (error) {\n"
        + loading.PY_ANCHOR_ERROR
        + "    }\n"
    )
    return dist


def test_each_change_applies_once(tmp_path: Path):
    dist = _flet_like(tmp_path)
    assert loading.needs_still(dist) and not loading.is_still(dist)
    loading.keep_loading_screen(dist)
    assert loading.is_still(dist) and not loading.needs_still(dist)
    client = (dist / "main.dart.js").read_text()
    assert "Working" not in client and '[0,""]' in client  # no ring, no words
    assert "z-index" in (dist / "index.html").read_text()  # over Flutter's view
    bootstrap = (dist / "flutter_bootstrap.js").read_text()
    assert f"{loading.FALLBACK_MS});" in bootstrap  # not at the first frame
    python = (dist / "python.js").read_text()
    # the page's own message is taken before Flet's client sees it; a failed
    # start takes the loading screen away at once (Flet's error shows)
    assert python.index("event.data[0] === 0xff") < python.index("app.dartOnMessage")
    assert "jollyShown(0)" in python


@pytest.mark.parametrize("name", ["main.dart.js", "index.html", "flutter_bootstrap.js"])
def test_a_moved_anchor_is_found(tmp_path: Path, name: str):
    dist = _flet_like(tmp_path)
    (dist / name).write_text("changed by a Flet upgrade\n")
    assert not loading.needs_still(dist)
