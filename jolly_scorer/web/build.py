"""Build the installable offline web app: ``jolly-scorer build-web DIR``.

Flet 1.0.5's ``flet publish`` turns a Python script into a static site that runs
in the browser (Pyodide). It does not work offline as it is, nor as an
installable app; this module supplies what it would download and patches what
it writes, each step with the reason. :data:`PATCHES` are checked by
``tests/web/test_build_web.py`` against Flet's own output, so that a Flet upgrade
that fixes (or moves) one of them is noticed.

Only installed packages are used: ``flet-cli`` and ``flet-web`` (the Flutter
client and the Pyodide runtime it ships), and the app's own dependencies, which
are put into the site (``__pypackages__``) instead of being installed from the
package index when the page opens.
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.metadata
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from jolly_scorer.ui.widgets.cards import SUIT_FONT, SUIT_FONTS
from jolly_scorer.web.bytecode import compile_staged, compile_stdlib
from jolly_scorer.web.icons import BACKGROUND_COLOUR, ICONS, THEME_COLOUR
from jolly_scorer.web.loading import is_still, keep_loading_screen, needs_still
from jolly_scorer.web.offline import PATCHED, calls_out, without_rive_cdn
from jolly_scorer.web.worker import early_python, is_early

__all__ = [
    "PATCHES",
    "BuildError",
    "Patch",
    "Site",
    "build_site",
    "publish",
    "stage_app",
]

HERE = Path(__file__).parent
PACKAGE = HERE.parent  # jolly_scorer/
ASSETS = PACKAGE / "ui" / "assets"
FLET_VERSION = "1.0.5"
#: The Pyodide that flet-web 1.0.5 ships in ``flet_web/web/pyodide``.
PYODIDE_VERSION = "314.0.7"
PYTHON_VERSION = "3.14"
APP_NAME = "Jolly Scorer"
SHORT_NAME = "Jolly Scorer"
DESCRIPTION = "Score keeper for Jolly, Rommi and Rommé, played with real cards."
#: babel's locale data kept: the app's languages (``locales/``) and their
#: parent (root); tests/web/test_build_web.py checks the list against the catalogs.
LOCALES = ("root", "en", "de", "fi")
#: Marks a folder as one this command wrote (and may overwrite).
MARKER = ".jolly-scorer-site"
SERVICE_WORKER = "service-worker.js"
#: Requirements of the app not used in the browser, with what only they
#: bring: Flet's web server, and Flet's desktop window (``flet-desktop``, with
#: rich, pygments and markdown-it: 500 of the archive's 1250 files, 5 MB;
#: ``ft.run`` in Pyodide never reaches it).
NOT_IN_BROWSER = {"flet-web", "flet-desktop"}


class BuildError(Exception):
    """The site cannot be built; the message says why in one line."""


# -- the app, staged for ``flet publish`` ------------------------------------

MAIN_PY = '''\
"""jolly-scorer in the browser (written by `jolly-scorer build-web`)."""

from jolly_scorer.web.browser import run

run()
'''


def _browser_requirements(root: str = "jolly-scorer") -> list[str]:
    """The distributions the app needs inside Pyodide: the closure of
    ``root``'s requirements, with environment markers evaluated for
    Emscripten (flet's httpx and oauthlib are not used there) and without
    extras (``flet[web]`` is the server side)."""
    from packaging.requirements import Requirement

    environment = {
        "sys_platform": "emscripten",
        "platform_system": "Emscripten",
        "python_version": PYTHON_VERSION,
        "python_full_version": PYTHON_VERSION + ".0",
        "implementation_name": "cpython",
        "platform_machine": "wasm32",
        "os_name": "posix",
        "extra": "",
    }
    seen: dict[str, str] = {}
    todo = [root]
    while todo:
        name = todo.pop()
        for text in importlib.metadata.requires(name) or []:
            requirement = Requirement(text)
            marker = requirement.marker
            if marker is not None and not marker.evaluate(environment):
                continue
            key = re.sub(r"[-_.]+", "-", requirement.name).lower()
            if key in seen or key in NOT_IN_BROWSER:
                continue
            seen[key] = requirement.name
            todo.append(requirement.name)
    if root != "jolly-scorer":
        seen[root] = root
    return sorted(seen)


def _skip(relative: Path) -> bool:
    """Files of installed packages the browser app never reads: byte code and
    compiled extensions of the host's Python, install records and SBOMs
    (licences are kept), flet_charts' Dart sources, flet's test helpers."""
    parts = relative.parts
    return (
        "__pycache__" in parts
        or relative.suffix in (".pyc", ".so", ".pyd")
        or (
            parts[0].endswith(".dist-info") and relative.name in ("RECORD", "INSTALLER")
        )
        or (parts[0].endswith(".dist-info") and "sboms" in parts)
        or parts[0] == "flutter"
        or parts[:2] == ("flet", "testing")
    )


def _copy_distribution(name: str, target: Path) -> int:
    """Copy an installed distribution's files (and its ``.dist-info``) into
    ``target``; compiled extensions are left out (Pyodide cannot load the
    host's; msgpack falls back to its pure-Python implementation)."""
    distribution = importlib.metadata.distribution(name)
    count = 0
    for file in distribution.files or []:
        relative = Path(str(file))
        if relative.is_absolute() or relative.parts[0] == ".." or _skip(relative):
            continue
        source = Path(str(distribution.locate_file(file)))
        if not source.is_file():
            continue
        destination = target / relative
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, destination)
        count += 1
    if count == 0:
        raise BuildError(f"the installed package {name!r} has no files to bundle")
    return count


def _prune_babel(packages: Path) -> None:
    """babel ships locale data for ~1000 locales (32 MB); the app speaks
    English, German and Finnish (see ``i18n.py``)."""
    data = packages / "babel" / "locale-data"
    for file in data.glob("*.dat"):
        if file.stem not in LOCALES:
            file.unlink()


def stage_app(
    staging: Path, *, main_py: str = MAIN_PY, root: str = "jolly-scorer"
) -> None:
    """A clean folder for ``flet publish``, which packs every file of the
    script's folder into the site's ``app.tar.gz``: ``main.py``, the app and its
    dependencies in ``__pypackages__`` (put on ``sys.path`` by Flet's Pyodide
    worker before the app starts), and ``assets`` (copied to the site's root:
    the app's fonts and our icons, which replace Flet's).

    ``main_py`` and ``root`` (a distribution, without the app) stage another
    app the same way: ``benchmarks/pwa.py`` builds its hello world so."""
    staging.mkdir(parents=True)
    (staging / "main.py").write_text(main_py, encoding="utf-8")
    packages = staging / "__pypackages__"
    for name in _browser_requirements(root):
        _copy_distribution(name, packages)
    _prune_babel(packages)
    if root == "jolly-scorer":
        _stage_jolly_scorer(staging, packages)


def _stage_jolly_scorer(staging: Path, packages: Path) -> None:
    build_only = {
        HERE / "build.py",
        HERE / "bytecode.py",
        HERE / "icons.py",
        HERE / "worker.py",
        HERE / SERVICE_WORKER,
    }
    for source in sorted(PACKAGE.rglob("*")):
        relative = source.relative_to(PACKAGE.parent)
        if not source.is_file() or _skip(relative) or source in build_only:
            continue
        if ICONS in source.parents or ASSETS in source.parents:
            continue  # the assets are served from the site's root
        destination = packages / relative
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, destination)
    _compile_catalogs(packages)
    assets = staging / "assets"
    shutil.copytree(ASSETS, assets)
    (assets / "icons").mkdir(exist_ok=True)
    for icon in ICONS.glob("*.png"):
        if icon.name == "favicon.png":
            shutil.copyfile(icon, assets / "favicon.png")
        elif icon.name != "icon-1024.png":
            shutil.copyfile(icon, assets / "icons" / icon.name)


def _compile_catalogs(packages: Path) -> None:
    """Each language's catalog read in ahead, beside its ``.po``
    (``i18n.compiled_path``): the phone app's first start then reads JSON
    instead of parsing the ``.po`` with babel (2.5 s of it in the page's
    worker). Written by the app's own reader, for the ``.po``'s exact bytes."""
    from jolly_scorer import i18n

    for language in i18n.available_languages():
        po = i18n._po_path(language)
        target = packages / i18n.compiled_path(language).relative_to(PACKAGE.parent)
        compiled = i18n._Catalog(language).compiled(po.read_bytes())
        target.write_text(compiled, encoding="utf-8")


# -- what ``flet publish`` would download --------------------------------------


def _flet_web_dir() -> Path:
    spec = importlib.util.find_spec("flet_web")
    if spec is None or not spec.submodule_search_locations:
        raise BuildError("flet-web is not installed (uv sync installs it)")
    return Path(next(iter(spec.submodule_search_locations))) / "web"


def supply_downloads(folder: Path) -> dict[str, str]:
    """The environment that makes ``flet publish --no-cdn`` download nothing.

    * It fetches a "Python build manifest" (which Pyodide goes with which
      Python) from GitHub: ``FLET_PYTHON_BUILD_MANIFEST`` names a local one.
    * It fetches Pyodide core from GitHub and micropip from a CDN into its cache
      unless the cache holds them with ``info.version`` in ``pyodide-lock.json``:
      ``FLET_CACHE_DIR`` names a cache filled from the Pyodide that flet-web
      ships (whose lock file lacks ``info.version``).
    """
    manifest = folder / "python-build-manifest.json"
    manifest.write_text(
        json.dumps(
            {
                "default_python_version": PYTHON_VERSION,
                "pythons": {
                    PYTHON_VERSION: {
                        "full_version": PYTHON_VERSION + ".2",
                        "pyodide_version": PYODIDE_VERSION,
                        "android_abis": [],
                    }
                },
            }
        ),
        encoding="utf-8",
    )
    shipped = _flet_web_dir() / "pyodide"
    cache = folder / "cache"
    runtime = cache / "pyodide" / PYODIDE_VERSION
    runtime.mkdir(parents=True)
    for file in shipped.iterdir():
        if file.is_file() and file.name != "pyodide-lock.json":
            os.symlink(file, runtime / file.name)  # publish copies (follows links)
    lock = json.loads((shipped / "pyodide-lock.json").read_text(encoding="utf-8"))
    lock.setdefault("info", {})["version"] = PYODIDE_VERSION
    (runtime / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")
    dead = "http://127.0.0.1:9"  # any download attempt fails at once, loudly
    return {
        "FLET_PYTHON_BUILD_MANIFEST": str(manifest),
        "FLET_CACHE_DIR": str(cache),
        "HTTP_PROXY": dead,
        "HTTPS_PROXY": dead,
        "http_proxy": dead,
        "https_proxy": dead,
        "NO_PROXY": "",
        "no_proxy": "",
    }


def publish(staging: Path, dist: Path, work: Path, base_url: str = "/") -> None:
    """Run ``flet publish`` on the staged app into ``dist`` (Flet's output,
    before :data:`PATCHES`)."""
    if importlib.util.find_spec("flet_cli") is None:
        raise BuildError(
            "the Flet command line is not installed: run `uv sync` (dependency "
            "group 'web') or `pip install flet-cli==1.0.5`"
        )
    installed = importlib.metadata.version("flet-web")
    if installed != FLET_VERSION:
        raise BuildError(
            f"the site is built and checked with Flet {FLET_VERSION} (its Pyodide "
            f"{PYODIDE_VERSION}); Flet {installed} is installed"
        )
    env = {**os.environ, **supply_downloads(work), "PYTHONIOENCODING": "utf-8"}
    # Flet's own client, as flet-web ships it: PATCHES change it (a server in
    # this process points FLET_WEB_PATH at its patched copy: web/offline.py)
    env.pop("FLET_WEB_PATH", None)
    command = [
        sys.executable,
        "-m",
        "flet.cli",
        "publish",
        "main.py",
        "--no-cdn",
        "--distpath",
        str(dist),
        "--app-name",
        APP_NAME,
        "--app-short-name",
        SHORT_NAME,
        "--app-description",
        DESCRIPTION,
        "--pwa-background-color",
        BACKGROUND_COLOUR,
        "--pwa-theme-color",
        THEME_COLOUR,
        "--web-renderer",
        "canvaskit",
        "--base-url",
        base_url,
    ]
    done = subprocess.run(
        command, cwd=staging, env=env, capture_output=True, text=True, check=False
    )
    if done.returncode != 0 or not (dist / "index.html").is_file():
        tail = (done.stdout + done.stderr).strip().splitlines()[-5:]
        raise BuildError("flet publish failed: " + " | ".join(tail))


# -- patches of Flet's output ---------------------------------------------------


@dataclass(frozen=True)
class Patch:
    """One change to what ``flet publish`` wrote, and why."""

    name: str
    why: str
    needed: Callable[[Path], bool]
    apply: Callable[[Path], None]
    applied: Callable[[Path], bool]


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


BARE_PYODIDE_URL = 'flet.pyodideUrl="pyodide/pyodide.mjs";'
FIXED_PYODIDE_URL = 'flet.pyodideUrl="./pyodide/pyodide.mjs";'


def _fix_pyodide_url(dist: Path) -> None:
    index = dist / "index.html"
    _write_text(index, _read(index).replace(BARE_PYODIDE_URL, FIXED_PYODIDE_URL))


def _archive_names(dist: Path) -> list[str]:
    with tarfile.open(dist / "app.tar.gz") as archive:
        return archive.getnames()


def _is_requirements(name: str) -> bool:
    return name.strip("/") == "requirements.txt"


def _is_bytecode(name: str) -> bool:
    return "__pycache__" in name.split("/")


def _drop_requirements(dist: Path) -> None:
    """``app.tar.gz`` written again without ``requirements.txt``, and with the
    modules' bytecode (web/bytecode.py) last, in a gzip member of its own: one
    file still (gzip and Python's tarfile read the members as one), of which a
    worker restored from its snapshot gunzips only the first
    (web/worker.py ``JOLLY_SOURCES_END``). Without bytecode, one member."""
    path = dist / "app.tar.gz"
    buffer = io.BytesIO()
    split = 0
    with (
        tarfile.open(path) as old,
        tarfile.open(fileobj=buffer, mode="w", format=tarfile.GNU_FORMAT) as new,
    ):
        members = [m for m in old.getmembers() if not _is_requirements(m.name)]
        for member in sorted(members, key=lambda m: _is_bytecode(m.name)):  # stable
            if not split and _is_bytecode(member.name):
                split = new.offset
            new.addfile(member, old.extractfile(member) if member.isfile() else None)
    tar = buffer.getvalue()
    parts = [tar[:split], tar[split:]] if split else [tar]
    path.write_bytes(b"".join(gzip.compress(part, mtime=0) for part in parts))


FLUTTER_SW_SETTINGS = re.compile(
    r"\n\s*serviceWorkerSettings:\s*\{[^{}]*\},", re.MULTILINE
)


#: Flet's page script that starts Flutter with its configuration.
BOOTSTRAP = "flutter_bootstrap.js"


def _bootstrap(dist: Path) -> str:
    return _read(dist / BOOTSTRAP)


def _drop_flutter_worker(dist: Path) -> None:
    bootstrap = dist / BOOTSTRAP
    text, count = FLUTTER_SW_SETTINGS.subn("", _bootstrap(dist))
    if count != 1:
        raise BuildError(
            "flutter_bootstrap.js changed: serviceWorkerSettings not found"
        )
    _write_text(bootstrap, text)
    (dist / "flutter_service_worker.js").unlink(missing_ok=True)


#: Files of Flet's web client that the published site never loads.
UNUSED = (
    "**/*.map",
    "**/*.symbols",
    "**/*.d.ts",
    "canvaskit/skwasm*",
    "canvaskit/wimp*",
    "canvaskit/experimental_webparagraph",
    "main.dart.wasm",
    "main.dart.mjs",
    "pyodide/python",
    "pyodide/python.bat",
    "pyodide/python.exe",
    "pyodide/python_cli_entry.mjs",
    "pyodide/package.json",
    # micropip is loaded only to install requirements (none: see no-requirements)
    "pyodide/micropip-*.whl",
    "pyodide/packaging-*.whl",
)


def _unused(dist: Path) -> list[Path]:
    return sorted({path for pattern in UNUSED for path in dist.glob(pattern)})


def _prune(dist: Path) -> None:
    for path in _unused(dist):
        if path.is_dir():
            shutil.rmtree(path)
        else:
            path.unlink(missing_ok=True)


REGISTER_MARK = "navigator.serviceWorker.register"
#: After python.js (a plain script in <head>): the worker is registered once
#: the Python app has started (python.js's ``jsConnect`` resolves), so storing
#: the whole site does not compete with the first start; at the latest after a
#: minute. On later visits the browser checks the worker for updates itself.
REGISTER_SCRIPT = """  <script>
    // jolly-scorer (build-web): the offline worker, see service-worker.js
    (function () {
      if (!("serviceWorker" in navigator)) return;
      let done = false;
      const register = () => {
        if (done) return;
        done = true;
        // the CanvasKit this browser loads (flutter.js's own test): the
        // worker stores only that one of Flutter's two builds of it
        const blink = navigator.vendor === "Google Inc." ||
          navigator.userAgent.includes("Edg/");
        const chromium = blink && typeof ImageDecoder !== "undefined" &&
          typeof Intl.v8BreakIterator !== "undefined" &&
          typeof Intl.Segmenter !== "undefined";
        const url = "__URL__&canvaskit=" + (chromium ? "chromium" : "full");
        navigator.serviceWorker.register(url, { updateViaCache: "none" })
          .catch((error) => console.warn("jolly-scorer: no offline worker:", error));
        // ask the browser not to evict the saved games under storage pressure
        if (navigator.storage && navigator.storage.persist) {
          navigator.storage.persist().catch(() => {});
        }
      };
      const connect = globalThis.jsConnect;
      if (typeof connect === "function") {
        globalThis.jsConnect = async function (...args) {
          try {
            return await connect.apply(this, args);
          } finally {
            setTimeout(register, 1000);
          }
        };
      }
      setTimeout(register, 60000);
    })();
  </script>
"""


def _site_files(dist: Path) -> list[str]:
    return sorted(
        path.relative_to(dist).as_posix()
        for path in dist.rglob("*")
        if path.is_file()
        and path.name not in (SERVICE_WORKER, MARKER)
        and not precompressed(path)
    )


def _add_service_worker(dist: Path) -> None:
    files = _site_files(dist)
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode())
        digest.update(hashlib.sha256((dist / name).read_bytes()).digest())
    version = digest.hexdigest()[:12]
    worker = _read(HERE / SERVICE_WORKER)
    worker = worker.replace("__VERSION__", version).replace(
        "__FILES__", json.dumps(files, indent=0)
    )
    _write_text(dist / SERVICE_WORKER, worker)
    register = REGISTER_SCRIPT.replace("__URL__", f"{SERVICE_WORKER}?v={version}")
    index = dist / "index.html"
    text = _read(index)
    if "</head>" not in text:
        raise BuildError("index.html changed: no </head> to register the worker in")
    _write_text(index, text.replace("</head>", register + "</head>", 1))


def _client_code(dist: Path) -> list[Path]:
    """The web client's compiled code that the site keeps."""
    return [dist / name for name in PATCHED if (dist / name).is_file()]


def _no_rive_cdn(dist: Path) -> None:
    for path in _client_code(dist):
        path.write_bytes(without_rive_cdn(path.read_bytes()))


def _write_text(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")


PATCHES: tuple[Patch, ...] = (
    Patch(
        "pyodide-url",
        "with --no-cdn, publish writes a bare module specifier "
        '"pyodide/pyodide.mjs" into index.html; the Python worker\'s import() '
        'rejects it ("Error running app"); "./pyodide/pyodide.mjs" loads',
        needed=lambda d: BARE_PYODIDE_URL in _read(d / "index.html"),
        apply=_fix_pyodide_url,
        applied=lambda d: FIXED_PYODIDE_URL in _read(d / "index.html"),
    ),
    Patch(
        "no-requirements",
        "publish adds requirements.txt (flet==1.0.5) to app.tar.gz; the worker "
        "would then load micropip and ask the package index at every start, "
        "which fails offline; everything is bundled in __pypackages__ instead "
        "(the archive written again puts the modules' bytecode last, in a gzip "
        "member of its own, which a worker restored from its snapshot leaves "
        "as it is)",
        needed=lambda d: any(_is_requirements(n) for n in _archive_names(d)),
        apply=_drop_requirements,
        applied=lambda d: not any(_is_requirements(n) for n in _archive_names(d)),
    ),
    Patch(
        "no-flutter-worker",
        "flutter_bootstrap.js passes serviceWorkerSettings: once any worker is "
        "registered, Flutter's loader registers flutter_service_worker.js over "
        "it, a stub that unregisters itself (and with it offline use)",
        needed=lambda d: bool(FLUTTER_SW_SETTINGS.search(_bootstrap(d))),
        apply=_drop_flutter_worker,
        applied=lambda d: (
            not FLUTTER_SW_SETTINGS.search(_bootstrap(d))
            and not (d / "flutter_service_worker.js").exists()
        ),
    ),
    Patch(
        "prune",
        "the web client ships files this site never loads (source maps, debug "
        "symbols, the skwasm/wasm build: the renderer is canvaskit, Pyodide's "
        "command-line launchers, micropip); the service worker would precache "
        "them",
        needed=lambda d: bool(_unused(d)),
        apply=_prune,
        applied=lambda d: not _unused(d),
    ),
    Patch(
        "no-rive-cdn",
        "Flet's web client initialises its Rive extension at start, which adds "
        "a script for rive_native.js from a public CDN: the app calls out on "
        "every start (issue 17); the address becomes a data: script of the "
        "same length that loads nothing (jolly_scorer/web/offline.py)",
        needed=lambda d: calls_out((d / "main.dart.js").read_bytes()),
        apply=_no_rive_cdn,
        applied=lambda d: (
            not any(calls_out(path.read_bytes()) for path in _client_code(d))
        ),
    ),
)


FONT_MANIFEST = "assets/FontManifest.json"
#: Font families of Flet's client that the app never draws, by the folder
#: their files are in: KaTeX (Flet's Markdown with LaTeX; the app shows no
#: Markdown) and the Cupertino icons (drawn for a control named with a
#: Cupertino icon, or by an adaptive text field on an Apple phone; the app
#: names none and sets no control adaptive). Flutter's engine fetches and
#: registers every font of its manifest before it runs the app (19 KaTeX
#: files, 1.9 MB; the icons' 209 KB), so they are taken out of the manifest,
#: and their files out of the site.
UNUSED_FONTS = ("packages/flutter_math_fork/", "packages/cupertino_icons/")


def _font_manifest(dist: Path) -> list[dict[str, object]]:
    path = dist / FONT_MANIFEST
    if not path.is_file():
        return []
    families: list[dict[str, object]] = json.loads(_read(path))
    return families


def _unused_fonts(dist: Path) -> list[dict[str, object]]:
    return [
        family
        for family in _font_manifest(dist)
        if str(family.get("family", "")).startswith(UNUSED_FONTS)
    ]


def _unused_fonts_gone(dist: Path) -> bool:
    return not _unused_fonts(dist) and not any(
        (dist / "assets" / folder).exists() for folder in UNUSED_FONTS
    )


def _drop_unused_fonts(dist: Path) -> None:
    unused = _unused_fonts(dist)
    kept = [f for f in _font_manifest(dist) if f not in unused]
    _write_text(dist / FONT_MANIFEST, json.dumps(kept, indent=2))
    for folder in UNUSED_FONTS:
        shutil.rmtree(dist / "assets" / folder, ignore_errors=True)


#: The suit font's file (``ui/widgets/cards.py``: every text style of the
#: app falls back to it for the suits) as the site holds it, beside the app's
#: other assets, and where the phone app's Flutter finds it (under
#: ``assets/``).
SUIT_FONT_FILE = SUIT_FONTS[SUIT_FONT]


def _suit_font_listed(dist: Path) -> bool:
    return any(f.get("family") == SUIT_FONT for f in _font_manifest(dist))


def _suit_font_at_start(dist: Path) -> None:
    """The suit font into Flutter's font manifest (and its file to where the
    manifest's fonts are): registered with Roboto before the app runs."""
    families = _font_manifest(dist)
    families.append({"family": SUIT_FONT, "fonts": [{"asset": SUIT_FONT_FILE}]})
    _write_text(dist / FONT_MANIFEST, json.dumps(families, indent=2))
    (dist / "assets" / SUIT_FONT_FILE).parent.mkdir(parents=True, exist_ok=True)
    (dist / SUIT_FONT_FILE).replace(dist / "assets" / SUIT_FONT_FILE)


#: Flutter's configuration of how CanvasKit gets a frame onto the page
#: (``main.dart.js`` reads it from the configuration ``flutter_bootstrap.js``
#: passes). Chromium's default draws each frame into an offscreen WebGL canvas
#: and copies it into the page's canvas; set, each frame is drawn into the
#: page's own canvas, as Flutter does in Safari and Firefox.
IN_PLACE_FRAMES = "canvasKitForceMultiSurfaceRasterizer"
FLUTTER_CONFIG = "var flutterConfig = {\n"
IN_PLACE_CONFIG = f"{FLUTTER_CONFIG}    {IN_PLACE_FRAMES}: true,\n"


def _frames_in_place(dist: Path) -> None:
    text = _bootstrap(dist).replace(FLUTTER_CONFIG, IN_PLACE_CONFIG, 1)
    _write_text(dist / BOOTSTRAP, text)


#: Issue 36, the phone app's start (docs/performance.md): left out of the hello
#: world that ``benchmarks/pwa.py`` measures the app against (``fast=False``).
SPEED_PATCHES: tuple[Patch, ...] = (
    Patch(
        "early-python",
        "Flet's page starts its Python worker only when Flutter has loaded and "
        "calls jsConnect, and the worker starts Pyodide from nothing each time: "
        "the worker now starts with the page and restores a memory snapshot of "
        "the started, imported interpreter (jolly_scorer/web/worker.py)",
        needed=lambda d: not is_early(d),
        apply=early_python,
        applied=is_early,
    ),
    Patch(
        "still-loading-screen",
        'Flet\'s client shows a spinning ring and "Working..." (in English) from '
        "Flutter's first frame until the app's first screen, drawn anew at every "
        "frame beside Python's start: the ring and the words go, and the page's "
        "own loading screen (a still logo) stays until the first screen is drawn "
        "(jolly_scorer/web/loading.py)",
        needed=needs_still,
        apply=keep_loading_screen,
        applied=is_still,
    ),
    Patch(
        "unused-fonts",
        "Flutter's engine fetches and registers every font of its manifest "
        "before it runs the app, KaTeX's 19 (for Flet's Markdown, which the "
        "app does not show) and the Cupertino icons (the app names none) too: "
        "they leave the manifest and the site",
        needed=lambda d: bool(_unused_fonts(d)),
        apply=_drop_unused_fonts,
        applied=_unused_fonts_gone,
    ),
    Patch(
        "frames-in-place",
        "in Chromium, Flutter's CanvasKit draws each frame into an offscreen "
        "canvas and copies it into the page's: with no GPU to share it, the copy "
        "waits for the whole frame to be drawn and read back, a fifth of a "
        "frame's time; each frame is now drawn into the page's canvas itself "
        "(Flutter's own option, the way it draws in Safari and Firefox)",
        needed=lambda d: (
            IN_PLACE_FRAMES in _read(d / "main.dart.js")
            and FLUTTER_CONFIG in _bootstrap(d)
            and IN_PLACE_FRAMES not in _bootstrap(d)
        ),
        apply=_frames_in_place,
        applied=lambda d: IN_PLACE_CONFIG in _bootstrap(d),
    ),
    Patch(
        "suit-font-at-start",
        "the app names its suit font in page.fonts, which Flet's client fetches "
        "and registers only after the first screen came, and then lays out "
        "every text again: a frame drawn in full at the end of the start, and "
        "suits drawn first without their font. It goes into Flutter's font "
        "manifest, registered with Roboto before the app runs (the phone app "
        "then leaves page.fonts empty: jolly_scorer/ui/app.py)",
        needed=lambda d: (d / SUIT_FONT_FILE).is_file() and not _suit_font_listed(d),
        apply=_suit_font_at_start,
        applied=lambda d: (
            _suit_font_listed(d)
            and (d / "assets" / SUIT_FONT_FILE).is_file()
            and not (d / SUIT_FONT_FILE).exists()
        ),
    ),
)

#: Last: the service worker lists (and hashes) every file the patches left.
LAST_PATCHES: tuple[Patch, ...] = (
    Patch(
        "service-worker",
        "Flet's site registers no service worker, so it does not open offline: "
        "ours precaches every file (cache-first) and index.html registers it "
        "under this build's version once python.js's jsConnect has started the "
        "app",
        needed=lambda d: (
            REGISTER_MARK not in _read(d / "index.html")
            and "globalThis.jsConnect = " in _read(d / "python.js")
        ),
        apply=_add_service_worker,
        applied=lambda d: (
            REGISTER_MARK in _read(d / "index.html") and (d / SERVICE_WORKER).is_file()
        ),
    ),
)


def apply_patches(dist: Path, *, fast: bool = True) -> None:
    """Apply :data:`PATCHES` in order (with ``fast`` :data:`SPEED_PATCHES`),
    then :data:`LAST_PATCHES`; a patch whose target is gone (Flet changed)
    stops the build."""
    chosen = PATCHES + (SPEED_PATCHES if fast else ()) + LAST_PATCHES
    for patch in chosen:
        if not patch.needed(dist):
            raise BuildError(
                f"Flet's output changed: patch {patch.name!r} no longer applies "
                f"({patch.why}); check it and update jolly_scorer/web/build.py"
            )
        try:
            patch.apply(dist)
        except ValueError as error:  # an anchor moved (web/worker.py)
            raise BuildError(
                f"Flet's output changed: patch {patch.name!r} no longer applies "
                f"({error}); check it and update jolly_scorer/web/"
            ) from error
        if not patch.applied(dist):
            raise BuildError(f"patch {patch.name!r} did not apply")


# -- the command ----------------------------------------------------------------


@dataclass
class Site:
    """What was built."""

    path: Path
    files: int
    size: int
    archive: int
    #: Why the archive holds no bytecode (None: it does; web/bytecode.py).
    no_bytecode: str | None = None
    #: Why Pyodide's standard library is shipped as sources (None: compiled).
    no_stdlib_bytecode: str | None = None


def _check_target(target: Path) -> None:
    if target.exists() and not target.is_dir():
        raise BuildError(f"{str(target)!r} is a file, not a folder")
    if target.is_dir() and any(target.iterdir()) and not (target / MARKER).exists():
        raise BuildError(
            f"{str(target)!r} is not empty and was not written by build-web; "
            "choose a new or empty folder"
        )


#: Files a static host can send compressed: ``.gz`` written beside them when
#: that saves at least a tenth (a host that serves precompressed files, e.g.
#: nginx ``gzip_static``, Caddy ``precompressed``, picks them up; the service
#: worker stores what the browser decoded).
COMPRESSIBLE = (
    ".js",
    ".mjs",
    ".wasm",
    ".json",
    ".html",
    ".otf",
    ".ttf",
    ".txt",
    ".css",
    ".svg",
    ".map",
    ".zip",
)


def _compressible(path: Path) -> bool:
    return path.suffix in COMPRESSIBLE or path.name == "NOTICES"


def precompressed(path: Path) -> bool:
    """``path`` is a compressed copy of the file beside it (``app.tar.gz``
    is not)."""
    return path.suffix in (".gz", ".br") and path.with_suffix("").is_file()


def precompress(dist: Path) -> int:
    """Write ``NAME.gz`` beside each compressible file; the count written."""
    import gzip

    written = 0
    for path in sorted(dist.rglob("*")):
        if not path.is_file() or not _compressible(path):
            continue
        data = path.read_bytes()
        packed = gzip.compress(data, compresslevel=9, mtime=0)
        if len(packed) <= 0.9 * len(data):
            path.with_name(path.name + ".gz").write_bytes(packed)
            written += 1
    return written


def measure(path: Path) -> Site:
    sizes = {
        p.relative_to(path).as_posix(): p.stat().st_size
        for p in path.rglob("*")
        if p.is_file() and not precompressed(p)
    }
    return Site(path, len(sizes), sum(sizes.values()), sizes.get("app.tar.gz", 0))


def build_site(
    target: Path,
    *,
    base_url: str = "/",
    log: Callable[[str], None] | None = None,
    stage: Callable[[Path], None] = stage_app,
    fast: bool = True,
) -> Site:
    """Build the site into ``target`` (created; replaced if an earlier build);
    ``stage`` puts the app in the staging folder (default: jolly-scorer);
    ``fast=False`` leaves out :data:`SPEED_PATCHES`, the bytecode and the
    precompressed files (the hello world that benchmarks/pwa.py compares
    with)."""
    say = log or (lambda text: None)
    no_bytecode: str | None = "not asked for"
    no_stdlib_bytecode: str | None = "not asked for"
    target = target.expanduser().resolve()
    _check_target(target)
    with tempfile.TemporaryDirectory(prefix="jolly-web-") as tmp:
        work = Path(tmp)
        say("staging the app and its packages")
        stage(work / "app")
        if fast:
            say("compiling bytecode with Pyodide's Python (Node.js)")
            no_bytecode = compile_staged(work / "app" / "__pypackages__")
            if no_bytecode is not None:
                say(f"no bytecode ({no_bytecode}): the app compiles as it imports")
        say("flet publish (Pyodide, offline)")
        dist = work / "dist"
        publish(work / "app", dist, work, base_url)
        if fast:
            say("compiling Pyodide's standard library (Node.js)")
            stdlib = dist / "pyodide" / "python_stdlib.zip"
            no_stdlib_bytecode = compile_stdlib(stdlib)
            if no_stdlib_bytecode is not None:
                say(f"standard library as sources ({no_stdlib_bytecode})")
        say("patching Flet's output")
        apply_patches(dist, fast=fast)
        if fast:
            say("precompressing (.gz beside the files)")
            precompress(dist)
        (dist / MARKER).write_text(
            "written by jolly-scorer build-web; safe to replace\n", encoding="utf-8"
        )
        if target.exists():
            shutil.rmtree(target)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(dist, target)
    site = measure(target)
    site.no_bytecode = no_bytecode
    site.no_stdlib_bytecode = no_stdlib_bytecode
    return site


def describe(site: Site) -> Iterable[str]:
    yield f"site: {site.path} ({site.files} files, {site.size / 1e6:.1f} MB)"
    yield f"app archive: {site.archive / 1e6:.2f} MB"
    yield (
        "try it: python -m http.server -d "
        f"{site.path} 8000  then open http://127.0.0.1:8000/"
    )
