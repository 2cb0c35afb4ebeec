"""Round entry: enter a round the way the table plays it.

Who went out (one tap) and whether it was a Handglatt; per player the melds they
put down, the cards they laid off on other melds, and the cards left in the hand
(or the points counted). Cards go in by one tap each on the card picker or by
typing notation; every meld is checked as it grows, and a live preview shows
what each player scores. A half-entered round is handed to ``on_draft`` after
every change so it survives a reload.

The state is a :class:`~jolly_scorer.ui.round_model.RoundModel` (plain Python,
tested on its own); this module draws it and turns taps into model calls.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import flet as ft

from jolly_scorer.core.cards import Card, format_cards, parse_card
from jolly_scorer.core.errors import JollyError
from jolly_scorer.core.game import Game, Round
from jolly_scorer.ui.i18n import Translator
from jolly_scorer.ui.round_model import DraftError, Preview, RoundModel, Target
from jolly_scorer.ui.texts import preset_name
from jolly_scorer.ui.views.common import labelled_button, one_line
from jolly_scorer.ui.views.round_entry_cards import GOOD, card_row
from jolly_scorer.ui.views.round_entry_editor import Editing, editor
from jolly_scorer.ui.views.round_entry_parts import (
    preview_table,
    problem_box,
    problem_text,
    signed,
)
from jolly_scorer.ui.views.round_entry_player import PlayerActions, player_panel

if TYPE_CHECKING:
    from jolly_scorer.ui.settings import UiSettings

__all__ = ["RoundEntry", "build_round_entry", "initial_model"]


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
    on_save: Callable[[Round], str | None],
    on_cancel: Callable[[], None],
    on_draft: Callable[[dict[str, Any]], None],
    settings: UiSettings,
) -> ft.Control:
    """The round entry screen (a component; use it inside ``page.render``)."""
    return RoundEntry(
        page, t, game, round_index, draft, on_save, on_cancel, on_draft, settings
    )


@dataclass(frozen=True)
class _Ui:
    """Short-lived screen state (which thing is being edited, what is typed)."""

    editing: Editing | None = None
    laying_off: str | None = None  # the player choosing a meld to lay off on
    show_melds: bool = True
    typing: bool = False
    error: str | None = None


@ft.component
def RoundEntry(
    page: ft.Page,
    t: Translator,
    game: Game,
    round_index: int | None,
    draft: dict[str, Any] | None,
    on_save: Callable[[Round], str | None],
    on_cancel: Callable[[], None],
    on_draft: Callable[[dict[str, Any]], None],
    settings: UiSettings | None,
) -> ft.Control:
    """The screen; see the module docstring."""
    ref: Any = ft.use_ref(lambda: initial_model(game, round_index, draft))
    model: RoundModel = ref.current
    _, set_revision = ft.use_state(0)
    ui: _Ui
    ui, set_ui = ft.use_state(_Ui(show_melds=model.melds_needed()))

    def changed(**ui_changes: Any) -> None:
        set_revision(lambda r: r + 1)
        if ui_changes:
            set_ui(lambda old: _replace(old, **ui_changes))
        on_draft(model.to_draft())

    def set_view(**ui_changes: Any) -> None:
        set_ui(lambda old: _replace(old, **ui_changes))

    # -- the card editor -------------------------------------------------------
    def edit(target: Target | None, pile: str | None = None) -> None:
        if target is None and pile is None:
            set_view(editing=None, laying_off=None)
            return
        text = "" if target is None else format_cards(model.cards_of(target))
        set_view(editing=Editing(target, pile, text, None, ()), laying_off=None)

    def pick(code: str) -> None:
        editing = ui.editing
        if editing is None:
            return
        card = parse_card(code)
        if editing.target is not None and editing.target.kind == "discard":
            model.add_card(editing.target, card)  # one card: one tap and done
            changed(editing=None)
        elif editing.target is not None:
            model.add_card(editing.target, card)
            text = format_cards(model.cards_of(editing.target))
            changed(editing=_replace(editing, text=text, bad=None))
        else:
            pile = (*editing.pile_cards, card)
            set_view(
                editing=_replace(
                    editing, pile_cards=pile, text=format_cards(pile), split=None
                )
            )

    def typed(cards: tuple[Card, ...], text: str, bad: str | None) -> None:
        editing = ui.editing
        if editing is None:
            return
        new = _replace(editing, text=text, bad=bad)
        if bad is not None:
            set_view(editing=new)
        elif editing.target is not None:
            model.set_cards(editing.target, cards)
            changed(editing=new)
        else:
            set_view(editing=_replace(new, pile_cards=cards, split=None))

    def remove_at(position: int | None) -> None:
        editing = ui.editing
        if editing is None:
            return
        if editing.target is None:
            pile = list(editing.pile_cards)
            if pile:
                del pile[-1 if position is None else position]
            set_view(
                editing=_replace(
                    editing,
                    pile_cards=tuple(pile),
                    text=format_cards(pile),
                    split=None,
                )
            )
            return
        model.remove_card(editing.target, position)
        text = format_cards(model.cards_of(editing.target))
        changed(editing=_replace(editing, text=text, bad=None, joker=None))

    def joker(position: int | None) -> None:
        editing = ui.editing
        if editing is not None:
            set_view(editing=_replace(editing, joker=position))

    def open_joker(index: int) -> None:
        """A tap on a joker of a meld on the table: the editor with its readings."""
        meld = model.melds[index]
        target = Target("meld", meld.owner, index)
        own = model.cards_of(target)
        position = next((n for n, c in enumerate(own) if c.is_joker), -1)
        set_view(
            editing=Editing(target, None, format_cards(own), None, (), joker=position),
            laying_off=None,
        )

    def new_meld(player: str) -> None:
        index = model.add_meld(player)
        changed(
            editing=Editing(Target("meld", player, index), None, "", None, ()),
            laying_off=None,
        )

    def delete_meld(index: int) -> None:
        model.remove_meld(index)
        changed(editing=None)

    def arrange(player: str, cards: tuple[Card, ...]) -> None:
        editing = ui.editing
        if editing is None:
            return
        try:
            split = model.split_pile(cards)
        except JollyError as error:
            set_view(editing=_replace(editing, bad=str(error)))
            return
        if split.arrangement is not None:
            model.accept_split(player, split.arrangement)
            changed(editing=None)
        elif not split.best.melds:
            message = t("These cards do not make a single meld.")
            set_view(editing=_replace(editing, bad=message))
        else:
            set_view(editing=_replace(editing, split=split.best, bad=None))

    def accept_split(rest: str | None) -> None:
        editing = ui.editing
        if editing is None or editing.split is None or editing.pile is None:
            return
        if rest is None:
            set_view(editing=_replace(editing, split=None))
            return
        left = model.accept_split(
            editing.pile, editing.split, "hand" if rest == "hand" else "pile"
        )
        if left:
            changed(
                editing=_replace(
                    editing, pile_cards=left, text=format_cards(left), split=None
                )
            )
        else:
            changed(editing=None)

    def choose_reading(index: int, reading: Any) -> None:
        model.choose_reading(index, reading)
        editing = ui.editing
        changed(editing=None if editing is None else _replace(editing, joker=None))

    def free_jokers(index: int) -> None:
        model.free_jokers(index)
        changed()

    # -- closer, hands, points -------------------------------------------------
    def set_closer(player: str | None) -> None:
        model.set_closer(player)
        changed()

    def set_handglatt(value: bool) -> None:
        model.set_handglatt(value)
        changed()

    def set_mode(player: str, mode: str) -> None:
        model.set_mode(player, "points" if mode == "points" else "cards")
        editing = ui.editing
        if editing and editing.target and editing.target.kind == "hand":
            changed(editing=None)
        else:
            changed()

    def set_points(player: str, key: str, text: str) -> None:
        digits = "".join(ch for ch in text if ch.isdigit())
        value = int(digits) if digits else 0
        if key == "good":
            model.set_counted(player, good=value)
        else:
            model.set_counted(player, bad=value)
        changed()

    def save() -> None:
        problems = model.problems()
        if problems:
            first = problems[0]
            message = t("Not saved: {problem}", problem=problem_text(model, first, t))
            set_view(error=message)
            return
        error = model.check()
        if error is None:
            error = on_save(model.to_round())
        set_view(error=error)

    actions = PlayerActions(
        edit=edit,
        new_meld=new_meld,
        start_layoff=lambda p: set_view(
            laying_off=None if ui.laying_off == p else p, editing=None
        ),
        set_mode=set_mode,
        set_points=set_points,
        open_joker=open_joker,
    )
    editing_ui = ui.editing
    editor_actions: dict[str, Callable[..., Any]] = {
        "pick": pick,
        "typed": typed,
        "remove": remove_at,
        "done": lambda: edit(None),
        "new_meld": new_meld,
        "delete_meld": delete_meld,
        "arrange": arrange,
        "choose_reading": choose_reading,
        "free_jokers": free_jokers,
        "joker": joker,
        "accept_split": accept_split,
        "typing": lambda value: set_view(typing=bool(value)),
    }
    width = page.width or 390
    height = page.height or 844
    wide = width >= 900

    preview = model.preview()
    panels = [
        player_panel(
            model,
            seat,
            name,
            preview.scores[name],
            t,
            settings,
            actions,
            show_melds=ui.show_melds,
            laying_off=ui.laying_off == name,
            editing=editing_ui.target if editing_ui else None,
        )
        for seat, name in enumerate(model.players)
    ]
    body: list[ft.Control] = [
        _closer_section(
            model, t, settings, set_closer, set_handglatt, edit, editing_ui
        ),
    ]
    if not model.melds_needed():
        body.append(
            ft.Semantics(
                identifier="round-show-melds",
                content=ft.Switch(
                    label=t("Enter melds too (optional in penalty scoring)"),
                    value=ui.show_melds,
                    on_change=lambda e: set_view(show_melds=bool(e.control.value)),
                ),
            )
        )
    body += panels
    table = preview_table(model, preview, t)
    if not wide:
        body.append(table)
    title = (
        t("Round {n}", n=model.round_number)
        if round_index is None
        else t("Edit round {n}", n=model.round_number)
    )
    header = ft.Row(
        [
            ft.Column(
                [
                    ft.Text(title, size=24, weight=ft.FontWeight.BOLD),
                    ft.Text(preset_name(model.rules.base, t), size=15),
                ],
                spacing=0,
                expand=True,
            ),
            ft.Semantics(
                identifier="round-cancel-top",
                content=ft.IconButton(
                    ft.Icons.CLOSE,
                    tooltip=t("Cancel"),
                    on_click=lambda: on_cancel(),
                    icon_size=30,
                ),
            ),
        ]
    )
    bar = _save_bar(model, preview, t, ui.error, on_cancel, save)
    scroller = ft.Column(body, spacing=14, scroll=ft.ScrollMode.AUTO, expand=True)
    docked: ft.Control | None = None
    if editing_ui is not None:
        docked = editor(
            model,
            editing_ui,
            t,
            settings,
            editor_actions,
            typing=ui.typing,
            wide=wide,
        )
    if wide:
        # the editor or the score table beside the players; Save always under it
        top = docked or ft.Column([table], scroll=ft.ScrollMode.AUTO)
        side = ft.Column([ft.Container(top, expand=True), bar], spacing=10, expand=True)
        content: ft.Control = ft.Column(
            [
                header,
                ft.Row(
                    [
                        scroller,
                        ft.Container(side, width=min(700, width * 0.55)),
                    ],
                    spacing=16,
                    expand=True,
                    vertical_alignment=ft.CrossAxisAlignment.STRETCH,
                ),
            ],
            spacing=10,
            expand=True,
        )
    else:
        # the editor docks like a keyboard above the bar: Save stays on screen
        middle: list[ft.Control] = [scroller]
        if docked is not None:
            middle.append(ft.Container(docked, height=max(300, height * 0.52)))
        content = ft.Column([header, *middle, bar], spacing=6, expand=True)
    return ft.Container(
        content,
        padding=ft.Padding.symmetric(horizontal=8, vertical=6),
        expand=True,
    )


def _save_bar(
    model: RoundModel,
    preview: Preview,
    t: Translator,
    error: str | None,
    on_cancel: Callable[[], None],
    save: Callable[[], None],
) -> ft.Control:
    """The bar at the bottom: whether the round is ready, everyone's round
    score in one line, the refusal if Save was refused; Cancel and Save, big."""
    plus = model.rules.is_plus
    scores = " · ".join(
        f"{name} " + (signed(s.score, t) if plus else t.number(s.score))
        for name, s in preview.scores.items()
    )
    status = t("Ready to save") if preview.complete else t("Not complete yet")
    items: list[ft.Control] = []
    if error:
        items.append(
            ft.Semantics(
                identifier="round-error",
                label=error,
                content=ft.Container(
                    ft.Text(error, size=16, color=ft.Colors.ON_ERROR_CONTAINER),
                    bgcolor=ft.Colors.ERROR_CONTAINER,
                    border_radius=12,
                    padding=10,
                ),
            )
        )
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
                    ft.Text(
                        status,
                        size=15,
                        weight=ft.FontWeight.W_600,
                        color=GOOD if preview.complete else None,
                    ),
                    one_line(scores, 15, text_align=ft.TextAlign.RIGHT),
                ],
                spacing=6,
            ),
        )
    )
    items.append(
        ft.Row(
            [
                labelled_button(
                    "round-cancel",
                    t("Cancel"),
                    ft.Icons.CLOSE,
                    lambda: on_cancel(),
                    height=52,
                    expand=1,
                ),
                labelled_button(
                    "round-save",
                    t("Save round"),
                    ft.Icons.CHECK,
                    lambda: save(),
                    filled=True,
                    height=52,
                    expand=2,
                ),
            ],
            spacing=12,
        )
    )
    return ft.Semantics(
        identifier="round-save-bar",
        container=True,
        content=ft.Container(
            ft.Column(items, spacing=6),
            padding=ft.Padding.only(top=6),
            border=ft.Border.only(top=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
            bgcolor=ft.Colors.SURFACE,
        ),
    )


def _closer_section(
    model: RoundModel,
    t: Translator,
    settings: UiSettings | None,
    set_closer: Callable[[str | None], None],
    set_handglatt: Callable[[bool], None],
    edit: Callable[..., None],
    editing: Editing | None,
) -> ft.Control:
    """Who went out (one tap each; "nobody" too), the Handglatt switch and the
    closer's last card (optional)."""
    buttons: list[ft.Control] = []
    choices: list[tuple[str, str | None, str]] = [
        (f"round-closer-{seat}", name, name) for seat, name in enumerate(model.players)
    ]
    choices.append(("round-closer-none", None, t("Nobody")))
    for identifier, player, text in choices:
        chosen = model.closer == player
        buttons.append(
            labelled_button(
                identifier,
                text,
                ft.Icons.CHECK if chosen else None,
                lambda _e=None, p=player: set_closer(p),
                filled=chosen,
                height=52,
                selected=chosen,
                label=t("{name} went out", name=text) if player else text,
            )
        )
    items: list[ft.Control] = [
        ft.Text(t("Who went out?"), size=20, weight=ft.FontWeight.W_600),
        ft.Row(buttons, wrap=True, spacing=8, run_spacing=8),
    ]
    if model.closer is not None:
        items.append(
            ft.Semantics(
                identifier="round-handglatt",
                content=ft.Switch(
                    label=t(
                        "Handglatt: {name} put all cards down in one turn",
                        name=model.closer,
                    ),
                    value=model.handglatt,
                    on_change=lambda e: set_handglatt(bool(e.control.value)),
                ),
            )
        )
    if model.closer is not None:
        items.append(_discard_tile(model, t, settings, edit, editing))
        box = problem_box(
            model,
            [p for p in model.problems() if p.place.kind == "discard"],
            t,
            "round-problem-discard",
        )
        if box is not None:
            items.append(box)
    return ft.Column(items, spacing=8)


def _discard_tile(
    model: RoundModel,
    t: Translator,
    settings: UiSettings | None,
    edit: Callable[..., None],
    editing: Editing | None,
) -> ft.Control:
    """The closer's discard: one tap opens the picker, one card tap enters it."""
    closer = model.closer or ""
    target = Target("discard", closer)
    selected = editing is not None and editing.target == target
    text = ft.Text(
        t("Discarded last card (optional)"),
        size=16,
        expand=True,
    )
    shown: ft.Control
    if model.discard is not None:
        shown = card_row((model.discard,), t, settings)
    else:
        shown = ft.Text(t("tap to enter"), size=16, italic=True)
    label = t("{name}'s last card", name=closer)
    if model.discard is not None:
        label += ": " + model.discard.label
    return ft.Semantics(
        identifier="round-discard",
        button=True,
        selected=selected,
        label=label,
        content=ft.Container(
            ft.Row([text, shown], spacing=8),
            padding=ft.Padding.symmetric(horizontal=10, vertical=6),
            border_radius=12,
            border=ft.Border.all(
                3 if selected else 1,
                ft.Colors.PRIMARY if selected else ft.Colors.OUTLINE_VARIANT,
            ),
            bgcolor=ft.Colors.PRIMARY_CONTAINER if selected else None,
            on_click=lambda: edit(target),
            ink=True,
        ),
    )


def _replace(value: Any, **changes: Any) -> Any:
    import dataclasses

    return dataclasses.replace(value, **changes)
