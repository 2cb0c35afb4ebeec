"""The phone app's catalogs read in ahead (issue 36): ``build-web`` writes
each language's catalog as JSON beside its ``.po``; read back it translates
exactly as the ``.po`` does, and a JSON of another ``.po`` is not used."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from jolly_scorer import i18n


@pytest.fixture
def locales(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    copy = tmp_path / "locales"
    shutil.copytree(i18n.LOCALES_DIR, copy)
    monkeypatch.setattr(i18n, "LOCALES_DIR", copy)
    return copy


@pytest.mark.parametrize("language", i18n.available_languages())
def test_compiled_catalog_translates_as_the_po(locales: Path, language: str) -> None:
    from_po = i18n._Catalog(language)
    po = i18n._po_path(language).read_bytes()
    i18n.compiled_path(language).write_text(from_po.compiled(po), encoding="utf-8")
    from_json = i18n._Catalog(language)
    assert from_json.messages == from_po.messages
    assert from_json.plural_expr == from_po.plural_expr
    assert [from_json.plural_index(n) for n in range(30)] == [
        from_po.plural_index(n) for n in range(30)
    ]


def test_a_compiled_catalog_of_another_po_is_not_read(locales: Path) -> None:
    po = i18n._po_path("de").read_bytes()
    right = i18n._Catalog("de")
    stale = right.compiled(po).replace("Speichern", "Xyzzy-stale")
    i18n.compiled_path("de").write_text(stale, encoding="utf-8")
    assert "Xyzzy-stale" in str(i18n._Catalog("de").messages.values())  # same .po
    i18n._po_path("de").write_bytes(po + b"\n")  # the .po changed
    assert i18n._Catalog("de").messages == right.messages
    assert "Xyzzy-stale" not in str(i18n._Catalog("de").messages.values())
