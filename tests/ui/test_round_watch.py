"""The round being entered tells its listeners which parts changed (plain
Python, no Flet): a change to Ben's hand tells Ben's hand and not Anna's; a
value the watch has not sorted tells every part."""

from __future__ import annotations

import pytest

from jolly_scorer.core.cards import parse_card
from jolly_scorer.core.game import new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.ui.models import round_watch
from jolly_scorer.ui.models.round import RoundModel, Target
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.models.round_watch import (
    BAR,
    CLOSER,
    EDITOR,
    STRIP,
    RoundWatch,
    hand_topic,
    meld_topic,
)

PLAYERS = ["Anna", "Ben", "Cleo"]


@pytest.fixture
def entry():
    return RoundEntryModel(RoundModel(new_game(find_rules("jolly_at"), PLAYERS)))


@pytest.fixture
def watch(entry):
    return RoundWatch(entry)


def heard(watch, *topics):
    """The topics told to listeners, in order."""
    told: list[tuple[str, ...]] = []
    for topic in topics:
        watch.subscribe(topic, told.append)
    return told


def test_a_change_to_bens_hand_tells_ben_and_not_anna(entry, watch):
    told = heard(watch, hand_topic("Ben"), hand_topic("Anna"), CLOSER)
    entry.edit(Target("hand", "Ben"))
    # selected; shown (no opening warning to hide from the bar: not the bar);
    # the editor opens
    assert watch.announce() == {hand_topic("Ben"), STRIP, EDITOR}
    assert told == [hand_topic("Ben")]
    told.clear()
    entry.pick("Kc")
    changed = watch.announce()
    assert hand_topic("Ben") in changed and hand_topic("Anna") not in changed
    assert STRIP in changed and BAR in changed  # Ben's score
    assert told == [hand_topic("Ben")]


def test_nothing_changed_tells_nobody(entry, watch):
    told = heard(watch, hand_topic("Ben"), CLOSER, STRIP)
    entry.set_typing(True)  # the editor's keyboard: no watched part shows it
    assert watch.announce() == frozenset()
    assert told == []


def test_counted_points_tell_that_players_hand_and_the_strip(entry, watch):
    entry.set_mode("Cleo", "points")
    # not all counting yet: not the closer section
    assert watch.announce() == {hand_topic("Cleo"), STRIP, BAR}
    entry.set_points("Cleo", "bad", "x")  # refused: the field's message
    # and the bar's "a points field is not a whole number" (found by
    # test_round_entry_kept: the bar missed it)
    assert watch.announce() == {hand_topic("Cleo"), BAR}
    entry.set_points("Cleo", "bad", "12")
    assert watch.announce() == {hand_topic("Cleo"), STRIP, BAR}
    before = watch.version(hand_topic("Anna"))
    entry.set_points("Cleo", "bad", "15")
    watch.announce()
    assert watch.version(hand_topic("Anna")) == before


def test_another_devices_part_merged_in_tells_that_players_parts_only(entry, watch):
    """Another device's news replaces the round with a new, merged object
    (``RoundEntryModel.follow``): equal but for Ben's part, it tells Ben's
    hand, the strip and the bar, not every part (before: the round's
    identity was common, and every page drew every hand again for each
    digit typed at the table)."""
    import copy

    merged = copy.deepcopy(entry.rounds)
    merged.set_mode("Ben", "points")
    entry.follow(merged, {"Ben"}, [])
    assert watch.announce() == {hand_topic("Ben"), STRIP, BAR}
    before = watch.version(hand_topic("Anna"))
    again = copy.deepcopy(entry.rounds)  # the same values, another object
    entry.follow(again, set(), [])
    assert watch.announce() == frozenset()
    assert watch.version(hand_topic("Anna")) == before


def test_a_meld_tells_its_own_tile_only_once_it_is_on_the_table(entry, watch):
    entry.new_meld("Anna")  # a new meld moves the others: every part
    first = entry.rounds.melds[0].key
    assert hand_topic("Ben") in watch.announce()
    entry.new_meld("Anna")
    second = entry.rounds.melds[1].key
    watch.announce()
    entry.edit(Target("meld", "Anna", 0))
    # selected; the editor is open on another meld
    assert watch.announce() == {meld_topic(first), meld_topic(second), EDITOR}
    entry.pick("5h")
    changed = watch.announce()
    assert meld_topic(first) in changed and meld_topic(second) not in changed
    assert hand_topic("Anna") not in changed and hand_topic("Ben") not in changed


def test_a_lay_off_tells_the_meld_it_lies_on(entry, watch):
    entry.new_meld("Anna")
    for code in ("5h", "6h", "7h"):
        entry.pick(code)
    key = entry.rounds.melds[0].key
    watch.announce()
    entry.lay_off_on("Ben", key)
    entry.pick("8h")
    changed = watch.announce()
    assert meld_topic(key) in changed  # "Ben laid off 8♥" on Anna's tile
    assert hand_topic("Anna") not in changed


def test_the_closer_and_handglatt_tell_every_part(entry, watch):
    entry.new_meld("Anna")
    watch.announce()
    everything = {hand_topic(p) for p in PLAYERS} | {
        CLOSER,
        STRIP,
        BAR,
        meld_topic(entry.rounds.melds[0].key),
        EDITOR,  # open on Anna's new meld
    }
    entry.set_closer("Anna")
    assert watch.announce() == everything
    entry.set_handglatt(True, "Anna")  # the counted hands' "×2" hint, scores
    assert watch.announce() == everything


def test_a_problem_tells_the_hand_it_is_shown_at(entry, watch):
    """A third copy of a card (two packs): the problem is shown at the
    place of the copy too many, Ben's hand."""
    entry.edit(Target("hand", "Anna"))
    entry.pick("Kc")
    entry.pick("Kc")
    entry.edit(Target("hand", "Ben"))
    entry.pick("Kc")
    watch.announce()
    problems = [p for p in entry.rounds.problems() if p.code == "third_copy"]
    assert [p.place.player for p in problems] == ["Ben"]
    entry.edit(Target("hand", "Anna"))
    entry.remove()  # Anna's last Kc goes: Ben's problem goes with it
    changed = watch.announce()
    assert hand_topic("Ben") in changed


def test_a_value_the_watch_has_not_sorted_tells_every_part(entry, watch):
    """A field added to the entry tomorrow and shown by some part: every
    part is drawn again, none goes stale."""
    entry.something_new = 1
    watch.announce()
    told = heard(watch, hand_topic("Anna"), CLOSER, STRIP)
    entry.something_new = 2
    assert watch.announce() >= {hand_topic(p) for p in PLAYERS} | {CLOSER, STRIP}
    assert sorted(told) == sorted([hand_topic("Anna"), CLOSER, STRIP])


def test_a_change_in_place_is_seen(entry, watch):
    """The round's lists and dicts change in place: the watch keeps values."""
    entry.rounds.hands["Cleo"].append(parse_card("Kc"))
    assert hand_topic("Cleo") in watch.announce()


def test_a_listener_can_leave(entry, watch):
    told: list[tuple[str, ...]] = []
    stop = watch.subscribe(hand_topic("Ben"), told.append)
    stop()
    entry.set_mode("Ben", "points")
    watch.announce()
    assert told == []


def test_every_attribute_of_the_model_is_sorted_or_common(entry):
    """The sorting names only attributes that exist (a renamed one would
    silently fall back to common: slower, never stale, but say so)."""
    names = set(vars(entry))
    assert names >= round_watch.ENTRY_PER_PLAYER
    assert names >= round_watch.SCREEN_ONLY
    assert names >= round_watch.EDITOR_ONLY
    assert set(vars(entry.rounds)) >= round_watch.ROUND_PER_PLAYER


def test_the_editor_has_a_piece_of_every_per_player_attribute():
    """The card editor's share holds the edited player's piece of each
    per-player attribute of the round: one sorted there tomorrow needs its
    piece, or the editor would miss it (and show an old value)."""
    assert set(round_watch.PIECES) == round_watch.ROUND_PER_PLAYER


def test_the_editor_is_told_what_it_shows_and_nothing_else(entry, watch):
    """Open: its keyboard, the cards picked, the cards of the meld laid off
    on; closed, it has no share (its keyboard tells nobody)."""
    entry.new_meld("Anna")
    for code in ("5h", "6h", "7h"):
        entry.pick(code)
    key = entry.rounds.melds[0].key
    watch.announce()
    entry.set_typing(True)
    assert watch.announce() == {EDITOR}
    entry.set_points("Cleo", "bad", "12")  # another player's field
    assert EDITOR not in watch.announce()
    entry.lay_off_on("Ben", key)
    assert EDITOR in watch.announce()
    entry.pick("8h")
    changed = watch.announce()
    assert EDITOR in changed and meld_topic(key) in changed
    entry.edit(None)
    assert EDITOR in watch.announce()  # closed: its share goes
    entry.set_typing(False)
    assert watch.announce() == frozenset()


def test_everyone_counting_tells_the_closer_section(entry, watch):
    """Its "Everyone counted points" button is ticked once all count."""
    for player in PLAYERS[:-1]:
        entry.set_mode(player, "points")
    assert CLOSER not in watch.announce()
    entry.set_mode(PLAYERS[-1], "points")
    assert CLOSER in watch.announce()


def test_the_bar_hides_an_opening_warning_while_cards_are_picked(entry, watch):
    entry.new_meld("Anna")
    for code in ("5h", "6h", "7h"):
        entry.pick(code)
    entry.edit(None)
    watch.announce()
    assert entry.rounds.below_opening("Anna") is not None  # the bar warns
    entry.edit(Target("hand", "Ben"))
    assert BAR in watch.announce()  # (the bar and the grid stay put)
    entry.edit(None)
    assert BAR in watch.announce()
