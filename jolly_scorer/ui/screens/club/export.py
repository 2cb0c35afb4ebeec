"""The results as files, saved the way the app exports a game
(``ft.FilePicker().save_file``: a download in a browser, a save dialog on
the desktop): the ranking as CSV, the static HTML page (``core/club_export``)
and the event file with every table's game files (``docs/formats.md``)."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from html import escape

import flet as ft

from jolly_scorer.core.club.export import ranking_html
from jolly_scorer.i18n import Translator
from jolly_scorer.store.club_export import ranking_csv_bytes
from jolly_scorer.store.errors import StoreError
from jolly_scorer.ui.models.club.model import ClubModel
from jolly_scorer.ui.screens.club.parts import (
    missed_note,
    page_texts,
    tie_break_lines,
)
from jolly_scorer.ui.screens.past_games.export import EXPORT_UNKNOWN
from jolly_scorer.ui.state import AppState
from jolly_scorer.ui.widgets.basics import section, tagged

log = logging.getLogger(__name__)


def _stem(name: str) -> str:
    """A file name's stem from the event's name (letters, digits, dashes)."""
    stem = re.sub(r"[^\w-]+", "-", name, flags=re.UNICODE).strip("-").lower()
    return stem[:60] or "club"


def export_bytes(state: AppState, model: ClubModel, kind: str) -> tuple[str, bytes]:
    """The file name and contents (``kind``: "csv", "html" or "json")."""
    t = state.t
    event, ranking = model.event, model.overall
    if event is None or ranking is None or model.event_id is None:
        raise StoreError("no club event is open")
    stem = f"{_stem(event.name)}-{model.event_id}"
    texts = page_texts(t)
    if kind == "csv":
        # German and Finnish spreadsheets: semicolons (their decimal comma);
        # every spreadsheet: UTF-8 with a byte-order mark (umlauts intact)
        semicolons = t.language in ("de", "fi")
        return f"{stem}.csv", ranking_csv_bytes(ranking, texts, semicolons=semicolons)
    if kind == "html":
        rule = ranking
        page = ranking_html(
            event.name,
            ranking,
            notes=(t(missed_note(ranking)),),
            texts=texts,
        )
        # the page's rule in the page's language (the core writes English)
        for english, here in zip(rule.tie_break, tie_break_lines(rule, t), strict=True):
            page = page.replace(
                f"<li>{escape(english)}</li>", f"<li>{escape(here)}</li>"
            )
        return f"{stem}.html", page.encode()
    data = state.store.event_file(model.event_id)  # type: ignore[attr-defined]
    return f"{stem}.json", json.dumps(data, ensure_ascii=False, indent=2).encode()


async def save_file(
    state: AppState, make: Callable[[], tuple[str, bytes]], what: str
) -> None:
    """Save the file ``make`` gives (its name and bytes), or say why not
    (``what`` names it in the log)."""
    t = state.t
    try:
        name, data = make()
        await ft.FilePicker().save_file(
            dialog_title=t("Export"), file_name=name, src_bytes=data
        )
    except Exception as e:  # StoreError, or the dialog failing
        log.warning("export of %s failed", what, exc_info=True)
        public = getattr(e, "public", None) if isinstance(e, StoreError) else None
        reason = public if isinstance(public, str) else EXPORT_UNKNOWN
        state.error = t("Export failed: {reason}", reason=t(reason))
        return
    state.notice = t("Exported {name}.", name=name)


async def save_export(state: AppState, model: ClubModel, kind: str) -> None:
    await save_file(
        state,
        lambda: export_bytes(state, model, kind),
        f"the club event as {kind}",
    )


def export_buttons(
    t: Translator,
    prefix: str,
    save: Callable[[str], Awaitable[None]],
    kinds: Sequence[tuple[str, str, ft.IconData]],
) -> list[ft.Control]:
    """The "Results" section: a button a file (``kinds``: the kind, its
    label and icon), tagged ``{prefix}-{kind}``, calling ``save(kind)``."""

    def button(kind: str, label: str, icon: ft.IconData) -> ft.Control:
        async def click() -> None:
            await save(kind)

        return tagged(
            f"{prefix}-{kind}",
            ft.OutlinedButton(label, icon=icon, height=52, on_click=click),
        )

    return [
        section(t("Results")),
        ft.Row([button(*kind) for kind in kinds], wrap=True, spacing=8, run_spacing=8),
    ]


def export_part(state: AppState, model: ClubModel) -> list[ft.Control]:
    """The buttons of the results' files."""
    t = state.t

    async def save(kind: str) -> None:
        await save_export(state, model, kind)

    return export_buttons(
        t,
        "club-export",
        save,
        (
            ("csv", t("Ranking (CSV)"), ft.Icons.TABLE_CHART),
            ("html", t("Ranking page (HTML)"), ft.Icons.WEB),
            ("json", t("Event file with the games"), ft.Icons.SAVE_ALT),
        ),
    )
