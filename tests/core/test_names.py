"""Player names: one rule (core.names) for the core, import, the command line."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jolly_scorer.core.errors import GameFileError, JollyError
from jolly_scorer.core.game import new_game, rename_player
from jolly_scorer.core.gamefile import load_game
from jolly_scorer.core.names import MAX_NAME_LENGTH, InvalidName, clean_name, name_key
from jolly_scorer.core.rules import find_rules

AT = find_rules("jolly_at")

# (typed, kept) or (typed, reason refused)
NASTY: list[tuple[str, str]] = [
    ("Anna", "Anna"),
    ("  Anna  ", "Anna"),
    ("Anna   Maria", "Anna Maria"),
    ("Anna\u00a0Maria", "Anna Maria"),  # no-break space is white space
    ("Anna\u3000Maria", "Anna Maria"),  # ideographic space
    ("Ren\u0065\u0301e", "Ren\u00e9e"),  # decomposed é becomes one character
    ("Jürgen", "Jürgen"),
    ("=HYPERLINK(1)", "=HYPERLINK(1)"),  # a name; the CSV export escapes it
    ("x" * MAX_NAME_LENGTH, "x" * MAX_NAME_LENGTH),
]
REFUSED: list[tuple[str, str]] = [
    ("", "empty"),
    ("   ", "empty"),
    ("\u2003", "empty"),
    ("x" * (MAX_NAME_LENGTH + 1), "too_long"),
    ("x" * 1_000_000, "too_long"),
    ("Anna\nBen", "control"),
    ("Anna\tBen", "control"),
    ("Anna\rBen", "control"),
    ("Anna\x00", "control"),
    ("Anna\x7f", "control"),
    ("Anna\u0085", "control"),  # next line (C1)
    ("Anna\u200b", "control"),  # zero-width space
    ("\u200dAnna", "control"),  # zero-width joiner
    ("Anna\ufeff", "control"),  # byte order mark
    ("Anna\u202e", "control"),  # right-to-left override
    ("\u2066Anna\u2069", "control"),  # bidi isolates
    ("Anna\u2028Ben", "control"),  # line separator
    ("Anna\u2029Ben", "control"),  # paragraph separator
    ("Anna\ue000", "control"),  # private use
    ("Anna\ud800", "control"),  # unpaired surrogate
    ("Anna\u00ad", "control"),  # soft hyphen (invisible)
]


@pytest.mark.parametrize(("typed", "kept"), NASTY)
def test_names_kept_clean(typed: str, kept: str) -> None:
    assert clean_name(typed) == kept


@pytest.mark.parametrize(("typed", "reason"), REFUSED)
def test_names_refused_with_a_reason(typed: str, reason: str) -> None:
    with pytest.raises(InvalidName) as caught:
        clean_name(typed)
    assert caught.value.reason == reason
    assert isinstance(caught.value, JollyError) and isinstance(caught.value, ValueError)
    message = str(caught.value)
    assert message.isprintable() and len(message) < 100


def test_the_longest_name_is_allowed_one_more_is_not() -> None:
    assert len(clean_name("y" * MAX_NAME_LENGTH)) == MAX_NAME_LENGTH
    with pytest.raises(InvalidName):
        clean_name("y" * (MAX_NAME_LENGTH + 1))
    # the length counts after cleaning: spaces around do not count
    assert clean_name("  " + "y" * MAX_NAME_LENGTH + "  ") == "y" * MAX_NAME_LENGTH


@given(st.text(max_size=60))
def test_clean_name_is_clean_or_refused(text: str) -> None:
    try:
        name = clean_name(text)
    except InvalidName as error:
        assert error.reason in {"empty", "too_long", "control"}
        return
    assert name == clean_name(name)  # idempotent
    assert name == unicodedata.normalize("NFC", name)
    assert name == name.strip() and "  " not in name
    assert all(c == " " or not c.isspace() for c in name)
    assert 1 <= len(name) <= MAX_NAME_LENGTH
    assert all(
        unicodedata.category(c) not in {"Cc", "Cf", "Zl", "Zp", "Co", "Cs"}
        for c in name
    )
    assert name_key(text) == name_key(name)


@given(st.text(min_size=1, max_size=20))
def test_name_key_ignores_case_and_spaces(text: str) -> None:
    assert name_key(text) == name_key(f"  {text.casefold()} ")


def test_new_game_cleans_and_refuses() -> None:
    game = new_game(AT, ["  Anna ", "Ben  Bo"])
    assert game.players == ("Anna", "Ben Bo")
    for players, needle in [
        (["Anna", "anna"], "named twice"),
        (["Anna", " ANNA "], "named twice"),
        (["Anna", "Ben\n"], "U+000A"),
        (["Anna", "Ben\u202e"], "U+202E"),
        (["Anna", "B" * 41], "at most 40"),
        (["Anna", ""], "needs a name"),
    ]:
        with pytest.raises(GameFileError, match=re.escape(needle)):
            new_game(AT, players)


def test_rename_uses_the_same_rule() -> None:
    game = new_game(AT, ["Anna", "Ben", "Cleo"])
    assert rename_player(game, "Ben", "  Benny  Boy ").players[1] == "Benny Boy"
    assert rename_player(game, "Anna", "ANNA").players[0] == "ANNA"  # her own name
    for new, needle in [
        ("cleo", "already a player"),
        (" CLEO ", "already a player"),
        ("Bea\u200b", "U+200B"),
        ("   ", "needs a name"),
        ("x" * 41, "at most 40"),
    ]:
        with pytest.raises(GameFileError, match=re.escape(needle)):
            rename_player(game, "Ben", new)


def test_game_file_names_are_cleaned_everywhere() -> None:
    data = {
        "players": [" Anna ", "Ben"],
        "rounds": [{"closed_by": "Anna  ", "counted": {" Ben": {"bad": 5}}}],
    }
    game = load_game(data)
    assert game.players == ("Anna", "Ben")
    assert game.rounds[0].closed_by == "Anna"
    assert dict(game.rounds[0].counted)["Ben"].bad == 5


@pytest.mark.parametrize(
    ("players", "needle"),
    [
        (["Anna", "ANNA"], "named twice"),
        (["Anna", "Ben\nBen"], "U+000A"),
        (["Anna", "x" * 1000], "at most 40"),
    ],
)
def test_game_file_refuses_bad_names(players: list[str], needle: str) -> None:
    with pytest.raises(GameFileError, match=re.escape(needle)):
        load_game({"players": players, "rounds": []})


def test_a_name_with_a_newline_is_a_one_line_cli_error() -> None:
    for players in (["Anna", "Ben\nBen"], ["Anna", "Ben"]):
        game = {"players": players, "rounds": [{"closed_by": "Ze\nro\u202e"}]}
        result = subprocess.run(
            [sys.executable, "-m", "jolly_scorer.cli", "score", "-"],
            input=json.dumps(game),
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert result.returncode == 2
        assert len(result.stderr.splitlines()) == 1, result.stderr
        assert "Traceback" not in result.stderr


def test_import_refuses_a_bad_name_and_stores_nothing(tmp_path: Path) -> None:
    def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "jolly_scorer.cli", "--data-dir", str(tmp_path)]
            + list(args),
            input=stdin,
            capture_output=True,
            text=True,
            timeout=60,
        )

    for players in (["Anna", "Be\nn"], ["Anna", "ANNA"], ["Anna", "B" * 1_000_000]):
        result = cli("games", "import", "-", stdin=json.dumps({"players": players}))
        assert result.returncode == 2, result.stderr
        assert len(result.stderr.splitlines()) == 1 and len(result.stderr) < 200
    listed = cli("games", "list", "--json")
    assert listed.returncode == 0 and json.loads(listed.stdout) == []
    good = cli("games", "import", "-", stdin=json.dumps({"players": [" Anna ", "Ben"]}))
    assert good.returncode == 0, good.stderr
    exported = cli("games", "export", good.stdout.strip())
    assert json.loads(exported.stdout)["players"] == ["Anna", "Ben"]
