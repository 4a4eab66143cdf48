"""A fingerprint cache so that re-scanning an unchanged folder is instant.

Two levels, both keyed by the file's content hash (never by name or date):

* ``texts``: the extracted text. Extraction (PDF above all) is the slowest stage and
  depends on no setting, so it survives every settings change.
* ``file_digests``: each file's content hash, trusted while the file's size, inode,
  modification and change times (nanoseconds) are those it was hashed with, so an
  unchanged folder is not read again just to learn it is unchanged.
* ``comparisons``: the threshold-free part of comparing a whole folder
  (:class:`~simhash_core.comparison_memo.ComparisonMemo`), for the last few folders.
* ``analyses``: everything :class:`~simhash_core.analyze.Analysis` holds, keyed also by
  the settings that change it (n-gram size, Traditional->Simplified, exclusions, MinHash
  size), the template's digest and :data:`CACHE_VERSION`. Changing a threshold touches
  neither level; changing the n-gram size re-analyses from cached text.

Stored as SQLite (WAL, 16 KB pages) in the format of
:mod:`~simhash_core.analysis_codec`: no pickle, so a tampered cache can't run code.
Tables of older cache versions are dropped when the cache is opened.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
import threading
import time
from pathlib import Path

import numpy as np

from simhash_core.analysis_codec import (
    EncodedAnalysis,
    decode_analysis,
    encode_analysis,
    text_of,
    text_value,
)
from simhash_core.analyze import Analysis
from simhash_core.comparison_memo import ComparisonMemo
from simhash_core.types import ScanSettings

CACHE_VERSION = 9
PAGE_SIZE = 16384  # for new files: a 60 KB analysis is fewer WAL frames (0.88 to 0.66 ms)
_SCHEMA = """
CREATE TABLE IF NOT EXISTS texts (
    digest TEXT PRIMARY KEY, kind TEXT, encoding TEXT, pages INTEGER,
    warnings TEXT, text TEXT
);
CREATE TABLE IF NOT EXISTS analyses_v{version} (
    digest TEXT, key TEXT, header TEXT, arrays BLOB, keywords BLOB, terms BLOB,
    PRIMARY KEY (digest, key)
);
CREATE TABLE IF NOT EXISTS comparisons (key TEXT PRIMARY KEY, data BLOB, used REAL);
CREATE TABLE IF NOT EXISTS file_digests (path TEXT PRIMARY KEY, stat TEXT, digest TEXT);
"""
# what a failed store may raise; it costs a cache miss, never the file's result
STORE_ERRORS = (sqlite3.Error, ValueError, OverflowError)
KEEP_COMPARISONS = 16  # the most recently used comparison memos kept


_ANALYSES = f"analyses_v{CACHE_VERSION}"


def settings_key(settings: ScanSettings, template_digest: str) -> str:
    """Digest of everything that changes a file's analysis.

    >>> a = settings_key(ScanSettings(), "t")
    >>> a == settings_key(ScanSettings(flag_similarity=0.5), "t")  # a threshold: same
    True
    >>> a == settings_key(ScanSettings(ngram=6), "t")
    False
    """
    parts = {
        "v": CACHE_VERSION,
        "ngram": settings.ngram,
        "t2s": settings.t2s,
        "quotes": settings.exclude_quotes,
        "refs": settings.exclude_references,
        "perms": settings.minhash_perms,
        "template": template_digest,
    }
    return hashlib.blake2b(json.dumps(parts, sort_keys=True).encode(), digest_size=12).hexdigest()


def stat_signature(st: os.stat_result) -> str:
    """What must stay equal for a stored content hash to be trusted."""
    return f"{st.st_size}:{st.st_ino}:{st.st_dev}:{st.st_mtime_ns}:{st.st_ctime_ns}"


def path_key(path: str) -> bytes:
    r"""A path as the file system's bytes: names that are not valid UTF-8 (held in
    ``str`` as surrogate escapes) can't be stored as SQLite text.

    >>> path_key("essay.txt"), path_key("bad-\udcff.txt")
    (b'essay.txt', b'bad-\xff.txt')
    """
    return os.fsencode(path)


def array_digest(arr: np.ndarray) -> str:
    return hashlib.blake2b(np.ascontiguousarray(arr).tobytes(), digest_size=12).hexdigest()


class AnalysisCache:
    """SQLite-backed cache of extracted texts and analyses (thread-safe)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        try:
            self._db = self._open()
        except sqlite3.DatabaseError:
            # a damaged cache is only a cache: start a new one
            self.path.unlink(missing_ok=True)
            self._db = self._open()

    def _open(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        db.execute(f"PRAGMA page_size={PAGE_SIZE}")  # only takes effect on a new file
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.executescript(_SCHEMA.format(version=CACHE_VERSION))
        db.execute(f"SELECT count(*) FROM {_ANALYSES}").fetchone()
        stale = [
            name
            for (name,) in db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'analyses_v%'"
            )
            if name != _ANALYSES
        ]
        for name in stale:  # analyses of an older format are never read again
            db.execute(f'DROP TABLE "{name}"')
        return db

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def get_analysis(self, digest: str, key: str, *, with_terms: bool = True) -> Analysis | None:
        """The cached analysis, or None (also when its bytes are damaged).
        ``with_terms=False`` leaves out the term counts (only corpus IDF needs them)."""
        terms_col = "a.terms" if with_terms else "NULL"
        with self._lock:
            row = self._db.execute(
                f"SELECT a.header, a.arrays, a.keywords, {terms_col}, t.text, t.kind, "
                f"t.encoding, t.pages, t.warnings FROM {_ANALYSES} a "
                "JOIN texts t ON t.digest = a.digest WHERE a.digest = ? AND a.key = ?",
                (digest, key),
            ).fetchone()
        if row is None:
            return None
        header, arrays, keywords, terms, text, kind, encoding, pages, warnings = row
        try:
            return decode_analysis(
                EncodedAnalysis(header, arrays, keywords, terms or b""),
                text_of(text),
                kind,
                content_hash=digest,
                encoding=encoding,
                pages=pages,
                warnings=tuple(json.loads(warnings)),
            )
        except (ValueError, KeyError, TypeError, UnicodeDecodeError):
            return None

    def get_text(
        self, digest: str
    ) -> tuple[str, str, str | None, int | None, tuple[str, ...]] | None:
        with self._lock:
            row = self._db.execute(
                "SELECT text, kind, encoding, pages, warnings FROM texts WHERE digest = ?",
                (digest,),
            ).fetchone()
        if row is None:
            return None
        text, kind, encoding, pages, warnings = row
        return text_of(text), kind, encoding, pages, tuple(json.loads(warnings))

    def known_digests(self, stats: dict[str, str]) -> dict[str, str]:
        """Stored content hashes of the paths whose ``stat`` signature still matches
        (``stats`` maps a path to :func:`stat_signature`)."""
        by_key = {path_key(p): p for p in stats}
        keys = list(by_key)
        found: dict[str, str] = {}
        with self._lock:
            for lo in range(0, len(keys), 500):
                part = keys[lo : lo + 500]
                rows = self._db.execute(
                    "SELECT path, stat, digest FROM file_digests WHERE path IN "
                    f"({','.join('?' * len(part))})",
                    part,
                ).fetchall()
                for key, st, d in rows:
                    p = by_key.get(key)
                    if p is not None and stats[p] == st:
                        found[p] = d
        return found

    def remember_digests(self, rows: list[tuple[str, str, str]]) -> None:
        """Store ``(path, stat signature, content hash)`` rows."""
        if not rows:
            return
        with self._lock, contextlib.suppress(sqlite3.Error):
            self._db.execute("BEGIN")
            self._db.executemany(
                "INSERT OR REPLACE INTO file_digests VALUES (?, ?, ?)",
                [(path_key(p), st, d) for p, st, d in rows],
            )
            self._db.execute("COMMIT")

    def get_comparison(self, key: str) -> ComparisonMemo | None:
        """The comparison memo stored under ``key``, or None (also if it is damaged)."""
        with self._lock:
            row = self._db.execute("SELECT data FROM comparisons WHERE key = ?", (key,)).fetchone()
            if row is not None:
                with contextlib.suppress(sqlite3.Error):
                    self._db.execute(
                        "UPDATE comparisons SET used = ? WHERE key = ?", (time.time(), key)
                    )
        if row is None:
            return None
        try:
            return ComparisonMemo.decode(row[0])
        except ValueError:
            return None

    def put_comparison(self, key: str, memo: ComparisonMemo) -> None:
        """Store ``memo`` under ``key``, keeping the :data:`KEEP_COMPARISONS` newest."""
        data = memo.encode()
        with self._lock, contextlib.suppress(sqlite3.Error):
            self._db.execute("BEGIN")
            self._db.execute(
                "INSERT OR REPLACE INTO comparisons VALUES (?, ?, ?)", (key, data, time.time())
            )
            self._db.execute(
                "DELETE FROM comparisons WHERE key NOT IN "
                "(SELECT key FROM comparisons ORDER BY used DESC LIMIT ?)",
                (KEEP_COMPARISONS,),
            )
            self._db.execute("COMMIT")

    def put(self, key: str, a: Analysis) -> None:
        """Store ``a``; a failed write is only a later cache miss."""
        with self._lock, contextlib.suppress(*STORE_ERRORS):
            store_analysis(self._db, key, a)


class CacheWriter:
    """A worker process's own connection to an existing cache, only to store analyses.

    Workers store what they compute themselves, so the parent (the app's scan thread)
    does not spend about a millisecond per file encoding and writing it while the
    workers need both cores. It never creates, repairs or deletes the cache file: a
    write that fails (the file gone, locked too long, damaged) is only a cache miss.
    """

    def __init__(self, path: Path) -> None:
        self._db = sqlite3.connect(
            f"{Path(path).resolve().as_uri()}?mode=rw", uri=True, timeout=10, isolation_level=None
        )
        self._db.execute("PRAGMA synchronous=NORMAL")

    def put(self, key: str, a: Analysis) -> bool:
        """Store ``a``; False if it could not be stored."""
        try:
            store_analysis(self._db, key, a)
        except STORE_ERRORS:
            return False
        return True


def store_analysis(db: sqlite3.Connection, key: str, a: Analysis) -> None:
    """Write one file's text and analysis in one transaction (nothing without a
    content hash)."""
    if not a.content_hash:
        return
    row = encode_analysis(a)
    db.execute("BEGIN")
    try:
        db.execute(
            "INSERT OR REPLACE INTO texts VALUES (?, ?, ?, ?, ?, ?)",
            (
                a.content_hash,
                a.kind,
                a.encoding,
                a.pages,
                json.dumps(list(a.warnings)),
                text_value(a.text),
            ),
        )
        db.execute(
            f"INSERT OR REPLACE INTO {_ANALYSES} VALUES (?, ?, ?, ?, ?, ?)",
            (a.content_hash, key, row.header, row.arrays, row.keywords, row.terms),
        )
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def default_cache_path() -> Path:
    """``<user cache dir>/plagcheck/analyses.sqlite`` (``PLAGCHECK_CACHE_DIR`` overrides)."""
    from platformdirs import user_cache_dir

    base = os.environ.get("PLAGCHECK_CACHE_DIR") or user_cache_dir("plagcheck", appauthor=False)
    return Path(base) / "analyses.sqlite"
