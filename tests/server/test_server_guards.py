"""Review fixes of the server (REVIEW.md 8, 9, 11 and the small ones): the
join form's body is capped, the allowed hosts are taken as given, the table's
cookie is Secure over https, a page without the table's access gets nothing,
no watcher in the browser, a deleted database is told to every open page, and
pages never show server paths."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from jolly_scorer.core.rules import resolve_rules
from jolly_scorer.server import web as server
from jolly_scorer.store import Store, StoreGone, StoreWriteError
from jolly_scorer.tables import sessions
from jolly_scorer.tables.table import COOKIE, Table
from jolly_scorer.tables.watcher import StoreWatcher
from jolly_scorer.ui import app as ui_app
from jolly_scorer.ui.settings import UiSettings
from jolly_scorer.ui.state import AppState

SECRET = "/srv/private/data/games.db"


def client(table: Table, scheme: str = "http") -> TestClient:
    app = server.build_app(lambda page: None, host="127.0.0.1", table=table)
    return TestClient(app, base_url=f"{scheme}://127.0.0.1:8550")


def test_join_post_body_is_capped():
    table = Table()
    web = client(table)
    form = {"content-type": "application/x-www-form-urlencoded"}
    # the right PIN, then a long tail: refused whole, nothing of it read further
    long = f"pin={table.pin}&x=" + "a" * 5000
    response = web.post("/join", content=long, headers=form, follow_redirects=False)
    assert response.status_code == 413 and COOKIE not in response.headers.get(
        "set-cookie", ""
    )

    def chunks():  # no content-length: the stream is cut at the cap
        yield f"pin={table.pin}&x=".encode()
        for _ in range(100):
            yield b"a" * 100

    response = web.post("/join", content=chunks(), headers=form, follow_redirects=False)
    assert response.status_code == 413
    assert not table.guests()
    ok = web.post(
        "/join", content=f"pin={table.pin}", headers=form, follow_redirects=False
    )
    assert ok.status_code == 303 and len(table.guests()) == 1


def test_pages_are_guarded_but_not_cross_origin_isolated():
    """COOP and no frames of other sites, but no COEP: an isolated page gets
    Flutter's renderer on two threads, which freezes (see ``PAGE_HEADERS``)."""
    headers = client(Table()).get("/join").headers
    assert headers["cross-origin-opener-policy"] == "same-origin"
    assert headers["x-frame-options"] == "DENY"
    assert "cross-origin-embedder-policy" not in headers
    assert "access-control-allow-origin" not in headers


def test_table_cookie_is_secure_over_https_only():
    table = Table()
    plain = client(table).get(f"/join?token={table.join_token}", follow_redirects=False)
    assert plain.status_code == 303
    assert "secure" not in plain.headers["set-cookie"].lower()
    secure = client(table, "https").get(
        f"/join?token={table.join_token}", follow_redirects=False
    )
    assert secure.status_code == 303
    assert "secure" in secure.headers["set-cookie"].lower()


def test_allowed_hosts_are_taken_as_given(monkeypatch):
    monkeypatch.setenv(
        "JOLLY_SCORER_ALLOWED_HOSTS", " Example.org:443 ,tafel.local,[::1]:9000,fe80::1"
    )
    hosts = server.allowed_hosts("127.0.0.1", 8550, ["proxy.lan:8080", "box"])
    assert {
        "example.org:443",
        "tafel.local:8550",
        "[::1]:9000",
        "[fe80::1]:8550",
        "proxy.lan:8080",
        "box:8550",
        "127.0.0.1:8550",
    } <= hosts
    assert not any(h.count(":") > 1 and not h.startswith("[") for h in hosts)


def test_without_the_tables_access_a_page_gets_nothing(flet_app, tmp_path, monkeypatch):
    assert sessions.current_access() == sessions.Access("local")
    monkeypatch.setattr(sessions, "_TABLE", Table())
    assert sessions.current_access() is None
    app = flet_app(lambda page: ui_app.main(page, tmp_path), width=390, height=844)
    app.wait_for(lambda: "Join the table first." in app.texts())
    assert not app.find_all(semantics="home-new-game")


def test_no_store_watcher_in_the_browser(flet_app, tmp_path, monkeypatch):
    from jolly_scorer.store import platform

    started = []
    monkeypatch.setattr(ui_app, "watch_store", lambda *a: started.append(a))
    monkeypatch.setattr(platform, "IN_BROWSER", True)
    app = flet_app(lambda page: ui_app.main(page, tmp_path), width=390, height=844)
    app.wait_for(lambda: bool(app.find_all(semantics="home-new-game")))
    assert started == []


def test_watcher_tells_when_the_database_is_gone(tmp_path):
    store = Store.open(tmp_path)
    told: list[str] = []
    watcher = StoreWatcher(store, lambda game_id: None, lambda: told.append("gone"))
    watcher._look()
    (tmp_path / store.path.name).unlink()

    async def watch() -> None:
        await asyncio.wait_for(watcher.run(), timeout=10)

    asyncio.run(watch())
    assert told == ["gone"]
    store.close()


def test_every_open_page_shows_that_the_database_is_gone(flet_app, tmp_path):
    first = flet_app(lambda page: ui_app.main(page, tmp_path), width=390, height=844)
    second = flet_app(lambda page: ui_app.main(page, tmp_path), pubsub_with=first)
    for app in (first, second):
        app.wait_for(lambda app=app: bool(app.find_all(semantics="home-new-game")))
    with Store.open(tmp_path) as store:
        database = str(store.path)

    async def tell() -> None:  # what the watcher's gone() says
        first.session.page.pubsub.send_all(
            {ui_app.GONE_KEY: True, "database": database}
        )

    first._run(tell())
    for app in (first, second):
        app.wait_for(
            lambda app=app: any(
                "deleted or replaced" in repr(m) for m in app.conn.messages
            )
        )
    sent = repr(second.conn.messages)
    assert "reload the page" in sent and "restart" not in sent


def test_store_gone_never_says_restart():
    tmp = Path("/x/games.db")
    error = StoreGone(tmp)
    assert "restart" not in str(error) and "restart" not in (error.public or "")
    assert str(tmp) not in (error.public or "")


class Failing:
    """A store whose writes fail with a server path in the message."""

    def __init__(self, store: Store, error: Exception) -> None:
        self._store = store
        self._error = error

    def create_game(self, game):
        raise self._error

    def __getattr__(self, name):
        return getattr(self._store, name)


@pytest.mark.parametrize(
    "error",
    [
        StoreWriteError(f"cannot write {SECRET!r}: it is read-only"),
        StoreGone(Path(SECRET)),
        OSError(f"[Errno 28] No space left on device: {SECRET!r}"),
    ],
)
def test_pages_get_no_server_paths(tmp_path, caplog, error):
    with Store.open(tmp_path) as store:
        state = AppState(store=Failing(store, error), settings=UiSettings("en"))
        with caplog.at_level(logging.WARNING):
            message = state.start_game(resolve_rules("jolly_at"), ["Anna", "Ben"])
        assert message and SECRET not in message and "/srv" not in message
        assert SECRET in caplog.text  # the details are in the log


def test_page_errors_are_translated(tmp_path):
    from flet_harness import control_texts, iter_controls

    from jolly_scorer.ui.widgets.screen import messages

    with Store.open(tmp_path) as store:
        failing = Failing(store, StoreGone(Path(SECRET)))
        state = AppState(store=failing, settings=UiSettings("de"))
        assert state.start_game(resolve_rules("jolly_at"), ["Anna", "Ben"])
        shown = " ".join(
            t
            for c in messages(state)
            for x, _ in iter_controls(c)
            for t in control_texts(x)
        )
    assert "gelöscht oder ersetzt" in shown and SECRET not in shown
