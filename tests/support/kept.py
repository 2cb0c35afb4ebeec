"""What a person sees of a screen in process, to compare two screens (one with
watched parts, one built from scratch), and what builds every watched part
again on every redraw. The ``fresh`` fixture (a ``Fresh``
patched in) is in ``tests/ui/conftest.py``."""

from __future__ import annotations

from typing import Any

import flet as ft
from flet_harness import FletTestApp, control_texts, iter_controls

from jolly_scorer.core.game import new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.ui.screens.round_entry import watched as round_entry_watched

_FIELDS = ("selected", "value", "visible", "disabled", "error", "icon", "filled")


def plain(value: Any) -> Any:
    """A field's value as seen (an icon, text, flag), never a handler."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if callable(value):
        return "handler"
    return str(value)


def snapshot(app: FletTestApp) -> list[tuple[Any, ...]]:
    """What a person sees and a screen reader says, in tree order."""
    out = []
    for control, _ in iter_controls(app.page):
        if (
            not getattr(control, "visible", True)
            or isinstance(control, ft.Service)  # nothing on the screen (a page
            # that read its preferences first has its SharedPreferences earlier)
            or type(control).__name__
            in (
                "Component",  # a watched part's wrapper: only what it shows counts
                "Overlay",
            )
        ):
            continue
        out.append(
            (
                type(control).__name__,
                getattr(control, "identifier", None),
                tuple(control_texts(control)),
                tuple(plain(getattr(control, f, None)) for f in _FIELDS),
            )
        )
    return out


class Fresh:
    """Makes every watched part of the pages in ``pages`` (the round entry's
    closer, strip, hands, meld tiles, Save bar and the card editor's top
    row, cards and buttons) build on every redraw: not memoized."""

    def __init__(self) -> None:
        self.pages: set[int] = set()
        memo = round_entry_watched.PART
        plain = round_entry_watched._Watched

        def watched(*args: Any, **kwargs: Any) -> ft.Control:
            if id(ft.context.page) in self.pages:
                return plain(*args, **kwargs)  # type: ignore[no-any-return]
            return memo(*args, **kwargs)

        self.watched = watched


def act(screen: Any, tap: str) -> bool:
    """Do ``tap`` on a round entry ``screen`` (``support.round_screen.Screen``);
    False when it is not on the screen or not enabled (then the other screen
    of a pair skips it too). ``type:IDENTIFIER:TEXT`` types into a field; a
    switch's identifier flips it; the arranger is waited for."""
    app = screen.app
    if tap.startswith("type:"):
        _, identifier, text = tap.split(":")
        if not app.find_all(semantics=identifier):
            return False
        field = next(
            c
            for c, _ in iter_controls(app.find(semantics=identifier))
            if isinstance(c, ft.TextField)
        )
        app.type_text(field, text)
        return True
    found = app.find_all(semantics=tap)
    if not found:
        return False
    if tap in ("round-handglatt", "round-show-melds"):
        switch = next(c for c, _ in iter_controls(found[0]) if isinstance(c, ft.Switch))
        app.set_value(switch, not switch.value)
        return True
    try:
        target = app._event_target(found[0], "click")
    except AssertionError:  # nothing to tap inside (a part drawn as text)
        return False
    if getattr(target, "disabled", False):
        return False
    app.click(found[0])
    if tap == "editor-arrange":  # the arranger runs off the loop: wait for it
        app.wait_for(lambda: not app.find_all(semantics="editor-working"))
    return True


def play(
    flet_app: Any,
    fresh: Fresh,
    taps: list[str],
    width: int,
    rules: str,
    players: list[str],
) -> Any:
    """The same ``taps`` on two round entries of a new game, one with
    watched parts, one drawn from scratch on every redraw (``fresh``):
    after each tap both show the same. A phone's docked card grid is sent a
    moment after the screen opens (``editor/dock.py``): both wait for it
    first, or one would show it and the other not. The watched screen
    (``.done``: the taps made)."""
    from support.round_screen import Screen

    game = new_game(find_rules(rules), players)
    kept = Screen(flet_app, game, width=width, answer="refused")
    scratch = Screen(flet_app, game, width=width, answer="refused")
    fresh.pages.add(id(scratch.app.page))
    for app in (kept.app, scratch.app):
        app.wait_for(
            lambda app=app: (
                width >= 900 or bool(app.find_all(semantics="round-editor-waiting"))
            )
        )
    assert snapshot(kept.app) == snapshot(scratch.app)
    done: list[str] = []
    for tap in taps:
        if act(kept, tap):
            assert act(scratch, tap), (done, tap)
            done.append(tap)
            assert snapshot(kept.app) == snapshot(scratch.app), done
    kept.done = done  # the taps made (one not on the screen is skipped)
    return kept
