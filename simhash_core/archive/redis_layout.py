"""Where a Redis archive keeps what: key names, partitions, and the index members a
document is filed under. Every module of the Redis store names its keys through
:class:`KeyLayout`, so the layout below is written down once.

Keys (``P`` is the prefix, ``plagcheck`` by default; ``T`` is the partition's part
of a key, empty on a single server)::

    P:meta                  hash: configuration (analysis space, index layout,
                            number of partitions)
    P:decisions             hash: label -> the decisions kept with it (JSON; never
                            in a partition; an archive without it keeps none, so it
                            needs no new schema)
    P:T:next_id             counter: the partition's documents are numbered from it
    P:T:docs                set of document ids
    P:T:doc:{id}            hash: content hash, name, kind, fingerprint, signature,
                            labels (JSON, in the order added) and the payload
    P:T:content:{hash}      string: the id of the document with that content
    P:T:labels              set of label names
    P:T:label:{label}       hash: id -> file name (the label index)
    P:T:labelsize:{label}   counter: stored bytes of the label's documents
    P:T:sh:{block}:{value}  set of ids: the SimHash pigeonhole tables
    P:T:lsh:{band}:{bucket} set: member id << 20 | low 20 bits of the band key, filed
                            under its top 12 bits (schema 3; a sorted set per band,
                            scored by the key, before)
    P:T:wn:{bucket}         sorted set: member id << 20 | low, score = low 20 bits
    P:T:mt:{term}           set of ids: the documents holding a language-neutral term
                            on one side (English, or Chinese glosses): the meaning
                            index; its size is the term's document count
    P:T:mtdocs:{side}       counter: documents with meaning terms on that side
    P:T:gen                 counter: the partition's generation, raised by every
                            transaction that changes it (see ``redis_check``)

SimHash block tables are sets keyed by the block value, as the method describes
(``k + 1`` small integer sets per document, compact intsets). MinHash band keys (32
bits) are split into a 12-bit bucket and 20 low bits kept in the member, so each band
is 4,096 small integer sets (intsets: 8 bytes a document and band, where the sorted
set of schema 2 took about 96); a lookup reads one bucket and keeps the members whose
low bits match, inside the lookup script. Winnow keys (about a fifth of a text's
shingles) are split into a 20-bit bucket (the key name) and their low 20 bits (the
score), so they live in a million small listpack-encoded sorted sets instead of one key
per value (a tenth of the memory); the score keeps lookups exact.

**Partitions.** On a cluster the archive is cut into ``N`` partitions (12 unless the
address says ``?partitions=N`` when the archive is created; the number is then fixed
in ``P:meta``). ``T`` is the partition's hash tag, ``{p3.17}``: every key of a
partition hashes to one cluster slot, so a document, its content key, its labels and
all its index postings live on one shard and are written in one transaction. A
document belongs to the partition of its content hash and its id is ``n * N + part``,
so the id names the partition. The tags are picked so that their slots sit evenly
over the 16,384 slots, which ``redis-cli --cluster create`` hands to the masters in
equal ranges. A single server is one partition whose keys carry no tag: archives made
before partitions existed read as they are.

>>> layout = KeyLayout("plagcheck", ())
>>> layout.doc(7), layout.key(0, "label", "2024 spring")
('plagcheck:doc:7', 'plagcheck:label:2024 spring')
>>> KeyLayout("plagcheck", ("p0.3", "p1.0")).doc(7)
'plagcheck:{p1.0}:doc:7'
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from simhash_core.archive.codec import ArchiveConfig, signature_from
from simhash_core.archive.keys import band_keys, has_bands, pack, simhash_blocks, winnow_keys

# 2: the meaning index (documents filed before have no terms); 3: bands in bucketed sets
SCHEMA_VERSION = 3
WINNOW_LOW_BITS = 20  # 40-bit winnow keys: 20-bit bucket, 20-bit score
BAND_LOW_BITS = 20  # 32-bit band keys: 12-bit bucket, 20 bits kept in the member
DEFAULT_PARTITIONS = 12  # divides evenly over 1, 2, 3, 4, 6 and 12 masters
CLUSTER_SLOTS = 16384
INDEX_KINDS = ("sh:", "lsh:", "wn:", "mt:")  # the index keys (after the partition's base)
# document fields needed to find (and delete) every index member of a document
REMOVE_FIELDS = [
    "labels",
    "content_hash",
    "fingerprint",
    "minhash",
    "size",
    "shingle_seq",
    "usable",
    "meaning",
]

SetMember = tuple[str, int]  # (set key, member)
ZSetMember = tuple[str, int, int]  # (sorted-set key, score, member)


def text(value: bytes | str | None) -> str:
    """A stored value as text (``""`` for a missing one).

    >>> text(b"2024"), text(None), text(5)
    ('2024', '', '5')
    """
    if value is None:
        return ""
    return value.decode("utf-8") if isinstance(value, bytes) else str(value)


def stored_terms(blob: bytes | None) -> list[int]:
    """A document's stored meaning terms (none for documents filed before them).

    >>> stored_terms(None), stored_terms((5).to_bytes(8, "little"))
    ([], [5])
    """
    return np.frombuffer(blob, dtype="<u8").tolist() if blob else []


def partition_tags(count: int) -> list[str]:
    """Hash tags of ``count`` partitions whose cluster slots are spread evenly: the
    tag of partition ``i`` hashes into the ``i``-th of ``count`` equal slot ranges.

    >>> from redis.crc import key_slot
    >>> [key_slot(t.encode()) * 4 // CLUSTER_SLOTS for t in partition_tags(4)]
    [0, 1, 2, 3]
    """
    from redis.crc import key_slot

    tags = []
    for i in range(count):
        low, high = i * CLUSTER_SLOTS // count, (i + 1) * CLUSTER_SLOTS // count
        j = 0
        while not low <= key_slot(f"p{i}.{j}".encode()) < high:
            j += 1
        tags.append(f"p{i}.{j}")
    return tags


def partition_of(content_hash: str, partitions: int) -> int:
    """The partition a content is filed in (BLAKE2b of its hash: the same everywhere).

    >>> partition_of("abc", 1), partition_of("abc", 12) == partition_of("abc", 12)
    (0, True)
    """
    if partitions == 1:
        return 0
    digest = hashlib.blake2b(content_hash.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") % partitions


@dataclass(frozen=True)
class KeyLayout:
    """The key names of one archive: its prefix and its partitions' hash tags (none on
    a single server)."""

    prefix: str
    tags: Sequence[str]

    @property
    def partitions(self) -> int:
        """How many partitions the archive is cut into (1 on a single server)."""
        return max(1, len(self.tags))

    @property
    def meta(self) -> str:
        """The configuration hash (never in a partition)."""
        return f"{self.prefix}:meta"

    @property
    def decisions(self) -> str:
        """The hash of the decisions kept with each label (never in a partition)."""
        return f"{self.prefix}:decisions"

    def base(self, part: int) -> str:
        """The start of every key of partition ``part``."""
        if not self.tags:
            return f"{self.prefix}:"
        return f"{self.prefix}:{{{self.tags[part]}}}:"

    def key(self, part: int, *parts: object) -> str:
        """A key of partition ``part``: its base and ``parts`` joined by colons."""
        return self.base(part) + ":".join(map(str, parts))

    def part(self, doc_id: int) -> int:
        """The partition a document id names."""
        return doc_id % self.partitions

    def doc(self, doc_id: int) -> str:
        """The key of a document's hash."""
        return self.key(self.part(doc_id), "doc", doc_id)

    def each_partition(self, *parts: object) -> list[str]:
        """The same key in every partition."""
        return [self.key(part, *parts) for part in range(self.partitions)]

    def kind(self, name: str) -> str:
        """A key's name after its partition's base (``sh:0:17``, ``content:...``)."""
        if not self.tags:
            return name[len(self.base(0)) :]
        return name.split("}:", 1)[-1]

    def postings(
        self,
        doc_id: int,
        blocks: Sequence[int],
        bands: Sequence[int],
        winnowed: Sequence[int],
        meaning: Sequence[int] = (),
    ) -> tuple[list[SetMember], list[ZSetMember]]:
        """``(set key, member)`` for the SimHash, band and meaning tables and ``(zset
        key, score, member)`` for the winnow tables of one document."""
        p = self.base(self.part(doc_id))
        sets = [(f"{p}sh:{b}:{v}", doc_id) for b, v in enumerate(blocks)]
        sets += [(f"{p}mt:{t}", doc_id) for t in meaning]
        for b, key in enumerate(bands):
            bucket, member = pack(doc_id, int(key), BAND_LOW_BITS)
            sets.append((f"{p}lsh:{b}:{bucket}", member))
        zsets = []
        for key in winnowed:
            bucket, member = pack(doc_id, int(key), WINNOW_LOW_BITS)
            zsets.append((f"{p}wn:{bucket}", member & ((1 << WINNOW_LOW_BITS) - 1), member))
        return sets, zsets

    def stored_postings(
        self, doc_id: int, raw: Sequence[bytes | None], config: ArchiveConfig
    ) -> tuple[list[SetMember], list[ZSetMember], list[int]]:
        """The postings and meaning terms a stored document has, recomputed from its
        :data:`REMOVE_FIELDS` (``raw``, in that order)."""
        fp = int(text(raw[2]))
        sig = signature_from(raw[3], config.minhash_perms)  # type: ignore[arg-type]
        bands = band_keys(sig, config.bands)[0].tolist() if has_bands(sig) else []
        winnowed: list[int] = []
        if raw[5] is not None:
            seq = np.frombuffer(raw[5], dtype="<u8").astype(np.uint64)
            mask = np.frombuffer(raw[6], np.uint8)  # type: ignore[arg-type]
            usable = np.unpackbits(mask, count=len(seq)).astype(bool)
            winnowed = winnow_keys(seq, usable, config.winnow_window).tolist()
        terms = stored_terms(raw[7])
        blocks = simhash_blocks(fp, config.index_k)
        sets, zsets = self.postings(doc_id, blocks, bands, winnowed, terms)
        return sets, zsets, terms
