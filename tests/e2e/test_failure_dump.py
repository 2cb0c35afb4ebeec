"""What a failed browser test leaves behind is taken within bounds, even from
a page whose script hangs: ``page.evaluate`` would wait for ever there, and
once held a CI run at the teardown of a failed test until the run's limit."""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from conftest import dump_pages


@pytest.mark.browser
def test_a_hung_page_is_reported_not_waited_for(chromium, tmp_path):
    context = chromium.new_context()
    page = context.new_page()
    page.set_content("<p>busy</p>")
    page.evaluate("() => setTimeout(() => { while (true) {} }, 50)")
    for _ in range(20):  # until the page no longer answers (a loaded machine
        try:  # may answer once more before the loop starts)
            page.wait_for_function("() => true", timeout=3_000)
        except PlaywrightTimeout:
            break
    else:
        pytest.fail("the page kept answering")
    dump_pages(tmp_path, "hung", [context])
    text = (tmp_path / "hung-1.txt").read_text()
    assert text.startswith("url: ")
    assert "no semantics" in text
    context.close()
