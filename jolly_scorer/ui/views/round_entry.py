"""Round entry: enter a round the way the table plays it, phone first.

Who went out (one tap; nothing is chosen at first, and Save asks), Handglatt,
then per player the melds put down, the lay-offs and the cards left in the
hand, or the points counted. A phone shows one player at a time under a strip
of all players with their round score; the card editor docks above the Save
bar like a keyboard. A laptop shows the players side by side and the editor
beside them. Every tap is one method of the plain-Python
:class:`~jolly_scorer.ui.models.round_entry.RoundEntryModel`; this module only
draws it. A half-entered round goes to ``on_draft`` after every change.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, cast

import flet as ft

from jolly_scorer.core.errors import JollyError
from jolly_scorer.core.game import Game, Round
from jolly_scorer.ui.arranging import split_cards
from jolly_scorer.ui.i18n import Translator
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.round_model import DraftError, RoundModel, RoundTaken
from jolly_scorer.ui.texts import preset_name
from jolly_scorer.ui.views.round_entry_bar import save_bar
from jolly_scorer.ui.views.round_entry_closer import closer_section, player_strip
from jolly_scorer.ui.views.round_entry_dock import dock
from jolly_scorer.ui.views.round_entry_editor import editor
from jolly_scorer.ui.views.round_entry_keep import (
    closer_signature,
    kept,
    latest,
    strip_signature,
)
from jolly_scorer.ui.views.round_entry_parts import preview_table
from jolly_scorer.ui.views.round_entry_player import player_panel
from jolly_scorer.ui.views.round_entry_points import points_rows
from jolly_scorer.ui.views.round_entry_swipe import swipeable
from jolly_scorer.ui.widgets.card_picker import Relay

if TYPE_CHECKING:
    from jolly_scorer.ui.settings import UiSettings

__all__ = ["RoundEntry", "SaveRound", "build_round_entry", "initial_model"]

#: ``on_save(round, its number, as a correction of that number)``: None when
#: saved, a refusal, or :class:`RoundTaken` when that round was saved meanwhile.
SaveRound = Callable[[Round, int, bool], "str | RoundTaken | None"]
WIDE = 900
#: Seconds after a change before its draft is written (0: right after the
#: screen is updated; a later change in the meantime writes only its own).
DRAFT_DELAY = 0.0


def initial_model(
    game: Game, round_index: int | None, draft: dict[str, Any] | None
) -> RoundModel:
    """The model to start from: the draft if it fits, the round edited, or new."""
    if draft:
        try:
            model = RoundModel.from_draft(game, draft)
            if model.round_index == round_index:
                return model
        except DraftError:
            pass
    if round_index is not None and 0 <= round_index < len(game.rounds):
        return RoundModel.from_round(game, game.rounds[round_index], round_index)
    return RoundModel(game)


def build_round_entry(
    page: ft.Page,
    t: Translator,
    game: Game,
    round_index: int | None,
    draft: dict[str, Any] | None,
    on_save: SaveRound,
    on_cancel: Callable[[], None],
    on_draft: Callable[[dict[str, Any]], None],
    settings: UiSettings,
) -> ft.Control:
    """The round entry screen (a component; use it inside ``page.render``)."""
    return RoundEntry(
        page, t, game, round_index, draft, on_save, on_cancel, on_draft, settings
    )


@ft.component
def RoundEntry(
    page: ft.Page,
    t: Translator,
    game: Game,
    round_index: int | None,
    draft: dict[str, Any] | None,
    on_save: SaveRound,
    on_cancel: Callable[[], None],
    on_draft: Callable[[dict[str, Any]], None],
    settings: UiSettings | None,
) -> ft.Control:
    """The screen; see the module docstring."""
    ref: Any = ft.use_ref(
        lambda: RoundEntryModel(initial_model(game, round_index, draft), t)
    )
    entry: RoundEntryModel = ref.current
    entry.t = t
    rounds = entry.rounds
    _, set_revision = ft.use_state(0)
    relay_ref: Any = ft.use_ref(lambda: Relay())  # the grid's handler: one object
    relay: Relay = relay_ref.current

    def redraw() -> None:
        set_revision(lambda r: r + 1)
        if entry.dirty:
            entry.dirty = False
            entry.drafts += 1
            page.run_task(keep_draft, entry.drafts)

    async def keep_draft(number: int) -> None:
        """The draft is written after the screen is updated, once the taps
        pause (a write per tap would hold up the next answer)."""
        await asyncio.sleep(DRAFT_DELAY)
        if number == entry.drafts and not entry.closed:
            on_draft(rounds.to_draft())

    def leave() -> None:
        entry.closed = True  # no draft written after the entry is gone
        on_cancel()

    def act(method: Callable[..., Any], *args: Any) -> None:
        """The one handler style: a model method, then redraw (and the draft)."""
        method(*args)
        redraw()

    async def arrange() -> None:
        job = entry.pile_to_split()
        if job is None:
            return
        redraw()
        try:
            split = await split_cards(job[1], rounds.rules)
        except JollyError as error:
            entry.split_done(None, str(error))
        else:
            entry.split_done(split)
        redraw()

    def answer(entry_round: Round, number: int, correct: bool) -> None:
        entry.closed = True  # saved: the screen goes, no draft after it
        entry.saved(on_save(entry_round, number, correct))
        entry.closed = entry.error is None and entry.taken is None
        if correct and entry.error is None:
            entry.taken = None

    def save() -> None:
        done = entry.save()
        if done is not None:
            answer(done, rounds.round_number, False)
        redraw()

    def cancel() -> None:
        if entry.cancel():
            leave()
        else:
            redraw()

    def correct() -> None:
        kept = entry.keep_as_correction()
        if kept is not None:
            answer(kept[0], kept[1] + 1, True)
        redraw()

    act = cast(Any, latest(entry, "act", act))  # speed: kept parts: newest act
    relay.target = lambda code: act(entry.pick, code)
    buttons = {
        "cancel": cancel,
        "discard": leave,
        "keep": lambda: act(entry.keep_entering),
        "save": save,
        "look": lambda: act(entry.look_at_taken),
        "correct": correct,
        "drop": leave,
    }
    width = page.width or 390
    wide = width >= WIDE
    preview = rounds.preview()
    side_width = min(560.0, width * 0.42)
    docked: ft.Control | None = None
    if not wide:  # speed: the docked editor; closed, its grid waits hidden
        docked = dock(
            entry,
            t,
            settings,
            act,
            lambda: page.run_task(arrange),
            relay,
            available=min(width, 600) - 40,
        )
    elif entry.editing is not None:
        docked = editor(
            entry,
            t,
            settings,
            act,
            lambda: page.run_task(arrange),
            relay,
            wide=wide,
            available=(side_width - 40) if wide else min(width, 600) - 40,
        )
    body: list[ft.Control] = [
        kept(  # speed: built again only when what it shows changed
            "closer",
            closer_signature(entry, t, settings),
            lambda: closer_section(entry, t, settings, act),
        )
    ]
    if not rounds.melds_needed():
        text = t("Enter melds too (optional in penalty scoring)")
        body.append(
            ft.Row(
                [
                    ft.Semantics(
                        identifier="round-show-melds",
                        label=text,
                        content=ft.Switch(
                            value=entry.show_melds,
                            on_change=lambda e: act(
                                entry.set_show_melds, e.control.value
                            ),
                        ),
                    ),
                    ft.Text(text, size=15, expand=True),  # wraps, never cut
                ],
                spacing=8,
            )
        )

    def panel(seat: int, name: str) -> ft.Control:
        return player_panel(entry, seat, name, preview.scores[name], t, settings, act)

    if wide:
        body.append(
            ft.ResponsiveRow(
                [
                    ft.Container(panel(seat, name), col={"xs": 12, "lg": 6})
                    for seat, name in enumerate(rounds.players)
                ],
                spacing=10,
                run_spacing=10,
            )
        )
    elif entry.all_counted:
        body.append(points_rows(entry, preview, t, act))
    else:  # a phone: only the player shown is built
        seat = rounds.players.index(entry.player)
        body.append(  # speed: a swipe moves to the next or previous player
            swipeable(entry, panel(seat, entry.player), partial(act, entry.step_player))
        )
    scroller = ft.Column(body, spacing=10, scroll=ft.ScrollMode.AUTO, expand=True)
    bar = save_bar(entry, preview, t, buttons)
    header = _header(rounds, round_index, t, cancel)
    content: ft.Control
    if wide:
        top = docked or ft.Column(
            [preview_table(rounds, preview, t)], scroll=ft.ScrollMode.AUTO
        )
        side = ft.Column([ft.Container(top, expand=True), bar], spacing=8, expand=True)
        content = ft.Column(
            [
                header,
                ft.Row(
                    [scroller, ft.Container(side, width=side_width)],
                    spacing=16,
                    expand=True,
                    vertical_alignment=ft.CrossAxisAlignment.STRETCH,
                ),
            ],
            spacing=8,
            expand=True,
        )
    else:
        strip = [
            kept(  # speed: built again only when a score or the player changed
                "strip",
                strip_signature(entry, preview, t),
                lambda: player_strip(entry, preview, t, act),
            )
        ][: 0 if entry.all_counted else 1]
        parts = [header, *strip, scroller, *([docked] if docked else []), bar]
        content = ft.Column(parts, spacing=4, expand=True)
    return ft.Container(
        content,
        padding=ft.Padding.symmetric(horizontal=4 if not wide else 8, vertical=2),
        expand=True,
    )


def _header(
    rounds: RoundModel,
    round_index: int | None,
    t: Translator,
    cancel: Callable[[], None],
) -> ft.Control:
    title = (
        t("Round {n}", n=rounds.round_number)
        if round_index is None
        else t("Edit round {n}", n=rounds.round_number)
    )
    return ft.Row(
        [
            ft.Text(title, size=22, weight=ft.FontWeight.BOLD),
            ft.Text(
                preset_name(rounds.rules.base, t),
                size=15,
                expand=True,
                max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS,
            ),
            ft.Semantics(
                identifier="round-cancel-top",
                content=ft.IconButton(
                    ft.Icons.CLOSE,
                    tooltip=t("Cancel"),
                    on_click=lambda: cancel(),
                    icon_size=28,
                ),
            ),
        ],
        spacing=8,
    )
