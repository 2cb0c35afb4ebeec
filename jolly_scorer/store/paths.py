"""Where the games database lives."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

__all__ = ["DB_NAME", "ENV_VAR", "default_data_dir"]

DB_NAME = "games.db"
ENV_VAR = "JOLLY_SCORER_DATA"


def default_data_dir(explicit: str | Path | None = None) -> Path:
    """The data folder: ``explicit``, else ``$JOLLY_SCORER_DATA``, else the
    platform's user data folder for ``jolly-scorer``.

    >>> default_data_dir("/tmp/x")
    PosixPath('/tmp/x')
    """
    if explicit is not None and str(explicit) != "":
        return Path(explicit).expanduser()
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_data_dir("jolly-scorer", appauthor=False))
