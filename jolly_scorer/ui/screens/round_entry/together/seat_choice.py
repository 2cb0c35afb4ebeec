"""Round entry together, a joined phone's seat: "Which seat is yours?" (one
big button per player, before the entry opens), and in the entry's header
Done for that seat and "Change seat"."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

import flet as ft

from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.screens.round_entry.together.status import done_button
from jolly_scorer.ui.widgets.basics import colour
from jolly_scorer.ui.widgets.buttons import icon_button, labelled_button

if TYPE_CHECKING:
    from jolly_scorer.core.game import Game

__all__ = ["seat_choice", "seat_controls"]


def seat_choice(
    game: Game,
    t: Translator,
    choose: Callable[[str], None],
    back: Callable[[], None],
    banners: Sequence[ft.Control] = (),
    held: Callable[[], Mapping[str, int]] | None = None,
) -> ft.Control:
    """A joined phone: "Which seat is yours?", one big button per player
    (below ``banners``: the page's error or notice). A seat another device
    holds (``held``: how many hold each, asked when drawn and again at the
    tap) says so, and a tap on it asks before the seat is shared (issue
    34.10)."""
    return _SeatChoice(game, t, choose, back, tuple(banners), held)


@ft.component
def _SeatChoice(
    game: Game,
    t: Translator,
    choose: Callable[[str], None],
    back: Callable[[], None],
    banners: tuple[ft.Control, ...],
    held: Callable[[], Mapping[str, int]] | None,
) -> ft.Control:
    asking, set_asking = ft.use_state(cast("str | None", None))

    def holders() -> Mapping[str, int]:
        try:
            return held() if held is not None else {}
        except Exception:  # cannot tell: no mark, no question
            return {}

    taken = holders()

    def tap(player: str) -> None:
        if holders().get(player) and asking != player:
            set_asking(player)  # asked first, in place
        else:
            choose(player)

    buttons: list[ft.Control] = []
    for seat, name in enumerate(game.players):
        count = taken.get(name, 0)
        mark = (
            t.plural("taken on {n} other device", "taken on {n} other devices", count)
            if count
            else ""
        )
        words: list[ft.Control] = [ft.Text(name, size=20, max_lines=2)]
        if mark:
            words.append(ft.Text(mark, size=14, italic=True))
        buttons.append(
            ft.Semantics(
                identifier=f"round-seat-{seat}",
                button=True,
                label=f"{name}, {mark}" if mark else name,
                content=ft.FilledTonalButton(
                    content=ft.Row(
                        [
                            ft.Container(
                                width=14,
                                height=14,
                                border_radius=7,
                                bgcolor=colour(seat),
                            ),
                            ft.Column(words, spacing=0, expand=True, tight=True),
                            *([ft.Icon(ft.Icons.PHONE_ANDROID)] if mark else []),
                        ],
                        spacing=10,
                    ),
                    height=72 if mark else 60,
                    on_click=lambda _e=None, p=name: tap(p),
                ),
            )
        )
        if asking == name:
            buttons.append(_share_question(name, t, choose, lambda: set_asking(None)))
    return ft.Column(
        [
            *banners,
            ft.Text(t("Which seat is yours?"), size=24, weight=ft.FontWeight.BOLD),
            ft.Text(
                t("You enter your own melds and hand; everyone sees the round."),
                size=16,
            ),
            *buttons,
            labelled_button("round-seat-back", t("Back"), ft.Icons.ARROW_BACK, back),
        ],
        spacing=12,
        scroll=ft.ScrollMode.AUTO,
        expand=True,
    )


def _share_question(
    name: str, t: Translator, choose: Callable[[str], None], keep: Callable[[], None]
) -> ft.Control:
    """ "Another device already holds Ben's seat. Share it?" under the seat."""
    question = t(
        "Another device already holds {name}'s seat. Both devices then enter"
        " {name}'s part. Share the seat?",
        name=name,
    )
    return ft.Semantics(
        identifier="round-seat-share-ask",
        container=True,
        label=question,
        content=ft.Container(
            ft.Column(
                [
                    ft.Text(question, size=16),
                    ft.Row(
                        [
                            labelled_button(
                                "round-seat-share-no",
                                t("Choose another seat"),
                                None,
                                keep,
                            ),
                            labelled_button(
                                "round-seat-share",
                                t("Share the seat"),
                                ft.Icons.PEOPLE,
                                lambda: choose(name),
                                filled=True,
                            ),
                        ],
                        wrap=True,
                        spacing=8,
                        run_spacing=8,
                    ),
                ],
                spacing=8,
                tight=True,
            ),
            padding=12,
            border_radius=12,
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
        ),
    )


def seat_controls(
    entry: RoundEntryModel, t: Translator, act: Any, change: Callable[[], None]
) -> list[ft.Control]:
    """A joined phone's header: Done for its seat, and "Change seat". The
    button names the seat ("Cleo is done", never "I'm done"): the phone may be
    showing another player's part, and "done" means a part complete only (the
    editor's button is Close)."""
    seat = entry.seat
    if seat is None:
        return []
    index = entry.rounds.players.index(seat)
    done = done_button(entry, index, seat, t, act, expand=True)
    return [
        *([done] if done is not None else []),
        icon_button(
            ft.Icons.SWAP_HORIZ,
            t("Change seat"),
            lambda: change(),
            "round-seat-change",
            size=26,
        ),
    ]
