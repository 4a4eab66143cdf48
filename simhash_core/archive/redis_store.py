"""The archive on a Redis server, shared by a department (``redis://HOST:PORT/DB``).

Keys (``P`` is the prefix, ``plagcheck`` by default)::

    P:meta                  hash: configuration (analysis space, index layout)
    P:next_id               counter: document ids come from INCRBY
    P:docs                  set of document ids
    P:doc:{id}              hash: content hash, name, kind, fingerprint, signature,
                            labels (JSON, in the order added) and the payload
    P:content:{hash}        string: the id of the document with that content
    P:labels                set of label names
    P:label:{label}         hash: id -> file name (the label index)
    P:labelsize:{label}     counter: stored bytes of the label's documents
    P:sh:{block}:{value}    set of ids: the SimHash pigeonhole tables
    P:lsh:{band}            sorted set: member id, score = the 32-bit band key
    P:wn:{bucket}           sorted set: member id << 20 | low, score = low 20 bits
    P:mt:{term}             set of ids: the documents holding a language-neutral term
                            on one side (English, or Chinese glosses): the meaning
                            index; its size is the term's document count
    P:mtdocs:{side}         counter: documents with meaning terms on that side

SimHash block tables are sets keyed by the block value, as the method describes
(``k + 1`` small integer sets per document, compact intsets). MinHash bands are one
sorted set per band scored by the band key: a bulk add is one ``ZADD`` per band, and
``ZRANGEBYSCORE P:lsh:{band} key key`` finds equal keys in O(log n). Winnow keys (about
a fifth of a text's shingles) are split into a 20-bit bucket (the key name) and their
low 20 bits (the score), so they live in a million small listpack-encoded sorted sets
instead of one key per value (a tenth of the memory); the score keeps lookups exact.

Every addition is one ``MULTI``/``EXEC`` transaction guarded by ``WATCH`` on the
content keys it reads, so several teachers can add at once: a writer that loses a race
retries and then sees the other's document (dedupe holds). Readers never block.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections import defaultdict
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from simhash_core.archive import resp
from simhash_core.archive.base import ArchiveError, LabelInfo
from simhash_core.archive.codec import (
    PAYLOAD_FIELDS,
    ArchiveConfig,
    ArchiveEntry,
    StoredDocument,
    sides_of,
)
from simhash_core.archive.indexed import IndexedArchive, check_label
from simhash_core.archive.keys import (
    band_keys,
    has_bands,
    pack,
    simhash_blocks,
    unpack,
    winnow_keys,
)
from simhash_core.messages import Message
from simhash_core.types import ScanSettings

SCHEMA_VERSION = 2  # 2: the meaning index (documents filed before have no terms)
WINNOW_LOW_BITS = 20  # 40-bit winnow keys: 20-bit bucket, 20-bit score
MAX_TRANSACTION = 1000  # documents per MULTI/EXEC in bulk additions
# document fields needed to find (and delete) every index member of a document
_REMOVE_FIELDS = [
    "labels",
    "content_hash",
    "fingerprint",
    "minhash",
    "size",
    "shingle_seq",
    "usable",
    "meaning",
]


def _without(exc: Exception, url: str) -> str:
    """An exception's text with the URL (which may hold a password) taken out."""
    from simhash_core.shown_location import shown_location

    return str(exc).replace(url, shown_location(url))


def _auth_reason(location: str, message: str, has_password: bool) -> Message:
    """What a refused login means for the teacher.

    >>> str(_auth_reason("redis://h:1/0", "NOAUTH Authentication required.", False))
    'the Redis archive at redis://h:1/0 needs a password: give it as redis://:PASSWORD@HOST:PORT/DB'
    """
    lowered = message.lower()
    if "no password is set" in lowered or "without any password configured" in lowered:
        return Message.of("archive.redis-no-password", location=location)
    if not has_password or "noauth" in lowered:
        return Message.of("archive.redis-needs-password", location=location)
    return Message.of("archive.redis-refused", location=location)


def _terms(blob: bytes | None) -> list[int]:
    """A document's stored meaning terms (none for documents filed before them)."""
    return np.frombuffer(blob, dtype="<u8").tolist() if blob else []


def _text(value: bytes | str | None) -> str:
    if value is None:
        return ""
    return value.decode("utf-8") if isinstance(value, bytes) else str(value)


class RedisArchive(IndexedArchive):
    """An archive on a Redis server; see the module docstring for the layout."""

    def __init__(
        self,
        url: str,
        settings: ScanSettings | None = None,
        *,
        prefix: str = "plagcheck",
        timeout: float = 30.0,
    ) -> None:
        try:
            import redis
        except ImportError as exc:  # pragma: no cover - depends on the installation
            raise ArchiveError(Message.of("archive.no-redis-package")) from exc
        from simhash_core.shown_location import shown_location

        self._errors = redis.exceptions
        self.location = shown_location(url)  # never the password: it is shown and logged
        self.prefix = prefix
        with self._translating():
            try:
                self._r = redis.Redis.from_url(
                    url, socket_timeout=timeout, socket_connect_timeout=min(timeout, 10.0)
                )
                has_password = bool(self._r.connection_pool.connection_kwargs.get("password"))
            except (ValueError, TypeError) as exc:
                raise ArchiveError(
                    Message.of(
                        "archive.bad-address", location=self.location, detail=_without(exc, url)
                    )
                ) from exc
            try:
                self._r.ping()
            except self._errors.AuthenticationError as exc:
                raise ArchiveError(_auth_reason(self.location, str(exc), has_password)) from exc
            except self._errors.ResponseError as exc:
                if "NOAUTH" in str(exc) or "auth" in str(exc).lower():
                    raise ArchiveError(_auth_reason(self.location, str(exc), has_password)) from exc
                raise
            self.config = self._open_meta(settings)

    # ----- plumbing -----------------------------------------------------------------

    @contextlib.contextmanager
    def _translating(self) -> Iterator[None]:
        try:
            yield
        except ArchiveError:
            raise
        except Exception as exc:
            errors = getattr(self, "_errors", None)
            if errors is None or not isinstance(exc, errors.RedisError):
                raise
            if isinstance(exc, errors.AuthenticationError):
                raise ArchiveError(_auth_reason(self.location, str(exc), True)) from exc
            if isinstance(exc, errors.ConnectionError | errors.TimeoutError):
                raise ArchiveError(
                    Message.of("archive.unreachable", location=self.location, detail=str(exc))
                ) from exc
            raise ArchiveError(
                Message.of("archive.redis-error", location=self.location, detail=str(exc))
            ) from exc

    def _k(self, *parts: object) -> str:
        return ":".join((self.prefix, *map(str, parts)))

    def _open_meta(self, settings: ScanSettings | None) -> ArchiveConfig:
        meta = self._k("meta")
        if self._r.hget(meta, "config") is None:  # first use: whoever sets it first wins
            config = ArchiveConfig.from_settings(settings or ScanSettings())
            self._r.hsetnx(meta, "config", config.to_json())
            self._r.hsetnx(meta, "schema_version", str(SCHEMA_VERSION))
        stored = self._r.hmget(meta, ["config", "schema_version"])
        version = int(_text(stored[1]) or 0)
        if version > SCHEMA_VERSION:
            raise ArchiveError(
                Message.of(
                    "archive.redis-newer-schema", location=self.location, version=str(version)
                )
            )
        if version < SCHEMA_VERSION:  # nothing to convert: the meaning sets start empty
            self._r.hset(meta, "schema_version", str(SCHEMA_VERSION))
        return ArchiveConfig.from_json(_text(stored[0]))

    # ----- index keys ---------------------------------------------------------------

    def _postings(
        self,
        doc_id: int,
        blocks: Sequence[int],
        bands: Sequence[int],
        winnowed: Sequence[int],
        meaning: Sequence[int] = (),
    ) -> tuple[list[tuple[str, int]], list[tuple[str, int, int]]]:
        """``(set key, member)`` for the SimHash and meaning tables and ``(zset key,
        score, member)`` for the band and winnow tables of one document."""
        p = self.prefix
        sets = [(f"{p}:sh:{b}:{v}", doc_id) for b, v in enumerate(blocks)]
        sets += [(f"{p}:mt:{t}", doc_id) for t in meaning]
        zsets = [(f"{p}:lsh:{b}", int(key), doc_id) for b, key in enumerate(bands)]
        for key in winnowed:
            bucket, member = pack(doc_id, int(key), WINNOW_LOW_BITS)
            zsets.append((f"{p}:wn:{bucket}", member & ((1 << WINNOW_LOW_BITS) - 1), member))
        return sets, zsets

    # ----- writing ------------------------------------------------------------------

    def _write(self, entries: Sequence[ArchiveEntry], label: str) -> list[tuple[int, str]]:
        """File entries, at most :data:`MAX_TRANSACTION` per transaction (Redis checks
        a new WATCH key against every key already watched, so huge watch lists are
        quadratic)."""
        out: list[tuple[int, str]] = []
        for start in range(0, len(entries), MAX_TRANSACTION):
            out += self._write_one(entries[start : start + MAX_TRANSACTION], label)
        return out

    def _write_one(self, entries: Sequence[ArchiveEntry], label: str) -> list[tuple[int, str]]:
        content_keys = [self._k("content", e.content_hash) for e in entries]
        with self._translating(), self._r.pipeline(transaction=True) as pipe:
            while True:
                try:
                    return self._try_write(pipe, entries, content_keys, label)
                except self._errors.WatchError:
                    continue  # another writer changed one of our documents: read again

    def _try_write(
        self, pipe: Any, entries: Sequence[ArchiveEntry], content_keys: list[str], label: str
    ) -> list[tuple[int, str]]:
        now = time.time()
        pipe.watch(*content_keys)
        found = pipe.mget(content_keys)
        existing = {i: int(v) for i, v in enumerate(found) if v is not None}
        old_labels: dict[int, list[str]] = {}
        old_sizes: dict[int, int] = {}
        if existing:
            doc_keys = [self._k("doc", d) for d in existing.values()]
            pipe.watch(*doc_keys)
            reader = self._r.pipeline(transaction=False)
            for d in existing.values():
                reader.hmget(self._k("doc", d), ["labels", "size"])
            for d, (labels, size) in zip(existing.values(), reader.execute(), strict=True):
                old_labels[d] = json.loads(_text(labels) or "[]")
                old_sizes[d] = int(_text(size) or 0)
        fresh = [i for i in range(len(entries)) if i not in existing]
        ids: dict[int, int] = dict(existing)
        if fresh:
            last = int(pipe.incrby(self._k("next_id"), len(fresh)))
            ids.update(zip(fresh, range(last - len(fresh) + 1, last + 1), strict=True))

        self._before_commit()
        out: list[tuple[int, str]] = []
        queued: list[bytes] = []
        sets: dict[str, list[int]] = defaultdict(list)
        zsets: dict[str, list[tuple[int, int]]] = defaultdict(list)
        label_members: list[Any] = []
        added_size = 0
        for i, e in enumerate(entries):
            doc_id = ids[i]
            if i in existing:
                if label in old_labels[doc_id]:
                    out.append((doc_id, "present"))
                    continue
                labels = json.dumps([*old_labels[doc_id], label])
                queued.append(resp.command("HSET", self._k("doc", doc_id), "labels", labels))
                label_members += [doc_id, e.name]
                added_size += old_sizes[doc_id]
                out.append((doc_id, "labelled"))
                continue
            fields: dict[str, Any] = {
                "content_hash": e.content_hash,
                "name": e.name,
                "kind": e.kind,
                "fingerprint": int(e.fingerprint),
                "minhash": np.ascontiguousarray(e.minhash, dtype="<u8").tobytes(),
                "mtime": float(e.mtime),
                "added": now,
                "n_bands": len(e.bands),
                "n_winnow": len(e.winnow),
                "size": e.size,
                "labels": json.dumps([label]),
                "meaning": np.ascontiguousarray(e.meaning, dtype="<u8").tobytes(),
                **e.payload,
            }
            flat = [x for item in fields.items() for x in item]
            queued.append(resp.command("HSET", self._k("doc", doc_id), *flat))
            queued.append(resp.command("SET", content_keys[i], doc_id))
            s, z = self._postings(
                doc_id, e.blocks, e.bands.tolist(), e.winnow.tolist(), e.meaning.tolist()
            )
            for side in sorted(sides_of(e.meaning)):
                queued.append(resp.command("INCR", self._k("mtdocs", side)))
            for key, member in s:
                sets[key].append(member)
            for key, score, member in z:
                zsets[key].append((score, member))
            label_members += [doc_id, e.name]
            added_size += e.size
            out.append((doc_id, "added"))
        if fresh:
            queued.append(resp.sadd(self._k("docs"), [ids[i] for i in fresh]))
        queued += [resp.sadd(key, members) for key, members in sets.items()]
        queued += [resp.zadd(key, pairs) for key, pairs in zsets.items()]
        if label_members:
            queued.append(resp.command("HSET", self._k("label", label), *label_members))
            queued.append(resp.command("SADD", self._k("labels"), label))
            queued.append(resp.command("INCRBY", self._k("labelsize", label), added_size))
        self._exec(pipe, queued)
        return out

    def _exec(self, pipe: Any, queued: list[bytes]) -> list[Any]:
        """Send ``MULTI``, the queued commands and ``EXEC`` in one write on the watching
        connection. Raises WatchError when a watched key changed (nothing was applied)."""
        conn = pipe.connection
        try:
            payload = b"".join([resp.command("MULTI"), *queued, resp.command("EXEC")])
            conn.send_packed_command([payload])
            conn.read_response()  # OK
            refused = None
            for _ in queued:
                try:
                    conn.read_response()  # QUEUED
                except self._errors.ResponseError as exc:
                    refused = refused or exc
            try:
                replies = conn.read_response()
            except self._errors.ResponseError as exc:  # EXECABORT: nothing was applied
                raise refused or exc from None
        except BaseException:
            conn.disconnect()  # replies may be pending: never reuse this connection
            raise
        if replies is None:
            raise self._errors.WatchError("a watched key changed")
        for r in replies:
            if isinstance(r, Exception):
                raise r
        return replies

    def _before_commit(self) -> None:
        """Called between the watched reads and ``MULTI`` (a seam for race tests)."""

    def remove_label(self, label: str) -> int:
        """Drop ``label``, one transaction per document (each step leaves the archive
        consistent); documents left unlabelled are deleted with their index keys."""
        label = check_label(label)
        with self._translating():
            ids = [int(x) for x in self._r.hkeys(self._k("label", label))]
            for doc_id in ids:
                self._remove_from(doc_id, label)
            with self._r.pipeline(transaction=True) as pipe:
                while True:
                    try:
                        pipe.watch(self._k("label", label))
                        if pipe.hlen(self._k("label", label)) == 0:
                            pipe.multi()
                            pipe.srem(self._k("labels"), label)
                            pipe.delete(self._k("labelsize", label))
                            pipe.execute()
                        else:
                            pipe.unwatch()
                        break
                    except self._errors.WatchError:
                        continue
        return len(ids)

    def _remove_from(self, doc_id: int, label: str) -> None:
        doc_key = self._k("doc", doc_id)
        with self._r.pipeline(transaction=True) as pipe:
            while True:
                try:
                    pipe.watch(doc_key)
                    raw = pipe.hmget(
                        doc_key,
                        _REMOVE_FIELDS,
                    )
                    if raw[0] is None:
                        pipe.multi()
                        pipe.hdel(self._k("label", label), doc_id)
                        pipe.execute()
                        return
                    labels = [x for x in json.loads(_text(raw[0])) if x != label]
                    size = int(_text(raw[4]) or 0)
                    pipe.multi()
                    pipe.hdel(self._k("label", label), doc_id)
                    pipe.decrby(self._k("labelsize", label), size)
                    if labels:
                        pipe.hset(doc_key, "labels", json.dumps(labels))
                    else:
                        self._queue_delete(pipe, doc_id, raw)
                    pipe.execute()
                    return
                except self._errors.WatchError:
                    continue

    def _queue_delete(self, pipe: Any, doc_id: int, raw: list[Any]) -> None:
        """Queue the deletion of a document and all its index members."""
        fp = int(_text(raw[2]))
        sig = np.frombuffer(raw[3], dtype="<u8").astype(np.uint64)
        blocks = simhash_blocks(fp, self.config.index_k)
        bands = band_keys(sig, self.config.bands)[0].tolist() if has_bands(sig) else []
        winnowed: list[int] = []
        if raw[5] is not None:
            seq = np.frombuffer(raw[5], dtype="<u8").astype(np.uint64)
            usable = np.unpackbits(np.frombuffer(raw[6], np.uint8), count=len(seq)).astype(bool)
            winnowed = winnow_keys(seq, usable, self.config.winnow_window).tolist()
        terms = _terms(raw[7])
        sets, zsets = self._postings(doc_id, blocks, bands, winnowed, terms)
        for side in sorted(sides_of(np.array(terms, np.uint64))):
            pipe.decr(self._k("mtdocs", side))
        for key, member in sets:
            pipe.srem(key, member)
        for key, _score, member in zsets:
            pipe.zrem(key, member)
        pipe.delete(self._k("doc", doc_id), self._k("content", _text(raw[1])))
        pipe.srem(self._k("docs"), doc_id)

    # ----- lookups ------------------------------------------------------------------

    def _block_hits(self, blocks: Sequence[int]) -> list[tuple[int, int]]:
        with self._translating():
            pipe = self._r.pipeline(transaction=False)
            for b, v in enumerate(blocks):
                pipe.smembers(self._k("sh", b, v))
            ids = sorted({int(m) for members in pipe.execute() for m in members})
            if not ids:
                return []
            for doc_id in ids:
                pipe.hget(self._k("doc", doc_id), "fingerprint")
            fps = pipe.execute()
        return [(d, int(fp)) for d, fp in zip(ids, fps, strict=True) if fp is not None]

    def _band_hits(self, bands: np.ndarray) -> set[int]:
        with self._translating():
            pipe = self._r.pipeline(transaction=False)
            for b, key in enumerate(bands.tolist()):
                pipe.zrangebyscore(self._k("lsh", b), key, key)
            return {int(m) for members in pipe.execute() for m in members}

    def _signatures(self, ids: Sequence[int]) -> dict[int, np.ndarray]:
        if not ids:
            return {}
        with self._translating():
            pipe = self._r.pipeline(transaction=False)
            for doc_id in ids:
                pipe.hget(self._k("doc", doc_id), "minhash")
            blobs = pipe.execute()
        return {
            d: np.frombuffer(b, dtype="<u8").astype(np.uint64)
            for d, b in zip(ids, blobs, strict=True)
            if b is not None
        }

    def _winnow_hits(self, keys: np.ndarray) -> dict[int, int]:
        mask = (1 << WINNOW_LOW_BITS) - 1
        counts: dict[int, int] = {}
        with self._translating():
            pipe = self._r.pipeline(transaction=False)
            for key in keys.tolist():
                low = key & mask
                pipe.zrangebyscore(self._k("wn", key >> WINNOW_LOW_BITS), low, low)
            for members in pipe.execute():
                for m in members:
                    doc_id, _ = unpack(int(m), WINNOW_LOW_BITS)
                    counts[doc_id] = counts.get(doc_id, 0) + 1
        return counts

    def _meaning_sides(self) -> frozenset[int]:
        with self._translating():
            counts = self._r.mget([self._k("mtdocs", side) for side in (1, 2)])
        return frozenset(side for side, c in zip((1, 2), counts, strict=True) if int(c or 0) > 0)

    def _meaning_df(self, terms: np.ndarray) -> dict[int, int]:
        values = terms.tolist()
        with self._translating():
            pipe = self._r.pipeline(transaction=False)
            for t in values:
                pipe.scard(self._k("mt", t))
            counts = pipe.execute()
        return {t: int(c) for t, c in zip(values, counts, strict=True) if c}

    def _meaning_postings(self, terms: Sequence[int]) -> dict[int, list[int]]:
        values = list(terms)
        with self._translating():
            pipe = self._r.pipeline(transaction=False)
            for t in values:
                pipe.smembers(self._k("mt", t))
            found = pipe.execute()
        return {t: sorted(int(m) for m in ms) for t, ms in zip(values, found, strict=True) if ms}

    def _read(self, ids: Sequence[int]) -> dict[int, StoredDocument]:
        unique = sorted(set(ids))
        if not unique:
            return {}
        with self._translating():
            pipe = self._r.pipeline(transaction=False)
            for doc_id in unique:
                pipe.hgetall(self._k("doc", doc_id))
            rows = pipe.execute()
            found = {d: r for d, r in zip(unique, rows, strict=True) if r}
            labels = {d: json.loads(_text(r.get(b"labels")) or "[]") for d, r in found.items()}
            for d, labs in labels.items():
                for lab in labs:
                    pipe.hget(self._k("label", lab), d)
            names = iter(pipe.execute())
        out = {}
        for d, r in found.items():
            pairs = tuple((lab, _text(next(names)) or _text(r[b"name"])) for lab in labels[d])
            payload = {f: r[f.encode()] for f in PAYLOAD_FIELDS if f.encode() in r}
            out[d] = StoredDocument(
                doc_id=d,
                content_hash=_text(r[b"content_hash"]),
                name=_text(r[b"name"]),
                kind=_text(r[b"kind"]),
                fingerprint=int(r[b"fingerprint"]),
                minhash=np.frombuffer(r[b"minhash"], dtype="<u8").astype(np.uint64),
                mtime=float(r[b"mtime"]),
                labels=pairs,
                payload=payload if len(payload) == len(PAYLOAD_FIELDS) else {},
            )
        return out

    # ----- listing and checks -------------------------------------------------------

    def labels(self) -> list[LabelInfo]:
        with self._translating():
            names = sorted(_text(x) for x in self._r.smembers(self._k("labels")))
            pipe = self._r.pipeline(transaction=False)
            for name in names:
                pipe.hlen(self._k("label", name))
                pipe.get(self._k("labelsize", name))
            values = pipe.execute()
        return [
            LabelInfo(name, int(values[2 * i]), int(_text(values[2 * i + 1]) or 0))
            for i, name in enumerate(names)
            if int(values[2 * i])
        ]

    def count(self) -> int:
        with self._translating():
            return int(self._r.scard(self._k("docs")))

    def storage_bytes(self) -> int:
        """Memory used by the Redis server (``INFO memory``: ``used_memory``)."""
        with self._translating():
            return int(self._r.info("memory")["used_memory"])

    def check(self) -> list[str]:
        """Every document has its content key, labels and every index member; every
        index member belongs to a document; no document is half written."""
        problems: list[str] = []
        with self._translating():
            ids = sorted(int(x) for x in self._r.smembers(self._k("docs")))
            expected: dict[str, set[int]] = defaultdict(set)
            with_side = {1: 0, 2: 0}
            pipe = self._r.pipeline(transaction=False)
            for doc_id in ids:
                pipe.hmget(
                    self._k("doc", doc_id),
                    [*_REMOVE_FIELDS, "n_bands", "n_winnow"],
                )
            rows = pipe.execute()
            for doc_id, raw in zip(ids, rows, strict=True):
                if raw[0] is None or raw[2] is None:
                    problems.append(f"document {doc_id} is listed but has no data")
                    continue
                labels = json.loads(_text(raw[0]))
                if not labels:
                    problems.append(f"document {doc_id} has no label")
                for lab in labels:
                    pipe.hexists(self._k("label", lab), doc_id)
                pipe.get(self._k("content", _text(raw[1])))
                fp = int(_text(raw[2]))
                sig = np.frombuffer(raw[3], dtype="<u8").astype(np.uint64)
                bands = band_keys(sig, self.config.bands)[0].tolist() if has_bands(sig) else []
                winnowed: list[int] = []
                if raw[5] is not None:
                    seq = np.frombuffer(raw[5], dtype="<u8").astype(np.uint64)
                    usable = np.unpackbits(np.frombuffer(raw[6], np.uint8), count=len(seq))
                    winnowed = winnow_keys(
                        seq, usable.astype(bool), self.config.winnow_window
                    ).tolist()
                if len(bands) != int(raw[8]) or len(winnowed) != int(raw[9]):
                    problems.append(f"document {doc_id}: index key counts do not match")
                terms = _terms(raw[7])
                for side in sides_of(np.array(terms, np.uint64)):
                    with_side[side] += 1
                sets, zsets = self._postings(
                    doc_id, simhash_blocks(fp, self.config.index_k), bands, winnowed, terms
                )
                for key, member in sets:
                    expected[key].add(member)
                for key, _score, member in zsets:
                    expected[key].add(member)
                replies = pipe.execute()
                if not all(replies[:-1]):
                    problems.append(f"document {doc_id} is missing from a label index")
                if replies[-1] is None or int(replies[-1]) != doc_id:
                    problems.append(f"document {doc_id}: content key does not point to it")
            counted = self._r.mget([self._k("mtdocs", side) for side in with_side])
            for (side, want), have in zip(with_side.items(), counted, strict=True):
                if int(have or 0) != want:
                    problems.append(f"mtdocs:{side} counts {int(have or 0)}, not {want}")
            for pattern in ("sh:*", "lsh:*", "wn:*", "mt:*"):
                for key in self._r.scan_iter(match=self._k(pattern), count=1000):
                    name = _text(key)
                    kind = self._r.type(key)
                    if kind == b"set":
                        members = {int(m) for m in self._r.smembers(key)}
                    else:
                        members = {int(m) for m in self._r.zrange(key, 0, -1)}
                    want = expected.pop(name, set())
                    if members != want:
                        problems.append(
                            f"index key {name}: {len(members - want)} stray, "
                            f"{len(want - members)} missing members"
                        )
            for name, want in expected.items():
                if want:
                    problems.append(f"index key {name} is missing ({len(want)} members)")
            for key in self._r.scan_iter(match=self._k("content", "*"), count=1000):
                value = self._r.get(key)
                if value is not None and int(value) not in set(ids):
                    problems.append(f"{_text(key)} points to missing document {int(value)}")
        return problems

    def flush(self) -> int:
        """Delete every key of this archive (tests and benchmarks). Returns how many."""
        removed = 0
        with self._translating():
            batch = []
            for key in self._r.scan_iter(match=self._k("*"), count=10000):
                batch.append(key)
                if len(batch) >= 10000:
                    removed += self._r.delete(*batch)
                    batch = []
            if batch:
                removed += self._r.delete(*batch)
        return removed

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._r.close()
