"""The scoreboard of a page watching a game while another device saves,
undoes, renames and edits rounds (a live table's phones): it shows what a page
opened afresh shows (rows, totals, chart), and what did not change is the same
control as before (not compared or sent again: a new round adds one row).
Also the chart's thinning of a long game and the rounds table's column width."""

from __future__ import annotations

import flet as ft
import flet_charts as fch
import pytest
from flet.messaging.protocol import MessageAction
from flet_harness import control_texts, iter_controls
from hypothesis import example, given
from hypothesis import strategies as st
from support.app_steps import (
    PLAYERS,
    enter_round,
    field_in,
    open_seeded,
    play,
    rounds,
    shows_round,
    table_texts,
)
from support.dialogs import dismissed, in_open_dialog

from jolly_scorer.core.game import Counted, Round, add_round, new_game
from jolly_scorer.core.rules import find_rules
from jolly_scorer.core.scoring import score_game
from jolly_scorer.i18n import Translator
from jolly_scorer.store import Store
from jolly_scorer.ui.screens.scoreboard.rounds_table_parts import (
    column_width,
    score_text,
)
from jolly_scorer.ui.settings import UiSettings
from jolly_scorer.ui.state import AppState
from jolly_scorer.ui.widgets.chart_measures import BUCKETS, EXACT_ROUNDS, thinned


def game_of(played):
    game = new_game(find_rules("romme_de"), PLAYERS, target=100_000)
    for closer, bad, handglatt in played:
        counted = tuple((p, Counted(bad=b)) for p, b in bad.items())
        game = add_round(game, Round(closer, handglatt=handglatt, counted=counted))
    return game


def board(app):
    """What the screen shows (not the dialogs, closed ones stay in the page):
    every text in tree order, and each line's points."""
    texts = [
        text for c, _ in iter_controls(app.page.views) for text in control_texts(c)
    ]
    lines = [
        [(p.x, p.y) for p in series.points]
        for chart in app.find_all(type=fch.LineChart)
        for series in chart.data_series
    ]
    assert "Σ" in texts  # the rounds table is there
    return texts, lines


def fresh(open_app, **kw):
    app = open_app(**kw)
    app.click(app.find(semantics="home-continue"))
    return app


def heads(app):
    """Round number -> the control of that round's number in the table."""
    return {
        int(c.identifier.split("-")[1]): c
        for c in app.find_all(lambda c: getattr(c, "identifier", "") or "")
        if c.identifier.startswith("round-") and c.identifier[6:].isdigit()
    }


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["phone", "laptop"])
def test_a_watching_board_shows_what_a_fresh_one_shows(open_app, tmp_path, size):
    width, height = size
    watcher = open_seeded(
        open_app, tmp_path, PLAYERS, rounds(15), width=width, height=height
    )
    saver = open_app(pubsub_with=watcher)
    saver.click(saver.find(semantics="home-continue"))
    before = heads(watcher)
    assert sorted(before) == list(range(6, 16))  # the newest ten
    # a round saved on another device: one row more on top, one less below
    enter_round(saver, 1, {0: (None, 4), 2: (None, 9)})
    watcher.wait_for(shows_round(watcher, 17))
    after = heads(watcher)
    assert sorted(after) == list(range(7, 17))
    assert all(after[n] is before[n] for n in range(7, 16))  # kept, not resent
    assert watcher.find(semantics="round-16-out").label == "Ben went out"
    assert board(watcher) == board(fresh(open_app, width=width, height=height))
    # undone there: the row goes, the one below comes back
    saver.click(saver.find(semantics="undo"))
    watcher.wait_for(shows_round(watcher, 16))
    assert sorted(heads(watcher)) == list(range(6, 16))
    assert board(watcher) == board(fresh(open_app, width=width, height=height))
    # a player renamed there: the names and the "went out" marks follow
    saver.click(saver.find(semantics="rename-2"))
    saver.type_text(field_in(saver, "rename-field"), "Benedikt")
    saver.click(saver.find(semantics="rename-save"))
    watcher.wait_for(lambda: "Benedikt" in watcher.texts())
    assert board(watcher) == board(fresh(open_app, width=width, height=height))
    assert watcher.find(semantics="round-14-out").label == "Benedikt went out"


def test_an_edited_round_changes_its_row_on_a_watching_board(open_app, tmp_path):
    watcher = open_seeded(open_app, tmp_path, PLAYERS, rounds(6))
    saver = open_app(pubsub_with=watcher)
    saver.click(saver.find(semantics="home-continue"))
    before = heads(watcher)
    saver.click(saver.find(semantics="round-4"))  # edit round 4: Ben's points
    if saver.find_all(semantics="round-show-1"):  # a phone: one player at a time
        saver.click(saver.find(semantics="round-show-1"))
    if saver.find_all(semantics="round-mode-1-points"):
        saver.click(saver.find(semantics="round-mode-1-points"))
    saver.type_text(field_in(saver, "round-bad-1"), "21")
    saver.click(saver.find(semantics="round-save"))
    played = rounds(6)
    played[3] = ("Anna", {"Ben": 21, "Cleo": 9}, False)
    totals = score_game(game_of(played)).totals
    expected = [str(totals[p]) for p in PLAYERS]
    watcher.wait_for(lambda: table_texts(watcher, "rounds-total") == expected)
    after = heads(watcher)
    assert after[4] is not before[4]
    assert all(after[n] is before[n] for n in (1, 2, 3, 5, 6))
    assert board(watcher) == board(fresh(open_app))


def test_a_saved_round_sends_a_watching_page_its_row_not_the_table(open_app, tmp_path):
    watcher = open_seeded(open_app, tmp_path, PLAYERS, rounds(44))
    saver = open_app(pubsub_with=watcher)
    saver.click(saver.find(semantics="home-continue"))
    sent = len(watcher.conn.messages)
    enter_round(saver, 1, {0: (None, 4), 2: (None, 9)})
    watcher.wait_for(shows_round(watcher, 46))
    patches = [
        body
        for action, body in watcher.conn.messages[sent:]
        if action == MessageAction.PATCH_CONTROL.value
    ]
    text = repr(patches)
    # the new row's number is sent; the rows below it (rounds 36-44, whose
    # scores did not change) are not sent again (their numbers would be)
    assert "'45'" in text
    assert not any(f"'{n}'" in text for n in range(36, 45))
    # the new row, the totals and tiles, the chart's last points: not the
    # whole board (about 4 KB as the test client writes it, each change's
    # path through the board's layer under the round entry included)
    assert len(text) < 4500
    chart = watcher.find(type=fch.LineChart)
    assert all(len(s.points) <= 2 * BUCKETS + 2 for s in chart.data_series)


def test_the_chart_of_a_long_game_keeps_its_ends_peaks_and_dips(open_app, tmp_path):
    with Store.open(tmp_path) as store:
        state = AppState(store=store, settings=UiSettings(language="en"))
        state.start_game(find_rules("romme_de"), PLAYERS, target=100_000)
        play(state, rounds(70))
    app = fresh(open_app)
    game = game_of(rounds(70))
    after = score_game(game).totals_after()
    chart = app.find(type=fch.LineChart)
    for player, series in zip(PLAYERS, chart.data_series, strict=True):
        line = [0] + [row[player] for row in after]
        points = [(p.x, p.y) for p in series.points]
        assert points[0] == (0, 0) and points[-1] == (70, line[70])
        assert all(line[x] == y for x, y in points)  # every point exact
        assert max(y for _, y in points) == max(line)
        assert len(points) <= 2 * BUCKETS + 2
    assert chart.max_x == 70


@given(st.lists(st.integers(-500, 500), min_size=0, max_size=150))
@example([0] * 33)  # flat: each run keeps its start, and round 33 is the end
def test_thinned_keeps_ends_and_extremes_of_every_run(steps):
    values = [0]
    for s in steps:
        values.append(values[-1] + s)
    kept = thinned(values)
    rounds = len(values) - 1
    assert kept == sorted(set(kept)) and kept[0] == 0 and kept[-1] == rounds
    if rounds <= EXACT_ROUNDS:
        assert kept == list(range(rounds + 1))
    else:
        assert len(kept) <= 2 * BUCKETS + 2
        assert max(values[r] for r in kept) == max(values)
        assert min(values[r] for r in kept) == min(values)
        # one more round changes only the last run's points (and the old
        # last round, always drawn, may go: a flat full run keeps its start)
        again = thinned([*values, values[-1] + 1])
        step = -(-rounds // BUCKETS)
        if -(-(rounds + 1) // BUCKETS) == step:
            full = (rounds // step) * step
            before = [r for r in kept if r <= full and r != rounds]
            assert [r for r in again if r <= full and r != rounds] == before


@given(
    st.sampled_from(["jolly_at", "romme_de", "rommi_fi"]),
    st.sampled_from(["en", "de", "fi"]),
    st.lists(
        st.tuples(st.integers(0, 2), st.integers(0, 9_999), st.integers(0, 9_999)),
        min_size=0,
        max_size=8,
    ),
)
def test_column_width_is_the_widest_written_score(preset, language, played):
    t = Translator(language)
    game = new_game(find_rules(preset), PLAYERS, target=1_000_000)
    for closer, a, b in played:
        others = [p for p in PLAYERS if p != PLAYERS[closer]]
        counted = ((others[0], Counted(bad=a)), (others[1], Counted(bad=b)))
        game = add_round(game, Round(PLAYERS[closer], counted=counted))
    result = score_game(game)
    texts = [score_text(game, v, t) for v in result.totals.values()]
    for r in result.rounds:
        texts += [score_text(game, s.score, t) for s in r.scores.values()]
    widest = max((len(x) for x in texts), default=1)
    assert column_width(game, result, t) == max(56, 10 * 4, 11 * widest + 16)


def test_a_redraw_that_changes_nothing_on_the_board_keeps_it_and_its_taps_work(
    open_app, tmp_path
):
    app = open_seeded(open_app, tmp_path, PLAYERS, rounds(14))
    tile = app.find(semantics="rename-2")
    chart = app.find(type=fch.LineChart)
    # the finish dialog opened and closed: the board redraws, nothing on it changed
    app.click(app.find(semantics="finish"))
    app.click(app.find(semantics="finish-cancel"))
    app.wait_for(lambda: not any(d.open for d in app.page._dialogs.controls))
    assert app.find(semantics="rename-2") is tile
    assert app.find(type=fch.LineChart) is chart
    # the kept parts' taps act on the page as it is now
    app.click(app.find(semantics="all-rounds"))
    app.wait_for(lambda: sorted(heads(app)) == list(range(1, 15)))
    app.click(app.find(semantics="rename-2"))
    app.type_text(field_in(app, "rename-field"), "Benedikt")
    app.click(app.find(semantics="rename-save"))
    app.wait_for(lambda: "Benedikt" in app.texts())
    again = fresh(open_app)
    again.click(again.find(semantics="all-rounds"))
    assert board(app) == board(again)
    assert app.find(semantics="round-14-out").label == "Benedikt went out"


def test_what_a_saved_round_leaves_as_it_was_is_the_same_control(open_app, tmp_path):
    watcher = open_seeded(open_app, tmp_path, PLAYERS, rounds(6), width=390)
    saver = open_app(pubsub_with=watcher)
    saver.click(saver.find(semantics="home-continue"))
    kept = ("back", "undo", "redo", "finish", "export-csv", "export-json")

    def parts():
        marks = watcher.find_all(lambda c: isinstance(c, ft.Text) and c.value == "#")
        names = [c for c in watcher.find_all(type=ft.Row) if row_of_names(c)]
        return [watcher.find(semantics=k) for k in kept] + marks + names

    before = parts()
    enter_round(saver, 1, {0: (None, 4), 2: (None, 9)})
    watcher.wait_for(shows_round(watcher, 8))
    after = parts()
    assert len(after) == len(kept) + 2
    assert all(a is b for a, b in zip(after, before, strict=True))
    assert board(watcher) == board(fresh(open_app, width=390))
    # the kept flag still asks, and finishing the game still works from there
    watcher.click(watcher.find(semantics="finish"))
    watcher.wait_for(lambda: watcher.find_all(semantics="finish-confirm"))
    watcher.click(watcher.find(semantics="finish-confirm"))
    watcher.wait_for(lambda: watcher.find_all(semantics="winner"))


def row_of_names(control):
    texts = [getattr(c, "value", None) for c in control.controls]
    return texts == list(PLAYERS)


def new_controls(app, before):
    """The controls of the page's tree that were not there before (by
    identity): what the redraw built and Flet had to compare or send."""
    return [c for c, _ in iter_controls(app.page.views) if id(c) not in before]


def test_a_saved_round_builds_only_what_changed_on_a_watching_board(open_app, tmp_path):
    # a phone watching the board (issue 18: a saved round reaches twelve
    # phones, each redraws its board; what did not change is kept)
    watcher = open_seeded(open_app, tmp_path, PLAYERS, rounds(15), width=390)
    saver = open_app(pubsub_with=watcher)
    saver.click(saver.find(semantics="home-continue"))
    enter_round(saver, 1, {0: (None, 4), 2: (None, 9)})
    watcher.wait_for(shows_round(watcher, 17))

    def name_lines():
        return [
            watcher.find(semantics=f"rename-{s + 1}").content.content.controls[0]
            for s in range(len(PLAYERS))
        ]

    def colour_bars():
        return [
            watcher.find(semantics=f"total-{s + 1}")
            .content.content.controls[0]
            .controls[0]
            for s in range(len(PLAYERS))
        ]

    goal = watcher.find(text="Game ends at 500")
    title = watcher.find(text="Rounds")
    names, bars = name_lines(), colour_bars()
    shown = [c for c, _ in iter_controls(watcher.page.views)]  # held: ids stay
    before = {id(c) for c in shown}
    enter_round(saver, 1, {0: (None, 5), 2: (None, 9)})
    watcher.wait_for(shows_round(watcher, 18))
    assert watcher.find(text="Game ends at 500") is goal
    assert watcher.find(text="Rounds") is title
    assert all(a is b for a, b in zip(name_lines(), names, strict=True))
    assert all(a is b for a, b in zip(colour_bars(), bars, strict=True))
    built = new_controls(watcher, before)
    # the new row, the chart's new points and what holds them, the changed
    # tiles and totals, the dealer's line, the title, the footer: 81 (107
    # when every tile, its name and the static texts were built again)
    assert len(built) <= 90, [type(c).__name__ for c in built]
    assert board(watcher) == board(fresh(open_app, width=390))


def without_snack(shown):
    """The board without the snack bar of the round just saved."""
    texts, lines = shown
    snack = texts.index("Round 16 saved.")
    assert texts[snack + 1 : snack + 3] == ["Undo", "Close"]
    return texts[:snack] + texts[snack + 3 :], lines


def test_the_saving_page_comes_back_to_its_board_kept_and_its_taps_work(
    open_app, tmp_path
):
    # the phone that saves leaves its board for the round entry: back on the
    # board, the rows it showed are the same controls (not built and sent
    # again), and the board's own taps (rename, finish, show all) still act
    app = open_seeded(open_app, tmp_path, PLAYERS, rounds(15))
    before = heads(app)
    enter_round(app, 1, {0: (None, 4), 2: (None, 9)})
    app.wait_for(shows_round(app, 17))
    app.wait_for(lambda: bool(app.find_all(type=fch.LineChart)))  # it follows
    after = heads(app)
    assert sorted(after) == list(range(7, 17))
    assert all(after[n] is before[n] for n in range(7, 16))
    assert without_snack(board(app)) == board(fresh(open_app))
    app.click(app.find(semantics="rename-2"))
    app.type_text(field_in(app, "rename-field"), "Benedikt")
    app.click(app.find(semantics="rename-save"))
    app.wait_for(lambda: "Benedikt" in app.texts())
    assert app.find(semantics="round-16-out").label == "Benedikt went out"
    dismissed(app)  # as the browser does: the closed dialog leaves the page
    app.click(app.find(semantics="all-rounds"))
    app.wait_for(lambda: sorted(heads(app)) == list(range(1, 17)))
    again = fresh(open_app)
    again.click(again.find(semantics="all-rounds"))
    assert without_snack(board(app)) == board(again)
    # the round entry opened and left without saving: the same board again
    app.click(app.find(semantics="enter-round"))
    app.wait_for(lambda: app.find_all(semantics="round-save"))
    app.click(app.find(semantics="round-cancel"))
    if app.find_all(semantics="round-throw-away"):  # asked (nothing entered)
        app.click(app.find(semantics="round-throw-away"))
    app.wait_for(lambda: app.find_all(semantics="finish"))
    app.click(app.find(semantics="finish"))  # kept: asks on this board
    app.wait_for(lambda: app.find_all(semantics="finish-cancel"))
    app.click(app.find(semantics="finish-cancel"))
    app.wait_for(lambda: not any(d.open for d in app.page._dialogs.controls))
    dismissed(app)
    app.click(app.find(semantics="rename-1"))  # a kept tile: asks on this board
    app.type_text(in_open_dialog(app, "rename-field").content, "Anni")
    app.click(in_open_dialog(app, "rename-save"))
    app.wait_for(lambda: not any(d.open for d in app.page._dialogs.controls))
    # renamed (not only typed: the typed name is a text of the page too)
    assert app.find(semantics="total-1").label.startswith("Anni:")
    app.click(app.find(semantics="finish"))  # and Finish still asks
    app.wait_for(lambda: in_open_dialog(app, "finish-confirm"))
