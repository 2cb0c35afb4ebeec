"""The meld checker's model without Flet: every tap a method, every rule the core's."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jolly_scorer.core.cards import RANKS, SUITS, format_cards, parse_cards
from jolly_scorer.core.errors import ArrangeTimeout, JollyError
from jolly_scorer.core.melds import check_meld, check_melds
from jolly_scorer.core.rules import PRESETS, find_rules
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.meld_checker import MeldCheckerModel

CODES = [f"{r.value}{s.value}" for s in SUITS for r in RANKS] + ["X"]
codes = st.lists(st.sampled_from(CODES), max_size=8)
rules_keys = st.sampled_from(sorted(PRESETS))


def state(model: MeldCheckerModel) -> tuple[Any, ...]:
    """What the screen shows of the entered cards."""
    return (model.melds, model.active, model.text, model.bad, model.hand, model.joker)


def picked(codes: list[str], mode: str = "melds", key: str = "jolly_at") -> Any:
    model = MeldCheckerModel(find_rules("jolly_at"), Translator("en"))
    model.choose_rules(key)
    model.set_mode(mode)  # type: ignore[arg-type]
    for code in codes:
        model.pick(code)
    return model


@settings(max_examples=60, deadline=None)
@given(codes, codes, st.sampled_from(["melds", "hand"]))
def test_picking_then_removing_leaves_the_model_as_it_was(before, added, mode):
    model = picked(before, mode)
    was = state(model)
    for code in added:
        model.pick(code)
    for _ in added:
        if mode == "hand":
            model.remove_from_hand(len(model.hand) - 1)
        else:
            model.remove(model.active, len(model.melds[model.active]) - 1)
    assert state(model) == was


@settings(max_examples=80, deadline=None)
@given(codes, rules_keys)
def test_the_verdict_is_the_cores(cards, key):
    model = picked(cards, key=key)
    rules = PRESETS[key]
    meld = parse_cards(" ".join(cards))
    assert model.rules == rules
    assert model.verdicts() == [check_meld(meld, rules) if meld else None]
    assert model.verdict() == check_melds([meld] if meld else [], rules)
    judged = model.judged(0)
    assert judged is None or judged == check_meld(meld, rules)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.sampled_from(CODES), min_size=1, max_size=5), max_size=4))
def test_typed_melds_are_the_melds(melds):
    model = MeldCheckerModel(find_rules("romme_de"), Translator("en"))
    text = " / ".join(" ".join(m) for m in melds)
    model.typed(text)
    assert model.bad is None
    assert [format_cards(m) for m in model.melds if m] == [" ".join(m) for m in melds]
    assert model.text == text
    # typing what the field shows after picks gives the same melds
    again = MeldCheckerModel(find_rules("romme_de"), Translator("en"))
    again.typed(model.text)
    assert again.melds == model.melds


def test_a_meld_is_judged_when_it_can_be():
    model = picked(["9c", "9d"])
    assert model.judged(0) is None  # may still become a meld
    model.pick("9s")
    assert model.judged(0) is not None and model.judged(0).points == 27
    assert picked(["X", "X"]).judged(0) is None
    wrapped = picked(["Qs", "Ks", "As", "2s"])  # the reason, not "too few"
    assert wrapped.judged(0) is not None and wrapped.judged(0).reason.value == (
        "wrap_around"
    )


def test_a_bad_token_changes_nothing_and_is_named():
    model = picked(["5h", "6h", "7h"])
    model.typed("5h 6h 7q")
    assert model.bad == "Not a card: 7q"
    assert format_cards(model.melds[0]) == "5h 6h 7h"
    assert model.text == "5h 6h 7q"  # the field keeps what was typed
    model.typed("5h 6h")
    assert (model.bad, format_cards(model.melds[0])) == (None, "5h 6h")


def test_several_melds_the_pack_and_the_opening():
    model = picked(["Qh", "Kh", "X"])
    assert model.summary() == [
        ("Together: 31 points", True),
        ("Enough to open (needs 30).", True),
    ]
    model.add_meld()
    for code in ("9c", "9d"):
        model.pick(code)
    assert model.summary() == [("Not every meld is valid.", False)]
    model.pick("9s")
    assert model.text == "Qh Kh X / 9c 9d 9s"
    assert model.summary()[0] == ("Together: 58 points", True)
    model.activate(0)
    model.pick("Jh")
    assert model.text == "Qh Kh X Jh / 9c 9d 9s"
    model.typed("5h 5h 5h / 5h")
    assert model.summary()[0][0].startswith("More copies of a card")
    assert "5h" in model.used_up()  # the picker greys the card


def test_the_joker_readings():
    model = MeldCheckerModel(find_rules("romme_de"), Translator("en"))
    model.typed("5h 6h X")
    assert model.other_readings(0)
    model.tap(0, 2)  # a joker: its readings, nothing taken out
    assert model.joker == (0, 2) and len(model.melds[0]) == 3
    choices = model.readings(0)
    assert [now for _, now in choices] == [True, False]
    model.choose_reading(0, choices[1][0])
    assert model.text == "5h 6h X=4h" and model.joker is None
    assert model.judged(0).points == 15
    model.tap(0, 2)
    model.remove(0, 2)  # "take the joker out"
    assert model.text == "5h 6h"
    model.tap(0, 0)  # any other card: out at once
    assert model.text == "6h"


def test_rules_and_modes_keep_their_cards():
    house = find_rules("jolly_at").replace(opening_min=60, name="Ours")
    model = MeldCheckerModel(house, Translator("en"))
    assert model.rules_key == "game" and model.options["game"][0] == "This game: Ours"
    model.typed("Qh Kh Ah")
    assert model.summary()[1] == ("Not enough to open (needs 60).", False)
    model.choose_rules("romme_de")
    assert model.rules == PRESETS["romme_de"]
    model.choose_rules("no such rules")
    assert model.rules == PRESETS["romme_de"]
    model.set_mode("hand")
    assert model.text == "" and model.melds[0]
    model.pick("2c")
    model.set_mode("melds")
    assert model.text == "Qh Kh Ah"
    model.set_mode("hand")
    assert model.text == "2c"
    model.clear()
    assert (model.hand, model.melds, model.text) == ((), ((),), "")
    # the screen is drawn again in German: the choices follow, the choice stays
    model.use(house, Translator("de"))
    assert model.rules_key == "romme_de"
    assert model.options["game"][0].startswith("Dieses Spiel")


def test_the_best_lay_down_one_job_at_a_time():
    model = picked(["9c", "9d"], mode="hand")
    job = model.lay_down_job()
    assert job is not None and job[:2] == (model.hand, "jolly_at")
    assert model.working and model.best() is None
    model.pick("9s")  # a tap meanwhile: no second job while one runs
    assert model.lay_down_job() is None
    from jolly_scorer.core.arranger import best

    model.lay_down_done(job[0], job[1], best(list(job[0]), job[2]))
    assert model.best() is None and model.working  # the answer was for 9c 9d
    job = model.lay_down_job()
    assert job is not None and format_cards(job[0]) == "9c 9d 9s"
    model.lay_down_done(job[0], job[1], best(list(job[0]), job[2]))
    found = model.best()
    assert found is not None and found.lay is not None and found.lay.points == 27
    assert model.lay_down_job() is None and not model.working
    model.remove_from_hand(2)
    model.pick("9s")  # the same hand again: the answer stands
    assert model.best() is found
    model.choose_rules("romme_de")  # other rules: asked again
    assert model.working and model.lay_down_job() is not None


def refusal(cards: str) -> JollyError:
    from jolly_scorer.core.arranger import best

    with pytest.raises(JollyError) as caught:
        best(list(parse_cards(cards)), find_rules("jolly_at"), time_limit=5)
    return caught.value


@pytest.mark.parametrize(
    ("language", "error", "message"),
    [
        ("en", lambda: refusal("5h 5h 5h"), "More copies of a card"),
        ("de", lambda: refusal(" ".join(CODES[:41])), "höchstens 40 Karten"),
        ("en", lambda: ArrangeTimeout("late"), "No best lay-down found in 5 seconds"),
        ("fi", lambda: ArrangeTimeout("late"), "Parasta laskua ei löytynyt 5"),
        ("en", lambda: JollyError("Told as it is."), "Told as it is."),
    ],
)
def test_the_arranger_refuses_in_words(language, error, message):
    model = MeldCheckerModel(find_rules("jolly_at"), Translator(language))
    model.set_mode("hand")
    model.pick("5h")
    job = model.lay_down_job()
    assert job is not None
    model.lay_down_failed(job[0], job[1], error())
    found = model.best()
    assert found is not None and found.lay is None
    assert found.error is not None and message in found.error
    assert not model.working and model.lay_down_job() is None


def test_no_job_in_melds_mode_or_for_an_empty_hand():
    assert picked(["5h", "6h"]).lay_down_job() is None
    assert picked([], mode="hand").lay_down_job() is None


actions = st.lists(
    st.one_of(
        st.tuples(st.just("pick"), st.sampled_from(CODES)),
        st.tuples(st.just("remove"), st.integers(0, 9), st.integers(0, 9)),
        st.tuples(st.just("tap"), st.integers(0, 9), st.integers(0, 9)),
        st.tuples(st.just("reading"), st.integers(0, 3)),
        st.tuples(st.just("add_meld")),
        st.tuples(st.just("activate"), st.integers(0, 9)),
        st.tuples(st.just("mode"), st.sampled_from(["melds", "hand"])),
        st.tuples(st.just("rules"), st.sampled_from(sorted(PRESETS))),
        st.tuples(st.just("typed"), st.sampled_from(["5h 6h X / Qs", "9c 9q", ""])),
        st.tuples(st.just("clear")),
    ),
    max_size=25,
)


def run(model: MeldCheckerModel, action: tuple[Any, ...]) -> None:
    """One tap as the screen makes it (only on what the screen shows)."""
    name, *args = action
    melds = model.melds
    if name == "pick":
        model.pick(args[0])
    elif name in ("remove", "tap") and model.mode == "melds":
        meld = args[0] % len(melds)
        if melds[meld]:
            getattr(model, name)(meld, args[1] % len(melds[meld]))
    elif name == "remove" and model.hand:
        model.remove_from_hand(args[0] % len(model.hand))
    elif name == "reading" and model.joker is not None:
        choices = model.readings(model.joker[0])
        if choices:
            model.choose_reading(model.joker[0], choices[args[0] % len(choices)][0])
    elif name == "add_meld":
        model.add_meld()
    elif name == "activate":
        model.activate(args[0] % len(melds))
    elif name == "mode":
        model.set_mode(args[0])
    elif name == "rules":
        model.choose_rules(args[0])
    elif name == "typed":
        model.typed(args[0])
    elif name == "clear":
        model.clear()


@settings(max_examples=80, deadline=None)
@given(actions)
def test_any_taps_keep_text_cards_and_verdicts_together(taps):
    model = MeldCheckerModel(find_rules("jolly_at"), Translator("en"))
    for action in taps:
        hand, mode = model.hand, model.mode
        run(model, action)
        if mode == "melds" and action[0] not in ("mode", "clear"):
            assert model.hand == hand  # the other mode's cards are not touched
        assert 0 <= model.active < len(model.melds)
        if model.bad is None:  # the field shows the cards, and only them
            shown = model.hand if model.mode == "hand" else model.melds
            again = MeldCheckerModel(find_rules("jolly_at"), Translator("en"))
            again.set_mode(model.mode)
            again.typed(model.text)
            kept = again.hand if model.mode == "hand" else again.melds
            if model.mode == "hand":
                assert kept == shown
            else:
                assert [m for m in kept if m] == [m for m in shown if m]
        cards = [m for m in model.melds if m]
        assert model.verdict() == check_melds(cards, model.rules)
        for n, meld in enumerate(model.melds):
            verdict = model.verdicts()[n]
            assert verdict == (check_meld(meld, model.rules) if meld else None)
