"""Round entry's problems in words (no Flet): the names of places (``"Anna's
meld 2"``, ``"Ben's hand"``) and each problem as a sentence for the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from jolly_scorer.i18n import Translator
from jolly_scorer.ui.models.round import Place, Problem, RoundModel
from jolly_scorer.ui.texts import reason_text

__all__ = [
    "meld_name",
    "missing_text",
    "opening_warning",
    "opening_warnings",
    "place_name",
    "problem_text",
]


def meld_name(model: RoundModel, index: int, t: Translator) -> str:
    """``"Anna's meld 2"``: melds are numbered per owner."""
    owner = model.melds[index].owner
    number = model.melds_of(owner).index(index) + 1
    return t("{name}'s meld {n}", name=owner, n=number)


def place_name(model: RoundModel, place: Place, t: Translator) -> str:
    """Where a problem is, in words."""
    if place.kind == "meld" and place.meld is not None:
        return meld_name(model, place.meld, t)
    if place.kind == "hand":
        return t("{name}'s hand", name=place.player or "")
    if place.kind == "counted":
        return t("{name}'s points", name=place.player or "")
    return t("the discarded card")


def problem_text(model: RoundModel, problem: Problem, t: Translator) -> str:
    """One problem as a sentence for the table."""
    code = problem.code
    if code == "closer_missing":
        return t("Who went out? Choose a player, or Nobody.")
    if code == "invalid_meld" and problem.meld is not None:
        reason = problem.meld.reason
        return reason_text(reason.value if reason else "", t)
    if code == "empty_meld":
        return t("This meld has no cards yet.")
    if code == "hand_missing":
        return t(
            "Enter the cards left in {name}'s hand, or the points counted.",
            name=problem.place.player or "",
        )
    if code == "points_missing":
        return t("Still needs points: {names}.", names=problem.place.player or "")
    if code == "hand_too_large":
        return t("A hand holds at most {n} cards.", n=problem.count or 0)
    if code == "joker_too_many":
        text = t("A joker too many: the pack holds {n} jokers.", n=problem.count or 0)
    else:
        label = problem.card or ""
        try:
            from jolly_scorer.core.cards import parse_card

            label = parse_card(label).label
        except ValueError:
            pass
        text = t("A third {card}: the pack holds every card twice.", card=label)
    if problem.also:
        places = ", ".join(place_name(model, p, t) for p in problem.also)
        text += " " + t("Also in: {places}.", places=places)
    return text


def opening_warnings(model: RoundModel, t: Translator) -> list[str]:
    """Every player whose own melds cannot have opened, in words."""
    out = []
    for name in model.players:
        points = model.below_opening(name)
        if points is not None:
            out.append(opening_warning(model, name, points, t))
    return out


def opening_warning(model: RoundModel, name: str, points: int, t: Translator) -> str:
    return t(
        "{name}'s melds make {points} points: not enough to open (needs {n}).",
        name=name,
        points=points,
        n=model.rules.opening_min,
    )


def missing_text(model: RoundModel, problems: Sequence[Problem], t: Translator) -> str:
    """What keeps the round from being saved, in one line, for whom: who
    went out (not chosen yet), every player who still needs points (named,
    in seat order), and the first other problem with its place."""
    parts: list[str] = []
    if any(p.code == "closer_missing" for p in problems):
        parts.append(t("Who went out? Choose a player, or Nobody."))
    names = [p.place.player or "" for p in problems if p.code == "points_missing"]
    if names:
        parts.append(t("Still needs points: {names}.", names=", ".join(names)))
    others = [p for p in problems if p.code not in ("closer_missing", "points_missing")]
    if others:
        text = problem_text(model, others[0], t)
        if others[0].place.kind == "meld":
            text = f"{place_name(model, others[0].place, t)}: {text}"
        parts.append(text)
    return " ".join(parts)
