"""What a failed browser test leaves behind is taken within bounds, even from
a page whose script hangs: ``page.evaluate`` would wait for ever there, and
once held a CI run at the teardown of a failed test until the run's limit."""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from conftest import dump_pages

#: A page whose script never yields, from its first script on. It must be
#: busy before any wait starts: a Playwright wait (``wait_for_function``,
#: ``wait_for``) whose page turns busy *while* it polls does not time out.
#: At its timeout it asks the page to stop polling and awaits that answer
#: without a bound (Playwright 1.65, ``waitForFunctionExpression``), so it
#: waits as long as the page is busy; a page already busy when the wait
#: starts is reported at the timeout. (This test waited 300 s for a page
#: whose loop started 50 ms after it was asked for, about one run in ten.)
HUNG = (
    "data:text/html,<p>busy</p><script>"
    "function spin() { while (true) {} } spin();</script>"
)


@pytest.mark.browser
def test_a_hung_page_is_reported_not_waited_for(chromium, tmp_path):
    context = chromium.new_context()
    page = context.new_page()
    page.goto(HUNG, wait_until="commit")  # the browser's commit, no script
    with pytest.raises(PlaywrightTimeout):
        page.wait_for_function("() => true", timeout=2_000)
    dump_pages(tmp_path, "hung", [context])
    text = (tmp_path / "hung-1.txt").read_text()
    assert text.startswith("url: ")
    assert "no semantics" in text
    assert "  spin " in text  # where its script is (the debugger's pause)
    context.close()
