"""Names that look alike (issue 19.7): "Аnna" with a Cyrillic А beside
"Anna", a fullwidth "Ｌea" beside "Lea" were accepted as different players
without a word. The new-game form warns (they may still play)."""

from __future__ import annotations

import pytest
from support.app_steps import field_in

from jolly_scorer.core.look_alike import look_alike, skeleton


@pytest.mark.parametrize(
    ("name", "other"),
    [
        ("\u0410nna", "Anna"),  # Cyrillic capital A
        ("\uff2cea", "Lea"),  # fullwidth L
        ("B\u0435n", "Ben"),  # Cyrillic e
        ("\u039fla", "Ola"),  # Greek capital omicron
        ("0la", "Ola"),
        ("Ian", "lan"),
        ("\U0001d5a0nna", "Anna"),  # mathematical sans-serif A
        ("Mari\u0430", "Maria"),
    ],
)
def test_names_that_look_alike_have_one_skeleton(name, other):
    assert skeleton(name) == skeleton(other)
    assert look_alike(name, ["Otto", other]) == other


@pytest.mark.parametrize(
    ("name", "other"),
    [
        ("Anna", "Anne"),
        ("L\u00e9a", "Lea"),  # an accent is seen on a score sheet
        ("J\u00fcrgen", "Jurgen"),
        ("Anna", "anna"),  # the same player: refused as a duplicate elsewhere
        ("", "Anna"),
    ],
)
def test_different_names_and_the_same_name_are_not_look_alikes(name, other):
    assert look_alike(name, [other]) is None


def test_the_new_game_form_warns_of_a_look_alike_name(open_app):
    app = open_app()
    app.click(app.find(semantics="home-new-game"))
    app.type_text(field_in(app, "player-name-1"), "Anna")
    app.type_text(field_in(app, "player-name-2"), "\u0410nna")
    app.wait_for(
        lambda: "Looks like Anna" in str(field_in(app, "player-name-2").helper)
    )
    assert field_in(app, "player-name-1").helper is None
    app.type_text(field_in(app, "player-name-2"), "Ben")
    app.wait_for(lambda: field_in(app, "player-name-2").helper is None)


@pytest.mark.parametrize("other", ["\u0410nna", "\uff21nna"])
def test_renaming_to_a_look_alike_name_warns(open_app, tmp_path, other):
    """Issue 38.8: renaming Ben to Cyrillic "Аnna" or fullwidth "Ａnna"
    beside "Anna" was silent. The rename dialog warns (it may still be
    saved), as the new-game form does."""
    from support.app_steps import PLAYERS, open_seeded, rounds
    from support.dialogs import in_open_dialog

    app = open_seeded(open_app, tmp_path, PLAYERS, rounds(1))
    app.click(app.find(semantics="rename-2"))  # Ben
    field = lambda: in_open_dialog(app, "rename-field").content  # noqa: E731
    app.type_text(field(), other)
    app.wait_for(lambda: "Looks like Anna" in str(field().helper))
    app.type_text(field(), "Benedikt")
    app.wait_for(lambda: field().helper is None)
