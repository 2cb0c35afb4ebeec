"""The phone app's bytecode (jolly_scorer/web/bytecode.py): compiled at build
time by Pyodide's own Python in Node.js, as unchecked-hash ``.pyc`` files that
Pyodide then imports without compiling the source; without Node the build goes
on without bytecode; the same for Pyodide's standard library (its zip written again
with bytecode in place of the sources). The Pyodide runs are skipped where
there is no Node (CI)."""

from __future__ import annotations

import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from jolly_scorer.web import bytecode

NODE = shutil.which("node")
needs_node = pytest.mark.skipif(
    NODE is None or bytecode.pyodide_dir() is None, reason="no Node.js or Pyodide"
)

#: Imports ``probe`` in the shipped Pyodide from ``packages`` as the worker
#: puts it on ``sys.path``, and prints what it holds.
IMPORT = r"""
import { pathToFileURL } from "node:url";
const [pyodideDir, packages] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
pyodide.FS.mkdirTree("/home/pyodide/__pypackages__");
pyodide.FS.mount(
    pyodide.FS.filesystems.NODEFS, { root: packages }, "/home/pyodide/__pypackages__");
console.log(pyodide.runPython(
    "import sys\nsys.path.insert(0, '__pypackages__')\nimport probe\nprobe.X"));
"""


def _stage(tmp_path: Path) -> Path:
    packages = tmp_path / "__pypackages__"
    (packages / "probe").mkdir(parents=True)
    (packages / "probe" / "__init__.py").write_text("X = 'compiled'\n")
    return packages


@needs_node
def test_pyodide_imports_the_bytecode_made_at_build_time(tmp_path: Path):
    packages = _stage(tmp_path)
    assert bytecode.compile_staged(packages) is None
    pycs = list((packages / "probe" / "__pycache__").glob("*.pyc"))
    assert [p.name for p in pycs] == ["__init__.cpython-314.pyc"]
    flags = int.from_bytes(pycs[0].read_bytes()[4:8], "little")
    assert flags == 0b01  # hash-based, not checked against the source (PEP 552)
    # the source changes after the compile: Pyodide still runs the .pyc,
    # so it read the .pyc and compiled nothing
    (packages / "probe" / "__init__.py").write_text("X = 'from source'\n")
    script = tmp_path / "import.mjs"
    script.write_text(IMPORT)
    assert NODE is not None
    runtime = bytecode.pyodide_dir()
    done = subprocess.run(
        [NODE, str(script), str(runtime), str(packages)],
        capture_output=True,
        text=True,
        check=True,
        timeout=bytecode.TIMEOUT,
    )
    assert done.stdout.strip().splitlines()[-1] == "compiled"


def test_without_node_the_build_goes_on_without_bytecode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    packages = _stage(tmp_path)
    monkeypatch.setattr(bytecode.shutil, "which", lambda name: None)
    assert bytecode.compile_staged(packages) == "Node.js not found"
    assert not list(packages.rglob("__pycache__"))


def test_a_failed_compile_leaves_no_bytecode(tmp_path: Path):
    packages = _stage(tmp_path)
    (packages / "probe" / "__pycache__").mkdir()
    (packages / "probe" / "__pycache__" / "half.pyc").write_bytes(b"")
    why = bytecode.compile_staged(packages, node=str(tmp_path / "no-such-node"))
    assert why is not None and why.startswith("Node.js did not compile")
    assert not list(packages.rglob("__pycache__"))


def _stdlib_copy(tmp_path: Path) -> Path:
    runtime = bytecode.pyodide_dir()
    assert runtime is not None
    archive = tmp_path / "python_stdlib.zip"
    shutil.copyfile(runtime / "python_stdlib.zip", archive)
    return archive


@needs_node
def test_the_standard_library_ships_compiled(tmp_path: Path):
    archive = _stdlib_copy(tmp_path)
    with zipfile.ZipFile(archive) as shipped:
        sources = {n for n in shipped.namelist() if n.endswith(".py")}
    assert "json/__init__.py" in sources
    # the compile's own check starts Pyodide on the new zip and imports from it
    assert bytecode.compile_stdlib(archive) is None
    with zipfile.ZipFile(archive) as compiled:
        names = set(compiled.namelist())
        assert not {n for n in names if n.endswith(".py")}
        assert {n[:-1] for n in names if n.endswith(".pyc")} == sources
        assert {i.compress_type for i in compiled.infolist()} == {zipfile.ZIP_STORED}
        pyc = compiled.read("json/__init__.pyc")
    assert int.from_bytes(pyc[4:8], "little") == 0b01  # unchecked hash


def test_without_node_the_standard_library_stays_as_shipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    archive = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(archive, "w") as made:
        made.writestr("json/__init__.py", "X = 1\n")
    before = archive.read_bytes()
    monkeypatch.setattr(bytecode.shutil, "which", lambda name: None)
    assert bytecode.compile_stdlib(archive) == "Node.js not found"
    why = bytecode.compile_stdlib(archive, node=str(tmp_path / "no-such-node"))
    assert why is not None and why.startswith("Node.js did not compile")
    assert archive.read_bytes() == before
