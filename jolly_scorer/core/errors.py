"""The exceptions of the rules engine, all rooted in :class:`ValueError`."""

from __future__ import annotations


class JollyError(ValueError):
    """Base class of every error the rules engine raises on bad input."""


class CardError(JollyError):
    """A card token that is not valid notation."""


class RulesError(JollyError):
    """An unknown preset, an unknown rules key or a knob value of the wrong type."""


class GameFileError(JollyError):
    """A game or round that cannot be scored; the message names the place."""


class HandError(JollyError):
    """A hand that cannot exist: more copies of a card than the pack holds."""


class TooManyCards(HandError):
    """More cards than the arranger takes (more than a player holds at the table)."""


class ArrangeTimeout(JollyError):
    """The best lay-down was not found within the time limit."""


class ClubError(JollyError):
    """A club event, seating, conversion table or result that cannot be."""
