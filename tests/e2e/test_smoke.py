"""Browser smoke test: the sample app loads, reacts, and draws card suits."""

from __future__ import annotations

import os

import pytest

from conftest import README_SCREENSHOTS, SCREENSHOTS

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("viewport", ["phone", "desktop"])
def test_sample_app_in_chromium(web_app, viewport):
    app = web_app("sample_app:main", viewport=viewport, wait_text="Sample ready")
    app.tap_and_wait(app.by_id("add"), "Count 1")
    app.tap_and_wait(app.by_id("add"), "Count 2")
    app.type_into(app.page.get_by_role("textbox"), "Anna")
    app.wait_text("Hello Anna")
    app.replace_text(app.page.get_by_role("textbox"), "Ben")
    app.wait_text("Hello Ben")
    app.wait_gone("Hello Anna")
    shot = app.screenshot(f"smoke-{viewport}")
    assert shot.parent == SCREENSHOTS
    if not os.environ.get("JOLLY_SCREENSHOTS"):
        assert README_SCREENSHOTS not in shot.parents  # the README's pictures stay
    assert shot.stat().st_size > 1000
