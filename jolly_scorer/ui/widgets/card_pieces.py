"""Card pieces shared by round entry and the meld checker.

Typed notation with the bad token named, a row of card chips, a meld's verdict
in words (run or group, its value, what each joker stands for, or why it is not
a meld). The menu of a joker's readings is ``round_entry_joker``
(``joker_menu`` is also importable from here).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

import flet as ft

from jolly_scorer.core.cards import Card
from jolly_scorer.core.melds import Meld, MeldType
from jolly_scorer.ui.i18n import Translator
from jolly_scorer.ui.models.round import parse_typed
from jolly_scorer.ui.texts import reason_text
from jolly_scorer.ui.widgets.card_picker import CardGrid
from jolly_scorer.ui.widgets.cards import CardChip
from jolly_scorer.ui.widgets.joker_menu import joker_menu
from jolly_scorer.ui.widgets.typed_text import TypedText

if TYPE_CHECKING:
    from jolly_scorer.ui.settings import UiSettings

__all__ = [
    "GOOD",
    "BAD",
    "card_row",
    "cards_field",
    "joker_menu",
    "joker_text",
    "meld_verdict",
    "parse_typed",
    "picker",
    "verdict_text",
]

GOOD = ft.Colors.GREEN_800
BAD = ft.Colors.RED_700


def joker_text(meld: Meld, t: Translator) -> str:
    """What each joker of a valid meld stands for: ``'Joker = 7♥'``."""
    shown = [c.stands_for.label for c in meld.cards if c.stands_for is not None]
    if not shown:
        return ""
    return t("Joker = {cards}", cards=", ".join(shown))


def verdict_text(meld: Meld, t: Translator) -> str:
    """``'Run · 18 points · Joker = 7♥'`` or the reason it is not a meld."""
    if not meld.valid:
        return reason_text(meld.reason.value if meld.reason else "", t)
    kind = t("Run") if meld.type is MeldType.RUN else t("Group")
    parts = [kind, t.plural("{n} point", "{n} points", meld.points or 0)]
    jokers = joker_text(meld, t)
    if jokers:
        parts.append(jokers)
    return " · ".join(parts)


#: from how many cards a row of them is drawn in compact chips
COMPACT_FROM = 10


def card_row(
    cards: Sequence[Card],
    t: Translator,
    settings: UiSettings | None,
    *,
    on_tap: Callable[[int], Any] | None = None,
    invalid: Sequence[bool] = (),
    scroll: bool = False,
) -> ft.Control:
    """Card chips in a wrapping row; ``on_tap(i)`` when a chip is tapped.

    ``scroll``: one line that scrolls sideways (a fixed height), ending at
    the card added last."""

    def tap(i: int) -> Callable[[], Any] | None:
        return None if on_tap is None else (lambda: on_tap(i))

    # a long hand (Rommi: 14 cards of a player who never opened) in smaller
    # chips: two lines, not three, so the card grid stays whole above the
    # Save bar on a phone (issue 35.7)
    compact = len(cards) > COMPACT_FROM

    return ft.Row(
        [
            CardChip(
                str(card),
                four_color=bool(settings and settings.four_colour),
                large=bool(settings and settings.large_cards),
                compact=compact,
                invalid=i < len(invalid) and invalid[i],
                t=t,
                on_click=tap(i),
            )
            for i, card in enumerate(cards)
        ],
        wrap=not scroll,
        scroll=ft.ScrollMode.AUTO if scroll else None,
        auto_scroll=scroll,
        spacing=4 if compact else 6,
        run_spacing=4 if compact else 6,
    )


def meld_verdict(meld: Meld, t: Translator, identifier: str) -> ft.Control:
    """The verdict line under a meld, green when valid, red with the reason."""
    icon = ft.Icons.CHECK_CIRCLE if meld.valid else ft.Icons.ERROR
    colour = GOOD if meld.valid else BAD
    text = verdict_text(meld, t)
    return ft.Semantics(
        identifier=identifier,
        label=text,
        content=ft.Row(
            [
                ft.Icon(icon, color=colour, size=22),
                ft.Text(text, color=colour, size=17, expand=True),
            ],
            spacing=6,
        ),
    )


def cards_field(
    t: Translator,
    text: str,
    on_change: Callable[[str], Any],
    identifier: str,
    *,
    label: str | None = None,
    error: str | None = None,
    multiline: bool = False,
    one_line: bool = False,
    autofocus: bool = False,
    on_submit: Callable[[str], Any] | None = None,
) -> ft.Control:
    """A text field for card notation (``7h 8h X``).

    With ``on_submit`` Enter confirms: ``on_submit(text)`` gets the field's
    text (Shift+Enter starts a new line). Without it Enter starts a new line
    (a separator like a space) instead of submitting: the focus stays in the
    field, so the next key never reaches another control. ``autofocus``
    focuses it as soon as it appears; ``one_line``: a line that scrolls
    sideways (beside buttons, where a second line would push the card grid
    under the Save bar)."""

    def changed(e: ft.Event[ft.TextField]) -> None:
        on_change(e.control.value or "")

    def submitted(e: ft.Event[ft.TextField]) -> None:
        if on_submit is not None:
            on_submit(e.control.value or "")

    field = TypedText(
        label=label or t("Type cards, e.g. 7h 8h X"),
        value=text,
        on_change=changed,
        error=error,
        text_size=18,
        multiline=True,
        min_lines=1,
        max_lines=4 if multiline else 1 if one_line else 2,
        autofocus=autofocus,
        autocorrect=False,
        enable_suggestions=False,
        capitalization=ft.TextCapitalization.NONE,
        shift_enter=on_submit is not None,
        on_submit=submitted if on_submit is not None else None,
    )
    wrapped = ft.Semantics(identifier=identifier, content=field)
    return FocusedOnMount(wrapped, field) if autofocus else wrapped


@ft.component
def FocusedOnMount(shown: ft.Control, field: ft.TextField) -> ft.Control:
    """``shown``, whose ``field`` is asked for the keyboard focus once, as it
    appears (issue 35.2: Flutter's ``autofocus`` on a field that appears
    after a tap on a button left the focus on that button, and the keys
    typed next went nowhere)."""

    async def focus() -> None:
        await cast(Any, field).focus()  # untyped in Flet

    ft.use_effect(focus, [])
    return shown


def picker(
    on_pick: Callable[[str], Any],
    t: Translator,
    settings: UiSettings | None,
    *,
    gone: frozenset[str] = frozenset(),
    available: float = 366,
) -> ft.Control:
    """The compact one-tap card grid (used-up cards off); ``available``: its
    width in pixels."""
    return CardGrid(
        on_pick,
        available=available,
        four_color=bool(settings and settings.four_colour),
        language=t.language,
        gone=gone,
    )
