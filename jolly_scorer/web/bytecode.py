"""Bytecode for the phone app, compiled at build time by Pyodide's own Python
(issue 36, docs/performance.md "The phone app's start").

Pyodide compiles every module it imports from source: the first visit spent
1.4 s of its start importing the app, Flet and their packages, and the snapshot
worker as much again. A ``.pyc`` is only read by the Python that wrote it
(Pyodide 314.0.7 is Python 3.14; the build runs on the host's 3.11), so the
build runs the Pyodide that ``flet-web`` ships, and that the site ships, in
Node.js, and compiles ``__pypackages__`` with it. The ``.pyc`` files are
*unchecked-hash* ones (PEP 552): read without looking at the source's time
stamp, which the worker's unpacking of ``app.tar.gz`` does not keep, nor its
hash, which would cost what the ``.pyc`` saves. They are made from the very
sources beside them, in the staged app, and ``app.tar.gz`` holds both (the
sources for tracebacks).

The standard library too (:func:`compile_stdlib`): Pyodide's
``python_stdlib.zip`` holds only sources, so every start compiled the modules
Pyodide's own start imports and every one the app imports (in Node.js the
interpreter's start took 2.2–2.4 s with the shipped zip and 0.65–0.7 s with
the compiled one, the app's imports after it 0.9–1.2 s and 0.64–0.77 s). The
site's zip is written again holding a ``.pyc`` in place of each ``.py``
(sourceless: the zip importer reads ``json/__init__.pyc`` as it would read
the source; a traceback through the standard library shows no source line),
its entries stored, not deflated, so that the ``.gz`` beside it compresses
them together (4.1 MB sent, against 2.5 MB for the sources' zip).

Node is optional: without it (or if the compile fails or takes too long) the
site is built as before, without bytecode, and :func:`compile_staged` and
:func:`compile_stdlib` say why.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import tempfile
from pathlib import Path

__all__ = [
    "COMPILE_SCRIPT",
    "STDLIB_SCRIPT",
    "TIMEOUT",
    "compile_staged",
    "compile_stdlib",
    "pyodide_dir",
]

#: Seconds the compile may take (about 8 s on a loaded 2-core machine).
TIMEOUT = 300
#: Run by Node: ``node compile.mjs PYODIDE_DIR PACKAGES``. Mounts the staged
#: ``__pypackages__`` where the worker unpacks it and compiles every module.
COMPILE_SCRIPT = r"""
import { pathToFileURL } from "node:url";
const [pyodideDir, packages] = process.argv.slice(2);
const { loadPyodide } = await import(
    pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
const target = "/home/pyodide/__pypackages__";
pyodide.FS.mkdirTree(target);
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: packages }, target);
// a module that does not compile gets no .pyc (its import fails as before)
const failed = pyodide.runPython(`
import compileall, py_compile, sys
sys.dont_write_bytecode = False
ok = compileall.compile_dir(
    "${target}", quiet=1,
    invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
"ok " + sys.implementation.cache_tag + ("" if ok else ", some modules not")
`);
console.log(failed);
"""


#: Run by Node: ``node stdlib.mjs PYODIDE_DIR FOLDER``, where FOLDER holds
#: ``python_stdlib.zip``; writes ``compiled.zip`` beside it, then starts
#: Pyodide on it and imports what the app's start needs, as a check.
STDLIB_SCRIPT = r"""
import { pathToFileURL } from "node:url";
const [pyodideDir, folder] = process.argv.slice(2);
const { loadPyodide } = await import(
    pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
pyodide.FS.mkdirTree("/work");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: folder }, "/work");
pyodide.runPython(`
import importlib._bootstrap_external as external
import importlib.util, sys, zipfile
# where Pyodide mounts the zip: the code objects name their files as the
# zip importer would have named them
home = next(p for p in sys.path if p.endswith(".zip"))
with (
    zipfile.ZipFile("/work/python_stdlib.zip") as source,
    zipfile.ZipFile("/work/compiled.zip", "w", zipfile.ZIP_STORED) as out,
):
    for info in source.infolist():
        data = source.read(info)
        if info.filename.endswith(".py"):
            code = compile(data, home + "/" + info.filename, "exec", dont_inherit=True)
            data = bytes(external._code_to_hash_pyc(
                code, importlib.util.source_hash(data), checked=False))
            info = zipfile.ZipInfo(info.filename + "c", info.date_time)
        info.compress_type = zipfile.ZIP_STORED
        out.writestr(info, data)
`);
const check = await loadPyodide({
    indexURL: pyodideDir + "/", stdLibURL: folder + "/compiled.zip" });
console.log(check.runPython(`
import asyncio, json, sqlite3, dataclasses, logging, zipimport
"ok " + type(json.__spec__.loader).__name__ + " " + json.__spec__.origin
`));
"""


def pyodide_dir() -> Path | None:
    """The Pyodide that ``flet-web`` ships (the one the site ships)."""
    spec = importlib.util.find_spec("flet_web")
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(next(iter(spec.submodule_search_locations))) / "web" / "pyodide"
    return folder if (folder / "pyodide.mjs").is_file() else None


def _shipped_node(node: str | None) -> tuple[str, Path] | str:
    """Node.js and the Pyodide to run in it, or why there are none."""
    node = node or shutil.which("node")
    if node is None:
        return "Node.js not found"
    runtime = pyodide_dir()
    if runtime is None:
        return "flet-web's Pyodide not found"
    return node, runtime


def _run_in_node(node: str, script: str, args: list[Path], ok: str) -> str | None:
    """Run ``script`` (an ES module) in Node.js with ``args``: None when its
    last line starts with ``ok``, else why not."""
    with tempfile.TemporaryDirectory(prefix="jolly-node-") as tmp:
        path = Path(tmp) / "script.mjs"
        path.write_text(script, encoding="utf-8")
        try:
            done = subprocess.run(
                [node, str(path), *map(str, args)],
                capture_output=True,
                text=True,
                timeout=TIMEOUT,
                check=False,
            )
        except (OSError, subprocess.TimeoutExpired) as error:
            return f"Node.js did not compile: {error}"
    answer = done.stdout.strip().splitlines()[-1:] or [""]
    if done.returncode != 0 or not answer[0].startswith(ok):
        tail = (done.stdout + done.stderr).strip().splitlines()[-2:]
        return "compile failed: " + " | ".join(tail)
    return None


def compile_staged(packages: Path, *, node: str | None = None) -> str | None:
    """Write ``__pycache__/*.cpython-314.pyc`` beside every module under
    ``packages`` (a staged ``__pypackages__``). Returns None when done, else
    why not (no Node, no Pyodide, a failure): the build goes on without."""
    found = _shipped_node(node)
    if isinstance(found, str):
        return found
    why = _run_in_node(found[0], COMPILE_SCRIPT, [found[1], packages.resolve()], "ok ")
    if why is not None:
        _drop(packages)
    return why


def _drop(packages: Path) -> None:
    """No half-compiled tree: every ``__pycache__`` under ``packages`` goes."""
    for cache in sorted(packages.rglob("__pycache__"), reverse=True):
        shutil.rmtree(cache, ignore_errors=True)


def compile_stdlib(archive: Path, *, node: str | None = None) -> str | None:
    """Write ``archive`` (a site's ``pyodide/python_stdlib.zip``) again with
    bytecode in place of the sources, compiled by the Pyodide that ships it.
    Returns None when done, else why not: ``archive`` is then unchanged."""
    found = _shipped_node(node)
    if isinstance(found, str):
        return found
    with tempfile.TemporaryDirectory(prefix="jolly-stdlib-") as tmp:
        folder = Path(tmp)
        shutil.copyfile(archive, folder / "python_stdlib.zip")
        why = _run_in_node(
            found[0], STDLIB_SCRIPT, [found[1], folder], "ok zipimporter"
        )
        if why is None:
            shutil.copyfile(folder / "compiled.zip", archive)
    return why
