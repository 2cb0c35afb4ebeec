"""The scoreboard's dialogs: renaming a player, and finishing the game now."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from jolly_scorer.ui.state import AppState
from jolly_scorer.ui.widgets.basics import tagged
from jolly_scorer.ui.widgets.typed_text import TypedText


def _dialog_button(
    text: str, on_click: Callable[[], None], primary: bool = False
) -> ft.Control:
    """A dialog's action: 48 px high, 18 px text."""
    kind = ft.FilledButton if primary else ft.TextButton
    return kind(
        text,
        on_click=on_click,
        height=48,
        style=ft.ButtonStyle(text_style=ft.TextStyle(size=18)),
    )


@dataclass
class Renaming:
    """The rename dialog: whose name, what is typed, the core's objection."""

    old: str
    typed: str
    error: str | None = None


def rename_dialog(
    state: AppState,
    renaming: Renaming,
    set_renaming: Callable[[Renaming | None], None],
) -> ft.AlertDialog:
    t = state.t

    def save() -> None:
        message = state.rename_player(renaming.old, renaming.typed)
        if message is None:
            set_renaming(None)
            return
        state.dismiss()  # shown in the dialog, not behind it
        set_renaming(Renaming(renaming.old, renaming.typed, message))

    def change(e: ft.Event[ft.TextField]) -> None:
        set_renaming(Renaming(renaming.old, e.control.value or ""))

    field = TypedText(
        value=renaming.typed,
        autofocus=True,
        text_size=22,
        error=renaming.error,
        error_style=ft.TextStyle(size=16),
        error_max_lines=3,
        on_change=change,
        on_submit=save,
    )
    return ft.AlertDialog(
        modal=True,
        title=ft.Text(t("Rename {name}", name=renaming.old), size=24),
        content=tagged("rename-field", field),
        actions=[
            tagged(
                "rename-cancel",
                _dialog_button(t("Cancel"), lambda: set_renaming(None)),
            ),
            tagged("rename-save", _dialog_button(t("Rename"), save, primary=True)),
        ],
    )


def finish_dialog(
    state: AppState, set_asking: Callable[[bool], None]
) -> ft.AlertDialog:
    t = state.t

    def confirm() -> None:
        set_asking(False)
        state.finish()

    return ft.AlertDialog(
        modal=True,
        title=ft.Text(t("Finish the game now?"), size=24),
        content=ft.Text(
            t("The game ends with the current totals. Undo brings it back."),
            size=18,
        ),
        actions=[
            tagged(
                "finish-cancel",
                _dialog_button(t("Keep playing"), lambda: set_asking(False)),
            ),
            tagged(
                "finish-confirm", _dialog_button(t("Finish"), confirm, primary=True)
            ),
        ],
    )
