"""What a page keeps beside the game (ui/models/page_records.py), each part
on its own, on a real store and without Flet: a failing store shows its
failure and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from jolly_scorer.core.game import new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store
from jolly_scorer.store.errors import StoreBusy
from jolly_scorer.ui.models.page_records import DeviceSeat, Drafts, Preferences
from jolly_scorer.ui.settings import UiSettings

PLAYERS = ("Anna", "Ben", "Cleo")


class Busy:
    """A store whose every call fails as a locked database does."""

    def __getattr__(self, name: str) -> Any:
        def busy(*args: Any, **kwargs: Any) -> Any:
            raise StoreBusy()

        return busy


@pytest.fixture
def store(tmp_path):
    with Store.open(tmp_path) as opened:
        yield opened


def test_a_draft_is_kept_for_the_new_round_only(store):
    game_id = store.create_game(new_game(find_rules("jolly_at"), PLAYERS))
    key: list[int | None] = [game_id]
    shown: list[str] = []
    drafts = Drafts(lambda: store, lambda: key[0], shown.append)
    drafts.save({"closer": "Ben"})
    assert drafts.load() == {"closer": "Ben"}
    key[0] = None  # an edit of a saved round: no draft, the new round's stays
    assert drafts.load() is None
    drafts.save({"closer": "Cleo"})
    drafts.clear()
    key[0] = game_id
    assert drafts.load() == {"closer": "Ben"}
    drafts.clear()
    assert drafts.load() is None and shown == []


def test_a_busy_store_loses_no_draft_silently():
    shown: list[str] = []
    drafts = Drafts(Busy, lambda: 1, shown.append)
    drafts.save({"closer": "Ben"})
    assert shown == [StoreBusy.public]  # said beside the game, not swallowed
    assert drafts.load() is None  # the round starts empty, the page goes on
    drafts.clear()  # forgetting may fail quietly: nothing is lost by it


def test_a_device_keeps_its_seat_and_a_failure_asks_again(store):
    game_id = store.create_game(new_game(find_rules("jolly_at"), PLAYERS))
    shown: list[str] = []
    game = (game_id, PLAYERS)
    phone = DeviceSeat(lambda: store, lambda: game, lambda: "phone", shown.append)
    other = DeviceSeat(lambda: store, lambda: game, lambda: "other", shown.append)
    assert phone.load() is None
    assert phone.choose("Cleo") is None
    assert phone.load() == "Cleo" and other.load() is None
    assert phone.choose(None) is None and phone.load() is None
    no_key = DeviceSeat(lambda: store, lambda: game, lambda: "", shown.append)
    assert no_key.choose("Ben") is None and no_key.load() is None  # no cookie
    busy = DeviceSeat(Busy, lambda: game, lambda: "phone", shown.append)
    assert busy.load() is None
    assert busy.choose("Ben") == StoreBusy.public
    assert shown == [StoreBusy.public, StoreBusy.public]


def test_a_seat_of_a_player_the_page_does_not_show_is_none(store):
    game_id = store.create_game(new_game(find_rules("jolly_at"), PLAYERS))
    store.save_device_seat(game_id, "phone", "Cleo")
    shown = (game_id, ("Anna", "Ben", "Dora"))  # a rename the store has not yet
    seat = DeviceSeat(lambda: store, lambda: shown, lambda: "phone", print)
    assert seat.load() is None


def test_settings_change_only_once_stored(store):
    settings = [UiSettings(language="en")]
    shown: list[str] = []
    preferences = Preferences(
        lambda: store, lambda: settings[-1], settings.append, shown.append
    )
    assert preferences.default_rules().name == find_rules("jolly_at").name
    assert preferences.change(language="fi", theme="dark") is None
    assert (settings[-1].language, settings[-1].theme) == ("fi", "dark")
    assert store.get_setting("language") == "fi"
    assert preferences.save_default_rules(find_rules("romme_de")) is None
    assert preferences.default_rules().name == find_rules("romme_de").name
    assert preferences.change(theme="pink") is not None  # refused: not shown
    assert settings[-1].theme == "dark" and len(shown) == 1
    busy = Preferences(Busy, lambda: settings[-1], settings.append, shown.append)
    assert busy.change(language="de") == StoreBusy.public
    assert settings[-1].language == "fi"  # the page shows what is stored
