"""The phone app starts without the web server (issue 36).

What the built site's ``main.py`` imports, and the screens the worker's
memory snapshot holds (``ui/app.py``'s ``LATER_SCREENS``), are imported at
every first visit before the first screen. Through ``server/heavy.py`` the
server's modules brought ``multiprocessing`` and
``concurrent.futures.process`` with them: about 0.7 s of the first visit in
Pyodide, for worker processes a browser cannot start. The only server
module the phone app may import is ``server/flet_fixes.py`` (the one place
of Flet's fixes, applied in every way the app runs).
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys

from support.paths import ROOT

from jolly_scorer.ui.app import LATER_SCREENS
from jolly_scorer.web.build import MAIN_PY

NEVER = ("multiprocessing", "concurrent.futures.process", "fastapi", "uvicorn")
SERVER_ALLOWED = {"jolly_scorer.server", "jolly_scorer.server.flet_fixes"}


def main_py_imports() -> str:
    """The import statements of the site's ``main.py`` (not its ``run()``)."""
    tree = ast.parse(MAIN_PY)
    imports = [n for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom)]
    assert imports, MAIN_PY
    return "\n".join(ast.unparse(n) for n in imports)


def imported_at_start() -> set[str]:
    code = "\n".join(
        [
            "import importlib, json, sys",
            main_py_imports(),
            f"for name in {list(LATER_SCREENS)!r}:",
            "    importlib.import_module(name)",
            "print(json.dumps(sorted(sys.modules)))",
        ]
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return set(json.loads(done.stdout.splitlines()[-1]))


def test_the_phone_app_imports_no_server_and_no_process_pool() -> None:
    modules = imported_at_start()
    assert "jolly_scorer.web.browser" in modules
    never = sorted(
        m for m in modules if any(m == n or m.startswith(n + ".") for n in NEVER)
    )
    assert not never, never
    server = sorted(
        m
        for m in modules
        if m.startswith("jolly_scorer.server") and m not in SERVER_ALLOWED
    )
    assert not server, server
