"""In-process test harness for Flet 1.0.5 apps (no browser, no Flutter).

It drives a real ``flet.messaging.session.Session`` over a fake connection, the
way Flet's own web server does (``flet_web/fastapi/flet_app.py``), so a test
can run an app's ``main(page)``, find controls, click and type, and assert on
the controls and on what was sent to the client.

Usage (the ``flet_app`` fixture in ``tests/conftest.py`` builds one)::

    def test_save(flet_app):
        app = flet_app(main, width=390, height=844)
        app.type_text(app.find(label="Name"), "Anna")
        app.click(app.find(text="Save"))
        assert app.find(text="Saved Anna")

Everything is synchronous for the test: the harness owns a private event loop,
runs it (in a helper thread, so a test may also hold Playwright's loop) until the
app is idle after each action. A handler exception (Flet turns
it into a "session crashed" message) fails the test with the traceback.

This relies on unexported Flet internals; Flet is pinned, keep this file small.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import time
import traceback
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page, context
from flet.messaging.connection import Connection
from flet.messaging.protocol import (
    Message,
    MessageAction,
    RegisterClientResponseBody,
    configure_encode_object_for_msgpack,
    decode_ext_from_msgpack,
)
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

__all__ = ["FletTestApp", "SessionCrashed", "iter_controls", "control_texts"]

_TEXT_FIELDS = ("value", "text", "content", "label", "tooltip", "hint_text")


class SessionCrashed(AssertionError):
    """The app raised in ``main`` or in an event handler."""


class LostCall(Exception):
    """Raised by a method handler (``methods=``): the call is lost on its way,
    and the page that made it gets no answer (as a page just reloaded missed
    one in the browser)."""


class FakeConnection(Connection):
    """A connection that encodes like the real one and keeps what it sent."""

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        executor: ThreadPoolExecutor,
        hub: PubSubHub | None = None,
    ):
        super().__init__()
        self.loop = loop
        self.executor = executor
        self.pubsubhub = hub or PubSubHub(loop=loop, executor=executor)
        self.page_name = ""
        self.page_url = "http://127.0.0.1:8550/"
        self._encode = configure_encode_object_for_msgpack(BaseControl)
        self.messages: list[list[Any]] = []  # decoded [action, body] frames
        self.crashes: list[str] = []
        self.method_calls: list[tuple[str, str, dict[str, Any]]] = []
        self.session: Session | None = None
        self.prefs: dict[str, Any] = {}
        self.clipboard: str | None = None
        # (control type, method) -> handler(args) -> result; tests may add more.
        self.method_handlers: dict[tuple[str, str], Callable[[dict[str, Any]], Any]]
        self.method_handlers = self._default_handlers()

    def send_message(self, message: Message) -> None:
        # Encoding is not optional: it records the snapshots later diffs use.
        packed = msgpack.packb([message.action, message.body], default=self._encode)
        action, body = msgpack.unpackb(
            packed, ext_hook=decode_ext_from_msgpack, strict_map_key=False
        )
        self.messages.append([action, body])
        if action == MessageAction.SESSION_CRASHED.value:
            self.crashes.append(str(body.get("message", body)))
        elif action == MessageAction.INVOKE_METHOD.value:
            self.loop.call_soon(self._answer, body)

    def _answer(self, body: dict[str, Any]) -> None:
        assert self.session is not None
        control = self.session.index.get(body["control_id"])
        ctype = getattr(control, "_c", "?") if control is not None else "?"
        args = body.get("args") or {}
        self.method_calls.append((ctype, body["name"], args))
        handler = self.method_handlers.get((ctype, body["name"]))
        result, error = None, None
        if handler is not None:
            try:
                result = handler(args)
            except LostCall:  # the call never reaches the client: no answer
                return
            except Exception as e:  # report to the awaiting caller
                error = f"{type(e).__name__}: {e}"
        if body["control_id"] in self.session.index:
            self.session.handle_invoke_method_results(
                body["control_id"], body["call_id"], result, error
            )

    def _default_handlers(
        self,
    ) -> dict[tuple[str, str], Callable[[dict[str, Any]], Any]]:
        p = self.prefs

        def set_clip(a: dict[str, Any]) -> None:
            self.clipboard = a.get("data")

        return {
            ("SharedPreferences", "set"): lambda a: (
                p.__setitem__(a["key"], a["value"]) or True
            ),
            ("SharedPreferences", "get"): lambda a: p.get(a["key"]),
            ("SharedPreferences", "contains_key"): lambda a: a["key"] in p,
            ("SharedPreferences", "remove"): lambda a: (
                p.pop(a["key"], None) is not None
            ),
            ("SharedPreferences", "get_keys"): lambda a: [
                k for k in p if k.startswith(a.get("key_prefix") or "")
            ],
            ("SharedPreferences", "clear"): lambda a: p.clear() or True,
            ("Clipboard", "set"): set_clip,
            ("Clipboard", "get"): lambda a: self.clipboard,
        }


_PLAIN = (str, int, float, bool)
#: Per dataclass: the names of the fields that may hold controls, in order.
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = tuple(
            f.name
            for f in dataclasses.fields(cls)
            if not f.metadata.get("skip") and f.name != "_parent"
        )
        _FIELD_NAMES[cls] = names
    return names


def iter_controls(root: Any) -> Iterator[tuple[BaseControl, BaseControl | None]]:
    """Yield ``(control, parent)`` for every control under ``root``, tree order.

    Walks every dataclass field, dict and list below ``root`` (each object
    once; not below a control that is not ``visible``: a person sees none of
    it, e.g. the scoreboard kept under the round entry), with a stack instead
    of nested generators: a deep page has hundreds of thousands of values,
    and every finding walks it."""
    seen: set[int] = set()
    stack: list[tuple[Any, BaseControl | None]] = [(root, None)]
    while stack:
        value, parent = stack.pop()
        if id(value) in seen:
            continue
        if isinstance(value, BaseControl):
            seen.add(id(value))
            yield value, parent
            if getattr(value, "visible", True) is False:
                continue  # hidden: what it holds is not on the screen
            parent = value
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            seen.add(id(value))
            children: Any = [getattr(value, n, None) for n in _field_names(type(value))]
        elif isinstance(value, dict):
            children = list(value.values())
        elif isinstance(value, (list, tuple)):
            children = value
        else:
            continue
        for item in reversed(children):
            if item is not None and not isinstance(item, _PLAIN):
                stack.append((item, parent))


def control_texts(control: BaseControl) -> list[str]:
    """Plain strings a user would read on ``control`` itself (not its children)."""
    out = []
    for name in _TEXT_FIELDS:
        v = getattr(control, name, None)
        if isinstance(v, str):
            out.append(v)
    return out


def _has_handler(control: BaseControl, event: str) -> bool:
    return getattr(control, f"on_{event}", None) is not None


class FletTestApp:
    """One app session driven in process. Build it with the ``flet_app`` fixture."""

    def __init__(
        self,
        main: Callable[[ft.Page], Any],
        *,
        width: float = 390,
        height: float = 844,
        route: str = "/",
        prefs: dict[str, Any] | None = None,
        pubsub_with: FletTestApp | None = None,
        methods: dict[tuple[str, str], Callable[[dict[str, Any]], Any]] | None = None,
    ) -> None:
        """``pubsub_with``: another app whose pubsub hub this one shares, like
        two browser tabs of one server (``page.pubsub`` reaches the other);
        ``methods``: more answers to client methods, keyed (control type, name)."""
        self.loop = asyncio.new_event_loop()
        self.executor = ThreadPoolExecutor(max_workers=2)
        self._loop_thread = ThreadPoolExecutor(max_workers=1)  # runs self.loop
        hub = pubsub_with.conn.pubsubhub if pubsub_with is not None else None
        self.conn = FakeConnection(self.loop, self.executor, hub)
        if prefs:
            self.conn.prefs.update(prefs)
        # answers to client methods, e.g. {("Page", "get_device_info"): ...}
        self.conn.method_handlers.update(methods or {})
        self._run(self._start(main, width, height, route))

    # -- lifecycle ---------------------------------------------------------
    async def _start(
        self, main: Callable[[ft.Page], Any], width: float, height: float, route: str
    ) -> None:
        session = Session(self.conn)
        self.conn.session = session
        self.session = session
        _context_page.set(session.page)
        session.apply_page_patch(
            {"route": route, "width": width, "height": height, "web": True}
        )
        self.conn.send_message(
            Message(
                MessageAction.REGISTER_CLIENT,
                RegisterClientResponseBody(
                    session_id=session.id,
                    page_patch=session.get_page_patch(),
                    error="",
                ),
            )
        )
        context.reset_auto_update()
        try:
            result = main(session.page)
            if asyncio.iscoroutine(result):
                await result
        except Exception as e:  # same as Flet: report as a crashed session
            session.error(f"{e}\n{traceback.format_exc()}")
        await session.after_event(session.page)

    def _loop_run(self, coro: Any, timeout: float = 30) -> Any:
        """Run the private loop until ``coro`` is done (in the loop thread)."""
        return self._loop_thread.submit(self.loop.run_until_complete, coro).result(
            timeout
        )

    def _run(self, coro: Any) -> Any:
        result = self._loop_run(coro)
        self.settle()
        return result

    def settle(self, rounds: int = 20) -> None:
        """Let scheduled updates, effects and re-renders run; check for crashes."""

        async def spin() -> None:
            for _ in range(rounds):
                await asyncio.sleep(0)

        self._loop_run(spin())
        self.check()

    def wait_for(self, predicate: Callable[[], bool], timeout: float = 5) -> None:
        """Settle until ``predicate()`` holds (messages from another session
        arrive through a thread); fail after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            self.settle()
            if predicate():
                return
            if time.monotonic() > deadline:
                raise AssertionError("timed out; page shows:\n" + self.dump())
            time.sleep(0.02)

    def check(self) -> None:
        """Raise :class:`SessionCrashed` if the app reported an error."""
        if self.conn.crashes:
            crashes, self.conn.crashes = self.conn.crashes, []
            raise SessionCrashed("Flet session crashed:\n" + "\n---\n".join(crashes))

    def close(self) -> None:
        async def close_session() -> None:
            self.session.close()
            await asyncio.sleep(0)

        with contextlib.suppress(Exception):
            self._loop_run(close_session())

        async def cancel_pending() -> None:
            me = asyncio.current_task()
            pending = [t for t in asyncio.all_tasks() if t is not me]
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)

        self._loop_run(cancel_pending())
        self._loop_thread.submit(self.loop.close).result()
        self._loop_thread.shutdown()
        self.executor.shutdown(wait=False, cancel_futures=True)

    # -- state -------------------------------------------------------------
    @property
    def page(self) -> ft.Page:
        return self.session.page

    @property
    def prefs(self) -> dict[str, Any]:
        """The in-memory SharedPreferences store (read and write)."""
        return self.conn.prefs

    def controls(self) -> list[BaseControl]:
        return [c for c, _ in iter_controls(self.page)]

    def parent_of(self, control: BaseControl) -> BaseControl | None:
        for c, parent in iter_controls(self.page):
            if c is control:
                return parent
        return None

    # -- finding -----------------------------------------------------------
    def find_all(
        self,
        predicate: Callable[[BaseControl], bool] | None = None,
        *,
        type: type | None = None,  # noqa: A002 - reads well at call sites
        key: Any = None,
        text: str | None = None,
        contains: str | None = None,
        label: str | None = None,
        semantics: str | None = None,
    ) -> list[BaseControl]:
        """All controls matching every given criterion, in tree order.

        ``text`` matches exactly one of value/text/content/label/tooltip/hint_text;
        ``contains`` is a substring of one of them; ``semantics`` is an
        ``ft.Semantics(identifier=...)``; ``label`` also matches Semantics labels.
        """
        return list(
            self._matching(predicate, type, key, text, contains, label, semantics)
        )

    def _matching(
        self,
        predicate: Callable[[BaseControl], bool] | None,
        type: type | None,  # noqa: A002
        key: Any,
        text: str | None,
        contains: str | None,
        label: str | None,
        semantics: str | None,
    ) -> Iterator[BaseControl]:
        """The controls :meth:`find_all` lists, one at a time (a walk of the
        page that stops where its caller stops)."""
        for c, _ in iter_controls(self.page):
            if type is not None and not isinstance(c, type):
                continue
            if key is not None and getattr(c, "key", None) != key:
                continue
            if semantics is not None and getattr(c, "identifier", None) != semantics:
                continue
            texts = control_texts(c)
            if text is not None and text not in texts:
                continue
            if contains is not None and not any(contains in s for s in texts):
                continue
            if label is not None and getattr(c, "label", None) != label:
                continue
            if predicate is not None and not predicate(c):
                continue
            yield c

    def find(
        self,
        predicate: Callable[[BaseControl], bool] | None = None,
        *,
        type: type | None = None,  # noqa: A002
        key: Any = None,
        text: str | None = None,
        contains: str | None = None,
        label: str | None = None,
        semantics: str | None = None,
    ) -> Any:
        """The first matching control (the walk stops there); fails the test
        with a tree dump if none."""
        for found in self._matching(
            predicate, type, key, text, contains, label, semantics
        ):
            return found
        kw = {
            name: value
            for name, value in (
                ("type", type),
                ("key", key),
                ("text", text),
                ("contains", contains),
                ("label", label),
                ("semantics", semantics),
            )
            if value is not None
        }
        raise AssertionError(
            f"no control matches {kw or predicate!r}; page shows:\n" + self.dump()
        )

    def texts(self) -> list[str]:
        """Every visible string on the page, tree order (handy in asserts)."""
        return [s for c in self.controls() for s in control_texts(c)]

    def dump(self) -> str:
        lines = []
        for c in self.controls():
            t = control_texts(c)
            ident = getattr(c, "identifier", None)
            extra = f" id={ident!r}" if ident else ""
            lines.append(f"  {type(c).__name__}#{c._i}{extra} {t if t else ''}")
        return "\n".join(lines)

    # -- acting ------------------------------------------------------------
    def _event_target(self, control: BaseControl, event: str) -> BaseControl:
        if _has_handler(control, event):
            return control
        for c, _ in iter_controls(control):  # e.g. a Semantics wrapper
            if _has_handler(c, event):
                return c
        node = self.parent_of(control)
        while node is not None:
            if _has_handler(node, event):
                return node
            node = self.parent_of(node)
        raise AssertionError(f"nothing handles on_{event} at {control!r}")

    def fire(self, control: BaseControl, event: str, data: Any = None) -> None:
        """Dispatch ``event`` (e.g. "click", "change", "submit") like the client."""
        target = self._event_target(control, event)
        if getattr(target, "disabled", False):
            raise AssertionError(f"{target!r} is disabled")
        self._run(self.session.dispatch_event(target._i, event, data))

    def click(self, control: BaseControl) -> None:
        self.fire(control, "click")

    def long_press(self, control: BaseControl) -> None:
        self.fire(control, "long_press")

    def type_text(self, field: BaseControl, value: str, submit: bool = False) -> None:
        """Set a TextField's text as the client would, then fire change (+submit)."""
        self.session.apply_patch(field._i, {"value": value})
        if _has_handler(field, "change"):
            self._run(self.session.dispatch_event(field._i, "change", value))
        if submit:
            self.fire(field, "submit", value)
        self.settle()

    def set_value(self, control: BaseControl, value: Any, event: str = "change"):
        """Checkbox/Switch/Dropdown/Slider: patch ``value`` and fire ``event``."""
        self.session.apply_patch(control._i, {"value": value})
        if _has_handler(control, event):
            self._run(self.session.dispatch_event(control._i, event, None))
        self.settle()

    def sent(self, action: MessageAction) -> list[Any]:
        """Bodies of the messages of one kind the app sent to the client."""
        return [b for a, b in self.conn.messages if a == action.value]

    def invoke_method_calls(self) -> list[tuple[str, str, dict[str, Any]]]:
        return list(self.conn.method_calls)
