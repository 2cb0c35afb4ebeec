"""Every UI string is translated to German and Finnish; texts cover all codes."""

from __future__ import annotations

import json
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from jolly_scorer import i18n
from jolly_scorer.core import rules as core_rules
from jolly_scorer.core.melds import Reason
from jolly_scorer.i18n import KEYWORDS, Translator
from jolly_scorer.ui import texts

PACKAGE_DIR = Path(i18n.__file__).parent
REQUIRED = ("de", "fi")
# The contract: docs/formats.md reason codes and preset ids
# (knob keys: core.rules.KNOBS).
FORMAT_REASONS = [
    "too_few_cards",
    "joker_only",
    "too_many_jokers",
    "duplicate_suit",
    "group_too_large",
    "mixed_suits",
    "duplicate_rank",
    "not_consecutive",
    "out_of_range",
    "wrap_around",
    "ace_both_ends",
    "adjacent_jokers",
    "declared_joker_mismatch",
    "invalid_combination",
    "too_many_copies",
]
PRESET_IDS = ["jolly_at", "rommi_fi", "romme_de"]


def extracted() -> dict[str | tuple[str, ...], list[str]]:
    """msgid -> places, for every string marked in jolly_scorer/**/*.py."""
    found: dict[str | tuple[str, ...], list[str]] = {}
    for filename, lineno, message, _c, _ctx in extract_from_dir(
        str(PACKAGE_DIR), method_map=[("**.py", "python")], keywords=KEYWORDS
    ):
        key = message if isinstance(message, str) else tuple(message)
        found.setdefault(key, []).append(f"{filename}:{lineno}")
    return found


def catalog(lang: str):
    path = PACKAGE_DIR / "locales" / lang / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def placeholders(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_strings_are_extracted():
    messages = extracted()
    assert "Joker" in messages and ("{n} round", "{n} rounds") in messages
    assert len(messages) > 50


@pytest.mark.parametrize("lang", REQUIRED)
def test_every_ui_string_is_translated(lang):
    cat = catalog(lang)
    translations = {}
    for m in cat:
        if m.id and not m.fuzzy:
            key = m.id if isinstance(m.id, str) else tuple(m.id)
            translations[key] = m.string
    problems = []
    for msgid, places in extracted().items():
        got = translations.get(msgid)
        forms = (got,) if isinstance(got, str) or got is None else tuple(got)
        if not all(forms):
            problems.append(f"missing: {msgid!r} ({places[0]})")
            continue
        want = placeholders(msgid if isinstance(msgid, str) else msgid[0])
        for form in forms:
            if placeholders(form) - want - {"n"}:
                problems.append(f"placeholders differ: {msgid!r} -> {form!r}")
    assert not problems, (
        f"{len(problems)} problem(s) in locales/{lang}/LC_MESSAGES/messages.po "
        "(run `uv run python -m jolly_scorer.i18n`, then fill in msgstr):\n"
        + "\n".join(problems)
    )


def test_languages_and_default():
    assert set(i18n.available_languages()) >= {"de", "en", "fi"}
    assert i18n.default_language({"LANG": "de_AT.UTF-8"}) == "de"
    assert i18n.default_language({"LANGUAGE": "sv:fi", "LANG": "de_DE"}) == "fi"
    assert i18n.default_language({"LANG": "ja_JP.UTF-8"}) == "en"
    assert i18n.default_language({}) == "en"
    assert Translator("xx").language in i18n.available_languages()
    assert i18n.language_name("fi") == "Suomi"
    assert i18n.language_name("de") == "Deutsch"


def test_translator_formats_and_plurals():
    de, fi, en = Translator("de_AT"), Translator("fi"), Translator("en")
    assert de.language == "de"
    assert de("Rename {name}", name="Anna") == "Anna umbenennen"
    assert [de.plural("{n} round", "{n} rounds", n) for n in (1, 2)] == [
        "1 Runde",
        "2 Runden",
    ]
    assert fi.plural("{n} round", "{n} rounds", 1) == "1 kierros"
    assert en("No such text") == "No such text"
    assert de.number(1234.5) == "1.234,5"
    assert en.number(3.14159, digits=2) == "3.14"


def test_reason_texts_cover_every_code():
    codes = set(FORMAT_REASONS)
    assert set(texts.REASON_CODES) == codes == {r.value for r in Reason}
    de = Translator("de")
    for code in codes:
        sentence = texts.reason_text(code, de)
        assert sentence.endswith(".") and sentence != texts.reason_text(
            code, Translator("en")
        )


def test_knob_labels_cover_every_rule():
    # the core's knobs (docs/rules.md, "The knobs"; tests/core/test_cards_rules.py
    # ties them to Rules)
    assert texts.KNOB_KEYS == core_rules.KNOBS
    de = Translator("de")
    assert texts.knob_label("closing_bonus", de) == "Bonus fürs Zudrehen"
    assert "Handglatt" in texts.knob_label("handglatt_bonus", de)
    assert texts.knob_label("unknown_key", de) == "unknown_key"


@pytest.mark.parametrize("lang", ["en", *REQUIRED])
def test_presets_and_play_rules(lang):
    t = Translator(lang)
    assert set(texts.PRESET_IDS) == set(PRESET_IDS) == set(core_rules.PRESETS)
    for preset in PRESET_IDS:
        assert texts.preset_name(preset, t)
        assert texts.preset_description(preset, t)
        rules = texts.play_rules(preset, t)
        assert len(rules) >= 4 and all(rules)
    assert any("30" in r for r in texts.play_rules("jolly_at", t))


def test_austrian_terms_in_german():
    de = Translator("de")
    every = " ".join(
        [texts.knob_label(k, de) for k in texts.KNOB_KEYS]
        + [texts.preset_description(p, de) for p in texts.PRESET_IDS]
        + [r for p in texts.PRESET_IDS for r in texts.play_rules(p, de)]
    )
    for term in ("Zudrehen", "Handglatt", "Gutpunkte", "Schlechtpunkte", "Joker"):
        assert term in every, term
    assert "Ausleger" in every


def test_card_names():
    de, fi = Translator("de"), Translator("fi")
    assert texts.card_name("7h", de) == "Herz 7"
    assert texts.card_name("Qs", de) == "Pik Dame"
    assert texts.card_name("X=Ad", de) == "Joker als Karo Ass"
    assert texts.card_name("10c", fi) == "risti 10"


def raw_entries(lang: str) -> list[tuple[int, str, list[str] | None]]:
    """The catalog read as text, not by babel (which pairs a msgid that lost
    its msgstr with the next one's): per entry its line, its msgid (the
    singular) and its msgstr texts (None: no msgstr line at all)."""
    path = PACKAGE_DIR / "locales" / lang / "LC_MESSAGES" / "messages.po"
    entries: list[tuple[int, str, list[str] | None]] = []
    key: str | None = None  # the keyword whose string continues on "..." lines
    for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        word, _, rest = line.partition(" ")
        starts = word in ("msgid", "msgid_plural") or word.startswith("msgstr")
        if starts:
            key, line = word, rest
            if word == "msgid":
                entries.append((number, "", None))
        elif not line.startswith('"'):
            key = None  # a comment or a blank line ends the string
        if key is None or not entries or not line.startswith('"'):
            continue
        text = json.loads(line)  # PO's escapes (\" \\ \n) are JSON's
        at, msgid, strings = entries[-1]
        if key == "msgid":
            entries[-1] = (at, msgid + text, strings)
        elif key.startswith("msgstr"):
            got = [*(strings or [])] + ([""] if starts else [])
            got[-1] += text
            entries[-1] = (at, msgid, got)
    return entries


@pytest.mark.parametrize("lang", ["en", *REQUIRED])
def test_every_catalog_entry_has_its_msgstr(lang):
    """Catalogs merge as unions (.gitattributes), which once folded identical
    ``msgstr ""`` lines away: a msgid then had no msgstr (and babel read it
    with the next entry's translation)."""
    entries = raw_entries(lang)
    assert len(entries) > 50
    lost = [f"line {at}: {msgid!r}" for at, msgid, got in entries if got is None]
    assert not lost, f"locales/{lang}: msgid without msgstr:\n" + "\n".join(lost)


@pytest.mark.parametrize("lang", REQUIRED)
def test_no_empty_translation_for_a_string_the_code_uses(lang):
    used = {m if isinstance(m, str) else m[0] for m in extracted()}
    empty = [
        f"line {at}: {msgid!r}"
        for at, msgid, got in raw_entries(lang)
        if msgid in used and (got is None or not all(got))
    ]
    assert not empty, f"locales/{lang}: untranslated:\n" + "\n".join(empty)
