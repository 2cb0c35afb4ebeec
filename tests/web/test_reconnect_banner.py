"""Issue 18 item 6: while the host is away the page shows the app's own
message in its language over the last screen, not Flet's English "Working..."
on a blank page. The served ``index.html`` gets a script
(jolly_scorer/web/reconnect.py); the browser test is
tests/e2e/test_reconnect_banner_browser.py."""

from __future__ import annotations

import json
from pathlib import Path

from jolly_scorer.web import offline
from jolly_scorer.web.offline import offline_web_root
from jolly_scorer.web.reconnect import (
    BANNER_ID,
    LANGUAGE_KEY,
    LOST,
    script,
    texts,
    with_reconnect_banner,
)

SOURCE = offline._package_web_dir()


def test_flets_boot_screen_still_says_working() -> None:
    """The reason for the script: Flet's client shows its fixed English
    message while it reconnects (if this fails, look again whether the
    script is still needed)."""
    for name in ("main.dart.js", "main.dart.wasm"):
        assert b"Working..." in (SOURCE / name).read_bytes(), name
    assert b"startup_message:" in (SOURCE / "main.dart.js").read_bytes()


def test_the_script_goes_into_the_installed_index_before_flets_scripts() -> None:
    source = (SOURCE / "index.html").read_bytes()
    patched = with_reconnect_banner(source)
    assert patched.count(b"<script>\n// jolly-scorer") == 1
    at = patched.index(b"// jolly-scorer")
    assert patched.index(b"var flet = {") < at < patched.index(b'src="python.js"')
    assert at < patched.index(b'src="flutter_bootstrap.js"')
    # the endpoint the script watches is the one Flet's client uses
    assert b'webSocketEndpoint: "/ws"' in source


def test_the_message_is_in_every_language() -> None:
    found = texts()
    assert found["de"] == "Verbindung zum Tisch verloren – verbinde neu…"
    assert found["fi"] == "Yhteys pöytään katkesi – yhdistetään uudelleen…"
    assert found["en"] == LOST
    text = script().decode("utf-8")
    start = text.index("var TEXTS = ") + len("var TEXTS = ")
    embedded = json.loads(text[start : text.index(";\n", start)])
    assert embedded == found
    assert json.dumps(LANGUAGE_KEY) in text and json.dumps(BANNER_ID) in text


def test_the_served_root_has_it(tmp_path: Path) -> None:
    root = offline_web_root(cache=tmp_path)
    index = (root / "index.html").read_bytes()
    assert b"Verbindung zum Tisch verloren" in index
    assert not (root / "index.html").samefile(SOURCE / "index.html")
