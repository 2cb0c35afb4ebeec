"""Refresh the README's pictures: a deliberate command, never a side effect of tests.

    uv run python -m tests.e2e.refresh_screenshots [--all] [PYTEST_ARGS...]

Runs the browser tests that take screenshots with ``JOLLY_SCREENSHOTS`` set to
``build/screenshots/refresh`` (a clean, ignored folder), then copies every
picture ``README.md`` shows (``assets/screenshots/NAME.png``) from there into
``assets/screenshots/``; ``--all`` copies every screenshot the tests took.
Extra arguments go to pytest (e.g. ``-k phone``). Exit status 1 when the tests
fail or a picture the README shows was not taken.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
E2E = ROOT / "tests" / "e2e"
ASSETS = ROOT / "assets" / "screenshots"
OUT = ROOT / "build" / "screenshots" / "refresh"
SHOWN = re.compile(r"assets/screenshots/([\w.-]+\.png)")


def readme_pictures(readme: Path = ROOT / "README.md") -> list[str]:
    """The file names of the screenshots the README shows, in order, once each."""
    return list(dict.fromkeys(SHOWN.findall(readme.read_text(encoding="utf-8"))))


def screenshot_tests() -> list[str]:
    """The browser test files that take screenshots."""
    return sorted(
        str(path.relative_to(ROOT))
        for path in E2E.glob("test_*.py")
        if ".screenshot(" in path.read_text(encoding="utf-8")
        or "shoot(" in path.read_text(encoding="utf-8")
        or "shoot_page(" in path.read_text(encoding="utf-8")
    )


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    copy_all = "--all" in args
    args = [a for a in args if a != "--all"]
    shutil.rmtree(OUT, ignore_errors=True)
    OUT.mkdir(parents=True)
    env = {
        **os.environ,
        "JOLLY_SCREENSHOTS": str(OUT),
        "JOLLY_REQUIRE_BROWSER": "1",
    }
    command = [sys.executable, "-m", "pytest", "-m", "browser", *screenshot_tests()]
    status = subprocess.run([*command, *args], cwd=ROOT, env=env).returncode
    taken = {path.name for path in OUT.glob("*.png")}
    wanted = sorted(taken) if copy_all else readme_pictures()
    ASSETS.mkdir(parents=True, exist_ok=True)
    missing = [name for name in wanted if name not in taken]
    for name in wanted:
        if name in taken:
            shutil.copyfile(OUT / name, ASSETS / name)
    print(f"copied {len(wanted) - len(missing)} pictures into {ASSETS}")
    if missing:
        print(f"not taken (see the test output): {', '.join(missing)}")
    return 1 if status or missing else 0


if __name__ == "__main__":
    sys.exit(main())
