"""The archive of past submissions: new work is compared with it, new against new and
new against archived, never archived against archived.

Backends: an SQLite file (default, in the user's data folder), a Redis server shared
by a department (``redis://HOST:PORT/DB``) or a Redis Cluster
(``redis+cluster://HOST:PORT``)::

    store = open_archive(None)                       # default SQLite file
    store.add_many(result.documents, "2025 autumn")
    result = compare_with_archive(new_result, store, settings)
"""

from __future__ import annotations

import re
from pathlib import Path

from simhash_core.archive.base import AddResult, ArchiveStore, Candidate, LabelInfo
from simhash_core.archive.codec import ArchiveConfig
from simhash_core.archive.errors import ArchiveError
from simhash_core.archive.query import compare_with_archive
from simhash_core.messages import Message
from simhash_core.shown_location import shown_location
from simhash_core.types import ScanSettings

REDIS_SCHEMES = ("redis://", "rediss://", "unix://", "redis+cluster://", "rediss+cluster://")
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")


def is_redis_url(location: str | Path | None) -> bool:
    """Whether ``location`` names a Redis server rather than a file."""
    return isinstance(location, str) and location.lower().startswith(REDIS_SCHEMES)


def check_scheme(location: str | Path | None) -> None:
    """Raise :class:`ArchiveError` for an address with a scheme no backend serves: it
    would otherwise be taken as a file path (``redis+cluster:`` a folder in the current
    directory). A file path, a drive letter (``C:\\...``) and the Redis and Redis
    Cluster schemes pass.

    >>> check_scheme("redis://h:6379/0"), check_scheme("past.sqlite"), check_scheme(None)
    (None, None, None)
    >>> try:
    ...     check_scheme("mongodb://h:27017")
    ... except ArchiveError as exc:
    ...     print(exc.message.code)
    archive.unknown-scheme
    """
    if not isinstance(location, str):
        return
    found = _SCHEME.match(location.strip())
    if found and not is_redis_url(location.strip()):
        raise ArchiveError(Message.of("archive.unknown-scheme", location=shown_location(location)))


def not_created_yet(location: str | Path | None) -> Path | None:
    """The file of a file archive that does not exist yet (nothing archived there), or
    None (it exists, or ``location`` is a Redis server). Reading commands (listing,
    checking, removing a label) say "nothing archived" for it instead of creating it;
    only adding creates an archive.

    >>> not_created_yet("redis://host:6379/0") is None
    True
    """
    check_scheme(location)
    if is_redis_url(location):
        return None
    from simhash_core.archive.sqlite_store import default_path

    path = Path(location).expanduser() if location else default_path()
    return None if path.exists() else path


def open_archive(
    location: str | Path | None = None,
    settings: ScanSettings | None = None,
    *,
    create: bool = True,
) -> ArchiveStore:
    """The archive at ``location``: a Redis URL, a file path, or ``None`` for the
    default file. ``settings`` fix the analysis space of a new archive; with
    ``create=False`` a missing archive file raises :class:`ArchiveError`, and so does
    an address whose scheme no backend serves (:func:`check_scheme`)."""
    check_scheme(location)
    if is_redis_url(location):
        from simhash_core.archive.redis_store import RedisArchive

        return RedisArchive(str(location), settings)
    from simhash_core.archive.sqlite_store import SQLiteArchive

    return SQLiteArchive(location, settings, create=create)


__all__ = [
    "AddResult",
    "ArchiveConfig",
    "ArchiveError",
    "ArchiveStore",
    "Candidate",
    "LabelInfo",
    "check_scheme",
    "compare_with_archive",
    "is_redis_url",
    "not_created_yet",
    "open_archive",
    "shown_location",
]
