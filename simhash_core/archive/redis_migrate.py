"""Opening a Redis archive's configuration (``P:meta``), making it on first use, and
bringing an archive of an earlier schema up to date.

Schema 1 lacked the meaning sets (which start empty); schema 2 kept each MinHash band
in one sorted set scored by the band key, which schema 3 files in bucketed integer
sets (see :mod:`~simhash_core.archive.redis_layout`). One client upgrades while the
others wait, under a lock that expires, so another takes over if it stops.
"""

from __future__ import annotations

import os
import time
from collections import defaultdict
from dataclasses import dataclass
from functools import partial
from typing import Any

from simhash_core.archive.base import ArchiveError
from simhash_core.archive.codec import ArchiveConfig
from simhash_core.archive.keys import pack
from simhash_core.archive.redis_layout import (
    BAND_LOW_BITS,
    DEFAULT_PARTITIONS,
    SCHEMA_VERSION,
    KeyLayout,
    text,
)
from simhash_core.archive.redis_shards import Shards
from simhash_core.messages import Message
from simhash_core.types import ScanSettings

MIGRATION_WAIT = 600.0  # seconds another client waits for a migration in progress
# deletes a lock only if it still holds this client's token
RELEASE_SCRIPT = """
if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) end
return 0
"""


@dataclass(frozen=True)
class Meta:
    """What ``P:meta`` says: the analysis space, the schema and the partitions (0: the
    archive was made on one server)."""

    config: ArchiveConfig
    version: int
    partitions: int


def _create(client: Any, meta: str, settings: ScanSettings | None, partitions: int) -> None:
    """Record a new archive's configuration (whoever sets it first wins)."""
    config = ArchiveConfig.from_settings(settings or ScanSettings())
    client.hsetnx(meta, "config", config.to_json())
    client.hsetnx(meta, "schema_version", str(SCHEMA_VERSION))
    if partitions:
        client.hsetnx(meta, "partitions", str(partitions))


def _check_version(version: int, location: str) -> None:
    """Refuse an archive written by a newer plagcheck (before reading its config)."""
    if version > SCHEMA_VERSION:
        raise ArchiveError(
            Message.of("archive.redis-newer-schema", location=location, version=str(version))
        )


def _partitions(client: Any, meta: str, stored: Any, cluster: bool, wanted: int) -> int:
    """The archive's number of partitions (0: made on one server). A cluster archive
    made by a client before partitions existed gets ``wanted``."""
    partitions = int(text(stored) or 0)
    if cluster and not partitions:
        client.hsetnx(meta, "partitions", str(wanted))
        partitions = int(text(client.hget(meta, "partitions")))
    return partitions


def read_meta(
    client: Any,
    prefix: str,
    settings: ScanSettings | None,
    *,
    cluster: bool,
    asked: int | None,
    location: str,
) -> Meta:
    """The archive's configuration, made from ``settings`` (and on a cluster the
    partitions ``asked``, or :data:`DEFAULT_PARTITIONS`) if there is none yet.
    Refuses an archive of a newer schema, and one made on a cluster opened as one
    server."""
    meta = KeyLayout(prefix, ()).meta
    wanted = (asked or DEFAULT_PARTITIONS) if cluster else 0
    if client.hget(meta, "config") is None:
        _create(client, meta, settings, wanted)
    stored = client.hmget(meta, ["config", "schema_version", "partitions"])
    version = int(text(stored[1]) or 0)
    _check_version(version, location)
    config = ArchiveConfig.from_json(text(stored[0]))
    partitions = _partitions(client, meta, stored[2], cluster, wanted)
    if partitions and not cluster:  # made on a cluster (any number of parts)
        raise ArchiveError(Message.of("archive.redis-is-cluster", location=location))
    return Meta(config, version, partitions)


def _version(client: Any, meta: str) -> int:
    return int(text(client.hget(meta, "schema_version")) or 0)


def _take_lock(client: Any, layout: KeyLayout, token: str, location: str) -> bool:
    """Take the upgrade lock (True), or wait until another client has upgraded the
    archive (False)."""
    lock = f"{layout.prefix}:upgrading"
    deadline = time.monotonic() + MIGRATION_WAIT
    while not client.set(lock, token, nx=True, ex=int(MIGRATION_WAIT)):
        if _version(client, layout.meta) >= SCHEMA_VERSION:
            return False  # another client upgraded it
        if time.monotonic() > deadline:
            detail = "upgrade unfinished"
            raise ArchiveError(Message.of("archive.redis-error", location=location, detail=detail))
        time.sleep(0.5)
    return True


def upgrade(shards: Shards, config: ArchiveConfig) -> None:
    """Bring an archive of an earlier schema up to date (one client does it while the
    others wait, and take over if it stops)."""
    client, layout = shards.client, shards.layout
    token = f"{os.getpid()}:{time.time_ns()}"
    if not _take_lock(client, layout, token, shards.location):
        return
    try:
        if _version(client, layout.meta) >= SCHEMA_VERSION:
            return
        for part in range(layout.partitions):
            for band in range(config.bands):
                shards.on_shard(part, partial(_bands_to_sets, layout=layout, part=part, band=band))
        client.hset(layout.meta, "schema_version", str(SCHEMA_VERSION))
    finally:  # only our own lock (it may have expired and been taken by another)
        client.eval(RELEASE_SCRIPT, 1, f"{layout.prefix}:upgrading", token)


def _bucketed(pipe: Any, layout: KeyLayout, part: int, band: int) -> dict[str, list[int]]:
    """The members of a schema 2 band (a sorted set scored by the band key) as
    schema 3's bucketed sets."""
    old = layout.key(part, "lsh", band)
    sets: dict[str, list[int]] = defaultdict(list)
    for member, score in pipe.zscan_iter(old, count=10000):
        bucket, packed = pack(int(member), int(score), BAND_LOW_BITS)
        sets[layout.key(part, "lsh", band, bucket)].append(packed)
    return sets


def _bands_to_sets(client: Any, layout: KeyLayout, part: int, band: int) -> None:
    """One band of schema 2 as bucketed sets, in one transaction; read again if a
    writer changed the band meanwhile."""
    import redis.exceptions as errors

    old = layout.key(part, "lsh", band)
    with client.pipeline(transaction=True) as pipe:
        while True:
            try:
                pipe.watch(old)
                if pipe.type(old) != b"zset":
                    pipe.unwatch()
                    return
                sets = _bucketed(pipe, layout, part, band)
                pipe.multi()
                for key, members in sets.items():
                    pipe.sadd(key, *members)
                pipe.delete(old)
                pipe.incr(layout.key(part, "gen"))
                pipe.execute()
                return
            except errors.WatchError:
                continue
