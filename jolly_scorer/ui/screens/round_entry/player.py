"""Round entry, one player's panel: melds, lay-offs, then the hand or points."""

from __future__ import annotations

from functools import partial

import flet as ft

from jolly_scorer.core.scoring import PlayerScore
from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.problem_text import meld_name, opening_warning
from jolly_scorer.ui.models.round import Target
from jolly_scorer.ui.models.round_entry import RoundEntryModel
from jolly_scorer.ui.models.round_watch import meld_topic
from jolly_scorer.ui.screens.round_entry.hand import hand_part
from jolly_scorer.ui.screens.round_entry.meld_tile import meld_tile
from jolly_scorer.ui.screens.round_entry.parts import score_line, signed, tile
from jolly_scorer.ui.screens.round_entry.points import player_box
from jolly_scorer.ui.screens.round_entry.scope import Scope
from jolly_scorer.ui.screens.round_entry.seat import Act, PlayerPart
from jolly_scorer.ui.screens.round_entry.together.status import done_button, status_mark
from jolly_scorer.ui.screens.round_entry.watched import watched
from jolly_scorer.ui.widgets.basics import colour, one_line, warning_box
from jolly_scorer.ui.widgets.buttons import labelled_button

__all__ = ["layoff_choice", "player_panel"]


def _melds(part: PlayerPart) -> list[ft.Control]:
    entry, seat, name, t, act = part.entry, part.seat, part.name, part.t, part.act
    rounds = entry.rounds
    out = [  # speed: a tile is drawn again only when its meld's share changed
        watched(  # keyed by the meld, not its place: a tap sent before another
            # device moved the melds lands on the tile of the meld seen
            part.scope,
            meld_topic(rounds.melds[index].key),
            meld_tile,
            seat,
            n,
            index,
            key=f"meld-{rounds.melds[index].key}",
        )
        for n, index in enumerate(rounds.melds_of(name))
    ]
    layoffs = rounds.layoffs_of(name)
    editing = entry.editing.target if entry.editing else None
    for index in sorted({i for i, _ in layoffs}):
        cards = " ".join(c.label for i, c in layoffs if i == index)
        meld = meld_name(rounds, index, t)
        key = rounds.melds[index].key
        # the tap names the meld by its key and the tile is keyed by it: a
        # tap sent before another device moved the lay-offs opens the
        # lay-off the person saw (as the meld tiles and Delete meld do)
        box = tile(
            ft.Text(t("Laid off {cards} on {meld}", cards=cards, meld=meld), size=17),
            partial(act, entry.lay_off_on, name, key),
            f"round-layoff-{seat}-{index}",
            t("Lay-off on {meld}", meld=meld),
            selected=editing == Target("layoff", name, index),
        )
        box.key = f"layoff-{name}-{key}"
        out.append(box)
    buttons = [
        labelled_button(
            f"round-add-meld-{seat}",
            t("Meld"),
            ft.Icons.ADD,
            lambda: act(entry.new_meld, name),
        ),
        labelled_button(
            f"round-add-layoff-{seat}",
            t("Lay off"),
            ft.Icons.CALL_MERGE,
            lambda: act(entry.start_layoff, name),
        ),
        labelled_button(
            f"round-pile-{seat}",
            t("All at once"),
            ft.Icons.AUTO_AWESOME,
            lambda: act(entry.edit_pile, name),
        ),
    ]
    out.append(ft.Row(buttons, wrap=True, spacing=6, run_spacing=6))
    below = rounds.below_opening(name)
    if below is not None:  # issue 18.5: a warning, the table may play otherwise
        warning = opening_warning(rounds, name, below, t)
        out.append(warning_box(f"round-opening-warning-{seat}", warning))
    if entry.laying_off == name and entry.editing is None:
        out.append(layoff_choice(entry, seat, name, t, act))
    return out


def layoff_choice(
    entry: RoundEntryModel, seat: int, name: str, t: Translator, act: Act
) -> ft.Control:
    """Which meld does ``name`` lay off on? One button per meld on the table."""
    rounds = entry.rounds
    options: list[ft.Control] = []
    for index, meld in enumerate(rounds.melds):
        if meld.owner == name:
            continue
        verdict = rounds.verdict(index)
        shown = verdict.cards if verdict.valid else meld.plain
        text = f"{meld_name(rounds, index, t)}: " + " ".join(c.label for c in shown)
        option = labelled_button(
            f"round-layoff-on-{seat}-{index}",
            text,
            None,
            lambda _e=None, k=meld.key: act(entry.lay_off_on, name, k),
        )
        # keyed: a tap sent before another device's meld moved this one
        # down the list still lands on the meld the person saw
        option.key = f"layoff-on-{meld.key}"
        options.append(option)
    if not options:
        options.append(
            ft.Text(t("No melds of other players on the table yet."), size=16)
        )
    return ft.Column(
        [ft.Text(t("{name} lays off on:", name=name), size=17), *options], spacing=6
    )


def player_panel(scope: Scope, seat: int, name: str, score: PlayerScore) -> ft.Control:
    """Everything one player put on the table or kept in hand, with the score."""
    entry, t, act = scope.entry, scope.t, scope.act
    plus = entry.rounds.rules.is_plus
    header = ft.Row(
        [
            ft.Container(width=14, height=14, border_radius=7, bgcolor=colour(seat)),
            one_line(name, 21, weight=ft.FontWeight.BOLD),
            ft.Text(
                signed(score.score, t) if plus else t.number(score.score),
                size=22,
                weight=ft.FontWeight.BOLD,
            ),
        ],
        spacing=8,
    )
    if entry.together:
        header.controls.insert(2, status_mark(entry, name, t))
    items: list[ft.Control] = [header, ft.Text(score_line(score, plus, t), size=15)]
    part = PlayerPart(scope, seat, name)
    if entry.show_melds:
        items.append(ft.Text(t("On the table"), size=17, weight=ft.FontWeight.W_600))
        items += _melds(part)
    items.append(ft.Text(t("Hand"), size=17, weight=ft.FontWeight.W_600))
    items += hand_part(part)
    done = done_button(entry, seat, name, t, act) if entry.seat is None else None
    if done is not None:  # the host's page (a phone has it in its header)
        items.append(done)
    return player_box(seat, items)
