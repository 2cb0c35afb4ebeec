"""Freeing Flet's redraws by reference counting, not by the cycle collector.

Two reference cycles in Flet 1.0.5 left every redraw's old controls for
Python's cycle collector: about 2,000 objects per saved round per watching
page. At a table of twelve phones that made a full collection every few
saved rounds, 150-240 ms each, during which no page was redrawn
(``benchmarks/table_load.py``: 32,000 objects freed per full pass).

* A ``DiffBuilder`` chains its patch operations in a doubly linked list of
  ``[previous, next, operation]`` nodes; its ``teardown`` unlinks only the
  root, so neighbouring nodes still point at each other, and the operations
  hold the replaced controls.
* A component drawn again by its parent is a new ``Component`` object that
  takes over the old one's state; the old one (``_stale``) keeps its last
  body, whose event handlers close over the old one's ``set_state``, which
  closes over the old component: old component, body, handler, old component.

:func:`free_patch_chains` makes ``teardown`` empty every node of the chain
and drop the body of every component that was taken over, so both go the
moment the patch is sent. ``teardown`` runs after the operations were read
(``ObjectPatch.from_diff``), and a component taken over is never drawn again
(``Component.update`` skips a stale one). Idempotent; a Flet without these
parts is left as it is.
"""

from __future__ import annotations

from typing import Any

from flet.controls import object_patch

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


def free_patch_chains() -> None:
    """Make Flet's ``DiffBuilder.teardown`` break its operation chain and
    drop the old body of each component taken over."""
    builder = getattr(object_patch, "DiffBuilder", None)
    teardown = getattr(builder, "teardown", None)
    if builder is None or teardown is None or hasattr(teardown, "__wrapped__"):
        return
    builder.teardown = _emptied(teardown)
