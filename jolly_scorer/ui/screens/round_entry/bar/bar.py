"""Round entry, the bar at the bottom (always on screen): whether the round is
ready, everyone's round score, Save's refusal; Cancel (asks first when
something would be lost) and Save; and when the round was saved meanwhile on
another device, what was saved and the three choices."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.problem_text import opening_warnings
from jolly_scorer.ui.models.round import Preview
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.models.round_watch import BAR, STATIC
from jolly_scorer.ui.screens.round_entry.bar.questions import (
    button_pair,
    cancel_question,
    message_box,
    scores_text,
    taken_choices,
)
from jolly_scorer.ui.screens.round_entry.keep import latest
from jolly_scorer.ui.screens.round_entry.scope import Scope, use_scope
from jolly_scorer.ui.screens.round_entry.watched import watched
from jolly_scorer.ui.widgets.card_picker import Relay
from jolly_scorer.ui.widgets.card_pieces import GOOD

__all__ = ["save_bar"]


def save_bar(scope: Scope, buttons: dict[str, Any]) -> ft.Control:
    """``buttons``: the handlers ``cancel``, ``discard``, ``keep``, ``save``,
    ``look``, ``correct``, ``drop``. Drawn again only when its share of the
    model changed (``watched.py``; its handlers stay the newest:
    ``keep.latest``)."""
    stable = {k: latest(scope.entry, f"bar-{k}", f) for k, f in buttons.items()}
    return watched(scope, BAR, _watched_bar, stable, key="bar")


def _watched_bar(buttons: dict[str, Relay]) -> ft.Control:
    """A watched part: the entry and translator come from the screen's
    scope; the scores (the round's preview, in the share) are worked out
    here (it may be drawn alone: ``watched.py``)."""
    scope = use_scope()
    entry, t = scope.entry, scope.t
    preview = entry.rounds.preview()
    missing = None if preview.complete else entry.missing()
    # (not while cards are picked: the bar, and the grid above it, stay put)
    warnings = tuple(opening_warnings(entry.rounds, t)) if not entry.editing else ()
    taps = {k: _tap(h) for k, h in buttons.items()}
    # Cancel and Save show nothing of the model: a watched part with no
    # share, neither rebuilt nor compared when a score changes (watched.py)
    pair = watched(
        scope, STATIC, _save_pair, buttons["cancel"], buttons["save"], key="bar-pair"
    )
    return _bar(entry, preview, t, taps, pair, missing, warnings)


def _save_pair(cancel: Relay, save: Relay) -> ft.Control:
    """A watched part: Cancel and Save (the translator from the scope)."""
    t = use_scope().t
    return button_pair(
        ("round-cancel", t("Cancel"), ft.Icons.CLOSE, _tap(cancel)),
        ("round-save", t("Save round"), ft.Icons.CHECK, _tap(save)),
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
    pair: ft.Control,
    missing: str | None = None,
    warnings: tuple[str, ...] = (),
) -> ft.Control:
    """The bar's controls (``pair``: Cancel and Save as drawn)."""
    items: list[ft.Control] = []
    if entry.taken is not None:
        items += taken_choices(entry, entry.taken, preview, t, buttons)
    elif entry.confirm_cancel:
        items += cancel_question(entry, t, buttons)
    else:
        if entry.error:
            items.append(message_box("round-error", entry.error))
        if warnings:  # a warning: Save still saves (issue 18.5)
            text = " ".join(warnings)
            items.append(
                ft.Semantics(
                    identifier="round-warning",
                    label=text,
                    # whole, never cut (issue 34.11: "…(nötig:" on a phone)
                    content=ft.Text(text, size=14, color=ft.Colors.ON_SURFACE_VARIANT),
                )
            )
        scores = scores_text(entry, {n: s.score for n, s in preview.scores.items()}, t)
        status = t("Ready to save") if preview.complete else t("Not complete yet")
        shown = status
        if missing and not entry.error:  # what is missing, for whom
            status = t("{status} – {what}", status=status, what=missing)
            # issue 17.8: on screen the icon says "not complete"; the words
            # say only what is missing, whole (a long list of names wraps,
            # it was cut after two lines)
            shown = missing
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
                        ft.Text(  # the strip, the rows or the preview
                            shown,  # beside show every score; never cut
                            size=15,
                            expand=True,
                        ),
                    ],
                    spacing=6,
                ),
            )
        )
        items.append(pair)
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
