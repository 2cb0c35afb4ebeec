"""Round entry, one meld's tile in a player's panel: the cards, the verdict,
the lay-offs other players put on it and its problems."""

from __future__ import annotations

import flet as ft

from jolly_scorer.ui.models.problem_text import meld_name
from jolly_scorer.ui.models.round import Place, Target
from jolly_scorer.ui.screens.round_entry.editor.swap import reread_note
from jolly_scorer.ui.screens.round_entry.parts import tile
from jolly_scorer.ui.screens.round_entry.problems import problem_box
from jolly_scorer.ui.screens.round_entry.scope import use_scope
from jolly_scorer.ui.widgets.card_pieces import card_row, meld_verdict

__all__ = ["meld_tile"]


def meld_tile(seat: int, n: int, index: int) -> ft.Control:
    """The tile of meld ``index``, ``seat``'s meld ``n`` (from 0): its cards
    (a tap on a joker opens its readings), the verdict, who laid off on it and
    its problems. A kept part: the entry, translator, settings and handler
    come from the screen's scope."""
    scope = use_scope()
    entry, t, settings, act = scope.entry, scope.t, scope.settings, scope.act
    rounds = entry.rounds
    meld = rounds.melds[index]
    name = meld.owner
    verdict = rounds.verdict(index)
    shown = verdict.cards if verdict.valid else meld.plain
    target = Target("meld", name, index)

    def tap(position: int) -> None:
        if shown[position].is_joker:
            act(entry.open_joker, index)
        else:
            act(entry.edit, target)

    parts: list[ft.Control] = [card_row(shown, t, settings, on_tap=tap)]
    judged = entry.judged(index)
    if judged is not None:
        parts.append(meld_verdict(judged, t, f"round-verdict-{seat}-{n}"))
    elif not meld.cards:
        parts.append(ft.Text(t("No cards yet: tap to add."), size=16))
    for who in sorted({p.by for p in meld.cards if p.by is not None}):
        cards = " ".join(p.card.label for p in meld.cards if p.by == who)
        parts.append(
            ft.Text(t("{name} laid off {cards}", name=who, cards=cards), size=15)
        )
    note = reread_note(rounds, index, t, f"round-reread-{seat}-{n}")
    if note is not None:
        parts.append(note)
    problems = [
        p
        for p in rounds.problems_at(Place("meld", name, index))
        if p.code not in ("invalid_meld", "empty_meld")
    ]
    box = problem_box(rounds, problems, t, f"round-meld-problem-{seat}-{n}")
    if box is not None:
        parts.append(box)
    editing = entry.editing.target if entry.editing else None
    return tile(
        ft.Column(parts, spacing=6),
        lambda: act(entry.edit, target),
        f"round-meld-{seat}-{n}",
        meld_name(rounds, index, t),
        problem=judged is not None
        and not judged.valid
        or bool(problems)
        or note is not None,
        selected=editing == target,
    )
