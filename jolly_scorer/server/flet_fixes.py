"""Every change this app makes to Flet's own code, in one place.

Flet is pinned (:data:`FLET_VERSION`); each fix below names what it changes,
why, how it knows it is still needed, and how it knows it is in place, in the
style of ``web/build.py``'s ``Patch`` list. :func:`apply_fixes` applies them
once (the server and the app call it at start); a Flet of another version
gets a warning in the log, and a fix whose target changed is left out (and
named in the log) instead of breaking the app.

Flet's private names read here, each with a test in
``tests/test_server_flet_fixes.py`` that fails when a Flet update drops it:

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
* ``DiffBuilder._configure_dataclass``: the walk over the controls a redraw
  added (:func:`skip_leaf_walks`).
"""

from __future__ import annotations

import dataclasses
import inspect
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

__all__ = [
    "FIXES",
    "FLET_VERSION",
    "Fix",
    "apply_fixes",
    "flet_session",
    "fix_redraws",
    "free_patch_chains",
    "page_sessions",
    "page_tasks",
    "quiet_send_message",
    "skip_leaf_walks",
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


# -- the walk over added controls -------------------------------------------------
#
# Every redraw that adds controls has Flet walk them: each added control is
# built and marked (``DiffBuilder._configure_dataclass``). The walk recurses
# into every field of every control, and most fields hold None, a number, a
# string or an enum: each such value becomes a generator that checks it is
# neither a dataclass, a dict nor a list and yields nothing. "Enter round" of
# a 3-player Rommi round walks 761 dataclasses and about 18,000 such values;
# in the phone app's worker this walk was most of the answer's Python time (a
# profile of the worker). The wrapped walk returns at once for a value of a
# type it does nothing with (neither a dataclass nor a dict nor a list: what
# its own branches test), so it yields the same controls in the same order.
# (The walk over removed controls follows the lists kept from the last
# redraw, not every field: wrapping it only cost a call more.)

_WALKS = ("_configure_dataclass",)
#: per type: whether the walk does nothing with its values
_LEAF_TYPES: dict[type, bool] = {}


def _is_leaf(kind: type) -> bool:
    leaf = _LEAF_TYPES.get(kind)
    if leaf is None:
        # (a class itself is left to the walk: one of a dataclass is one to it)
        walked = (dict, list, type)
        leaf = not (dataclasses.is_dataclass(kind) or issubclass(kind, walked))
        _LEAF_TYPES[kind] = leaf
    return leaf


def _leaves_skipped(walk: Callable[..., Iterable[Any]]) -> Callable[..., Iterable[Any]]:
    def walk_unless_leaf(self: Any, item: Any, *args: Any, **kwargs: Any) -> Any:
        if _is_leaf(type(item)):
            return ()
        return walk(self, item, *args, **kwargs)

    walk_unless_leaf.__wrapped__ = walk  # type: ignore[attr-defined]
    return walk_unless_leaf


def _leaf_walks_needed() -> bool:
    """The walk is there as written: a generator whose only branches are a
    dataclass, a dict and a list (read from its byte code, which the phone
    app ships without the sources)."""
    from flet.controls import object_patch

    builder = getattr(object_patch, "DiffBuilder", None)
    for name in _WALKS:
        walk = getattr(builder, name, None)
        walk = getattr(walk, "__wrapped__", walk)
        if not inspect.isgeneratorfunction(walk):
            return False
        names = set(walk.__code__.co_names)
        if not {"is_dataclass", "isinstance", "dict", "list"} <= names:
            return False
    return True


def _leaf_walks_applied() -> bool:
    from flet.controls import object_patch

    builder = getattr(object_patch, "DiffBuilder", None)
    return all(hasattr(getattr(builder, name, None), "__wrapped__") for name in _WALKS)


def skip_leaf_walks() -> None:
    """Make Flet's walk over a redraw's added controls skip the values it
    does nothing with. Idempotent; a Flet without this walk as it was is left
    as it is."""
    from flet.controls import object_patch

    if _leaf_walks_applied() or not _leaf_walks_needed():
        return
    for name in _WALKS:
        walk = getattr(object_patch.DiffBuilder, name)
        setattr(object_patch.DiffBuilder, name, _leaves_skipped(walk))


def fix_redraws() -> None:
    """The fixes of a page's redraws, without the server's (for the phone
    app's worker and the window, which have no websocket of Flet's server):
    :func:`free_patch_chains` and :func:`skip_leaf_walks`."""
    free_patch_chains()
    skip_leaf_walks()


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
    Fix(
        "skip leaf walks",
        "the walk over a redraw's added controls made a generator for every "
        "None, number and string in them: most of the phone app's Python time "
        "in the answer to Enter round",
        _leaf_walks_needed,
        skip_leaf_walks,
        _leaf_walks_applied,
    ),
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
