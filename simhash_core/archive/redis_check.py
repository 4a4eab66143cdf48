"""``archive check`` on a Redis archive: every document has its content key, labels and
every index member; every index member belongs to a document; no document is half
written; the meaning counters count the documents that have terms.

**Generations.** Every transaction that writes a partition also raises its ``gen``
counter. A check reads many keys one batch after another (not a snapshot), so it notes
the generations before and after and looks again while a colleague's addition or
removal changed them: it reports only what it saw of one unchanging archive, and says
that the archive is being changed (:class:`ArchiveChanging`) rather than report
problems that are only another client's work in progress.
"""

from __future__ import annotations

import json
import time
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import TYPE_CHECKING, Any

import numpy as np

from simhash_core.archive.codec import sides_of
from simhash_core.archive.errors import ArchiveChanging
from simhash_core.archive.redis_address import translating
from simhash_core.archive.redis_layout import INDEX_KINDS, REMOVE_FIELDS, text
from simhash_core.messages import Message

if TYPE_CHECKING:
    from simhash_core.archive.redis_store import RedisArchive

CHECK_PATIENCE = 600.0  # seconds a check keeps looking again while others write
BATCH = 1000  # documents or keys read in one pipeline


@dataclass
class _Expected:
    """What the documents read so far say the index holds."""

    members: dict[str, set[int]] = field(default_factory=lambda: defaultdict(set))
    with_side: dict[tuple[int, int], int] = field(default_factory=lambda: defaultdict(int))


def check(store: RedisArchive) -> list[str]:
    """The archive's problems, as seen in one unchanging archive: while other
    clients' transactions change it during a pass (their generations move), the check
    looks again, for up to :data:`CHECK_PATIENCE` seconds, then raises
    :class:`ArchiveChanging` (never a problem that is only their work in progress)."""
    deadline = time.monotonic() + CHECK_PATIENCE
    while True:
        before = generations(store)
        problems = check_pass(store)
        if generations(store) == before:
            return problems
        if time.monotonic() >= deadline:
            raise ArchiveChanging(Message.of("archive.changing", location=store.location))


def generations(store: RedisArchive) -> list[int]:
    """Every partition's generation (raised by each transaction that writes it)."""
    with translating(store.location):
        pipe = store.shards.pipeline()
        for key in store.layout.each_partition("gen"):
            pipe.get(key)
        return [int(text(v) or 0) for v in pipe.execute()]


def check_pass(store: RedisArchive) -> list[str]:
    """One pass of :func:`check` over the archive as it is read (not a snapshot)."""
    with translating(store.location):
        ids = store._ids()
        expected = _Expected()
        problems: list[str] = []
        for start in range(0, len(ids), BATCH):
            problems += _check_documents(store, ids[start : start + BATCH], expected)
        problems += _check_meaning_counts(store, expected)
        problems += _check_keys(store, set(ids), expected)
        problems += [
            f"index key {name} is missing ({len(want)} members)"
            for name, want in expected.members.items()
            if want
        ]
    return problems


def _check_documents(store: RedisArchive, ids: Sequence[int], expected: _Expected) -> list[str]:
    """Check a batch of documents' own keys; note the index members they should have."""
    layout = store.layout
    pipe = store.shards.pipeline()
    for doc_id in ids:
        pipe.hmget(layout.doc(doc_id), [*REMOVE_FIELDS, "n_bands", "n_winnow"])
    rows = pipe.execute()
    problems: dict[int, list[str]] = {}
    asked: list[tuple[int, int]] = []  # (document, number of label keys asked about)
    for doc_id, raw in zip(ids, rows, strict=True):
        if raw[0] is None or raw[2] is None:
            problems[doc_id] = [f"document {doc_id} is listed but has no data"]
            continue
        problems[doc_id] = _note_document(store, doc_id, raw, expected)
        labels = json.loads(text(raw[0]))
        for lab in labels:
            pipe.hexists(layout.key(layout.part(doc_id), "label", lab), doc_id)
        pipe.get(layout.key(layout.part(doc_id), "content", text(raw[1])))
        asked.append((doc_id, len(labels)))
    replies = iter(pipe.execute())
    for doc_id, n_labels in asked:
        problems[doc_id] += _own_keys_problems(doc_id, [next(replies) for _ in range(n_labels + 1)])
    return [p for doc_id in ids for p in problems[doc_id]]


def _note_document(
    store: RedisArchive, doc_id: int, raw: Sequence[Any], expected: _Expected
) -> list[str]:
    """Note the index members a document should have; its problems of form."""
    problems = []
    if not json.loads(text(raw[0])):
        problems.append(f"document {doc_id} has no label")
    sets, zsets, terms = store.layout.stored_postings(doc_id, raw, store.config)
    n_bands = sum(1 for key, _m in sets if ":lsh:" in key)
    if n_bands != int(raw[8]) or len(zsets) != int(raw[9]):
        problems.append(f"document {doc_id}: index key counts do not match")
    part = store.layout.part(doc_id)
    for side in sides_of(np.array(terms, np.uint64)):
        expected.with_side[part, side] += 1
    for key, member in sets:
        expected.members[key].add(member)
    for key, _score, member in zsets:
        expected.members[key].add(member)
    return problems


def _own_keys_problems(doc_id: int, replies: Sequence[Any]) -> list[str]:
    """Problems with a document's label entries (all but the last reply) and content
    key (the last)."""
    problems = []
    if not all(replies[:-1]):
        problems.append(f"document {doc_id} is missing from a label index")
    if replies[-1] is None or int(replies[-1]) != doc_id:
        problems.append(f"document {doc_id}: content key does not point to it")
    return problems


def _check_meaning_counts(store: RedisArchive, expected: _Expected) -> list[str]:
    """The ``mtdocs`` counters against the documents that have terms on each side."""
    layout = store.layout
    pipe = store.shards.pipeline()
    for part in range(layout.partitions):
        for side in (1, 2):
            pipe.get(layout.key(part, "mtdocs", side))
    counted = iter(pipe.execute())
    problems = []
    for part in range(layout.partitions):
        for side in (1, 2):
            have, want = int(next(counted) or 0), expected.with_side[part, side]
            if have != want:
                problems.append(f"mtdocs:{side} counts {have}, not {want}")
    return problems


def _batches(keys: Iterator[bytes]) -> Iterator[list[bytes]]:
    while batch := list(islice(keys, BATCH)):
        yield batch


def _check_keys(store: RedisArchive, known: set[int], expected: _Expected) -> list[str]:
    """Every index key against the members expected of it (taken out of
    ``expected``: what is left was never found); every content key points to a
    listed document."""
    problems: list[str] = []
    for batch in _batches(iter(store._keys("*"))):
        names = [text(key) for key in batch]
        kinds = [store.layout.kind(name) for name in names]
        pipe = store.shards.pipeline()
        for key, kind in zip(batch, kinds, strict=True):
            _queue_key_read(pipe, key, kind)
        replies = iter(pipe.execute())
        for name, kind in zip(names, kinds, strict=True):
            if kind.startswith(INDEX_KINDS):
                problems += _index_key_problems(name, next(replies), expected)
            elif kind.startswith("content:"):
                problems += _content_key_problems(name, next(replies), known)
    return problems


def _queue_key_read(pipe: Any, key: bytes, kind: str) -> None:
    """Queue the read of an index key's members or a content key's value."""
    if kind.startswith("wn:"):
        pipe.zrange(key, 0, -1)
    elif kind.startswith(INDEX_KINDS):
        pipe.smembers(key)
    elif kind.startswith("content:"):
        pipe.get(key)


def _index_key_problems(name: str, found: Any, expected: _Expected) -> list[str]:
    members = {int(m) for m in found}
    want = expected.members.pop(name, set())
    if members == want:
        return []
    return [f"index key {name}: {len(members - want)} stray, {len(want - members)} missing members"]


def _content_key_problems(name: str, value: Any, known: set[int]) -> list[str]:
    if value is not None and int(value) not in known:
        return [f"{name} points to missing document {int(value)}"]
    return []
