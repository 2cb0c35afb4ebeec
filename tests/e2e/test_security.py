"""A page from another origin cannot read or change anything (issue 12.1):
two servers on 127.0.0.1, the app and a stranger's page on another port, in
headless Chromium."""

from __future__ import annotations

import http.server
import sys
import threading
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from server_process import start_server  # noqa: E402

PROBE = """
async (app) => {
  const ws = await new Promise((done) => {
    const s = new WebSocket(app.replace('http', 'ws') + '/ws');
    s.binaryType = 'arraybuffer';
    s.onopen = () => done('open');
    s.onerror = () => done('refused');
  });
  let read;
  try { read = (await (await fetch(app + '/')).text()).slice(0, 40); }
  catch (e) { read = 'blocked'; }
  let posted;
  try { await fetch(app + '/join', {method: 'POST', body: 'pin=1'}); posted = 'sent'; }
  catch (e) { posted = 'blocked'; }
  return {ws, read, posted};
}
"""


@pytest.fixture
def stranger():
    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802
            body = b"<!DOCTYPE html><title>stranger</title><p>hello</p>"
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


@pytest.mark.browser
def test_page_from_another_port_cannot_reach_the_app(chromium, stranger, tmp_path):
    app = start_server(tmp_path)
    try:
        context = chromium.new_context()
        page = context.new_page()
        page.goto(stranger + "/")
        result = page.evaluate(PROBE, app.url)
        assert result == {"ws": "refused", "read": "blocked", "posted": "blocked"}
        # the app's own page does open its websocket
        page.goto(app.url + "/")
        assert page.evaluate(PROBE, app.url)["ws"] == "open"
        context.close()
        assert "refused websocket /ws" in app.log()
    finally:
        app.stop()
