"""The archive on a Redis server shared by a department (``redis://HOST:PORT/DB``), or
on a Redis Cluster that grows past one server (``redis+cluster://HOST:PORT``).

Keys (``P`` is the prefix, ``plagcheck`` by default; ``T`` is the partition's part
of a key, empty on a single server)::

    P:meta                  hash: configuration (analysis space, index layout,
                            number of partitions)
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
                            transaction that changes it (see ``check``)

SimHash block tables are sets keyed by the block value, as the method describes
(``k + 1`` small integer sets per document, compact intsets). MinHash band keys (32
bits) are split into a 12-bit bucket and 20 low bits kept in the member, so each band
is 4,096 small integer sets (intsets: 8 bytes a document and band, where the sorted
set of schema 2 took about 96); a lookup reads one bucket and keeps the members whose
low bits match, inside the lookup script. Winnow keys (about
a fifth of a text's shingles) are split into a 20-bit bucket (the key name) and their
low 20 bits (the score), so they live in a million small listpack-encoded sorted sets
instead of one key per value (a tenth of the memory); the score keeps lookups exact.

**Partitions.** On a cluster the archive is cut into ``N`` partitions (12 unless the
address says ``?partitions=N`` when the archive is created; the number is then fixed
in ``P:meta``). ``T`` is the partition's hash tag, ``{p3.17}``: every key of a
partition hashes to one cluster slot, so a document, its content key, its labels and
all its index postings live on one shard and are written in one transaction. A
document belongs to the partition of its content hash and its id is ``n * N + part``,
so the id names the partition. The tags are picked so that their slots sit evenly
over the 16,384 slots, which ``redis-cli --cluster create`` hands to the masters in
equal ranges. A lookup (SimHash blocks, bands, winnow keys, meaning terms) is one Lua
script per partition that reads all of the query's keys and returns only the hits;
the cluster client sends the scripts to every shard before reading any reply, so the
shards work in parallel. A single server is one partition whose keys carry no tag:
archives made before partitions existed read as they are.

Every addition is one ``MULTI``/``EXEC`` transaction per partition guarded by
``WATCH`` on the content keys it reads, so several teachers can add at once: a writer
that loses a race retries and then sees the other's document (dedupe holds). Readers
never block.

**Generations.** Every transaction that writes a partition also raises its ``gen``
counter. :meth:`RedisArchive.check` reads many keys one after another, so it notes the
generations before and after and checks again while a colleague's addition or removal
changed them: it reports only what it saw of one unchanging archive, and says that the
archive is being changed (:class:`ArchiveChanging`) rather than report problems that are
only another client's work in progress.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import numpy as np

from simhash_core.archive import resp
from simhash_core.archive.base import ArchiveError, LabelInfo
from simhash_core.archive.codec import (
    PAYLOAD_FIELDS,
    ArchiveConfig,
    ArchiveEntry,
    StoredDocument,
    sides_of,
    signature_bytes,
    signature_from,
)
from simhash_core.archive.errors import ArchiveChanging
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

# 2: the meaning index (documents filed before have no terms); 3: bands in bucketed sets
SCHEMA_VERSION = 3
WINNOW_LOW_BITS = 20  # 40-bit winnow keys: 20-bit bucket, 20-bit score
BAND_LOW_BITS = 20  # 32-bit band keys: 12-bit bucket, 20 bits kept in the member
MIGRATION_WAIT = 600.0  # seconds another client waits for a migration in progress
MAX_TRANSACTION = 1000  # documents per MULTI/EXEC in bulk additions
CLUSTER_SCHEMES = ("redis+cluster://", "rediss+cluster://")
DEFAULT_PARTITIONS = 12  # divides evenly over 1, 2, 3, 4, 6 and 12 masters
MAX_PARTITIONS = 1024
CLUSTER_SLOTS = 16384
RETRIES = 5  # a shard's transaction is retried while the cluster settles (failover)
RETRY_WAIT = 0.5  # seconds, doubled each time
CHECK_PATIENCE = 600.0  # seconds a check keeps looking again while others write
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
# One partition's lookups: ARGV[1] the partition's key prefix, ARGV[2] one lookup per
# line, "s NAME" (set members), "z NAME SCORE" (sorted-set members with that score) or
# "c NAME" (set size) or "b NAME LOW" (the ids of a band bucket's members whose low
# bits are LOW). Only hits come back: line number, then members (or the size).
_LOOKUP = """
local base = ARGV[1]
local out = {}
local i = 0
for op, name, score in string.gmatch(ARGV[2], "(%a) ([^ \\n]+) ?([^\\n]*)\\n") do
  i = i + 1
  local key = base .. name
  if op == "c" then
    local n = redis.call("SCARD", key)
    if n > 0 then out[#out + 1] = i; out[#out + 1] = n end
  else
    local found
    if op == "s" then
      found = redis.call("SMEMBERS", key)
    elseif op == "b" then
      local low = tonumber(score)
      found = {}
      for _, m in ipairs(redis.call("SMEMBERS", key)) do
        local v = tonumber(m)
        if v % BAND_SPAN == low then found[#found + 1] = (v - low) / BAND_SPAN end
      end
    else
      found = redis.call("ZRANGEBYSCORE", key, score, score)
    end
    if #found > 0 then out[#out + 1] = i; out[#out + 1] = found end
  end
end
return out
""".replace("BAND_SPAN", str(1 << BAND_LOW_BITS))

# deletes a lock only if it still holds this client's token
_RELEASE = """
if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) end
return 0
"""

T = TypeVar("T")
Lookup = tuple[str, str, int | None]  # ("s" | "z" | "c", key name after the tag, score)


def is_cluster_url(url: str) -> bool:
    """Whether ``url`` names a Redis Cluster.

    >>> is_cluster_url("redis+cluster://127.0.0.1:7000"), is_cluster_url("redis://h:1/0")
    (True, False)
    """
    return url.lower().startswith(CLUSTER_SCHEMES)


def split_cluster_url(url: str) -> tuple[str, int | None]:
    """The address the cluster client takes, and the partitions asked for (``None``:
    the default, or what the archive already has).

    >>> split_cluster_url("redis+cluster://:pw@h:7000?partitions=24")
    ('redis://:pw@h:7000', 24)
    >>> split_cluster_url("rediss+cluster://h:7000")
    ('rediss://h:7000', None)
    """
    parts = urlsplit(url)
    scheme = parts.scheme.lower().removesuffix("+cluster")
    query = parse_qsl(parts.query, keep_blank_values=True)
    asked = [v for k, v in query if k == "partitions"]
    rest = [(k, v) for k, v in query if k != "partitions"]
    partitions = None
    if asked:
        try:
            partitions = int(asked[-1])
        except ValueError:
            partitions = 0
        if not 1 <= partitions <= MAX_PARTITIONS:
            raise ValueError(f"partitions must be a number from 1 to {MAX_PARTITIONS}")
    return urlunsplit((scheme, parts.netloc, parts.path, urlencode(rest), "")), partitions


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
    """An archive on a Redis server or cluster; see the module docstring for the layout."""

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
            import redis.cluster
        except ImportError as exc:  # pragma: no cover - depends on the installation
            raise ArchiveError(Message.of("archive.no-redis-package")) from exc
        from simhash_core.shown_location import shown_location

        self._errors = redis.exceptions
        self.location = shown_location(url)  # never the password: it is shown and logged
        self.prefix = prefix
        self.cluster = is_cluster_url(url)
        self._tags: list[str] = []
        self._node_of: dict[int, tuple[str, Any]] = {}  # partition -> (master, client)
        self._threads: Any = None
        with self._translating():
            try:
                kwargs = {
                    "socket_timeout": timeout,
                    "socket_connect_timeout": min(timeout, 10.0),
                }
                asked = None
                if self.cluster:
                    plain, asked = split_cluster_url(url)
                    self._r = redis.cluster.RedisCluster.from_url(plain, **kwargs)
                    has_password = bool(self._r.get_connection_kwargs().get("password"))
                else:
                    self._r = redis.Redis.from_url(url, **kwargs)
                    has_password = bool(self._r.connection_pool.connection_kwargs.get("password"))
            except (ValueError, TypeError, IndexError) as exc:
                raise ArchiveError(
                    Message.of(
                        "archive.bad-address", location=self.location, detail=_without(exc, url)
                    )
                ) from exc
            except self._errors.RedisClusterException as exc:
                raise ArchiveError(
                    Message.of("archive.unreachable", location=self.location, detail=str(exc))
                ) from exc
            try:
                self._r.ping()
            except self._errors.AuthenticationError as exc:
                raise ArchiveError(_auth_reason(self.location, str(exc), has_password)) from exc
            except self._errors.ResponseError as exc:
                if "NOAUTH" in str(exc) or "auth" in str(exc).lower():
                    raise ArchiveError(_auth_reason(self.location, str(exc), has_password)) from exc
                raise
            self.config = self._open_meta(settings, asked)

    # ----- plumbing -----------------------------------------------------------------

    @contextlib.contextmanager
    def _translating(self) -> Iterator[None]:
        try:
            yield
        except ArchiveError:
            raise
        except Exception as exc:
            errors = getattr(self, "_errors", None)
            if errors is None or not isinstance(
                exc, errors.RedisError | errors.RedisClusterException
            ):
                raise
            if isinstance(exc, errors.AuthenticationError):
                raise ArchiveError(_auth_reason(self.location, str(exc), True)) from exc
            if isinstance(
                exc,
                errors.ConnectionError
                | errors.TimeoutError
                | errors.ClusterDownError
                | errors.ClusterError
                | errors.RedisClusterException,
            ):
                raise ArchiveError(
                    Message.of("archive.unreachable", location=self.location, detail=str(exc))
                ) from exc
            raise ArchiveError(
                Message.of("archive.redis-error", location=self.location, detail=str(exc))
            ) from exc

    @property
    def partitions(self) -> int:
        """How many partitions the archive is cut into (1 on a single server)."""
        return max(1, len(self._tags))

    def _base(self, part: int) -> str:
        """The start of every key of partition ``part``."""
        if not self._tags:
            return f"{self.prefix}:"
        return f"{self.prefix}:{{{self._tags[part]}}}:"

    def _k(self, part: int, *parts: object) -> str:
        return self._base(part) + ":".join(map(str, parts))

    def _part(self, doc_id: int) -> int:
        return doc_id % self.partitions

    def _dk(self, doc_id: int) -> str:
        """The key of a document's hash."""
        return self._k(self._part(doc_id), "doc", doc_id)

    def _open_meta(self, settings: ScanSettings | None, asked: int | None) -> ArchiveConfig:
        meta = f"{self.prefix}:meta"
        if self._r.hget(meta, "config") is None:  # first use: whoever sets it first wins
            config = ArchiveConfig.from_settings(settings or ScanSettings())
            self._r.hsetnx(meta, "config", config.to_json())
            self._r.hsetnx(meta, "schema_version", str(SCHEMA_VERSION))
            if self.cluster:
                self._r.hsetnx(meta, "partitions", str(asked or DEFAULT_PARTITIONS))
        stored = self._r.hmget(meta, ["config", "schema_version", "partitions"])
        version = int(_text(stored[1]) or 0)
        if version > SCHEMA_VERSION:
            raise ArchiveError(
                Message.of(
                    "archive.redis-newer-schema", location=self.location, version=str(version)
                )
            )
        config = ArchiveConfig.from_json(_text(stored[0]))
        partitions = int(_text(stored[2]) or 0)
        if self.cluster and not partitions:  # made on a cluster by a client before them
            self._r.hsetnx(meta, "partitions", str(asked or DEFAULT_PARTITIONS))
            partitions = int(_text(self._r.hget(meta, "partitions")))
        if partitions and not self.cluster:  # made on a cluster (any number of parts)
            raise ArchiveError(Message.of("archive.redis-is-cluster", location=self.location))
        if self.cluster:
            self._tags = partition_tags(partitions)
        if version < SCHEMA_VERSION:
            self._upgrade(meta, config)
        return config

    def _upgrade(self, meta: str, config: ArchiveConfig) -> None:
        """Bring an archive of an earlier schema up to date (one client does it while
        the others wait, and take over if it stops): schema 2's band sorted sets become
        schema 3's bucketed sets; schema 1 only lacked the meaning sets, which start
        empty."""
        lock = f"{self.prefix}:upgrading"
        token = f"{os.getpid()}:{time.time_ns()}"
        deadline = time.monotonic() + MIGRATION_WAIT
        while not self._r.set(lock, token, nx=True, ex=int(MIGRATION_WAIT)):
            if int(_text(self._r.hget(meta, "schema_version")) or 0) >= SCHEMA_VERSION:
                return  # another client upgraded it
            if time.monotonic() > deadline:
                raise ArchiveError(
                    Message.of(
                        "archive.redis-error", location=self.location, detail="upgrade unfinished"
                    )
                )
            time.sleep(0.5)
        try:
            if int(_text(self._r.hget(meta, "schema_version")) or 0) >= SCHEMA_VERSION:
                return
            for part in range(self.partitions):
                for band in range(config.bands):
                    self._bands_to_sets(part, band)
            self._r.hset(meta, "schema_version", str(SCHEMA_VERSION))
        finally:  # only our own lock (it may have expired and been taken by another)
            self._r.eval(_RELEASE, 1, lock, token)

    def _bands_to_sets(self, part: int, band: int) -> None:
        """One band of schema 2 (sorted set scored by the band key) as bucketed sets,
        in one transaction; read again if a writer changed the band meanwhile."""
        old = self._k(part, "lsh", band)
        gen = self._k(part, "gen")

        def move(client: Any) -> None:
            with client.pipeline(transaction=True) as pipe:
                while True:
                    try:
                        pipe.watch(old)
                        if pipe.type(old) != b"zset":
                            pipe.unwatch()
                            return
                        sets: dict[str, list[int]] = defaultdict(list)
                        for member, score in pipe.zscan_iter(old, count=10000):
                            bucket, packed = pack(int(member), int(score), BAND_LOW_BITS)
                            sets[self._k(part, "lsh", band, bucket)].append(packed)
                        queued = [resp.sadd(key, members) for key, members in sets.items()]
                        queued += [resp.command("DEL", old), resp.command("INCR", gen)]
                        self._exec(pipe, queued)
                        return
                    except self._errors.WatchError:
                        continue

        self._on_shard(part, move)

    def _node(self, part: int) -> Any:
        """The plain client of the server that holds partition ``part``: transactions
        with ``WATCH`` run on one connection to it."""
        if not self.cluster:
            return self._r
        node = self._r.get_node_from_key(self._k(part, "docs"))
        return self._r.get_redis_connection(node)

    def _on_shard(self, part: int, work: Callable[[Any], T]) -> T:
        """Run ``work(client)`` on the shard of ``part``; on a cluster a connection
        error (a master restarting, a failover) refreshes the slot map and retries for
        a few seconds before it is reported."""
        wait = RETRY_WAIT
        for attempt in range(RETRIES if self.cluster else 1):
            try:
                return work(self._node(part))
            except (self._errors.ConnectionError, self._errors.TimeoutError):
                if attempt == (RETRIES if self.cluster else 1) - 1:
                    raise
            time.sleep(wait)
            wait *= 2
            with contextlib.suppress(Exception):
                self._r.nodes_manager.initialize()
        raise AssertionError("unreachable")  # pragma: no cover

    def _fan_out(self, lookups: Sequence[Lookup]) -> list[list[bytes] | int]:
        """Run ``lookups`` in every partition; for each, the members found in all of
        them (a document lives in one partition, so nothing repeats) or the summed set
        size for ``"c"``."""
        out: list[list[bytes] | int] = [0 if op == "c" else [] for op, _, _ in lookups]
        if not lookups:
            return out
        script = "".join(
            f"{op} {name} {score}\n" if score is not None else f"{op} {name}\n"
            for op, name, score in lookups
        )
        replies = self._run(
            [
                (part, ("EVAL", _LOOKUP, 1, self._k(part, "docs"), self._base(part), script))
                for part in range(self.partitions)
            ]
        )
        for reply in replies:
            for i in range(0, len(reply), 2):
                slot = int(reply[i]) - 1
                if isinstance(reply[i + 1], list):
                    out[slot] += reply[i + 1]  # type: ignore[operator]
                else:
                    out[slot] += int(reply[i + 1])  # type: ignore[operator]
        return out

    def _run(self, commands: Sequence[tuple[int, tuple[Any, ...]]]) -> list[Any]:
        """Replies to ``(partition, command)`` pairs, in order. On a cluster the
        commands of each master go down one plain pipeline, all masters at once (a
        thread each); if the slot map has changed (a failover, a master restarting,
        resharding) the cluster client's own pipeline, which follows redirections and
        retries, runs them instead."""
        with self._translating():
            if self.cluster:
                try:
                    return self._run_on_nodes(commands)
                except (self._errors.RedisError, self._errors.RedisClusterException):
                    self._node_of.clear()
                    with contextlib.suppress(Exception):
                        self._r.nodes_manager.initialize()
            pipe = self._r.pipeline(transaction=False)
            for _part, command in commands:
                pipe.execute_command(*command)
            return pipe.execute()

    def _run_on_nodes(self, commands: Sequence[tuple[int, tuple[Any, ...]]]) -> list[Any]:
        groups: dict[str, list[int]] = defaultdict(list)
        clients: dict[str, Any] = {}
        for i, (part, _command) in enumerate(commands):
            if part not in self._node_of:
                node = self._r.get_node_from_key(self._k(part, "docs"))
                self._node_of[part] = (node.name, self._r.get_redis_connection(node))
            name, client = self._node_of[part]
            groups[name].append(i)
            clients[name] = client

        def run(name: str) -> list[Any]:
            pipe = clients[name].pipeline(transaction=False)
            for i in groups[name]:
                pipe.execute_command(*commands[i][1])
            return pipe.execute()

        if self._threads is None:
            from concurrent.futures import ThreadPoolExecutor

            self._threads = ThreadPoolExecutor(max_workers=16, thread_name_prefix="shard")
        out: list[Any] = [None] * len(commands)
        names = list(groups)
        for name, replies in zip(names, self._threads.map(run, names), strict=True):
            for i, reply in zip(groups[name], replies, strict=True):
                out[i] = reply
        return out

    def _each_partition(self, *parts: object) -> list[str]:
        """The same key in every partition."""
        return [self._k(part, *parts) for part in range(self.partitions)]

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
        p = self._base(self._part(doc_id))
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

    # ----- writing ------------------------------------------------------------------

    def _write(self, entries: Sequence[ArchiveEntry], label: str) -> list[tuple[int, str]]:
        """File entries, each in its partition, at most :data:`MAX_TRANSACTION` per
        transaction (Redis checks a new WATCH key against every key already watched, so
        huge watch lists are quadratic)."""
        by_part: dict[int, list[int]] = defaultdict(list)
        for i, e in enumerate(entries):
            by_part[partition_of(e.content_hash, self.partitions)].append(i)
        out: list[tuple[int, str] | None] = [None] * len(entries)
        for part, positions in sorted(by_part.items()):
            for start in range(0, len(positions), MAX_TRANSACTION):
                chunk = positions[start : start + MAX_TRANSACTION]
                done = self._write_one(part, [entries[i] for i in chunk], label)
                for i, outcome in zip(chunk, done, strict=True):
                    out[i] = outcome
        return [o for o in out if o is not None]

    def _write_one(
        self, part: int, entries: Sequence[ArchiveEntry], label: str
    ) -> list[tuple[int, str]]:
        content_keys = [self._k(part, "content", e.content_hash) for e in entries]

        def work(client: Any) -> list[tuple[int, str]]:
            with client.pipeline(transaction=True) as pipe:
                while True:
                    try:
                        return self._try_write(client, pipe, part, entries, content_keys, label)
                    except self._errors.WatchError:
                        continue  # another writer changed one of our documents: read again

        with self._translating():
            return self._on_shard(part, work)

    def _try_write(
        self,
        client: Any,
        pipe: Any,
        part: int,
        entries: Sequence[ArchiveEntry],
        content_keys: list[str],
        label: str,
    ) -> list[tuple[int, str]]:
        now = time.time()
        pipe.watch(*content_keys)
        found = pipe.mget(content_keys)
        existing = {i: int(v) for i, v in enumerate(found) if v is not None}
        old_labels: dict[int, list[str]] = {}
        old_sizes: dict[int, int] = {}
        if existing:
            doc_keys = [self._dk(d) for d in existing.values()]
            pipe.watch(*doc_keys)
            reader = client.pipeline(transaction=False)
            for d in existing.values():
                reader.hmget(self._dk(d), ["labels", "size"])
            for d, (labels, size) in zip(existing.values(), reader.execute(), strict=True):
                old_labels[d] = json.loads(_text(labels) or "[]")
                old_sizes[d] = int(_text(size) or 0)
        fresh = [i for i in range(len(entries)) if i not in existing]
        ids: dict[int, int] = dict(existing)
        if fresh:
            last = int(pipe.incrby(self._k(part, "next_id"), len(fresh)))
            numbers = range(last - len(fresh) + 1, last + 1)
            ids.update(zip(fresh, (n * self.partitions + part for n in numbers), strict=True))

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
                queued.append(resp.command("HSET", self._dk(doc_id), "labels", labels))
                label_members += [doc_id, e.name]
                added_size += old_sizes[doc_id]
                out.append((doc_id, "labelled"))
                continue
            fields: dict[str, Any] = {
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
            flat = [x for item in fields.items() for x in item]
            queued.append(resp.command("HSET", self._dk(doc_id), *flat))
            queued.append(resp.command("SET", content_keys[i], doc_id))
            s, z = self._postings(
                doc_id, e.blocks, e.bands.tolist(), e.winnow.tolist(), e.meaning.tolist()
            )
            for side in sorted(sides_of(e.meaning)):
                queued.append(resp.command("INCR", self._k(part, "mtdocs", side)))
            for key, member in s:
                sets[key].append(member)
            for key, score, member in z:
                zsets[key].append((score, member))
            label_members += [doc_id, e.name]
            added_size += e.size
            out.append((doc_id, "added"))
        if fresh:
            queued.append(resp.sadd(self._k(part, "docs"), [ids[i] for i in fresh]))
        queued += [resp.sadd(key, members) for key, members in sets.items()]
        queued += [resp.zadd(key, pairs) for key, pairs in zsets.items()]
        if label_members:
            queued.append(resp.command("HSET", self._k(part, "label", label), *label_members))
            queued.append(resp.command("SADD", self._k(part, "labels"), label))
            queued.append(resp.command("INCRBY", self._k(part, "labelsize", label), added_size))
        if queued:
            queued.append(resp.command("INCR", self._k(part, "gen")))
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
        removed = 0
        with self._translating():
            for part in range(self.partitions):
                ids = [int(x) for x in self._r.hkeys(self._k(part, "label", label))]
                for doc_id in ids:
                    self._on_shard(part, lambda c, d=doc_id: self._remove_from(c, d, label))
                self._on_shard(part, lambda c, p=part: self._forget_label(c, p, label))
                removed += len(ids)
        return removed

    def _forget_label(self, client: Any, part: int, label: str) -> None:
        """Take ``label`` off the partition's list once no document there carries it."""
        with client.pipeline(transaction=True) as pipe:
            while True:
                try:
                    pipe.watch(self._k(part, "label", label))
                    if pipe.hlen(self._k(part, "label", label)) == 0:
                        pipe.multi()
                        pipe.srem(self._k(part, "labels"), label)
                        pipe.delete(self._k(part, "labelsize", label))
                        pipe.incr(self._k(part, "gen"))
                        pipe.execute()
                    else:
                        pipe.unwatch()
                    return
                except self._errors.WatchError:
                    continue

    def _remove_from(self, client: Any, doc_id: int, label: str) -> None:
        part = self._part(doc_id)
        doc_key = self._dk(doc_id)
        with client.pipeline(transaction=True) as pipe:
            while True:
                try:
                    pipe.watch(doc_key)
                    raw = pipe.hmget(doc_key, _REMOVE_FIELDS)
                    if raw[0] is None:
                        pipe.multi()
                        pipe.hdel(self._k(part, "label", label), doc_id)
                        pipe.incr(self._k(part, "gen"))
                        pipe.execute()
                        return
                    labels = [x for x in json.loads(_text(raw[0])) if x != label]
                    size = int(_text(raw[4]) or 0)
                    pipe.multi()
                    pipe.hdel(self._k(part, "label", label), doc_id)
                    pipe.decrby(self._k(part, "labelsize", label), size)
                    if labels:
                        pipe.hset(doc_key, "labels", json.dumps(labels))
                    else:
                        self._queue_delete(pipe, doc_id, raw)
                    pipe.incr(self._k(part, "gen"))
                    pipe.execute()
                    return
                except self._errors.WatchError:
                    continue

    def _index_of(self, doc_id: int, raw: list[Any]) -> tuple[Any, Any, list[int]]:
        """The ``(sets, zsets)`` postings and meaning terms a stored document has (from
        its :data:`_REMOVE_FIELDS`), recomputed from what is stored."""
        fp = int(_text(raw[2]))
        sig = signature_from(raw[3], self.config.minhash_perms)
        bands = band_keys(sig, self.config.bands)[0].tolist() if has_bands(sig) else []
        winnowed: list[int] = []
        if raw[5] is not None:
            seq = np.frombuffer(raw[5], dtype="<u8").astype(np.uint64)
            usable = np.unpackbits(np.frombuffer(raw[6], np.uint8), count=len(seq)).astype(bool)
            winnowed = winnow_keys(seq, usable, self.config.winnow_window).tolist()
        terms = _terms(raw[7])
        sets, zsets = self._postings(
            doc_id, simhash_blocks(fp, self.config.index_k), bands, winnowed, terms
        )
        return sets, zsets, terms

    def _queue_delete(self, pipe: Any, doc_id: int, raw: list[Any]) -> None:
        """Queue the deletion of a document and all its index members."""
        part = self._part(doc_id)
        sets, zsets, terms = self._index_of(doc_id, raw)
        for side in sorted(sides_of(np.array(terms, np.uint64))):
            pipe.decr(self._k(part, "mtdocs", side))
        for key, member in sets:
            pipe.srem(key, member)
        for key, _score, member in zsets:
            pipe.zrem(key, member)
        pipe.delete(self._dk(doc_id), self._k(part, "content", _text(raw[1])))
        pipe.srem(self._k(part, "docs"), doc_id)

    # ----- lookups ------------------------------------------------------------------

    def _hget(self, ids: Sequence[int], field: str) -> list[Any]:
        """One field of each document (``None`` where it is missing)."""
        return self._run([(self._part(d), ("HGET", self._dk(d), field)) for d in ids])

    def _block_hits(self, blocks: Sequence[int]) -> list[tuple[int, int]]:
        found = self._fan_out([("s", f"sh:{b}:{v}", None) for b, v in enumerate(blocks)])
        ids = sorted({int(m) for members in found for m in members})  # type: ignore[union-attr]
        if not ids:
            return []
        fps = self._hget(ids, "fingerprint")
        return [(d, int(fp)) for d, fp in zip(ids, fps, strict=True) if fp is not None]

    def _band_hits(self, bands: np.ndarray) -> set[int]:
        mask = (1 << BAND_LOW_BITS) - 1
        found = self._fan_out(
            [
                ("b", f"lsh:{b}:{key >> BAND_LOW_BITS}", key & mask)
                for b, key in enumerate(bands.tolist())
            ]
        )
        return {int(m) for members in found for m in members}  # type: ignore[union-attr]

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
        lookups = [("z", f"wn:{key >> WINNOW_LOW_BITS}", key & mask) for key in keys.tolist()]
        counts: dict[int, int] = {}
        for members in self._fan_out(lookups):
            for m in members:  # type: ignore[union-attr]
                doc_id, _ = unpack(int(m), WINNOW_LOW_BITS)
                counts[doc_id] = counts.get(doc_id, 0) + 1
        return counts

    def _meaning_sides(self) -> frozenset[int]:
        with self._translating():
            pipe = self._r.pipeline(transaction=False)
            for side in (1, 2):
                for key in self._each_partition("mtdocs", side):
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
        counts = self._fan_out([("c", f"mt:{t}", None) for t in values])
        return {t: int(c) for t, c in zip(values, counts, strict=True) if c}  # type: ignore[arg-type]

    def _meaning_postings(self, terms: Sequence[int]) -> dict[int, list[int]]:
        values = list(terms)
        found = self._fan_out([("s", f"mt:{t}", None) for t in values])
        return {
            t: sorted(int(m) for m in ms)  # type: ignore[union-attr]
            for t, ms in zip(values, found, strict=True)
            if ms
        }

    def _read(self, ids: Sequence[int]) -> dict[int, StoredDocument]:
        unique = sorted(set(ids))
        if not unique:
            return {}
        with self._translating():
            pipe = self._r.pipeline(transaction=False)
            for doc_id in unique:
                pipe.hgetall(self._dk(doc_id))
            rows = pipe.execute()
            found = {d: r for d, r in zip(unique, rows, strict=True) if r}
            labels = {d: json.loads(_text(r.get(b"labels")) or "[]") for d, r in found.items()}
            for d, labs in labels.items():
                for lab in labs:
                    pipe.hget(self._k(self._part(d), "label", lab), d)
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
                minhash=signature_from(r[b"minhash"], self.config.minhash_perms),
                mtime=float(r[b"mtime"]),
                labels=pairs,
                payload=payload if len(payload) == len(PAYLOAD_FIELDS) else {},
            )
        return out

    # ----- listing and checks -------------------------------------------------------

    def labels(self) -> list[LabelInfo]:
        with self._translating():
            pipe = self._r.pipeline(transaction=False)
            for key in self._each_partition("labels"):
                pipe.smembers(key)
            names = sorted({_text(x) for members in pipe.execute() for x in members})
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
                size += int(_text(next(values)) or 0)
            if documents:
                out.append(LabelInfo(name, documents, size))
        return out

    def count(self) -> int:
        with self._translating():
            pipe = self._r.pipeline(transaction=False)
            for key in self._each_partition("docs"):
                pipe.scard(key)
            return sum(int(n) for n in pipe.execute())

    def storage_bytes(self) -> int:
        """Memory used by the Redis server, or by every master of a cluster (``INFO
        memory``: ``used_memory``)."""
        with self._translating():
            if not self.cluster:
                return int(self._r.info("memory")["used_memory"])
            primaries = self._r.get_primaries()
            return sum(
                int(self._r.get_redis_connection(node).info("memory")["used_memory"])
                for node in primaries
            )

    def _ids(self) -> list[int]:
        with self._translating():
            pipe = self._r.pipeline(transaction=False)
            for key in self._each_partition("docs"):
                pipe.smembers(key)
            return sorted(int(x) for members in pipe.execute() for x in members)

    def _keys(self, pattern: str) -> Iterator[bytes]:
        """Every key of this archive matching ``pattern`` (after the prefix), on every
        shard."""
        if not self.cluster:
            yield from self._r.scan_iter(match=f"{self.prefix}:{pattern}", count=1000)
            return
        for node in self._r.get_primaries():
            client = self._r.get_redis_connection(node)
            yield from client.scan_iter(match=f"{self.prefix}:{pattern}", count=1000)

    def check(self) -> list[str]:
        """Every document has its content key, labels and every index member; every
        index member belongs to a document; no document is half written.

        What is reported was seen in one unchanging archive: while other clients'
        transactions change it during a pass (their generations move), the check looks
        again, for up to :data:`CHECK_PATIENCE` seconds, then raises
        :class:`ArchiveChanging` (never a problem that is only their work in progress).
        """
        deadline = time.monotonic() + CHECK_PATIENCE
        while True:
            before = self._generations()
            problems = self._check_pass()
            if self._generations() == before:
                return problems
            if time.monotonic() >= deadline:
                raise ArchiveChanging(Message.of("archive.changing", location=self.location))

    def _generations(self) -> list[int]:
        """Every partition's generation (raised by each transaction that writes it)."""
        with self._translating():
            pipe = self._r.pipeline(transaction=False)
            for key in self._each_partition("gen"):
                pipe.get(key)
            return [int(_text(v) or 0) for v in pipe.execute()]

    def _check_pass(self) -> list[str]:
        """One pass of :meth:`check` over the archive as it is read (not a snapshot)."""
        problems: list[str] = []
        with self._translating():
            ids = self._ids()
            expected: dict[str, set[int]] = defaultdict(set)
            with_side: dict[tuple[int, int], int] = defaultdict(int)
            pipe = self._r.pipeline(transaction=False)
            for doc_id in ids:
                pipe.hmget(self._dk(doc_id), [*_REMOVE_FIELDS, "n_bands", "n_winnow"])
            rows = pipe.execute()
            for doc_id, raw in zip(ids, rows, strict=True):
                part = self._part(doc_id)
                if raw[0] is None or raw[2] is None:
                    problems.append(f"document {doc_id} is listed but has no data")
                    continue
                labels = json.loads(_text(raw[0]))
                if not labels:
                    problems.append(f"document {doc_id} has no label")
                for lab in labels:
                    pipe.hexists(self._k(part, "label", lab), doc_id)
                pipe.get(self._k(part, "content", _text(raw[1])))
                sets, zsets, terms = self._index_of(doc_id, raw)
                n_bands = sum(1 for key, _m in sets if ":lsh:" in key)
                if n_bands != int(raw[8]) or len(zsets) != int(raw[9]):
                    problems.append(f"document {doc_id}: index key counts do not match")
                for side in sides_of(np.array(terms, np.uint64)):
                    with_side[part, side] += 1
                for key, member in sets:
                    expected[key].add(member)
                for key, _score, member in zsets:
                    expected[key].add(member)
                replies = pipe.execute()
                if not all(replies[:-1]):
                    problems.append(f"document {doc_id} is missing from a label index")
                if replies[-1] is None or int(replies[-1]) != doc_id:
                    problems.append(f"document {doc_id}: content key does not point to it")
            for part in range(self.partitions):
                for side in (1, 2):
                    pipe.get(self._k(part, "mtdocs", side))
            counted = iter(pipe.execute())
            for part in range(self.partitions):
                for side in (1, 2):
                    have, want = int(next(counted) or 0), with_side[part, side]
                    if have != want:
                        problems.append(f"mtdocs:{side} counts {have}, not {want}")
            known = set(ids)
            for key in self._keys("*"):
                name = _text(key)
                kind = name[len(self._base(0)) :] if not self.cluster else name.split("}:", 1)[-1]
                if kind.startswith(("sh:", "lsh:", "wn:", "mt:")):
                    if not kind.startswith("wn:"):
                        members = {int(m) for m in self._r.smembers(key)}
                    else:
                        members = {int(m) for m in self._r.zrange(key, 0, -1)}
                    want = expected.pop(name, set())
                    if members != want:
                        problems.append(
                            f"index key {name}: {len(members - want)} stray, "
                            f"{len(want - members)} missing members"
                        )
                elif kind.startswith("content:"):
                    value = self._r.get(key)
                    if value is not None and int(value) not in known:
                        problems.append(f"{name} points to missing document {int(value)}")
            for name, want in expected.items():
                if want:
                    problems.append(f"index key {name} is missing ({len(want)} members)")
        return problems

    def flush(self) -> int:
        """Delete every key of this archive (tests and benchmarks). Returns how many."""
        removed = 0
        with self._translating():
            batch: list[bytes] = []
            for key in [*self._keys("*")]:
                batch.append(key)
                if len(batch) >= 10000:
                    removed += self._delete(batch)
                    batch = []
            if batch:
                removed += self._delete(batch)
        return removed

    def _delete(self, keys: list[bytes]) -> int:
        if not self.cluster:
            return int(self._r.delete(*keys))
        pipe = self._r.pipeline(transaction=False)
        for key in keys:
            pipe.delete(key)
        return sum(int(n) for n in pipe.execute())

    def close(self) -> None:
        if self._threads is not None:
            self._threads.shutdown(wait=False)
        with contextlib.suppress(Exception):
            self._r.close()
