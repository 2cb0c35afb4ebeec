"""A tiny app for the browser smoke test (independent of jolly_scorer.ui)."""

from __future__ import annotations

import flet as ft


@ft.component
def Sample() -> ft.Control:
    count, set_count = ft.use_state(0)
    name, set_name = ft.use_state("")
    return ft.Column(
        [
            ft.Text("Sample ready", size=24),
            ft.Text(
                "Suits: ♥ ♦ ♣ ♠  10♥ Q♠ A♦ 7♣",
                size=32,
                style=ft.TextStyle(font_family_fallback=["DejaVuSans"]),
            ),
            ft.Text(f"Count {count}", size=20),
            ft.Semantics(
                identifier="add",
                content=ft.Button("Add", on_click=lambda: set_count(count + 1)),
            ),
            ft.TextField(
                label="Name",
                value=name,
                on_change=lambda e: set_name(e.control.value),
            ),
            ft.Text(f"Hello {name}" if name else "Nobody yet"),
        ]
    )


def main(page: ft.Page) -> None:
    page.title = "Sample"
    # Served from jolly_scorer/ui/assets (see tests/e2e/serve.py).
    page.fonts = {"DejaVuSans": "fonts/DejaVuSans.ttf"}
    page.render(Sample)
