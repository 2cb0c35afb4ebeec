"""The in-process harness works on small imperative and declarative apps."""

from __future__ import annotations

import flet as ft
import pytest
from flet.messaging.protocol import MessageAction
from flet_harness import SessionCrashed


def counter_app(page: ft.Page) -> None:
    count = ft.Text("0", key="count")
    greeting = ft.Text("")

    def inc(e: ft.Event[ft.Button]) -> None:
        count.value = str(int(count.value or 0) + 1)

    def name_changed(e: ft.Event[ft.TextField]) -> None:
        greeting.value = f"Hello {e.control.value}"

    page.add(
        ft.Text(f"{page.width:.0f}x{page.height:.0f}"),
        count,
        ft.Button("Add", on_click=inc),
        ft.Semantics(
            identifier="add-icon",
            content=ft.IconButton(ft.Icons.ADD, tooltip="Add one", on_click=inc),
        ),
        ft.TextField(label="Name", on_change=name_changed),
        greeting,
    )


@ft.component
def DeclarativeCounter() -> ft.Control:
    count, set_count = ft.use_state(0)
    name, set_name = ft.use_state("")
    return ft.Column(
        [
            ft.Text(f"Count {count}"),
            ft.Button("Add", on_click=lambda: set_count(count + 1)),
            ft.TextField(label="Name", on_change=lambda e: set_name(e.control.value)),
            ft.Text(f"Hello {name}") if name else ft.Text("nobody"),
            *[ft.Text(f"row {i}") for i in range(count)],
        ]
    )


def test_imperative_counter_and_text_field(flet_app):
    app = flet_app(counter_app, width=390, height=844)
    assert app.find(text="390x844")
    app.click(app.find(text="Add"))
    app.click(app.find(semantics="add-icon"))  # Semantics wrapper -> IconButton
    assert app.find(key="count").value == "2"
    app.type_text(app.find(label="Name"), "Anna")
    assert app.find(text="Hello Anna")


def test_declarative_component_rerenders(flet_app):
    app = flet_app(lambda page: page.render(DeclarativeCounter))
    assert app.find(text="Count 0")
    for _ in range(3):
        app.click(app.find(text="Add"))
    assert app.find(text="Count 3")
    assert [t for t in app.texts() if t.startswith("row")] == [
        "row 0",
        "row 1",
        "row 2",
    ]
    app.type_text(app.find(label="Name"), "Ben")
    assert app.find(text="Hello Ben")
    # Rows added after the first render reached the client as patches.
    patches = str(app.sent(MessageAction.PATCH_CONTROL))
    assert "row 2" in patches and "Hello Ben" in patches


def test_handler_exception_fails_the_test(flet_app):
    def boom(page: ft.Page) -> None:
        def fail(e: ft.Event[ft.Button]) -> None:
            raise ValueError("kaputt")

        page.add(ft.Button("Boom", on_click=fail))

    app = flet_app(boom)
    with pytest.raises(SessionCrashed, match="kaputt"):
        app.click(app.find(text="Boom"))


def test_main_exception_fails_the_test(flet_app):
    def broken(page: ft.Page) -> None:
        raise RuntimeError("no main")

    with pytest.raises(SessionCrashed, match="no main"):
        flet_app(broken)


def test_shared_preferences_answered_from_memory(flet_app):
    async def main(page: ft.Page) -> None:
        prefs = ft.SharedPreferences()
        shown = ft.Text(f"lang={await prefs.get('lang')}")

        async def save(e: ft.Event[ft.Button]) -> None:
            await prefs.set("lang", "fi")
            shown.value = f"lang={await prefs.get('lang')}"

        page.add(shown, ft.Button("Save", on_click=save))

    app = flet_app(main, prefs={"lang": "de"})
    assert app.find(text="lang=de")
    app.click(app.find(text="Save"))
    assert app.find(text="lang=fi")
    assert app.prefs == {"lang": "fi"}


def test_find_reports_the_page_when_nothing_matches(flet_app):
    app = flet_app(counter_app)
    with pytest.raises(AssertionError, match="Add"):
        app.find(text="Missing")
