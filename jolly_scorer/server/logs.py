"""The server's log: warnings and errors to stderr (and a file), rate-limited."""

from __future__ import annotations

import logging
import os
import time


class RateLimit(logging.Filter):
    """At most ``burst`` records per ``period`` seconds per logger; the rest are
    counted and reported once, and tracebacks of repeated messages are dropped."""

    def __init__(self, burst: int = 30, period: float = 60.0) -> None:
        super().__init__()
        self.burst = burst
        self.period = period
        self._window: dict[str, tuple[float, int, int]] = {}
        self._seen: set[str] = set()

    def filter(self, record: logging.LogRecord) -> bool:
        now = time.monotonic()
        start, count, dropped = self._window.get(record.name, (now, 0, 0))
        if now - start > self.period:
            if dropped:
                record.msg = f"({dropped} log messages suppressed) {record.msg}"
            start, count, dropped = now, 0, 0
        if count >= self.burst:
            self._window[record.name] = (start, count, dropped + 1)
            return False
        self._window[record.name] = (start, count + 1, dropped)
        key = f"{record.name}:{record.msg}"
        if record.exc_info and key in self._seen:
            record.exc_info = None
            record.exc_text = None
        if len(self._seen) < 1000:
            self._seen.add(key)
        return True


def configure_logging() -> None:
    """Warnings and errors of the server (and Flet) to stderr, rate-limited;
    ``JOLLY_SCORER_LOG=PATH`` also keeps them in a file rotated at 1 MB;
    ``JOLLY_SCORER_LOG_LEVEL`` (INFO, DEBUG) says more."""
    from logging.handlers import RotatingFileHandler

    handlers: list[logging.Handler] = [logging.StreamHandler()]
    path = os.environ.get("JOLLY_SCORER_LOG")
    if path:
        handlers.append(RotatingFileHandler(path, maxBytes=1 << 20, backupCount=2))
    level = os.environ.get("JOLLY_SCORER_LOG_LEVEL", "WARNING").upper()
    limit = RateLimit(burst=100_000 if level == "DEBUG" else 30)
    for handler in handlers:
        handler.addFilter(limit)
        handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    for name in ("jolly_scorer", "flet", "flet_web", "flet_transport", "uvicorn"):
        logger = logging.getLogger(name)
        logger.handlers = list(handlers)
        logger.setLevel(level if level in ("DEBUG", "INFO", "ERROR") else "WARNING")
        logger.propagate = False
