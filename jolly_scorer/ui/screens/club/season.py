"""The club's seasons (issue 37): the list and a new season; one season with
its evenings (add, take out), its standings (each evening a column; a value
left out by the best-N rule in brackets), what an evening counts and the
tie-break, a player's evening-by-evening line, and the CSV and HTML files."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial

import flet as ft

from jolly_scorer.core.club.export import season_html
from jolly_scorer.core.club.season import SeasonStanding, SeasonTexts, standing_rows
from jolly_scorer.i18n import N_, Translator
from jolly_scorer.store.club_export import season_csv_bytes
from jolly_scorer.tables.club import SESSION_KEY, Club
from jolly_scorer.ui.models.club.model import ClubModel
from jolly_scorer.ui.models.club.season import SeasonModel
from jolly_scorer.ui.screens.club.compact import compact_table, fits
from jolly_scorer.ui.screens.club.export import export_buttons, save_file
from jolly_scorer.ui.screens.club.form_parts import text_field
from jolly_scorer.ui.screens.club.parts import (
    club_frame,
    listed_card,
    page_button,
    rule_lines,
    shared_link,
)
from jolly_scorer.ui.state import AppState
from jolly_scorer.ui.widgets.basics import card, page_size, section, tagged
from jolly_scorer.ui.widgets.buttons import big_button

#: the season's tie-break steps (``core.club.season.season_tie_break``)
STEPS = (
    N_("the higher season total (the best evenings counted)"),
    N_("the higher season total"),
    N_("more evenings won"),
    N_("the higher total of all evenings played"),
    N_("the better value of the last evening, then of the one before, and so on"),
    N_("the drawn lots (from the season's seed)"),
)
SEEDED = N_("the drawn lots (the season's seed {seed})")


def season_texts(t: Translator) -> SeasonTexts:
    """The standings' words, translated (table, CSV, page)."""
    return SeasonTexts(
        place=t("Place"),
        player=t("Player"),
        total=t("Season total"),
        played=t("Evenings"),
        won=t("Won"),
        by_lot=t("by lot"),
        heading=t("Season standings"),
        tie_break=t("Ties are broken by"),
        points=t("Each evening counts its tournament points."),
        places=t("Each evening counts the place points of the place taken: {table}."),
        best=t(
            "Only each player's best {n} evenings count; a value in brackets does not."
        ),
        language=t.language,
    )


def season_rule_lines(standing: SeasonStanding, t: Translator) -> list[str]:
    """The season's tie-break, a step a line, translated."""
    return rule_lines(standing.tie_break, t, "season", SEEDED)


@ft.component
def SeasonList(state: AppState, model: ClubModel, seasons: SeasonModel) -> ft.Control:
    t = state.t
    name, set_name = ft.use_state("")
    best, set_best = ft.use_state("")
    places, set_places = ft.use_state("")
    body: list[ft.Control] = []
    if seasons.error:
        body.append(
            tagged("season-error", ft.Text(t(seasons.error), color=ft.Colors.ERROR))
        )
    for number, summary in enumerate(seasons.seasons, 1):
        evenings = t.plural("{n} evening", "{n} evenings", summary.evenings)
        body.append(
            listed_card(
                summary.name,
                [ft.Text(evenings, size=16, color=ft.Colors.ON_SURFACE_VARIANT)],
                t("Open"),
                f"season-open-{number}",
                partial(seasons.open, summary.id),
            )
        )
    if not seasons.seasons:
        body.append(ft.Text(t("No season yet."), size=18, italic=True))

    def create() -> None:
        if seasons.create(name, best, places) is None:
            set_name("")
            set_best("")
            set_places("")

    body += [
        section(t("New season")),
        text_field("season-name", t("Name of the season"), name, set_name),
        text_field(
            "season-best",
            t("Count only each player's best evenings (empty: all)"),
            best,
            set_best,
            keyboard_type=ft.KeyboardType.NUMBER,
        ),
        text_field(
            "season-places",
            t("Place points without tournament points (empty: 25, 20, 16 … 1)"),
            places,
            set_places,
        ),
        big_button(
            t("Create the season"), ft.Icons.ADD, create, "season-create", primary=True
        ),
    ]
    return club_frame(state, t("Seasons"), body, back=lambda: model.go("list"))


def _standings(
    standing: SeasonStanding, t: Translator, pick: Callable[[str], None]
) -> ft.Control:
    """The standings as a table; a line per player where it is wider than
    the page (a phone: ``compact.py``); a player's row or line shows their
    evenings when tapped."""
    rows = standing_rows(standing, season_texts(t))
    lot = t("by lot")
    lots = [line.by_lot for line in standing.entries]
    if not fits(rows, lots, lot, 16, page_size(ft.context.page)[0]):
        taps = [(lambda e, p=line.player: pick(p)) for line in standing.entries]
        return tagged(
            "season-standings",
            compact_table(
                rows,
                lots,
                [line.place <= 3 for line in standing.entries],
                name="season-standing",
                lot_note=lot,
                taps=taps,
            ),
        )
    head = [
        ft.DataColumn(
            label=ft.Text(cell, size=14, weight=ft.FontWeight.W_600), numeric=i != 1
        )
        for i, cell in enumerate(rows[0])
    ]
    body = []
    for line, row in zip(standing.entries, rows[1:], strict=True):
        cells = []
        for i, cell in enumerate(row):
            text = f"{cell} ({t('by lot')})" if i == 0 and line.by_lot else cell
            cells.append(ft.DataCell(ft.Text(text, size=16)))
        body.append(
            ft.DataRow(
                cells=cells,
                on_select_change=lambda e, p=line.player: pick(p),
            )
        )
    table = ft.DataTable(
        columns=head, rows=body, column_spacing=16, horizontal_margin=8
    )
    return tagged("season-standings", ft.Row([table], scroll=ft.ScrollMode.AUTO))


def _player_line(seasons: SeasonModel, t: Translator) -> list[ft.Control]:
    """The chosen player's evening-by-evening line."""
    player = seasons.player
    line = seasons.line_of(player) if player else None
    standing = seasons.standing
    if standing is None or not standing.entries:
        return []
    options = [ft.DropdownOption(line.player) for line in standing.entries]

    def choose(e: ft.Event[ft.Dropdown]) -> None:
        seasons.player = e.control.value or None

    parts: list[ft.Control] = [
        tagged(
            "season-player",
            ft.Dropdown(
                label=t("A player's evenings"),
                value=player,
                options=options,
                on_select=choose,
                width=320,
                text_size=18,
            ),
        )
    ]
    if line is not None:
        rows = []
        for evening in seasons.evenings_of(line.player):
            if evening.value is None:
                what = t("not played")
            elif evening.counted:
                what = t.number(evening.value)
            else:
                what = t("{value} (not counted)", value=t.number(evening.value))
            rows.append(ft.Text(f"{evening.evening}: {what}", size=16))
        summary = t(
            "Place {place}: {total} in total, {played} evenings played, {won} won",
            place=line.place,
            total=t.number(line.total),
            played=line.played,
            won=line.won,
        )
        parts.append(
            tagged(
                "season-line",
                card(
                    ft.Column(
                        [ft.Text(summary, size=16, weight=ft.FontWeight.W_600), *rows]
                    )
                ),
            )
        )
    return parts


def standings_page(
    standing: SeasonStanding, place_points: tuple[int, ...], t: Translator
) -> str:
    """The standings as one static page in ``t``'s language (the HTML file,
    and the season's read-only page of the server: ``server/club_page``)."""
    return season_html(
        standing,
        texts=season_texts(t),
        tie_break=tuple(season_rule_lines(standing, t)),
        place_points=place_points,
    )


def export_bytes(seasons: SeasonModel, t: Translator, kind: str) -> tuple[str, bytes]:
    """The file name and contents of the standings (``kind``: csv or html)."""
    standing, record = seasons.standing, seasons.record
    if standing is None or record is None:
        raise ValueError("no season is open")
    stem = re.sub(r"[^\w-]+", "-", standing.name).strip("-").lower()[:60] or "season"
    texts = season_texts(t)
    if kind == "csv":
        semicolons = t.language in ("de", "fi")
        data = season_csv_bytes(standing, texts, semicolons=semicolons)
        return f"{stem}-{record.id}.csv", data
    page = standings_page(standing, record.season.place_points, t)
    return f"{stem}-{record.id}.html", page.encode()


def _season(state: AppState, seasons: SeasonModel) -> ft.Control:
    t = state.t
    record, standing = seasons.record, seasons.standing
    if record is None or standing is None:
        return ft.Text("")
    body: list[ft.Control] = []
    if seasons.error:
        body.append(
            tagged("season-error", ft.Text(t(seasons.error), color=ft.Colors.ERROR))
        )
    body.append(section(t("Evenings")))
    names = {e.id: e.name for e in seasons.events}
    for number, event_id in enumerate(record.events, 1):
        body.append(
            ft.Row(
                [
                    ft.Text(
                        f"{number}. {names.get(event_id, '')}", size=16, expand=True
                    ),
                    tagged(
                        f"season-remove-{number}",
                        ft.TextButton(
                            t("Take out"),
                            on_click=lambda e, i=event_id: seasons.remove(i),
                        ),
                    ),
                ]
            )
        )
    addable = seasons.addable()
    if addable:

        def add(e: ft.Event[ft.Dropdown]) -> None:
            if e.control.value:
                seasons.add(int(e.control.value))

        body.append(
            tagged(
                "season-add",
                ft.Dropdown(
                    label=t("Add an evening"),
                    options=[ft.DropdownOption(str(e.id), e.name) for e in addable],
                    on_select=add,
                    width=320,
                    text_size=18,
                ),
            )
        )
    body.append(section(t("Season standings")))
    if standing.entries:

        def pick(player: str) -> None:
            seasons.player = player

        body.append(_standings(standing, t, pick))
    texts = season_texts(t)
    if standing.scoring == "points":
        body.append(ft.Text(texts.points, size=15))
    else:
        table = ", ".join(
            f"{n}. {v}" for n, v in enumerate(record.season.place_points, 1)
        )
        body.append(ft.Text(texts.places.format(table=table), size=15))
    if standing.best is not None:
        body.append(ft.Text(texts.best.format(n=standing.best), size=15))
    body.append(ft.Text(t("Ties are broken by"), size=15, weight=ft.FontWeight.W_600))
    body.append(
        tagged(
            "season-tie-break",
            ft.Column(
                [ft.Text(x, size=15) for x in season_rule_lines(standing, t)], spacing=2
            ),
        )
    )
    body += _player_line(seasons, t)

    async def save(kind: str) -> None:
        await save_file(
            state, lambda: export_bytes(seasons, t, kind), f"a season as {kind}"
        )

    body += export_buttons(
        t,
        "season-export",
        save,
        (
            ("csv", t("Standings (CSV)"), ft.Icons.TABLE_CHART),
            ("html", t("Standings page (HTML)"), ft.Icons.WEB),
        ),
    )
    body += _season_link(t, record.id)
    return club_frame(state, standing.name, body, back=seasons.close)


def _season_link(t: Translator, season_id: int) -> list[ft.Control]:
    """The club served live: the season's read-only link (the ranking link
    opening the season's page, ``server/club_page``) and the page itself."""
    club = ft.context.page.session.store.get(SESSION_KEY)
    if not isinstance(club, Club):
        return []
    base = club.address.rstrip("/")
    return [
        *shared_link(
            t("Season link (projector, follow from home):"),
            "season-link",
            club.season_link(season_id),
        ),
        page_button(
            "season-page",
            t("Open the season's page"),
            ft.Icons.OPEN_IN_NEW,
            f"{base}/club/season?id={season_id}",
        ),
    ]


@ft.component
def SeasonScreen(state: AppState, model: ClubModel, seasons: SeasonModel) -> ft.Control:
    """The seasons (the club model's view ``seasons``): the list, or one."""
    if seasons.season_id is not None and seasons.record is not None:
        return _season(state, seasons)
    return SeasonList(state, model, seasons)
