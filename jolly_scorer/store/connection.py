"""Opening the database file safely, and SQLite errors as store errors.

Before anything is written (even the switch to WAL mode) the file is checked:
a file that is not a database or fails ``PRAGMA integrity_check`` is copied
aside and :class:`StoreCorrupt` raised; one written by a newer program raises
:class:`StoreTooNew`. Both leave the file exactly as it was.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from datetime import datetime
from pathlib import Path

from jolly_scorer.store import platform
from jolly_scorer.store.errors import (
    StoreBusy,
    StoreCorrupt,
    StoreError,
    StoreTooNew,
    StoreWriteError,
)
from jolly_scorer.store.schema import (
    apply_migrations,
    check_known,
    is_foreign,
    pending_migrations,
)

__all__ = [
    "FileIdentity",
    "commit",
    "connect",
    "file_identity",
    "rescue",
    "rescued_copies",
    "same_files",
    "set_aside",
    "translated",
]

_BUSY = {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED}
_CORRUPT = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}
_CANNOT_WRITE = {
    sqlite3.SQLITE_FULL: "the disk is full",
    sqlite3.SQLITE_READONLY: "it is read-only",
    sqlite3.SQLITE_CANTOPEN: "it cannot be opened (is the folder read-only?)",
    sqlite3.SQLITE_PERM: "permission denied",
    sqlite3.SQLITE_IOERR: "a disk error (is the disk full?)",
}


def _code(error: sqlite3.Error) -> int:
    code = getattr(error, "sqlite_errorcode", None)
    if code is None:
        return -1
    return int(code) & 0xFF


def store_error(error: sqlite3.Error, path: Path) -> StoreError:
    """The store error for an SQLite error on the database at ``path``."""
    code = _code(error)
    if code in _BUSY:
        return StoreBusy()
    if code in _CANNOT_WRITE:
        return StoreWriteError(
            f"cannot write {str(path)!r}: {_CANNOT_WRITE[code]}; nothing was saved "
            "(try again, or export the game)"
        )
    if code in _CORRUPT:
        return StoreCorrupt(f"{str(path)!r} is damaged: {error}", path)
    return StoreError(f"database error in {str(path)!r}: {error}")


@contextmanager
def translated(path: Path) -> Iterator[None]:
    """Turn :mod:`sqlite3` errors raised inside into :class:`StoreError`."""
    try:
        yield
    except sqlite3.Error as error:
        raise store_error(error, path) from error


def _device_and_inode(path: Path) -> tuple[int, int] | None:
    try:
        status = os.stat(path)
    except OSError:
        return None
    return status.st_dev, status.st_ino


#: The device and inode of a database file and of its ``-wal`` and ``-shm``.
FileIdentity = tuple[tuple[int, int], tuple[int, int] | None, tuple[int, int] | None]


def file_identity(path: Path) -> FileIdentity | None:
    """The identity of the database at ``path`` and of its ``-wal`` and
    ``-shm`` files (None: there is no database file)."""
    database = _device_and_inode(path)
    if database is None:
        return None
    return (
        database,
        _device_and_inode(path.with_name(path.name + "-wal")),
        _device_and_inode(path.with_name(path.name + "-shm")),
    )


def same_files(opened: FileIdentity | None, now: FileIdentity | None) -> bool:
    """Whether the files a store opened (``opened``) are still the ones at
    its path (``now``): the same database file, and the same ``-wal`` and
    ``-shm`` where it had them (a read-only store may have none; they may
    come). Deleting ``games.db-wal`` while the server runs sent every later
    commit to a file nobody reads again: the rounds were confirmed and lost
    at the next start, as with a deleted database."""
    if opened is None or now is None:
        return opened is now
    return all(
        before is None or before == after
        for before, after in zip(opened, now, strict=True)
    )


RESCUED = ".rescued-"  # games.db.rescued-N: what a process held (rescue)


def rescue(conn: sqlite3.Connection, path: Path) -> Path | None:
    """Write everything ``conn`` sees to ``NAME.rescued-N`` beside ``path``
    (a whole database, no WAL); None if that fails or the folder is gone.

    Called once when the files under an open store were found changed
    (issue 38.4): with ``games.db-wal`` deleted, the rounds confirmed since
    the last checkpoint live only in the deleted file, which this connection
    still has open; a ``kill -9`` then lost them. The copy is read through
    that connection (SQLite's backup), so it holds them."""
    if not path.parent.is_dir():
        return None
    n = 1
    while path.with_name(f"{path.name}{RESCUED}{n}").exists():
        n += 1
    copy = path.with_name(f"{path.name}{RESCUED}{n}")
    try:
        target = sqlite3.connect(copy)
        try:
            conn.backup(target)
            target.execute("PRAGMA journal_mode = DELETE")
        finally:
            target.close()
    except (sqlite3.Error, OSError):
        with suppress(OSError):
            copy.unlink(missing_ok=True)
        return None
    return copy


def rescued_copies(path: Path) -> list[Path]:
    """The rescue copies (:func:`rescue`) beside the database at ``path``,
    oldest first: the next start names them."""
    try:
        found = list(path.parent.glob(f"{path.name}{RESCUED}*"))
    except OSError:
        return []
    numbered = [p for p in found if p.name.rsplit("-", 1)[-1].isdigit()]
    return sorted(numbered, key=lambda p: int(p.name.rsplit("-", 1)[-1]))


def commit(conn: sqlite3.Connection) -> None:
    """COMMIT, then hand the change to the platform's flush (in the browser it
    is written back to IndexedDB; elsewhere the commit is already durable)."""
    conn.execute("COMMIT")
    platform.flush()


def set_aside(path: Path) -> Path | None:
    """Copy a damaged file (and its WAL) to ``NAME.corrupt-N``; None if it fails."""
    n = 1
    while path.with_name(f"{path.name}.corrupt-{n}").exists():
        n += 1
    copy = path.with_name(f"{path.name}.corrupt-{n}")
    try:
        shutil.copy2(path, copy)
        wal = path.with_name(path.name + "-wal")
        if wal.exists():
            shutil.copy2(wal, copy.with_name(copy.name + "-wal"))
    except OSError:
        return None
    return copy


def _damaged(path: Path, why: str) -> StoreCorrupt:
    copy = set_aside(path)
    kept = f"a copy was set aside as {copy.name}" if copy else "no copy could be made"
    why = " ".join(why.split())
    return StoreCorrupt(
        f"{str(path)!r} is damaged ({why}); {kept}; the file was left untouched",
        path,
        copy,
    )


def _first_line(rows: list[tuple[str, ...]]) -> str:
    lines = [
        line.strip()
        for row in rows
        for line in str(row[0]).splitlines()
        if line.strip() and not line.startswith("***")
    ]
    return lines[0] if lines else "failed"


def _check_file(conn: sqlite3.Connection, path: Path) -> None:
    """Raise StoreCorrupt / StoreTooNew for a bad file; writes nothing."""
    try:
        conn.execute("PRAGMA schema_version").fetchone()
        too_new = check_known(conn)
        if too_new is None and is_foreign(conn):
            raise _damaged(path, "it is not a jolly-scorer database")
        if too_new is None:
            rows = conn.execute("PRAGMA integrity_check").fetchall()
            if rows != [("ok",)]:
                raise _damaged(path, f"integrity check: {_first_line(rows)}")
    except sqlite3.DatabaseError as error:
        if _code(error) in _CORRUPT:
            raise _damaged(path, str(error)) from None
        raise
    if too_new is not None:
        raise StoreTooNew(
            f"{str(path)!r} was written by a newer jolly-scorer ({too_new}); "
            "it was left untouched: use a newer jolly-scorer",
            path,
        )


def connect(
    path: Path, *, busy_timeout: float, clock: Callable[[], datetime]
) -> tuple[sqlite3.Connection, bool]:
    """Open (creating if needed) and migrate the database at ``path``.

    Returns the connection and whether it is read-only: a database that is up
    to date in a folder (or a file) that cannot be written is opened for
    reading, so games can still be listed, exported and counted.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StoreWriteError(
            f"cannot create the data folder {str(path.parent)!r}: "
            f"{error.strerror or error}"
        ) from None
    try:
        conn = _connect_writable(path, busy_timeout, clock)
    except StoreWriteError as error:
        if not path.is_file():
            raise
        cannot_write = error
    else:
        if _file_writable(path):
            return conn, False
        conn.execute("PRAGMA query_only = ON")  # SQLite opened it read-only
        return conn, True
    reader = _connect_read_only(path, busy_timeout)
    if reader is None:
        raise cannot_write
    return reader, True


def _file_writable(path: Path) -> bool:
    """Whether this process may write the file, asked without opening it:
    closing any descriptor of the database file drops every POSIX lock this
    process holds on it (SQLite's too), and another process closing its
    connection would then delete the WAL that this one still writes into."""
    return os.access(path, os.W_OK)


def _connect_writable(
    path: Path, busy_timeout: float, clock: Callable[[], datetime]
) -> sqlite3.Connection:
    try:
        conn = sqlite3.connect(
            path, timeout=busy_timeout, isolation_level=None, check_same_thread=False
        )
    except sqlite3.Error as error:
        raise store_error(error, path) from error
    try:
        with translated(path):
            _check_file(conn, path)
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise StoreWriteError(
                    f"cannot write {str(path)!r}: WAL mode refused ({mode})"
                )
            conn.execute("PRAGMA synchronous = FULL")
            platform.keep_wal_small(conn)
            conn.execute("PRAGMA foreign_keys = ON")
            apply_migrations(conn, clock=clock)
    except BaseException:
        conn.close()
        raise
    return conn


def _connect_read_only(path: Path, busy_timeout: float) -> sqlite3.Connection | None:
    """The database opened for reading only (None if even that fails).

    A WAL database needs its ``-shm`` file: when that cannot be made (a
    read-only folder) the file is read as immutable, but only when no
    ``-wal`` file holds rounds that are not in the database file yet.
    """
    uri = path.absolute().as_uri()
    wal = path.with_name(path.name + "-wal")
    pending = wal.exists() and wal.stat().st_size > 0
    options = ["mode=ro"] if pending else ["mode=ro", "mode=ro&immutable=1"]
    for option in options:
        try:
            conn = sqlite3.connect(
                f"{uri}?{option}",
                uri=True,
                timeout=busy_timeout,
                isolation_level=None,
                check_same_thread=False,
            )
        except sqlite3.Error:
            continue
        try:
            try:
                conn.execute("PRAGMA schema_version").fetchone()
            except sqlite3.Error as error:
                if _code(error) == sqlite3.SQLITE_CANTOPEN:  # no -shm: try next
                    conn.close()
                    continue
            with translated(path):
                _check_file(conn, path)
                if pending_migrations(conn):
                    raise StoreWriteError(
                        f"cannot write {str(path)!r}: it is read-only, and it "
                        "was written by an older jolly-scorer, so it must be "
                        "upgraded first; nothing was changed"
                    )
                conn.execute("PRAGMA query_only = ON")
        except BaseException:
            conn.close()
            raise
        return conn
    return None
