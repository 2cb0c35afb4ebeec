"""Round entry, one player's hand: the cards left, or the points counted.

Every player has the same fast path, the closer included (their good points;
a closer holds no cards, so has no bad points). A points field takes digits
only: anything else keeps the text with a message beside it and changes
nothing.
"""

from __future__ import annotations

import flet as ft

from jolly_scorer.core.scoring import bad_points
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.round import Place, Target
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.models.round_watch import hand_topic
from jolly_scorer.ui.screens.round_entry.counted import points_fields
from jolly_scorer.ui.screens.round_entry.parts import tile
from jolly_scorer.ui.screens.round_entry.problems import problem_box
from jolly_scorer.ui.screens.round_entry.scope import use_scope
from jolly_scorer.ui.screens.round_entry.seat import Act, PlayerPart
from jolly_scorer.ui.screens.round_entry.watched import watched
from jolly_scorer.ui.widgets.buttons import labelled_button
from jolly_scorer.ui.widgets.card_pieces import BAD, card_row

__all__ = ["hand_part"]


def _mode_toggle(
    entry: RoundEntryModel, seat: int, name: str, t: Translator, act: Act
) -> ft.Control:
    mode = entry.rounds.modes[name]
    first = t("Enter cards") if name == entry.rounds.closer else t("Cards in hand")
    return ft.Row(
        [
            labelled_button(
                f"round-mode-{seat}-{value}",
                text,
                None,
                lambda _e=None, v=value: act(entry.set_mode, name, v),
                filled=mode == value,
                height=44,
                selected=mode == value,
            )
            for value, text in (("cards", first), ("points", t("Count points")))
        ],
        wrap=True,
        spacing=6,
        run_spacing=6,
    )


def hand_part(part: PlayerPart) -> list[ft.Control]:
    """The toggle (cards or counted points) and the hand or the fields; drawn
    again only when the player's hand's share of the model changed."""
    seat, name = part.seat, part.name
    return [
        watched(part.scope, hand_topic(name), _hand, seat, name, key=f"hand-{name}")
    ]


def _hand(seat: int, name: str) -> ft.Control:
    """A watched part: the entry, translator, settings and handler come
    from the screen's scope."""
    return ft.Column(_hand_parts(seat, name), spacing=8)


def _hand_parts(seat: int, name: str) -> list[ft.Control]:
    scope = use_scope()
    entry, t, act = scope.entry, scope.t, scope.act
    rounds = entry.rounds
    closer = name == rounds.closer
    if closer and not rounds.rules.is_plus:
        return [ft.Text(t("Went out: no cards left in hand."), size=17, italic=True)]
    out: list[ft.Control] = [_mode_toggle(entry, seat, name, t, act)]
    if rounds.modes[name] == "points":
        return out + points_fields(entry, seat, name, t, act)
    if closer:
        out.append(ft.Text(t("Went out: no cards left in hand."), size=17, italic=True))
        return out
    hand = rounds.hands[name]
    content: ft.Control
    if hand:
        points = t.number(bad_points(hand, rounds.rules))
        content = ft.Column(
            [
                card_row(hand, t, scope.settings),
                ft.Text(t("Bad points: {n}", n=points), size=16, color=BAD),
            ],
            spacing=6,
        )
    else:
        content = ft.Text(t("Tap to enter the cards left in the hand."), size=17)
    problems = rounds.problems_at(Place("hand", name))
    target = Target("hand", name)
    editing = entry.editing.target if entry.editing else None
    out.append(
        tile(
            content,
            lambda: act(entry.edit, target),
            f"round-hand-{seat}",
            t("{name}'s hand", name=name),
            problem=bool(problems) and bool(hand),
            selected=editing == target,
        )
    )
    box = problem_box(
        rounds,
        [p for p in problems if hand or p.code != "hand_missing"],
        t,
        f"round-hand-problem-{seat}",
    )
    if box is not None:
        out.append(box)
    return out
