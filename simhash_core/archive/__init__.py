"""The archive of past submissions: new work is compared with it, new against new and
new against archived, never archived against archived.

Backends: an SQLite file (default, in the user's data folder) or a Redis server shared
by a department (``redis://HOST:PORT/DB``)::

    store = open_archive(None)                       # default SQLite file
    store.add_many(result.documents, "2025 autumn")
    result = compare_with_archive(new_result, store, settings)
"""

from __future__ import annotations

from pathlib import Path

from simhash_core.archive.base import AddResult, ArchiveStore, Candidate, LabelInfo
from simhash_core.archive.codec import ArchiveConfig
from simhash_core.archive.errors import ArchiveError
from simhash_core.archive.query import compare_with_archive
from simhash_core.shown_location import shown_location
from simhash_core.types import ScanSettings

REDIS_SCHEMES = ("redis://", "rediss://", "unix://")


def is_redis_url(location: str | Path | None) -> bool:
    """Whether ``location`` names a Redis server rather than a file."""
    return isinstance(location, str) and location.lower().startswith(REDIS_SCHEMES)


def open_archive(
    location: str | Path | None = None,
    settings: ScanSettings | None = None,
    *,
    create: bool = True,
) -> ArchiveStore:
    """The archive at ``location``: a Redis URL, a file path, or ``None`` for the
    default file. ``settings`` fix the analysis space of a new archive; with
    ``create=False`` a missing archive file raises :class:`ArchiveError`."""
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
    "compare_with_archive",
    "is_redis_url",
    "open_archive",
    "shown_location",
]
