"""The first start with a display (issue 12.10): the desktop package comes with
the app, and when Flet's one-time client download fails the app says so in one
line and serves itself in the browser instead."""

from __future__ import annotations

import urllib.error

import flet as ft
import flet_desktop

from jolly_scorer import serve as served_app


def test_desktop_package_is_installed_up_front():
    import flet.version
    import flet_desktop.version

    # Flet would otherwise pip-install it at run time (ensure_..._installed)
    assert flet_desktop.version.version == flet.version.flet_version


def test_failed_client_download_serves_in_the_browser(monkeypatch, capsys):
    def offline():
        raise urllib.error.URLError("[Errno 101] Network is unreachable")

    served = {}

    def serve(session, **kw):
        served.update(kw)

    def desktop(*a, **kw):
        raise AssertionError("the desktop window was tried after all")

    monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.setattr(flet_desktop, "ensure_client_cached", offline)
    monkeypatch.setattr(served_app, "serve", serve)
    monkeypatch.setattr(ft, "run", desktop)
    served_app.run(port=8597, open_browser=False)
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "serving it in the browser instead" in err
    assert "Network is unreachable" in err
    assert "http://127.0.0.1:8597/" in out
    assert served["host"] == "127.0.0.1" and served["port"] == 8597


def test_with_the_client_there_the_window_opens(monkeypatch):
    opened = []
    monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.setattr(flet_desktop, "ensure_client_cached", lambda: None)
    monkeypatch.setattr(ft, "run", lambda *a, **kw: opened.append(kw))
    served_app.run(open_browser=False)
    assert opened and "view" not in opened[0]
