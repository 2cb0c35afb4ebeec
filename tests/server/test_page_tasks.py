"""Issue 38, what was left: the per-device turn (one heavy answer at a time)
bounds the work, not the handlers waiting for it. Flet starts a task for
every event frame (``FletApp.__on_message``) and never waits for the last
one, so a page could queue a handler per frame read, each waiting its turn
(100 frames: 100 handlers). The page's frames now wait while it has
:data:`PAGE_TASKS` handlers running; none is dropped."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import flet as ft
from flet_web.fastapi import FletApp, app_manager
from server_process import CONTROL_EVENT, pack, register_frame

from jolly_scorer.server import frames
from jolly_scorer.server.flet_fixes import flet_session, page_tasks
from jolly_scorer.server.frames import PAGE_TASKS, _CheckedSocket


class Socket:
    """A websocket fed from a queue, as Starlette's looks to Flet."""

    def __init__(self) -> None:
        self.frames: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.client = SimpleNamespace(host="127.0.0.5")
        self.headers: dict[str, str] = {}
        self.cookies: dict[str, str] = {}
        self.url = SimpleNamespace(path="/ws")
        self.url.__str__ = lambda: "http://127.0.0.1/ws"  # type: ignore[method-assign]

    async def accept(self, *args: Any) -> None:
        return None

    async def receive(self) -> dict[str, Any]:
        frame = await self.frames.get()
        if frame is None:
            return {"type": "websocket.disconnect", "code": 1000}
        return {"type": "websocket.receive", "bytes": frame}

    async def send_bytes(self, data: bytes) -> None:
        return None

    async def close(self, code: int = 1000) -> None:
        return None


def test_a_page_has_a_bounded_number_of_handlers_running(monkeypatch) -> None:
    monkeypatch.setattr(frames, "TASK_WAIT", 60.0)  # (a loaded machine)

    async def scenario() -> tuple[int, int]:
        release = asyncio.Event()
        handled = [0]

        async def slow(e: Any) -> None:  # waits its turn (the heavy pool's)
            await release.wait()
            handled[0] += 1

        def main(page: ft.Page) -> None:
            page.add(ft.Button("go", on_click=slow))

        flet_app = FletApp(
            loop=asyncio.get_running_loop(),
            executor=app_manager.executor,
            main=main,
            before_main=None,
            session_timeout_seconds=1,
        )
        socket = Socket()
        checked = _CheckedSocket(
            socket, register_frame(), tasks=lambda: page_tasks(flet_app)
        )
        running = asyncio.create_task(flet_app.handle(checked))
        for _ in range(500):
            session = flet_session(flet_app)
            buttons = [
                i
                for i, c in (session.index if session else {}).items()
                if isinstance(c, ft.Button)
            ]
            if buttons:
                break
            await asyncio.sleep(0.01)
        click = pack(
            CONTROL_EVENT, {"target": buttons[0], "name": "click", "data": None}
        )
        for _ in range(100):
            socket.frames.put_nowait(click)
        most = 0
        for _ in range(100):  # the frames are read as far as they may be
            await asyncio.sleep(0.01)
            most = max(most, len(page_tasks(flet_app) or ()))
            if socket.frames.empty():
                break
        release.set()
        for _ in range(500):  # then every one is handled
            if handled[0] == 100:
                break
            await asyncio.sleep(0.01)
        socket.frames.put_nowait(None)
        await asyncio.wait_for(running, 5)
        return most, handled[0]

    most, handled = asyncio.run(scenario())
    assert most <= PAGE_TASKS, most
    assert handled == 100, (most, handled)  # none dropped: they waited
