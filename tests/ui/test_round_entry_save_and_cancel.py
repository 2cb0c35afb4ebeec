"""Issue 8 defects 2, 3, 4, 8 and issue 12.3 (strict counted points), each
reproduced through the round-entry screen in process (tests/flet_harness.py),
and defect 2 also through two app states on one store (a phone and a laptop)."""

from __future__ import annotations

from typing import Any

import pytest
from support.round_screen import PLAYERS, Screen

from jolly_scorer.core.game import Counted, Round, new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store
from jolly_scorer.ui.models.round import RoundTaken
from jolly_scorer.ui.settings import UiSettings
from jolly_scorer.ui.state import AppState


@pytest.fixture
def jolly():
    return new_game(find_rules("jolly_at"), PLAYERS)


# -- defect 8: the closer defaults to nobody -------------------------------------
def test_save_asks_who_went_out(flet_app, jolly):
    s = Screen(flet_app, jolly)
    for seat in range(3):
        s.tap(f"round-mode-{seat}-points")
        s.type(f"round-bad-{seat}", "0")
    s.tap("round-save")
    assert not s.saved
    assert "Who went out?" in s.label("round-error")
    s.tap("round-closer-none")  # an explicit choice
    s.tap("round-save")
    assert s.saved and s.saved[0].closed_by is None


def test_penalty_game_nobody_out_is_an_explicit_choice(flet_app):
    s = Screen(flet_app, new_game(find_rules("rommi_fi"), PLAYERS))
    for seat in range(3):
        s.tap(f"round-mode-{seat}-points")
        s.type(f"round-bad-{seat}", "5")
    s.tap("round-save")
    assert not s.saved and "Who went out?" in s.label("round-error")
    s.tap("round-closer-none")
    assert s.app.find(semantics="round-closer-none").selected
    s.tap("round-save")
    assert s.saved[0].closed_by is None


# -- defect 3: the closer's counted points ---------------------------------------
def test_the_closer_counts_good_points_like_everyone(flet_app, jolly):
    s = Screen(flet_app, jolly)
    s.tap("round-closer-0")
    s.tap("round-mode-0-points")
    s.type("round-good-0", "45")
    assert not s.app.find_all(semantics="round-bad-0")  # holds no cards
    s.tap("round-mode-1-points")
    s.type("round-good-1", "20")
    s.type("round-bad-1", "12")
    s.tap("round-mode-2-points")
    s.type("round-bad-2", "7")
    s.tap("round-save")
    assert s.saved == [
        Round(
            closed_by="Anna",
            counted=(
                ("Anna", Counted(45, 0)),
                ("Ben", Counted(20, 12)),
                ("Cleo", Counted(0, 7)),
            ),
        )
    ]


# -- defect 4: Cancel asks before losing a half-entered round ---------------------
def test_cancel_asks_when_something_would_be_lost(flet_app, jolly):
    s = Screen(flet_app, jolly)
    s.tap("round-closer-1")
    s.tap("round-cancel")
    assert s.cancelled == 0
    assert s.label("round-cancel-ask") == "Throw away this round?"
    s.tap("round-keep-entering")
    assert s.app.find(semantics="round-closer-1").selected  # nothing lost
    s.tap("round-cancel-top")
    s.tap("round-throw-away")
    assert s.cancelled == 1 and not s.saved


def test_cancel_of_an_empty_round_closes_at_once(flet_app, jolly):
    s = Screen(flet_app, jolly)
    s.tap("round-cancel")
    assert s.cancelled == 1


# -- issue 12.3: counted points parsed strictly -----------------------------------
NASTY = ["-5", "1e9", "3.5", "abc", "²", "①", "12345678901", "٣", "+3", "0x10", "5 5"]


@pytest.mark.parametrize("text", NASTY)
@pytest.mark.parametrize("key", ["good", "bad"])
def test_counted_points_refuse_anything_but_digits(flet_app, jolly, text, key):
    s = Screen(flet_app, jolly)
    s.tap("round-closer-0")
    s.tap("round-mode-1-points")
    s.type(f"round-{key}-1", "7")
    drafts = len(s.drafts)
    s.type(f"round-{key}-1", text)
    field = s.field(f"round-{key}-1")
    assert field.error, f"{text!r} was taken"
    assert field.value == text  # what was typed stays, with the message beside
    assert len(s.drafts) == drafts  # nothing changed
    s.tap("round-mode-2-points")
    s.type("round-bad-2", "0")  # a typed 0 is a number
    s.tap("round-save")
    assert not s.saved
    assert "not a whole number" in s.label("round-error")
    s.type(f"round-{key}-1", "")  # empty is missing (issue 17.2), never 0
    s.tap("round-save")
    assert not s.saved and "Still needs points: Ben." in s.label("round-error")
    s.type(f"round-{key}-1", "0")
    s.tap("round-save")
    counted = dict(s.saved[0].counted)["Ben"]
    assert getattr(counted, key) == 0


@pytest.mark.parametrize(
    ("text", "value"), [("0", 0), (" 42 ", 42), ("1000000000", 10**9)]
)
def test_counted_points_take_whole_numbers(flet_app, jolly, text, value):
    s = Screen(flet_app, jolly)
    s.tap("round-closer-0")
    s.tap("round-mode-1-points")
    s.type("round-bad-1", text)
    assert not s.field("round-bad-1").error
    s.tap("round-mode-2-points")
    s.type("round-bad-2", "0")
    s.tap("round-save")
    assert dict(s.saved[0].counted)["Ben"] == Counted(0, value)


# -- defect 2: two devices save the same round -----------------------------------
def counted_round(closer: str, **bad: int) -> Round:
    return Round(
        closed_by=closer,
        counted=tuple((p, Counted(0, bad.get(p, 0))) for p in PLAYERS if p != closer),
    )


@pytest.fixture
def two_devices(tmp_path):
    with Store.open(tmp_path) as store:
        phone = AppState(store=store, settings=UiSettings())
        phone.start_game(find_rules("jolly_at"), PLAYERS)
        laptop = AppState(store=store, settings=UiSettings())
        laptop.open_current()
        yield phone, laptop, store


def test_a_round_saved_meanwhile_is_not_added_again(two_devices):
    phone, laptop, store = two_devices
    phone.enter_round()
    laptop.enter_round()
    assert phone.save_round(counted_round("Anna", Ben=5), 1) is None
    answer: Any = laptop.save_round(counted_round("Ben", Anna=9), 1)
    assert isinstance(answer, RoundTaken)
    assert answer.number == 1 and answer.saved.closed_by == "Anna"
    assert answer.scores["Ben"].bad == 5
    assert len(store.load_game(phone.game_id).rounds) == 1  # nothing added
    # keep mine as a correction of round 1
    assert laptop.save_round(counted_round("Ben", Anna=9), 1, True) is None
    rounds = store.load_game(phone.game_id).rounds
    assert len(rounds) == 1 and rounds[0].closed_by == "Ben"


def test_the_entry_shows_what_was_saved_and_the_choices(flet_app, jolly):
    taken = RoundTaken(1, counted_round("Anna", Ben=5), {})
    from jolly_scorer.core.scoring import score_round

    taken = RoundTaken(1, taken.saved, score_round(jolly, taken.saved, 1).scores)
    s = Screen(flet_app, jolly, answer=taken)
    s.tap("round-closer-1")
    for seat in range(3):
        s.tap(f"round-mode-{seat}-points")
        s.type(f"round-{'good' if seat == 1 else 'bad'}-{seat}", "0")
    s.tap("round-save")
    assert "Round 1 was saved on another device" in s.label("round-taken")
    assert "Saved there: Anna went out" in " ".join(s.app.texts())
    s.tap("round-taken-look")
    assert any(text.startswith("Ben: good 0 · bad 5") for text in s.app.texts())
    s.answer = None
    s.tap("round-taken-correct")
    assert s.numbers == [(1, False), (1, True)]
    assert s.saved[-1].closed_by == "Ben"


def test_drop_mine_leaves_without_asking(flet_app, jolly):
    saved = counted_round("Anna", Ben=5)
    s = Screen(flet_app, jolly, answer=RoundTaken(1, saved, {}))
    s.tap("round-closer-none")
    for seat in range(3):
        s.tap(f"round-mode-{seat}-points")
        s.type(f"round-bad-{seat}", "0")
    s.tap("round-save")
    s.tap("round-taken-drop")
    assert s.cancelled == 1


# -- review finding 3: a typed card that cannot be read keeps Save refused --------
def test_a_card_that_is_not_readable_is_not_dropped_on_save(flet_app, jolly):
    s = Screen(flet_app, jolly)
    s.tap("round-closer-0")
    s.tap("round-mode-2-points")
    s.tap("round-show-1")  # Ben's hand: the editor opens on it
    s.tap("editor-keyboard")
    s.type("meld-input", "Kh Qs 5")
    s.tap("round-save")
    assert not s.saved
    assert s.label("round-error") == "Not saved: a card is not readable."
    assert s.field("meld-input").error == "Not a card: 5"


# -- defect 2 in the browser: the correction was written to a lost WAL ------------
def test_a_save_after_another_process_opened_the_store_is_kept(tmp_path):
    """The server holds the shared store open; the command line (or a test)
    opens the same database and closes it; the server's next save must be in
    the file. Opening the store used to os.open/os.close the database file
    after connecting, which dropped the process's SQLite locks on it: the other
    process's close then took itself for the last one and deleted the WAL, and
    every later save of the server went into the deleted WAL (lost)."""
    import subprocess
    import sys

    with Store.open(tmp_path) as store:
        phone = AppState(store=store, settings=UiSettings())
        phone.start_game(find_rules("jolly_at"), PLAYERS)
        assert phone.save_round(counted_round("Anna", Ben=5), 1) is None
        path = store.path
        subprocess.run(
            [
                sys.executable,
                "-c",
                "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
                "c.execute('select count(*) from games').fetchall(); c.close()",
                str(path),
            ],
            check=True,
        )
        assert phone.save_round(counted_round("Ben", Anna=9), 2) is None
        game_id = phone.game_id
        assert game_id is not None
        import sqlite3

        reader = sqlite3.connect(path)
        try:
            count = reader.execute(
                "SELECT count(*) FROM rounds WHERE game_id = ?", (game_id,)
            ).fetchone()[0]
        finally:
            reader.close()
        assert count == 2
