"""Translated explanations the screens show: meld reasons, rule knobs, presets.

Keys are the stable codes of ``docs/formats.md`` (reason codes) and
``docs/rules.md`` (knob keys, preset ids). Every text is English source marked
with ``N_`` and translated with the given
:class:`~jolly_scorer.i18n.Translator` ``t``; see ``i18n.py`` for how to add
or change a string.

>>> from jolly_scorer.i18n import Translator
>>> reason_text("duplicate_suit", Translator("en"))
'A group may not hold two cards of the same suit.'
>>> knob_label("closing_bonus", Translator("de"))
'Bonus fürs Zudrehen'
"""

from __future__ import annotations

from jolly_scorer.core.rules import Rules, find_rules
from jolly_scorer.i18n import N_, Translator

__all__ = [
    "KNOB_KEYS",
    "PRESET_IDS",
    "REASON_CODES",
    "COMMON_LABELS",
    "card_name",
    "host_only_words",
    "knob_label",
    "play_rules",
    "preset_description",
    "preset_name",
    "reason_text",
]

#: Words most screens need; marked here so every catalog has them.
COMMON_LABELS: tuple[str, ...] = (
    N_("Save"),
    N_("Cancel"),
    N_("Delete"),
    N_("Undo"),
    N_("Back"),
    N_("OK"),
    N_("Settings"),
    N_("Language"),
    N_("Larger cards"),
    N_("Four-colour suits"),
)

_REASONS: dict[str, str] = {
    "too_few_cards": N_("A meld needs at least three cards."),
    "joker_only": N_("A meld cannot be made of jokers alone; it needs natural cards."),
    "too_many_jokers": N_(
        "This meld has more jokers than the rules allow for its natural cards."
    ),
    "duplicate_suit": N_("A group may not hold two cards of the same suit."),
    "group_too_large": N_("A group has at most four cards, one of each suit."),
    "mixed_suits": N_("All cards of a run must be of the same suit."),
    "duplicate_rank": N_("A run may not hold the same rank twice."),
    "not_consecutive": N_("The cards of a run must follow each other without gaps."),
    "out_of_range": N_("The run would go past the ace; there is no card there."),
    "wrap_around": N_("A run may not go round the corner (K-A-2) under these rules."),
    "ace_both_ends": N_("A run may not have an ace at both ends under these rules."),
    "adjacent_jokers": N_("Two jokers may not lie side by side in a run."),
    "declared_joker_mismatch": N_(
        "The joker is declared as a card that does not fit in this meld."
    ),
    "invalid_combination": N_("These cards form neither a group nor a run."),
    "too_many_copies": N_(
        "More copies of a card (or more jokers) than the pack holds."
    ),
}

_KNOBS: dict[str, str] = {
    "jokers": N_("Jokers in the pack"),
    "players_min": N_("Fewest players"),
    "players_max": N_("Most players"),
    "hand_size": N_("Cards dealt to each player"),
    "hand_max": N_("Most cards a hand may hold"),
    "opening_min": N_("Points needed for the first lay-down"),
    "opening_waived_going_out": N_("No minimum when all cards go down in one turn"),
    "min_naturals": N_("Natural cards every meld needs"),
    "jokers_at_most_naturals": N_("No more jokers than natural cards in a meld"),
    "max_jokers_per_meld": N_("Most jokers in one meld"),
    "max_jokers_in_group": N_("Most jokers in one group"),
    "adjacent_jokers": N_("Two jokers may lie side by side in a run"),
    "wrap_around": N_("Runs may go round the corner (K-A-2)"),
    "ace_both_ends": N_("A run may have an ace at both ends (A-2-...-K-A)"),
    "ace_low": N_("Ace before a 2 (A-2-3) is worth"),
    "ace_high": N_("Ace after a king (Q-K-A) is worth"),
    "ace_in_group": N_("Ace in a group of aces is worth"),
    "face_value": N_("Jack, queen and king are worth"),
    "penalty_ace": N_("Penalty for an ace left in hand"),
    "penalty_face": N_("Penalty for a jack, queen or king left in hand"),
    "penalty_joker": N_("Penalty for a joker left in hand"),
    "scoring": N_("Scoring"),
    "closing_bonus": N_("Bonus for going out"),
    "handglatt_bonus": N_("Bonus for going out in one turn (Handglatt)"),
    "handglatt_multiplier": N_(
        "Other players' penalty points multiplied after a Handglatt"
    ),
    "target": N_("Target score (race) or limit (penalty scoring)"),
    "target_inclusive": N_("Reaching the target exactly counts"),
    "rounds_limit": N_("Number of rounds agreed"),
}

_PRESET_NAMES: dict[str, str] = {
    "jolly_at": N_("Jolly (Austria)"),
    "rommi_fi": N_("Rommi (Finland)"),
    "romme_de": N_("Rommé (Germany)"),
}

_PRESETS: dict[str, str] = {
    "jolly_at": N_(
        "Austrian Jolly: 6 jokers, open with 30, good points minus bad points, "
        "bonus for going out, first to 500 wins."
    ),
    "rommi_fi": N_(
        "Finnish rommi: 4 jokers, open with 40, penalty points for cards left "
        "in hand, lowest total wins."
    ),
    "romme_de": N_(
        "German Rommé: 6 jokers, open with 40, penalty points for cards left in "
        "hand, doubled after a Handglatt, lowest total wins."
    ),
}

_DRAW_AT = N_(
    "Draw one card from the stock or, once you have opened, take any number of "
    "cards from the discard pile."
)
_DRAW_TOP = N_("Draw one card from the stock or take the top card of the discard pile.")
_FIRST_LAYDOWN = N_(
    "Your first lay-down must be worth at least {points} points together."
)
_FIRST_LAYDOWN_WAIVED = N_("Putting all your cards down in one turn needs no minimum.")
_LAY_OFF = N_("You may lay cards off on any meld only after your own opening.")
_JOKER_SWAP_AT = N_(
    "You may exchange a joker on the table for the natural card it stands for; "
    "in a group only once the fourth card lies there."
)
_JOKER_SWAP = N_(
    "After your opening you may exchange a joker on the table for the natural "
    "card it stands for, and must use the joker at once."
)
_DISCARD = N_("End your turn by discarding one card.")
_HAND_MAX = N_("You may never hold more than {cards} cards.")

_RANKS: dict[str, str] = {
    "A": N_("Ace"),
    "K": N_("King"),
    "Q": N_("Queen"),
    "J": N_("Jack"),
}
_SUITS: dict[str, str] = {
    "h": N_("hearts"),
    "d": N_("diamonds"),
    "c": N_("clubs"),
    "s": N_("spades"),
}

REASON_CODES: tuple[str, ...] = tuple(_REASONS)
KNOB_KEYS: tuple[str, ...] = tuple(_KNOBS)
PRESET_IDS: tuple[str, ...] = tuple(_PRESETS)


def reason_text(code: str, t: Translator) -> str:
    """The sentence saying why a meld is invalid (a reason code of ``docs/formats.md``).

    An unknown code gives a generic sentence rather than failing a screen.
    """
    return t(_REASONS.get(code, _REASONS["invalid_combination"]))


def knob_label(key: str, t: Translator) -> str:
    """The label of a rule knob (``docs/rules.md``); unknown keys are shown as-is."""
    return t(_KNOBS[key]) if key in _KNOBS else key


def preset_name(preset_id: str, t: Translator) -> str:
    """``'Jolly (Austria)'`` for ``'jolly_at'``."""
    return t(_PRESET_NAMES[preset_id]) if preset_id in _PRESET_NAMES else preset_id


#: The presets' descriptions with the game's target in them.
_PRESETS_TO: dict[str, str] = {
    "jolly_at": N_(
        "Austrian Jolly: 6 jokers, open with 30, good points minus bad points, "
        "bonus for going out, first to {target} wins."
    ),
    "rommi_fi": N_(
        "Finnish rommi: 4 jokers, open with 40, penalty points for cards left "
        "in hand; the game ends when someone reaches {target}, lowest total wins."
    ),
    "romme_de": N_(
        "German Rommé: 6 jokers, open with 40, penalty points for cards left in "
        "hand, doubled after a Handglatt; the game ends when someone has more "
        "than {target}, lowest total wins."
    ),
}


def preset_description(preset_id: str, t: Translator, target: int | None = None) -> str:
    """One line describing a preset; with ``target``, the game's target in it.

    >>> from jolly_scorer.i18n import Translator
    >>> preset_description("jolly_at", Translator("en"), target=300)[-18:]
    'first to 300 wins.'

    :raises KeyError: for an unknown preset id.
    """
    if target is None:
        return t(_PRESETS[preset_id])
    return t(_PRESETS_TO[preset_id], target=t.number(target))


def play_rules(rules: Rules | str, t: Translator) -> list[str]:
    """The play rules the app explains but does not score (``docs/rules.md``).

    Built from the rules' own values, so house rules are explained as played;
    a preset id stands for that preset.

    >>> from jolly_scorer.i18n import Translator
    >>> lines = play_rules(find_rules("rommi_fi").replace(opening_min=50), Translator())
    >>> lines[1]
    'Your first lay-down must be worth at least 50 points together.'

    :raises RulesError: for an unknown preset id.
    """
    rules = find_rules(rules) if isinstance(rules, str) else rules
    austrian = rules.base == "jolly_at"
    lines = [t(_DRAW_AT if austrian else _DRAW_TOP)]
    if rules.hand_max is not None:
        lines.append(t(_HAND_MAX, cards=rules.hand_max))
    lines.append(t(_FIRST_LAYDOWN, points=rules.opening_min))
    if rules.opening_waived_going_out:
        lines.append(t(_FIRST_LAYDOWN_WAIVED))
    lines += [t(_LAY_OFF), t(_JOKER_SWAP_AT if austrian else _JOKER_SWAP), t(_DISCARD)]
    return lines


def card_name(card: str, t: Translator) -> str:
    """Spoken name of a card in canonical notation, for accessibility labels.

    >>> from jolly_scorer.i18n import Translator
    >>> en = Translator("en")
    >>> card_name("7h", en), card_name("Qs", en), card_name("X=10d", en)
    ('7 of hearts', 'Queen of spades', 'Joker as 10 of diamonds')
    >>> card_name("X", Translator("de"))
    'Joker'
    """
    if card.upper().startswith("X"):
        _, _, declared = card.partition("=")
        if declared:
            return t("Joker as {card}", card=card_name(declared, t))
        return t("Joker")
    rank, suit = card[:-1], card[-1].lower()
    rank_text = t(_RANKS[rank]) if rank in _RANKS else rank
    return t("{rank} of {suit}", rank=rank_text, suit=t(_SUITS[suit]))


def host_only_words(t: Translator, club: bool = False) -> str:
    """Where a joined phone's Undo and "finish the game" are (issue 34.12):
    the host's device, or at a club table the organiser's (who opens the
    table's game from the evening's tables).

    >>> from jolly_scorer.i18n import Translator
    >>> host_only_words(Translator("de"), club=True)
    'Rückgängig und Spiel beenden macht die Turnierleitung.'
    """
    if club:
        return t("Undo and finishing the game are the organiser's.")
    return t("Undo and finishing the game are on the host's device.")
