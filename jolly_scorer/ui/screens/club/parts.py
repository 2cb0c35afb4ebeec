"""Shared parts of the club screens: the frame with its back button, and the
ranking's words (the core's are English; here they are translated)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from jolly_scorer.core.club.export import PageTexts
from jolly_scorer.core.club.ranking import Ranking
from jolly_scorer.i18n import N_, Translator
from jolly_scorer.ui.state import AppState
from jolly_scorer.ui.widgets.basics import card, one_line, tagged
from jolly_scorer.ui.widgets.buttons import icon_button
from jolly_scorer.ui.widgets.screen import messages

#: The steps of the tie-break (``core.club_ranking.tie_break_rule``), to translate.
STEPS = (
    N_("more tournament points"),
    N_("the better raw score (the higher: plus scoring)"),
    N_("the better raw score (the lower: penalty scoring)"),
    N_("more games won"),
    N_("the better result in the last series, then in the one before, and so on"),
    N_("the drawn lots (from the event's seed)"),
    N_("the one who played more series"),
)
#: the last step with the event's seed in it (``tie_break_rule(seed=...)``)
SEEDED = N_("the drawn lots (the event's seed {seed})")
MISSED = N_(
    "A player who missed a series counts for it the worst raw score played in "
    "it and no tournament points: missing a series never helps."
)
MISSED_RAW = N_(
    "A player who missed a series counts for it the worst raw score played in "
    "it: missing a series never helps."
)


def missed_note(ranking: Ranking) -> str:
    """What a missed series counts (to translate): tournament points named
    only when the event uses them."""
    points = any(r.line.points is not None for r in ranking.entries)
    return MISSED if points else MISSED_RAW


def tie_break_lines(ranking: Ranking, t: Translator) -> list[str]:
    """The ranking's tie-break rule, a step a line, translated."""
    return rule_lines(ranking.tie_break, t, "event", SEEDED)


def rule_lines(
    steps: Sequence[str], t: Translator, whose: str, seeded_text: str
) -> list[str]:
    """A written tie-break (``1. …``, ``2. then …``), a step a line,
    translated; its last step, the lots drawn from ``whose`` seed, says the
    seed in ``seeded_text``."""
    lots = rf"the drawn lots \(the {whose}'s seed (-?\d+)\)"
    lines = []
    for line in steps:
        number, _, rest = line.partition(". ")
        step = rest.removeprefix("then ")
        seeded = re.fullmatch(lots, step)
        text = t(seeded_text, seed=seeded.group(1)) if seeded else t(step)
        if rest != step:
            text = t("then {step}", step=text)
        lines.append(f"{number}. {text}")
    return lines


def page_texts(t: Translator) -> PageTexts:
    """The ranking's heads and words, translated (table, CSV, HTML page)."""
    return PageTexts(
        place=t("Place"),
        player=t("Player"),
        points=t("Tournament points"),
        raw=t("Raw score"),
        games=t("Games"),
        won=t("Won"),
        series=t("Series {n}"),
        by_lot=t("by lot"),
        lot_seed=t("by lot (the event's seed {seed})"),
        overall=t("Overall ranking"),
        tie_break=t("Ties are broken by"),
        language=t.language,
    )


def club_frame(
    state: AppState,
    title: str,
    body: Sequence[ft.Control],
    *,
    back: Callable[[], Any] | None,
    footer: Sequence[ft.Control] = (),
) -> ft.Control:
    """A club screen: back button and title, messages, scrolling body, footer."""
    t = state.t
    bar: list[ft.Control] = []
    if back is not None:
        bar.append(icon_button(ft.Icons.ARROW_BACK, t("Back"), back, "back"))
    bar.append(one_line(title, 26, weight=ft.FontWeight.BOLD))
    column = ft.Column(
        [*messages(state), *body],
        spacing=16,
        scroll=ft.ScrollMode.AUTO,
        expand=True,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
    parts: list[ft.Control] = [
        ft.Row(bar, spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        column,
    ]
    if footer:
        parts.append(ft.Row(list(footer), spacing=12))
    return ft.Column(parts, spacing=12, expand=True)


def listed_card(
    name: str,
    lines: Sequence[ft.Control],
    open_text: str,
    open_tag: str,
    on_open: Callable[[], Any],
) -> ft.Control:
    """A stored evening or season in its list: the name, the ``lines`` under
    it, and its Open button (tagged ``open_tag``)."""
    return card(
        ft.Row(
            [
                ft.Column(
                    [ft.Text(name, size=20, weight=ft.FontWeight.W_600), *lines],
                    spacing=4,
                    expand=True,
                ),
                tagged(
                    open_tag,
                    ft.FilledTonalButton(
                        open_text, height=52, on_click=lambda e: on_open()
                    ),
                ),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
    )


def shared_link(label: str, tag: str, link: str) -> list[ft.Control]:
    """A link to hand on (the ranking's, a season's): what it is for, and
    the link itself, selectable (tagged ``tag``)."""
    return [
        ft.Text(label, size=16),
        tagged(tag, ft.Text(link, selectable=True, size=14)),
    ]


def page_button(
    tag: str, label: str, icon: ft.IconData, url: str, *, filled: bool = False
) -> ft.Control:
    """A button opening a page of the server in a new tab (the table cards,
    a season's page)."""
    kind = ft.FilledButton if filled else ft.OutlinedButton
    return tagged(
        tag, kind(label, icon=icon, height=52, url=ft.Url(url, ft.UrlTarget.BLANK))
    )
