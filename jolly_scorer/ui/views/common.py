"""Transitional re-export: the shared parts moved to ``jolly_scorer.ui.widgets``
(basics, buttons, screen). Only files of other branches still import from here;
the integrator rewrites their imports when merging and deletes this module."""

from jolly_scorer.ui.widgets.basics import MAX_WIDTH, card, colour, one_line, tagged
from jolly_scorer.ui.widgets.buttons import big_button, labelled_button
from jolly_scorer.ui.widgets.screen import messages, screen

__all__ = [
    "MAX_WIDTH",
    "big_button",
    "card",
    "colour",
    "labelled_button",
    "messages",
    "one_line",
    "screen",
    "tagged",
]
