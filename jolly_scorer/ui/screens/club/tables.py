"""A seated series: its tables with their players (seat order: the first
seat deals the first game), each table's state and its game to open."""

from __future__ import annotations

import flet as ft

from jolly_scorer.core.club.seating import Seating
from jolly_scorer.i18n import Translator
from jolly_scorer.tables.club import Club
from jolly_scorer.ui.models.club.model import ClubModel, TableState
from jolly_scorer.ui.screens.club import live_club
from jolly_scorer.ui.screens.club.parts import page_button, shared_link
from jolly_scorer.ui.state import AppState
from jolly_scorer.ui.widgets.basics import card, seat_dot, tagged
from jolly_scorer.ui.widgets.kept_parts import Keep, Same, built_anew


def seating_line(seating: Seating, t: Translator) -> str:
    how = t("drawn") if seating.method == "draw" else t("seated by standing")
    return t(
        "Series {n}: {how} (draw seed {seed})",
        n=seating.series,
        how=how,
        seed=seating.seed,
    )


def table_status(table: TableState, per_series: int | None, t: Translator) -> str:
    if table.current is not None:
        number = len(table.game_ids)
        rounds = t.plural("{n} round played", "{n} rounds played", table.rounds)
        if per_series is None:
            return t("Game {number}: {rounds}", number=number, rounds=rounds)
        return t(
            "Game {number} of {count}: {rounds}",
            number=number,
            count=per_series,
            rounds=rounds,
        )
    if table.done:
        return t.plural(
            "Done: {n} game finished", "Done: {n} games finished", table.finished
        )
    if not table.game_ids:
        return t("Not started")
    return t.plural("{n} game finished", "{n} games finished", table.finished)


def table_card(
    t: Translator,
    table: TableState,
    per_series: int | None,
    live: bool,
    pin: str | None,
    phones: int | None,
    state: Same[AppState],
    model: Same[ClubModel],
) -> ft.Control:
    """One table: its number, players, state and (``live``) its game button;
    served live, its PIN and how many phones have its page open. ``state``
    and ``model``: the page's, used when the game button is tapped."""

    def play() -> None:
        found = model.it.table_game(table.series, table.table)
        if isinstance(found, int):
            state.it.open_game(found, back="club")

    names: list[ft.Control] = [
        ft.Row(
            [seat_dot(seat, 12), ft.Text(player, size=18, expand=True)],
            spacing=8,
        )
        for seat, player in enumerate(table.players)
    ]
    head = ft.Column(
        [
            ft.Text(t("Table {n}", n=table.table), size=20, weight=ft.FontWeight.BOLD),
            ft.Text(
                table_status(table, per_series, t),
                size=15,
                color=ft.Colors.ON_SURFACE_VARIANT,
            ),
        ],
        spacing=0,
    )
    parts: list[ft.Control] = [head, *names]
    if pin is not None:  # served live (--club): the phones' PIN of this table
        parts.append(
            tagged(
                f"club-pin-{table.table}",
                ft.Text(t("PIN: {pin}", pin=pin), size=18, weight=ft.FontWeight.W_600),
            )
        )
    if phones is not None:
        parts.append(
            tagged(
                f"club-phones-{table.table}",
                ft.Text(
                    t.plural("{n} phone connected", "{n} phones connected", phones),
                    size=15,
                    color=ft.Colors.ON_SURFACE_VARIANT,
                ),
            )
        )
    if live and (table.current is not None or table.can_start):
        label = (
            t("Continue the game") if table.current is not None else t("Start the game")
        )
        parts.append(
            tagged(
                f"club-play-{table.series}-{table.table}",
                ft.FilledButton(
                    label, icon=ft.Icons.PLAY_ARROW, height=52, on_click=play
                ),
            )
        )
    placed = tagged(
        f"club-table-{table.series}-{table.table}",
        card(
            ft.Column(
                parts, spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH
            )
        ),
    )
    placed.col = {"xs": 12, "md": 6, "xl": 4}  # three a row on a laptop
    return placed


def series_part(
    state: AppState,
    model: ClubModel,
    number: int,
    live: bool,
    kept: Keep = built_anew,
) -> list[ft.Control]:
    """Series ``number``: how it was seated, and its tables side by side
    where the window is wide (one under the other on a phone). ``kept``: a
    table's card that shows the same as last time is the very control of
    the last redraw (a saved round changes one card of eighteen)."""
    play = model.play
    if play is None or not 1 <= number <= len(model.tables):
        return []
    seating = play.record.series[number - 1].seating
    wide = (state.page_width or 390) >= 700
    # the PINs and links are the live evening's: another evening opened to
    # look something up shows none (its tables are not served)
    club = live_club() if live and model.is_live() else None
    pins: dict[int, str] = {}
    if club is not None and number == len(model.tables):
        # the live tables of the series played (their PINs), from memory
        pins = {t.table: club.table(t.table).pin for t in model.tables[number - 1]}
    phones = dict(model.phones) if pins else {}
    per_series = model.event.games_per_series if model.event is not None else None
    t = state.t

    cards: list[ft.Control] = [
        kept(
            f"club-card-{number}-{table.table}",
            table_card,
            t,
            table,
            per_series,
            live,
            pins.get(table.table),
            phones.get(table.table, 0) if pins else None,
            Same(state),
            Same(model),
        )
        for table in model.tables[number - 1]
    ]
    links: list[ft.Control] = []
    if club is not None and pins:
        links = live_links(state, club)
    return [
        tagged(
            f"club-series-{number}",
            ft.Text(seating_line(seating, t), size=18, weight=ft.FontWeight.W_600),
        ),
        *links,
        ft.ResponsiveRow(cards, spacing=12, run_spacing=12)
        if wide
        else ft.Column(cards, spacing=12),
    ]


def live_links(state: AppState, club: Club) -> list[ft.Control]:
    """The club served live: the printable table cards (each table's QR code
    and PIN) and the ranking link (projector, follow from home)."""
    t = state.t
    base = club.address.rstrip("/")
    ranking = f"{base}/join?token={club.gate.view_token}"
    return [
        page_button(
            "club-cards",
            t("Print the table cards"),
            ft.Icons.PRINT,
            f"{base}/club/cards?lang={t.language}",
            filled=True,
        ),
        *shared_link(
            t("Ranking link (projector, follow from home):"),
            "club-ranking-link",
            ranking,
        ),
    ]
