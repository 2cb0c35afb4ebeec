"""The phone app's loading screen, kept still until the app's first screen
(issue 36): the changes ``build-web`` makes for it to Flet's ``main.dart.js``,
``index.html``, ``flutter_bootstrap.js`` and ``python.js``, in one place, each
anchored on Flet 1.0.5's text (a Flet upgrade that moves an anchor stops the
build: ``tests/web/test_build_web.py``, ``tests/web/test_loading_screen.py``).

Flet's page shows ``index.html``'s loading screen (the app's logo, a still
image) until Flutter's first frame, then the client's own boot screen until
the app's first screen: a spinning ring and the words "Working..." (in English,
whatever the phone's language). Flutter draws a spinning ring anew at every
frame, and in the browser each frame is drawn whole (CanvasKit: the page's
main thread, then the GPU process): on two cores those frames ran beside the
worker starting Python and beside the page taking its answers
(docs/performance.md, "Ninth pass"). Now:

* ``main.dart.js``: the client's default boot screen has no ring and no words
  (its options ``spinner_size`` 0, ``startup_message`` ""): nothing moves, so
  Flutter draws it once;
* ``index.html``: the loading screen lies over Flutter's view (which covered
  it from Flutter's first frame: the boot screen showed instead);
* ``flutter_bootstrap.js``: the loading screen is not taken away at Flutter's
  first frame (at the latest :data:`FALLBACK_MS` after it);
* ``python.js``: it is taken away when the app says its first screen was sent
  (:data:`SHOWN`, a packet of a type of its own that the app sends after the
  screen's messages, through the same ordered channel:
  ``web/browser.py``), two frames later, when Flutter has drawn it; at once
  when Python fails to start (Flet's error then shows).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

__all__ = ["FALLBACK_MS", "SHOWN", "is_still", "keep_loading_screen", "needs_still"]

#: The app's message to the page that its first screen was sent: Flet's
#: packets start with their type (0x00 protocol, 0x01 data channel; Flet's
#: client drops any other), this one is the page's own (python.js).
SHOWN = b"\xffjolly-scorer: first screen sent"
#: The loading screen goes at the latest this long after Flutter's first
#: frame, should the app never say so (ms)
FALLBACK_MS = 60000

# -- main.dart.js: the client's default boot screen options -----------------------

#: ``{spinner_size: 30, startup_message: "Working..."}`` in the minified
#: client, as a constant map's keys and values
BOOT_KEYS = "{spinner_size:0,startup_message:1}"
BOOT_VALUES = re.compile(r'\[30,"Working\.\.\."\]')
STILL_VALUES = '[0,""]'

# -- index.html: the loading screen over Flutter's view --------------------------

LOADING_STYLE = "      #loading {\n        position: fixed;\n        inset: 0;\n"
ON_TOP = LOADING_STYLE + "        z-index: 2147483647;\n"

# -- flutter_bootstrap.js -----------------------------------------------------------

FIRST_FRAME = "    document.getElementById('loading')?.remove();\n"
KEPT_AT_FIRST_FRAME = (
    "    // jolly-scorer (build-web): the loading screen stays until the app's\n"
    "    // first screen is drawn (python.js, jolly_scorer/web/loading.py)\n"
    "    setTimeout(() => document.getElementById('loading')?.remove(), "
    f"{FALLBACK_MS});\n"
)

# -- python.js ----------------------------------------------------------------------

PY_ANCHOR_TOP = "let _apps = {};\n"
PY_SHOWN = """let _apps = {};
// jolly-scorer (build-web): index.html's loading screen goes when the app's
// first screen is drawn, `frames` frames from now (jolly_scorer/web/loading.py)
globalThis.jollyShown = (frames) => {
    const mark = (name) => globalThis.jollyMark && jollyMark(name);
    mark("page: told the first screen was sent");
    const away = (left) => {
        if (left > 0) return requestAnimationFrame(() => away(left - 1));
        document.getElementById("loading")?.remove();
        mark("page: loading screen gone");
    };
    away(frames);
};
"""
PY_ANCHOR_MESSAGE = """        } else {
            app.dartOnMessage(event.data);
        }
"""
PY_MESSAGE = """        } else if (event.data instanceof Uint8Array
                && event.data[0] === 0xff) {
            // jolly-scorer: the app's first screen was sent before this,
            // Flutter draws it in the next frame
            globalThis.jollyShown && jollyShown(2);
        } else {
            app.dartOnMessage(event.data);
        }
"""
PY_ANCHOR_ERROR = '        console.error("Python worker init error:", error);\n'
PY_ERROR = "        globalThis.jollyShown && jollyShown(0);\n" + PY_ANCHOR_ERROR

_FILES = ("main.dart.js", "index.html", "flutter_bootstrap.js", "python.js")


def _read(dist: Path, name: str) -> str:
    path = dist / name
    return path.read_text(encoding="utf-8") if path.is_file() else ""


def needs_still(dist: Path) -> bool:
    """Every anchor of Flet's output is there, unchanged."""
    client, index, bootstrap, python = (_read(dist, name) for name in _FILES)
    return (
        BOOT_KEYS in client
        and len(BOOT_VALUES.findall(client)) == 1
        and index.count(LOADING_STYLE) == 1
        and bootstrap.count(FIRST_FRAME) == 1
        and python.count(PY_ANCHOR_TOP) == 1
        and python.count(PY_ANCHOR_MESSAGE) == 1
        and python.count(PY_ANCHOR_ERROR) == 1
    )


def _python_js(text: str) -> str:
    text = text.replace(PY_ANCHOR_TOP, PY_SHOWN)
    return text.replace(PY_ANCHOR_MESSAGE, PY_MESSAGE).replace(
        PY_ANCHOR_ERROR, PY_ERROR
    )


#: Each file's change
CHANGES: dict[str, Callable[[str], str]] = {
    "main.dart.js": lambda text: BOOT_VALUES.sub(STILL_VALUES, text, count=1),
    "index.html": lambda text: text.replace(LOADING_STYLE, ON_TOP),
    "flutter_bootstrap.js": lambda text: text.replace(FIRST_FRAME, KEPT_AT_FIRST_FRAME),
    "python.js": _python_js,
}


def keep_loading_screen(dist: Path) -> None:
    """Apply the four changes to a published site."""
    for name, change in CHANGES.items():
        path = dist / name
        path.write_text(change(path.read_text(encoding="utf-8")), encoding="utf-8")


def is_still(dist: Path) -> bool:
    """The four changes are in the site."""
    client, index, bootstrap, python = (_read(dist, name) for name in _FILES)
    return (
        not BOOT_VALUES.search(client)
        and ON_TOP in index
        and KEPT_AT_FIRST_FRAME in bootstrap
        and FIRST_FRAME not in bootstrap
        and "jollyShown(2)" in python
        and "jollyShown(0)" in python
    )
