"""Flet's web client without its one call out (issue 17, defect 10): the Rive
extension's CDN address, in the JavaScript and the WebAssembly build, becomes
a ``data:`` script of the same length; the server serves a patched copy of
the web root. The browser test (tests/e2e/test_no_outside_requests.py)
records every request a page makes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from jolly_scorer.web import kept_focus, offline
from jolly_scorer.web.offline import (
    PATCHED,
    calls_out,
    offline_web_root,
    served_index,
    use_offline_web_root,
    without_rive_cdn,
)
from jolly_scorer.web.reconnect import BANNER_ID

SOURCE = offline._package_web_dir()


@pytest.mark.parametrize("name", PATCHED)
def test_flets_client_calls_out_and_the_patch_stops_it(name: str) -> None:
    data = (SOURCE / name).read_bytes()
    assert calls_out(data), f"{name}: Flet no longer asks Rive's CDN? drop the patch"
    patched = without_rive_cdn(data)
    assert not calls_out(patched) and b"cdn.jsdelivr.net" not in patched
    assert len(patched) == len(data)  # the wasm module's string table holds
    assert patched.count(b"data:text/javascript,RiveNative=") == data.count(
        b"https://cdn.jsdelivr.net/npm/@rive-app/"
    )


def test_the_offline_root_is_made_once_and_served(tmp_path: Path) -> None:
    root = offline_web_root(cache=tmp_path)
    for name in PATCHED:
        assert not calls_out((root / name).read_bytes())
    others = [
        p.relative_to(SOURCE)
        for p in SOURCE.rglob("*")
        if p.is_file()
        and p.relative_to(SOURCE).as_posix() not in (*PATCHED, "index.html")
    ]
    assert others and all((root / p).is_file() for p in others)
    index = root / "index.html"
    assert index.read_bytes() == served_index((SOURCE / "index.html").read_bytes())
    served = index.read_bytes()
    assert BANNER_ID.encode() in served  # the reconnect banner
    assert b"HOLD_MS" in served  # and the keys typed after Enter (35.1)
    assert kept_focus.script() in served  # a field Flutter moves keeps the focus
    assert not index.is_symlink()  # Starlette serves no link leaving the folder
    assert offline_web_root(cache=tmp_path) == root  # made once
    assert [p.name for p in tmp_path.iterdir()] == [root.name]


def test_the_server_serves_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("FLET_WEB_PATH", "")  # (restored after the test)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    from jolly_scorer.server.web import build_app

    build_app(lambda page: None)
    served = Path(os.environ["FLET_WEB_PATH"])
    assert served.is_relative_to(tmp_path / "jolly-scorer" / "web")
    assert not calls_out((served / "main.dart.js").read_bytes())


def test_a_web_root_chosen_by_the_person_is_kept(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("FLET_WEB_PATH", str(tmp_path))
    assert use_offline_web_root() == tmp_path
