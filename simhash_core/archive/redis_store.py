"""The archive on a Redis server shared by a department (``redis://HOST:PORT/DB``), or
on a Redis Cluster that grows past one server (``redis+cluster://HOST:PORT``), through
redis-py (with hiredis, its C parser and command packer, where installed).

:class:`RedisArchive` answers the lookups and reads and drives the writes; the Redis
store is cut by idea:

* :mod:`~simhash_core.archive.redis_address`: the address, the client, and what an
  error means for the teacher;
* :mod:`~simhash_core.archive.redis_layout`: the key layout (documented there) and
  partitions;
* :mod:`~simhash_core.archive.redis_shards`: which master holds a partition, one
  round trip per master, the Lua lookup script;
* :mod:`~simhash_core.archive.redis_migrate`: the configuration and schema upgrades;
* :mod:`~simhash_core.archive.redis_write`: the ``WATCH``/``MULTI``/``EXEC``
  transactions that add and remove;
* :mod:`~simhash_core.archive.redis_check`: ``archive check`` and the generation
  counters that keep it consistent while others write.
"""

from __future__ import annotations

import json
import time
from collections import defaultdict
from collections.abc import Iterator, Mapping, Sequence
from functools import partial
from typing import Any

import numpy as np

from simhash_core.archive import redis_check, redis_migrate
from simhash_core.archive.base import LabelInfo
from simhash_core.archive.codec import (
    PAYLOAD_FIELDS,
    ArchiveEntry,
    StoredDocument,
    full_payload,
    signature_from,
)
from simhash_core.archive.indexed import (
    IndexedArchive,
    check_label,
    decisions_from,
    decisions_text,
)
from simhash_core.archive.keys import unpack
from simhash_core.archive.redis_address import connect, is_cluster_url, translating
from simhash_core.archive.redis_layout import (
    BAND_LOW_BITS,
    SCHEMA_VERSION,
    WINNOW_LOW_BITS,
    KeyLayout,
    partition_of,
    partition_tags,
    text,
)
from simhash_core.archive.redis_shards import Lookup, Shards
from simhash_core.archive.redis_write import (
    Filed,
    forget_label,
    plan_write,
    read_filed,
    remove_from,
    reserve_ids,
)
from simhash_core.types import ScanSettings

MAX_TRANSACTION = 1000  # documents per MULTI/EXEC in bulk additions
SCAN_COUNT = 1000
DELETE_BATCH = 10000


def _stored_document(
    doc_id: int, row: dict[bytes, bytes], labels: list[tuple[str, str]], perms: int
) -> StoredDocument:
    """A document as read back from its hash (``row``) and label index entries."""
    payload = full_payload({f: row[f.encode()] for f in PAYLOAD_FIELDS if f.encode() in row})
    return StoredDocument(
        doc_id=doc_id,
        content_hash=text(row[b"content_hash"]),
        name=text(row[b"name"]),
        kind=text(row[b"kind"]),
        fingerprint=int(row[b"fingerprint"]),
        minhash=signature_from(row[b"minhash"], perms),
        mtime=float(row[b"mtime"]),
        labels=tuple(labels),
        payload=payload,
    )


class RedisArchive(IndexedArchive):
    """An archive on a Redis server or cluster; see
    :mod:`~simhash_core.archive.redis_layout` for the layout."""

    def __init__(
        self,
        url: str,
        settings: ScanSettings | None = None,
        *,
        prefix: str = "plagcheck",
        timeout: float = 30.0,
    ) -> None:
        from simhash_core.shown_location import shown_location

        self.location = shown_location(url)  # never the password: it is shown and logged
        self.prefix = prefix
        self.cluster = is_cluster_url(url)
        self._r, asked = connect(url, self.location, timeout)
        with translating(self.location):
            meta = redis_migrate.read_meta(
                self._r,
                prefix,
                settings,
                cluster=self.cluster,
                asked=asked,
                location=self.location,
            )
            tags = partition_tags(meta.partitions) if self.cluster else []
            self.layout = KeyLayout(prefix, tuple(tags))
            self.shards = Shards(self._r, self.layout, self.cluster, self.location)
            if meta.version < SCHEMA_VERSION:
                redis_migrate.upgrade(self.shards, meta.config)
        self.config = meta.config

    # ----- names --------------------------------------------------------------------

    @property
    def partitions(self) -> int:
        """How many partitions the archive is cut into (1 on a single server)."""
        return self.layout.partitions

    @property
    def _tags(self) -> Sequence[str]:
        return self.layout.tags

    def _k(self, part: int, *parts: object) -> str:
        return self.layout.key(part, *parts)

    # ----- lookups ------------------------------------------------------------------

    def _hget(self, ids: Sequence[int], field: str) -> list[Any]:
        """One field of each document (``None`` where it is missing)."""
        layout = self.layout
        return self.shards.run([(layout.part(d), ("HGET", layout.doc(d), field)) for d in ids])

    def _block_hits(self, blocks: Sequence[int]) -> list[tuple[int, int]]:
        found = self.shards.fan_out([("s", f"sh:{b}:{v}", None) for b, v in enumerate(blocks)])
        ids = sorted({int(m) for members in found for m in members})
        if not ids:
            return []
        fps = self._hget(ids, "fingerprint")
        return [(d, int(fp)) for d, fp in zip(ids, fps, strict=True) if fp is not None]

    def _band_hits(self, bands: np.ndarray) -> set[int]:
        mask = (1 << BAND_LOW_BITS) - 1
        lookups: list[Lookup] = [
            ("b", f"lsh:{b}:{key >> BAND_LOW_BITS}", key & mask)
            for b, key in enumerate(bands.tolist())
        ]
        return {int(m) for members in self.shards.fan_out(lookups) for m in members}

    def _signatures(self, ids: Sequence[int]) -> dict[int, np.ndarray]:
        if not ids:
            return {}
        blobs = self._hget(ids, "minhash")
        return {
            d: signature_from(b, self.config.minhash_perms)
            for d, b in zip(ids, blobs, strict=True)
            if b is not None
        }

    def _winnow_hits(self, keys: np.ndarray) -> dict[int, int]:
        mask = (1 << WINNOW_LOW_BITS) - 1
        lookups: list[Lookup] = [
            ("z", f"wn:{key >> WINNOW_LOW_BITS}", key & mask) for key in keys.tolist()
        ]
        counts: dict[int, int] = {}
        for members in self.shards.fan_out(lookups):
            for m in members:
                doc_id, _ = unpack(int(m), WINNOW_LOW_BITS)
                counts[doc_id] = counts.get(doc_id, 0) + 1
        return counts

    def _meaning_sides(self) -> frozenset[int]:
        with translating(self.location):
            pipe = self.shards.pipeline()
            for side in (1, 2):
                for key in self.layout.each_partition("mtdocs", side):
                    pipe.get(key)
            counts = pipe.execute()
        n = self.partitions
        return frozenset(
            side
            for i, side in enumerate((1, 2))
            if sum(int(c or 0) for c in counts[i * n : (i + 1) * n]) > 0
        )

    def _meaning_df(self, terms: np.ndarray) -> dict[int, int]:
        values = terms.tolist()
        counts = self.shards.fan_out([("c", f"mt:{t}", None) for t in values])
        return {t: int(c) for t, c in zip(values, counts, strict=True) if c}

    def _meaning_postings(self, terms: Sequence[int]) -> dict[int, list[int]]:
        values = list(terms)
        found = self.shards.fan_out([("s", f"mt:{t}", None) for t in values])
        return {t: sorted(int(m) for m in ms) for t, ms in zip(values, found, strict=True) if ms}

    def _read(self, ids: Sequence[int]) -> dict[int, StoredDocument]:
        unique = sorted(set(ids))
        if not unique:
            return {}
        with translating(self.location):
            pipe = self.shards.pipeline()
            for doc_id in unique:
                pipe.hgetall(self.layout.doc(doc_id))
            found = {d: r for d, r in zip(unique, pipe.execute(), strict=True) if r}
            labels = self._label_names(found)
        perms = self.config.minhash_perms
        return {d: _stored_document(d, r, labels[d], perms) for d, r in found.items()}

    def _label_names(self, rows: dict[int, dict[bytes, bytes]]) -> dict[int, list[tuple[str, str]]]:
        """Each document's ``(label, file name)`` pairs, in the order the labels were
        added (the name it was filed under in that label, or its own)."""
        labels = {d: json.loads(text(r.get(b"labels")) or "[]") for d, r in rows.items()}
        pipe = self.shards.pipeline()
        for d, labs in labels.items():
            for lab in labs:
                pipe.hget(self._k(self.layout.part(d), "label", lab), d)
        names = iter(pipe.execute())
        return {
            d: [(lab, text(next(names)) or text(rows[d][b"name"])) for lab in labs]
            for d, labs in labels.items()
        }

    # ----- listing ------------------------------------------------------------------

    def labels(self) -> list[LabelInfo]:
        with translating(self.location):
            pipe = self.shards.pipeline()
            for key in self.layout.each_partition("labels"):
                pipe.smembers(key)
            names = sorted({text(x) for members in pipe.execute() for x in members})
            for name in names:
                for part in range(self.partitions):
                    pipe.hlen(self._k(part, "label", name))
                    pipe.get(self._k(part, "labelsize", name))
            values = iter(pipe.execute())
        out = []
        for name in names:
            documents = size = 0
            for _part in range(self.partitions):
                documents += int(next(values))
                size += int(text(next(values)) or 0)
            if documents:
                out.append(LabelInfo(name, documents, size))
        return out

    def count(self) -> int:
        with translating(self.location):
            pipe = self.shards.pipeline()
            for key in self.layout.each_partition("docs"):
                pipe.scard(key)
            return sum(int(n) for n in pipe.execute())

    def storage_bytes(self) -> int:
        """Memory used by the Redis server, or by every master of a cluster (``INFO
        memory``: ``used_memory``)."""
        with translating(self.location):
            return sum(int(c.info("memory")["used_memory"]) for c in self.shards.primaries())

    def _ids(self) -> list[int]:
        with translating(self.location):
            pipe = self.shards.pipeline()
            for key in self.layout.each_partition("docs"):
                pipe.smembers(key)
            return sorted(int(x) for members in pipe.execute() for x in members)

    def _keys(self, pattern: str) -> Iterator[bytes]:
        """Every key of this archive matching ``pattern`` (after the prefix), on every
        shard."""
        for client in self.shards.primaries():
            yield from client.scan_iter(match=f"{self.prefix}:{pattern}", count=SCAN_COUNT)

    def check(self) -> list[str]:
        """See :func:`~simhash_core.archive.redis_check.check`."""
        return redis_check.check(self)

    # ----- writing ------------------------------------------------------------------

    def _write(self, entries: Sequence[ArchiveEntry], label: str) -> list[tuple[int, str]]:
        """File entries, each in its partition, at most :data:`MAX_TRANSACTION` per
        transaction (Redis checks a new WATCH key against every key already watched, so
        huge watch lists are quadratic)."""
        by_part: dict[int, list[int]] = defaultdict(list)
        for i, e in enumerate(entries):
            by_part[partition_of(e.content_hash, self.partitions)].append(i)
        out: list[tuple[int, str]] = [(0, "")] * len(entries)
        for part, positions in sorted(by_part.items()):
            for start in range(0, len(positions), MAX_TRANSACTION):
                chunk = positions[start : start + MAX_TRANSACTION]
                done = self._write_one(part, [entries[i] for i in chunk], label)
                for i, outcome in zip(chunk, done, strict=True):
                    out[i] = outcome
        return out

    def _write_one(
        self, part: int, entries: Sequence[ArchiveEntry], label: str
    ) -> list[tuple[int, str]]:
        """File entries of one partition in one transaction, retried while another
        writer changes one of their content or document keys."""
        import redis.exceptions as errors

        def work(client: Any) -> list[tuple[int, str]]:
            with client.pipeline(transaction=True) as pipe:
                while True:
                    try:
                        return self._try_write(client, pipe, part, entries, label)
                    except errors.WatchError:
                        continue  # another writer changed one of our documents: read again

        with translating(self.location):
            return self.shards.on_shard(part, work)

    def _try_write(
        self, client: Any, pipe: Any, part: int, entries: Sequence[ArchiveEntry], label: str
    ) -> list[tuple[int, str]]:
        """One try: watch the content keys, read what is filed under them, reserve ids
        for the rest, then ``MULTI`` the plan and ``EXEC`` it (WatchError: try again)."""
        now = time.time()
        content_keys = [self._k(part, "content", e.content_hash) for e in entries]
        pipe.watch(*content_keys)
        filed: dict[int, Filed] = read_filed(client, pipe, self.layout, content_keys)
        fresh = reserve_ids(pipe, self.layout, part, len(entries) - len(filed))
        self._before_commit()
        pairs = list(zip(entries, content_keys, strict=True))
        plan = plan_write(self.layout, part, label, pairs, filed, fresh, now)
        pipe.multi()
        plan.queue(pipe)
        self._exec(pipe)
        return plan.out

    def _exec(self, pipe: Any) -> list[Any]:
        """``EXEC`` the queued transaction (``MULTI``, the commands and ``EXEC`` go in
        one write). Raises WatchError when a watched key changed (nothing applied)."""
        return pipe.execute()

    def _before_commit(self) -> None:
        """Called between the watched reads and ``MULTI`` (a seam for race tests)."""

    def remove_label(self, label: str) -> int:
        """Drop ``label``, one transaction per document (each step leaves the archive
        consistent); documents left unlabelled are deleted with their index keys."""
        label = check_label(label)
        layout, config = self.layout, self.config
        removed = 0
        with translating(self.location):
            for part in range(self.partitions):
                ids = [int(x) for x in self._r.hkeys(self._k(part, "label", label))]
                for d in ids:
                    self.shards.on_shard(
                        part,
                        partial(remove_from, layout=layout, config=config, doc_id=d, label=label),
                    )
                self.shards.on_shard(
                    part, partial(forget_label, layout=layout, part=part, label=label)
                )
                removed += len(ids)
            self._r.hdel(layout.decisions, label)
        return removed

    def keep_decisions(self, label: str, decisions: Mapping[str, Any]) -> None:
        """Keep ``decisions`` with ``label`` (a field of ``P:decisions``, replaced)."""
        label = check_label(label)
        with translating(self.location):
            if decisions:
                self._r.hset(self.layout.decisions, label, decisions_text(decisions))
            else:
                self._r.hdel(self.layout.decisions, label)

    def kept_decisions(self) -> dict[str, dict[str, Any]]:
        with translating(self.location):
            stored = self._r.hgetall(self.layout.decisions)
        out: dict[str, dict[str, Any]] = {}
        for label, value in sorted((text(k), v) for k, v in stored.items()):
            data = decisions_from(value)
            if data is not None:
                out[label] = data
        return out

    # ----- housekeeping -------------------------------------------------------------

    def flush(self) -> int:
        """Delete every key of this archive (tests and benchmarks). Returns how many."""
        removed = 0
        with translating(self.location):
            keys = list(self._keys("*"))
            for start in range(0, len(keys), DELETE_BATCH):
                removed += self._delete(keys[start : start + DELETE_BATCH])
        return removed

    def _delete(self, keys: list[bytes]) -> int:
        if not self.cluster:
            return int(self._r.delete(*keys))
        pipe = self.shards.pipeline()
        for key in keys:
            pipe.delete(key)
        return sum(int(n) for n in pipe.execute())

    def close(self) -> None:
        self.shards.close()
