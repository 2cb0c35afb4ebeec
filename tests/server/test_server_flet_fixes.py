"""Flet's private names the server reads (jolly_scorer/server/flet_fixes.py):
one test each, failing when a Flet update renames or drops it, and the list
of fixes applied and in place."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import flet as ft
import pytest
from flet.controls import object_patch
from flet_web.fastapi import FletApp, app_manager

from jolly_scorer.server import flet_fixes


@pytest.fixture
def flet_app():
    loop = asyncio.new_event_loop()
    executor = ThreadPoolExecutor(max_workers=1)
    yield FletApp(
        loop=loop,
        executor=executor,
        main=lambda page: None,
        before_main=None,
        session_timeout_seconds=10,
    )
    executor.shutdown()
    loop.close()


def test_the_pinned_flet_is_the_one_the_fixes_were_written_for():
    assert ft.__version__ == flet_fixes.FLET_VERSION


def test_fletapp_session(flet_app):  # _FletApp__session
    assert hasattr(flet_app, "_FletApp__session")
    assert flet_fixes.flet_session(flet_app) is None  # not registered yet


def test_fletapp_unique_session_id(flet_app):  # _FletApp__get_unique_session_id
    import inspect

    unique = flet_fixes.unique_session_id(flet_app)
    assert callable(unique)
    assert "session_id" in inspect.signature(unique).parameters


def test_fletapp_send_queue():  # _FletApp__send_queue (made by handle())
    import inspect

    assert "self.__send_queue = asyncio.Queue()" in inspect.getsource(FletApp.handle)


def test_fletapp_running_tasks(flet_app):  # _FletApp__running_tasks
    import inspect

    assert flet_fixes.page_tasks(flet_app) == set()
    source = inspect.getsource(FletApp._FletApp__on_message)
    assert "self.__running_tasks.add(task)" in source  # one per event frame
    assert "running_tasks.discard" in source  # until it ends


def test_fletappmanager_sessions():  # _FletAppManager__sessions
    assert isinstance(app_manager._FletAppManager__sessions, dict)
    assert (
        flet_fixes.page_sessions(app_manager) is app_manager._FletAppManager__sessions
    )


def test_diffbuilder_root():  # _DiffBuilder__root
    builder = object_patch.DiffBuilder({}, {})
    assert isinstance(builder._DiffBuilder__root, list)


def test_component_stale_and_body():  # Component._stale, Component._b
    import dataclasses

    from flet.components.component import Component

    fields = {f.name: f for f in dataclasses.fields(Component)}
    assert fields["_stale"].default is False
    assert fields["_b"].default is None


def test_every_fix_is_needed_and_in_place():
    assert flet_fixes.apply_fixes() == []
    for fix in flet_fixes.FIXES:
        assert fix.applied(), fix.name


def test_a_message_to_a_page_closed_during_its_first_draw_is_dropped(flet_app):
    """Issue 38.9: "Exception in effect: 'NoneType' object has no attribute
    'put_nowait'" when a page closed during its first draw (Flet's send loop
    had set its queue to None)."""
    from flet.messaging.protocol import Message, MessageAction

    flet_fixes.quiet_send_message()
    message = Message(MessageAction.PATCH_CONTROL, {"id": 1, "patch": []})
    flet_app._FletApp__send_queue = None  # the client left
    flet_app.send_message(message)  # nothing raised, nothing sent
    queue: asyncio.Queue[bytes] = asyncio.Queue()
    flet_app._FletApp__send_queue = queue
    flet_app.send_message(message)
    assert queue.qsize() == 1


def _board(names: list[str]) -> ft.Control:
    """Controls with every kind of field value the walk meets: None, numbers,
    strings, enums, value dataclasses (a border), lists, a handler."""
    return ft.Column(
        [
            ft.Container(
                ft.Row(
                    [ft.Text(name, size=17, color=ft.Colors.RED), ft.Icon(ft.Icons.ADD)]
                ),
                border=ft.Border.all(1, ft.Colors.PRIMARY),
                padding=4,
                data={"seat": seat, "names": [name]},
                on_click=lambda e: None,
            )
            for seat, name in enumerate(names)
        ]
    )


def _named(control: object) -> str:
    """A control told by its kind and what it shows (the same in two runs)."""
    shown = getattr(control, "value", None) or getattr(control, "icon", None)
    return f"{type(control).__name__}:{shown}"


def _diff(src: object, dst: ft.Control) -> tuple[list[str], list[str]]:
    from flet.controls.base_control import BaseControl

    _, added, removed = object_patch.ObjectPatch.from_diff(
        src, dst, control_cls=BaseControl
    )
    return [_named(c) for c in added], [_named(c) for c in removed]


@pytest.mark.parametrize("drop", [0, 2])
def test_the_walk_finds_the_same_controls_without_the_leaves(monkeypatch, drop):
    """Flet's own walk (the wrapped function) and the walk that skips the
    values it does nothing with find the same added controls, in the same
    order (and so the same removed ones): a redraw that adds a board, then
    one that takes players away."""
    flet_fixes.skip_leaf_walks()
    builder = object_patch.DiffBuilder

    def diffs() -> list[tuple[list[str], list[str]]]:
        empty, board = ft.Column([]), _board(["Anna", "Ben", "Cleo", "Dan"])
        smaller = ft.Column(board.controls[drop:])
        _diff(None, empty)
        found = [_diff(empty, board)]
        found.append(_diff(board, smaller))
        return found

    skipped = diffs()
    assert "Text:Anna" in skipped[0][0]
    assert "Text:Ben" in skipped[1][1] or not drop
    for name in flet_fixes._WALKS:
        monkeypatch.setattr(builder, name, getattr(builder, name).__wrapped__)
    assert not flet_fixes._leaf_walks_applied()
    assert diffs() == skipped


def test_the_walk_skips_none_numbers_strings_and_enums_only():
    flet_fixes.skip_leaf_walks()
    walked = []

    def walk(self, item, *args):
        walked.append(item)
        yield from ()

    wrapped = flet_fixes._leaves_skipped(walk)
    values = [None, 1, 2.5, True, "x", ft.Colors.RED, ft.Text("t"), {}, [], ft.Text]
    for value in values:
        list(wrapped(None, value))
    assert walked == [values[6], {}, [], ft.Text]
