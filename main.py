"""The app's entry point for ``flet build apk`` / ``flet build ipa`` (a store
app; ``[tool.flet]`` in pyproject.toml). The command line is ``jolly-scorer``.

In a built app Flet names the app's private data folder in
``FLET_APP_STORAGE_DATA``: the games database lives there.
"""

import os

import flet as ft

from jolly_scorer.ui.app import main


def session(page: ft.Page) -> None:
    main(page, os.environ.get("FLET_APP_STORAGE_DATA") or None)


if __name__ == "__main__":
    ft.run(session, assets_dir="assets")
