"""The phone app's worker unpacks ``app.tar.gz`` itself (the browser's gunzip
and a plain tar reader, jolly_scorer/web/worker.py ``jollyUntar``): it gives
the same files as Python's tarfile, long names (pax, GNU) included, and
refuses what it does not know (Pyodide's unpackArchive then does it). Run in
Node with a stand-in for Emscripten's FS; skipped where there is no Node."""

from __future__ import annotations

import hashlib
import io
import json
import re
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

from jolly_scorer.web.worker import W_PRELOAD

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="no Node.js")

HARNESS = r"""
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
const files = {};
const FS = {
  cwd: () => "/home/pyodide",
  mkdirTree: () => {},
  writeFile: (p, d) => { files[p] = createHash("sha256").update(d).digest("hex"); },
};
try {
  const skip = process.argv[3] ? new RegExp(process.argv[3]) : undefined;
  await self.jollyUntar({ FS }, readFileSync(process.argv[2]), skip);
  console.log(JSON.stringify(files));
} catch (error) {
  console.log(JSON.stringify({ refused: String(error) }));
}
"""


def untar(tmp_path: Path, archive: bytes, skip: str = "") -> dict[str, str]:
    start = W_PRELOAD.index("self.jollyUntar = async function")
    end = W_PRELOAD.index("self.jollyUnpack = async function")
    script = tmp_path / "untar.mjs"
    script.write_text("const self = {};\n" + W_PRELOAD[start:end] + HARNESS)
    path = tmp_path / "app.tar.gz"
    path.write_bytes(archive)
    assert NODE is not None
    out = subprocess.run(
        [NODE, str(script), str(path), skip],
        capture_output=True,
        text=True,
        check=True,
    )
    found: dict[str, str] = json.loads(out.stdout)
    return found


def archive(members: dict[str, bytes | None], fmt: int) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz", format=fmt) as tar:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            if data is None:
                info.type = tarfile.DIRTYPE
                tar.addfile(info)
            else:
                info.size = len(data)
                tar.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


MEMBERS: dict[str, bytes | None] = {
    "/": None,
    "/main.py": b"print('hi')\n",
    "/__pypackages__/pkg": None,
    "/__pypackages__/pkg/__init__.py": b"",
    "/__pypackages__/pkg/" + "long_" * 30 + ".py": b"x = 1\n" * 300,
    "/__pypackages__/pkg/data/äöü.json": b'{"a": 1}',
}


@pytest.mark.parametrize(
    "fmt", [tarfile.PAX_FORMAT, tarfile.GNU_FORMAT, tarfile.USTAR_FORMAT]
)
def test_the_same_files_as_tarfile(tmp_path: Path, fmt: int) -> None:
    members = dict(MEMBERS)
    if fmt == tarfile.USTAR_FORMAT:  # no long names there but prefix/name
        members = {k.replace("long_" * 30, "long_" * 15): v for k, v in members.items()}
    want = {
        "/home/pyodide/" + name.lstrip("/"): hashlib.sha256(data).hexdigest()
        for name, data in members.items()
        if data is not None
    }
    assert untar(tmp_path, archive(members, fmt)) == want


def test_a_name_leaving_the_folder_is_refused(tmp_path: Path) -> None:
    bad = archive({"/../escape.py": b"x"}, tarfile.PAX_FORMAT)
    assert "refused" in untar(tmp_path, bad)


def test_after_a_restore_the_bytecode_is_not_unpacked(tmp_path: Path) -> None:
    """The restored interpreter has its modules in memory: the worker skips
    the archive's ``__pycache__`` (JOLLY_BYTECODE), and writes the rest."""
    pattern = re.search(r"const JOLLY_BYTECODE = /(.*)/;", W_PRELOAD)
    assert pattern is not None
    members: dict[str, bytes | None] = {
        **MEMBERS,
        "/__pypackages__/pkg/__pycache__/__init__.cpython-314.pyc": b"pyc",
    }
    everything = untar(tmp_path, archive(members, tarfile.GNU_FORMAT))
    assert any("__pycache__" in name for name in everything)
    skipped = untar(tmp_path, archive(members, tarfile.GNU_FORMAT), pattern[1])
    assert skipped == {
        name: digest for name, digest in everything.items() if "__pycache__" not in name
    }
