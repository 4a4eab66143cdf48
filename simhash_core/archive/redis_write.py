"""The transactions that change a Redis archive: filing a batch of documents in one
partition, and taking a label off a document (deleting it with its index members once
no label is left).

Every addition is one ``MULTI``/``EXEC`` transaction per partition (a redis-py
``pipeline(transaction=True)``) guarded by ``WATCH`` on the content keys it reads, so
several teachers can add at once: a writer that loses a race retries and then sees the
other's document (dedupe holds). Readers never block. Every transaction that changes a
partition also raises its ``gen`` counter (see :mod:`~simhash_core.archive.redis_check`).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from simhash_core.archive.codec import ArchiveConfig, ArchiveEntry, sides_of, signature_bytes
from simhash_core.archive.redis_layout import REMOVE_FIELDS, KeyLayout, text


@dataclass(frozen=True)
class Filed:
    """A document already filed under an entry's content: its labels and size."""

    doc_id: int
    labels: list[str]
    size: int


def read_filed(
    client: Any, pipe: Any, layout: KeyLayout, content_keys: list[str]
) -> dict[int, Filed]:
    """The documents already filed under ``content_keys``, by the position of their
    key; their document keys are watched too (``pipe`` is watching)."""
    found = pipe.mget(content_keys)
    ids = {i: int(v) for i, v in enumerate(found) if v is not None}
    if not ids:
        return {}
    doc_keys = [layout.doc(d) for d in ids.values()]
    pipe.watch(*doc_keys)
    reader = client.pipeline(transaction=False)
    for key in doc_keys:
        reader.hmget(key, ["labels", "size"])
    rows = reader.execute()
    return {
        i: Filed(d, json.loads(text(labels) or "[]"), int(text(size) or 0))
        for (i, d), (labels, size) in zip(ids.items(), rows, strict=True)
    }


def reserve_ids(pipe: Any, layout: KeyLayout, part: int, count: int) -> list[int]:
    """``count`` new document ids of partition ``part`` (``n * N + part``)."""
    if not count:
        return []
    last = int(pipe.incrby(layout.key(part, "next_id"), count))
    numbers = range(last - count + 1, last + 1)
    return [n * layout.partitions + part for n in numbers]


def document_fields(e: ArchiveEntry, label: str, now: float) -> dict[str, Any]:
    """The fields of a new document's hash."""
    return {
        "content_hash": e.content_hash,
        "name": e.name,
        "kind": e.kind,
        "fingerprint": int(e.fingerprint),
        "minhash": signature_bytes(e.minhash),
        "mtime": float(e.mtime),
        "added": now,
        "n_bands": len(e.bands),
        "n_winnow": len(e.winnow),
        "size": e.size,
        "labels": json.dumps([label]),
        "meaning": np.ascontiguousarray(e.meaning, dtype="<u8").tobytes(),
        **e.payload,
    }


@dataclass
class WritePlan:
    """What one transaction files in partition ``part`` under ``label``."""

    layout: KeyLayout
    part: int
    label: str
    hashes: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    contents: list[tuple[str, int]] = field(default_factory=list)
    counters: list[str] = field(default_factory=list)
    new_ids: list[int] = field(default_factory=list)
    sets: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    zsets: dict[str, dict[int, int]] = field(default_factory=lambda: defaultdict(dict))
    label_members: dict[int, str] = field(default_factory=dict)
    added_size: int = 0
    out: list[tuple[int, str]] = field(default_factory=list)

    def relabel(self, e: ArchiveEntry, filed: Filed) -> None:
        """Add the label to a document filed before (or note that it has it)."""
        if self.label in filed.labels:
            self.out.append((filed.doc_id, "present"))
            return
        labels = json.dumps([*filed.labels, self.label])
        self.hashes.append((self.layout.doc(filed.doc_id), {"labels": labels}))
        self.label_members[filed.doc_id] = e.name
        self.added_size += filed.size
        self.out.append((filed.doc_id, "labelled"))

    def add(self, e: ArchiveEntry, doc_id: int, content_key: str, now: float) -> None:
        """File a new document with all its index members."""
        self.hashes.append((self.layout.doc(doc_id), document_fields(e, self.label, now)))
        self.contents.append((content_key, doc_id))
        self.counters += [
            self.layout.key(self.part, "mtdocs", s) for s in sorted(sides_of(e.meaning))
        ]
        sets, zsets = self.layout.postings(
            doc_id, e.blocks, e.bands.tolist(), e.winnow.tolist(), e.meaning.tolist()
        )
        for key, member in sets:
            self.sets[key].append(member)
        for key, score, member in zsets:
            self.zsets[key][member] = score
        self.new_ids.append(doc_id)
        self.label_members[doc_id] = e.name
        self.added_size += e.size
        self.out.append((doc_id, "added"))

    def queue(self, pipe: Any) -> None:
        """Queue the plan's commands on ``pipe`` (after ``MULTI``)."""
        for key, fields in self.hashes:
            pipe.hset(key, mapping=fields)
        for key, doc_id in self.contents:
            pipe.set(key, doc_id)
        for key in self.counters:
            pipe.incr(key)
        if self.new_ids:
            pipe.sadd(self.layout.key(self.part, "docs"), *self.new_ids)
        for key, members in self.sets.items():
            pipe.sadd(key, *members)
        for key, scored in self.zsets.items():
            pipe.zadd(key, scored)
        self._queue_label(pipe)

    def _queue_label(self, pipe: Any) -> None:
        if self.label_members:
            layout, part, label = self.layout, self.part, self.label
            pipe.hset(layout.key(part, "label", label), mapping=self.label_members)
            pipe.sadd(layout.key(part, "labels"), label)
            pipe.incrby(layout.key(part, "labelsize", label), self.added_size)
        if self.hashes:
            pipe.incr(self.layout.key(self.part, "gen"))


def plan_write(
    layout: KeyLayout,
    part: int,
    label: str,
    entries: Sequence[tuple[ArchiveEntry, str]],
    filed: dict[int, Filed],
    fresh_ids: list[int],
    now: float,
) -> WritePlan:
    """The transaction that files ``entries`` (each with its content key): those in
    ``filed`` get the label, the others are added with ``fresh_ids`` in turn."""
    plan = WritePlan(layout, part, label)
    ids = iter(fresh_ids)
    for i, (e, content_key) in enumerate(entries):
        if i in filed:
            plan.relabel(e, filed[i])
        else:
            plan.add(e, next(ids), content_key, now)
    return plan


# ----- removing ---------------------------------------------------------------------


def queue_delete(
    pipe: Any, layout: KeyLayout, config: ArchiveConfig, doc_id: int, raw: list[Any]
) -> None:
    """Queue the deletion of a document and all its index members (``raw``: its
    :data:`~simhash_core.archive.redis_layout.REMOVE_FIELDS`)."""
    part = layout.part(doc_id)
    sets, zsets, terms = layout.stored_postings(doc_id, raw, config)
    for side in sorted(sides_of(np.array(terms, np.uint64))):
        pipe.decr(layout.key(part, "mtdocs", side))
    for key, member in sets:
        pipe.srem(key, member)
    for key, _score, member in zsets:
        pipe.zrem(key, member)
    pipe.delete(layout.doc(doc_id), layout.key(part, "content", text(raw[1])))
    pipe.srem(layout.key(part, "docs"), doc_id)


def _queue_unlabel(
    pipe: Any, layout: KeyLayout, config: ArchiveConfig, doc_id: int, label: str, raw: list[Any]
) -> None:
    """Queue taking ``label`` off a document, and its deletion if no label is left."""
    part = layout.part(doc_id)
    pipe.hdel(layout.key(part, "label", label), doc_id)
    if raw[0] is not None:
        labels = [x for x in json.loads(text(raw[0])) if x != label]
        pipe.decrby(layout.key(part, "labelsize", label), int(text(raw[4]) or 0))
        if labels:
            pipe.hset(layout.doc(doc_id), "labels", json.dumps(labels))
        else:
            queue_delete(pipe, layout, config, doc_id, raw)
    pipe.incr(layout.key(part, "gen"))


def remove_from(
    client: Any, layout: KeyLayout, config: ArchiveConfig, doc_id: int, label: str
) -> None:
    """Take ``label`` off one document in one transaction (watching the document)."""
    import redis.exceptions as errors

    doc_key = layout.doc(doc_id)
    with client.pipeline(transaction=True) as pipe:
        while True:
            try:
                pipe.watch(doc_key)
                raw = pipe.hmget(doc_key, REMOVE_FIELDS)
                pipe.multi()
                _queue_unlabel(pipe, layout, config, doc_id, label, raw)
                pipe.execute()
                return
            except errors.WatchError:
                continue


def forget_label(client: Any, layout: KeyLayout, part: int, label: str) -> None:
    """Take ``label`` off the partition's list once no document there carries it."""
    import redis.exceptions as errors

    index = layout.key(part, "label", label)
    with client.pipeline(transaction=True) as pipe:
        while True:
            try:
                pipe.watch(index)
                if pipe.hlen(index) != 0:
                    pipe.unwatch()
                    return
                pipe.multi()
                pipe.srem(layout.key(part, "labels"), label)
                pipe.delete(layout.key(part, "labelsize", label))
                pipe.incr(layout.key(part, "gen"))
                pipe.execute()
                return
            except errors.WatchError:
                continue
