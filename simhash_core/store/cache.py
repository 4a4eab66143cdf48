"""A fingerprint cache so that re-scanning an unchanged folder is instant.

Two levels, both keyed by the file's content hash (never by name or date):

* ``texts``: the extracted text. Extraction (PDF above all) is the slowest stage and
  depends on no setting, so it survives every settings change.
* ``file_digests``: each file's content hash, trusted while the file's size, inode,
  modification and change times (nanoseconds) are those it was hashed with, so an
  unchanged folder is not read again just to learn it is unchanged.
* ``unreadable``: why a file could not be read, where that follows from its bytes
  alone (:data:`LASTING_FAILURES`: not a text file, damaged, encrypted...), under its
  content hash and how it was read (its name's suffix, OCR off): an unchanged folder's
  bad file is not read again.
* ``comparisons``: the threshold-free part of comparing a whole folder
  (:class:`~simhash_core.compare.memo.ComparisonMemo`), for the last few folders.
* ``analyses``: a :class:`~simhash_core.fingerprint.analyze.Analysis`, less what its text
  gives again (:mod:`~simhash_core.store.codec`), keyed also by
  the settings that change it (n-gram size, Traditional->Simplified, exclusions, MinHash
  size), the template's digest and :data:`CACHE_VERSION`. Changing a threshold touches
  neither level; changing the n-gram size re-analyses from cached text.

Stored as SQLite (WAL, 16 KB pages) in the format of
:mod:`~simhash_core.store.codec`: no pickle, so a tampered cache can't run code.
Two plagcheck versions may share a home, and with it this file: each notes in
``table_users`` when it last opened its texts and analyses tables. A version drops only
tables of an *older* format that no version has opened for :data:`OLDER_KEPT_SECONDS`;
a newer version's tables are never touched (:func:`stale_tables`).

The cache is only a cache, so it never costs a scan:

* **Damaged** (any read or write that SQLite answers with "database disk image is
  malformed" or "not a database"): the file and its journal are moved aside as
  ``analyses.sqlite.corrupt-<time>``, a new cache is started, and one notice says so
  (:attr:`AnalysisCache.notices`); the operation that met the damage is a miss.
* **Unusable** (a read-only or missing home, a read-only folder or file):
  :func:`open_cache` returns no cache and the reason, and the scan reads every file.
* Any other SQLite error on a read is a miss, on a write a lost store.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TypeVar

import numpy as np

from simhash_core.compare.memo import ComparisonMemo
from simhash_core.compare.verdict import Verdict
from simhash_core.fingerprint.analyze import Analysis
from simhash_core.messages import Message, dump_messages, load_messages
from simhash_core.settings import ScanSettings, analysis_settings
from simhash_core.store.cache_glance import FILE_DIGESTS, default_cache_path, path_key
from simhash_core.store.codec import (
    DECODE_ERRORS,
    EncodedAnalysis,
    OcrFields,
    decode_analysis,
    encode_analysis,
    text_of,
    text_value,
)
from simhash_core.types import DocumentMeta, ExtractedText, OcrRegion

# 24: look-alike letters beside a Latin name in Cyrillic or Greek text, and a Greek
# symbol alone (ρ, ν), are real letters;
# 23: rows checked on their bytes, decoded when read (#43); 22: rows hold what cannot be
# made again cheaply, compactly (#43); 21: PDF white, tiny,
# shuffled, junk layers (#41); 20: shingles as their units' hashes (#43)
CACHE_VERSION = 24
# what extraction gives for the same bytes; a change re-reads every file once
# 9: PDF white, tiny, shuffled, junk layers (#41); 8: texts compressed (#43); 7: junk in a
# .txt read past; 6: .doc, .wps, photos, turned scans
EXTRACT_VERSION = 9
PAGE_SIZE = 4096  # for new files: a row's last overflow page is half empty on average
_SCHEMA = """
CREATE TABLE IF NOT EXISTS {texts} (
    digest TEXT PRIMARY KEY, kind TEXT, encoding TEXT, pages INTEGER,
    warnings TEXT, text TEXT, meta TEXT, ocr TEXT
);
CREATE TABLE IF NOT EXISTS analyses_v{version} (
    digest TEXT, key TEXT, header BLOB, arrays BLOB, terms BLOB,
    PRIMARY KEY (digest, key)
);
CREATE TABLE IF NOT EXISTS {unreadable} (
    digest TEXT, suffix TEXT, code TEXT, reason TEXT, PRIMARY KEY (digest, suffix)
);
CREATE TABLE IF NOT EXISTS comparisons (key TEXT PRIMARY KEY, data BLOB, used REAL);
CREATE TABLE IF NOT EXISTS {file_digests} (path TEXT PRIMARY KEY, stat TEXT, digest TEXT);
CREATE TABLE IF NOT EXISTS table_users (name TEXT PRIMARY KEY, used REAL);
"""
# what a failed store may raise; it costs a cache miss, never the file's result
STORE_ERRORS = (sqlite3.Error, ValueError, OverflowError)
ROWS_AT_ONCE = 256  # analyses read by one query (SQLite takes up to 32,766 values)
KEEP_COMPARISONS = 32  # the most recently used comparison memos and verdicts kept
VERDICT_PREFIX = "verdict:"  # verdicts share the comparisons table with the memos
# an older version's tables are kept while it still opens the cache (table_users)
OLDER_KEPT_SECONDS = 60 * 86400.0


_ANALYSES = f"analyses_v{CACHE_VERSION}"


def _ocr_value(regions: tuple[OcrRegion, ...], skipped: int, offered: int) -> str | None:
    """The OCR column: the regions read by OCR, and the pages and pictures that could
    hold text (offered) and were left unread (skipped), as JSON."""
    if not regions and not skipped and not offered:
        return None
    return json.dumps(
        {"regions": [r.to_json() for r in regions], "skipped": skipped, "offered": offered}
    )


def _ocr(value: str | None) -> OcrFields:
    """``ocr`` and ``ocr_skipped`` from a stored OCR column; a damaged one is none."""
    if not value:
        return {}
    try:
        data = json.loads(value)
        return {
            "ocr": tuple(OcrRegion.from_json(r) for r in data.get("regions", ())),
            "ocr_skipped": int(data.get("skipped", 0)),
            "ocr_offered": int(data.get("offered", 0)),
        }
    except (ValueError, TypeError, KeyError, AttributeError):
        return {}


def _meta(value: str | None) -> DocumentMeta | None:
    """A stored metadata column (JSON), or None; a damaged one is no metadata."""
    if not value:
        return None
    try:
        return DocumentMeta.from_json(json.loads(value))
    except (ValueError, TypeError):
        return None


_TEXTS = f"texts_v{EXTRACT_VERSION}"
_UNREADABLE = f"unreadable_v{EXTRACT_VERSION}"
# why a file can't be read, where its bytes alone decide it (the same bytes fail the
# same way on every scan); not a missing or locked file, a time limit, OCR (off, or
# its engine missing) or a reader that may be installed later
LASTING_FAILURES = frozenset(
    {"binary", "corrupt", "empty", "encoding", "encrypted", "malicious", "old-doc"}
)
_PASSING_REASONS = ("image.", "ocr.")  # reasons of pictures: OCR decides them
_DAMAGED_CODES = {11, 26}  # SQLITE_CORRUPT, SQLITE_NOTADB
T = TypeVar("T")


class CacheUnavailable(Exception):
    """The cache cannot be opened or created here; ``str()`` says why, for a person."""


def is_damage(exc: sqlite3.Error) -> bool:
    """Whether an SQLite error means the file is damaged (not merely busy or read-only).

    >>> is_damage(sqlite3.DatabaseError("database disk image is malformed"))
    True
    >>> is_damage(sqlite3.OperationalError("database is locked"))
    False
    """
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in _DAMAGED_CODES
    text = str(exc).lower()
    return "malformed" in text or "not a database" in text


def settings_key(settings: ScanSettings, template_digest: str) -> str:
    """Digest of everything that changes a file's analysis.

    >>> a = settings_key(ScanSettings(), "t")
    >>> a == settings_key(ScanSettings(flag_similarity=0.5), "t")  # a threshold: same
    True
    >>> a == settings_key(ScanSettings(ngram=6), "t")
    False
    """
    parts = {"v": CACHE_VERSION, **analysis_settings(settings), "template": template_digest}
    return hashlib.blake2b(json.dumps(parts, sort_keys=True).encode(), digest_size=12).hexdigest()


def stat_signature(st: os.stat_result) -> str:
    """What must stay equal for a stored content hash to be trusted."""
    return f"{st.st_size}:{st.st_ino}:{st.st_dev}:{st.st_mtime_ns}:{st.st_ctime_ns}"


def array_digest(arr: np.ndarray) -> str:
    return hashlib.blake2b(np.ascontiguousarray(arr).tobytes(), digest_size=12).hexdigest()


_VERSIONED = re.compile(r"(analyses|texts|unreadable)(?:_v(\d+))?")
_OWN_VERSIONS = {"analyses": CACHE_VERSION, "texts": EXTRACT_VERSION, "unreadable": EXTRACT_VERSION}


def stale_tables(names: Iterable[str], in_use: Iterable[str] = ()) -> list[str]:
    """The tables among ``names`` that this version may drop: analyses and texts of an
    *older* format (``texts`` alone is the first format) that are not ``in_use`` by an
    older plagcheck still opening the cache. A newer plagcheck's tables (a higher
    version, or any name this version does not know) are never dropped.

    >>> stale_tables(["analyses_v1", "texts", "texts_v3", f"analyses_v{CACHE_VERSION}",
    ...               f"analyses_v{CACHE_VERSION + 1}", f"texts_v{EXTRACT_VERSION + 1}",
    ...               "texts_index", "file_digests"], in_use=["texts_v3"])
    ['analyses_v1', 'texts']
    """
    stale = []
    kept = set(in_use)
    for name in names:
        found = _VERSIONED.fullmatch(name)
        if found is None or name in kept:
            continue
        kind, version = found.group(1), int(found.group(2) or 0)
        if version < _OWN_VERSIONS[kind]:
            stale.append(name)
    return stale


class AnalysisCache:
    """SQLite-backed cache of extracted texts and analyses (thread-safe).

    Raises :class:`CacheUnavailable` when the file can't be opened or created; a damaged
    file is moved aside and replaced (see the module docstring).
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.notices: list[Message] = []  # what the user should hear once (a damaged cache)
        self._lock = threading.Lock()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise CacheUnavailable(
                f"cannot create the cache folder {self.path.parent}: {exc.strerror or exc}"
            ) from exc
        try:
            self._db = self._open()
        except sqlite3.Error as exc:
            if not is_damage(exc):
                raise CacheUnavailable(f"cannot use the cache {self.path}: {exc}") from exc
            self._db = self._replace_damaged(exc, None)

    def _replace_damaged(self, exc: Exception, db: sqlite3.Connection | None) -> sqlite3.Connection:
        """Move the damaged file (and its journal) aside and open a new, empty cache."""
        if db is not None:
            with contextlib.suppress(sqlite3.Error):
                db.close()
        aside = self.path.with_name(f"{self.path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
        for suffix in ("", "-wal", "-shm"):
            with contextlib.suppress(OSError):
                os.replace(f"{self.path}{suffix}", f"{aside}{suffix}")
        try:
            new = self._open()
        except sqlite3.Error as again:
            raise CacheUnavailable(f"cannot use the cache {self.path}: {again}") from again
        self.notices.append(Message.of("notice.cache-replaced", detail=str(exc), name=aside.name))
        return new

    def _guarded(self, work: Callable[[sqlite3.Connection], T], missing: T) -> T:
        """``work(db)`` under the lock; ``missing`` on an SQLite error, after replacing
        the file if the error says it is damaged."""
        with self._lock:
            try:
                return work(self._db)
            except sqlite3.Error as exc:
                if is_damage(exc):
                    with contextlib.suppress(CacheUnavailable):
                        self._db = self._replace_damaged(exc, self._db)
                else:
                    with contextlib.suppress(sqlite3.Error):
                        if self._db.in_transaction:
                            self._db.execute("ROLLBACK")
                return missing

    def _open(self) -> sqlite3.Connection:
        """A connection to the cache file, set up; closed again if setting up fails."""
        db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        try:
            self._set_up(db)
        except BaseException:
            db.close()
            raise
        return db

    @staticmethod
    def _set_up(db: sqlite3.Connection) -> None:
        db.execute(f"PRAGMA page_size={PAGE_SIZE}")  # only takes effect on a new file
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.executescript(
            _SCHEMA.format(
                version=CACHE_VERSION,
                texts=_TEXTS,
                unreadable=_UNREADABLE,
                file_digests=FILE_DIGESTS,
            )
        )
        db.execute(f"SELECT count(*) FROM {_ANALYSES}").fetchone()
        AnalysisCache._drop_stale(db)

    @staticmethod
    def _drop_stale(db: sqlite3.Connection) -> None:
        """Note that this version uses its tables now; drop the older formats' tables
        no version has used for :data:`OLDER_KEPT_SECONDS` (never a newer version's)."""
        now = time.time()
        db.executemany(
            "INSERT OR REPLACE INTO table_users VALUES (?, ?)",
            [(_ANALYSES, now), (_TEXTS, now), (_UNREADABLE, now)],
        )
        recent = db.execute(
            "SELECT name FROM table_users WHERE used > ?", (now - OLDER_KEPT_SECONDS,)
        ).fetchall()
        tables = db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
        for name in stale_tables([t for (t,) in tables], [r for (r,) in recent]):
            db.execute(f'DROP TABLE "{name}"')
            db.execute("DELETE FROM table_users WHERE name = ?", (name,))

    def close(self) -> None:
        with self._lock, contextlib.suppress(sqlite3.Error):
            self._db.close()

    def get_analysis(self, digest: str, key: str, *, with_terms: bool = True) -> Analysis | None:
        """The cached analysis, or None (also when its bytes are damaged).
        ``with_terms=False`` leaves out the term counts (only corpus IDF needs them)."""
        return self.get_analyses([digest], key, with_terms=with_terms).get(digest)

    def get_analyses(
        self, digests: Sequence[str], key: str, *, with_terms: bool = True
    ) -> dict[str, Analysis]:
        """:meth:`get_analysis` of each of ``digests`` found, by digest, read
        :data:`ROWS_AT_ONCE` to a query (a query per file was a fifth of re-opening a
        large folder)."""
        terms_col = "a.terms" if with_terms else "NULL"
        wanted = list(dict.fromkeys(digests))

        def work(db: sqlite3.Connection) -> list[tuple]:
            rows: list[tuple] = []
            for lo in range(0, len(wanted), ROWS_AT_ONCE):
                part = wanted[lo : lo + ROWS_AT_ONCE]
                rows += db.execute(
                    f"SELECT a.digest, a.header, a.arrays, {terms_col}, t.text, t.kind, "
                    f"t.encoding, t.pages, t.warnings, t.meta, t.ocr FROM {_ANALYSES} a "
                    f"JOIN {_TEXTS} t ON t.digest = a.digest "
                    f"WHERE a.key = ? AND a.digest IN ({','.join('?' * len(part))})",
                    (key, *part),
                ).fetchall()
            return rows

        found = {}
        no_rows: list[tuple] = []
        for row in self._guarded(work, no_rows):
            analysis = _analysis_of(row)
            if analysis is not None:
                found[row[0]] = analysis
        return found

    def get_failure(self, digest: str, suffix: str) -> tuple[str, Message] | None:
        """Why a file of these bytes, read as ``suffix`` says (its name's suffix, and
        whether OCR was off), could not be read: its code and reason, when that was
        stored (:func:`lasting_failure`); else None."""
        row = self._guarded(
            lambda db: db.execute(
                f"SELECT code, reason FROM {_UNREADABLE} WHERE digest = ? AND suffix = ?",
                (digest, suffix.lower()),
            ).fetchone(),
            None,
        )
        if row is None:
            return None
        try:
            (reason,) = load_messages(row[1])
        except (ValueError, TypeError):
            return None
        return row[0], reason

    def put_failure(self, digest: str, suffix: str, code: str, reason: Message) -> None:
        """Remember why a file could not be read, if its bytes alone decide it."""
        if not digest or not lasting_failure(code, reason):
            return

        def work(db: sqlite3.Connection) -> None:
            db.execute(
                f"INSERT OR REPLACE INTO {_UNREADABLE} VALUES (?, ?, ?, ?)",
                (digest, suffix.lower(), code, dump_messages([reason])),
            )

        self._guarded(work, None)

    def get_text(self, digest: str) -> ExtractedText | None:
        row = self._guarded(
            lambda db: db.execute(
                f"SELECT text, kind, encoding, pages, warnings, meta, ocr FROM {_TEXTS} "
                "WHERE digest = ?",
                (digest,),
            ).fetchone(),
            None,
        )
        if row is None:
            return None
        text, kind, encoding, pages, warnings, meta, ocr = row
        try:
            return ExtractedText(
                text_of(text),
                kind,
                encoding,
                pages,
                load_messages(warnings),
                _meta(meta),
                **_ocr(ocr),
                content_hash=digest,
            )
        except DECODE_ERRORS:
            return None

    def known_digests(self, stats: dict[str, str]) -> dict[str, str]:
        """Stored content hashes of the paths whose ``stat`` signature still matches
        (``stats`` maps a path to :func:`stat_signature`)."""
        by_key = {path_key(p): p for p in stats}
        keys = list(by_key)

        def work(db: sqlite3.Connection) -> dict[str, str]:
            found: dict[str, str] = {}
            for lo in range(0, len(keys), 500):
                part = keys[lo : lo + 500]
                rows = db.execute(
                    f"SELECT path, stat, digest FROM {FILE_DIGESTS} WHERE path IN "
                    f"({','.join('?' * len(part))})",
                    part,
                ).fetchall()
                for key, st, d in rows:
                    p = by_key.get(key)
                    if p is not None and stats[p] == st:
                        found[p] = d
            return found

        return self._guarded(work, {})

    def remember_digests(self, rows: list[tuple[str, str, str]]) -> None:
        """Store ``(path, stat signature, content hash)`` rows."""
        if not rows:
            return

        def work(db: sqlite3.Connection) -> None:
            db.execute("BEGIN")
            db.executemany(
                f"INSERT OR REPLACE INTO {FILE_DIGESTS} VALUES (?, ?, ?)",
                [(path_key(p), st, d) for p, st, d in rows],
            )
            db.execute("COMMIT")

        self._guarded(work, None)

    def get_comparison(self, key: str) -> ComparisonMemo | None:
        """The comparison memo stored under ``key``, or None (also if it is damaged)."""
        data = self._get_blob(key)
        if data is None:
            return None
        try:
            return ComparisonMemo.decode(data)
        except ValueError:
            return None

    def put_comparison(self, key: str, memo: ComparisonMemo) -> None:
        """Store ``memo`` under ``key``, keeping the :data:`KEEP_COMPARISONS` newest."""
        self._put_blob(key, memo.encode())

    def get_verdict(self, key: str) -> Verdict | None:
        """The verdict stored under ``key`` (see :mod:`simhash_core.compare.verdict`),
        or None (also if it is damaged or of another version)."""
        data = self._get_blob(VERDICT_PREFIX + key)
        if data is None:
            return None
        try:
            return Verdict.decode(data)
        except ValueError:
            return None

    def put_verdict(self, key: str, verdict: Verdict) -> None:
        """Store ``verdict`` under ``key`` (beside the memos, the newest kept)."""
        self._put_blob(VERDICT_PREFIX + key, verdict.encode())

    def _get_blob(self, key: str) -> bytes | None:
        def work(db: sqlite3.Connection) -> bytes | None:
            row = db.execute("SELECT data FROM comparisons WHERE key = ?", (key,)).fetchone()
            if row is None:
                return None
            with contextlib.suppress(sqlite3.OperationalError):  # read-only: fine
                db.execute("UPDATE comparisons SET used = ? WHERE key = ?", (time.time(), key))
            return row[0]

        return self._guarded(work, None)

    def _put_blob(self, key: str, data: bytes) -> None:
        def work(db: sqlite3.Connection) -> None:
            db.execute("BEGIN")
            db.execute(
                "INSERT OR REPLACE INTO comparisons VALUES (?, ?, ?)", (key, data, time.time())
            )
            db.execute(
                "DELETE FROM comparisons WHERE key NOT IN "
                "(SELECT key FROM comparisons ORDER BY used DESC LIMIT ?)",
                (KEEP_COMPARISONS,),
            )
            db.execute("COMMIT")

        self._guarded(work, None)

    def put(self, key: str, a: Analysis) -> None:
        """Store ``a``; a failed write is only a later cache miss."""
        with contextlib.suppress(ValueError, OverflowError):
            self._guarded(lambda db: store_analysis(db, key, a), None)

    def put_text(self, text: ExtractedText) -> None:
        """Store a file's text alone (one of a student's several files)."""
        self._guarded(lambda db: store_text(db, text), None)


def _analysis_of(row: tuple) -> Analysis | None:
    """The analysis of a row :meth:`AnalysisCache.get_analyses` read, or None where its
    bytes are damaged or its text is not the one it was made of."""
    digest, header, arrays, terms, text, kind, encoding, pages, warnings, meta, ocr = row
    if not isinstance(text, bytes):  # stored as text before: not the analysed bytes
        return None
    try:
        return decode_analysis(
            EncodedAnalysis(header, arrays, terms or b"", text),
            kind,
            content_hash=digest,
            encoding=encoding,
            pages=pages,
            warnings=load_messages(warnings),
            meta=_meta(meta),
            **_ocr(ocr),
        )
    except DECODE_ERRORS:
        return None


def lasting_failure(code: str, reason: Message) -> bool:
    """Whether a file that failed so fails again on every read of the same bytes.

    >>> lasting_failure("binary", Message.of("txt.nul"))
    True
    >>> lasting_failure("timeout", Message.of("task.timeout", seconds=60))
    False
    >>> lasting_failure("empty", Message.of("image.no-text"))  # OCR read nothing
    False
    """
    return code in LASTING_FAILURES and not reason.code.startswith(_PASSING_REASONS)


def open_cache(path: Path | None = None) -> tuple[AnalysisCache | None, Message | None]:
    """The user's cache (``path``, else :func:`default_cache_path`), or ``(None, why)``
    when it can't be used here: the scan then reads every file, and says why.

    >>> cache, why = open_cache(Path("/proc/no-such-place/analyses.sqlite"))
    >>> cache is None, str(why).startswith("the fingerprint cache is not used")
    (True, True)
    """
    try:
        target = Path(path) if path is not None else default_cache_path()
        return AnalysisCache(target), None
    except (CacheUnavailable, OSError, RuntimeError, KeyError) as exc:
        return None, Message.of("notice.cache-unavailable", detail=str(exc))


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

    def put_text(self, text: ExtractedText) -> bool:
        """Store a file's text alone (one of a student's several files); False if it
        could not be stored."""
        try:
            store_text(self._db, text)
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
        _insert_text(db, a, row.text)
        db.execute(
            f"INSERT OR REPLACE INTO {_ANALYSES} VALUES (?, ?, ?, ?, ?)",
            (a.content_hash, key, row.header, row.arrays, row.terms),
        )
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def store_text(db: sqlite3.Connection, text: ExtractedText) -> None:
    """Write one file's text (nothing without a content hash)."""
    if text.content_hash:
        db.execute("BEGIN")
        try:
            _insert_text(db, text, text_value(text.text))
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")


def _insert_text(db: sqlite3.Connection, a: Analysis | ExtractedText, stored: bytes) -> None:
    """The row of a file's text, under its content hash: ``stored``, its
    :func:`~simhash_core.store.codec.text_value`."""
    db.execute(
        f"INSERT OR REPLACE INTO {_TEXTS} VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (
            a.content_hash,
            a.kind,
            a.encoding,
            a.pages,
            dump_messages(a.warnings),
            stored,
            json.dumps(a.meta.to_json(), ensure_ascii=False) if a.meta else None,
            _ocr_value(a.ocr, a.ocr_skipped, a.ocr_offered),
        ),
    )
