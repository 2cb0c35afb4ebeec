"""Nasty input into every number and name field of the new-game form and the
scoreboard, through the app in process (tests/flet_harness.py).

Each typed text is either taken exactly as meant (a number exactly as
``ui.numbers.parse_whole_number`` reads it; a name exactly as the core's name
rule makes it) or refused with a message beside the field, the form unchanged.
"""

from __future__ import annotations

import string

import pytest
from flet_harness import iter_controls
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.app_steps import field_in

from jolly_scorer.core import game as core
from jolly_scorer.core.errors import JollyError
from jolly_scorer.core.rules import find_rules
from jolly_scorer.i18n import Translator
from jolly_scorer.store import Store
from jolly_scorer.ui import app as ui_app
from jolly_scorer.ui.models.game_form import EDITABLE_KNOBS
from jolly_scorer.ui.models.numbers import NumberError, parse_whole_number
from jolly_scorer.ui.screens.new_game.house_rules import OPTIONAL, STEP
from jolly_scorer.ui.screens.new_game.screen import ROUNDS_MAX, TARGET_MAX
from jolly_scorer.ui.texts import knob_label

NASTY_NUMBERS = [
    "", " ", "0", "00", "007", "050", "1", "49", "50", "51", "99", "100",
    "1e3", "-5", "+5", "5.0", "5,0", "1 000", "1_000", "1.000", "0x10", "NaN",
    "inf", "٣", "²", "①", "５０", "\u200b50", "50\u200b", "\t60\n", " 75 ",
    "9" * 11, "99999999999999999999", "1000000000", "100000", "100001",
    "abc", "🂡", "\x00", "5\x00", "ß", "'); DROP TABLE games; --", "${7*7}",
]  # fmt: skip

NASTY_NAMES = [
    "", " ", "  Anna  ", "anna", "ANNA", "Anna\tB", "A  B", "A\u00a0B",
    "Zoë", "Zoe\u0308", "\u200bAnna", "Anna\u200b", "\u202eevil", "\x00",
    "Bo\nb", "Ω" * 41, "x" * 40, "😀", "'); DROP TABLE players; --",
    "<b>bold</b>", "{name}", "%s", "Ben", "ben ", "Ｂｅｎ",
]  # fmt: skip

FUZZ = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)


@pytest.fixture
def app(flet_app, tmp_path):
    a = flet_app(lambda page: ui_app.main(page, tmp_path), width=390, height=844)
    a.click(a.find(semantics="home-new-game"))
    for i, name in enumerate(("Anna", "Ben"), 1):
        a.type_text(field_in(a, f"player-name-{i}"), name)
    a.tmp_path = tmp_path
    return a


def expected(text, minimum, maximum):
    try:
        return parse_whole_number(text, minimum=minimum, maximum=maximum), None
    except NumberError as e:
        return None, e.message.format(minimum=minimum, maximum=maximum)


def held_value(app, ident, step):
    """The number the form holds for field ``ident``, read through its stepper:
    one step away and back (what + or − shows is that number ± a step)."""
    more = app.find(semantics=f"{ident}-more").content
    away, back = (f"{ident}-more", f"{ident}-less")
    if more.disabled:
        away, back = back, away
    app.click(app.find(semantics=away))
    shown = int(field_in(app, ident).value)
    app.click(app.find(semantics=back))
    return shown - step if away.endswith("more") else shown + step


def check_number(app, ident, text, minimum, maximum, step, before, refuse=None):
    """Type ``text`` where the form holds ``before``: taken exactly, or refused
    beside the field with nothing changed. Returns what the form holds now."""
    app.type_text(field_in(app, ident), text)
    value, message = expected(text, minimum, maximum)
    if value is not None and refuse is not None:
        message = refuse(value)
    errors = app.find_all(semantics=f"{ident}-error")
    if value is not None and message is None:
        assert not errors, (text, errors[0].content.value)
        assert field_in(app, ident).value == text  # the typed text stays
        assert held_value(app, ident, step) == value, text
        return value
    assert errors and errors[0].content.value == message, (text, message)
    assert held_value(app, ident, step) == before, text
    return before


def test_target_and_rounds_take_exactly_what_is_typed(app):
    target, rounds = 500, 10
    app.set_value(
        next(
            c
            for c in app.controls()
            if getattr(c, "tooltip", None) == "Stop after a number of rounds"
        ),
        True,
    )
    for text in NASTY_NUMBERS:
        target = check_number(app, "target", text, 50, TARGET_MAX, 50, target)
        rounds = check_number(app, "rounds-limit", text, 1, ROUNDS_MAX, 1, rounds)
    app.type_text(field_in(app, "target"), "750")
    app.type_text(field_in(app, "rounds-limit"), "12")
    app.click(app.find(semantics="start-game"))
    with Store.open(app.tmp_path) as store:
        game = store.load_game(store.current_game_id())
    assert (game.target, game.rounds_limit) == (750, 12)
    assert target and rounds


@given(text=st.text(string.digits + " +-.,e_\u0660\u00b2\uff10", max_size=12))
@FUZZ
def test_target_fuzzed(app, text):
    before = held_value(app, "target", 50)
    check_number(app, "target", text, 50, TARGET_MAX, 50, before)


#: Per house rule, a shorter table (the parser is the same for every field).
KNOB_NUMBERS = ["0", "007", "\u200b5"]

NUMBER_KNOBS = [
    k
    for k in EDITABLE_KNOBS
    if k != "scoring" and not isinstance(getattr(find_rules("jolly_at"), k), bool)
]


def test_every_number_house_rule_takes_exactly_what_is_typed(app):
    app.click(app.find(semantics="house-rules"))
    rules = find_rules("jolly_at")
    for key in NUMBER_KNOBS:
        ident = f"knob-{key}"
        if key in OPTIONAL and getattr(rules, key) is None:
            on_off = f"{knob_label(key, Translator('en'))}: on or off"
            app.set_value(
                app.find(lambda c, w=on_off: getattr(c, "tooltip", None) == w), True
            )
        minimum = 0 if _takes(rules, key, 0) else 1

        for text in KNOB_NUMBERS:

            def refuse(value, key=key, current=rules):
                try:
                    current.replace(**{key: value})
                except JollyError as e:
                    return str(e)
                return None

            value = check_number(
                app,
                ident,
                text,
                minimum,
                100_000,
                STEP.get(key, 1),
                getattr(rules, key),
                refuse,
            )
            rules = rules.replace(**{key: value})
    app.click(app.find(semantics="start-game"))
    with Store.open(app.tmp_path) as store:
        game = store.load_game(store.current_game_id())
    for key in NUMBER_KNOBS:
        assert getattr(game.rules, key) == getattr(rules, key), key


def _takes(rules, key, value):
    try:
        rules.replace(**{key: value})
    except JollyError:
        return False
    return True


def start_with(app, names):
    """Type ``names`` into the two seats and tap Start: the game's players, or
    None when the form refused (with a message beside the names)."""
    for i, name in enumerate(names, 1):
        app.type_text(field_in(app, f"player-name-{i}"), name)
    start = app.find(semantics="start-game").content
    if start.disabled:
        assert any(
            s.startswith(("Enter at least", "Each player needs")) for s in app.texts()
        ), names
        return None
    app.click(app.find(semantics="start-game"))
    if app.find_all(semantics="players-error"):
        assert app.find(semantics="players-error").content.value
        assert not app.find_all(semantics="error")  # not at the top as well
        return None
    with Store.open(app.tmp_path) as store:
        players = store.load_game(store.current_game_id()).players
    app.click(app.find(semantics="back"))
    app.click(app.find(semantics="home-new-game"))
    return players


def core_players(names):
    """What the core's name rule makes of the names the form passes on."""
    passed = [n.strip() for n in names if n.strip()]
    try:
        return core.new_game(find_rules("jolly_at"), passed).players
    except JollyError:
        return None


def check_names(app, names):
    with Store.open(app.tmp_path) as store:
        before = len(store.list_games())
    got = start_with(app, names)
    with Store.open(app.tmp_path) as store:
        after = len(store.list_games())
    want = core_players(names)
    if got is None:
        assert after == before, names  # nothing stored
        if want is not None:  # only the form's own checks may refuse more
            assert len(set(n.casefold() for n in want)) < len(want), names
    else:
        assert after == before + 1
        assert got == want, names


def test_player_names_are_stored_as_the_name_rule_makes_them(app):
    for name in NASTY_NAMES:
        check_names(app, (name, "Ben"))
        check_names(app, ("Anna", name))


@given(
    first=st.text(max_size=45),
    second=st.text(alphabet=st.characters(blacklist_categories=["Cs"]), max_size=45),
)
@FUZZ
def test_player_names_fuzzed(app, first, second):
    check_names(app, (first, second))


def in_open_dialog(app, identifier):
    """The control tagged ``identifier`` in the open dialog (closed ones stay in
    the page's dialog list)."""
    (dialog,) = [d for d in app.page._dialogs.controls if d.open]
    (found,) = [
        c
        for c, _ in iter_controls(dialog)
        if getattr(c, "identifier", None) == identifier
    ]
    return found


def test_renaming_takes_the_name_as_the_rule_makes_it_or_says_why(app):
    app.click(app.find(semantics="start-game"))
    for name in NASTY_NAMES:
        with Store.open(app.tmp_path) as store:
            game = store.load_game(store.current_game_id())
        old = game.players[1]
        app.click(app.find(semantics="rename-2"))
        app.type_text(in_open_dialog(app, "rename-field").content, name)
        app.click(in_open_dialog(app, "rename-save"))
        try:
            want = core.rename_player(game, old, name).players
        except JollyError:
            want = None
        with Store.open(app.tmp_path) as store:
            stored = store.load_game(store.current_game_id()).players
        if want is None:
            assert stored == game.players, name
            field = in_open_dialog(app, "rename-field").content
            assert field.error, name  # said in the dialog, beside the field
            app.click(in_open_dialog(app, "rename-cancel"))
        else:
            assert stored == want, name
            assert not [d for d in app.page._dialogs.controls if d.open]


@pytest.mark.parametrize(
    ("ident", "good", "bad"),
    [("target", "750", "25"), ("rounds-limit", "12", "0"), ("target", "600", "6x")],
)
def test_start_refuses_while_a_number_shows_a_refused_text(app, ident, good, bad):
    """Review 6: "25" in "Play to" showed "At least 50" but Start created the
    game with the number taken before (typed on the way, or the preset's)."""
    app.set_value(
        app.find(
            lambda c: getattr(c, "tooltip", None) == "Stop after a number of rounds"
        ),
        True,
    )
    app.type_text(field_in(app, ident), good)
    app.type_text(field_in(app, ident), bad)
    assert app.find_all(semantics=f"{ident}-error")
    assert app.find(semantics="start-game").content.disabled
    assert app.find(semantics="start-refused").content.value.startswith("Not started")
    app.type_text(field_in(app, ident), good)  # corrected: Start goes on
    assert not app.find_all(semantics="start-refused")
    assert not app.find(semantics="start-game").content.disabled, app.texts()
    app.click(app.find(semantics="start-game"))
    with Store.open(app.tmp_path) as store:
        game = store.load_game(store.current_game_id())
    assert {"target": game.target, "rounds-limit": game.rounds_limit}[ident] == int(
        good
    )


def test_start_refuses_while_a_house_rule_shows_a_refused_text(app):
    app.click(app.find(semantics="house-rules"))
    app.type_text(field_in(app, "knob-opening_min"), "40")
    app.type_text(field_in(app, "knob-opening_min"), "4x")
    assert app.find(semantics="start-game").content.disabled
    app.click(app.find(semantics="house-rules"))  # hidden: the typed text is gone
    assert not app.find(semantics="start-game").content.disabled
    app.click(app.find(semantics="house-rules"))
    assert field_in(app, "knob-opening_min").value == "40"
    app.type_text(field_in(app, "knob-opening_min"), "")
    assert app.find(semantics="start-game").content.disabled
    app.click(app.find(semantics="knob-opening_min-more"))  # a step takes the number
    assert not app.find_all(semantics="start-refused")
    app.click(app.find(semantics="start-game"))
    with Store.open(app.tmp_path) as store:
        game = store.load_game(store.current_game_id())
    assert game.rules.opening_min == 40 + STEP["opening_min"]


def test_switching_scoring_keeps_a_target_that_fits_else_takes_the_presets():
    """Review (nice): the scoring switch compared the target with choices that
    always held it, so a target that no longer fits was kept."""
    from jolly_scorer.ui.models.game_form import GameForm

    penalty = GameForm.start(find_rules("jolly_at")).with_knob("scoring", "penalty")
    plus = penalty.with_knob("scoring", "plus")
    for form, other in ((penalty, plus), (plus, penalty)):
        fits = form.with_target(300).with_knob("scoring", other.rules.scoring)
        assert fits.target == 300  # in both scorings' choices: kept
    far = penalty.with_target(1000).with_knob("scoring", "plus")
    assert far.target == far.rules.target and far.target in far.target_choices()
    odd = plus.with_target(777).with_knob("scoring", "penalty")
    assert odd.target == odd.rules.target
