"""The scoreboard's dialogs: renaming a player, and finishing the game now.

A dialog acts once: the tap that closes it (Rename, Cancel, Finish, Keep
playing) decides, and a second tap that reaches the server before the
browser has taken the closed dialog away (a double tap, a slow phone) does
nothing. ``is_open`` says whether the dialog the handler belongs to is still
the one open (the board keeps that, ``Scoreboard``): without it a second
Rename renamed again (and, the old name gone, reopened the dialog with an
error) and a second Finish finished the finished game once more (two Undos to
bring it back)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from jolly_scorer.core.look_alike import look_alike
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
    is_open: Callable[[], bool],
) -> ft.AlertDialog:
    t = state.t

    def save() -> None:
        if not is_open():
            return
        message = state.rename_player(renaming.old, renaming.typed)
        if message is None:
            set_renaming(None)
            return
        state.dismiss()  # shown in the dialog, not behind it
        set_renaming(Renaming(renaming.old, renaming.typed, message))

    def change(e: ft.Event[ft.TextField]) -> None:
        if not is_open():
            return
        set_renaming(Renaming(renaming.old, e.control.value or ""))

    def cancel() -> None:
        if is_open():
            set_renaming(None)

    others = [
        p for p in (state.game.players if state.game else ()) if p != renaming.old
    ]
    alike = look_alike(renaming.typed, others)  # issue 38.8: warned, as a new game
    field = TypedText(
        value=renaming.typed,
        autofocus=True,
        text_size=22,
        helper=t(
            "Looks like {name}: on the score sheet the two cannot be told apart.",
            name=alike,
        )
        if alike
        else None,
        helper_max_lines=3,
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
                _dialog_button(t("Cancel"), cancel),
            ),
            tagged("rename-save", _dialog_button(t("Rename"), save, primary=True)),
        ],
    )


def finish_dialog(
    state: AppState, set_asking: Callable[[bool], None], is_open: Callable[[], bool]
) -> ft.AlertDialog:
    t = state.t

    def confirm() -> None:
        if not is_open():
            return
        set_asking(False)
        state.finish()

    def keep_playing() -> None:
        if is_open():
            set_asking(False)

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
                _dialog_button(t("Keep playing"), keep_playing),
            ),
            tagged(
                "finish-confirm", _dialog_button(t("Finish"), confirm, primary=True)
            ),
        ],
    )
