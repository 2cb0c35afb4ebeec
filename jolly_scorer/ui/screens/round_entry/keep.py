"""Round entry: parts kept between redraws, so a tap sends only what changed.

Every tap redraws the screen (one component). Left alone, that rebuilds about
180 controls and Flet compares each with the one before, for a tap that
changes one card chip and a score. A part made with :func:`kept` is built
again only when its *signature* (the values it shows) changed; otherwise the
control from before is used as it is, and Flet neither compares nor sends it.
Handlers in a kept part must not go stale: they call :func:`latest` handlers,
which always run the screen's newest function. A kept part is drawn in a
component, so it takes the entry, translator, settings and ``act`` from the
screen's context (``scope.use_scope``), not from its caller.

A signature that misses a value its part shows is a stale screen (a wrong
score that looks right): ``tests/ui/test_round_entry_kept.py`` compares the
screen with one whose parts are all built anew. Where it can, a signature
takes the round's state whole (the hand: the seat parts the store keeps) and
leaves out what it must not follow, so that a forgotten field costs a
rebuild, never a stale part.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from jolly_scorer.ui.i18n import Translator
from jolly_scorer.ui.models.problem_text import meld_name, problem_text
from jolly_scorer.ui.models.round import Place, Preview, Target
from jolly_scorer.ui.models.seat_parts import ROUND_SEAT, split_parts
from jolly_scorer.ui.widgets.card_picker import Relay

if TYPE_CHECKING:
    from jolly_scorer.ui.models.round_entry import RoundEntryModel
    from jolly_scorer.ui.screens.round_entry.scope import Scope

__all__ = [
    "closer_signature",
    "hand_signature",
    "kept",
    "latest",
    "look",
    "meld_signature",
    "strip_signature",
]


_LATEST: weakref.WeakKeyDictionary[Any, dict[str, Relay]] = weakref.WeakKeyDictionary()


def latest(owner: Any, name: str, fn: Callable[..., Any]) -> Relay:
    """The one :class:`~jolly_scorer.ui.widgets.card_picker.Relay` of
    ``owner`` (the screen's model) called ``name``, now calling ``fn``; call
    it on every redraw: a part kept from an earlier redraw (:func:`kept`), or
    the memoized card grid, acts with the screen's handlers as they are now,
    never with those of its own redraw."""
    handlers = _LATEST.setdefault(owner, {})
    handler = handlers.get(name)
    if handler is None:
        handler = handlers[name] = Relay()
    if fn is not handler:  # given back: it already calls the newest
        handler.target = fn
    return handler


@ft.component
def _Kept(signature: object, build: Callable[[], ft.Control]) -> ft.Control:
    """``build()``'s control, built again only when ``signature`` changed:
    the same control object is not compared again, nor sent."""
    cache: Any = ft.use_ref(lambda: None)
    last: tuple[object, ft.Control] | None = cache.current
    if last is None or last[0] != signature:
        last = (signature, build())
        cache.current = last
    return last[1]


def look(settings: Any) -> tuple[bool, bool]:
    """What of the settings changes how cards look (for a signature)."""
    return (
        bool(settings and settings.four_colour),
        bool(settings and settings.large_cards),
    )


def kept(key: str, signature: object, build: Callable[[], ft.Control]) -> ft.Control:
    """A part of the screen redrawn only when ``signature`` changes (a tap
    changes one or two parts; the others are neither rebuilt nor compared).

    ``signature`` must hold everything the part shows and every value its
    handlers capture, except handlers made stable with :func:`latest`."""
    part: Any = _Kept  # Flet takes the key from the keywords (untyped)
    control: ft.Control = part(signature, build, key=key)
    return control


def _problem_texts(
    entry: RoundEntryModel, t: Translator, place: Place | None = None, kind: str = ""
) -> tuple[str, ...]:
    rounds = entry.rounds
    return tuple(
        problem_text(rounds, p, t)
        for p in rounds.problems()
        if (place is not None and p.place == place) or p.place.kind == kind
    )


def closer_signature(scope: Scope) -> tuple[object, ...]:
    """What ``round_entry_closer.closer_section`` shows."""
    entry, t, settings = scope.entry, scope.t, scope.settings
    rounds = entry.rounds
    editing = entry.editing.target if entry.editing else None
    return (
        t.language,
        look(settings),
        id(rounds),
        rounds.players,
        rounds.closer,
        rounds.closer_chosen,
        rounds.handglatt,
        rounds.discard,
        bool(entry.error),
        entry.all_counted,
        editing if editing is not None and editing.kind == "discard" else None,
        _problem_texts(entry, t, kind="discard") if rounds.closer else (),
    )


def hand_signature(scope: Scope, seat: int, name: str) -> tuple[object, ...]:
    """What ``round_entry_hand`` shows of ``name``'s hand or counted points.

    The round's own part and the player's part are taken whole, as the
    store keeps them (:func:`~jolly_scorer.ui.models.seat_parts.split_parts`:
    every field of the round), less the player's melds and lay-offs (their
    tiles are kept apart): a field of the round is never missed (the
    Handglatt once was: a counted hand kept no "×2" hint), at worst a hand
    is built once more than needed. Listed: what the hand shows of the rest
    of the round (its problems, counted points beside melds) and what only
    this page has (a points field's text and message, the editor on it)."""
    entry, t = scope.entry, scope.t
    rounds = entry.rounds
    parts = split_parts(rounds)
    own = {k: v for k, v in parts[name].items() if k not in ("melds", "layoffs")}
    editing = entry.editing.target if entry.editing else None
    return (
        t.language,
        look(scope.settings),
        id(rounds),
        seat,
        name,
        parts[ROUND_SEAT],
        own,
        tuple(
            (entry.points_text(name, k), entry.points_error(name, k))
            for k in ("good", "bad")
        ),
        rounds.counted_adds_to_cards(name),
        _problem_texts(entry, t, Place("hand", name)),
        editing == Target("hand", name),
    )


def strip_signature(scope: Scope, preview: Preview) -> tuple[object, ...]:
    """What ``round_entry_strip.player_strip`` shows."""
    entry, t = scope.entry, scope.t
    rounds = entry.rounds
    return (
        t.language,
        id(rounds),
        rounds.players,
        rounds.rules.is_plus,
        tuple(preview.scores[name].score for name in rounds.players),
        tuple(entry.status(name) for name in rounds.players),  # entering together
        entry.player,
    )


def meld_signature(scope: Scope, seat: int, n: int, index: int) -> tuple[object, ...]:
    """What ``round_entry_meld_tile.meld_tile`` shows for meld ``index``."""
    entry, t, settings = scope.entry, scope.t, scope.settings
    rounds = entry.rounds
    meld = rounds.melds[index]
    editing = entry.editing.target if entry.editing else None
    place = Place("meld", meld.owner, index)
    return (
        t.language,
        look(settings),
        id(rounds),
        seat,
        n,
        index,
        meld.owner,
        tuple(meld.cards),  # its verdict follows from them
        _problem_texts(entry, t, place),
        editing == Target("meld", meld.owner, index),
        meld_name(rounds, index, t),
    )
