"""Review of the live table's joining (this session's reviewer)."""

from __future__ import annotations

import pytest

from jolly_scorer.ui.table import MAX_DEVICES, Table


@pytest.mark.xfail(
    strict=True,
    reason="Table._add evicts the oldest device when MAX_DEVICES is reached, "
    "whoever it is: opening the viewer link 64 times throws out the phones "
    "entering the round (their pages are closed, their cookies stop working)",
)
def test_viewers_opening_the_link_do_not_throw_out_the_players_phones() -> None:
    table = Table()
    table.join_with_token(table.host_token, "10.0.0.1", "host")
    phone = table.join_with_token(table.join_token, "10.0.0.2", "Ben's phone")
    assert phone is not None
    access = table.access(phone)
    assert access is not None
    table.connected(access, +1)  # Ben's page is open
    table.allow_viewers(True)
    for n in range(MAX_DEVICES):  # the link shared in a group chat, say
        assert table.join_with_token(table.view_token, f"10.0.1.{n}", "viewer")
    again = table.access(phone)
    assert again is not None and again.role == "guest"  # fails: None
