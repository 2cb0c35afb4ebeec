"""Round entry, the bar at the bottom (always on screen): whether the round is
ready, everyone's round score, Save's refusal; Cancel (asks first when
something would be lost) and Save; and when the round was saved meanwhile on
another device, what was saved and the three choices."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from jolly_scorer.ui.i18n import Translator
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.round_model import Preview, RoundTaken
from jolly_scorer.ui.views.round_entry_cards import GOOD
from jolly_scorer.ui.views.round_entry_keep import kept, latest
from jolly_scorer.ui.views.round_entry_parts import score_line, signed
from jolly_scorer.ui.widgets.buttons import labelled_button

__all__ = ["leaves_only", "save_bar"]

Act = Callable[..., Any]


def _scores(entry: RoundEntryModel, scores: dict[str, int], t: Translator) -> str:
    plus = entry.rounds.rules.is_plus
    return " · ".join(
        f"{name} " + (signed(s, t) if plus else t.number(s))
        for name, s in scores.items()
    )


def _message(identifier: str, text: str, *, warning: bool = True) -> ft.Control:
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
    the others (``round_entry_sync.throw_away``); nothing is thrown away."""
    return entry.together and entry.others


def _cancel_question(
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
            _message("round-cancel-ask", text, warning=False),
            _pair(stay, ("round-leave", t("Leave"), ft.Icons.LOGOUT, away)),
        ]
    return [
        _message("round-cancel-ask", t("Throw away this round?")),
        _pair(
            stay, ("round-throw-away", t("Throw away"), ft.Icons.DELETE_OUTLINE, away)
        ),
    ]


def _pair(
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


def _taken(
    entry: RoundEntryModel,
    taken: RoundTaken,
    preview: Preview,
    t: Translator,
    buttons: dict[str, Any],
) -> list[ft.Control]:
    saved = taken.saved
    who = saved.closed_by or t("Nobody")
    lines = [
        _message(
            "round-taken",
            t(
                "Round {n} was saved on another device meanwhile. Nothing was added.",
                n=taken.number,
            ),
        ),
        ft.Text(
            t("Saved there: {name} went out", name=who)
            + " · "
            + _scores(entry, {n: s.score for n, s in taken.scores.items()}, t),
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
    lines.append(ft.Text(t("Yours: {scores}", scores=_scores(entry, mine, t)), size=16))
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


def save_bar(
    entry: RoundEntryModel,
    preview: Preview,
    t: Translator,
    buttons: dict[str, Any],
) -> ft.Control:
    """``buttons``: the handlers ``cancel``, ``discard``, ``keep``, ``save``,
    ``look``, ``correct``, ``drop``. Built again only when what it shows
    changed (its handlers stay the newest: :func:`latest`)."""
    stable = {k: latest(entry, f"bar-{k}", f) for k, f in buttons.items()}
    plus = entry.rounds.rules.is_plus
    signature = (
        t.language,
        id(entry.rounds),
        plus,
        entry.taken,
        entry.show_taken,
        entry.confirm_cancel,
        leaves_only(entry),
        entry.error,
        entry.all_counted,
        tuple((n, s.score) for n, s in preview.scores.items()),
        preview.complete,
    )
    return kept(
        "bar",
        signature,
        lambda: _bar(entry, preview, t, {k: _tap(h) for k, h in stable.items()}),
    )


def _tap(handler: Callable[[], Any]) -> Callable[[], Any]:
    """A click handler taking no event (Flet passes one to a handler that
    takes arguments)."""
    return lambda: handler()


def _bar(
    entry: RoundEntryModel,
    preview: Preview,
    t: Translator,
    buttons: dict[str, Any],
) -> ft.Control:
    items: list[ft.Control] = []
    if entry.taken is not None:
        items += _taken(entry, entry.taken, preview, t, buttons)
    elif entry.confirm_cancel:
        items += _cancel_question(entry, t, buttons)
    else:
        if entry.error:
            items.append(_message("round-error", entry.error))
        scores = _scores(entry, {n: s.score for n, s in preview.scores.items()}, t)
        status = t("Ready to save") if preview.complete else t("Not complete yet")
        items.append(
            ft.Semantics(
                identifier="round-status",
                label=f"{status} {scores}",
                content=ft.Row(
                    [
                        ft.Icon(
                            ft.Icons.CHECK_CIRCLE
                            if preview.complete
                            else ft.Icons.PENDING_OUTLINED,
                            color=GOOD if preview.complete else ft.Colors.OUTLINE,
                            size=20,
                        ),
                        ft.Text(  # one line: the strip, the rows or the
                            status,  # preview beside show every score
                            size=15,
                            max_lines=2,
                            expand=True,
                        ),
                    ],
                    spacing=6,
                ),
            )
        )
        items.append(
            _pair(
                ("round-cancel", t("Cancel"), ft.Icons.CLOSE, buttons["cancel"]),
                ("round-save", t("Save round"), ft.Icons.CHECK, buttons["save"]),
            )
        )
    return ft.Semantics(
        identifier="round-save-bar",
        container=True,
        content=ft.Container(
            ft.Column(items, spacing=4),
            padding=ft.Padding.only(top=4),
            border=ft.Border.only(top=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
            bgcolor=ft.Colors.SURFACE,
        ),
    )
