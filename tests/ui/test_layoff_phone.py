"""A lay-off on a phone (390 x 844), in process: the card editor keeps its
size and place while the choice of melds stands in for the card grid.

The editor is docked on the Save bar (a list running upwards). The choice of
melds is far shorter than the grid it replaces, so the editor sank: an empty
screen between the strip of players and the editor, and the Lay off button
just tapped jumped down under the finger (and back up once a meld was
chosen). What stands in for the grid now keeps at least the grid's height,
at the top of it. In Chromium: tests/e2e/test_layoff_phone_browser.py.
"""

from __future__ import annotations

from typing import Any

import flet as ft
from flet_harness import iter_controls as walk
from support.round_screen import Screen

from jolly_scorer.ui.widgets.card_picker import GRID_HEIGHT


def least_height(control: Any) -> float:
    """The least height ``control`` is laid out with, from the heights set in
    the tree (a text or a button counts 0: at most this is an underestimate)."""
    if control is None or not getattr(control, "visible", True):
        return 0
    own = float(getattr(control, "height", None) or 0)
    if isinstance(control, ft.Row):
        inner = max((least_height(c) for c in control.controls), default=0.0)
    elif isinstance(control, ft.Column):
        inner = sum(least_height(c) for c in control.controls)
    else:
        inner = least_height(getattr(control, "content", None))
    return max(own, inner)


def under_the_buttons(s: Screen) -> Any:
    """What the editor shows under its buttons: the grid or what stands in."""
    slot = s.app.find(key="lower").content
    shown = [c for c in slot.controls if c.visible]
    assert len(shown) == 1, "the grid or what stands in for it, never both"
    return shown[0]


def open_bens_layoff_choice(s: Screen) -> None:
    s.tap("round-add-meld-0")  # Anna's meld
    s.pick("5h 6h 7h")
    s.tap("round-show-1")  # Ben: the editor opens on his hand, the grid
    s.tap("editor-layoff")  # the choice of melds in place of the grid
    assert s.app.find_all(semantics="round-layoff-on-1-0")


def test_the_layoff_choice_keeps_the_grids_room_on_a_phone(
    flet_app,
    jolly,  # noqa: F811
):
    s = Screen(flet_app, jolly)
    open_bens_layoff_choice(s)
    choice = under_the_buttons(s)
    assert least_height(choice) >= GRID_HEIGHT  # the editor does not sink
    s.tap("round-layoff-on-1-0")  # the grid is back in the same place
    grid = under_the_buttons(s)
    assert any(getattr(c, "identifier", None) == "pick-8h" for c, _ in walk(grid))


def test_the_room_is_held_only_where_the_grid_would_be(
    flet_app,
    jolly,  # noqa: F811
):
    # typing: the phone's own keyboard takes the grid's room
    s = Screen(flet_app, jolly)
    open_bens_layoff_choice(s)
    s.tap("editor-layoff")  # a second tap: not now, the grid is back
    s.tap("editor-keyboard")
    assert least_height(under_the_buttons(s)) == 0
    # a laptop: the editor beside the players fills the side and scrolls
    wide = Screen(flet_app, jolly, width=1280)
    wide.tap("round-add-meld-0")
    wide.pick("5h 6h 7h")
    wide.tap("round-hand-1")
    wide.tap("editor-layoff")
    assert wide.app.find_all(semantics="round-layoff-on-1-0")
    assert least_height(under_the_buttons(wide)) < GRID_HEIGHT


def test_a_hint_of_two_lines_is_not_cut_to_one(flet_app, jolly):  # noqa: F811
    """The line under the cards had a fixed height of one line: a Finnish
    hint of two drew its second line under the split of the cards below."""
    s = Screen(flet_app, jolly, language="fi")
    s.tap("round-pile-1")  # Ben put down cards together
    hint = s.app.find(contains="Napauta jokainen pöytään pantu kortti")
    assert len(hint.value) > 60  # two lines on a phone
    assert hint.max_lines == 2
    status = s.app.find(key="status")
    between, at = [], s.app.parent_of(hint)
    while at is not status:
        between.append(at)
        at = s.app.parent_of(at)
    assert [c for c in between if getattr(c, "height", None)] == []
    assert least_height(status) == 30  # one line's height, at least
