"""Archive benchmark: synthetic archived fingerprints in each backend.

For ``--n`` synthetic documents (64-bit SimHash fingerprints and 128-value MinHash
signatures, no text), per backend:

* insert throughput (documents per second, bulk transactions of ``--batch``);
* query latency p50 / p99 for planted near-duplicates at Hamming distances 0..3
  (their signatures agree on about 90% of values), as the archive answers them:
  SimHash block lookups alone, and block plus MinHash band lookups;
* recall of the planted documents (must be 100% for k <= 3);
* size: the SQLite file on disk, Redis ``used_memory``;
* the time of a full consistency check (``archive check``), which must find nothing;
* the ratio of the query time to a brute-force numpy scan of every fingerprint.

Usage::

    python benchmarks/archive.py                  # 1,000,000 in SQLite and Redis
    python benchmarks/archive.py --n 200000 --backends sqlite
    python benchmarks/archive.py --redis redis://127.0.0.1:6379/0
    python benchmarks/archive.py --backends redis,cluster --n 200000

Without ``--redis`` a private ``redis-server`` is started on a free loopback port
(without persistence) and stopped at the end; without the binary, Redis is skipped.
``cluster`` starts a private Redis Cluster of ``--masters`` masters (3) on loopback
(``redis-cli --cluster create``) and files the archive in its partitions; its size is
the ``used_memory`` of all masters together.
"""

from __future__ import annotations

import argparse
import contextlib
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from simhash_core.archive.codec import (
    ArchiveConfig,
    entries_from_arrays,
    probe_from_arrays,
)
from simhash_core.archive.indexed import IndexedArchive

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# Redis takes about 0.5 ms of client time per synthetic document (the Python client
# encodes and parses ~40 index members per document), so the 1,000,000 the issue asks
# for take about 7 minutes of inserting and ~6 GB in redis-server; --n-redis 200000
# gives a quicker look.
REDIS_DEFAULT = 1_000_000
SIG_MAX = (1 << 31) - 1  # MinHash values are below the Mersenne prime 2**31 - 1
K = 3


@dataclass
class Synthetic:
    """Reproducible synthetic archive: fingerprints in memory, signatures per batch."""

    n: int
    perms: int
    seed: int = 7
    fps: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        rng = np.random.default_rng(self.seed)
        self.fps = rng.integers(0, 2**64 - 1, size=self.n, dtype=np.uint64, endpoint=True)

    def signatures(self, start: int, stop: int) -> np.ndarray:
        rng = np.random.default_rng([self.seed, start])
        return rng.integers(0, SIG_MAX, size=(stop - start, self.perms), dtype=np.uint64)


@dataclass
class Planted:
    """A query near document ``source`` (0-based) at Hamming distance ``distance``."""

    source: int
    distance: int
    fingerprint: int
    signature: np.ndarray


def plant(data: Synthetic, count: int, batch: int, seed: int = 11) -> list[Planted]:
    """``count`` queries near random archived documents, a quarter at each distance."""
    rng = np.random.default_rng(seed)
    sources = rng.choice(data.n, size=count, replace=False)
    sigs: dict[int, np.ndarray] = {}
    for start in sorted({int(s) - int(s) % batch for s in sources}):
        block = data.signatures(start, min(start + batch, data.n))
        for s in sources[(sources >= start) & (sources < start + batch)].tolist():
            sigs[s] = block[s - start].copy()
    out = []
    for q, src in enumerate(sources.tolist()):
        distance = q % (K + 1)
        fp = int(data.fps[src])
        for bit in rng.choice(64, size=distance, replace=False).tolist():
            fp ^= 1 << bit
        sig = sigs[src]
        changed = rng.choice(data.perms, size=data.perms // 10, replace=False)
        sig[changed] = rng.integers(0, SIG_MAX, size=len(changed), dtype=np.uint64)
        out.append(Planted(src, distance, fp, sig))
    return out


@dataclass
class Row:
    backend: str
    n: int
    insert_s: float
    size_label: str
    size_bytes: int
    blocks_ms: list[float]
    full_ms: list[float]
    brute_ms: list[float]
    recall: dict[int, float]
    candidates: float
    check_s: float


def _pct(values: list[float], q: float) -> float:
    return float(np.percentile(np.asarray(values), q))


def insert(
    store: IndexedArchive, data: Synthetic, batch: int, label: str
) -> tuple[float, np.ndarray]:
    """Bulk-load the synthetic archive; returns seconds and the id given to each
    document (a cluster numbers each partition's documents apart)."""
    ids = np.zeros(data.n, dtype=np.int64)
    t0 = time.perf_counter()
    last = t0
    for start in range(0, data.n, batch):
        stop = min(start + batch, data.n)
        entries = entries_from_arrays(
            data.fps[start:stop], data.signatures(start, stop), store.config, start=start
        )
        added = store.add_entries(entries, label, batch_size=len(entries))
        ids[start:stop] = [r.doc_id for r in added]
        now = time.perf_counter()
        if now - last > 15 or stop == data.n:
            rate = stop / (now - t0)
            print(f"  {label}: {stop:>9,} documents, {rate:,.0f}/s", file=sys.stderr, flush=True)
            last = now
    return time.perf_counter() - t0, ids


def measure(
    name: str, store: IndexedArchive, data: Synthetic, queries: list[Planted], batch: int
) -> Row:
    print(f"{name}: inserting {data.n:,} documents", file=sys.stderr, flush=True)
    seconds, ids = insert(store, data, batch, "synthetic")
    assert store.count() == data.n, (store.count(), data.n)
    cfg = store.config
    blocks_ms, full_ms, brute_ms = [], [], []
    found = {d: 0 for d in range(K + 1)}
    total = {d: 0 for d in range(K + 1)}
    n_candidates = 0
    for q in queries:
        full = probe_from_arrays(q.fingerprint, q.signature, cfg)
        blocks_only = probe_from_arrays(q.fingerprint, np.zeros(0, np.uint64), cfg)
        t = time.perf_counter()
        hits = store.find_probe(blocks_only, K)
        blocks_ms.append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        both = store.find_probe(full, K)
        full_ms.append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        brute = np.nonzero(np.bitwise_count(data.fps ^ np.uint64(q.fingerprint)) <= K)[0]
        brute_ms.append((time.perf_counter() - t) * 1000)
        want = int(ids[q.source])
        total[q.distance] += 1
        got = {c.doc_id: c.distance for c in hits}
        found[q.distance] += got.get(want) == q.distance
        assert set(ids[brute].tolist()) == set(got), "blocks disagree with brute force"
        assert want in {c.doc_id for c in both}
        n_candidates += len(both)
    print(f"{name}: checking", file=sys.stderr, flush=True)
    t = time.perf_counter()
    problems = store.check()
    check_s = time.perf_counter() - t
    assert problems == [], problems[:5]
    size_label = "memory" if name.startswith("Redis") else "disk"
    return Row(
        backend=name,
        n=data.n,
        insert_s=seconds,
        size_label=size_label,
        size_bytes=store.storage_bytes(),
        blocks_ms=blocks_ms,
        full_ms=full_ms,
        brute_ms=brute_ms,
        recall={d: found[d] / total[d] for d in total if total[d]},
        candidates=n_candidates / len(queries),
        check_s=check_s,
    )


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def private_redis() -> Iterator[str | None]:
    """A throwaway redis-server on loopback, or None without the binary."""
    exe = shutil.which("redis-server")
    if exe is None:
        yield None
        return
    with tempfile.TemporaryDirectory() as tmp:
        port = _free_port()
        args = ["--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        proc = subprocess.Popen(
            [exe, *args, "--dir", tmp], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        try:
            import redis

            client = redis.Redis(port=port)
            for _ in range(200):
                try:
                    client.ping()
                    break
                except redis.exceptions.ConnectionError:
                    time.sleep(0.05)
            client.close()
            yield f"redis://127.0.0.1:{port}/0"
        finally:
            proc.terminate()
            proc.wait(timeout=30)


def table(rows: list[Row], queries: int) -> str:
    header = (
        "| backend | archived | insert docs/s | query p50 / p99 ms (blocks) "
        "| query p50 / p99 ms (blocks + bands) | recall d=0/1/2/3 | candidates/query "
        "| size | brute-force p50 ms | query / brute (p50) | check s |"
    )
    lines = [header, "|" + "---|" * 11]
    for r in rows:
        recall = "/".join(f"{r.recall[d]:.0%}" for d in sorted(r.recall))
        brute = _pct(r.brute_ms, 50)
        lines.append(
            f"| {r.backend} | {r.n:,} | {r.n / r.insert_s:,.0f} "
            f"| {_pct(r.blocks_ms, 50):.2f} / {_pct(r.blocks_ms, 99):.2f} "
            f"| {_pct(r.full_ms, 50):.2f} / {_pct(r.full_ms, 99):.2f} "
            f"| {recall} | {r.candidates:.1f} "
            f"| {r.size_bytes / 1e6:,.0f} MB {r.size_label} ({r.size_bytes / r.n:,.0f} B/doc) "
            f"| {brute:.2f} "
            f"| {_pct(r.blocks_ms, 50) / brute:.2f} / {_pct(r.full_ms, 50) / brute:.2f} "
            f"| {r.check_s:.1f} |"
        )
    lines.append(
        f"\n{queries} planted queries (a quarter at each distance 0..3), k = {K}; the "
        "block lookups' answers equal a brute-force scan for every query. 'blocks + bands' "
        "adds the 32 MinHash LSH lookups and the signature check. Brute force = numpy "
        "popcount over all fingerprints in memory. 'check s': one full consistency check "
        "of the archive (it found no problem)."
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=1_000_000, help="archived documents (1,000,000)")
    ap.add_argument(
        "--n-redis",
        type=int,
        default=REDIS_DEFAULT,
        help=f"documents for Redis (default {REDIS_DEFAULT:,})",
    )
    ap.add_argument("--queries", type=int, default=1000, help="planted queries (1000)")
    ap.add_argument("--batch", type=int, default=20_000, help="documents per transaction")
    ap.add_argument("--backends", default="sqlite,redis,cluster", help="sqlite,redis,cluster")
    ap.add_argument("--masters", type=int, default=3, help="masters of the private cluster (3)")
    ap.add_argument(
        "--redis", metavar="URL", help="use this Redis server (only its plagbench:* keys)"
    )
    ap.add_argument("--dir", type=Path, help="folder for the SQLite file (default: a temp dir)")
    args = ap.parse_args(argv)
    backends = [b.strip() for b in args.backends.split(",") if b.strip()]
    config = ArchiveConfig()
    rows: list[Row] = []
    t0 = time.perf_counter()

    if "sqlite" in backends:
        from simhash_core.archive.sqlite_store import SQLiteArchive

        data = Synthetic(args.n, config.minhash_perms)
        queries = plant(data, args.queries, args.batch)
        with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
            store = SQLiteArchive(Path(tmp) / "archive.sqlite")
            store._db.execute("PRAGMA cache_size = -1000000")  # 1 GB page cache for bulk
            rows.append(measure("SQLite (WAL)", store, data, queries, args.batch))
            print(table(rows[-1:], args.queries), flush=True)
            store.close()

    if "redis" in backends:
        from simhash_core.archive.redis_store import RedisArchive

        n = min(args.n_redis, args.n)
        data = Synthetic(n, config.minhash_perms)
        queries = plant(data, args.queries, args.batch)
        with contextlib.ExitStack() as stack:
            url = args.redis or stack.enter_context(private_redis())
            if url is None:
                print("redis-server is not installed: Redis skipped", file=sys.stderr)
            else:
                RedisArchive(url, prefix="plagbench").flush()  # a previous run's keys only
                store = RedisArchive(url, prefix="plagbench")
                rows.append(measure("Redis", store, data, queries, args.batch))
                print(table(rows[-1:], args.queries), flush=True)
                if args.redis:  # a shared server is left as found (the private one just stops)
                    store.flush()
                store.close()

    if "cluster" in backends:
        from simhash_core.archive.redis_store import RedisArchive
        from tests.redis_servers import LocalCluster

        n = min(args.n_redis, args.n)
        data = Synthetic(n, config.minhash_perms)
        queries = plant(data, args.queries, args.batch)
        with tempfile.TemporaryDirectory() as tmp:
            local = LocalCluster(Path(tmp), masters=args.masters, persist=False)
            if not local.available:
                print("redis-server is not installed: Redis Cluster skipped", file=sys.stderr)
            else:
                with local:
                    store = RedisArchive(local.url, prefix="plagbench")
                    name = f"Redis Cluster ({args.masters} masters, {store.partitions} parts)"
                    rows.append(measure(name, store, data, queries, args.batch))
                    print(table(rows[-1:], args.queries), flush=True)
                    store.close()

    print("\nAll backends:")
    print(table(rows, args.queries))
    for r in rows:
        if r.backend.startswith("Redis") and r.n < args.n:
            minutes = args.n / (r.n / r.insert_s) / 60
            print(
                f"note: Redis was measured with {r.n:,} documents; at the measured rate, "
                f"{args.n:,} would take about {minutes:.0f} min to insert "
                f"(run with --n-redis {args.n} to measure it)."
            )
    print(f"total benchmark time {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
