"""Past games (open read-only; a game still running has Continue; export,
delete after asking) and player statistics."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

import flet as ft
from babel.dates import format_date

from jolly_scorer.core.stats import KindStats, PlayerStats
from jolly_scorer.i18n import Translator
from jolly_scorer.store import GameSummary
from jolly_scorer.ui.state import AppState
from jolly_scorer.ui.texts import preset_name
from jolly_scorer.ui.widgets.basics import WIDE, card, section, tagged
from jolly_scorer.ui.widgets.buttons import big_button, labelled_button
from jolly_scorer.ui.widgets.charts import bars_chart
from jolly_scorer.ui.widgets.screen import screen


def _summary_tile(
    state: AppState,
    game: GameSummary,
    t: Translator,
    ask_delete: Callable[[int], None],
) -> ft.Control:
    """One past game: when, which rules, the totals, won or still running."""
    when = format_date(game.started, format="medium", locale=t.locale)
    totals = ", ".join(f"{p} {t.number(v)}" for p, v in game.totals.items())
    if game.game_over:
        status = t("won by {names}", names=", ".join(game.winners))
    else:
        status = t("still running")
    rounds = t.plural("{n} round", "{n} rounds", game.rounds)
    lines: list[ft.Control] = [
        ft.Text(
            f"{when} · {preset_name(game.rules, t)} · {rounds}",
            size=16,
            color=ft.Colors.ON_SURFACE_VARIANT,
        ),
        ft.Text(totals, size=20, weight=ft.FontWeight.W_600),
        ft.Text(status, size=16),
    ]
    if not game.game_over:  # a game still running is played on, not looked at
        lines.append(
            labelled_button(
                f"continue-{game.id}",
                t("Continue the game"),
                ft.Icons.PLAY_ARROW,
                lambda: state.continue_game(game.id),
                filled=True,
                label=t("Continue the game"),
            )
        )
    return tagged(
        f"past-{game.id}",
        ft.Container(
            ft.Row(
                [
                    ft.Column(lines, spacing=2, expand=True),
                    tagged(
                        f"delete-{game.id}",
                        ft.IconButton(
                            ft.Icons.DELETE_OUTLINE,
                            tooltip=t("Delete this game"),
                            on_click=lambda: ask_delete(game.id),
                        ),
                    ),
                ]
            ),
            padding=ft.Padding.only(left=16, right=4, top=10, bottom=10),
            border_radius=16,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
            on_click=lambda: state.open_past_game(game.id),
            tooltip=t("Open this game"),
        ),
    )


#: games shown at first, and added by "Show older games" (issue 38.7: with
#: 20,000 games stored the list took 26 s and held every page up)
PAGE = 50


@dataclass(eq=False)
class _Asking:
    """The delete dialog open on game ``game_id``: a new object each time it
    opens (compared by identity: the dialog's mark)."""

    game_id: int


def _delete_dialog(t: Translator, decide: Callable[[bool], None]) -> ft.AlertDialog:
    """The question before a game is deleted: ``decide(True)`` deletes it,
    ``decide(False)`` keeps it."""
    return ft.AlertDialog(
        modal=True,
        title=ft.Text(t("Delete this game?")),
        content=ft.Text(t("The game and its rounds are removed for good.")),
        actions=[
            tagged(
                "delete-cancel",
                ft.TextButton(t("Keep it"), on_click=lambda: decide(False), height=48),
            ),
            tagged(
                "delete-confirm",
                ft.FilledButton(
                    t("Delete"), on_click=lambda: decide(True), bgcolor=ft.Colors.ERROR
                ),
            ),
        ],
    )


@ft.component
def PastGames(state: AppState) -> ft.Control:
    """The stored games, newest first, :data:`PAGE` at a time ("Show older
    games" adds the next page); a game is deleted after asking.

    The delete dialog acts once: the tap that closes it (Delete, Keep it)
    decides, and a second tap that reaches the server after it closed (a
    double tap, a slow phone; Flet keeps a closed dialog until the browser
    reports its dismiss) does nothing: no second deletion (an error on the
    screen), no game deleted after Keep it. ``open_one`` holds the mark of
    the dialog open now (None once it closed or the screen went): a
    dialog's buttons act only while it is their mark, as the scoreboard's
    dialogs do (``scoreboard/screen.py``, ``_Own``)."""
    t = state.t
    asking, set_asking = ft.use_state(cast(_Asking | None, None))
    shown, set_shown = ft.use_state(PAGE)
    open_one = ft.use_ref(cast(_Asking | None, None))

    def clear() -> None:
        open_one.current = None

    ft.on_unmounted(clear)  # a dialog of a screen gone acts no more

    def ask_delete(game_id: int) -> None:
        open_one.current = shown = _Asking(game_id)
        set_asking(shown)

    def decide(delete: bool) -> None:
        shown = asking  # the dialog these buttons belong to
        if shown is None or open_one.current is not shown:
            return  # closed already: the first tap decided
        open_one.current = None
        set_asking(None)
        if delete:
            state.delete_game(shown.game_id)

    ft.use_dialog(_delete_dialog(t, decide) if asking is not None else None)
    # one page at a time (issue 38.7): one more read tells whether there is more
    found = list(state.store.list_games(limit=shown + 1))
    more = len(found) > shown
    games = sorted(found[:shown], key=lambda g: g.id, reverse=True)
    body: list[ft.Control] = [
        big_button(
            t("Player statistics"),
            ft.Icons.BAR_CHART,
            lambda: state.go("stats"),
            "open-stats",
        )
    ]
    if not games:
        body.append(ft.Text(t("No games yet."), size=18))
    body += [_summary_tile(state, game, t, ask_delete) for game in games]
    if more:
        body.append(
            big_button(
                t("Show older games"),
                ft.Icons.EXPAND_MORE,
                lambda: set_shown(shown + PAGE),
                "older-games",
            )
        )
    return screen(state, t("Past games"), body)


@ft.component
def Stats(state: AppState) -> ft.Control:
    t = state.t
    stats = sorted(state.store.player_stats(), key=lambda s: (-s.won, s.player))
    body: list[ft.Control] = []
    if not stats:
        body.append(ft.Text(t("No games yet."), size=18))
    else:
        top = stats[:8]
        body.append(section(t("Games won")))
        body.append(
            card(
                bars_chart(
                    [s.player for s in top], [s.won for s in top], t("Games won"), t
                )
            )
        )
        # plus points (Jolly) and penalty points (Rommi, Rommé) are never
        # added together: a column pair for each kind played
        kinds = [
            kind
            for kind in ("plus", "penalty")
            if any(getattr(s, kind) is not None for s in stats)
        ]
        both = len(kinds) == 2
        head = [t("Player"), t("Games"), t("Won")]
        for kind in kinds:
            if not both:
                head += [t("Average"), t("Best")]
            elif kind == "plus":
                head += [t("Average (plus points)"), t("Best (plus points)")]
            else:
                head += [t("Average (penalty points)"), t("Best (penalty points)")]
        head.append(t("Went out"))
        columns = [
            ft.DataColumn(
                label=ft.Text(h, size=16, weight=ft.FontWeight.BOLD), numeric=i > 0
            )
            for i, h in enumerate(head)
        ]

        def cells(s: PlayerStats) -> list[object]:
            out: list[object] = [s.player, s.games, s.won]
            for kind in kinds:
                part: KindStats | None = getattr(s, kind)
                out += (
                    ["–", "–"]
                    if part is None
                    else [t.number(round(part.average, 1)), t.number(part.best)]
                )
            return [*out, s.went_out]

        rows = [
            ft.DataRow(cells=[ft.DataCell(ft.Text(str(v), size=17)) for v in cells(s)])
            for s in stats
        ]
        table: list[ft.Control] = [
            ft.Row(
                [ft.DataTable(columns=columns, rows=rows, column_spacing=20)],
                scroll=ft.ScrollMode.ALWAYS,  # the bar shows there is more
            )
        ]
        if (state.page_width or 390) < WIDE:  # a phone: not every column fits
            table.append(
                tagged(
                    "stats-scroll-hint",
                    ft.Row(
                        [
                            ft.Icon(ft.Icons.SWIPE_LEFT, size=20),
                            ft.Text(
                                t("Swipe the table sideways to see every column."),
                                size=16,
                                expand=True,
                            ),
                        ]
                    ),
                )
            )
        body.append(card(ft.Column(table, spacing=8)))
    return screen(state, t("Player statistics"), body, back="past")
