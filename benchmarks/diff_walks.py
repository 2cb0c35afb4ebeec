"""What Flet's walk over a redraw's added controls costs, with and without
the fix that skips the values it does nothing with (``skip leaf walks`` in
``server/flet_fixes.py``), in one process, alternated. The redraw that takes
the controls away again is measured too (its walk is not changed).

    uv run python benchmarks/diff_walks.py [--cards 53] [--repeat 30]

The redraw measured is Flet's own (``ObjectPatch.from_diff``, as a page
session computes it): a column of ``--cards`` keys like the card grid's
(a bordered container with a handler, a row, a coloured text and an icon)
added to an empty column, then taken away again. Each repeat builds the
controls anew and runs once with Flet's walk (the wrapped function) and
once with the fix, in turn. Output:

    diff_walks: N keys, add median A ms (Flet) / B ms (fix), remove median
        C ms / D ms; ratio add R1, remove R2

Nothing is asserted (a figure for before and after a change).
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import flet as ft
from flet.controls import object_patch
from flet.controls.base_control import BaseControl

from jolly_scorer.server import flet_fixes


def keys(count: int) -> ft.Column:
    return ft.Column(
        [
            ft.Container(
                ft.Row(
                    [
                        ft.Text(f"{n % 13 + 1}", size=17, color=ft.Colors.RED_700),
                        ft.Icon(ft.Icons.FAVORITE, size=14),
                    ],
                    spacing=0,
                ),
                border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                border_radius=6,
                padding=4,
                on_click=lambda e: None,
            )
            for n in range(count)
        ]
    )


def once(count: int) -> tuple[float, float]:
    """Seconds to add ``count`` keys to an empty column, and to take them away."""
    empty = ft.Column([])
    object_patch.ObjectPatch.from_diff(None, empty, control_cls=BaseControl)
    grid = keys(count)
    start = time.perf_counter()
    object_patch.ObjectPatch.from_diff(empty, grid, control_cls=BaseControl)
    added = time.perf_counter() - start
    start = time.perf_counter()
    object_patch.ObjectPatch.from_diff(grid, ft.Column([]), control_cls=BaseControl)
    return added, time.perf_counter() - start


def walks(fixed: bool) -> None:
    builder: Any = object_patch.DiffBuilder
    for name in flet_fixes._WALKS:
        walk = getattr(builder, name)
        flets = getattr(walk, "__wrapped__", walk)
        setattr(builder, name, flet_fixes._leaves_skipped(flets) if fixed else flets)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=53)
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    times: dict[bool, list[tuple[float, float]]] = {False: [], True: []}
    for _ in range(args.repeat):
        for fixed in (False, True):
            walks(fixed)
            times[fixed].append(once(args.cards))
    add = {k: statistics.median(a for a, _ in v) * 1000 for k, v in times.items()}
    gone = {k: statistics.median(r for _, r in v) * 1000 for k, v in times.items()}
    print(
        f"diff_walks: {args.cards} keys, add median {add[False]:.1f} ms (Flet) / "
        f"{add[True]:.1f} ms (fix), remove median {gone[False]:.1f} ms / "
        f"{gone[True]:.1f} ms; ratio add {add[True] / add[False]:.2f}, "
        f"remove {gone[True] / gone[False]:.2f}"
    )


if __name__ == "__main__":
    main()
