"""Server processes started before they are needed ("spares").

A test server (``tests/e2e/serve.py`` or the ``jolly-scorer`` command in
``tests/server_process.py``) spends about 2.6 CPU-seconds importing Flet,
FastAPI, uvicorn and the app before it can listen: 4 to 9 s of wall time on a
loaded 2-core machine, for each of about 150 servers a run starts. A spare is a
``python`` process that has done those imports already and waits on its stdin
for what to run (the command line after ``python``, the environment, the
folder, the log file); the next one is started as soon as one is taken, so its
imports overlap the test that runs meanwhile (a browser test mostly waits).

The process taken *is* the server (no fork, no proxy): ``terminate``, ``kill``,
``wait`` and ``poll`` of the returned ``Popen`` act on it as before, and the
tests still wait for the server's own "ready at" line. Nothing of the app is
imported with the test's environment before it is set: the imported modules
read their environment variables when called, not when imported (checked by
``tests/project/test_spare_server.py``).

``JOLLY_TEST_SPARES=0`` starts every server afresh, as before.

Run as a script, this file is the spare itself.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

HERE = Path(__file__).resolve()
ROOT = HERE.parents[2]
#: What a spare imports ahead: what the test servers import before listening.
WARM = (
    "flet",
    "flet_web.fastapi",
    "uvicorn",
    "uvicorn.protocols.websockets.websockets_sansio_impl",
    "uvicorn.protocols.http.h11_impl",
    "uvicorn.lifespan.on",
    "jolly_scorer.cli",
    "jolly_scorer.server.web",
    "jolly_scorer.ui.app",
    "jolly_scorer.serve",
)
#: The environment variables a server must not inherit (no window opens).
DROPPED = ("DISPLAY", "WAYLAND_DISPLAY")


def enabled() -> bool:
    """In a test (never for a benchmark measuring the server), unless
    ``JOLLY_TEST_SPARES=0``."""
    return (
        os.environ.get("JOLLY_TEST_SPARES", "1") != "0"
        and "PYTEST_CURRENT_TEST" in os.environ
    )


class _Pool:
    """At most one spare waiting at a time (the tests start servers one after
    another); it is started when the one before it is taken."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._spare: subprocess.Popen[bytes] | None = None
        self._early: Path | None = None
        self._folder = Path(tempfile.mkdtemp(prefix="jolly-spares-"))
        self._count = 0
        atexit.register(self.close)

    def _start(self) -> None:
        self._count += 1
        early = self._folder / f"spare-{self._count}.log"
        env = {k: v for k, v in os.environ.items() if k not in DROPPED}
        with open(early, "wb") as out:
            self._spare = subprocess.Popen(
                [sys.executable, str(HERE)],
                cwd=ROOT,
                env=env,
                stdin=subprocess.PIPE,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        self._early = early

    def take(
        self, args: list[str], *, cwd: Path, env: dict[str, str], log_path: Path
    ) -> subprocess.Popen[bytes] | None:
        """A spare running ``python ARGS``, or None (none could be had)."""
        with self._lock:
            spare = self._spare
            self._spare = None
            if spare is None or spare.poll() is not None:
                self._start()  # the first one of the run: started now
                spare = self._spare
                self._spare = None
            assert spare is not None and spare.stdin is not None
            request = {
                "args": args,
                "cwd": str(cwd),
                "env": env,
                "log": str(log_path),
                "early": str(self._early),
            }
            try:
                spare.stdin.write(json.dumps(request).encode() + b"\n")
                spare.stdin.close()
            except OSError:
                spare.kill()
                spare.wait()
                return None
            self._start()  # the next one imports while this test runs
            return spare

    def close(self) -> None:
        """The spare still waiting is not needed: it ends, unused."""
        spare, self._spare = self._spare, None
        if spare is not None:
            spare.kill()
            spare.wait()
        shutil.rmtree(self._folder, ignore_errors=True)


_POOL: _Pool | None = None


def popen(
    cmd: list[str], *, cwd: Path, env: dict[str, str], log_path: Path
) -> subprocess.Popen[bytes]:
    """``subprocess.Popen(cmd)`` with stdout and stderr to ``log_path``, on a
    spare when ``cmd`` runs this Python (``[sys.executable, script, ...]`` or
    ``[sys.executable, "-c", code, ...]``)."""
    global _POOL
    if enabled() and cmd and cmd[0] == sys.executable:
        if _POOL is None:
            _POOL = _Pool()
        env = {k: v for k, v in env.items() if k not in DROPPED}
        log_path.write_bytes(b"")  # there at once, as with Popen's own
        proc = _POOL.take(cmd[1:], cwd=cwd, env=env, log_path=log_path)
        if proc is not None:
            return proc
    with open(log_path, "wb") as log:
        return subprocess.Popen(
            cmd, cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT
        )


def _run_spare() -> None:
    """The spare: import, wait for the request, become that program."""
    import importlib
    import runpy

    if sys.path and sys.path[0] == str(HERE.parent):
        del sys.path[0]  # this folder is no program's own
    for name in WARM:
        importlib.import_module(name)
    line = sys.stdin.readline()
    if not line.strip():
        return  # not needed after all
    request = json.loads(line)
    sys.stdout.flush()
    sys.stderr.flush()
    log = os.open(request["log"], os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    with open(request["early"], "rb") as early:  # warnings of the imports
        os.write(log, early.read())
    os.dup2(log, 1)
    os.dup2(log, 2)
    os.close(log)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    os.environ.clear()
    os.environ.update(request["env"])
    os.chdir(request["cwd"])
    args = request["args"]
    if args[0] == "-c":  # python -c CODE ARGS: sys.argv is ["-c", ARGS...]
        sys.argv = ["-c", *args[2:]]
        sys.path.insert(0, "")
        exec(compile(args[1], "<string>", "exec"), {"__name__": "__main__"})
    else:  # python SCRIPT ARGS
        sys.argv = list(args)
        sys.path.insert(0, str(Path(args[0]).resolve().parent))
        runpy.run_path(args[0], run_name="__main__")


if __name__ == "__main__":
    _run_spare()
