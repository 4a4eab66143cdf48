"""A glance at the fingerprint cache without loading it: where it lives, and whether
it has seen some files. Light enough for the command line to ask before it imports
anything else (see :func:`simhash_core.cli.main`)."""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterable, Iterator
from pathlib import Path

from simhash_core.user_folders import cache_folder

FILE_DIGESTS = "file_digests"  # the cache's table of the files it has hashed, by path
SAMPLED = 3  # files looked up under each path


def default_cache_path() -> Path:
    """``<user cache dir>/plagcheck/analyses.sqlite`` (``PLAGCHECK_CACHE_DIR`` overrides).

    >>> os.environ["PLAGCHECK_CACHE_DIR"] = "/tmp/somewhere"
    >>> default_cache_path().as_posix()
    '/tmp/somewhere/analyses.sqlite'
    >>> del os.environ["PLAGCHECK_CACHE_DIR"]
    """
    return cache_folder() / "analyses.sqlite"


def path_key(path: str) -> bytes:
    r"""A path as the file system's bytes, as the cache keys its files: names that are
    not valid UTF-8 (held in ``str`` as surrogate escapes) can't be stored as SQLite
    text.

    >>> path_key("essay.txt"), path_key("bad-\udcff.txt")
    (b'essay.txt', b'bad-\xff.txt')
    """
    return os.fsencode(path)


def seen_before(cache: Path, paths: Iterable[str]) -> bool:
    """Whether ``cache`` has hashed one of the first files under any of ``paths`` (a
    folder scanned before: its re-scan may need no file read). False when there is no
    cache or it can't be read.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     seen_before(Path(d) / "none.sqlite", [d])
    False
    """
    if not cache.exists():
        return False
    keys = [path_key(p) for path in paths for p in _first_files(path)]
    if not keys:
        return False
    with contextlib.suppress(sqlite3.Error):
        db = sqlite3.connect(f"{cache.as_uri()}?mode=ro", uri=True)
        try:
            marks = ",".join("?" * len(keys))
            query = f"SELECT 1 FROM {FILE_DIGESTS} WHERE path IN ({marks}) LIMIT 1"
            return db.execute(query, keys).fetchone() is not None
        finally:
            db.close()
    return False


def _first_files(path: str) -> Iterator[str]:
    """The first :data:`SAMPLED` files under ``path`` (itself if a file), absolute."""
    top = os.path.abspath(path)
    if os.path.isfile(top):
        yield top
        return
    found = 0
    for folder, dirs, files in os.walk(top):
        dirs.sort()
        for name in sorted(files):
            yield os.path.join(folder, name)
            found += 1
            if found == SAMPLED:
                return
