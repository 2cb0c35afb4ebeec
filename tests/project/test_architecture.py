"""Dependencies point inward: the core imports only the standard library."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from support.paths import ROOT

PACKAGE = ROOT / "jolly_scorer"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_core_imports_only_the_standard_library() -> None:
    allowed = set(sys.stdlib_module_names) | {"jolly_scorer"}
    forbidden = {
        "sqlite3",
        "random",
        "time",
        "datetime",
        "os",
        "io",
        "pathlib",
        "socket",
        "subprocess",
        "secrets",
    }
    # the arranger reads a monotonic clock for its time limit only: past the
    # limit it raises, its answers never depend on the clock
    clock_ok = {"arranger.py": {"time"}}
    for path in sorted((PACKAGE / "core").glob("*.py")):
        for name in imported_modules(path):
            top = name.split(".")[0]
            assert top in allowed, f"{path.name} imports {name}"
            if top in clock_ok.get(path.name, set()):
                continue
            assert top not in forbidden, f"{path.name} does I/O or clock: {name}"
            if top == "jolly_scorer":
                assert name.startswith("jolly_scorer.core"), f"{path.name}: {name}"


def test_store_does_not_import_the_ui() -> None:
    for path in sorted((PACKAGE / "store").rglob("*.py")):
        for name in imported_modules(path):
            assert not name.startswith(("flet", "jolly_scorer.ui")), path.name


def test_cli_does_not_import_flet_at_module_level() -> None:
    for path in [PACKAGE / "cli.py", *sorted((PACKAGE / "commands").glob("*.py"))]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module = ast.Module(body=tree.body, type_ignores=[])
        top_level = {
            alias.name if isinstance(node, ast.Import) else node.module or ""
            for node in module.body
            if isinstance(node, ast.Import | ast.ImportFrom)
            for alias in node.names
        }
        for name in top_level:
            assert not name.startswith(("flet", "jolly_scorer.ui")), (
                f"{path.name} imports {name} at start-up"
            )


def test_core_modules_import_each_other_without_a_circle() -> None:
    """Also imports inside functions count: scoring never reaches the game
    operations, which import scoring."""
    core = {p.stem: p for p in (PACKAGE / "core").glob("*.py")}
    edges = {
        name: {
            m.rsplit(".", 1)[-1]
            for m in imported_modules(path)
            if m.startswith("jolly_scorer.core.")
        }
        for name, path in core.items()
    }
    assert "game" not in edges["scoring"] and "scoring" in edges["game"]
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, " -> ".join((*path, name))
        if name in done:
            return
        for other in edges.get(name, ()):
            visit(other, (*path, name))
        done.add(name)

    for name in edges:
        visit(name, ())


def test_core_keeps_no_hidden_state() -> None:
    """No ``global`` rebinding: results are returned, never remembered."""
    for path in sorted((PACKAGE / "core").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assert not any(isinstance(n, ast.Global) for n in ast.walk(tree)), path.name
