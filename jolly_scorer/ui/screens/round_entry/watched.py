"""Round entry: parts drawn again only when their share of the model changed.

Every tap redraws the screen's frame (the editor follows every tap). The
closer section, the strip of players, each hand, each meld's tile and the
Save bar are components drawn again only when
:class:`~jolly_scorer.ui.models.round_watch.RoundWatch` says their share of
the model changed (their :meth:`~RoundWatch.version` is an argument of the
memoized component: an equal version, the control from before is used as
it is, and Flet neither compares nor sends it). Nothing here lists what a
part shows: the watch cuts the model's whole state into shares, and a value
it has not sorted tells every part.

A watched part is drawn in a component, so it takes the entry, translator,
settings and ``act`` from the screen's context (``scope.use_scope``); the
scope is an argument too (a changed setting or translator draws it again).
Handlers in a watched part must not go stale: they call ``keep.latest``
handlers, which always run the screen's newest function.

Another device's news may draw a part alone (the screen's ``parts_only``:
the frame shows nothing that changed): the watch tells the part's topic and
the part draws itself again with the arguments it had. So a part's
arguments are what the frame decides (its place, the field selected), and
what it shows of the model it works out itself from the entry, and that is
in its share.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from jolly_scorer.ui.models.round_watch import STATIC, Topic
from jolly_scorer.ui.screens.round_entry.scope import Scope

__all__ = ["watched"]


@ft.component
def _Watched(
    scope: Scope,
    topic: Topic,
    version: tuple[int, int],
    draw: Callable[..., ft.Control],
    *args: Any,
) -> ft.Control:
    """``draw(*args)``; memoized: drawn again only when an argument changed
    (``version``: the share of ``topic``), or alone when the watch tells
    ``topic`` (another device's news, the screen not drawn again: the
    screen's ``parts_only``)."""
    _, set_told = ft.use_state(0)
    # (the hook's cleanup is given, not returned: Flet forgets a returned
    # one when the component draws again)
    heard: Any = ft.use_ref(None)

    def listen() -> None:
        if topic != STATIC:  # no share: never told
            heard.current = scope.watch.subscribe(
                topic, lambda _: set_told(lambda n: n + 1)
            )

    def stop() -> None:
        if heard.current is not None:
            heard.current()
            heard.current = None

    ft.use_effect(listen, [scope.watch, topic], cleanup=stop)
    return draw(*args)


#: the memoized part (tests replace it to draw every part on every redraw)
PART: Callable[..., ft.Control] = ft.memo(_Watched)  # type: ignore[no-untyped-call]


def watched(
    scope: Scope, topic: Topic, draw: Callable[..., ft.Control], *args: Any, key: str
) -> ft.Control:
    """``draw(*args)`` as a part of the screen drawn again only when
    ``topic``'s share of the model changed (or ``scope``, ``draw`` or
    ``args``). ``draw`` must be one function across redraws (a module's
    function, not a lambda) and ``args`` plain values."""
    control: ft.Control = PART(
        scope, topic, scope.watch.version(topic), draw, *args, key=key
    )
    return control
