"""Counted points at the table (issue 17, items 1, 2, 7): Enter goes to the
next player who needs a number, skipping who went out and wrapping round, in
every seat order; the Handglatt switch leaves the keys where they go; a field
nobody filled is missing, never 0."""

from __future__ import annotations

import pytest

from jolly_scorer.core.game import Counted, new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.ui.models.counted_keys import SheetKeys
from jolly_scorer.ui.models.round import RoundModel
from jolly_scorer.ui.models.round_entry import RoundEntryModel

PLAYERS = ["Anna", "Ben", "Cleo", "Dora", "Emil"]


def counting(preset: str = "romme_de", closer: str | None = "Cleo") -> RoundEntryModel:
    entry = RoundEntryModel(RoundModel(new_game(find_rules(preset), PLAYERS)))
    entry.set_closer(closer)
    entry.count_all()
    return entry


def test_the_issue_table_enter_skips_the_closer_and_wraps():
    """15 Enter 30 Enter: Anna, then Ben, then Dora (not nowhere)."""
    entry = counting()
    assert entry.focus == ("Dora", "bad")  # the first after who went out
    entry.set_points("Anna", "bad", "15")
    assert entry.next_field(("Anna", "bad")) == ("Ben", "bad")
    entry.set_points("Ben", "bad", "30")
    assert entry.next_field(("Ben", "bad")) == ("Dora", "bad")
    entry.set_points("Dora", "bad", "33")
    assert entry.next_field(("Dora", "bad")) == ("Emil", "bad")
    entry.set_points("Emil", "bad", "8")
    # everyone has a number: Enter keeps the field (a key typed next shows)
    assert entry.next_field(("Emil", "bad")) == ("Emil", "bad")


@pytest.mark.parametrize("closer", PLAYERS)
@pytest.mark.parametrize("start", PLAYERS)
def test_enter_reaches_every_player_who_needs_a_number(closer, start):
    """In every seat order: from any field, Enter after Enter visits each
    player still without a number once, never who went out."""
    entry = counting(closer=closer)
    others = [p for p in PLAYERS if p != closer]
    if start == closer:
        return
    place = (start, "bad")
    visited = [start]
    entry.set_points(start, "bad", "1")
    for _ in range(len(others) - 1):
        place = entry.next_field(place)
        assert place[0] not in visited and place[0] != closer
        visited.append(place[0])
        entry.set_points(place[0], "bad", "2")
    assert sorted(visited) == sorted(others)
    assert entry.rounds.points_missing() == []


def test_an_empty_field_is_missing_not_zero():
    entry = counting()
    assert entry.rounds.points_missing() == ["Anna", "Ben", "Dora", "Emil"]
    assert entry.save() is None
    assert entry.error == "Not saved: Still needs points: Anna, Ben, Dora, Emil."
    assert entry.missing() == "Still needs points: Anna, Ben, Dora, Emil."
    for name in ("Anna", "Ben", "Dora"):
        entry.set_points(name, "bad", "0")  # a typed 0 is a number
    entry.set_points("Emil", "bad", "7")
    entry.set_points("Emil", "bad", "")  # emptied: missing again
    assert entry.save() is None and entry.rounds.points_missing() == ["Emil"]
    entry.set_points("Emil", "bad", "0")
    saved = entry.save()
    assert saved is not None and dict(saved.counted)["Emil"] == Counted(0, 0)


def test_plus_scoring_needs_the_closers_good_points_and_one_number_each():
    entry = counting("jolly_at", closer="Anna")
    assert entry.focus == ("Anna", "good")
    entry.set_points("Anna", "good", "45")
    assert entry.next_field(("Anna", "good")) == ("Ben", "good")
    entry.set_points("Ben", "bad", "20")  # one number is enough for Ben
    assert entry.rounds.points_missing() == ["Cleo", "Dora", "Emil"]


def test_the_refusal_goes_once_it_is_no_longer_true():
    """Issue 18.2: "Not saved: Who went out?" goes when the closer is chosen."""
    entry = RoundEntryModel(RoundModel(new_game(find_rules("romme_de"), PLAYERS)))
    entry.count_all()
    for name in PLAYERS:
        entry.set_points(name, "bad", "5")
    assert entry.save() is None and "Who went out?" in (entry.error or "")
    entry.refresh_error()
    assert entry.error is not None  # still true
    entry.set_closer("Cleo")
    entry.refresh_error()
    assert entry.error is None


def test_the_handglatt_switch_leaves_the_keys_in_the_selected_field():
    """Issue 17.7, the model side: digits typed in Emil's field, a tap on
    the Handglatt switch, more digits: all of them are Emil's (the browser
    side: tests/e2e/test_counted_sheet_browser.py)."""
    entry = counting()
    keys = SheetKeys(entry)
    keys.select(("Emil", "bad"))
    assert keys.press("1")
    entry.set_handglatt(True, "Cleo")
    assert keys.selected == ("Emil", "bad") and entry.rounds.handglatt
    assert keys.press("2")
    assert entry.points_text("Emil", "bad") == "12"
    assert entry.rounds.points_missing() == ["Anna", "Ben", "Dora"]


def test_a_handglatt_round_says_the_number_is_the_count_before_doubling():
    """Issue 17.3: where the number is typed, in every language."""
    import flet as ft

    from jolly_scorer.i18n import Translator
    from jolly_scorer.ui.screens.round_entry.counted import points_fields

    for language, word in (("en", "×2"), ("de", "Handglatt"), ("fi", "kerralla")):
        entry = counting()
        entry.t = Translator(language)
        entry.set_handglatt(True)
        parts = points_fields(entry, 4, "Emil", entry.t, lambda *a: None)
        hints = [p.label for p in parts if isinstance(p, ft.Semantics) and p.label]
        assert hints and word in hints[0] and "×2" in hints[0], (language, hints)
        assert not points_fields(entry, 2, "Cleo", entry.t, lambda *a: None)[1:]


def _romme_screen(flet_app, width=390, preset="romme_de"):
    from support.round_screen import Screen

    screen = Screen(flet_app, new_game(find_rules(preset), PLAYERS), width=width)
    screen.tap("round-closer-2")
    screen.tap("round-count-all")
    return screen


def _totals(screen) -> dict[str, str]:
    return {
        name: str(screen.app.find(semantics=f"round-total-{seat}").label)
        for seat, name in enumerate(PLAYERS)
    }


def test_a_missing_number_shows_no_total_beside_it(flet_app):
    """Task 1: on the counted sheet an empty field shows "–" beside the name,
    in the Save bar and in the strip; 0 only once 0 was typed (failed before:
    every empty field showed a total of 0)."""
    screen = _romme_screen(flet_app)
    assert _totals(screen) == {
        "Anna": "–",
        "Ben": "–",
        "Cleo": "0",  # went out: no field, nothing missing
        "Dora": "–",
        "Emil": "–",
    }
    status = screen.label("round-status")
    assert "Anna – · Ben – · Cleo 0 · Dora – · Emil –" in status, status
    screen.type("round-bad-0", "0")
    screen.type("round-bad-1", "15")
    totals = _totals(screen)
    assert (totals["Anna"], totals["Ben"], totals["Dora"]) == ("0", "15", "–")
    assert "Anna 0 · Ben 15 · Cleo 0 · Dora – · Emil –" in screen.label("round-status")
    screen.type("round-bad-1", "")  # emptied: missing again
    assert _totals(screen)["Ben"] == "–"
    assert "Ben – ·" in screen.label("round-status")


def test_the_strip_and_the_wide_preview_show_no_zero_for_a_missing_number(flet_app):
    """The player strip (one player in cards) and the laptop's preview table."""
    screen = _romme_screen(flet_app, width=1280)
    labels = [
        str(screen.app.find(semantics=f"round-preview-{s}").label) for s in (0, 2)
    ]
    assert labels[0].endswith("round –") and labels[1].endswith("round 0"), labels
    phone = _romme_screen(flet_app)
    phone.tap("round-mode-0-cards")  # Anna's cards: the strip shows
    chips = {s: str(phone.app.find(semantics=f"round-show-{s}").label) for s in (1, 2)}
    assert chips[1].startswith("Ben –") and chips[2].startswith("Cleo 0"), chips


def test_the_selected_field_is_ringed_not_given_another_border(flet_app):
    """Moving the selection (Enter, a tap) changes no field's own border:
    Flutter animates a border change for 167 ms, a dozen frames drawn at each
    Enter (failed before: the selected field's border was 3 px, the others'
    1 px). The selected field is ringed and filled instead, and every field
    keeps the same size."""
    screen = _romme_screen(flet_app)

    def looks() -> list[tuple[object, object, object, object]]:
        rows = []
        for seat in (0, 1, 3):
            marked = screen.app.find(semantics=f"round-bad-{seat}")
            field, ring = marked.content, marked.parent
            ringed = getattr(ring, "border", None)  # before: no ring, the row
            rows.append((field.border, ringed, field.filled, field.width))
        return rows

    first = looks()
    assert [row[2] for row in first] == [False, False, True]  # after Cleo: Dora
    screen.tap("round-bad-0")
    after = looks()
    assert all(row[0] == first[0][0] for row in first + after)  # one border
    assert [row[2] for row in after] == [True, False, False]  # Anna's now
    assert after[0][1] != after[1][1] == after[2][1]  # and only hers ringed
    assert len({row[3] for row in first + after}) == 1  # no field grows


def test_a_line_keeps_its_size_when_the_selection_moves(flet_app):
    """The selected player's line is outlined more strongly, its padding as
    much smaller: no line grows, so the lines below do not move under the
    finger when Enter or a tap moves the selection (failed before: the
    chosen line was 4 px taller)."""
    screen = _romme_screen(flet_app)

    def outer() -> set[tuple[float, ...]]:
        sizes = set()
        for seat in range(len(PLAYERS)):
            box = screen.app.find(semantics=f"round-player-{seat}").content
            edge, pad = box.border.top.width, box.padding
            sizes.add(
                (pad.left + edge, pad.right + edge, pad.top + edge, pad.bottom + edge)
            )
        return sizes

    assert len(outer()) == 1
    screen.tap("round-bad-0")
    assert len(outer()) == 1
