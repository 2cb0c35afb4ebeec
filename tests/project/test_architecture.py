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
    for path in sorted((PACKAGE / "core").rglob("*.py")):
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
            if m.startswith("jolly_scorer.core.") and m.count(".") == 2
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
    for path in sorted((PACKAGE / "core").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assert not any(isinstance(n, ast.Global) for n in ast.walk(tree)), path.name


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def package_imports() -> dict[str, set[str]]:
    """Every module of the package and the package modules it imports (also
    inside functions; ``from package import module`` counts as the module)."""
    modules = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    edges: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for alias in node.names:
                    child = f"{node.module}.{alias.name}"
                    found.add(child if child in modules else node.module)
        edges[name] = {m for m in found if m in modules and m != name}
    return edges


def test_the_package_has_no_import_circle() -> None:
    """Lazy imports inside functions count too; a package's ``__init__`` is
    left out, since importing ``a.b`` runs ``a`` first without ``a`` using ``b``."""
    edges = package_imports()
    inits = {m for m in edges if (PACKAGE.parent / m.replace(".", "/")).is_dir()}
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, " -> ".join((*path, name))
        if name in done:
            return
        for other in edges[name] - inits:
            visit(other, (*path, name))
        done.add(name)

    for name in edges:
        visit(name, ())


UI, SERVER, TABLES = "jolly_scorer.ui", "jolly_scorer.server", "jolly_scorer.tables"
SERVE = "jolly_scorer.serve"  # the app command's composition: above ui and server
LAYERS = [
    # (a module's prefix, the prefixes it must never import)
    (
        "jolly_scorer.core",
        ("jolly_scorer.store", "jolly_scorer.i18n", TABLES, UI, SERVER, SERVE),
    ),
    ("jolly_scorer.store", (TABLES, UI, SERVER, SERVE)),
    ("jolly_scorer.i18n", (TABLES, UI, SERVER, SERVE)),
    # what the app and the server both use: below both, imports neither
    (TABLES, (UI, SERVER, SERVE)),
    # the app and the server beside each other: neither imports the other
    (UI, (SERVER, SERVE)),
    (SERVER, (UI, SERVE)),
    ("jolly_scorer.ui.widgets", ("jolly_scorer.ui.screens", "jolly_scorer.ui.app")),
    ("jolly_scorer.ui.models", ("jolly_scorer.ui.screens", "jolly_scorer.ui.widgets")),
    ("jolly_scorer.ui.screens", ("jolly_scorer.ui.app",)),
]


def within(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def test_dependencies_point_down() -> None:
    """screens -> widgets -> models -> (tables ->) store -> core; the server
    beside the UI, both above ``tables/`` (the table's game, which both use),
    ``serve.py`` above both. Imports inside functions count too."""
    edges = package_imports()
    for module, imported in edges.items():
        for prefix, never in LAYERS:
            if within(module, prefix):
                bad = sorted(m for m in imported if any(within(m, n) for n in never))
                assert not bad, f"{module} imports {bad}"


def test_the_rules_see_the_layers() -> None:
    """The prefixes name real modules (a renamed folder fails here, not
    silently), and the checker tells a prefix from a longer name."""
    modules = package_imports()
    for prefix in (UI, SERVER, TABLES, SERVE, "jolly_scorer.i18n"):
        assert any(within(m, prefix) for m in modules), prefix
    assert not within("jolly_scorer.server.web", SERVE)
    assert within("jolly_scorer.ui.app", UI)


def test_screens_are_one_package_each_and_no_folder_is_crowded() -> None:
    assert not (PACKAGE / "ui" / "views").exists()
    screens = PACKAGE / "ui" / "screens"
    loose = [p.name for p in screens.glob("*.py") if p.name != "__init__.py"]
    assert not loose, f"a screen is a package: {loose}"
    for folder in [PACKAGE, *(d for d in PACKAGE.rglob("*") if d.is_dir())]:
        count = len([p for p in folder.glob("*.py") if p.name != "__init__.py"])
        assert count <= 20, f"{folder.relative_to(ROOT)} holds {count} modules"
