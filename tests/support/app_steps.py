"""The app in process (tests/flet_harness.py), driven as a person at the table
would: a new game, a round entered, a seeded game opened; and sample rounds.

The ``open_app`` fixture (the app on a temporary database) is in
``tests/conftest.py``.
"""

from __future__ import annotations

from jolly_scorer.core.game import Counted, Round
from jolly_scorer.core.rules import find_rules
from jolly_scorer.store import Store
from jolly_scorer.ui.settings import UiSettings
from jolly_scorer.ui.state import AppState

PLAYERS = ("Anna", "Ben", "Cleo")


def field_in(app, identifier):
    """The control inside an ``ft.Semantics(identifier=...)`` wrapper."""
    return app.find(semantics=identifier).content


def new_game(app, players=PLAYERS, preset=None, target=None):
    app.click(app.find(semantics="home-new-game"))
    for i, name in enumerate(players, 1):
        if not app.find_all(semantics=f"player-name-{i}"):
            app.click(app.find(semantics="add-player"))
        app.type_text(field_in(app, f"player-name-{i}"), name)
    if preset:
        seg = field_in(app, "preset")
        app.session.apply_patch(seg._i, {"selected": [preset]})
        app.fire(seg, "change")
    if target:
        app.type_text(field_in(app, "target"), str(target))
        assert field_in(app, "target").value == str(target)
    app.click(app.find(semantics="start-game"))


def enter_round(app, closer, points):
    """Through the round-entry view: who went out, counted points for the rest."""
    app.click(app.find(semantics="enter-round"))
    if app.find_all(semantics="round-seat-0"):  # a joined phone: its seat first
        app.click(app.find(semantics="round-seat-0"))
    app.click(app.find(semantics=f"round-closer-{closer}"))
    for seat, (good, bad) in points.items():
        if app.find_all(semantics=f"round-show-{seat}"):  # a phone: one at a time
            app.click(app.find(semantics=f"round-show-{seat}"))
        app.click(app.find(semantics=f"round-mode-{seat}-points"))
        if good is not None:
            app.type_text(field_in(app, f"round-good-{seat}"), str(good))
        app.type_text(field_in(app, f"round-bad-{seat}"), str(bad))
    app.click(app.find(semantics="round-save"))
    if app.find_all(semantics="round-save-anyway"):  # at a table: not all done
        app.click(app.find(semantics="round-save-anyway"))


def total(app, seat):
    return app.find(semantics=f"total-{seat}").label


def counted(**points: tuple[int, int]) -> Round:
    closer = next(iter(points))
    return Round(
        closed_by=closer,
        counted=tuple((p, Counted(good=g, bad=b)) for p, (g, b) in points.items()),
    )


def play(state, rounds):
    for closer, bad, handglatt in rounds:
        counted = tuple((p, Counted(bad=b)) for p, b in bad.items())
        assert (
            state.save_round(Round(closer, handglatt=handglatt, counted=counted))
            is None
        )


def open_seeded(open_app, tmp_path, players, rounds, preset="romme_de", **kw):
    with Store.open(tmp_path) as store:
        s = AppState(store=store, settings=UiSettings(language="en"))
        s.start_game(find_rules(preset), players)
        play(s, rounds)
    app = open_app(**kw)
    app.click(app.find(semantics="home-continue"))
    return app


def table_texts(app, identifier):
    return [
        c.value for c in app.find_all(semantics=identifier)[0].content.content.controls
    ]


def rounds(n):
    """``n`` rounds: the closer goes round the table, every 5th is Handglatt,
    the others' bad points vary."""
    out = []
    for i in range(n):
        closer = PLAYERS[i % 3]
        bad = {
            p: (i * 7 + s * 5) % 23 + 1 for s, p in enumerate(PLAYERS) if p != closer
        }
        out.append((closer, bad, i % 5 == 4))
    return out


def shows_round(app, n):
    """The dealer's line names round ``n`` (the board shows ``n - 1`` rounds)."""

    def named():
        return any(
            f"Round {n}:" in str(c.content.value)
            for c in app.find_all(semantics="dealer")
        )

    return named


def press_key(app, key):
    """A key of the laptop's keyboard, as the page reports it (the page's
    ``keyboard_event``), and the page settled after it."""
    app.fire(
        app.page,
        "keyboard_event",
        {"key": key, "shift": False, "ctrl": False, "alt": False, "meta": False},
    )
    app.settle()
