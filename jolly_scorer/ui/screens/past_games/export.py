"""Export a game: the score sheet (CSV) or the game file (JSON).

``ft.FilePicker().save_file(file_name=..., src_bytes=...)`` works in both modes of
Flet 1.0.5: in a browser it downloads the file, on the desktop it asks where to save.
"""

from __future__ import annotations

import json
import logging

import flet as ft

from jolly_scorer.i18n import N_, Translator
from jolly_scorer.store.errors import StoreError
from jolly_scorer.ui.state import AppState
from jolly_scorer.ui.widgets.basics import tagged
from jolly_scorer.ui.widgets.kept_parts import Same


def export_bytes(state: AppState, game_id: int, kind: str) -> tuple[str, bytes]:
    """The file name and contents of an export (``kind``: "csv" or "json")."""
    if kind == "csv":
        return f"jolly-game-{game_id}.csv", state.store.export_csv(game_id).encode()
    data = json.dumps(state.store.export_game(game_id), ensure_ascii=False, indent=2)
    return f"jolly-game-{game_id}.json", data.encode()


log = logging.getLogger(__name__)

#: Why an export failed when the store does not say it in public words.
EXPORT_UNKNOWN = N_("the file could not be made or saved (the details are in the log)")


async def save_export(state: AppState, game_id: int, kind: str) -> None:
    """Export game ``game_id``; a failure shows a sentence without the error's
    own text (it can hold a server path), the details go to the log."""
    t = state.t
    try:
        name, data = export_bytes(state, game_id, kind)
        await ft.FilePicker().save_file(
            dialog_title=t("Export"), file_name=name, src_bytes=data
        )
    except Exception as e:  # StoreError, or the dialog failing
        log.warning("export of game %s as %s failed", game_id, kind, exc_info=True)
        public = getattr(e, "public", None) if isinstance(e, StoreError) else None
        reason = public if isinstance(public, str) else EXPORT_UNKNOWN
        state.error = t("Export failed: {reason}", reason=t(reason))
        return
    state.notice = t("Exported {name}.", name=name)


def export_buttons(t: Translator, game_id: int, state: Same[AppState]) -> ft.Control:
    """The score sheet (CSV) and the game file of game ``game_id``
    (``state``: the page's, used when a button is tapped)."""

    async def csv() -> None:
        await save_export(state.it, game_id, "csv")

    async def game_file() -> None:
        await save_export(state.it, game_id, "json")

    return ft.Row(
        [
            tagged(
                identifier,
                ft.OutlinedButton(
                    text, icon=icon, on_click=handler, height=52, tooltip=tooltip
                ),
            )
            for identifier, text, icon, handler, tooltip in (
                (
                    "export-csv",
                    t("Score sheet (CSV)"),
                    ft.Icons.TABLE_VIEW,
                    csv,
                    t("Export the score sheet"),
                ),
                (
                    "export-json",
                    t("Game file"),
                    ft.Icons.DOWNLOAD,
                    game_file,
                    t("Export the game file"),
                ),
            )
        ],
        wrap=True,
        spacing=12,
    )
