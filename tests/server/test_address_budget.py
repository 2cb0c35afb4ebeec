"""Issue 38.5: 30 pages at 35 frames/s each held every bystander up 1.9-3.0 s.
The pages of one address share one budget of frames on the server; frames
over it wait (none is dropped: it may be a typed number), other addresses'
pages are not held up."""

from __future__ import annotations

from jolly_scorer.server.frames import (
    _ADDRESSES,
    ADDRESS_BURST,
    ADDRESS_RATE,
    AddressBudget,
    address_budget,
    address_done,
)


def test_thirty_pages_of_one_address_share_its_rate() -> None:
    now = [0.0]
    budget = AddressBudget(clock=lambda: now[0])
    other = AddressBudget(clock=lambda: now[0])
    sent = 0
    waited_at_most = 0.0
    for _ in range(10 * 35):  # ten seconds: each tick, 30 pages send a frame
        for _ in range(30 // 10):
            for _ in range(10):
                waited_at_most = max(waited_at_most, budget.wait())
                sent += 1
        now[0] += 1 / 35
        assert other.wait() == 0.0  # a bystander's frame goes at once
    # the frames let through at once: the burst and the rate, no more
    assert budget.tokens < 0
    owed = -budget.tokens / ADDRESS_RATE
    assert sent - ADDRESS_BURST - ADDRESS_RATE * now[0] <= ADDRESS_RATE * owed + 1
    assert waited_at_most > 1.0  # the flooding address waits, nobody else


def test_a_persons_taps_never_wait() -> None:
    now = [0.0]
    budget = AddressBudget(clock=lambda: now[0])
    for _ in range(600):  # a minute at 10 frames a second from two tabs
        now[0] += 0.1
        assert budget.wait() == 0.0 and budget.wait() == 0.0


def test_the_budget_goes_with_the_addresss_last_page() -> None:
    first = address_budget("127.0.0.9")
    assert address_budget("127.0.0.9") is first
    address_done("127.0.0.9")
    assert "127.0.0.9" in _ADDRESSES
    address_done("127.0.0.9")
    assert "127.0.0.9" not in _ADDRESSES


def test_a_flood_from_the_hosts_computer_has_a_budget_too() -> None:
    """Issue 38, what was left: 127.0.0.1 had no budget (so that the host's
    tests kept their speed), so 30 busy pages from there held every other
    page up as before. Only the host's own page session goes free."""
    loopback = address_budget("127.0.0.1")
    assert loopback is not None and address_budget("::1") is not None
    assert address_budget("127.0.0.1", host=True) is None
    assert "127.0.0.1" in _ADDRESSES
    now = [0.0]
    loopback.clock = lambda: now[0]
    loopback.at = 0.0
    waited = [loopback.wait() for _ in range(30 * 35)]  # 30 pages, one second
    assert waited[ADDRESS_BURST - 1] == 0.0 and waited[-1] > 10
    address_done("127.0.0.1")
    address_done("::1")
    assert "127.0.0.1" not in _ADDRESSES


def test_the_hosts_own_page_has_no_budget() -> None:
    from jolly_scorer.server.web import _is_host
    from jolly_scorer.tables.table import Access

    assert _is_host(Access("host", "x"))
    assert not any(_is_host(a) for a in (None, Access("local"), Access("guest", "x")))
    assert not _is_host(Access("viewer", "x"))
