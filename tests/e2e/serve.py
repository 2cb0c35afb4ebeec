"""Serve a Flet app in web mode for the browser tests (run as a subprocess).

    python tests/e2e/serve.py MODULE:CALLABLE --port N [--assets DIR]
        [--renderer auto|canvaskit|skwasm]

``MODULE`` is imported with the repository root and ``tests/e2e`` on
``sys.path``; ``CALLABLE`` is a ``main(page)`` function. Always binds
127.0.0.1 and serves the renderer locally (``no_cdn=True``).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
DEFAULT_ASSETS = ROOT / "jolly_scorer" / "ui" / "assets"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("target")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--assets", default=str(DEFAULT_ASSETS))
    parser.add_argument("--renderer", default="auto")
    args = parser.parse_args()

    sys.path[:0] = [str(ROOT), str(HERE)]
    module_name, _, attr = args.target.partition(":")
    app_main = getattr(importlib.import_module(module_name), attr or "main")

    import flet as ft

    ft.run(
        app_main,
        view=ft.AppView.WEB_BROWSER,
        host="127.0.0.1",
        port=args.port,
        assets_dir=args.assets if Path(args.assets).is_dir() else None,
        web_renderer=ft.WebRenderer(args.renderer),
        no_cdn=True,
    )


if __name__ == "__main__":
    main()
