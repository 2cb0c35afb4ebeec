"""Issue 36, a tap's cost: a card picked on a phone's open editor leaves the
list under it as it was drawn (``round_entry/layout.HeldList``): none of its
controls is built, compared or sent again, so the answer to a pick is about
half the bytes. What a person can see or tap is never one of those kept
controls: the list is hidden while the editor is open, and any other tap
(Close, another player, the next meld) draws it as the round is now."""

from __future__ import annotations

from flet_harness import iter_controls
from support.round_screen import Screen


def controls_under(s: Screen, identifier: str) -> list[object]:
    return [c for c, _ in iter_controls(s.app.find(semantics=identifier))]


def test_a_pick_on_a_phone_keeps_the_hidden_list_and_close_shows_it(flet_app, jolly):
    s = Screen(flet_app, jolly)
    s.tap("round-closer-0")
    s.tap("round-add-meld-0")
    s.pick("5h 6h")
    player = controls_under(s, "round-player-0")  # the list's panel, hidden
    closer = controls_under(s, "round-closer-1")
    sent = len(s.app.conn.messages)
    s.pick("7h")
    assert len(s.app.conn.messages) == sent + 1  # one patch
    # not one control of the hidden list is new (the same objects: the diff
    # stops at the list; a rebuilt control would be a new object)
    assert all(
        a is b for a, b in zip(controls_under(s, "round-player-0"), player, strict=True)
    )
    assert all(
        a is b for a, b in zip(controls_under(s, "round-closer-1"), closer, strict=True)
    )
    assert s.label("editor-verdict") == "Run · 18 points"  # the editor follows
    assert s.label("round-show-0").startswith("Anna ")  # the strip too
    s.tap("editor-done")  # the list shows, as the round is now
    assert s.label("round-verdict-0-0") == "Run · 18 points"
    assert s.drafts[-1]["table"][0]["cards"] == ["5h", "6h", "7h"]


def test_a_tap_other_than_a_pick_draws_the_list(flet_app, jolly):
    """Next meld keeps the list too; another player (the strip) draws it,
    with the meld just finished and the new one."""
    s = Screen(flet_app, jolly)
    s.tap("round-closer-0")
    s.tap("round-add-meld-0")
    s.pick("5h 6h 7h")
    tile = s.app.find(semantics="round-meld-0-0")
    s.tap("editor-next-meld")
    assert s.app.find(semantics="round-meld-0-0") is tile  # hidden: kept
    s.pick("Qs Qd Qc")
    s.app.click(s.app.find(semantics="round-show-1"))  # Ben: the list drawn
    s.app.click(s.app.find(semantics="round-show-0"))  # Anna again
    assert s.app.find(semantics="round-meld-0-0") is not tile
    assert s.label("round-verdict-0-0") == "Run · 18 points"
    assert s.label("round-verdict-0-1") == "Group · 30 points"


def test_on_a_laptop_the_list_shows_every_pick(flet_app, jolly):
    """Wide: the editor sits beside the players, the list is seen, and the
    meld's tile follows every pick."""
    s = Screen(flet_app, jolly, width=1280)
    s.tap("round-closer-0")
    s.tap("round-add-meld-0")
    s.pick("5h 6h")
    tile = s.app.find(semantics="round-meld-0-0")
    s.pick("7h")
    assert s.app.find(semantics="round-meld-0-0") is not tile
    assert s.label("round-verdict-0-0") == "Run · 18 points"
