"""``jolly-scorer build-web``: each patch of Flet's output is still needed and
applied, the site is ours (name, icon, colours) and small, nothing is
downloaded; the browser folder's flushes (IndexedDB) are written in order.

The browser test (tests/e2e/test_pwa.py) shows the built site working offline.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path
from typing import Any

import pytest
from support.paths import ROOT

from jolly_scorer.store import platform
from jolly_scorer.ui.widgets.cards import SUIT_FONTS
from jolly_scorer.web import build, loading
from jolly_scorer.web import worker as web_worker
from jolly_scorer.web.icons import BACKGROUND_COLOUR, SIZES, THEME_COLOUR

pytest.importorskip("flet_cli", reason="the flet CLI (dependency group 'web')")


def run_async(coroutine: Any) -> Any:
    """``asyncio.run`` in a thread of its own: the browser tests' Playwright
    keeps an event loop running in the main thread for the whole session."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Flet's own output for the staged app, before any patch."""
    work = tmp_path_factory.mktemp("publish")
    build.stage_app(work / "app")
    build.publish(work / "app", work / "dist", work)
    return work / "dist"


@pytest.fixture(scope="module")
def site(published: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    dist = tmp_path_factory.mktemp("site") / "dist"
    shutil.copytree(published, dist)
    build.apply_patches(dist)
    return dist


ALL_PATCHES = build.PATCHES + build.SPEED_PATCHES + build.LAST_PATCHES


@pytest.mark.parametrize("patch", ALL_PATCHES, ids=lambda p: p.name)
def test_each_patch_is_needed_and_applied(published: Path, site: Path, patch: Any):
    # needed: Flet 1.0.5 still writes what the patch fixes (a Flet upgrade that
    # fixes it makes this fail: then drop the patch)
    assert patch.needed(published), f"{patch.name}: no longer needed? {patch.why}"
    assert patch.applied(site)
    assert not patch.needed(site)


@pytest.mark.parametrize(
    ("name", "anchor", "patch"),
    [
        ("index.html", build.BARE_PYODIDE_URL, "pyodide-url"),
        ("python-worker.js", web_worker.W_ANCHOR_LOAD, "early-python"),
        ("python.js", loading.PY_ANCHOR_MESSAGE, "still-loading-screen"),
        ("flutter_bootstrap.js", build.FLUTTER_CONFIG, "frames-in-place"),
    ],
)
def test_a_changed_flet_output_stops_the_build(
    published: Path, tmp_path: Path, name: str, anchor: str, patch: str
):
    """Flet's output without what a patch is anchored on: the build stops,
    naming the patch."""
    dist = tmp_path / "dist"
    shutil.copytree(published, dist)
    changed = dist / name
    changed.write_text(changed.read_text().replace(anchor, ""))
    with pytest.raises(build.BuildError, match=patch):
        build.apply_patches(dist)


def test_hello_world_keeps_flets_worker(published: Path, tmp_path: Path):
    """``fast=False`` (the benchmark's reference): Flet's python.js and worker
    as published."""
    dist = tmp_path / "dist"
    shutil.copytree(published, dist)
    build.apply_patches(dist, fast=False)
    for name in ("python.js", "python-worker.js"):
        assert (dist / name).read_text() == (published / name).read_text()


def test_hello_world_keeps_flets_boot_screen(published: Path, tmp_path: Path):
    """``fast=False``: Flet's spinning ring, and its loading screen taken away
    at Flutter's first frame (``web/loading.py`` changes the app's build)."""
    dist = tmp_path / "dist"
    shutil.copytree(published, dist)
    build.apply_patches(dist, fast=False)
    assert loading.BOOT_VALUES.search((dist / "main.dart.js").read_text())
    assert loading.ON_TOP not in (dist / "index.html").read_text()
    assert loading.FIRST_FRAME in (dist / "flutter_bootstrap.js").read_text()
    # and Flutter's own way of drawing a frame in Chromium (an offscreen canvas)
    assert build.IN_PLACE_FRAMES not in (dist / "flutter_bootstrap.js").read_text()


def test_early_worker_and_snapshot(site: Path):
    python = (site / "python.js").read_text()
    worker = (site / "python-worker.js").read_text()
    # the worker starts with the page, jsConnect takes it
    assert python.index("jollyPreload: true") < python.index("jsConnect = async")
    assert "app.worker = early || new Worker(" in python
    # opened again, the compile and the restore wait for Flutter's
    # main.dart.js (or jsConnect, or a time-out); jsConnect never takes a
    # held worker
    assert "navigator.serviceWorker.controller" in python
    assert f'() => go("timeout"), {web_worker.PRELOAD_WAIT_MS})' in python
    assert python.index("jollyPreloadNow && jollyPreloadNow();") < python.index(
        "app.worker = early || new Worker("
    )
    assert worker.index("await self.jollyGone;") < worker.index(
        "self.jollyCompileWasm(data.pyodideUrl);"
    )
    # Flet's download of the archive is skipped only after the preload
    assert web_worker.W_DOWNLOAD in worker
    # the app is started before jsConnect; Flet's bootstrap script is then
    # not run again
    assert web_worker.W_BOOT in worker
    assert json.dumps(web_worker.START) in worker
    assert worker.index("jollyStartApp(pyodide, true)") < worker.index(
        "jollyStartApp(pyodide, false)"
    )
    # the snapshot is kept under this build's key, which the worker names
    key = web_worker.snapshot_key(site)
    assert key.startswith(web_worker.SNAPSHOT_PREFIX)
    assert f'const JOLLY_SNAPSHOT = "{key}";' in worker
    assert "__" + "SNAPSHOT__" not in worker
    # and where the archive's bytecode begins (none in this build: 0)
    end = web_worker.sources_end((site / "app.tar.gz").read_bytes())
    assert f"const JOLLY_SOURCES_END = {end};" in worker

    # the screens shown later are in the snapshot, not in the first start
    def listed(name: str) -> list[str]:
        return list(json.loads(worker.split(f"const {name} = ")[1].split(";")[0]))

    modules, preload = listed("JOLLY_SNAPSHOT_MODULES"), listed("JOLLY_MODULES")
    assert preload == list(web_worker.PRELOAD_MODULES)
    assert "jolly_scorer.ui.screens.round_entry.screen" in modules
    assert "jolly_scorer.ui.screens.round_entry.screen" not in preload


def test_fonts_the_app_never_draws_are_not_loaded(site: Path):
    """Flutter's engine fetches and registers every font of its manifest
    before it runs the app (issue 36): KaTeX's, for Flet's Markdown, are out of
    the manifest and the site, so are the Cupertino icons; the suit font is
    in it; every font listed is in the site."""
    families = json.loads((site / build.FONT_MANIFEST).read_text())
    names = [family["family"] for family in families]
    assert "MaterialIcons" in names
    assert not [n for n in names if n.startswith(build.UNUSED_FONTS)]
    for family in families:
        for font in family["fonts"]:
            assert (site / "assets" / font["asset"]).is_file(), font
    assert "packages/cupertino_icons/CupertinoIcons" not in names
    assert not [f for f in build.UNUSED_FONTS if (site / "assets" / f).exists()]
    # the suit font is registered from the start, not fetched after the
    # first screen (the app names it in page.fonts only when served)
    assert build.SUIT_FONT in names
    assert SUIT_FONTS == {build.SUIT_FONT: build.SUIT_FONT_FILE}
    assert not (site / build.SUIT_FONT_FILE).exists()  # one copy, in assets/
    # why it is safe: the app shows no Markdown (KaTeX draws its LaTeX), names
    # no Cupertino icon and makes no control adaptive (Flet's client draws the
    # Cupertino icons for those only: an adaptive text field on an Apple phone
    # is Flutter's Cupertino one, with an eye icon for a password); the
    # package's web/ builds the site and draws nothing
    app = ROOT / "jolly_scorer"
    sources = [p for p in app.rglob("*.py") if (app / "web") not in p.parents]
    never = ("Markdown(", "Cupertino", "adaptive")
    assert not [
        (p.name, word)
        for p in sources
        for word in never
        if word in p.read_text(encoding="utf-8")
    ]


def test_the_snapshot_holds_every_name_of_flet():
    """Flet imports a control's module when ``ft.NAME`` is first read: the
    snapshot's warm-up reads them all, so that a restored app's first screen
    imports nothing (issue 36)."""
    import flet

    exec(compile(web_worker.WARM, "warm", "exec"), {})
    assert all(name in vars(flet) for name in flet.__all__)


def test_the_warm_up_screen_is_diffed_and_packed_as_flet_sends_it():
    """The throwaway screen warmed before jsConnect (worker.WARM_SCREEN)
    runs through Flet's diff and msgpack; its failures are ignored in the
    browser, so here they are raised."""
    ignored = "except Exception:\n        pass"
    strict = web_worker.WARM_SCREEN.replace(ignored, "finally:\n        pass")
    assert strict != web_worker.WARM_SCREEN
    exec(compile(strict, "warm_screen", "exec"), {})


def test_snapshot_key_follows_the_build(site: Path, tmp_path: Path):
    copy = tmp_path / "copy"
    copy.mkdir()
    (copy / "pyodide").mkdir()
    for name in ("app.tar.gz", "python-worker.js"):
        shutil.copyfile(site / name, copy / name)
    for path in (site / "pyodide").iterdir():
        shutil.copyfile(path, copy / "pyodide" / path.name)
    assert web_worker.snapshot_key(copy) == web_worker.snapshot_key(site)
    (copy / "app.tar.gz").write_bytes(b"another app")
    assert web_worker.snapshot_key(copy) != web_worker.snapshot_key(site)


@pytest.mark.skipif(shutil.which("node") is None, reason="no node to parse JS")
@pytest.mark.parametrize("name", ["python.js", "python-worker.js"])
def test_changed_scripts_parse(site: Path, tmp_path: Path, name: str):
    copy = tmp_path / (name.replace(".js", ".mjs"))  # the worker is a module
    shutil.copyfile(site / name, copy)
    done = subprocess.run(
        ["node", "--check", str(copy)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr


def test_precompressed_files_beside_the_originals(site: Path, tmp_path: Path):
    dist = tmp_path / "dist"
    shutil.copytree(site, dist)
    assert build.precompress(dist) > 5
    packed = dist / "main.dart.js.gz"
    assert gzip.decompress(packed.read_bytes()) == (dist / "main.dart.js").read_bytes()
    assert packed.stat().st_size < 0.5 * (dist / "main.dart.js").stat().st_size
    assert not (dist / "app.tar.gz.gz").exists()  # compressed already
    assert build.precompressed(packed)
    assert not build.precompressed(dist / "app.tar.gz")
    # the service worker lists the files, never their compressed copies
    assert not [n for n in build._site_files(dist) if n.endswith(".js.gz")]
    assert build.measure(dist).size == build.measure(site).size


def test_manifest_and_page_are_ours(site: Path):
    manifest = json.loads((site / "manifest.json").read_text())
    assert manifest["name"] == build.APP_NAME
    assert manifest["short_name"] == build.SHORT_NAME
    assert manifest["theme_color"] == THEME_COLOUR
    assert manifest["background_color"] == BACKGROUND_COLOUR
    assert manifest["display"] == "standalone"
    assert "Flet" not in json.dumps(manifest)
    index = (site / "index.html").read_text()
    assert f"<title>{build.APP_NAME}</title>" in index
    assert 'content="Flet' not in index
    for icon in manifest["icons"]:
        path = site / icon["src"]
        ours = build.ICONS / path.name
        assert path.read_bytes() == ours.read_bytes(), icon["src"]
        size = SIZES[path.name][0]
        assert icon["sizes"] == f"{size}x{size}"
        assert _png_size(path) == (size, size)
    assert (site / "favicon.png").read_bytes() == (
        build.ICONS / "favicon.png"
    ).read_bytes()


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def test_service_worker_precaches_every_file(site: Path):
    worker = (site / build.SERVICE_WORKER).read_text()
    listed = json.loads(worker.split("const FILES = ", 1)[1].split(";\n", 1)[0])
    files = sorted(
        p.relative_to(site).as_posix()
        for p in site.rglob("*")
        if p.is_file() and p.name != build.SERVICE_WORKER
    )
    assert listed == files
    version = worker.split('const VERSION = "', 1)[1].split('"', 1)[0]
    assert len(version) == 12
    index = (site / "index.html").read_text()
    assert f"{build.SERVICE_WORKER}?v={version}" in index
    # registered once python.js's jsConnect has started the app
    assert index.index('src="python.js"') < index.index(build.REGISTER_MARK)
    assert "globalThis.jsConnect = async function" in index


def test_only_what_the_app_uses(site: Path):
    with tarfile.open(site / "app.tar.gz") as archive:
        names = [n.strip("/") for n in archive.getnames()]
    locales = {
        Path(n).stem
        for n in names
        if n.startswith("__pypackages__/babel/locale-data/") and n.endswith(".dat")
    }
    assert locales == set(build.LOCALES)
    assert not [n for n in names if n.endswith((".so", ".pyc"))]
    top = {n.split("/")[1] for n in names if n.count("/") >= 2}
    assert {"jolly_scorer", "flet", "flet_charts", "babel", "msgpack"} <= top
    assert "flet_web" not in top and "httpx" not in top
    assert "__pypackages__/jolly_scorer/web/build.py" not in names
    assert (site / "app.tar.gz").stat().st_size < 3_000_000
    total = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    assert total < 50_000_000


def test_kept_locales_are_the_apps_languages():
    from jolly_scorer.i18n import available_languages

    assert set(build.LOCALES) == {"root", *available_languages()}


def test_browser_requirements_follow_the_metadata():
    names = build._browser_requirements()
    assert {"flet", "flet-charts", "babel", "platformdirs", "msgpack"} <= set(names)
    assert "flet-web" not in names and "httpx" not in names
    # the desktop window and what only it brings
    assert not {"flet-desktop", "rich", "pygments", "markdown-it-py"} & set(names)


def test_build_site_refuses_a_folder_it_did_not_write(tmp_path: Path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(build.BuildError, match="not empty"):
        build.build_site(tmp_path)
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_command_line_refusal_is_one_line(tmp_path: Path):
    (tmp_path / "notes.txt").write_text("mine")
    done = subprocess.run(
        [sys.executable, "-m", "jolly_scorer.cli", "build-web", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and "not empty" in done.stderr


def test_command_line_starts_without_flet():
    code = (
        "import sys; from jolly_scorer.cli import build_parser; "
        "build_parser('build-web'); "
        "print([m for m in sys.modules if m.startswith('flet')])"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"


# -- the browser folder (IDBFS), with a fake Emscripten FS ---------------------


class FakeFS:
    """Emscripten's FS as far as BrowserFolder uses it; syncfs completes when
    the test says so."""

    class filesystems:  # noqa: N801 - the JavaScript name
        IDBFS = "IDBFS"

    def __init__(self) -> None:
        self.mounted: list[tuple[Any, Any, str]] = []
        self.pending: list[tuple[bool, Any]] = []

    def mkdirTree(self, path: str) -> None:  # noqa: N802
        pass

    def mount(self, kind: Any, options: Any, path: str) -> None:
        self.mounted.append((kind, options, path))

    def syncfs(self, populate: bool, callback: Any) -> None:
        self.pending.append((populate, callback))

    def finish(self, error: Any = None) -> bool:
        populate, callback = self.pending.pop(0)
        callback(error)
        return populate


def test_browser_folder_reads_in_then_writes_each_commit_in_order():
    async def scenario() -> None:
        fs = FakeFS()
        folder = platform.BrowserFolder(fs)
        mounting = asyncio.ensure_future(folder.mount())
        await asyncio.sleep(0)
        assert fs.mounted == [("IDBFS", {}, str(platform.BROWSER_DATA_DIR))]
        assert fs.finish() is True  # read in before the store opens
        assert await mounting == platform.BROWSER_DATA_DIR
        folder.flush()
        folder.flush()  # in the same turn of the loop: the same write-back
        assert fs.pending == [] and folder.busy  # it starts when the turn ends
        await asyncio.sleep(0)
        assert len(fs.pending) == 1
        folder.flush()  # while one write is running: one more queued
        folder.flush()
        assert len(fs.pending) == 1
        waiting = asyncio.ensure_future(folder.flushed())
        assert fs.finish() is False
        await asyncio.sleep(0)
        assert len(fs.pending) == 1  # the queued one, started after it
        await asyncio.sleep(0)
        assert not waiting.done()
        assert fs.finish("QuotaExceededError") is False
        await waiting
        assert folder.error == "QuotaExceededError" and folder.writes == 2
        assert fs.pending == []

    run_async(scenario())


def test_browser_folder_read_error_is_an_os_error():
    async def scenario() -> None:
        fs = FakeFS()
        folder = platform.BrowserFolder(fs)
        mounting = asyncio.ensure_future(folder.mount())
        await asyncio.sleep(0)
        fs.finish("InvalidStateError")
        with pytest.raises(OSError, match="InvalidStateError"):
            await mounting

    run_async(scenario())


def test_store_flushes_after_every_commit(tmp_path: Path, monkeypatch: Any):
    from jolly_scorer.store import Store

    calls: list[str] = []
    monkeypatch.setattr(platform, "flush", lambda: calls.append("flush"))
    with Store.open(tmp_path) as store:
        before = len(calls)
        store.set_setting("language", "de")
        assert len(calls) == before + 1
        store.set_setting("theme", "dark")
        assert len(calls) == before + 2
        assert store.get_setting("language") == "de"  # reading writes nothing
        store.list_games()
        assert len(calls) == before + 2


def test_not_in_the_browser_nothing_to_mount():
    assert platform.IN_BROWSER is False
    assert run_async(platform.open_data_dir()) is None
    platform.flush()  # a no-op


def test_store_app_settings():
    """``flet build apk``/``ipa`` cannot run here (Flutter SDK): check what it
    reads: app id, name, entry point, icon, no permissions."""
    import tomllib

    root = ROOT
    flet = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["flet"]
    assert flet["product"] == build.APP_NAME
    assert re.fullmatch(r"[a-z]+(\.[a-z][a-z0-9]*)+", flet["bundle_id"])
    assert flet["permissions"] == []
    app = root / flet["app"]["path"]
    assert (app / f"{flet['app']['module']}.py").is_file()
    icon = app / "assets" / "icon.png"
    assert icon.read_bytes() == (build.ICONS / "icon-1024.png").read_bytes()
    assert _png_size(icon) == (1024, 1024)
    assert (app / "assets" / "fonts" / "DejaVuSans.ttf").is_file()


def test_pruned_babel_serves_every_language(site: Path, tmp_path: Path):
    """The site's own packages (pruned babel included) format numbers, dates and
    language names in each of the app's languages (run on this Python, with
    only the site's packages importable first)."""
    with tarfile.open(site / "app.tar.gz") as archive:
        archive.extractall(tmp_path, filter="data")
    code = (
        "import datetime, sys\n"
        "from babel.dates import format_date\n"
        "from jolly_scorer.i18n import Translator, available_languages, "
        "language_name\n"
        "import babel, jolly_scorer\n"
        "assert babel.__file__.startswith(sys.argv[1]), babel.__file__\n"
        "assert jolly_scorer.__file__.startswith(sys.argv[1])\n"
        "for lang in available_languages():\n"
        "    t = Translator(lang)\n"
        "    day = format_date(datetime.date(2026, 11, 30), format='medium', "
        "locale=t.locale)\n"
        "    print(lang, language_name(lang), t.number(1234.5, 1), day, "
        "t('New game'))\n"
    )
    packages = str(tmp_path / "__pypackages__")
    done = subprocess.run(
        [sys.executable, "-c", code, packages],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
        env={"PYTHONPATH": packages, "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stderr
    lines = dict(line.split(" ", 1) for line in done.stdout.splitlines())
    assert lines["de"].startswith("Deutsch 1.234,5 30.11.2026 Neues Spiel")
    assert lines["fi"] == "Suomi 1\xa0234,5 30.11.2026 Uusi peli"
    assert lines["en"].startswith("English 1,234.5 Nov 30, 2026 New game")


def test_screen_updates_wait_until_the_change_is_written(monkeypatch: Any):
    """What the page is sent after a commit (the "saved" screen) reaches it only
    once the write-back to IndexedDB is done, in order; never held forever."""

    async def scenario() -> None:
        fs = FakeFS()
        folder = platform.BrowserFolder(fs)
        mounting = asyncio.ensure_future(folder.mount())
        await asyncio.sleep(0)
        fs.finish()
        await mounting
        monkeypatch.setattr(platform, "_folder", folder)
        shown: list[str] = []
        send = platform.hold_until_written(shown.append, limit=0.05)
        send("home")
        assert shown == ["home"]  # nothing being written: at once
        folder.flush()  # a round committed
        send("saved")
        send("totals")
        assert shown == ["home"]
        await asyncio.sleep(0)  # the loop's turn ends: the write-back starts
        folder.flush()  # another commit while the first is written
        fs.finish()
        assert shown == ["home"]  # the second write-back still runs
        await asyncio.sleep(0)
        fs.finish()
        assert shown == ["home", "saved", "totals"]
        folder.flush()
        send("late")
        await asyncio.sleep(0)
        await asyncio.sleep(0.1)  # a write-back that never ends
        assert shown[-1] == "late"
        fs.finish()
        assert shown.count("late") == 1

    assert platform.hold_until_written(print) is print  # not in a browser
    run_async(scenario())


THREAD_STARTS = re.compile(
    r"asyncio\.to_thread\(|threading\.Thread\(|ThreadPoolExecutor\(|"
    r"run_in_executor\(|\.run_thread\("
)


def test_threads_start_only_through_run_blocking():
    """Threads cannot start in the browser (Pyodide): heavy work is awaited
    through ``platform.run_blocking``, which runs it inline there."""
    package = Path(build.PACKAGE)
    # the web server's worker processes (issue 38.5): installed by serve()
    # alone, which never runs in the browser
    allowed = {package / "store" / "platform.py", package / "server" / "heavy.py"}
    found = [
        f"{path.relative_to(package)}:{n}: {line.strip()}"
        for path in sorted(package.rglob("*.py"))
        if path not in allowed
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if THREAD_STARTS.search(line)
    ]
    assert found == []


def test_the_browsers_language_is_the_default(monkeypatch: Any):
    from jolly_scorer.i18n import default_language
    from jolly_scorer.web import browser

    monkeypatch.setenv("LANGUAGE", "")  # so the variable is put back afterwards,
    monkeypatch.delenv("LANGUAGE")  # even after the app itself sets it
    monkeypatch.setattr(platform, "browser_languages", lambda: ["sv-SE", "fi-FI"])
    browser.use_browser_language()
    assert default_language() == "fi"
    monkeypatch.setenv("LANGUAGE", "de")  # set explicitly: kept
    browser.use_browser_language()
    assert default_language() == "de"
    monkeypatch.delenv("LANGUAGE")
    monkeypatch.setattr(platform, "browser_languages", lambda: ["sv-SE"])
    browser.use_browser_language()
    assert "LANGUAGE" not in os.environ
