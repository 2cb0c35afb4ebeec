"""The app in process (tests/flet_harness.py): the flows a table goes through."""

from __future__ import annotations

import flet as ft
from support.app_steps import enter_round, field_in, new_game, total
from support.dialogs import in_open_dialog

from jolly_scorer.store import Store


def test_home_offers_every_way_in(open_app):
    app = open_app()
    for ident in ("new-game", "past", "meld", "rules", "settings"):
        assert app.find(semantics=f"home-{ident}")
    assert not app.find_all(semantics="home-continue")


def test_three_rounds_undo_redo_edit_game_over_rematch(open_app, tmp_path):
    app = open_app()
    new_game(app, target=150)
    assert "Anna deals, Ben starts" in app.find(semantics="dealer").content.value
    enter_round(app, 0, {1: (20, 5), 2: (0, 30)})  # Anna out: 30 bonus
    assert total(app, 1) == "Anna: 30 points"
    assert total(app, 2) == "Ben: 15 points"
    enter_round(app, 1, {0: (10, 0), 2: (0, 10)})
    enter_round(app, 2, {0: (0, 5), 1: (0, 5)})
    assert "Round 4" in app.texts()
    # undo / redo the third round
    app.click(app.find(semantics="undo"))
    assert "Round 3" in app.texts()
    app.click(app.find(semantics="redo"))
    assert "Round 4" in app.texts()
    # edit round 1: Ben went out, not Anna
    app.click(app.find(semantics="round-1"))
    app.click(app.find(semantics="round-closer-1"))
    app.click(app.find(semantics="round-mode-0-points"))
    app.type_text(field_in(app, "round-bad-0"), "7")
    app.click(app.find(semantics="round-save"))
    with Store.open(tmp_path) as store:
        game = store.load_game(store.current_game_id())
    assert len(game.rounds) == 3 and game.rounds[0].closed_by == "Ben"
    assert "Round 4" in app.texts()
    # Anna goes out until she reaches 150
    for _ in range(8):
        if app.find_all(semantics="winner"):
            break
        enter_round(app, 0, {1: (0, 0), 2: (0, 0)})
    winner = app.find(semantics="winner")
    assert winner and any("Anna wins!" in s for s in app.texts())
    app.click(app.find(semantics="rematch"))
    assert "Ben deals, Cleo starts" in app.find(semantics="dealer").content.value
    assert total(app, 1) == "Anna: 0 points"


def test_reload_shows_same_game(open_app):
    app = open_app()
    new_game(app, ("Anna", "Ben"), preset="rommi_fi")
    enter_round(app, 0, {1: (None, 12)})
    again = open_app(width=1280, height=800)
    # the first session stays open: two tabs on one database
    again.click(again.find(semantics="home-continue"))
    assert total(again, 2) == "Ben: 12 points"


def test_switch_language_to_german_and_finnish(open_app):
    app = open_app()
    app.click(app.find(semantics="home-settings"))
    seg = field_in(app, "language")
    app.session.apply_patch(seg._i, {"selected": ["de"]})
    app.fire(seg, "change")
    assert "Einstellungen" in app.texts()
    app.session.apply_patch(seg._i, {"selected": ["fi"]})
    app.fire(seg, "change")
    assert "Asetukset" in app.texts()
    theme = field_in(app, "theme")
    app.session.apply_patch(theme._i, {"selected": ["dark"]})
    app.fire(theme, "change")
    assert app.page.theme_mode == ft.ThemeMode.DARK
    app.click(app.find(semantics="back"))
    assert app.find(semantics="home-new-game").content.content == "Uusi peli"


def test_the_theme_is_not_faded_in(open_app):
    """Issue 36: the app's theme comes with its first screen, not animated
    from the client's boot screen (Flet's blue) over 200 ms of frames; a
    switch to dark also shows at once."""
    app = open_app()
    sent = repr(app.conn.messages)
    assert app.page.theme_animation_style == ft.AnimationStyle.no_animation()
    # Duration() goes as {}: the client reads it as zero
    assert "'theme_animation_style', {'duration': {}, 'reverse_duration': {}}" in sent


def test_the_suit_font_is_named_only_where_flutter_lacks_it(open_app, monkeypatch):
    """Served, the page names the suit font (Flet's client fetches it); the
    phone app's Flutter has it in its font manifest from the start
    (``web/build.py``, patch "suit-font-at-start"), so the app names none:
    named, it would be fetched and every text laid out again after the first
    screen (issue 36)."""
    from jolly_scorer.ui import app as ui_app
    from jolly_scorer.ui.widgets.cards import SUIT_FONTS

    assert open_app().page.fonts == SUIT_FONTS
    monkeypatch.setattr(ui_app, "IN_BROWSER", True)
    assert not open_app().page.fonts


def test_a_board_kept_in_english_reads_german_after_the_switch(open_app):
    """The board's kept parts are drawn from the translator among their
    inputs: after a switch of language, every kept part (the rounds' title,
    the legend, the export buttons, the top bar) is drawn again in German,
    none is left over in English."""
    app = open_app()
    new_game(app)
    enter_round(app, 0, {1: (0, 5), 2: (0, 5)})
    english = set(app.texts())
    assert {"Rounds", "went out", "Score sheet (CSV)", "Game file"} <= english
    app.click(app.find(semantics="back"))
    app.click(app.find(semantics="home-settings"))
    seg = field_in(app, "language")
    app.session.apply_patch(seg._i, {"selected": ["de"]})
    app.fire(seg, "change")
    app.click(app.find(semantics="back"))
    app.click(app.find(semantics="home-continue"))
    german = set(app.texts())
    assert {"Runden", "zugedreht", "Punkteliste (CSV)", "Spieldatei"} <= german
    assert not german & {"Rounds", "went out", "Score sheet (CSV)", "Game file"}
    assert app.find(semantics="back").content.tooltip == "Zurück"


def test_past_games_open_and_delete_after_asking(open_app):
    app = open_app()
    new_game(app)
    enter_round(app, 0, {1: (0, 5), 2: (0, 5)})
    app.click(app.find(semantics="back"))
    app.click(app.find(semantics="home-past"))
    tile = app.find(lambda c: str(getattr(c, "identifier", "")).startswith("past-"))
    game_id = int(tile.identifier.split("-")[1])
    app.click(tile)
    assert app.find(semantics="total-1")
    assert not app.find_all(semantics="enter-round")  # read only
    app.click(app.find(semantics="back"))
    app.click(app.find(semantics=f"delete-{game_id}"))
    app.click(in_open_dialog(app, "delete-cancel"))
    assert app.find_all(semantics=f"past-{game_id}")
    app.click(app.find(semantics=f"delete-{game_id}"))
    # the open dialog's Delete (the closed one stays in the page until the
    # browser reports its dismiss, and acts no more)
    app.click(in_open_dialog(app, "delete-confirm"))
    assert not app.find_all(semantics=f"past-{game_id}")


def test_stats_and_rules_and_export(open_app):
    app = open_app(width=1280, height=800)
    new_game(app)
    enter_round(app, 0, {1: (0, 5), 2: (0, 5)})
    app.click(app.find(semantics="export-csv"))
    calls = [c for c in app.invoke_method_calls() if c[0] == "FilePicker"]
    assert calls and calls[-1][2]["file_name"].endswith(".csv")
    assert b"Anna" in bytes(calls[-1][2]["src_bytes"])
    app.click(app.find(semantics="back"))
    app.click(app.find(semantics="home-rules"))
    assert any("6 jokers" in s for s in app.texts())
    app.click(app.find(semantics="back"))
    app.click(app.find(semantics="home-past"))
    app.click(app.find(semantics="open-stats"))
    assert app.find(semantics="stats-chart")


def test_new_game_seats_dealer_and_known_players(open_app):
    app = open_app()
    new_game(app, ("Anna", "Ben"))
    app.click(app.find(semantics="back"))
    app.click(app.find(semantics="home-new-game"))
    # players of earlier games are one tap away
    app.click(app.find(semantics="known-Ben"))
    app.click(app.find(semantics="known-Anna"))
    app.click(app.find(semantics="add-player"))
    app.type_text(field_in(app, "player-name-3"), "Cleo")
    app.click(app.find(semantics="player-deals-3"))  # Cleo deals first
    ups = app.find_all(lambda c: getattr(c, "tooltip", None) == "Move up")
    app.click(ups[-1])  # Cleo one seat earlier: Ben, Cleo, Anna
    app.click(app.find(semantics="start-game"))
    dealer = app.find(semantics="dealer").content.value
    assert "Cleo deals, Anna starts" in dealer


def test_house_rules_editor_changes_the_game_rules(open_app, tmp_path):
    app = open_app(width=1280, height=800)
    app.click(app.find(semantics="home-new-game"))
    for i, name in enumerate(("Anna", "Ben"), 1):
        app.type_text(field_in(app, f"player-name-{i}"), name)
    app.click(app.find(semantics="house-rules"))
    for _ in range(2):
        app.click(app.find(semantics="knob-jokers-less"))
    app.click(app.find(semantics="start-game"))
    with Store.open(tmp_path) as store:
        assert store.load_game(store.current_game_id()).rules.jokers == 4


def test_half_entered_round_is_kept_as_a_draft(open_app, tmp_path):
    app = open_app()
    new_game(app, ("Anna", "Ben"))
    app.click(app.find(semantics="enter-round"))
    app.click(app.find(semantics="round-closer-1"))
    with Store.open(tmp_path) as store:  # the next round is kept as seat parts
        assert store.load_seat_parts(store.current_game_id(), 1)
    app.click(app.find(semantics="round-cancel"))
    app.click(app.find(semantics="round-throw-away"))  # Cancel asks first
    with Store.open(tmp_path) as store:
        assert not store.load_seat_parts(store.current_game_id(), 1)


def test_damaged_database_is_explained_not_a_crash(flet_app, tmp_path):
    from jolly_scorer.ui.app import main

    (tmp_path / "games.db").write_bytes(b"this is not a database" * 100)
    app = flet_app(lambda page: main(page, tmp_path))
    assert app.find(semantics="store-problem")
    texts = " ".join(app.texts())
    assert "cannot be opened" in texts and "Nothing was changed" in texts
    assert "games.db.corrupt-1" in texts
    assert (tmp_path / "games.db").read_bytes().startswith(b"this is not")
