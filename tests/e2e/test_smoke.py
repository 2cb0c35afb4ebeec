"""Browser smoke test: the sample app loads, reacts, and draws card suits."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("viewport", ["phone", "desktop"])
def test_sample_app_in_chromium(web_app, viewport):
    app = web_app("sample_app:main", viewport=viewport, wait_text="Sample ready")
    app.by_id("add").click()
    app.by_id("add").click()
    app.wait_text("Count 2")
    app.type_into(app.page.get_by_role("textbox"), "Anna")
    app.wait_text("Hello Anna")
    shot = app.screenshot(f"smoke-{viewport}")
    assert shot.stat().st_size > 1000
