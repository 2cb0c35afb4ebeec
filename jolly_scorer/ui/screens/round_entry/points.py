"""Round entry when everyone counted points: the counting sheet (issue 17).

One line per player: their number (``–`` while missing) and their round
score. One field is selected (filled, a thick border; its line framed; named
above the number pad), and the server decides where each key goes: the
laptop's keys (page keyboard events: digits, Backspace, Delete, Enter or Tab
for the next player who needs a number, the arrow keys) and the number pad's
taps arrive as events in the order pressed and go to the selected field
(``ui.models.counted_keys``). No field takes typed text, so no key can land in
a field that does not show it, however late the screen follows. A tap on a
field or on a player's name selects it; who went out (or "Everyone counted
points") selects the first field to fill.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import flet as ft

from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.counted_keys import Place, SheetKeys
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.models.round_watch import STATIC, hand_topic
from jolly_scorer.ui.screens.round_entry.counted import (
    Selection,
    counted_warning,
    handglatt_hint,
    sheet_field,
)
from jolly_scorer.ui.screens.round_entry.keep import latest
from jolly_scorer.ui.screens.round_entry.scope import use_scope
from jolly_scorer.ui.screens.round_entry.together.status import done_button
from jolly_scorer.ui.screens.round_entry.watched import watched
from jolly_scorer.ui.widgets import page_keys
from jolly_scorer.ui.widgets.basics import one_line, page_size, seat_dot
from jolly_scorer.ui.widgets.number_pad import number_pad, pad_keys
from jolly_scorer.ui.widgets.round_score import round_score

__all__ = ["player_box", "points_rows"]

Act = Callable[..., Any]

#: A laptop (or a tablet): wider fields, a pad of at most 440 px.
WIDE = 700
#: A laptop's field width (a phone's: 80 px).
WIDE_FIELD = 96
#: Room for the round score and the "Enter cards" button after the fields.
TOTAL_WIDTH = 52
BUTTON_WIDTH = 44


def player_box(
    seat: int, items: Sequence[ft.Control], *, padding: int = 12, spacing: int = 8
) -> ft.Control:
    """One player's part of the screen: a rounded box (``round-player-N``)."""
    return ft.Semantics(
        identifier=f"round-player-{seat}",
        container=True,
        content=ft.Container(
            ft.Column(list(items), spacing=spacing),
            padding=padding,
            border_radius=padding + 4,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        ),
    )


def points_rows(
    entry: RoundEntryModel,
    t: Translator,
    act: Act,
    above: list[ft.Control] | None = None,
) -> ft.Control:
    """Everyone counted points: every player's line, the number pad, and the
    keys of the page going to the selected field. With ``above`` (a phone):
    those controls and the lines scroll, the pad stays under them, whole."""
    rows: ft.Control = _PointsRows(entry, t, latest(entry, "act", act), above)
    return rows


@ft.component
def _PointsRows(
    entry: RoundEntryModel,
    t: Translator,
    act: Act,
    above: list[ft.Control] | None = None,
) -> ft.Control:
    held: Any = ft.use_ref(lambda: None)
    if held.current is None or held.current[0].entry is not entry:
        held.current = (SheetKeys(entry), act)
    keys: SheetKeys = held.current[0]
    held.current = (keys, act)  # the key handler acts with the newest
    tabs: Any = ft.use_ref(lambda: 0)  # Tab presses so far
    page = ft.context.page

    def key_down(e: ft.KeyboardEvent) -> None:
        """A key of the page: applied to the selected field, in the order
        pressed (handled at once, never off the event loop)."""
        if e.ctrl or e.alt or e.meta:
            return
        name = "Arrow Up" if e.key == "Tab" and e.shift else e.key
        sheet, acting = held.current
        if sheet.takes(name):
            if e.key == "Tab":  # Flutter moved the focus on by itself
                tabs.current += 1
            acting(sheet.press, name)

    ft.use_effect(
        lambda: _listen(page, key_down), [], cleanup=lambda: _listen(page, None)
    )
    selected = keys.selected  # taken before the lines are drawn
    # each field as drawn (a line kept from an earlier redraw keeps its own)
    fields_ref: Any = ft.use_ref(lambda: {})
    built: dict[Any, Any] = fields_ref.current

    async def follow_tab() -> None:
        """Tab moved the focus to the next control that takes it (a
        player's "Enter cards" button, maybe, which Enter would press): it
        goes to the field selected. The focus decides nothing here."""
        field = built.get(selected) if tabs.current and selected else None
        if field is not None:
            await field.focus()  # untyped in Flet

    ft.use_effect(follow_tab, [tabs.current])
    rounds = entry.rounds
    wide = page_size(page)[0] >= WIDE
    width = WIDE_FIELD if wide else 80
    columns = ("good", "bad") if rounds.rules.is_plus else ("bad",)
    scope = use_scope()
    # the titles and the pad show no part of the model but what is given
    # here: watched parts with no share, neither rebuilt nor compared when
    # a number changes (watched.py)
    host_done = entry.together and entry.seat is None and width >= WIDE_FIELD
    lines: list[ft.Control] = [
        watched(
            scope,
            STATIC,
            _titles,
            columns,
            width,
            handglatt_hint(entry, t),
            host_done,
            key="titles",
        )
    ]
    for seat, name in enumerate(rounds.players):
        here = selected if selected is not None and selected[0] == name else None
        # drawn again only when the player's share of the model, or what
        # is given here (their field selected), changed; alone when another
        # device's news changed the player's share (watched.py)
        lines.append(
            watched(
                scope,
                hand_topic(name),
                _sheet_line,
                seat,
                name,
                columns,
                width,
                here,
                # the host's page: each line's Done (a phone's is in its header)
                bool(entry.together and entry.seat is None),
                keys,
                built,
                key=f"line-{name}",
            )
        )
    # the pad's 12 keys are a watched part with no share: neither rebuilt
    # nor compared on a key's tap (watched.py); the caption follows
    on_key = latest(entry, "pad", lambda key: act(keys.press, key))
    pad = watched(
        scope,
        STATIC,
        _pad,
        on_key,
        None if selected is None else selected[0],
        440 if wide else None,
        key="pad",
    )
    under: ft.Control = ft.Row([pad]) if wide else pad  # a laptop: 440 px
    if above is not None:  # a phone: the pad docked under what scrolls
        listed = ft.Column(
            [*above, ft.Column(lines, spacing=4)],
            spacing=10,
            scroll=ft.ScrollMode.AUTO,
            expand=True,
        )
        return ft.Column([listed, under], spacing=6, expand=True)
    return ft.Column([ft.Column(lines, spacing=4), under], spacing=6)


def _pad(
    on_key: Callable[[str], Any], whose: str | None, width: int | None
) -> ft.Control:
    """A watched part: the number pad, saying whose number it types."""
    scope = use_scope()
    keys = watched(scope, STATIC, _pad_keys, on_key, key="pad-keys")
    return number_pad(scope.t, on_key, whose, width=width, keys=keys)


def _pad_keys(on_key: Callable[[str], Any]) -> ft.Control:
    """A watched part: the number pad's keys (the translator from the scope)."""
    return pad_keys(use_scope().t, on_key)


def _sheet_line(
    seat: int,
    name: str,
    columns: tuple[Any, ...],
    width: int,
    here: Place | None,
    with_done: bool,
    keys: SheetKeys,
    built: dict[Any, Any],
) -> ft.Control:
    """A watched part: ``name``'s line (``here``: their field selected, if
    one is; ``with_done``: the host's page, their Done on the line); the
    entry, translator and handler come from the screen's scope. What it
    shows of the model it works out here, all of it in the player's share
    (the round score, the field a tap on the name selects, the status)."""
    scope = use_scope()
    entry, t, act = scope.entry, scope.t, scope.act
    rounds = entry.rounds
    shown = round_score(rounds, name, rounds.preview().scores[name].score, t)
    first = _first_of(entry, entry.fields(), name)
    status: str | None | bool = entry.status(name) if with_done else False
    sheet = Selection(here, keys.select)
    fields: list[ft.Control] = []
    mine = entry.rounds.points_keys(name)
    for key in columns:
        if key in mine:
            field, text = sheet_field(entry, seat, name, key, t, act, width, sheet)
            built[(name, key)] = text
            fields.append(field)
        elif not mine:  # went out, penalty scoring: no number to type
            fields.append(
                ft.Container(
                    ft.Text(t("Went out"), size=15, italic=True),
                    width=width,
                    alignment=ft.Alignment.CENTER,
                )
            )
        else:
            fields.append(ft.Container(width=width))
    chosen = here is not None
    on_name = None if first is None else partial(act, keys.select, first)
    done = (
        None
        if status is False
        else _done(entry, seat, name, status == "done", t, act, width >= WIDE_FIELD)
    )
    return _line(entry, seat, name, shown, fields, chosen, on_name, t, act, done)


def _done(
    entry: RoundEntryModel,
    seat: int,
    name: str,
    done: bool,
    t: Translator,
    act: Act,
    wide: bool,
) -> ft.Control:
    """The host's Done of ``name`` on the counting sheet (``round-done-N``,
    issue 34.7): a laptop's a tick at the end of the line, filled once done;
    a phone-sized page's "Anna is done" under the line (the line has no room
    left for the name). A second tap takes it back."""
    text = t("{name} is done", name=name)
    if not wide:
        button = done_button(entry, seat, name, t, act)
        return ft.Row(
            [button] if button is not None else [], alignment=ft.MainAxisAlignment.END
        )
    return ft.Semantics(
        identifier=f"round-done-{seat}",
        button=True,
        selected=done,
        label=text,
        content=ft.IconButton(
            ft.Icons.CHECK_CIRCLE if done else ft.Icons.CHECK_CIRCLE_OUTLINE,
            tooltip=text,
            selected=done,
            icon_color=ft.Colors.PRIMARY if done else None,
            width=BUTTON_WIDTH,
            height=40,
            on_click=lambda _e=None: act(entry.tap_done, name),
        ),
    )


def _titles(
    columns: Sequence[str], width: int, hint: str | None, host_done: bool
) -> ft.Control:
    """A watched part: the column titles over the fields and, on a
    Handglatt round, that the number typed is the count before the doubling
    (``round-handglatt-hint``); ``host_done``: room for the host's Done."""
    t = use_scope().t
    titles: list[ft.Control] = [
        ft.Container(expand=True)
        if hint is None
        else ft.Semantics(
            identifier="round-handglatt-hint",
            label=hint,
            expand=True,
            content=ft.Text(hint, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        )
    ]
    for at, key in enumerate(columns):
        title = t("Good points") if key == "good" else t("Bad points")
        last = at == len(columns) - 1
        titles.append(  # the last title may reach over the round score
            ft.Container(
                ft.Text(title, size=13),
                width=width + TOTAL_WIDTH + 6 if last else width,
                alignment=ft.Alignment.BOTTOM_LEFT
                if last
                else ft.Alignment.BOTTOM_CENTER,
            )
        )
    titles.append(ft.Container(width=BUTTON_WIDTH))
    if host_done:  # the host's Done at the end of each line
        titles.append(ft.Container(width=BUTTON_WIDTH))
    return ft.Container(
        ft.Row(titles, spacing=6, vertical_alignment=ft.CrossAxisAlignment.END),
        padding=ft.Padding.only(left=8, right=8),
    )


def _line(
    entry: RoundEntryModel,
    seat: int,
    name: str,
    shown: str,
    fields: Sequence[ft.Control],
    chosen: bool,
    on_name: Callable[[], Any] | None,
    t: Translator,
    act: Act,
    done: ft.Control | None = None,
) -> ft.Control:
    """A player's line (``round-player-N``): dot and name (a tap selects
    their field), their fields, their round score (``round-total-N``) and
    the button that enters their cards instead (``round-mode-N-cards``)."""
    who = ft.Container(
        ft.Row(
            [seat_dot(seat, 12), one_line(name, 18, weight=ft.FontWeight.BOLD)],
            spacing=6,
        ),
        expand=True,
        on_click=None if on_name is None else lambda _e=None: on_name(),
        padding=ft.Padding.symmetric(vertical=6),
    )
    total = ft.Semantics(
        identifier=f"round-total-{seat}",
        label=shown,
        content=ft.Text(shown, size=18, width=TOTAL_WIDTH, text_align=ft.TextAlign.END),
    )
    cards = ft.Semantics(
        identifier=f"round-mode-{seat}-cards",
        button=True,
        label=t("Enter cards"),
        content=ft.IconButton(
            ft.Icons.STYLE_OUTLINED,
            tooltip=t("Enter cards"),
            width=BUTTON_WIDTH,
            height=40,
            on_click=lambda _e=None: act(entry.set_mode, name, "cards"),
        ),
    )
    beside = done is not None and isinstance(done, ft.Semantics)  # a laptop's
    items: list[ft.Control] = [
        ft.Row(
            [who, *fields, total, cards, *([done] if beside and done else [])],
            spacing=6,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
    ]
    if done is not None and not beside:  # a phone-sized host: under the line
        items.append(done)
    warning = counted_warning(entry, seat, name, t)
    if warning is not None:
        items.append(warning)
    # the outline's width is taken from the padding: a line chosen or not
    # has the same size, and the lines below never move when the keys move
    edge = 2 if chosen else 1
    return ft.Semantics(
        identifier=f"round-player-{seat}",
        container=True,
        content=ft.Container(
            ft.Column(items, spacing=4),
            padding=ft.Padding.only(
                left=10 - edge, right=4 - edge, top=2 - edge, bottom=2 - edge
            ),
            border_radius=12,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
            border=ft.Border.all(
                edge, ft.Colors.PRIMARY if chosen else ft.Colors.TRANSPARENT
            ),
        ),
    )


def _first_of(
    entry: RoundEntryModel, places: Sequence[Place], name: str
) -> Place | None:
    """The field a tap on ``name`` selects (of the sheet's ``places``):
    their first that needs a number, else their first."""
    mine = [f for f in places if f[0] == name]
    empty = [f for f in mine if not entry.points_text(*f)]
    return (empty or mine)[0] if mine else None


def _listen(page: ft.Page, handler: Callable[[ft.KeyboardEvent], None] | None) -> None:
    """The page's keys go to ``handler`` while the counting sheet is shown
    (the page's own handler is there from its start: ``widgets.page_keys``)."""
    page_keys.listen(page, handler)
