"""A live table's games, and a joined phone's page in process: the games a
table is made of, what another page stores, and the phone's first taps.
The ``guest_page`` fixture (a joined phone's page on the table's game) is in
``tests/conftest.py``."""

from __future__ import annotations

from jolly_scorer.core import game as core
from jolly_scorer.core.rules import resolve_rules
from jolly_scorer.store import Store
from jolly_scorer.ui.app import PARTS_KEY

PLAYERS = ["Anna", "Ben", "Cleo"]


def make_games(data):
    with Store.open(data) as store:
        other = store.create_game(
            core.new_game(resolve_rules("jolly_at"), ["Otto", "Olga"])
        )
        table_game = store.create_game(
            core.new_game(resolve_rules("jolly_at"), PLAYERS)
        )
    return other, table_game


def meld(key, cards):
    return {"key": key, "cards": cards}


def player(melds=(), hand=()):
    return {
        "mode": "cards",
        "hand": list(hand),
        "counted": None,
        "entered": [],
        "melds": list(melds),
        "layoffs": [],
    }


def heard(app, tmp_path, game_id, until=None):
    """Another page said it stored parts: the phone catches up.

    ``until``: what the page shows once it has caught up, waited for (up to
    10 s). The message reaches the page through a thread: without ``until``
    the page is only settled for a while, which a loaded machine can outrun
    (a CI run once saw the board's line before its second change)."""
    with Store.open(tmp_path) as store:
        database = str(store.path)
    message = {PARTS_KEY: game_id, "round": 1, "database": database}
    app.page.pubsub.send_all(message)
    app.wait_for(lambda: True)
    app.settle(200)
    if until is not None:
        app.wait_for(until, timeout=10)


def open_entry(app):
    app.click(app.find(semantics="home-continue"))
    app.click(app.find(semantics="enter-round"))


def open_as(app, seat):
    """The round entry, as the phone of the player at ``seat``."""
    open_entry(app)
    asks = f"round-seat-{seat}"
    # a device asked once: its second page opens on the seat
    app.wait_for(lambda: bool(app.find_all(semantics=asks) or on_a_seat(app)))
    if not on_a_seat(app):
        app.click(app.find(semantics=asks))
    app.wait_for(lambda: on_a_seat(app))


def on_a_seat(app):
    """The round entry shows one seat's part (its Change seat button)."""
    return bool(app.find_all(semantics="round-seat-change"))
