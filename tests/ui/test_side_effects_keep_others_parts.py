"""Review of entering a round together (this session's reviewer): a device
that changes another player's part only as a side effect (taking back a meld
that player laid off on) must not write back that player's whole part from
its older copy, dropping what the player entered meanwhile on their phone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from support.devices import PLAYERS, Device, enter_melds, fill_round, page_entry

from jolly_scorer.core.game import new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store, StoreError
from jolly_scorer.ui.models.round import RoundModel, parse_cards


def one_store(tmp_path: Path) -> Store:
    """A store of one game (Anna, Ben and Cleo); open it with ``with``."""
    with Store.open(tmp_path) as setup:
        setup.create_game(new_game(find_rules("jolly_at"), PLAYERS))
    return Store.open(tmp_path)


def test_a_meld_taken_back_does_not_drop_what_the_layer_entered_meanwhile(
    tmp_path: Path,
) -> None:
    with one_store(tmp_path) as store:
        host = Device(store, "host-1")
        ben = Device(store, "guest-ben")
        enter_melds(host)  # Anna's 7h 8h 9h, Ben's lay-off 10h, Ben holds Kd
        host.write()
        ben.catch_up()
        ben.entry.rounds.set_hand("Ben", parse_cards("Kd Qs Js"))  # his phone
        ben.write()
        # the host has not heard yet; it takes Anna's run back
        host.entry.delete_meld(0)
        host.write()
        stored = store.load_seat_parts(1, 1)["Ben"].data
        assert stored["hand"] == ["Kd", "Qs", "Js"]
        host.catch_up()
        assert host.entry.rounds.hands["Ben"] == list(parse_cards("Kd Qs Js"))


def test_a_lay_off_card_removed_does_not_drop_the_layers_other_entries(
    tmp_path: Path,
) -> None:
    with one_store(tmp_path) as store:
        host = Device(store, "host-1")
        ben = Device(store, "guest-ben")
        enter_melds(host)
        host.write()
        ben.catch_up()
        ben.entry.rounds.set_hand("Ben", parse_cards("Kd 2c"))
        ben.write()
        host.entry.rounds.remove_placed(0, 3)  # Ben's 10h off Anna's run
        host.entry.dirty = True
        host.write()
        ben.catch_up()
        assert ben.entry.rounds.hands["Ben"] == list(parse_cards("Kd 2c"))


def test_a_part_written_while_save_runs_is_not_lost(tmp_path: Path) -> None:
    with one_store(tmp_path) as store:
        host = Device(store, "host-1")
        page = page_entry(host)
        fill_round(host)  # Ben counted 5
        host.write()
        phone = Device(store, "guest-2")
        assert page.ready_to_save() is True  # Save's catch-up: nothing new
        # ... and while the host's page builds and scores the round, Ben's
        # phone stores his corrected count (another page session's thread)
        phone.entry.set_points("Ben", "bad", "9")
        assert phone.write() == ["Ben"]
        entry = host.entry.save()
        assert entry is not None
        answer = host.state.save_round(entry, host.shared.number)
        game = store.load_game(1)
        if answer is None:  # saved: then with what Ben's phone said last
            assert dict(game.rounds[0].counted)["Ben"].bad == 9
        else:  # or refused, and nothing saved
            assert not game.rounds


class SecondWriteFails:
    """The store, with its second part write failing (a locked database, or
    the process killed right there)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.writes = 0

    def save_seat_part(self, *args: Any, **kwargs: Any) -> Any:
        self.writes += 1
        if self.writes == 2:
            raise StoreError("database is locked")
        return self.store.save_seat_part(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)


def test_a_rename_mid_round_that_fails_halfway_loses_no_part(tmp_path: Path) -> None:
    with one_store(tmp_path) as store:
        phone = Device(store, "guest-2")
        fill_round(phone)  # round part, Anna, Ben, Cleo
        phone.write()
        before = store.load_seat_parts(1, 1)
        assert len(before) == 4
        host = Device(SecondWriteFails(store), "host-1")  # type: ignore[arg-type]
        host.state.go("board")
        host.state.rename_player("Anna", "Anne")
        after = store.load_seat_parts(1, 1)
        # either all renamed, or none (the rename refused): never fewer parts
        assert len(after) == 4
        assert "Anne" in after and "Anna" not in after


class FirstWriteFails(SecondWriteFails):
    def save_seat_part(self, *args: Any, **kwargs: Any) -> Any:
        self.writes += 1
        if self.writes == 1:
            raise StoreError("database is locked")
        return self.store.save_seat_part(*args, **kwargs)


def test_an_old_draft_is_not_lost_when_its_first_write_fails(tmp_path: Path) -> None:
    with one_store(tmp_path) as store:
        host = Device(store, "host-1")
        old = RoundModel(store.load_game(1))
        old.set_closer("Ben")
        old.set_counted("Cleo", bad=3)
        store.save_draft(1, old.to_draft())  # kept before rounds were shared
        host.state.store = FirstWriteFails(store)  # type: ignore[assignment]
        host.state.go("board")
        page = page_entry(host)  # its start fails to write the parts
        assert host.entry.error  # says so
        host.state.store = store  # type: ignore[assignment]
        page.follow()
        kept = store.load_draft(1) is not None or store.load_seat_parts(1, 1)
        assert kept
        host.open()  # the entry opened again: the draft is taken over ...
        assert host.entry.rounds.closer == "Ben"
        assert host.entry.rounds.counted["Cleo"].bad == 3
        parts = store.load_seat_parts(1, 1)
        assert parts[""].data["closer"] == "Ben"
        assert store.load_draft(1) is None  # ... and goes once written as parts


def test_a_change_refused_because_the_round_was_saved_is_offered(
    tmp_path: Path,
) -> None:
    with one_store(tmp_path) as store:
        host = Device(store, "host-1")
        fill_round(host)  # Ben counted 5
        host.write()
        phone = Device(store, "guest-2")
        page = page_entry(phone)
        assert phone.entry.rounds.counted["Ben"].bad == 5
        assert host.save() is None  # the host saves ...
        phone.entry.set_points("Ben", "bad", "9")  # ... as Ben corrects his count
        page.write()
        assert dict(store.load_game(1).rounds[0].counted)["Ben"].bad == 5
        # Ben's 9 is in no round and no part: the phone must say so (the
        # saved round beside it, "keep mine as the correction"), not just go
        assert phone.entry.taken is not None


def test_a_save_refused_for_a_part_written_meanwhile_shows_it_and_saves_next(
    tmp_path: Path,
) -> None:
    with one_store(tmp_path) as store:
        host = Device(store, "host-1")
        page = page_entry(host)
        fill_round(host)  # Ben counted 5
        host.write()
        phone = Device(store, "guest-2")
        assert page.ready_to_save() is True
        phone.entry.set_points("Ben", "bad", "9")  # as the host's Save runs
        phone.write()
        entry = host.entry.save()
        assert entry is not None
        answer = host.state.save_round(entry, host.shared.number)
        assert answer == (
            "Not saved: the round was changed on another device just now. "
            "Check it and save again."
        )
        host.entry.saved(answer)
        assert not store.load_game(1).rounds  # nothing saved, no traceback
        page.refused()  # the page catches up and names the part
        assert host.entry.rounds.counted["Ben"].bad == 9
        assert host.entry.notice == "Ben's part was changed on another device"
        assert host.entry.error == answer
        assert page.ready_to_save() is True  # the next Save saves what it shows
        entry = host.entry.save()
        assert entry is not None
        assert host.state.save_round(entry, host.shared.number) is None
        assert dict(store.load_game(1).rounds[0].counted)["Ben"].bad == 9


def test_a_refused_change_offered_stays_and_is_kept_as_the_correction(
    tmp_path: Path,
) -> None:
    with one_store(tmp_path) as store:
        host = Device(store, "host-1")
        fill_round(host)  # Ben counted 5
        host.write()
        phone = Device(store, "guest-2")
        page = page_entry(phone)
        page.together.offered = phone.state.entering.round_taken_here  # as the app's
        assert host.save() is None
        phone.entry.set_points("Ben", "bad", "9")
        page.write()
        taken = phone.entry.taken
        assert taken is not None and taken.number == 1
        assert dict(taken.saved.counted)["Ben"].bad == 5  # the round saved
        assert phone.state.game is not None and len(phone.state.game.rounds) == 1
        # the word of the host's save arrives late: the offer stays on screen
        phone.state.refresh(1)
        assert phone.state.entering.follow_saved_round() is False
        assert phone.state.nav.screen == "entry"
        assert page.follow() is False and phone.entry.taken is taken
        kept = phone.entry.keep_as_correction()  # "keep mine as the correction"
        assert kept is not None
        assert phone.state.save_round(kept[0], kept[1] + 1, True) is None
        assert dict(store.load_game(1).rounds[0].counted)["Ben"].bad == 9
        assert len(store.load_game(1).rounds) == 1


def test_a_refused_write_with_nothing_unstored_goes_to_the_board(
    tmp_path: Path,
) -> None:
    with one_store(tmp_path) as store:
        host = Device(store, "host-1")
        fill_round(host)
        host.write()
        phone = Device(store, "guest-2")
        page = page_entry(phone)
        assert host.save() is None
        phone.entry.tap_done("Ben")  # a status only: nothing of the round lost
        page.write()
        assert phone.entry.taken is None and phone.entry.closed
        assert phone.state.nav.screen == "board"
        assert phone.state.notice == "Round 1 was saved on another device."
