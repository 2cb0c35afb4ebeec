"""One club evening: the seating of the series being played, its tables,
the next series (by standing or drawn again; late arrivals and leavers),
the earlier series, the ranking, the big screen and the results' files."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import flet as ft

from jolly_scorer.core.names import name_key
from jolly_scorer.ui.models.club.model import ClubModel, parse_players, split_of
from jolly_scorer.ui.screens.club.export import export_part
from jolly_scorer.ui.screens.club.live import live_part
from jolly_scorer.ui.screens.club.parts import club_frame
from jolly_scorer.ui.screens.club.ranking import ranking_part
from jolly_scorer.ui.screens.club.tables import series_part
from jolly_scorer.ui.state import AppState
from jolly_scorer.ui.texts import preset_name
from jolly_scorer.ui.widgets.basics import page_size, section, tagged
from jolly_scorer.ui.widgets.buttons import big_button
from jolly_scorer.ui.widgets.kept_parts import KeptParts
from jolly_scorer.ui.widgets.typed_text import TypedText


def _next_series(
    state: AppState,
    model: ClubModel,
    typed: str,
    set_typed: Callable[[str], None],
    leaving: frozenset[str],
    set_leaving: Callable[[frozenset[str]], None],
) -> list[ft.Control]:
    """Seat the next series: who leaves (tap a name), who arrives (one a line),
    then by standing or drawn again."""
    t = state.t
    number = model.seated + 1
    arrive = parse_players(typed)

    def seat(method: Literal["draw", "standing"]) -> None:
        gone = [p for p in model.playing() if name_key(p) in leaving]
        if model.seat_next(method, arrive=arrive, leave=gone) is None:
            set_typed("")
            set_leaving(frozenset())

    def toggle(player: str) -> None:
        key = name_key(player)
        set_leaving(leaving - {key} if key in leaving else leaving | {key})

    parts: list[ft.Control] = [section(t("Series {n}", n=number))]
    if number > 1:
        parts += [
            ft.Text(t("Leaving before this series (tap a name):"), size=16),
            ft.Row(
                [
                    tagged(
                        f"club-leave-{p}",
                        ft.Chip(
                            label=ft.Text(p, size=16),
                            selected=name_key(p) in leaving,
                            on_select=lambda e, p=p: toggle(p),
                        ),
                    )
                    for p in model.playing()
                ],
                wrap=True,
                spacing=6,
            ),
        ]
    if number > 1:  # how the next series splits, leavers and arrivals counted
        gone = {k for k in leaving}
        staying = [p for p in model.playing() if name_key(p) not in gone]
        known = {name_key(p) for p in staying}
        count = len(staying) + len([a for a in arrive if name_key(a) not in known])
        sizes = split_of(count, model.event.fives if model.event else False)
        parts.append(
            tagged(
                "club-next-split",
                ft.Text(
                    t.plural(
                        "{count} players: {n} table ({sizes})",
                        "{count} players: {n} tables ({sizes})",
                        len(sizes),
                        count=count,
                        sizes=" + ".join(map(str, sizes)),
                    )
                    if sizes is not None
                    else t("Enter at least 3 players."),
                    size=16,
                ),
            )
        )
    parts.append(
        tagged(
            "club-arrive",
            TypedText(
                label=t("Late arrivals, one a line"),
                value=typed,
                multiline=True,
                min_lines=1,
                max_lines=6,
                text_size=18,
                on_change=lambda e: set_typed(e.control.value or ""),
            ),
        )
    )
    if number > 1:
        parts.append(
            big_button(
                t("Seat series {n} by standing", n=number),
                ft.Icons.LEADERBOARD,
                lambda: seat("standing"),
                "club-seat-standing",
                primary=True,
            )
        )
    parts.append(
        big_button(
            t("Draw series {n}", n=number),
            ft.Icons.SHUFFLE,
            lambda: seat("draw"),
            "club-seat-draw",
            primary=number == 1,
        )
    )
    return parts


@ft.component
def EventScreen(state: AppState, model: ClubModel) -> ft.Control:
    t = state.t
    event = model.event
    typed, set_typed = ft.use_state("")
    leaving, set_leaving = ft.use_state(frozenset[str]())
    asking, set_asking = ft.use_state(False)  # "make this evening live?"
    kept = ft.use_memo(KeptParts, [])  # the cards and lines of the last redraw
    if event is None:
        return ft.Text("")
    games = event.games_per_series or 0
    sub = t(
        "{rules} · {players} players · {series} {games}",
        rules=preset_name(event.rules.base, t),
        players=len(event.players),
        series=t.plural("{n} series", "{n} series", event.series_count),
        games=t.plural("of {n} game each", "of {n} games each", games),
    )
    body: list[ft.Control] = [
        ft.Text(sub, size=16, color=ft.Colors.ON_SURFACE_VARIANT),
        *live_part(state, model, asking, set_asking),
    ]
    if model.error:
        body.append(
            tagged(
                "club-error", ft.Text(t(model.error), color=ft.Colors.ERROR, size=16)
            )
        )
    for series, table, game in model.play.missing if model.play else ():
        body.append(
            tagged(
                f"club-missing-{series}-{table}-{game}",
                ft.Text(
                    t(
                        "Series {series}, table {table}: game {game} was deleted;"
                        " the ranking lacks its result.",
                        series=series,
                        table=table,
                        game=game,
                    ),
                    color=ft.Colors.ERROR,
                    size=16,
                ),
            )
        )
    seated = model.seated
    if seated:
        body += series_part(state, model, seated, live=True, kept=kept)
        if model.can_redraw():
            body.append(
                big_button(
                    t("Draw again"), ft.Icons.REFRESH, model.redraw, "club-redraw"
                )
            )
    if model.can_seat_next():
        body += _next_series(state, model, typed, set_typed, leaving, set_leaving)
    elif seated == event.series_count and model.series_done():
        body.append(
            tagged(
                "club-finished",
                ft.Text(
                    t("Every series is played."), size=18, weight=ft.FontWeight.W_600
                ),
            )
        )
    body += ranking_part(model, t, kept, page_size(ft.context.page)[0])
    body.append(
        big_button(
            t("Ranking on the big screen"),
            ft.Icons.CAST,
            lambda: state.go("club_big"),
            "club-big",
        )
    )
    body += export_part(state, model)
    for number in range(seated - 1, 0, -1):
        body += series_part(state, model, number, live=False, kept=kept)
    return club_frame(state, event.name, body, back=lambda: model.go("list"))
