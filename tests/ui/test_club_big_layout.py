"""The big screen's layout (``ui/models/club/big.py``, issue 35): on a
projector every player of the evening is in sight with the text as large as
fits; the browser check is ``tests/e2e/test_club_fit_browser.py``."""

from __future__ import annotations

import pytest

from jolly_scorer.ui.models.club.big import (
    AROUND_NAME,
    CHAR,
    GAP,
    LINE,
    SIDES,
    big_layout,
    chrome,
)


def fits(count: int, width: int, height: int, name: int = 8) -> tuple[int, int]:
    layout = big_layout(count, width, height, longest_name=name, buttons=3)
    assert layout.columns * layout.rows >= count
    used = chrome(width, 3, False) + layout.rows * (LINE * layout.size + 1)
    assert used <= height, (count, width, height, layout)
    room = width - SIDES - layout.rule_width - GAP
    room -= (layout.columns - 1) * GAP
    need = layout.columns * layout.size * (AROUND_NAME + max(5, CHAR * name))
    assert need <= room, (count, width, layout)
    return layout.columns, layout.size


@pytest.mark.parametrize(
    ("count", "width", "height", "smallest"),
    [
        (8, 1280, 800, 30),
        (12, 1280, 800, 24),
        (12, 1920, 1080, 40),
        (16, 1280, 800, 24),
        (24, 1280, 800, 20),
        (24, 1920, 1080, 30),
        (40, 1920, 1080, 24),
    ],
)
def test_every_player_in_sight_on_a_projector(count, width, height, smallest):
    columns, size = fits(count, width, height)
    assert size >= smallest, (count, width, columns, size)


def test_more_players_take_more_columns_not_smaller_single_lines():
    assert fits(8, 1920, 1080)[0] == 1
    assert fits(24, 1920, 1080)[0] >= 2


def test_a_phone_keeps_one_column_as_wide_as_it_is():
    layout = big_layout(8, 390, 844, longest_name=8, buttons=3)
    assert (layout.columns, layout.rule_beside) == (1, False)
    assert layout.size * (AROUND_NAME + 5) <= 390 - SIDES
