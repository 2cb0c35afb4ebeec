"""Round entry, the bar's questions: Cancel's question (throw the round away,
or at a live table only leave it) and, when the round was saved meanwhile on
another device, what was saved and the three choices; with the message box,
the pair of buttons and the scores line the bar (``round_entry_bar``) also
shows."""

from __future__ import annotations

from typing import Any

import flet as ft

from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.round import Preview, RoundTaken
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.screens.round_entry.parts import score_line, signed
from jolly_scorer.ui.widgets.buttons import labelled_button
from jolly_scorer.ui.widgets.round_score import round_score

__all__ = [
    "button_pair",
    "cancel_question",
    "leaves_only",
    "message_box",
    "scores_text",
    "taken_choices",
]


def scores_text(
    entry: RoundEntryModel,
    scores: dict[str, int],
    t: Translator,
    *,
    saved: bool = False,
) -> str:
    """``"Anna +12 · Ben −5"`` (penalty scoring: the points as they are); the
    round being entered shows a counted number nobody typed yet as "–", never
    0 (``saved``: a saved round's scores, every one a number)."""
    if saved:
        plus = entry.rounds.rules.is_plus
        return " · ".join(
            f"{name} " + (signed(s, t) if plus else t.number(s))
            for name, s in scores.items()
        )
    return " · ".join(
        f"{name} {round_score(entry.rounds, name, s, t)}" for name, s in scores.items()
    )


def message_box(identifier: str, text: str, *, warning: bool = True) -> ft.Control:
    """A line in a box: a warning (something would be lost, a refusal), or
    plain (``warning=False``: nothing is lost)."""
    return ft.Semantics(
        identifier=identifier,
        label=text,
        content=ft.Container(
            ft.Text(
                text,
                size=16,
                color=ft.Colors.ON_ERROR_CONTAINER
                if warning
                else ft.Colors.ON_SECONDARY_CONTAINER,
            ),
            bgcolor=ft.Colors.ERROR_CONTAINER
            if warning
            else ft.Colors.SECONDARY_CONTAINER,
            border_radius=12,
            padding=10,
        ),
    )


def leaves_only(entry: RoundEntryModel) -> bool:
    """Whether Cancel only leaves the round: at a live table, once another
    device entered a part, confirming keeps every part (this page's too) for
    the others (``round_entry_shared.throw_away``); nothing is thrown away."""
    return entry.together and entry.others


def cancel_question(
    entry: RoundEntryModel, t: Translator, buttons: dict[str, Any]
) -> list[ft.Control]:
    """Cancel asks what fits what happens: throw the round away, or (at a
    live table where others enter it too) only leave it."""
    keep, away = buttons["keep"], buttons["discard"]
    # no icon: "Jatka syöttämistä" fits on one line of a phone's half
    stay = ("round-keep-entering", t("Keep entering"), None, keep)
    if leaves_only(entry):
        text = t(
            "Leave this round? What was entered stays for the others at the table."
        )
        return [
            message_box("round-cancel-ask", text, warning=False),
            button_pair(stay, ("round-leave", t("Leave"), ft.Icons.LOGOUT, away)),
        ]
    return [
        message_box("round-cancel-ask", t("Throw away this round?")),
        button_pair(
            stay, ("round-throw-away", t("Throw away"), ft.Icons.DELETE_OUTLINE, away)
        ),
    ]


def button_pair(
    left: tuple[str, str, Any, Any], right: tuple[str, str, Any, Any]
) -> ft.Control:
    """Two big buttons side by side, the right one filled: (identifier,
    text, icon, handler) each."""
    return ft.Row(
        [
            labelled_button(*left, height=48, expand=1),
            labelled_button(*right, filled=True, height=48, expand=1),
        ],
        spacing=10,
    )


def taken_choices(
    entry: RoundEntryModel,
    taken: RoundTaken,
    preview: Preview,
    t: Translator,
    buttons: dict[str, Any],
) -> list[ft.Control]:
    """The round was saved on another device meanwhile: what was saved there
    (every player's score line once asked), this page's scores, and the three
    choices: look at it, keep this page's as its correction, drop it."""
    saved = taken.saved
    who = saved.closed_by or t("Nobody")
    lines = [
        message_box(
            "round-taken",
            t(
                "Round {n} was saved on another device meanwhile. Nothing was added.",
                n=taken.number,
            ),
        ),
        ft.Text(
            t("Saved there: {name} went out", name=who)
            + " · "
            + scores_text(
                entry, {n: s.score for n, s in taken.scores.items()}, t, saved=True
            ),
            size=16,
        ),
    ]
    if entry.show_taken:
        plus = entry.rounds.rules.is_plus
        lines += [
            ft.Text(f"{name}: {score_line(s, plus, t)}", size=15)
            for name, s in taken.scores.items()
        ]
    mine = {n: s.score for n, s in preview.scores.items()}
    lines.append(
        ft.Text(t("Yours: {scores}", scores=scores_text(entry, mine, t)), size=16)
    )
    lines.append(
        ft.Column(
            [
                labelled_button(
                    "round-taken-look",
                    t("Look at the saved round"),
                    ft.Icons.VISIBILITY,
                    buttons["look"],
                ),
                labelled_button(
                    "round-taken-correct",
                    t("Keep mine as a correction of round {n}", n=taken.number),
                    ft.Icons.EDIT_NOTE,
                    buttons["correct"],
                    filled=True,
                ),
                labelled_button(
                    "round-taken-drop",
                    t("Drop mine"),
                    ft.Icons.DELETE_OUTLINE,
                    buttons["drop"],
                ),
            ],
            spacing=6,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )
    )
    return lines
