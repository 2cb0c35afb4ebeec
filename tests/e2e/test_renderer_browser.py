"""The app's page draws on one thread (``server/web.py``'s ``PAGE_HEADERS``).

A cross-origin isolated page gets Flutter's skwasm renderer on two threads,
whose shared glyph cache races in the Flutter of Flet 1.0.5 and leaves the
page spinning for ever (flutter/flutter#190039). Seen in this project's CI as
pages that never came up, their script stuck in ``paragraph_layout``; the
soak in ``benchmarks/text_churn.py`` shows it in seconds. The server sends no
``Cross-Origin-Embedder-Policy``, so the page is not isolated and the renderer
starts no worker."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from browser_steps import flutter_ready  # noqa: E402
from server_process import start_server  # noqa: E402


@pytest.mark.browser
def test_the_page_draws_on_one_thread(chromium, tmp_path):
    server = start_server(tmp_path)
    try:
        context = chromium.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        page.goto(server.url + "/")
        flutter_ready(page, "Jolly")  # the renderer has drawn the first screen
        assert page.evaluate("() => window.crossOriginIsolated") is False
        # skwasm on two threads draws in a worker of its own (a blob: script)
        assert [worker.url for worker in page.workers] == []
        context.close()
    finally:
        server.stop()
