"""Every change this app makes to Flet's own code, in one place.

Flet is pinned (:data:`FLET_VERSION`); each fix below names what it changes,
why, how it knows it is still needed, and how it knows it is in place, in the
style of ``web/build.py``'s ``Patch`` list. :func:`apply_fixes` applies them
once (the server and the app call it at start); a Flet of another version
gets a warning in the log, and a fix whose target changed is left out (and
named in the log) instead of breaking the app.

Flet's private names read here, each with a test in
``tests/server/test_server_flet_fixes.py`` that fails when a Flet update drops it:

* ``FletApp.__session`` (``_FletApp__session``): the page session of a
  websocket, for its controls (:func:`flet_session`) and to disconnect it;
* ``FletApp.__get_unique_session_id``: the session's key in the manager;
* ``FletApp.__send_queue``: where :func:`_send_message` puts a frame;
* ``FletApp.__running_tasks``: the page's event handlers running, one task
  per event frame (:func:`page_tasks`: a page's frames wait while it has
  too many, ``frames._CheckedSocket``);
* ``FletAppManager.__sessions`` (``_FletAppManager__sessions``): the page
  sessions kept, counted after evictions (:func:`page_sessions`);
* ``DiffBuilder.__root`` (``_DiffBuilder__root``), ``Component._stale`` and
  ``Component._b``: the redraw's patch chain and a component's last body
  (:func:`free_patch_chains`);
* ``Session.__updates_scheduler`` and ``Session.__send_message``
  (``_Session__updates_scheduler``, ``_Session__send_message``), the
  session's ``__pending_updates``, ``__pending_effects``, ``__updates_ready``
  and ``__closed``: the scheduler of component updates, whose patches of one
  tick go out as one message (:func:`batch_scheduled_patches`; not applied:
  :data:`BATCH`).
"""

from __future__ import annotations

import inspect
import logging
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = [
    "BATCH",
    "FIXES",
    "FLET_VERSION",
    "Fix",
    "apply_fixes",
    "batch_scheduled_patches",
    "flet_session",
    "free_patch_chains",
    "page_sessions",
    "page_tasks",
    "quiet_send_message",
    "unique_session_id",
]

log = logging.getLogger("jolly_scorer.server")

FLET_VERSION = "1.0.5"  # the Flet these fixes were written for (pyproject pins it)


# -- private names read -------------------------------------------------------


def flet_session(flet_app: Any) -> Any:
    """The page session of a ``FletApp`` (None before it registered)."""
    return getattr(flet_app, "_FletApp__session", None)


def unique_session_id(flet_app: Any) -> Callable[[str], str] | None:
    """``FletApp``'s key of a session id in the app manager (None: missing)."""
    found: Callable[[str], str] | None = getattr(
        flet_app, "_FletApp__get_unique_session_id", None
    )
    return found


def page_tasks(flet_app: Any) -> set[Any] | None:
    """The tasks of a ``FletApp``'s event handlers still running (Flet starts
    one for every event frame and keeps it here until it ends); None: missing."""
    found = getattr(flet_app, "_FletApp__running_tasks", None)
    return found if isinstance(found, set) else None


def page_sessions(app_manager: Any) -> dict[str, Any]:
    """The page sessions Flet's app manager keeps (empty if it is not there)."""
    sessions: dict[str, Any] = getattr(app_manager, "_FletAppManager__sessions", {})
    return sessions


# -- 1. FletApp.send_message without its eager debug line ----------------------


def _send_message(self: Any, message: Any) -> None:
    """``FletApp.send_message`` of Flet 1.0.5 without its eager debug line.

    Flet formats ``f"send_message: {message}"`` for every message sent, even
    with debug logging off: the ``repr`` of every control in the patch. At a
    live table that was a fifth of the server's CPU time when a saved round
    went out to 12 phones (``benchmarks/table_load.py``, py-spy). Same bytes,
    same queue; the line is still logged when the ``flet_transport`` logger
    is at DEBUG.

    A page closed during its first draw has no queue any more (Flet's send
    loop set it to None): its messages are dropped, as Flet does for a data
    channel frame, instead of "Exception in effect: 'NoneType' object has no
    attribute 'put_nowait'" in the log (issue 38.9)."""
    import msgpack
    from flet.controls.base_control import BaseControl
    from flet.messaging.protocol import configure_encode_object_for_msgpack

    queue = self._FletApp__send_queue
    if queue is None:  # the client left: the message is moot
        return
    transport = logging.getLogger("flet_transport")
    if transport.isEnabledFor(logging.DEBUG):
        transport.debug("send_message: %s", message)
    body = msgpack.packb(
        [message.action, message.body],
        default=configure_encode_object_for_msgpack(BaseControl),  # type: ignore[no-untyped-call]
    )
    queue.put_nowait(b"\x00" + body)


def _send_message_needed() -> bool:
    from flet_web.fastapi import FletApp

    source = inspect.getsource(FletApp.send_message)
    return 'transport_log.debug(f"send_message: {message}")' in source and (
        "self.__send_queue.put_nowait" in source
    )


def _send_message_applied() -> bool:
    from flet_web.fastapi import FletApp

    return FletApp.send_message is _send_message


def _apply_send_message() -> None:
    from flet_web.fastapi import FletApp

    FletApp.send_message = _send_message


def quiet_send_message() -> bool:
    """Put :func:`_send_message` in place of Flet's (once); False when this
    Flet's ``send_message`` is not the one it replaces (then it is left)."""
    if _send_message_applied():
        return True
    if not _send_message_needed():
        return False
    _apply_send_message()
    return True


# -- 2. a redraw's diff freed by reference counting ------------------------------
#
# Two reference cycles in Flet 1.0.5 left every redraw's old controls for
# Python's cycle collector: about 2,000 objects per saved round per watching
# page. At a table of twelve phones that made a full collection every few
# saved rounds, 150-240 ms each, during which no page was redrawn
# (``benchmarks/table_load.py``: 32,000 objects freed per full pass).
#
# * A ``DiffBuilder`` chains its patch operations in a doubly linked list of
#   ``[previous, next, operation]`` nodes; its ``teardown`` unlinks only the
#   root, so neighbouring nodes still point at each other, and the operations
#   hold the replaced controls.
# * A component drawn again by its parent is a new ``Component`` object that
#   takes over the old one's state; the old one (``_stale``) keeps its last
#   body (``_b``), whose event handlers close over the old one's
#   ``set_state``, which closes over the old component.
#
# ``teardown`` runs after the operations were read (``ObjectPatch.from_diff``),
# and a component taken over is never drawn again (``Component.update`` skips
# a stale one).

_ROOT = "_DiffBuilder__root"  # DiffBuilder's private ``__root`` (name-mangled)


def _emptied(teardown: Any) -> Any:
    def teardown_and_unlink(builder: Any) -> None:
        for replaced in getattr(builder, "_removed_dataclasses", {}).values():
            if getattr(replaced, "_stale", False) is True:
                object.__setattr__(replaced, "_b", None)
        root = getattr(builder, _ROOT, None)
        if isinstance(root, list) and len(root) == 3:
            node = root[1]
            while isinstance(node, list) and node and node is not root:
                following = node[1]
                node.clear()
                node = following
        teardown(builder)

    teardown_and_unlink.__wrapped__ = teardown  # type: ignore[attr-defined]
    return teardown_and_unlink


def _patch_chains_needed() -> bool:
    from flet.controls import object_patch

    builder = getattr(object_patch, "DiffBuilder", None)
    return getattr(builder, "teardown", None) is not None


def _patch_chains_applied() -> bool:
    from flet.controls import object_patch

    builder = getattr(object_patch, "DiffBuilder", None)
    return hasattr(getattr(builder, "teardown", None), "__wrapped__")


def free_patch_chains() -> None:
    """Make Flet's ``DiffBuilder.teardown`` break its operation chain and
    drop the old body of each component taken over. Idempotent; a Flet
    without these parts is left as it is."""
    from flet.controls import object_patch

    if _patch_chains_applied() or not _patch_chains_needed():
        return
    builder = object_patch.DiffBuilder
    builder.teardown = _emptied(builder.teardown)  # type: ignore[method-assign]


# -- 3. one message per page for one tick of scheduled updates -------------------
#
# Flet 1.0.5's update scheduler (``Session.__updates_scheduler``) redraws
# every component whose state changed since its last tick, one after the
# other, and each redraw sends its own ``PATCH_CONTROL`` message, rooted at
# that component. A digit typed on another phone changes two or three parts
# of a page (the player's line, the preview row, the Save bar): the page got
# two or three small messages, and the browser drew a frame for each that
# came in its own animation frame.
#
# The Flutter client has no message for several patches, but one patch may
# reach any control below the control it is sent to: its paths walk the
# client's copy of the tree, property by property and index by index
# (``Control.applyPatch``). So the patches of one tick are held while the
# scheduler redraws, and sent as one patch of the page: each operation's
# path is the component's path from the page (worked out when its patch was
# made, so after the earlier patches of the tick, as the client applies
# them), then the operation's own path. The operations keep their order and
# values; any other message sent during the redraws sends the patches held
# before it first; they are all sent before the scheduler runs the tick's
# effects. A component whose path from the page cannot be found (it is not
# where its parent holds it) gets its own message, in its place.

_PATCH = 2  # MessageAction.PATCH_CONTROL
_HOLD = "_jolly_held_patches"  # on a Session: the tick's patches held, or None

_field_names: dict[type, tuple[str, ...]] = {}


def _fields_of(obj: Any) -> tuple[str, ...]:
    """The fields of a control (or other dataclass) sent to the client."""
    import dataclasses

    kind = type(obj)
    names = _field_names.get(kind)
    if names is None:
        names = tuple(
            f.name
            for f in dataclasses.fields(obj)
            if f.name != "_parent" and not f.metadata.get("skip", False)
        )
        _field_names[kind] = names
    return names


def _held_in(holder: Any) -> Any:
    """The names of ``holder``'s fields that may hold a control: for a
    Flet control its properties set and its lists, dicts and dataclasses
    (``_values`` and ``_structural_fields``, as Flet's encoder reads them)."""
    sent = _fields_of(holder)
    values = getattr(holder, "_values", None)
    structural = getattr(type(holder), "_structural_fields", None)
    if not isinstance(values, dict) or structural is None:
        return sent
    return [n for n in (*values, *structural) if n in sent]


def _key_in(holder: Any, child: Any, depth: int = 0) -> list[Any] | None:
    """The keys from ``holder`` down to ``child`` (a property, then list
    indices or dict keys, or a dataclass value's fields), None: not there."""
    if depth > 3:
        return None
    names = _held_in(holder)
    for name in names:  # first where a child mostly is: a property, a list
        value = getattr(holder, name, None)
        if value is child:
            return [name]
        if isinstance(value, list):
            for index, item in enumerate(value):
                if item is child:
                    return [name, index]
    for name in names:  # then deeper: nested lists, dicts, dataclass values
        found = _key_in_value(getattr(holder, name, None), child, depth)
        if found is not None:
            return [name, *found]
    return None


def _key_in_value(value: Any, child: Any, depth: int) -> list[Any] | None:
    import dataclasses

    from flet.controls.base_control import BaseControl

    if isinstance(value, list):
        for index, item in enumerate(value):
            if item is child:
                return [index]
        for index, item in enumerate(value):
            if isinstance(item, (list, dict)):
                found = _key_in_value(item, child, depth + 1)
                if found is not None:
                    return [index, *found]
    elif isinstance(value, dict):
        for key, item in value.items():
            if item is child:
                return [key]
    elif (
        dataclasses.is_dataclass(value)
        and not isinstance(value, (type, BaseControl))
        and depth < 3
    ):
        return _key_in(value, child, depth + 1)
    return None


_paths: weakref.WeakKeyDictionary[Any, list[Any]] = weakref.WeakKeyDictionary()


def _at(page: Any, path: list[Any]) -> Any:
    """What the server's tree holds at ``path`` from the page (None: no
    such place)."""
    node = page
    for key in path:
        if isinstance(node, list):
            if not isinstance(key, int) or not 0 <= key < len(node):
                return None
            node = node[key]
        elif isinstance(node, dict):
            node = node.get(key)
        elif isinstance(key, str):
            node = getattr(node, key, None)
        else:
            return None
    return node


def _path_from_page(session: Any, control: Any) -> list[Any] | None:
    """The keys from the session's page down to ``control`` (its place in the
    client's tree), or None when a parent does not hold it. The path found
    last is tried first (a redrawn component mostly stays where it was)."""
    page = session.page
    known = _paths.get(control)
    if known is not None and _at(page, known) is control:
        return known
    keys: list[Any] = []
    node = control
    for _ in range(200):
        if node is page:
            keys.reverse()
            _paths[control] = keys
            return keys
        parent = node.parent
        if parent is None:
            return None
        found = _key_in(parent, node)
        if found is None:
            return None
        keys.extend(reversed(found))
        node = parent
    return None


def _operations(patch: list[Any]) -> list[tuple[Any, list[list[Any]], list[Any]]]:
    """A patch message's operations as (the operation, its full paths, the
    rest): Flet's ``ObjectPatch.to_message`` format, decoded."""
    paths: dict[int, list[Any]] = {}

    def walk(node: list[Any], path: list[Any]) -> None:
        paths[node[0]] = path
        if len(node) > 1 and isinstance(node[1], dict):
            for key, child in node[1].items():
                walk(child, [*path, key])

    walk(patch[0], [])
    out: list[tuple[Any, list[list[Any]], list[Any]]] = []
    for op in patch[1:]:
        kind = getattr(op[0], "value", op[0])
        if kind == 3:  # Move: [op, node, key, node, key]
            out.append((op[0], [[*paths[op[1]], op[2]], [*paths[op[3]], op[4]]], []))
        else:  # Replace/Add: [op, node, key, value]; Remove: [op, node, key]
            out.append((op[0], [[*paths[op[1]], op[2]]], list(op[3:])))
    return out


def _one_patch(parts: list[tuple[list[Any], list[Any]]]) -> list[Any]:
    """One patch of the page from (the component's path, its patch) pairs,
    in the order given, encoded as ``ObjectPatch.to_message`` does."""
    table: list[Any] = [0]
    count = [1]

    def encode(path: list[Any]) -> list[Any]:
        parent = table
        for key in path[:-1]:
            if len(parent) == 1:
                parent.append({})
            node = parent[1].get(key)
            if node is None:
                node = [count[0]]
                parent[1][key] = node
                count[0] += 1
            parent = node
        return [parent[0], path[-1]]

    ops: list[Any] = []
    for prefix, patch in parts:
        for op, paths, rest in _operations(patch):
            encoded = [op]
            for path in paths:
                encoded.extend(encode([*prefix, *path]))
            ops.append([*encoded, *rest])
    return [table, *ops]


class _Held:
    """The patches of one scheduler tick, held to go out as one message."""

    def __init__(self, session: Any, send: Callable[[Any, Any], None]) -> None:
        self.session = session
        self.send = send  # Flet's Session.__send_message
        self.parts: list[tuple[Any, list[Any]]] = []  # (message, path)

    def add(self, message: Any) -> None:
        body = message.body
        control = self.session.index.get(getattr(body, "id", None))
        path = None
        if control is not None:
            path = _path_from_page(self.session, control)
        if path is None:  # sent alone, in its place
            self.flush()
            self.send(self.session, message)
            return
        self.parts.append((message, path))

    def flush(self) -> None:
        from flet.messaging.protocol import Message, MessageAction, PatchControlBody

        parts, self.parts = self.parts, []
        if len(parts) == 1:
            self.send(self.session, parts[0][0])
        elif parts:
            patch = _one_patch([(path, m.body.patch) for m, path in parts])
            self.send(
                self.session,
                Message(
                    MessageAction.PATCH_CONTROL,
                    PatchControlBody(self.session.page._i, patch),
                ),
            )


def _holding(send: Any) -> Any:
    def send_or_hold(self: Any, message: Any) -> None:
        held = getattr(self, _HOLD, None)
        if held is None:
            send(self, message)
        elif getattr(message.action, "value", message.action) == _PATCH:
            held.add(message)
        else:  # another message: the patches before it go first
            held.flush()
            send(self, message)

    send_or_hold.__wrapped__ = send  # type: ignore[attr-defined]
    return send_or_hold


def _redraw_held(session: Any, controls: list[Any]) -> None:
    """Redraw the tick's controls, their patches held and sent as one."""
    send = getattr(type(session)._Session__send_message, "__wrapped__", None)
    if send is None:  # not in place: Flet's own way
        for control in controls:
            control.update()
        return
    held = _Held(session, send)
    setattr(session, _HOLD, held)
    try:
        for control in controls:
            control.update()
    finally:
        setattr(session, _HOLD, None)
        held.flush()


async def _updates_scheduler(self: Any) -> None:
    """Flet 1.0.5's ``Session.__updates_scheduler``, its redraws' patches
    sent as one message (:func:`_redraw_held`); otherwise as it was."""
    import asyncio
    import traceback

    try:
        while not self._Session__closed:
            await self._Session__updates_ready.wait()
            self._Session__updates_ready.clear()

            # Process pending updates
            pending_updates = list(self._Session__pending_updates)
            self._Session__pending_updates.clear()

            _redraw_held(self, pending_updates)

            # Process pending effects
            pending_effects = list(self._Session__pending_effects)
            self._Session__pending_effects.clear()

            for effect in pending_effects:
                try:
                    hook = effect[0]
                    is_cleanup = effect[1]
                    if hook and hook.setup and not is_cleanup:
                        hook.cancel()
                        res = None
                        if inspect.iscoroutinefunction(hook.setup):
                            hook._setup_task = asyncio.create_task(hook.setup())
                        else:
                            res = hook.setup()
                        if callable(res):
                            hook.cleanup = res
                    elif hook and hook.cleanup and is_cleanup:
                        hook.cancel()
                        if inspect.iscoroutinefunction(hook.cleanup):
                            hook._cleanup_task = asyncio.create_task(hook.cleanup())
                        else:
                            hook.cleanup()
                except Exception as ex:
                    tb = traceback.format_exc()
                    self.error(f"Exception in effect: {ex}\n{tb}")
    except asyncio.CancelledError:
        pass


#: sha256 of Flet 1.0.5's ``Session.__updates_scheduler`` source, which
#: :func:`_updates_scheduler` copies: another source needs a new look
_SCHEDULER_SOURCE = "7ec9510b0fd5cc49887f562263f76549b4f75838be3d86e67975d68ba86fc649"


def _scheduler_source_hash() -> str:
    import hashlib

    from flet.messaging.session import Session

    scheduler = Session._Session__updates_scheduler  # type: ignore[attr-defined]
    source = inspect.getsource(getattr(scheduler, "__wrapped__", scheduler))
    return hashlib.sha256(source.encode()).hexdigest()


def _batch_needed() -> bool:
    from flet.messaging.session import Session

    if _batch_applied():
        return True
    send = getattr(Session, "_Session__send_message", None)
    if send is None or "self.__conn.send_message(message)" not in inspect.getsource(
        send
    ):
        return False
    return _scheduler_source_hash() == _SCHEDULER_SOURCE


def _batch_applied() -> bool:
    from flet.messaging.session import Session

    return getattr(
        Session, "_Session__updates_scheduler", None
    ) is _updates_scheduler and hasattr(
        getattr(Session, "_Session__send_message", None), "__wrapped__"
    )


def _apply_batch() -> None:
    batch_scheduled_patches()


def batch_scheduled_patches() -> bool:
    """Send a scheduler tick's component patches as one message per page
    (once); False when this Flet's scheduler is not the one it replaces."""
    from flet.messaging.session import Session

    if _batch_applied():
        return True
    if not _batch_needed():
        return False
    _updates_scheduler.__wrapped__ = Session._Session__updates_scheduler  # type: ignore[attr-defined]
    Session._Session__updates_scheduler = _updates_scheduler  # type: ignore[attr-defined]
    Session._Session__send_message = _holding(Session._Session__send_message)  # type: ignore[attr-defined]
    return True


# -- the list --------------------------------------------------------------------


@dataclass(frozen=True)
class Fix:
    """One change to Flet's code, and why."""

    name: str
    why: str
    needed: Callable[[], bool]  # the code it changes is there, as it was
    apply: Callable[[], None]
    applied: Callable[[], bool]


FIXES = (
    Fix(
        "quiet send_message",
        "FletApp.send_message formatted every message for a debug line nobody "
        "logs: a fifth of the server's CPU at a table of 12 phones",
        _send_message_needed,
        _apply_send_message,
        _send_message_applied,
    ),
    Fix(
        "free patch chains",
        "a redraw's patch chain and a taken-over component's body were left "
        "to full collections (150-240 ms pauses at a table of 12 phones)",
        _patch_chains_needed,
        free_patch_chains,
        _patch_chains_applied,
    ),
)

#: Written, tested and measured, but not in :data:`FIXES`: one message per
#: page instead of 2-3 did not change the frames a browser draws for a typed
#: number, nor its time to the other pages measurably (``save_reach.py
#: --digits``, alternated with main near idle), and the server's CPU per saved
#: round is the same only since the path search looks at a parent's
#: properties and lists first (``table_load.py``). See docs/performance.md.
BATCH = Fix(
    "batch scheduled patches",
    "each component redrawn by Flet's update scheduler went out as its own "
    "message: two or three per page for a digit typed on another phone",
    _batch_needed,
    _apply_batch,
    _batch_applied,
)


def apply_fixes() -> list[str]:
    """Apply every fix of :data:`FIXES` not yet in place; returns the names
    of those that no longer fit this Flet (left out, and logged)."""
    import flet

    version = getattr(flet, "__version__", "?")
    if version != FLET_VERSION:
        log.warning(
            "Flet %s: the fixes in server/flet_fixes.py were written for %s",
            version,
            FLET_VERSION,
        )
    left_out = []
    for fix in FIXES:
        if fix.applied():
            continue
        if not fix.needed():
            log.warning("Flet fix left out (Flet changed): %s", fix.name)
            left_out.append(fix.name)
            continue
        fix.apply()
    return left_out
