"""The archive in one SQLite file (the default, for a single teacher).

Tables::

    meta(key, value)                       configuration (analysis space, index layout);
                                           ``decisions:LABEL``: the decisions kept with
                                           a label (JSON), dropped with it
    documents(id, content_hash UNIQUE, name, kind, fingerprint, minhash, mtime, added,
              n_bands, n_winnow, size, meaning)
    payloads(doc, text, shingle_seq, usable, unit_starts, unit_ends, terms, keywords,
             warnings, bit_sums)           what passage matching and the views need
    memberships(label, doc, name, added)   labels (course and term) of each document
    simhash_blocks(block, value, doc, fingerprint)   pigeonhole index, k + 1 rows a doc
    lsh_bands(band, key, doc)              MinHash LSH, one row per band
    winnow(key, doc)                       winnowed shingles (partial copies)
    meaning(term, doc)                     language-neutral terms (translated sources)
    meaning_df(term, df)                   how many documents hold each term

``documents.meaning`` keeps each document's terms (little-endian uint64), so removal and
the checks never need the dictionary again. Schema 1 files (before the meaning index)
are upgraded when opened: their documents have no meaning terms until archived again.
The decisions kept with a label need no new schema: an archive without them keeps none,
and a plagcheck before them reads past the extra ``meta`` rows.

Every index table is a ``WITHOUT ROWID`` table whose primary key starts with the looked
up value, so a query is a handful of B-tree searches, never a scan. The file uses WAL
(readers never block the writer) with ``synchronous=NORMAL``: each addition is one
transaction, so a crash or kill leaves exactly the documents whose addition completed.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from simhash_core.archive.base import ArchiveError, LabelInfo
from simhash_core.archive.codec import (
    CHINESE_SIDE,
    ENGLISH_SIDE,
    PAYLOAD_FIELDS,
    ArchiveConfig,
    ArchiveEntry,
    StoredDocument,
    signature_bytes,
    signature_from,
)
from simhash_core.archive.indexed import (
    IndexedArchive,
    check_label,
    decisions_from,
    decisions_text,
)
from simhash_core.archive.keys import (
    band_keys,
    has_bands,
    simhash_blocks,
    to_signed,
    to_unsigned,
    winnow_keys,
)
from simhash_core.messages import Message
from simhash_core.types import ScanSettings

# 2: the meaning index; 3: signatures 4 bytes a value and unit offsets compressed (both
# forms read, so an older file only needs its number raised; an older plagcheck refuses
# a schema 3 file instead of misreading the new values)
SCHEMA_VERSION = 4  # 4: payloads keep the sentences; 3: decisions; 2: the meaning index
_CHUNK = 500  # values per IN (...) list
DECISIONS_KEY = "decisions:"  # meta key of a label's kept decisions: this and the label

_MEANING_SCHEMA = """
CREATE TABLE meaning (
    term INTEGER NOT NULL,
    doc INTEGER NOT NULL,
    PRIMARY KEY (term, doc)
) WITHOUT ROWID;
CREATE TABLE meaning_df (term INTEGER PRIMARY KEY, df INTEGER NOT NULL);
"""
_SCHEMA = (
    """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE documents (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    content_hash TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    fingerprint INTEGER NOT NULL,
    minhash BLOB NOT NULL,
    mtime REAL NOT NULL,
    added REAL NOT NULL,
    n_bands INTEGER NOT NULL,
    n_winnow INTEGER NOT NULL,
    size INTEGER NOT NULL,
    meaning BLOB NOT NULL DEFAULT x''
);
CREATE TABLE payloads (
    doc INTEGER PRIMARY KEY,
    text BLOB NOT NULL,
    shingle_seq BLOB NOT NULL,
    usable BLOB NOT NULL,
    unit_starts BLOB NOT NULL,
    unit_ends BLOB NOT NULL,
    terms BLOB NOT NULL,
    keywords BLOB NOT NULL,
    warnings BLOB NOT NULL,
    bit_sums BLOB NOT NULL,
    sentences BLOB NOT NULL DEFAULT x''
);
CREATE TABLE memberships (
    label TEXT NOT NULL,
    doc INTEGER NOT NULL,
    name TEXT NOT NULL,
    added REAL NOT NULL,
    PRIMARY KEY (label, doc)
) WITHOUT ROWID;
CREATE INDEX memberships_doc ON memberships (doc);
CREATE TABLE simhash_blocks (
    block INTEGER NOT NULL,
    value INTEGER NOT NULL,
    doc INTEGER NOT NULL,
    fingerprint INTEGER NOT NULL,
    PRIMARY KEY (block, value, doc)
) WITHOUT ROWID;
CREATE TABLE lsh_bands (
    band INTEGER NOT NULL,
    key INTEGER NOT NULL,
    doc INTEGER NOT NULL,
    PRIMARY KEY (band, key, doc)
) WITHOUT ROWID;
CREATE TABLE winnow (
    key INTEGER NOT NULL,
    doc INTEGER NOT NULL,
    PRIMARY KEY (key, doc)
) WITHOUT ROWID;
"""
    + _MEANING_SCHEMA
)
_TABLES = {"meta", "documents", "payloads", "memberships", "simhash_blocks", "lsh_bands", "winnow"}


def default_path() -> Path:
    """``archive.sqlite`` in the user's data folder (platformdirs)."""
    import platformdirs

    return Path(platformdirs.user_data_dir("plagcheck")) / "archive.sqlite"


def _translate(exc: sqlite3.Error, path: Path) -> ArchiveError:
    """A clear sentence for an SQLite failure."""
    msg = str(exc)
    lowered = msg.lower()
    if "locked" in lowered or "busy" in lowered:
        return ArchiveError(Message.of("archive.busy", location=str(path), detail=msg))
    if "unable to open" in lowered or "readonly" in lowered or "read-only" in lowered:
        return ArchiveError(Message.of("archive.cannot-open", location=str(path), detail=msg))
    if isinstance(exc, sqlite3.DatabaseError) and not isinstance(exc, sqlite3.IntegrityError):
        return ArchiveError(Message.of("archive.damaged", location=str(path), detail=msg))
    return ArchiveError(Message.of("archive.error", location=str(path), detail=msg))


def _sorted_rows(rows: np.ndarray) -> Iterator[tuple[int, ...]]:
    """Rows of an int64 matrix sorted by their columns, left to right, as tuples."""
    order = np.lexsort(rows.T[::-1])
    return zip(*(column.tolist() for column in rows[order].T), strict=True)


class SQLiteArchive(IndexedArchive):
    """An archive in an SQLite file; see the module docstring for the layout.

    ``settings`` fix the analysis space when the file is created; an existing file
    keeps its own. One object may be shared between threads.
    """

    def __init__(
        self,
        path: Path | str | None = None,
        settings: ScanSettings | None = None,
        *,
        create: bool = True,
        timeout: float = 30.0,
    ) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.location = str(self.path)
        self._lock = threading.RLock()
        if not self.path.exists():
            if not create:
                raise ArchiveError(Message.of("archive.not-yet", location=str(self.path)))
            self.path.parent.mkdir(parents=True, exist_ok=True)
        if self.path.is_dir():
            raise ArchiveError(Message.of("archive.is-folder", location=str(self.path)))
        try:
            self._db = sqlite3.connect(
                self.path, timeout=timeout, isolation_level=None, check_same_thread=False
            )
        except sqlite3.Error as exc:
            raise _translate(exc, self.path) from exc
        try:
            with self._translating():
                self._db.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
                self._db.execute("PRAGMA journal_mode = WAL").fetchone()
                self._db.execute("PRAGMA synchronous = NORMAL")
                self.config = self._open_schema(settings)
        except BaseException:
            self._db.close()
            raise

    # ----- plumbing -----------------------------------------------------------------

    @contextlib.contextmanager
    def _translating(self) -> Iterator[None]:
        try:
            yield
        except sqlite3.Error as exc:
            raise _translate(exc, self.path) from exc

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT``, rolled back on any error."""
        with self._lock, self._translating():
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    def _open_schema(self, settings: ScanSettings | None) -> ArchiveConfig:
        with self._transaction() as db:
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            tables.discard("sqlite_sequence")
            if not tables:
                config = ArchiveConfig.from_settings(settings or ScanSettings())
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        db.execute(statement)
                db.executemany(
                    "INSERT INTO meta (key, value) VALUES (?, ?)",
                    [
                        ("schema_version", str(SCHEMA_VERSION)),
                        ("config", config.to_json()),
                        ("created", str(time.time())),
                    ],
                )
                return config
            if not tables >= _TABLES:
                raise ArchiveError(
                    Message.of(
                        "archive.not-archive",
                        location=str(self.path),
                        tables=", ".join(sorted(tables)),
                    )
                )
            meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
        version = int(meta.get("schema_version", "0") or 0)
        if version > SCHEMA_VERSION:
            raise ArchiveError(
                Message.of("archive.newer-schema", location=str(self.path), version=str(version))
            )
        if "config" not in meta:
            raise ArchiveError(Message.of("archive.no-settings", location=str(self.path)))
        if version < SCHEMA_VERSION:
            self._upgrade()
        return ArchiveConfig.from_json(meta["config"])

    def _upgrade(self) -> None:
        """An older file gains what it lacks, empty (the meaning index of schema 2, the
        payloads' sentences of schema 4: made from the text when compared), and becomes
        current."""
        with self._transaction() as db:
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if "meaning" not in tables:
                db.execute("ALTER TABLE documents ADD COLUMN meaning BLOB NOT NULL DEFAULT x''")
                for statement in _MEANING_SCHEMA.split(";"):
                    if statement.strip():
                        db.execute(statement)
            columns = {r[1] for r in db.execute("PRAGMA table_info(payloads)")}
            if "sentences" not in columns:
                db.execute("ALTER TABLE payloads ADD COLUMN sentences BLOB NOT NULL DEFAULT x''")
            db.execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)",
                (str(SCHEMA_VERSION),),
            )

    # ----- writing ------------------------------------------------------------------

    def _write(self, entries: Sequence[ArchiveEntry], label: str) -> list[tuple[int, str]]:
        now = time.time()
        with self._transaction() as db:
            existing: dict[str, int] = {}
            hashes = [e.content_hash for e in entries]
            for start in range(0, len(hashes), _CHUNK):
                part = hashes[start : start + _CHUNK]
                marks = ",".join("?" * len(part))
                existing.update(
                    db.execute(
                        f"SELECT content_hash, id FROM documents WHERE content_hash IN ({marks})",
                        part,
                    ).fetchall()
                )
            out: list[tuple[int, str]] = []
            fresh: list[tuple[int, ArchiveEntry]] = []
            memberships = []
            # ids are taken in order after the highest ever used (AUTOINCREMENT keeps it)
            (next_id,) = db.execute(
                "SELECT COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'documents'), 0)"
            ).fetchone()
            for e in entries:
                if e.content_hash in existing:
                    doc_id = existing[e.content_hash]
                    cur = db.execute(
                        "INSERT OR IGNORE INTO memberships (label, doc, name, added) "
                        "VALUES (?, ?, ?, ?)",
                        (label, doc_id, e.name, now),
                    )
                    out.append((doc_id, "labelled" if cur.rowcount else "present"))
                    continue
                next_id += 1
                fresh.append((next_id, e))
                memberships.append((label, next_id, e.name, now))
                out.append((next_id, "added"))
            db.executemany(
                "INSERT INTO documents (id, content_hash, name, kind, fingerprint, minhash, "
                "mtime, added, n_bands, n_winnow, size, meaning) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                [
                    (
                        doc_id,
                        e.content_hash,
                        e.name,
                        e.kind,
                        to_signed(e.fingerprint),
                        signature_bytes(e.minhash),
                        e.mtime,
                        now,
                        len(e.bands),
                        len(e.winnow),
                        e.size,
                        np.ascontiguousarray(e.meaning, dtype="<u8").tobytes(),
                    )
                    for doc_id, e in fresh
                ],
            )
            db.executemany(
                "INSERT INTO memberships (label, doc, name, added) VALUES (?, ?, ?, ?)",
                memberships,
            )
            payloads = [
                (doc_id, *(e.payload[f] for f in PAYLOAD_FIELDS))
                for doc_id, e in fresh
                if e.payload
            ]
            db.executemany(
                f"INSERT INTO payloads (doc, {', '.join(PAYLOAD_FIELDS)}) "
                f"VALUES ({','.join('?' * (len(PAYLOAD_FIELDS) + 1))})",
                payloads,
            )
            self._insert_postings(db, fresh)
        return out

    def _insert_postings(
        self, db: sqlite3.Connection, fresh: Sequence[tuple[int, ArchiveEntry]]
    ) -> None:
        """The index rows of newly filed documents, sorted by key (B-tree locality)."""
        if not fresh:
            return
        ids = np.array([doc_id for doc_id, _ in fresh], dtype=np.int64)
        fps = np.array([to_signed(e.fingerprint) for _, e in fresh], dtype=np.int64)
        blocks = np.array([e.blocks for _, e in fresh], dtype=np.int64)
        nb = blocks.shape[1]
        rows = np.column_stack(
            [np.tile(np.arange(nb), len(fresh)), blocks.ravel(), ids.repeat(nb), fps.repeat(nb)]
        )
        db.executemany("INSERT INTO simhash_blocks VALUES (?, ?, ?, ?)", _sorted_rows(rows))
        counts = np.array([len(e.bands) for _, e in fresh])
        if counts.sum():
            band_no = np.concatenate([np.arange(c) for c in counts])
            keys = np.concatenate([e.bands for _, e in fresh]).astype(np.int64)
            rows = np.column_stack([band_no, keys, ids.repeat(counts)])
            db.executemany("INSERT INTO lsh_bands VALUES (?, ?, ?)", _sorted_rows(rows))
        counts = np.array([len(e.winnow) for _, e in fresh])
        if counts.sum():
            keys = np.concatenate([e.winnow for _, e in fresh]).astype(np.int64)
            rows = np.column_stack([keys, ids.repeat(counts)])
            db.executemany("INSERT INTO winnow VALUES (?, ?)", _sorted_rows(rows))
        counts = np.array([len(e.meaning) for _, e in fresh])
        if counts.sum():
            terms = np.concatenate([e.meaning for _, e in fresh]).astype(np.int64)
            rows = np.column_stack([terms, ids.repeat(counts)])
            db.executemany("INSERT INTO meaning VALUES (?, ?)", _sorted_rows(rows))
            values, added = np.unique(terms, return_counts=True)
            db.executemany(
                "INSERT INTO meaning_df (term, df) VALUES (?, ?) "
                "ON CONFLICT (term) DO UPDATE SET df = df + excluded.df",
                zip(values.tolist(), added.tolist(), strict=True),
            )

    def remove_label(self, label: str) -> int:
        """Drop ``label`` in one transaction; documents left unlabelled are deleted
        with their index rows."""
        label = check_label(label)
        with self._transaction() as db:
            ids = [
                r[0] for r in db.execute("SELECT doc FROM memberships WHERE label = ?", (label,))
            ]
            db.execute("DELETE FROM memberships WHERE label = ?", (label,))
            db.execute("DELETE FROM meta WHERE key = ?", (DECISIONS_KEY + label,))
            for doc_id in ids:
                if db.execute("SELECT 1 FROM memberships WHERE doc = ?", (doc_id,)).fetchone():
                    continue
                self._delete_document(db, doc_id)
        return len(ids)

    def keep_decisions(self, label: str, decisions: Mapping[str, Any]) -> None:
        """Keep ``decisions`` with ``label`` (one ``meta`` row, replaced)."""
        label = check_label(label)
        key = DECISIONS_KEY + label
        with self._transaction() as db:
            if decisions:
                db.execute(
                    "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                    (key, decisions_text(decisions)),
                )
            else:
                db.execute("DELETE FROM meta WHERE key = ?", (key,))

    def kept_decisions(self) -> dict[str, dict[str, Any]]:
        out: dict[str, dict[str, Any]] = {}
        rows = self._query(
            "SELECT key, value FROM meta WHERE key >= ? AND key < ? ORDER BY key",
            (DECISIONS_KEY, DECISIONS_KEY[:-1] + chr(ord(DECISIONS_KEY[-1]) + 1)),
        )
        for key, value in rows:
            data = decisions_from(value)
            if data is not None:
                out[key[len(DECISIONS_KEY) :]] = data
        return out

    def _delete_document(self, db: sqlite3.Connection, doc_id: int) -> None:
        """Delete a document and its index rows, found from its stored keys (the
        tables have no index on ``doc``); a full delete by ``doc`` is the fallback if
        the recomputed keys do not account for every row."""
        row = db.execute(
            "SELECT fingerprint, minhash, n_bands, n_winnow, meaning FROM documents WHERE id = ?",
            (doc_id,),
        ).fetchone()
        if row is None:
            return
        fp, sig_bytes, n_bands, n_winnow, meaning = row
        terms = np.frombuffer(meaning, dtype="<u8").tolist()
        gone = db.executemany(
            "DELETE FROM meaning WHERE term = ? AND doc = ?", [(t, doc_id) for t in terms]
        ).rowcount
        if gone != len(terms):
            db.execute("DELETE FROM meaning WHERE doc = ?", (doc_id,))
        db.executemany("UPDATE meaning_df SET df = df - 1 WHERE term = ?", [(t,) for t in terms])
        if terms:
            db.execute("DELETE FROM meaning_df WHERE df <= 0")
        fp = to_unsigned(fp)
        blocks = simhash_blocks(fp, self.config.index_k)
        gone = db.executemany(
            "DELETE FROM simhash_blocks WHERE block = ? AND value = ? AND doc = ?",
            [(b, v, doc_id) for b, v in enumerate(blocks)],
        ).rowcount
        if gone != len(blocks):
            db.execute("DELETE FROM simhash_blocks WHERE doc = ?", (doc_id,))
        sig = signature_from(sig_bytes, self.config.minhash_perms)
        keys = band_keys(sig, self.config.bands)[0].tolist() if has_bands(sig) else []
        gone = db.executemany(
            "DELETE FROM lsh_bands WHERE band = ? AND key = ? AND doc = ?",
            [(b, k, doc_id) for b, k in enumerate(keys)],
        ).rowcount
        if gone != n_bands or len(keys) != n_bands:
            db.execute("DELETE FROM lsh_bands WHERE doc = ?", (doc_id,))
        payload = db.execute(
            "SELECT shingle_seq, usable FROM payloads WHERE doc = ?", (doc_id,)
        ).fetchone()
        wkeys: list[int] = []
        if payload is not None:
            seq = np.frombuffer(payload[0], dtype="<u8").astype(np.uint64)
            usable = np.unpackbits(np.frombuffer(payload[1], np.uint8), count=len(seq)).astype(bool)
            wkeys = winnow_keys(seq, usable, self.config.winnow_window).tolist()
        gone = db.executemany(
            "DELETE FROM winnow WHERE key = ? AND doc = ?", [(k, doc_id) for k in wkeys]
        ).rowcount
        if gone != n_winnow or len(wkeys) != n_winnow:
            db.execute("DELETE FROM winnow WHERE doc = ?", (doc_id,))
        db.execute("DELETE FROM payloads WHERE doc = ?", (doc_id,))
        db.execute("DELETE FROM documents WHERE id = ?", (doc_id,))

    # ----- lookups ------------------------------------------------------------------

    def _query(self, sql: str, params: Sequence[object] = ()) -> list[tuple]:
        with self._lock, self._translating():
            return self._db.execute(sql, params).fetchall()

    def _block_hits(self, blocks: Sequence[int]) -> list[tuple[int, int]]:
        sql = " UNION ALL ".join(
            "SELECT doc, fingerprint FROM simhash_blocks WHERE block = ? AND value = ?"
            for _ in blocks
        )
        params = [x for b, v in enumerate(blocks) for x in (b, v)]
        seen: dict[int, int] = {}
        for doc_id, fp in self._query(sql, params):
            seen[doc_id] = to_unsigned(fp)
        return list(seen.items())

    def _band_hits(self, bands: np.ndarray) -> set[int]:
        keys = bands.tolist()
        sql = " UNION ".join("SELECT doc FROM lsh_bands WHERE band = ? AND key = ?" for _ in keys)
        params = [x for b, k in enumerate(keys) for x in (b, k)]
        return {r[0] for r in self._query(sql, params)}

    def _query_in(self, sql: str, values: Sequence[int]) -> Iterator[tuple]:
        """Rows of ``sql`` (with one ``IN ({marks})``) over ``values``, a chunk at a time."""
        for start in range(0, len(values), _CHUNK):
            part = list(values[start : start + _CHUNK])
            yield from self._query(sql.format(marks=",".join("?" * len(part))), part)

    def _signatures(self, ids: Sequence[int]) -> dict[int, np.ndarray]:
        return {
            doc_id: signature_from(blob, self.config.minhash_perms)
            for doc_id, blob in self._query_in(
                "SELECT id, minhash FROM documents WHERE id IN ({marks})", ids
            )
        }

    def _winnow_hits(self, keys: np.ndarray) -> dict[int, int]:
        counts: dict[int, int] = {}
        sql = "SELECT doc, COUNT(*) FROM winnow WHERE key IN ({marks}) GROUP BY doc"
        for doc_id, c in self._query_in(sql, keys.tolist()):
            counts[doc_id] = counts.get(doc_id, 0) + c
        return counts

    def _meaning_sides(self) -> frozenset[int]:
        return frozenset(
            side
            for side in (ENGLISH_SIDE, CHINESE_SIDE)
            if self._query(
                "SELECT 1 FROM meaning WHERE term >= ? AND term < ? LIMIT 1",
                (side << 32, (side + 1) << 32),
            )
        )

    def _meaning_df(self, terms: np.ndarray) -> dict[int, int]:
        sql = "SELECT term, df FROM meaning_df WHERE term IN ({marks})"
        return dict(self._query_in(sql, terms.tolist()))

    def _meaning_postings(self, terms: Sequence[int]) -> dict[int, list[int]]:
        out: dict[int, list[int]] = {}
        for term, doc_id in self._query_in(
            "SELECT term, doc FROM meaning WHERE term IN ({marks})", list(terms)
        ):
            out.setdefault(term, []).append(doc_id)
        return out

    def _read(self, ids: Sequence[int]) -> dict[int, StoredDocument]:
        out: dict[int, StoredDocument] = {}
        unique = sorted(set(ids))
        for start in range(0, len(unique), _CHUNK):
            part = unique[start : start + _CHUNK]
            marks = ",".join("?" * len(part))
            labels: dict[int, list[tuple[str, str]]] = {}
            for doc_id, label, name in self._query(
                f"SELECT doc, label, name FROM memberships WHERE doc IN ({marks}) "
                "ORDER BY doc, added, label",
                part,
            ):
                labels.setdefault(doc_id, []).append((label, name))
            rows = self._query(
                "SELECT d.id, d.content_hash, d.name, d.kind, d.fingerprint, d.minhash, d.mtime, "
                f"{', '.join('p.' + f for f in PAYLOAD_FIELDS)} FROM documents d "
                f"LEFT JOIN payloads p ON p.doc = d.id WHERE d.id IN ({marks})",
                part,
            )
            for row in rows:
                doc_id, chash, name, kind, fp, sig, mtime, *blobs = row
                payload = dict(zip(PAYLOAD_FIELDS, blobs, strict=True)) if blobs[0] else {}
                out[doc_id] = StoredDocument(
                    doc_id=doc_id,
                    content_hash=chash,
                    name=name,
                    kind=kind,
                    fingerprint=to_unsigned(fp),
                    minhash=signature_from(sig, self.config.minhash_perms),
                    mtime=mtime,
                    labels=tuple(labels.get(doc_id, ())),
                    payload=payload,
                )
        return out

    # ----- listing and checks -------------------------------------------------------

    def labels(self) -> list[LabelInfo]:
        rows = self._query(
            "SELECT m.label, COUNT(*), COALESCE(SUM(d.size), 0) FROM memberships m "
            "JOIN documents d ON d.id = m.doc GROUP BY m.label ORDER BY m.label"
        )
        return [LabelInfo(label, int(n), int(size)) for label, n, size in rows]

    def count(self) -> int:
        return int(self._query("SELECT COUNT(*) FROM documents")[0][0])

    def storage_bytes(self) -> int:
        """Bytes on disk: the file and its WAL."""
        total = 0
        for suffix in ("", "-wal", "-shm"):
            with contextlib.suppress(OSError):
                total += Path(str(self.path) + suffix).stat().st_size
        return total

    def check(self) -> list[str]:
        """SQLite's integrity check, then: every document has all its index rows and a
        label, every index row and label belongs to a document, block values match.

        All in one read transaction: what another connection commits meanwhile (a
        colleague removing a label) is not half seen as problems."""
        with self._snapshot():
            return self._check_rows()

    @contextlib.contextmanager
    def _snapshot(self) -> Iterator[None]:
        """A read transaction: every query inside sees the archive as it was at the
        first one (WAL), whatever other connections commit meanwhile."""
        with self._lock, self._translating():
            self._db.execute("BEGIN")
            try:
                yield
            finally:
                self._db.execute("COMMIT")  # nothing was written: ends the read

    def _check_rows(self) -> list[str]:
        """The checks of :meth:`check`."""
        problems = [
            f"integrity_check: {r[0]}"
            for r in self._query("PRAGMA integrity_check")
            if r[0] != "ok"
        ]
        docs = {
            doc_id: (to_unsigned(fp), nb, nw)
            for doc_id, fp, nb, nw in self._query(
                "SELECT id, fingerprint, n_bands, n_winnow FROM documents"
            )
        }
        problems += self._check_meaning(set(docs))
        k = self.config.index_k
        blocks: dict[int, int] = {}
        for block, value, doc_id, fp in self._query("SELECT * FROM simhash_blocks"):
            if doc_id not in docs:
                problems.append(f"simhash block row of missing document {doc_id}")
                continue
            blocks[doc_id] = blocks.get(doc_id, 0) + 1
            want = simhash_blocks(docs[doc_id][0], k)
            if to_unsigned(fp) != docs[doc_id][0] or want[block] != value:
                problems.append(f"document {doc_id}: wrong simhash block {block}")
        bands = dict(self._query("SELECT doc, COUNT(*) FROM lsh_bands GROUP BY doc"))
        winnowed = dict(self._query("SELECT doc, COUNT(*) FROM winnow GROUP BY doc"))
        labelled = dict(self._query("SELECT doc, COUNT(*) FROM memberships GROUP BY doc"))
        for doc_id, (_fp, nb, nw) in docs.items():
            if blocks.get(doc_id, 0) != k + 1:
                problems.append(f"document {doc_id}: {blocks.get(doc_id, 0)} of {k + 1} blocks")
            if bands.get(doc_id, 0) != nb:
                problems.append(f"document {doc_id}: {bands.get(doc_id, 0)} of {nb} bands")
            if winnowed.get(doc_id, 0) != nw:
                problems.append(f"document {doc_id}: {winnowed.get(doc_id, 0)} of {nw} winnow keys")
            if not labelled.get(doc_id):
                problems.append(f"document {doc_id} has no label")
        for name, table in (("band", bands), ("winnow", winnowed), ("label", labelled)):
            for doc_id in table:
                if doc_id not in docs:
                    problems.append(f"{name} rows of missing document {doc_id}")
        for (doc_id,) in self._query(
            "SELECT doc FROM payloads WHERE doc NOT IN (SELECT id FROM documents)"
        ):
            problems.append(f"payload of missing document {doc_id}")
        return problems

    def _check_meaning(self, docs: set[int]) -> list[str]:
        """Every document's meaning terms are posted, and ``meaning_df`` counts them."""
        problems = []
        want: dict[int, int] = {}
        for doc_id, blob in self._query("SELECT id, meaning FROM documents"):
            terms = np.frombuffer(blob, dtype="<u8")
            posted = (
                {t for (t,) in self._query("SELECT term FROM meaning WHERE doc = ?", (doc_id,))}
                if len(terms)
                else set()
            )
            if len(terms) and posted != set(terms.tolist()):
                problems.append(f"document {doc_id}: {len(posted)} of {len(terms)} meaning terms")
            for t in terms.tolist():
                want[t] = want.get(t, 0) + 1
        for (doc_id,) in self._query("SELECT DISTINCT doc FROM meaning"):
            if doc_id not in docs:
                problems.append(f"meaning rows of missing document {doc_id}")
        have = dict(self._query("SELECT term, df FROM meaning_df"))
        if have != want:
            wrong = sum(1 for t in set(have) | set(want) if have.get(t) != want.get(t))
            problems.append(f"meaning_df: {wrong} terms counted wrong")
        return problems

    def close(self) -> None:
        with self._lock:
            self._db.close()
