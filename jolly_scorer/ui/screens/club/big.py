"""The ranking on a projector (1920×1080): read only, large type, the
event's name and the ranking shown (overall or a series) with its
tie-break; it reads the event again by itself when a table saves a round
(``ClubScreen``'s follow of ``AppState.revision``)."""

from __future__ import annotations

import flet as ft

from jolly_scorer.core.club.ranking import Ranking
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.club.big import (
    GAP,
    NOTE,
    UNDER,
    BigLayout,
    big_layout,
    title_size,
)
from jolly_scorer.ui.models.club.model import ClubModel
from jolly_scorer.ui.screens.club.ranking import rule_under, shown_ranking
from jolly_scorer.ui.state import AppState
from jolly_scorer.ui.widgets.basics import page_size, tagged
from jolly_scorer.ui.widgets.buttons import icon_button
from jolly_scorer.ui.widgets.kept_parts import KeptParts

GOLD = "#C9A227"


def _line(
    ranking: Ranking, index: int, t: Translator, size: int, kept: KeptParts
) -> ft.Control:
    """One line of the ranking (the very control of the last redraw when it
    shows the same: a saved round moves a few lines of 72)."""
    ranked = ranking.entries[index]
    line = ranked.line
    score = line.points if line.points is not None else line.raw
    place = t.number(ranked.place) + ("*" if ranked.by_lot else "")
    shown = (place, line.player, t.number(score), ranked.place, size)
    return kept(f"club-big-{index}", _drawn, *shown)


def _drawn(place: str, player: str, score: str, rank: int, size: int) -> ft.Control:
    weight = ft.FontWeight.BOLD if rank <= 3 else ft.FontWeight.W_500
    return ft.Container(
        ft.Row(
            [
                ft.Text(
                    place,
                    size=size,
                    width=size * 2.6,
                    weight=weight,
                    color=GOLD if rank == 1 else None,
                    text_align=ft.TextAlign.RIGHT,
                ),
                ft.Text(
                    player,
                    size=size,
                    weight=weight,
                    expand=True,
                    max_lines=1,
                    overflow=ft.TextOverflow.ELLIPSIS,
                ),
                ft.Text(
                    score,
                    size=size,
                    weight=ft.FontWeight.BOLD,
                    text_align=ft.TextAlign.RIGHT,
                    width=size * 4,
                ),
            ],
            spacing=size * 0.6,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        ),
        border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
        padding=ft.Padding.symmetric(vertical=size * 0.15),
    )


def _chooser(model: ClubModel, t: Translator) -> ft.Control:
    """Overall or a series: the ranking shown (this screen's only)."""

    def show(number: int | None) -> None:
        model.shown_series = number
        if model.show_season:
            model.choose_season(False)

    choices: list[tuple[int | None, str]] = [(None, t("Overall ranking"))]
    choices += [
        (n, t("Series {n}", n=n)) for n in range(1, len(model.series_rankings) + 1)
    ]
    buttons: list[ft.Control] = []
    for number, label in choices:
        chosen = number == model.shown_series and not model.show_season
        kind = ft.FilledButton if chosen else ft.OutlinedButton
        buttons.append(
            tagged(
                f"club-big-{'overall' if number is None else number}",
                kind(
                    label,
                    height=48,
                    on_click=lambda e, number=number: show(number),
                ),
            )
        )
    if model.season_id is not None:  # the evening is one of a season's
        kind = ft.FilledButton if model.show_season else ft.OutlinedButton
        buttons.append(
            tagged(
                "club-big-season",
                kind(
                    t("Season"),
                    height=48,
                    on_click=lambda e: model.choose_season(True),
                ),
            )
        )
    return ft.Row(buttons, wrap=True, spacing=12, run_spacing=8)


def _season_lines(
    model: ClubModel, t: Translator, layout: BigLayout, kept: KeptParts
) -> list[ft.Control]:
    """The season's standings in big type (place, player, season total)."""
    standing = model.season
    if standing is None:
        return []
    rows, columns, size = layout.rows, layout.columns, layout.size
    lines = [
        kept(
            f"club-big-season-{i}",
            _drawn,
            t.number(line.place) + ("*" if line.by_lot else ""),
            line.player,
            t.number(line.total),
            line.place,
            size,
        )
        for i, line in enumerate(standing.entries)
    ]
    split = [lines[c * rows : (c + 1) * rows] for c in range(columns)]
    under = ft.Text(
        f"{standing.name} · {t('Season standings')}",
        size=UNDER,
        color=ft.Colors.ON_SURFACE_VARIANT,
    )
    return [
        under,
        tagged(
            "club-big-season-standings",
            ft.Row(
                [ft.Column(part, spacing=0, expand=True) for part in split],
                spacing=GAP,
                vertical_alignment=ft.CrossAxisAlignment.START,
            ),
        ),
    ]


@ft.component
def BigScreen(state: AppState, model: ClubModel) -> ft.Control:
    t = state.t
    event = model.event
    ranking = shown_ranking(model)
    kept = ft.use_memo(KeptParts, [])  # the lines of the last redraw
    if event is None or ranking is None:
        return ft.Text(t("No club event is open."), size=24)
    count = len(ranking.entries)
    width, height = page_size(ft.context.page)
    buttons = 1 + len(model.series_rankings) + (model.season_id is not None)
    season = model.season if model.show_season else None
    names = [r.line.player for r in ranking.entries]
    if season is not None:
        names = [line.player for line in season.entries]
    # every player in sight on a projector (issue 35): the columns and the
    # size that make the text largest; a phone: as large as the width allows
    layout = big_layout(
        len(names),
        width,
        height,
        longest_name=max((len(n) for n in names), default=5),
        buttons=buttons,
        by_lot=season is None and any(r.by_lot for r in ranking.entries),
    )
    columns, rows, size = layout.columns, layout.rows, layout.size
    beside = layout.rule_beside
    lines = [_line(ranking, i, t, size, kept) for i in range(count)]
    split = [lines[c * rows : (c + 1) * rows] for c in range(columns)]
    heading = (
        t("Overall ranking")
        if ranking.series is None
        else t("Series {n}", n=ranking.series)
    )
    what = (
        t("Tournament points")
        if any(r.line.points is not None for r in ranking.entries)
        else t("Raw score")
    )
    back: list[ft.Control] = []
    if not state.is_guest:  # the ranking link's page has nowhere to go back to
        back = [
            icon_button(
                ft.Icons.ARROW_BACK, t("Back"), lambda: state.go("club"), "back"
            )
        ]
    top = ft.Row(
        [
            *back,
            ft.Text(
                event.name,
                size=title_size(width),
                weight=ft.FontWeight.BOLD,
                expand=True,
                max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS,
            ),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
    if model.show_season and model.season is not None:
        return tagged(
            "club-big-screen",
            ft.Column(
                [top, _chooser(model, t), *_season_lines(model, t, layout, kept)],
                spacing=20,
                expand=True,
                scroll=ft.ScrollMode.AUTO,
            ),
        )
    under = ft.Text(
        f"{heading} · {what}",
        size=UNDER,
        color=ft.Colors.ON_SURFACE_VARIANT,
    )
    table = ft.Row(
        [ft.Column(part, spacing=0, expand=True) for part in split],
        spacing=GAP,
        vertical_alignment=ft.CrossAxisAlignment.START,
    )
    notes: list[ft.Control] = []
    if any(r.by_lot for r in ranking.entries):
        lots = t("by lot (the event's seed {seed})", seed=ranking.seed)
        notes.append(ft.Text("* " + lots, size=NOTE))
    rule = rule_under(ranking, t, size=NOTE if width >= 1600 or not beside else 18)
    if beside:
        table = ft.Row(
            [
                ft.Column([table, *notes], spacing=20, expand=True),
                ft.Container(
                    rule, width=layout.rule_width, padding=ft.Padding.only(top=8)
                ),
            ],
            spacing=GAP,
            vertical_alignment=ft.CrossAxisAlignment.START,
        )
        notes, rule = [], ft.Container()
    return tagged(
        "club-big-screen",
        ft.Column(
            [
                top,
                _chooser(model, t),
                under,
                table,
                *notes,
                rule,
            ],
            spacing=20,
            expand=True,
            scroll=ft.ScrollMode.AUTO,
        ),
    )
