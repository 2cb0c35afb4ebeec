"""No handler's exception reaches the browser as a traceback (issue 12.3):
the page stays usable, shows a short message, the server log has the rest."""

from __future__ import annotations

import logging

from jolly_scorer.ui import app as ui_app
from jolly_scorer.ui.state import AppState

SECRET = "/srv/private/jolly_scorer/ui/state.py"


def test_handler_exception_stays_on_the_server(flet_app, tmp_path, monkeypatch, caplog):
    app = flet_app(lambda page: ui_app.main(page, tmp_path), width=390, height=844)
    real_go = AppState.go
    calls = []

    def broken(self, screen):
        calls.append(screen)
        if len(calls) == 1:
            raise ValueError(f"invalid literal for int(): '²' in {SECRET}")
        return real_go(self, screen)

    monkeypatch.setattr(AppState, "go", broken)
    with caplog.at_level(logging.ERROR):
        app.click(app.find(semantics="home-new-game"))
        app.settle()
    app.check()  # no "session crashed" message was sent
    sent = repr(app.conn.messages)
    assert SECRET not in sent and "Traceback" not in sent
    assert "Something went wrong. Nothing else was changed." in sent
    assert SECRET in caplog.text and "Traceback" in caplog.text
    # the page is still there and still works
    app.click(app.find(semantics="home-new-game"))
    app.wait_for(lambda: bool(app.find_all(semantics="player-name-1")))


def test_log_volume_is_capped():
    from jolly_scorer.server.logs import RateLimit

    limit = RateLimit(burst=30, period=60)
    kept = []
    for i in range(10_000):
        try:
            raise ValueError("junk frame")
        except ValueError:
            import sys

            record = logging.LogRecord(
                "flet_web",
                logging.WARNING,
                __file__,
                1,
                "Receive loop error %s",
                (i,),
                sys.exc_info(),
            )
        if limit.filter(record):
            kept.append(record)
    assert len(kept) == 30
    assert sum(1 for r in kept if r.exc_info) == 1  # one traceback, not 30
