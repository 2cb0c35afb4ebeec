"""Card pieces shared by round entry and the meld checker.

Typed notation with the bad token named, a row of card chips, a meld's verdict
in words (run or group, its value, what each joker stands for, or why it is not
a meld). The menu of a joker's readings is ``round_entry_joker``
(``joker_menu`` is also importable from here).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

import flet as ft

from jolly_scorer.core.cards import Card
from jolly_scorer.core.melds import Meld, MeldType
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.round import parse_typed
from jolly_scorer.ui.texts import reason_text
from jolly_scorer.ui.widgets.card_picker import KEY_HEIGHT, CardGrid
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
    # Save bar on a phone, at 320 px too (issue 35.7)
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
        spacing=2 if compact else 6,  # seven 40 px chips in 296 px
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
    text. The field is then one line (Flutter's own Enter submits it), not
    Flet's ``shift_enter`` field: Flet 1.0.5 draws that one with a second
    focus node, and ``TextField.focus()`` asks the first one, so it never
    took the focus when asked (issue 35.2, in Chromium); a line break that
    reaches it anyway (pasted) is taken as Enter (:func:`_enter_typed`).
    Without it Enter starts a new line
    (a separator like a space) instead of submitting: the focus stays in the
    field, so the next key never reaches another control. ``autofocus``
    focuses it as soon as it appears; ``one_line``: a line that scrolls
    sideways (beside buttons, where a second line would push the card grid
    under the Save bar)."""

    def changed(e: ft.Event[ft.TextField]) -> None:
        text = e.data if isinstance(e.data, str) else (e.control.value or "")
        entered = _enter_typed(text) if on_submit is not None else None
        if entered is None:
            on_change(text)
        elif on_submit is not None:
            on_change(entered)
            on_submit(entered)

    def submitted(e: ft.Event[ft.TextField]) -> None:
        if on_submit is not None:
            on_submit(e.data if isinstance(e.data, str) else (e.control.value or ""))

    field = TypedText(
        label=label or t("Type cards, e.g. 7h 8h X"),
        value=text,
        on_change=changed,
        error=error,
        text_size=18,
        multiline=on_submit is None,
        min_lines=1,
        max_lines=4 if multiline else 1 if one_line or on_submit else 2,
        autofocus=autofocus,
        on_submit=submitted if on_submit is not None else None,
        autocorrect=False,
        enable_suggestions=False,
        capitalization=ft.TextCapitalization.NONE,
        # the browser reports the focus (``FocusedOnMount`` asks until it has it)
        on_focus=_nothing if autofocus else None,
    )
    wrapped = ft.Semantics(identifier=identifier, content=field)
    return FocusedOnMount(wrapped, field) if autofocus else wrapped


def _enter_typed(text: str) -> str | None:
    """The text without its line break when one came (Enter), else None:
    a one-line field that submits gets none typed, but a pasted text may
    hold one (:func:`cards_field`).

    >>> _enter_typed("As\\n"), _enter_typed("5h 6h\\n7h"), _enter_typed("As")
    ('As', '5h 6h 7h', None)
    """
    if "\n" not in text:
        return None
    return " ".join(part for part in text.splitlines() if part).strip()


def _nothing(e: Any) -> None:
    """A handler, so that the browser reports the field's focus."""


#: when ``FocusedOnMount`` asks (seconds after the field appeared), until
#: the browser reports the field has the focus
FOCUS_ASKS = (0.0, 0.25, 0.6, 1.2)


@ft.component
def FocusedOnMount(shown: ft.Control, field: TypedText) -> ft.Control:
    """``shown``, whose ``field`` is asked for the keyboard focus as it
    appears, and again (:data:`FOCUS_ASKS`) until the browser reports that
    it has it (issue 35.2: Flutter's ``autofocus`` on a field that appears
    after a tap on a button left the focus on that button, and the keys
    typed next went nowhere). Each drawing of the field is a new object:
    the newest is asked. Once it has the focus, the page keeps it there
    when Flutter moves the field (a hover tooltip over the page:
    ``web.kept_focus``)."""
    latest: Any = ft.use_ref(lambda: field)
    latest.current = field

    async def focus() -> None:
        waited = 0.0
        for at in FOCUS_ASKS:
            await asyncio.sleep(at - waited)
            waited = at
            now: TypedText = latest.current
            if now.has_focus():
                return
            await cast(Any, now).focus()  # untyped in Flet

    ft.use_effect(focus, [])
    return shown


def picker(
    on_pick: Callable[[str], Any],
    t: Translator,
    settings: UiSettings | None,
    *,
    gone: frozenset[str] = frozenset(),
    available: float = 366,
    key_height: float = KEY_HEIGHT,
) -> ft.Control:
    """The compact one-tap card grid (used-up cards off); ``available``: its
    width in pixels, ``key_height``: a key's (40 on a short phone)."""
    return CardGrid(
        on_pick,
        available=available,
        four_color=bool(settings and settings.four_colour),
        language=t.language,
        gone=gone,
        key_height=key_height,
    )
