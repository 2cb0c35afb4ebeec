"""Drafts and settings: small JSON values the store keeps by key (a game's
half-entered round, the app's settings)."""

from __future__ import annotations

import json
from typing import Any

from jolly_scorer.store.base import StoreBase, _json_text
from jolly_scorer.store.errors import StoreError

__all__ = ["DraftCalls", "SettingCalls"]


class DraftCalls(StoreBase):
    """A half-entered round per game (see
    :class:`~jolly_scorer.store.protocol.DraftRecords`)."""

    def save_draft(self, game_id: int, draft: dict[str, Any]) -> None:
        """Keep a half-entered round (any JSON object) until cleared."""
        if not isinstance(draft, dict):
            raise StoreError(f"a draft must be a JSON object, not {draft!r}")
        text = _json_text(draft, "draft")
        with self.atomic() as conn:
            self._revision(conn, game_id)
            conn.execute(
                "INSERT OR REPLACE INTO drafts (game_id, data, updated) "
                "VALUES (?, ?, ?)",
                (game_id, text, self._now()),
            )

    def load_draft(self, game_id: int) -> dict[str, Any] | None:
        """The draft of a game, or None."""
        with self._reading() as conn:
            row = conn.execute(
                "SELECT data FROM drafts WHERE game_id = ?", (game_id,)
            ).fetchone()
        if row is None:
            return None
        try:
            value = json.loads(row[0])
        except ValueError:  # a damaged draft is no draft
            return None
        return value if isinstance(value, dict) else None

    def clear_draft(self, game_id: int) -> None:
        """Forget the draft of a game (nothing happens if there is none)."""
        with self.atomic() as conn:
            conn.execute("DELETE FROM drafts WHERE game_id = ?", (game_id,))


class SettingCalls(StoreBase):
    """The app's settings (see
    :class:`~jolly_scorer.store.protocol.SettingRecords`)."""

    def get_setting(self, key: str, default: Any = None) -> Any:
        """A stored setting (a JSON value), or ``default``."""
        with self._reading() as conn:
            row = conn.execute(
                "SELECT value FROM settings WHERE key = ?", (key,)
            ).fetchone()
        if row is None:
            return default
        try:
            return json.loads(row[0])
        except ValueError:  # a damaged setting falls back to the default
            return default

    def set_setting(self, key: str, value: Any) -> None:
        """Store a setting; ``value`` must be JSON (text, number, list, object...)."""
        text = _json_text(value, f"setting {key!r}")
        with self.atomic() as conn:
            conn.execute(
                "INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)",
                (key, text),
            )

    def settings(self) -> dict[str, Any]:
        """All stored settings."""
        with self._reading() as conn:
            rows = conn.execute("SELECT key, value FROM settings ORDER BY key")
            return {key: self._stored(value, f"setting {key!r}") for key, value in rows}
