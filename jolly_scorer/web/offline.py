"""Keep Flet's web client from calling out: no request leaves the machine.

Flet 1.0.5's web client initialises every extension it ships when it starts,
Rive among them, and Rive's initialisation adds a ``<script>`` for
``rive_native.js`` from a public CDN
(``https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/``), in
the JavaScript build (``main.dart.js``, the canvaskit renderer) and in the
WebAssembly build (``main.dart.wasm``, skwasm) alike. The app shows no Rive
animation; offline the request fails and Rive waits for ever, which nobody
notices, but online every page start tells a third party that someone opened
the app (issue 17, defect 10).

:func:`without_rive_cdn` replaces that address, in either build, with a
``data:`` script of the same length that defines ``RiveNative`` as a promise
that never settles: Rive's loader runs, loads nothing from anywhere, and waits
exactly as it does offline today. The same length keeps the WebAssembly
module's string table intact.

The server serves Flet's web root from the ``flet-web`` package;
:func:`offline_web_root` makes a copy with these two files patched (every other
file hard-linked where the file system allows) in a cache folder, once per
``flet-web`` build, and :func:`use_offline_web_root` points Flet at it
(``FLET_WEB_PATH``, read when the first page is served). The built phone app
(``build-web``) gets the same patch (``web/build.py``, patch ``no-rive-cdn``).

The copy's ``index.html`` also gets the app's message for the time the host
is away (:mod:`jolly_scorer.web.reconnect`, issue 18 item 6); the served app
only, the built phone app has no host.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import re
import shutil
import tempfile
from pathlib import Path

from jolly_scorer.web import held_keys, kept_focus
from jolly_scorer.web.reconnect import script, with_reconnect_banner

__all__ = [
    "RIVE_CDN",
    "INDEX",
    "PATCHED",
    "calls_out",
    "offline_web_root",
    "served_index",
    "use_offline_web_root",
    "without_rive_cdn",
]

#: Rive's CDN base, as the web client holds it (any version).
RIVE_CDN = re.compile(rb"https://cdn\.jsdelivr\.net/npm/@rive-app/[A-Za-z0-9_.@/-]*/")
#: What takes its place: a script that defines ``RiveNative`` as a promise
#: that never settles; ``//`` makes the file name appended to it a comment.
_STAND_IN = b"data:text/javascript,RiveNative=_=>new Promise(_=>0)//"
#: The files of Flet's web root that hold the address.
PATCHED = ("main.dart.js", "main.dart.wasm")
#: The page every session starts from: gets the reconnect banner.
INDEX = "index.html"
_MARK = ".jolly-scorer-offline"


def without_rive_cdn(data: bytes) -> bytes:
    """``data`` with every Rive CDN address replaced by the stand-in, each of
    the same length (padded inside the comment).

    >>> url = b"https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/"
    >>> out = without_rive_cdn(b'k.src="' + url + b'"+a')
    >>> len(out) == len(url) + 10, out.startswith(b'k.src="data:text/javascript,')
    (True, True)
    >>> calls_out(out)
    False
    """

    def stand_in(match: re.Match[bytes]) -> bytes:
        size = len(match.group(0))
        if size < len(_STAND_IN):
            raise ValueError(f"Rive's address is shorter than its stand-in: {size}")
        return _STAND_IN + b"x" * (size - len(_STAND_IN))

    return RIVE_CDN.sub(stand_in, data)


def calls_out(data: bytes) -> bool:
    """Whether ``data`` still holds Rive's CDN address."""
    return RIVE_CDN.search(data) is not None


def _package_web_dir() -> Path:
    spec = importlib.util.find_spec("flet_web")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("flet-web is not installed (uv sync installs it)")
    return Path(next(iter(spec.submodule_search_locations))) / "web"


def _fingerprint(source: Path) -> str:
    """Names this build of the web root (its patched files' sizes and times)."""
    digest = hashlib.sha256(str(source.resolve()).encode())
    digest.update(served_index(b""))  # the scripts' texts change
    for name in (*PATCHED, INDEX):
        path = source / name
        if path.is_file():
            stat = path.stat()
            digest.update(f"{name}:{stat.st_size}:{stat.st_mtime_ns}".encode())
    return digest.hexdigest()[:16]


def served_index(index_html: bytes) -> bytes:
    """Flet's ``index.html`` with the app's scripts: the reconnect banner
    (``web.reconnect``), the keys held after Enter (``web.held_keys``) and
    the focus kept by a field Flutter moves (``web.kept_focus``)."""
    code = script() + held_keys.script() + kept_focus.script()
    if not index_html:
        return code
    return with_reconnect_banner(index_html, code)


def _link_or_copy(source: Path, target: Path) -> None:
    # Starlette serves no symbolic link that leaves the folder: a hard link,
    # else a copy
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def _user_cache() -> Path:
    """This user's cache folder (never a folder others can write: the files
    in it are served to the browser)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "jolly-scorer" / "web"


def offline_web_root(source: Path | None = None, cache: Path | None = None) -> Path:
    """A copy of Flet's web root (``source``, default the ``flet-web``
    package's) whose client calls nobody, made once in ``cache`` (default: a
    folder in the system's temporary directory) and reused while ``source``
    is the same build."""
    source = _package_web_dir() if source is None else source
    cache = _user_cache() if cache is None else cache
    root = cache / f"web-{_fingerprint(source)}"
    if (root / _MARK).is_file():
        return root
    cache.mkdir(parents=True, exist_ok=True)
    building = Path(tempfile.mkdtemp(prefix="building-", dir=cache))
    try:
        for path in source.rglob("*"):
            target = building / path.relative_to(source)
            if path.is_dir():
                target.mkdir(parents=True, exist_ok=True)
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            if path.relative_to(source).as_posix() in PATCHED:
                target.write_bytes(without_rive_cdn(path.read_bytes()))
            elif path.relative_to(source).as_posix() == INDEX:
                target.write_bytes(served_index(path.read_bytes()))
            else:
                _link_or_copy(path, target)
        (building / _MARK).write_text(str(source), encoding="utf-8")
        try:
            building.rename(root)
        except OSError:  # another server made it meanwhile
            if not (root / _MARK).is_file():
                raise
    finally:
        if building.exists():
            shutil.rmtree(building, ignore_errors=True)
    return root


def use_offline_web_root() -> Path | None:
    """Serve :func:`offline_web_root` (``FLET_WEB_PATH``); a web root chosen
    by the person (``FLET_WEB_PATH`` already set) is kept. Returns the root
    served, or None when it could not be made (then Flet's own is served,
    and the server's log says so)."""
    if os.environ.get("FLET_WEB_PATH"):
        return Path(os.environ["FLET_WEB_PATH"])
    try:
        try:
            root = offline_web_root()
        except OSError:  # no cache folder to write: one of this process's own
            root = offline_web_root(cache=Path(tempfile.mkdtemp(prefix="jolly-web-")))
    except (OSError, RuntimeError, ValueError):
        import logging

        logging.getLogger(__name__).warning(
            "could not make the offline web root: Flet's own is served "
            "(its Rive extension asks a CDN for rive_native.js)",
            exc_info=True,
        )
        return None
    os.environ["FLET_WEB_PATH"] = str(root)
    return root
