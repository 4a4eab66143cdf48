"""How commands reach the partitions of a Redis archive: on one server every
partition (there is one) is the server itself; on a cluster each partition lives on
the master that owns its hash tag's slot.

* :meth:`Shards.on_shard` runs a transaction on the plain redis-py client of the
  partition's master (``WATCH`` needs one connection), retrying while a cluster
  settles after a failover;
* :meth:`Shards.run` sends ``(partition, command)`` pairs down one plain pipeline per
  master, all masters at once;
* :meth:`Shards.fan_out` runs one Lua script per partition that reads all of a
  query's index keys and returns only the hits (SimHash blocks, bands, winnow keys,
  meaning terms), so a lookup is one round trip whatever the number of keys.
"""

from __future__ import annotations

import contextlib
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from simhash_core.archive.redis_address import translating
from simhash_core.archive.redis_layout import BAND_LOW_BITS, KeyLayout

RETRIES = 5  # a shard's transaction is retried while the cluster settles (failover)
RETRY_WAIT = 0.5  # seconds, doubled each time
SHARD_THREADS = 16
# One partition's lookups: ARGV[1] the partition's key prefix, ARGV[2] one lookup per
# line, "s NAME" (set members), "z NAME SCORE" (sorted-set members with that score) or
# "c NAME" (set size) or "b NAME LOW" (the ids of a band bucket's members whose low
# bits are LOW). Only hits come back: line number, then members (or the size).
LOOKUP_SCRIPT = """
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

T = TypeVar("T")
Lookup = tuple[str, str, int | None]  # ("s" | "z" | "c" | "b", key after the base, score)
Command = tuple[int, tuple[Any, ...]]  # (partition, command and its arguments)


def lookup_lines(lookups: Sequence[Lookup]) -> str:
    """The lookups as the script's second argument, one a line.

    >>> lookup_lines([("s", "sh:0:5", None), ("z", "wn:3", 7)])
    's sh:0:5\\nz wn:3 7\\n'
    """
    return "".join(
        f"{op} {name} {score}\n" if score is not None else f"{op} {name}\n"
        for op, name, score in lookups
    )


def merge_hits(lookups: Sequence[Lookup], replies: Sequence[list[Any]]) -> list[Any]:
    """For each lookup, the members every partition found (a document lives in one
    partition, so nothing repeats), or the summed set size for ``"c"``.

    >>> merge_hits([("s", "a", None), ("c", "b", None)], [[1, [b"7"]], [1, [b"9"], 2, 3]])
    [[b'7', b'9'], 3]
    """
    out: list[Any] = [0 if op == "c" else [] for op, _, _ in lookups]
    for reply in replies:
        for i in range(0, len(reply), 2):
            slot = int(reply[i]) - 1
            if isinstance(reply[i + 1], list):
                out[slot] += reply[i + 1]
            else:
                out[slot] += int(reply[i + 1])
    return out


class Shards:
    """The masters of an archive's partitions, reached through one redis-py client."""

    def __init__(self, client: Any, layout: KeyLayout, cluster: bool, location: str) -> None:
        self.client = client
        self.layout = layout
        self.cluster = cluster
        self.location = location
        self._node_of: dict[int, tuple[str, Any]] = {}  # partition -> (master, client)
        self._threads: ThreadPoolExecutor | None = None

    def node(self, part: int) -> Any:
        """The plain client of the server that holds partition ``part``: transactions
        with ``WATCH`` run on one connection to it."""
        if not self.cluster:
            return self.client
        node = self.client.get_node_from_key(self.layout.key(part, "docs"))
        return self.client.get_redis_connection(node)

    def primaries(self) -> list[Any]:
        """A plain client of every master (the server itself on one server)."""
        if not self.cluster:
            return [self.client]
        return [self.client.get_redis_connection(n) for n in self.client.get_primaries()]

    def refresh(self) -> None:
        """Forget where partitions live and read the cluster's slot map again."""
        self._node_of.clear()
        if self.cluster:
            with contextlib.suppress(Exception):
                self.client.nodes_manager.initialize()

    def on_shard(self, part: int, work: Callable[[Any], T]) -> T:
        """Run ``work(client)`` on the shard of ``part``; on a cluster a connection
        error (a master restarting, a failover) refreshes the slot map and retries for
        a few seconds before it is reported."""
        import redis.exceptions as errors

        attempts = RETRIES if self.cluster else 1
        wait = RETRY_WAIT
        for attempt in range(attempts):
            try:
                return work(self.node(part))
            except (errors.ConnectionError, errors.TimeoutError):
                if attempt == attempts - 1:
                    raise
            time.sleep(wait)
            wait *= 2
            self.refresh()
        raise AssertionError("unreachable")  # pragma: no cover

    def pipeline(self) -> Any:
        """A plain (non-transactional) pipeline of the client: on a cluster, redis-py
        sends each command to the master of its key."""
        return self.client.pipeline(transaction=False)

    def run(self, commands: Sequence[Command]) -> list[Any]:
        """Replies to ``(partition, command)`` pairs, in order. On a cluster the
        commands of each master go down one plain pipeline, all masters at once (a
        thread each); if the slot map has changed (a failover, a master restarting,
        resharding) the cluster client's own pipeline, which follows redirections and
        retries, runs them instead."""
        import redis.exceptions as errors

        with translating(self.location):
            if self.cluster:
                try:
                    return self._run_on_nodes(commands)
                except (errors.RedisError, errors.RedisClusterException):
                    self.refresh()
            pipe = self.pipeline()
            for _part, command in commands:
                pipe.execute_command(*command)
            return pipe.execute()

    def _master(self, part: int) -> tuple[str, Any]:
        """The name and plain client of the master of ``part`` (remembered)."""
        if part not in self._node_of:
            node = self.client.get_node_from_key(self.layout.key(part, "docs"))
            self._node_of[part] = (node.name, self.client.get_redis_connection(node))
        return self._node_of[part]

    def _run_on_nodes(self, commands: Sequence[Command]) -> list[Any]:
        groups: dict[str, list[int]] = defaultdict(list)
        clients: dict[str, Any] = {}
        for i, (part, _command) in enumerate(commands):
            name, clients[name] = self._master(part)
            groups[name].append(i)

        def run(name: str) -> list[Any]:
            pipe = clients[name].pipeline(transaction=False)
            for i in groups[name]:
                pipe.execute_command(*commands[i][1])
            return pipe.execute()

        if self._threads is None:
            self._threads = ThreadPoolExecutor(SHARD_THREADS, thread_name_prefix="shard")
        out: list[Any] = [None] * len(commands)
        names = list(groups)
        for name, replies in zip(names, self._threads.map(run, names), strict=True):
            for i, reply in zip(groups[name], replies, strict=True):
                out[i] = reply
        return out

    def fan_out(self, lookups: Sequence[Lookup]) -> list[Any]:
        """Run ``lookups`` in every partition: see :func:`merge_hits`."""
        if not lookups:
            return merge_hits(lookups, [])
        script = lookup_lines(lookups)
        layout = self.layout
        replies = self.run(
            [
                (
                    part,
                    ("EVAL", LOOKUP_SCRIPT, 1, layout.key(part, "docs"), layout.base(part), script),
                )
                for part in range(layout.partitions)
            ]
        )
        return merge_hits(lookups, replies)

    def close(self) -> None:
        """Stop the shard threads and close the client's connections."""
        if self._threads is not None:
            self._threads.shutdown(wait=False)
        with contextlib.suppress(Exception):
            self.client.close()
