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
