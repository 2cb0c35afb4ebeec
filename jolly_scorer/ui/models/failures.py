"""What an operation of a page may fail with, and what the page says of it.

The page's state (``ui/state.py``) and the records it keeps beside the game
(``models/page_records.py``) catch :data:`FAILURES` and show
:func:`failure_text`: a database or file-system problem in words without
server paths (the details, and the paths, go to the log only).

>>> from jolly_scorer.store.errors import GameNotFound
>>> failure_text(ValueError("Anna is not at this table"))
'Anna is not at this table'
>>> failure_text(ValueError())
'ValueError'
>>> "/" in failure_text(OSError(13, "Permission denied", "/srv/games.db"))
False
"""

from __future__ import annotations

import logging

from jolly_scorer.core.errors import JollyError
from jolly_scorer.store import StoreError

__all__ = ["FAILURES", "failure_text"]

#: What an operation may fail with: a core rule (JollyError), the database
#: (StoreError: busy, damaged, not found, not writable), the file system.
FAILURES: tuple[type[Exception], ...] = (JollyError, StoreError, OSError, ValueError)


def failure_text(error: Exception) -> str:
    """What a page shows for ``error`` (the banner translates it)."""
    from jolly_scorer.store.errors import PUBLIC_FAILURE

    if isinstance(error, (StoreError, OSError)):
        logging.getLogger("jolly_scorer.state").warning("%s", error)
        public = getattr(error, "public", None)
        return public if isinstance(public, str) else PUBLIC_FAILURE
    return str(error) or type(error).__name__
