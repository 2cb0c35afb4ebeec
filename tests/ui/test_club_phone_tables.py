"""The club's tables on a phone (issue 35), in process: where the ranking or
a season's standings are wider than the page, a line per player (no table
that scrolls sideways), every column still there as "head value" under the
name; on a laptop the whole table. The drawing is checked in Chromium by
``tests/e2e/test_club_fit_browser.py``."""

from __future__ import annotations

import flet as ft
import pytest
from flet_harness import iter_controls
from support.app_steps import field_in
from support.club_evening import EIGHT, prepared
from test_club_season_ui import THREE, evening

from jolly_scorer.i18n import Translator
from jolly_scorer.store import Store
from jolly_scorer.ui import app as ui_app


def inside(app, identifier: str) -> list[ft.BaseControl]:
    """The controls under the one tagged ``identifier``."""
    return inside_of(app, app.find(semantics=identifier))


def spans(controls) -> str:
    """The texts of the spans in ``controls`` (the "head value" pairs)."""
    return " ".join(
        "".join(s.text or "" for s in c.spans)
        for c in controls
        if isinstance(c, ft.Text) and c.spans
    )


@pytest.mark.parametrize(("width", "table"), [(390, False), (320, False), (1280, True)])
def test_the_ranking_on_a_phone_is_a_line_per_player(
    flet_app, tmp_path, monkeypatch, width, table
):
    monkeypatch.setenv("LANGUAGE", "fi")
    prepared(tmp_path)
    app = flet_app(lambda page: ui_app.main(page, tmp_path), width=width, height=800)
    app.click(app.find(semantics="home-club"))
    app.click(app.find(semantics="club-open-1"))
    app.wait_for(lambda: bool(app.find_all(semantics="club-ranking")))
    under = inside(app, "club-ranking")
    assert any(isinstance(c, ft.DataTable) for c in under) is table
    if table:
        return
    assert not [c for c in under if isinstance(c, ft.Row) and c.scroll]
    texts = [s for c in under for s in ([c.value] if isinstance(c, ft.Text) else [])]
    assert [t for t in texts if t in EIGHT] == [
        "Anna",
        "Ben",
        "Gabi",
        "Fritz",
        "Dora",
        "Hans",
        "Emil",
        "Cleo",
    ]
    t = Translator("fi")
    pairs = spans(under)
    for head in (t("Raw score"), t("Games"), t("Won"), t("Series {n}", n=2)):
        assert pairs.count(head) == 8, (head, pairs)
    assert any(t("by lot (the event's seed {seed})", seed=7) in s for s in texts)


def test_a_seasons_standings_on_a_phone_and_a_tap_on_a_player(flet_app, tmp_path):
    with Store.open(tmp_path) as store:
        for name, order in THREE:
            evening(store, name, order)
        ids = {e.name: e.id for e in store.list_events()}
    app = flet_app(lambda page: ui_app.main(page, tmp_path), width=390, height=844)
    app.click(app.find(semantics="home-club"))
    app.click(app.find(semantics="club-seasons"))
    app.type_text(field_in(app, "season-name"), "Saison 2026")
    app.type_text(field_in(app, "season-best"), "2")
    app.click(app.find(semantics="season-create"))
    app.wait_for(lambda: bool(app.find_all(semantics="season-add")))
    for name, _ in THREE:
        app.set_value(field_in(app, "season-add"), str(ids[name]), event="select")
    app.wait_for(lambda: bool(app.find_all(semantics="season-standings")))
    under = inside(app, "season-standings")
    assert not any(isinstance(c, ft.DataTable) for c in under)
    assert spans(under).count("Abend 2") == 5
    anna = next(
        c
        for c in under
        if isinstance(c, ft.Container)
        and c.on_click is not None
        and "Anna" in [getattr(x, "value", None) for x in inside_of(app, c)]
    )
    app.click(anna)
    app.wait_for(lambda: bool(app.find_all(semantics="season-line")))
    assert "Abend 2: 16 (not counted)" in app.texts()


def inside_of(app, root) -> list[ft.BaseControl]:
    """The controls under ``root``."""
    parents = {id(c): parent for c, parent in iter_controls(app.page)}
    found = []
    for control, _ in iter_controls(app.page):
        parent = parents.get(id(control))
        while parent is not None and parent is not root:
            parent = parents.get(id(parent))
        if parent is root:
            found.append(control)
    return found
