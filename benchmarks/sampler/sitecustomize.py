"""A wall-clock stack sampler for a benchmark's server (``save_reach.py
--sample``): on ``PYTHONPATH`` this folder's ``sitecustomize`` starts a
thread that every 2 ms looks at every other thread's Python stack and, for
each thread not waiting (its innermost frame not in ``selectors``,
``threading`` or ``queue``), writes one line ``time<TAB>where<TAB>thread``
to ``$JOLLY_SAMPLE_OUT``: ``where`` is ``import`` if the stack is importing
a module, else the innermost frame of this app (``jolly_scorer/...py:function``)
or, if none, the innermost frame's package. A thread waiting for the GIL is
counted too: the figures are shares of the wall time, not CPU time."""

from __future__ import annotations

import os
import sys
import threading
import time

IDLE = ("selectors.py", "threading.py", "queue.py", "sitecustomize.py")


#: innermost frames of a thread that waits: the event loop's (uvloop waits
#: in C, under ``asyncio.run`` or the app's ``serve``; uvloop's own work in C,
#: the websockets' writes, is then not counted either) and an idle pool
#: worker's
WAITING = (("web.py", "serve"), ("runners.py", "run"), ("thread.py", "_worker"))


def _where(frame: object) -> str | None:
    f = frame
    inner = getattr(f, "f_code", None)
    if inner is None or inner.co_filename.endswith(IDLE):
        return None
    if (inner.co_filename.rsplit("/", 1)[-1], inner.co_name) in WAITING:
        return None
    app = None
    while f is not None:
        code = f.f_code  # type: ignore[attr-defined]
        name = code.co_filename
        if "importlib._bootstrap" in name:
            return "import"
        if (
            app is None
            and "/jolly_scorer/" in name
            and not name.endswith("server/web.py")
        ):
            app = "jolly_scorer/" + name.split("/jolly_scorer/", 1)[1]
            app += ":" + code.co_name
        f = f.f_back  # type: ignore[attr-defined]
    name = inner.co_filename
    if "site-packages/" in name:
        package = name.split("site-packages/", 1)[1].split("/", 1)[0]
    else:
        package = name.rsplit("/", 1)[-1].removesuffix(".py")
    return f"{app} > {package}" if app else package


def _run(path: str) -> None:
    me = threading.get_ident()
    with open(path, "a", buffering=1 << 16) as out:
        last = time.monotonic()
        while True:
            time.sleep(0.002)
            now = time.time()
            for ident, frame in sys._current_frames().items():
                if ident == me:
                    continue
                where = _where(frame)
                if where is not None:
                    out.write(f"{now:.4f}\t{where}\t{ident}\n")
            if time.monotonic() - last > 0.5:
                out.flush()
                last = time.monotonic()


if os.environ.get("JOLLY_SAMPLE_OUT"):
    threading.Thread(
        target=_run, args=(os.environ["JOLLY_SAMPLE_OUT"],), daemon=True
    ).start()
