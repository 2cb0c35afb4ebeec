"""A digit typed on one phone reaches the other pages' counting sheets by
drawing only the parts it changed (issue 34, speed): the frame around them
(the header, the sheet, the pad, the layout) is neither built nor compared,
and every page still shows the number as stored, and the same as when
drawn whole from scratch (the pages of one table's game in process,
``support/table_fuzz.py``)."""

from __future__ import annotations

from typing import Any

import pytest
from flet.controls.context import _context_page
from flet.controls.id_counter import ControlId
from support.kept import snapshot
from support.table_fuzz import table

from jolly_scorer.ui.screens.round_entry import screen


def _type(fuzz: Any, page: Any, text: str) -> None:
    """The phone's field gets ``text`` (the text, then the change event, as
    a browser sends them); every page hears and comes to rest."""
    box = fuzz.ids(page, "round-bad-1")[0].content
    page.app.session.apply_patch(box._i, {"value": text})
    page.app.fire(box, "change", text)
    fuzz.still()


def _redraw(app: Any, shared: Any) -> None:
    """The page's round entry is drawn again whole (on the page's loop, as
    the page's own handlers run)."""
    if shared is None:
        return

    async def redraw() -> None:
        _context_page.set(app.page)
        shared.rerender()

    app._loop_run(redraw())


def _shown(fuzz: Any, page: Any) -> tuple[str, str]:
    """Ben's bad points and round score as the page draws them."""
    field = fuzz.ids(page, "round-bad-1")[0].content
    total = fuzz.ids(page, "round-total-1")[0]
    return field.value, total.label


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # a closed page's late news
def test_a_digit_typed_elsewhere_draws_only_the_parts_it_changed(
    monkeypatch, fresh
) -> None:
    frames: list[int] = []
    drawn = screen.layout

    def layout(*args: Any, **kwargs: Any) -> Any:
        frames.append(1)
        return drawn(*args, **kwargs)

    monkeypatch.setattr(screen, "layout", layout)
    with table(seed=0) as fuzz:
        host, ben, cleo, dora = fuzz.pages[:4]
        ben.app.click(fuzz.ids(ben, "round-mode-1-points")[0])
        fuzz.still()
        assert fuzz.host_count_all()  # every page: the counting sheet
        fuzz.still()
        _type(fuzz, ben, "7")  # Ben "entering…" on every page: drawn whole
        for text in ("71", "712", "71", "7"):
            frames.clear()
            first = ControlId.next()
            _type(fuzz, ben, text)
            built = ControlId.next() - first - 1
            # Ben's own page draws its frame (its field, its tap); the host
            # and the two other phones draw none
            assert len(frames) <= 1
            # Ben's line on four pages, the host's preview row and the Save
            # bars: before, every page built its frame too (346 controls a
            # digit across the pages; 240 with the frame's static parts
            # kept)
            assert built < 180, built
            for page in (host, ben, cleo, dora):
                assert _shown(fuzz, page) == (text, f"-{text}"), page.name
            # drawn again whole, every part built afresh (``fresh``), no
            # page shows anything else: no part drawn alone was left stale
            seen = [snapshot(page.app) for page in fuzz.pages]
            fresh.pages.update(id(page.app.page) for page in fuzz.pages)
            for page in fuzz.pages:
                _redraw(page.app, fuzz.shared(page))
            fuzz.still()
            fresh.pages.clear()
            assert [snapshot(page.app) for page in fuzz.pages] == seen
        fuzz.check()
        assert fuzz.violations == []
