"""Dialogs and a late tap. The host's table dialog
(``ui/screens/table_host/panel.py``): ending the table sends every phone
away for good, so it is asked first, in place; and a tap that reaches the
server after a dialog closed (a double tap, a slow phone) changes nothing:
no other dialog closed, no table ended. The same for the banner that says
the database went away (``ui/app.py``)."""

from __future__ import annotations

import flet as ft
from test_phone_round import host_page

from jolly_scorer.tables import sessions


def panel(host):
    host.click(host.find(semantics="table-show"))
    return host.find(semantics="table-end")


def visible(host, identifier):
    return any(c.visible for c in host.find_all(semantics=identifier))


def test_ending_the_table_is_asked_first_and_keep_changes_nothing(
    flet_app, tmp_path, monkeypatch
):
    host = host_page(flet_app, tmp_path, monkeypatch, 390)
    table = sessions.current_table()
    panel(host)
    host.click(host.find(semantics="table-end"))
    assert not table.ended  # one tap only asks
    assert any("End the table for everyone?" in s for s in host.texts())
    host.click(host.find(semantics="table-end-keep"))
    assert not table.ended
    assert host.find(semantics="table-end").visible
    host.click(host.find(semantics="table-end"))
    host.click(host.find(semantics="table-end-confirm"))
    assert table.ended
    assert any("The table has ended" in s for s in host.texts())


def test_a_late_end_now_after_keep_ends_nothing(flet_app, tmp_path, monkeypatch):
    host = host_page(flet_app, tmp_path, monkeypatch, 390)
    table = sessions.current_table()
    panel(host)
    host.click(host.find(semantics="table-end"))
    confirm = host.find(semantics="table-end-confirm")
    host.click(host.find(semantics="table-end-keep"))
    host.click(confirm)  # the second finger of a quick pair of taps
    assert not table.ended


def test_a_late_close_closes_no_other_dialog(flet_app, tmp_path, monkeypatch):
    host = host_page(flet_app, tmp_path, monkeypatch, 390)
    panel(host)
    close = host.find(semantics="table-close")
    host.click(close)
    other = ft.AlertDialog(title=ft.Text("Another question"))
    host.page.show_dialog(other)
    host.settle()
    host.click(close)  # the closed panel's Close, tapped late
    assert other.open


def test_a_late_close_of_the_store_gone_banner_closes_no_other_dialog(open_app):
    from jolly_scorer.ui import app as ui_app

    app = open_app()
    banner_state = type("S", (), {"t": staticmethod(lambda text, **kw: text)})()
    ui_app.show_store_gone(app.page, banner_state)
    app.settle()
    close = app.find(text="Close")
    app.click(close)
    other = ft.AlertDialog(title=ft.Text("Another question"))
    app.page.show_dialog(other)
    app.settle()
    app.click(close)  # the banner's Close, tapped late
    assert other.open
