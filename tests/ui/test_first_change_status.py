"""Entering together: a player's first change in a round shows "entering…"
from the first redraw after the tap (not only once it is stored), on this
page, and on another page once stored; and storing it draws this page's
round entry again only when the write changed what it shows (one full
redraw per first change, not two)."""

from __future__ import annotations

from collections import Counter

from support.live_table import heard, make_games, open_as

from jolly_scorer.store import Store
from jolly_scorer.tables.table import Access
from jolly_scorer.ui import app as ui_app
from jolly_scorer.ui.models import round_watch


def label(app, seat):
    return app.find(semantics=f"round-show-{seat}").label


def test_a_first_change_shows_entering_at_once_with_one_redraw(
    flet_app, tmp_path, monkeypatch
):
    _, own = make_games(tmp_path)
    monkeypatch.setattr(ui_app, "current_access", lambda: Access("guest", "d"))
    # each redraw of a RoundEntry announces once what changed, with
    # tell=False (screen.py; another device's news that draws only its parts
    # announces with tell=True, no redraw): counted per entry
    redraws: Counter[int] = Counter()
    announce = round_watch.RoundWatch.announce

    def counted(self, *, tell=True):
        if not tell:
            redraws[id(self.entry)] += 1
        return announce(self, tell=tell)

    monkeypatch.setattr(round_watch.RoundWatch, "announce", counted)
    pages = [
        flet_app(lambda page: ui_app.main(page, tmp_path), width=390, height=844)
        for _ in range(2)
    ]
    for app in pages:
        open_as(app, 1)  # Ben's seat
    phone, other = pages
    phone.settle(300)
    assert label(phone, 1) == "Ben 0"  # nothing entered yet
    before = Counter(redraws)
    phone.click(phone.find(semantics="round-mode-1-points"))  # Ben's first change
    # at once, before anything is stored: Ben is "entering…"
    assert label(phone, 1) == "Ben – entering…"
    tapped = redraws - before
    assert list(tapped.values()) == [1]  # the phone's round entry, once
    (entry,) = tapped

    def stored():
        with Store.open(tmp_path) as store:
            part = store.load_seat_parts(own, 1).get("Ben")
        return part is not None and part.status == "entering"

    phone.wait_for(stored)
    phone.settle(300)
    assert label(phone, 1) == "Ben – entering…"
    assert label(phone, 0) == "Anna 0"  # an untouched part: no status
    # the write showed nothing new: no second full redraw of this page
    assert redraws[entry] == before[entry] + 1
    heard(other, tmp_path, own)
    other.wait_for(lambda: label(other, 1) == "Ben – entering…")
    assert label(other, 0) == "Anna 0"
