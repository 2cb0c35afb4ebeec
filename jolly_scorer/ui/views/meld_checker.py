"""The meld checker: cards in, verdict out, under any preset or the game's rules.

Two modes. *Melds*: one or more melds (tap cards, or type them with ``/``
between melds); each gets its verdict (run or group, value, what the jokers
stand for, or why not), and together whether they fit in the pack and reach
the opening. *Best lay-down*: a hand of cards; the arranger finds the melds
worth the most and says whether they reach the opening.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import flet as ft

from jolly_scorer.core.cards import Card, format_cards, parse_card
from jolly_scorer.core.errors import HandError, JollyError
from jolly_scorer.core.melds import Meld, Reason, check_melds, reading_choices
from jolly_scorer.core.rules import PRESETS, Rules
from jolly_scorer.ui.arranging import best_lay_down
from jolly_scorer.ui.i18n import Translator
from jolly_scorer.ui.round_model import used_up_cards
from jolly_scorer.ui.texts import preset_name, reason_text
from jolly_scorer.ui.views.common import labelled_button
from jolly_scorer.ui.views.round_entry_cards import (
    BAD,
    GOOD,
    card_row,
    cards_field,
    joker_menu,
    meld_verdict,
    parse_typed,
    picker,
)

if TYPE_CHECKING:
    from jolly_scorer.core.arranger import Arrangement
    from jolly_scorer.ui.settings import UiSettings

__all__ = ["MeldChecker", "build_meld_checker", "split_melds"]

_SEPARATORS = re.compile(r"[/;|\n]")


def split_melds(text: str) -> tuple[tuple[tuple[Card, ...], ...], str | None]:
    """Melds typed with ``/`` (or ``;``, a new line) between them; the bad token.

    >>> melds, bad = split_melds("5h 6h X / Qh Kh Ah")
    >>> [format_cards(m) for m in melds], bad
    (['5h 6h X', 'Qh Kh Ah'], None)
    """
    melds: list[tuple[Card, ...]] = []
    for part in _SEPARATORS.split(text):
        cards, bad = parse_typed(part)
        if bad is not None:
            return tuple(melds), bad
        if cards:
            melds.append(cards)
    return tuple(melds), None


def build_meld_checker(
    page: ft.Page, t: Translator, rules: Rules, settings: UiSettings
) -> ft.Control:
    """The meld checker (a component for ``page.render``).

    It does not scroll and has no title: put it in the screen's scrolling body.
    """
    return MeldChecker(page, t, rules, settings)


@dataclass(frozen=True)
class _State:
    melds: tuple[tuple[Card, ...], ...] = ((),)
    active: int = 0
    text: str = ""
    bad: str | None = None
    mode: str = "melds"  # or "hand"
    hand: tuple[Card, ...] = ()
    rules: str = ""
    joker: tuple[int, int] | None = None  # (meld, position) of a tapped joker


@dataclass(frozen=True)
class _Lay:
    """The best lay-down of ``hand`` under rules ``key``: being worked out
    (off the event loop), found, or refused with a message."""

    hand: tuple[Card, ...] = ()
    key: str = ""
    working: bool = False
    lay: Arrangement | None = None
    error: str | None = None


def _rules_options(rules: Rules, t: Translator) -> dict[str, tuple[str, Rules]]:
    options: dict[str, tuple[str, Rules]] = {}
    if all(rules != preset for preset in PRESETS.values()):
        name = rules.name or preset_name(rules.base, t)
        options["game"] = (t("This game: {name}", name=name), rules)
    for key, preset in PRESETS.items():
        options[key] = (preset_name(key, t), preset)
    return options


def _text_of(melds: tuple[tuple[Card, ...], ...]) -> str:
    return " / ".join(format_cards(m) for m in melds if m)


@ft.component
def MeldChecker(
    page: ft.Page, t: Translator, rules: Rules, settings: UiSettings | None
) -> ft.Control:
    """The screen; see the module docstring."""
    options = _rules_options(rules, t)
    first = next(iter(options))
    state, set_state = ft.use_state(_State(rules=first))
    key = state.rules if state.rules in options else first
    chosen = options[key][1]

    lay, set_lay = ft.use_state(_Lay())

    def update(**changes: Any) -> None:
        set_state(lambda old: dataclasses.replace(old, **changes))

    async def work_out() -> None:
        """The best lay-down, awaited off the event loop: other pages and taps
        are answered meanwhile; an answer for an older hand is dropped."""
        if state.mode != "hand" or not state.hand:
            return
        hand = state.hand
        set_lay(_Lay(hand, key, working=True))
        try:
            found = await best_lay_down(hand, chosen)
        except JollyError as error:
            # the pack's copies in words of the user; caps, time limit: as told
            message = (
                reason_text("too_many_copies", t)
                if type(error) is HandError
                else str(error)
            )
            done = _Lay(hand, key, error=message)
        else:
            done = _Lay(hand, key, lay=found)
        set_lay(lambda old: done if (old.hand, old.key) == (hand, key) else old)

    ft.use_effect(work_out, [state.mode, state.hand, key])

    def pick(code: str) -> None:
        card = parse_card(code)
        if state.mode == "hand":
            hand = (*state.hand, card)
            update(hand=hand, text=format_cards(hand), bad=None)
            return
        melds = list(state.melds)
        melds[state.active] = (*melds[state.active], card)
        update(melds=tuple(melds), text=_text_of(tuple(melds)), bad=None)

    def typed(text: str) -> None:
        bad_text = None
        if state.mode == "hand":
            cards, bad = parse_typed(text)
            if bad is not None:
                bad_text = t("Not a card: {token}", token=bad)
                update(text=text, bad=bad_text)
            else:
                update(text=text, bad=None, hand=cards)
            return
        melds, bad = split_melds(text)
        if bad is not None:
            update(text=text, bad=t("Not a card: {token}", token=bad))
            return
        melds = melds or ((),)
        update(text=text, bad=None, melds=melds, active=len(melds) - 1)

    def remove(meld: int, position: int) -> None:
        melds = [list(m) for m in state.melds]
        del melds[meld][position]
        new = tuple(tuple(m) for m in melds)
        update(melds=new, text=_text_of(new), joker=None)

    def tap(meld: int, position: int) -> None:
        """A tap on a card takes it out; on a joker it opens the readings."""
        if state.melds[meld][position].is_joker:
            update(joker=(meld, position), active=meld)
        else:
            remove(meld, position)

    def remove_from_hand(position: int) -> None:
        hand = list(state.hand)
        del hand[position]
        update(hand=tuple(hand), text=format_cards(hand))

    def add_meld() -> None:
        melds = (*[m for m in state.melds if m], ())
        update(melds=melds, active=len(melds) - 1)

    def choose(meld: int, reading: Meld) -> None:
        melds = list(state.melds)
        cards = list(melds[meld])
        for slot, original in enumerate(reading.order):
            if cards[original].is_joker:
                cards[original] = reading.cards[slot]
        melds[meld] = tuple(cards)
        update(melds=tuple(melds), text=_text_of(tuple(melds)), joker=None)

    def clear() -> None:
        update(melds=((),), active=0, text="", bad=None, hand=(), joker=None)

    handlers = _Handlers(
        tap=tap,
        choose=choose,
        close_joker=lambda: update(joker=None),
        remove=remove,
        activate=lambda n: update(active=n, joker=None),
    )

    def set_mode(mode: str) -> None:
        text = format_cards(state.hand) if mode == "hand" else _text_of(state.melds)
        update(mode=mode, text=text, bad=None)

    rules_dropdown = ft.Semantics(
        identifier="meld-rules",
        content=ft.Dropdown(
            label=t("Rules"),
            value=key,
            options=[ft.DropdownOption(key=k, text=v[0]) for k, v in options.items()],
            on_select=lambda e: update(rules=e.control.value or first),
            text_size=18,
            width=360,
        ),
    )
    mode_row = ft.Row(
        [
            labelled_button(
                f"meld-mode-{value}",
                text,
                None,
                lambda _e=None, v=value: set_mode(v),
                filled=state.mode == value,
                selected=state.mode == value,
            )
            for value, text in (
                ("melds", t("Check melds")),
                ("hand", t("Best lay-down")),
            )
        ],
        wrap=True,
        spacing=8,
    )
    if state.mode == "hand":
        current = lay if (lay.hand, lay.key) == (state.hand, key) else _Lay()
        live, results = _hand_result(
            state, current, chosen, t, settings, remove_from_hand
        )
        hint = t("Type or tap the cards of a hand.")
        used = _counts([state.hand])
    else:
        live, results = _melds_result(state, chosen, t, settings, handlers)
        hint = t("Cards, / between melds: 5h 6h X / Qs Qd Qc")
        used = _counts(state.melds)
    buttons = ft.Row(
        [
            *(
                []
                if state.mode == "hand"
                else [
                    labelled_button(
                        "meld-add", t("Another meld"), ft.Icons.ADD, lambda: add_meld()
                    )
                ]
            ),
            labelled_button(
                "meld-clear", t("Clear"), ft.Icons.CLEAR_ALL, lambda: clear()
            ),
        ],
        wrap=True,
        spacing=8,
    )
    # the cards being built, the verdicts and the best lay-down sit above the
    # picker on a phone (beside it on a wide screen), never below 53 cards
    width = page.width or 390
    wide = width >= 900
    field = cards_field(t, state.text, typed, "meld-input", label=hint, error=state.bad)
    verdicts: list[ft.Control] = [
        ft.Semantics(
            identifier="meld-live",
            container=True,
            content=ft.Container(
                ft.Column(live, spacing=6),
                padding=10,
                border_radius=12,
                border=ft.Border.all(2, ft.Colors.PRIMARY),
            ),
        ),
        *results,
    ]
    grid = picker(
        pick,
        t,
        settings,
        gone=used_up_cards(used, chosen),
        available=420 if wide else min(width, 600) - 40,
    )
    top = ft.Row([rules_dropdown, mode_row], wrap=True, spacing=12, run_spacing=10)
    if wide:
        return ft.Column(
            [
                top,
                ft.Row(
                    [
                        ft.Column([field, *verdicts], spacing=12, expand=True),
                        ft.Column([grid, buttons], spacing=12, width=440),
                    ],
                    spacing=16,
                    vertical_alignment=ft.CrossAxisAlignment.START,
                ),
            ],
            spacing=12,
        )
    # a phone: the verdicts scroll above the grid, which stays where it is
    # (docked at the bottom) however many melds are added
    height = max(500.0, (page.height or 844) - 130)
    # (the verdicts first, right under the choice of rules and mode; typing
    # is the second way in on a phone)
    above = ft.Column(
        [top, *verdicts, field, buttons], spacing=12, scroll=ft.ScrollMode.AUTO
    )
    return ft.Container(
        ft.Column([ft.Container(above, expand=True), grid], spacing=8),
        height=height,
    )


def _counts(groups: Iterable[Iterable[Card]]) -> dict[str, int]:
    """How often each card is entered (plain notation), for the picker."""
    return dict(Counter(str(card.plain) for cards in groups for card in cards))


@dataclass(frozen=True)
class _Handlers:
    tap: Callable[[int, int], Any]
    choose: Callable[[int, Meld], Any]
    close_joker: Callable[[], Any]
    remove: Callable[[int, int], Any]
    activate: Callable[[int], Any]


def _melds_result(
    state: _State,
    rules: Rules,
    t: Translator,
    settings: UiSettings | None,
    on: _Handlers,
) -> tuple[list[ft.Control], list[ft.Control]]:
    """The meld being built (cards, verdict, joker menu, total) and the others."""
    melds = list(state.melds)
    verdict = check_melds([m for m in melds if m], rules)
    checked = iter(verdict.melds)
    verdicts: list[Meld | None] = [next(checked) if m else None for m in melds]
    active = min(state.active, len(melds) - 1)
    cards = melds[active]
    meld = verdicts[active]
    live: list[ft.Control] = [
        ft.Text(t("Meld {n}", n=active + 1), size=17, weight=ft.FontWeight.W_600)
    ]
    if cards and meld is not None:
        live.append(card_row(cards, t, settings, on_tap=partial(on.tap, active)))
        if len(cards) >= 3 or (
            not meld.valid and meld.reason is not Reason.TOO_FEW_CARDS
        ):
            live.append(meld_verdict(meld, t, f"meld-verdict-{active}"))
        else:  # judged once it can be: not "too few" while it is started
            live.append(ft.Text(t("A meld has at least 3 cards."), size=16))
        joker = state.joker
        if joker is not None and joker[0] == active and joker[1] < len(cards):
            live.append(
                joker_menu(
                    reading_choices(cards, rules),
                    t,
                    partial(on.choose, active),
                    on.close_joker,
                    "meld-joker-menu",
                    on_remove=partial(on.remove, active, joker[1]),
                )
            )
        elif (
            meld.valid
            and any(c.is_joker for c in cards)
            and len(reading_choices(cards, rules)) > 1
        ):
            live.append(
                ft.Text(
                    t("Tap the joker to choose another reading."),
                    size=15,
                    italic=True,
                )
            )
    else:
        live.append(ft.Text(t("Tap cards below to build this meld."), size=16))
    if any(melds):
        live.append(_summary(verdict, rules, t))
    out: list[ft.Control] = []
    for n, (cards_n, meld_n) in enumerate(zip(melds, verdicts, strict=True)):
        if n == active or meld_n is None:
            continue
        shown = meld_n.cards if meld_n.valid else cards_n
        out.append(
            ft.Semantics(
                identifier=f"meld-{n}",
                button=True,
                label=t("Meld {n}", n=n + 1),
                content=ft.Container(
                    ft.Column(
                        [
                            ft.Text(
                                t("Meld {n}", n=n + 1),
                                size=16,
                                weight=ft.FontWeight.W_600,
                            ),
                            card_row(shown, t, settings),
                            meld_verdict(meld_n, t, f"meld-verdict-{n}"),
                        ],
                        spacing=6,
                    ),
                    padding=10,
                    border_radius=12,
                    border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                    on_click=lambda _e=None, n=n: on.activate(n),
                    ink=True,
                ),
            )
        )
    return live, out


def _summary(verdict: Any, rules: Rules, t: Translator) -> ft.Control:
    lines: list[tuple[str, str]] = []
    if verdict.reason is not None:
        lines.append((reason_text(verdict.reason.value, t), BAD))
    elif not verdict.valid:
        lines.append((t("Not every meld is valid."), BAD))
    else:
        points = t.plural("{n} point", "{n} points", verdict.points or 0)
        lines.append((t("Together: {points}", points=points), GOOD))
        if verdict.opening_reached:
            lines.append((t("Enough to open (needs {n}).", n=rules.opening_min), GOOD))
        else:
            lines.append(
                (t("Not enough to open (needs {n}).", n=rules.opening_min), BAD)
            )
    return ft.Semantics(
        identifier="meld-summary",
        label=" ".join(text for text, _ in lines),
        content=ft.Container(
            ft.Column(
                [
                    ft.Text(text, size=17, weight=ft.FontWeight.W_600, color=colour)
                    for text, colour in lines
                ],
                spacing=2,
            ),
            padding=ft.Padding.symmetric(horizontal=12, vertical=8),
            border_radius=12,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        ),
    )


def _hand_result(
    state: _State,
    found: _Lay,
    rules: Rules,
    t: Translator,
    settings: UiSettings | None,
    remove: Callable[[int], Any],
) -> tuple[list[ft.Control], list[ft.Control]]:
    """The hand and its best value (above the picker); the melds that make it."""
    parts: list[ft.Control] = [ft.Text(t("Hand"), size=17, weight=ft.FontWeight.W_600)]
    if not state.hand:
        parts.append(ft.Text(t("Tap the cards of the hand below."), size=16))
        return parts, []
    parts.append(card_row(state.hand, t, settings, on_tap=remove))
    if found.error is not None:
        parts.append(
            ft.Semantics(
                identifier="best-error",
                label=found.error,
                content=ft.Text(found.error, color=BAD, size=17),
            )
        )
        return parts, []
    lay = found.lay
    if lay is None:  # being worked out off the event loop
        parts.append(
            ft.Semantics(
                identifier="best-working",
                label=t("Working…"),
                content=ft.Row(
                    [ft.ProgressRing(width=24, height=24), ft.Text(t("Working…"))],
                    spacing=10,
                ),
            )
        )
        return parts, []
    points = t.plural("{n} point", "{n} points", lay.points)
    opening = (
        t("Enough to open (needs {n}).", n=rules.opening_min)
        if lay.opening_reached
        else t("Not enough to open (needs {n}).", n=rules.opening_min)
    )
    parts.append(
        ft.Semantics(
            identifier="best-summary",
            label=f"{points}. {opening}",
            content=ft.Column(
                [
                    ft.Text(
                        t("Best lay-down: {points}", points=points),
                        size=19,
                        weight=ft.FontWeight.W_600,
                    ),
                    ft.Text(
                        opening,
                        size=19,
                        weight=ft.FontWeight.W_600,
                        color=GOOD if lay.opening_reached else BAD,
                    ),
                ],
                spacing=2,
            ),
        )
    )
    lines: list[ft.Control] = []
    if not lay.melds:
        lines.append(ft.Text(t("No meld can be laid down from these cards."), size=18))
    for n, meld in enumerate(lay.melds):
        lines.append(card_row(meld.cards, t, settings))
        lines.append(meld_verdict(meld, t, f"best-meld-{n}"))
    if lay.left and lay.melds:
        lines.append(
            ft.Text(
                t("Left in hand: {cards}", cards=" ".join(c.label for c in lay.left)),
                size=17,
            )
        )
    return parts, [
        ft.Container(
            ft.Column(lines, spacing=6),
            padding=12,
            border_radius=12,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        )
    ]
