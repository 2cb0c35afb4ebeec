"""The phone app's worker unpacks ``app.tar.gz`` itself (the browser's gunzip
and a plain tar reader, jolly_scorer/web/worker.py ``jollyUntar``): it gives
the same files as Python's tarfile, long names (pax, GNU) included, and
refuses what it does not know (Pyodide's unpackArchive then does it). Run in
Node with a stand-in for Emscripten's FS; skipped where there is no Node."""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import re
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

from jolly_scorer.web.build import _drop_requirements
from jolly_scorer.web.worker import W_PRELOAD, sources_end

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
  const end = Number(process.argv[4] || 0);
  await self.jollyUntar({ FS }, readFileSync(process.argv[2]), skip, end);
  console.log(JSON.stringify(files));
} catch (error) {
  console.log(JSON.stringify({ refused: String(error) }));
}
"""


def untar(
    tmp_path: Path, archive: bytes, skip: str = "", end: int = 0
) -> dict[str, str]:
    first = W_PRELOAD.index("self.jollyUntar = async function")
    last = W_PRELOAD.index("self.jollyUnpack = async function")
    code = W_PRELOAD[first:last].replace("__SOURCES_END__", "0")
    script = tmp_path / "untar.mjs"
    script.write_text("const self = {};\n" + code + HARNESS)
    path = tmp_path / "app.tar.gz"
    path.write_bytes(archive)
    assert NODE is not None
    out = subprocess.run(
        [NODE, str(script), str(path), skip, str(end)],
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


def _bytecode_last(site: Path, members: dict[str, bytes | None]) -> bytes:
    """``members`` as build-web writes them (``build._drop_requirements``):
    the bytecode last, in a gzip member of its own."""
    site.mkdir()
    (site / "app.tar.gz").write_bytes(
        archive({"/requirements.txt": b"flet", **members}, tarfile.GNU_FORMAT)
    )
    _drop_requirements(site)
    return (site / "app.tar.gz").read_bytes()


def test_the_bytecode_last_in_a_member_of_its_own(tmp_path: Path) -> None:
    """A first visit unpacks both members; a restored worker gunzips only the
    first (a second member it cannot read does not stop it) and writes the
    same as when it skipped the bytecode of one member."""
    pattern = re.search(r"const JOLLY_BYTECODE = /(.*)/;", W_PRELOAD)
    assert pattern is not None
    members: dict[str, bytes | None] = {
        "/__pypackages__/pkg/__pycache__": None,
        "/__pypackages__/pkg/__pycache__/__init__.cpython-314.pyc": b"pyc",
        **MEMBERS,
        "/__pypackages__/pkg/__pycache__/other.cpython-314.pyc": b"pyc" * 200,
    }
    whole = archive(members, tarfile.GNU_FORMAT)
    split = _bytecode_last(tmp_path / "site", members)
    end = sources_end(split)
    assert 0 < end < len(split)
    assert gzip.decompress(split) != gzip.decompress(whole)  # in another order
    with tarfile.open(fileobj=io.BytesIO(split)) as both:
        names = both.getnames()
    with tarfile.open(fileobj=io.BytesIO(gzip.decompress(split[:end]))) as first:
        sources = first.getnames()
    with tarfile.open(fileobj=io.BytesIO(whole)) as one:
        assert sorted(names) == sorted(one.getnames())
    assert "__pycache__" not in " ".join(sources)
    assert all("__pycache__" in n for n in names[len(sources) :])
    assert untar(tmp_path, split, "", end) == untar(tmp_path, whole)
    restored = untar(tmp_path, whole, pattern[1])
    assert untar(tmp_path, split, pattern[1], end) == restored
    broken = split[:end] + b"not gzip" + split[end + 8 :]
    assert untar(tmp_path, broken, pattern[1], end) == restored
    assert "refused" in untar(tmp_path, broken)
