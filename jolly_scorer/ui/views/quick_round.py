"""Quick round entry: who went out and the points counted at the table.

The fallback round screen while the card-by-card entry (``round_entry.py``) is not
there; a game kept on paper is carried over the same way (``counted`` points).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import flet as ft

from jolly_scorer.core.game import Counted, Game, Round
from jolly_scorer.ui.i18n import Translator
from jolly_scorer.ui.views.common import big_button, card, colour, tagged

Values = dict[str, str]


def quick_round(
    game: Game, closer: str | None, handglatt: bool, values: Values
) -> Round:
    """The round from the entered numbers (blank is 0; bad input raises ValueError)."""
    counted = []
    for p in game.players:
        good = int(values.get(f"{p}:good") or 0) if game.rules.is_plus else 0
        bad = int(values.get(f"{p}:bad") or 0)
        if good < 0 or bad < 0:
            raise ValueError(p)
        counted.append((p, Counted(good=good, bad=0 if p == closer else bad)))
    return Round(
        closed_by=closer,
        handglatt=handglatt and closer is not None,
        counted=tuple(counted),
    )


def _initial(game: Game, index: int | None) -> tuple[str | None, bool, Values]:
    if index is None:
        return None, False, {}
    entry = game.rounds[index]
    values: Values = {}
    for p, c in entry.counted:
        values[f"{p}:good"] = str(c.good) if c.good else ""
        values[f"{p}:bad"] = str(c.bad) if c.bad else ""
    return entry.closed_by, entry.handglatt, values


@ft.component
def QuickRound(
    t: Translator,
    game: Game,
    round_index: int | None,
    on_save: Callable[[Round], str | None],
    on_cancel: Callable[[], None],
) -> ft.Control:
    start = _initial(game, round_index)
    closer, set_closer = ft.use_state(start[0])
    handglatt, set_handglatt = ft.use_state(start[1])
    values, set_values = ft.use_state(start[2])
    problem, set_problem = ft.use_state(cast(str | None, None))
    plus = game.rules.is_plus

    def put(key: str, text: str) -> None:
        set_values({**values, key: text.strip()})

    def save() -> None:
        try:
            entry = quick_round(game, closer, handglatt, values)
        except ValueError:
            set_problem(t("Enter whole numbers of 0 or more."))
            return
        set_problem(on_save(entry))

    rows: list[ft.Control] = []
    for seat, p in enumerate(game.players):
        went_out = p == closer
        fields: list[ft.Control] = []
        if plus:
            fields.append(
                _number(
                    t("Good"),
                    values.get(f"{p}:good", ""),
                    lambda e, p=p: put(f"{p}:good", e.control.value),
                    f"good-{seat + 1}",
                )
            )
        if not went_out:
            fields.append(
                _number(
                    t("Bad") if plus else t("Points"),
                    values.get(f"{p}:bad", ""),
                    lambda e, p=p: put(f"{p}:bad", e.control.value),
                    f"bad-{seat + 1}",
                )
            )
        rows.append(
            card(
                ft.Column(
                    [
                        ft.Row(
                            [
                                ft.Container(
                                    width=14,
                                    height=14,
                                    border_radius=7,
                                    bgcolor=colour(seat),
                                ),
                                ft.Text(
                                    p, size=22, weight=ft.FontWeight.W_600, expand=True
                                ),
                                tagged(
                                    f"closer-{seat + 1}",
                                    ft.Chip(
                                        label=ft.Text(t("Went out"), size=16),
                                        selected=went_out,
                                        on_select=lambda e, p=p: set_closer(
                                            None if closer == p else p
                                        ),
                                        tooltip=t("{name} went out", name=p),
                                    ),
                                ),
                            ]
                        ),
                        ft.Row(fields, spacing=12),
                    ],
                    spacing=8,
                ),
                padding=12,
            )
        )
    title = (
        t("Round {n}", n=len(game.rounds) + 1)
        if round_index is None
        else t("Edit round {n}", n=round_index + 1)
    )
    body: list[ft.Control] = [
        ft.Text(
            t("Points counted at the table"),
            size=18,
            color=ft.Colors.ON_SURFACE_VARIANT,
        ),
        *rows,
        tagged(
            "handglatt",
            ft.Switch(
                label=t("Handglatt (all cards down in one turn)"),
                value=handglatt,
                disabled=closer is None,
                label_text_style=ft.TextStyle(size=18),
                on_change=lambda e: set_handglatt(bool(e.control.value)),
            ),
        ),
    ]
    if problem:
        body.insert(
            0, tagged("round-error", ft.Text(problem, color=ft.Colors.ERROR, size=18))
        )
    return ft.Column(
        [
            ft.Row(
                [
                    tagged(
                        "round-cancel",
                        ft.IconButton(
                            ft.Icons.CLOSE, tooltip=t("Cancel"), on_click=on_cancel
                        ),
                    ),
                    ft.Text(title, size=26, weight=ft.FontWeight.BOLD, expand=True),
                ]
            ),
            ft.Column(body, spacing=12, scroll=ft.ScrollMode.AUTO, expand=True),
            big_button(
                t("Save round"),
                ft.Icons.CHECK,
                save,
                "round-save",
                primary=True,
                height=72,
            ),
        ],
        expand=True,
        spacing=12,
    )


def _number(
    label: str, value: str, on_change: Callable[..., None], ident: str
) -> ft.Control:
    return tagged(
        ident,
        ft.TextField(
            label=label,
            value=value,
            on_change=on_change,
            text_size=22,
            width=130,
            keyboard_type=ft.KeyboardType.NUMBER,
        ),
    )
