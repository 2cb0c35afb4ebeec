"""Serve a Flet app in web mode for the browser tests (run as a subprocess).

    python tests/e2e/serve.py MODULE:CALLABLE --port N [--assets DIR]
        [--renderer auto|canvaskit|skwasm]

``MODULE`` is imported with the repository root and ``tests/e2e`` on
``sys.path``; ``CALLABLE`` is a ``main(page)`` function. Served by the app's
own server (``jolly_scorer.server.web.serve``: its Origin checks, headers,
error containment and logging), so the browser tests go through what the
``app`` command serves. Always binds 127.0.0.1 and serves the renderer
locally; SIGTERM ends it cleanly. Prints ``jolly-scorer: ready at URL`` once
it listens (the server's own word: ``conftest.py`` waits for that line).
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
    parser.add_argument(
        "--renderer", default="auto", choices=["auto", "canvaskit", "skwasm"]
    )
    args = parser.parse_args()

    sys.path[:0] = [str(ROOT), str(HERE)]
    module_name, _, attr = args.target.partition(":")
    app_main = getattr(importlib.import_module(module_name), attr or "main")

    from jolly_scorer.server.web import serve

    def ready() -> None:
        print(f"jolly-scorer: ready at http://127.0.0.1:{args.port}/", flush=True)

    print(f"jolly-scorer: serving {args.target} on port {args.port}", flush=True)
    serve(
        app_main,
        host="127.0.0.1",
        port=args.port,
        assets_dir=args.assets if Path(args.assets).is_dir() else None,
        web_renderer=args.renderer,
        on_ready=ready,
    )


if __name__ == "__main__":
    main()
