"""Speed benchmark: prints tables, asserts nothing.

    python benchmarks/speed.py [--samples ../shared/samples] [--quick]

Tables:
1. per-stage throughput on the sample class (documents/s, chars/s): extraction,
   normalization, segmentation, fingerprints (SimHash + shingles + MinHash);
2. whole scans: one worker vs all cores (speed-up);
3. pairs: all-pairs Hamming for 10,000 fingerprints, and near-duplicate pairs of
   100,000 through the pigeonhole index, with peak memory.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
import tracemalloc
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from simhash_core import minhash  # noqa: E402
from simhash_core.extract import extract  # noqa: E402
from simhash_core.index import near_duplicate_pairs  # noqa: E402
from simhash_core.normalize import normalize  # noqa: E402
from simhash_core.scan import scan  # noqa: E402
from simhash_core.simhash import hamming_matrix, simhash  # noqa: E402
from simhash_core.tokenize import segment, shingle_hashes, term_counts, units, warm_up  # noqa: E402
from simhash_core.types import ScanSettings  # noqa: E402
from simhash_core.weights import jieba_idf, tfidf  # noqa: E402


def timed(fn, *args, repeat: int = 1):
    best = float("inf")
    out = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn(*args)
        best = min(best, time.perf_counter() - t0)
    return best, out


def row(cells) -> str:
    return "| " + " | ".join(str(c) for c in cells) + " |"


def stage_table(files: list[Path]) -> None:
    warm_up()
    jieba_idf()
    t_extract, texts = timed(lambda: [extract(p).text for p in files])
    chars = sum(len(t) for t in texts)
    t_norm, norms = timed(lambda: [normalize(t).text for t in texts], repeat=3)
    t_seg, _ = timed(lambda: [segment(n) for n in norms], repeat=3)
    idf, default = jieba_idf()

    def fingerprints():
        for n in norms:
            w = tfidf(term_counts(n), idf, default)
            simhash(w.items())
            u = units(n)
            minhash.signature(np.unique(shingle_hashes(u.tokens, 5)))

    t_fp, _ = timed(fingerprints, repeat=3)
    n = len(files)
    print(f"\n### Stages on {n} sample files ({chars:,} characters), one core\n")
    print(row(["stage", "seconds", "documents/s", "chars/s"]))
    print(row(["---"] * 4))
    for name, t in [
        ("extraction (TXT/DOCX/PDF)", t_extract),
        ("normalization", t_norm),
        ("segmentation (jieba)", t_seg),
        ("fingerprints (features+SimHash+shingles+MinHash)", t_fp),
    ]:
        print(row([name, f"{t:.3f}", f"{n / t:,.0f}", f"{chars / t:,.0f}"]))
    by_kind: dict[str, list[Path]] = {}
    for p in files:
        by_kind.setdefault(p.suffix.lower(), []).append(p)
    print("\n" + row(["format", "files", "extraction documents/s"]))
    print(row(["---"] * 3))
    for kind, ps in sorted(by_kind.items()):
        t, _ = timed(lambda ps=ps: [extract(p) for p in ps])
        print(row([kind, len(ps), f"{len(ps) / t:,.1f}"]))


def scan_table(folder: Path, template: Path | None) -> None:
    print(f"\n### Whole scan of {folder} (cold, isolated worker processes)\n")
    print(row(["workers", "seconds", "documents/s", "speed-up"]))
    print(row(["---"] * 4))
    base = None
    for workers in [1, os.cpu_count() or 1]:
        t0 = time.perf_counter()
        r = scan([folder], [template] if template else [], ScanSettings(workers=workers))
        t = time.perf_counter() - t0
        base = base or t
        print(row([workers, f"{t:.2f}", f"{len(r.documents) / t:,.1f}", f"{base / t:.2f}x"]))


def pairs_table(n_all: int, n_index: int) -> None:
    rng = np.random.default_rng(0)
    print("\n### Pairs\n")
    print(row(["task", "fingerprints", "seconds", "peak memory (MB)"]))
    print(row(["---"] * 4))
    fps = rng.integers(0, 2**64 - 1, size=n_all, dtype=np.uint64, endpoint=True)
    tracemalloc.start()
    t, _ = timed(hamming_matrix, fps)
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    print(row(["all-pairs Hamming matrix (uint8)", f"{n_all:,}", f"{t:.3f}", f"{peak:,.0f}"]))
    fps = rng.integers(0, 2**64 - 1, size=n_index, dtype=np.uint64, endpoint=True)
    flips = rng.integers(0, 64, size=(n_index // 10, 3))
    near = fps[: n_index // 10].copy()
    for c in range(3):
        near ^= np.uint64(1) << flips[:, c].astype(np.uint64)
    allfps = np.concatenate([fps, near])
    tracemalloc.start()
    t, pairs = timed(near_duplicate_pairs, allfps, 3)
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    print(
        row(
            [
                f"near-duplicate pairs, k=3 ({len(pairs):,} found)",
                f"{len(allfps):,}",
                f"{t:.3f}",
                f"{peak:,.0f}",
            ]
        )
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--samples", type=Path, default=ROOT.parent / "shared" / "samples")
    ap.add_argument("--quick", action="store_true", help="skip the whole-scan table")
    args = ap.parse_args()
    print(f"# plagcheck speed ({os.cpu_count()} cores, Python {sys.version.split()[0]})")
    folder = args.samples / "class-zh" / "submissions"
    template = args.samples / "class-zh" / "template.txt"
    if folder.is_dir():
        stage_table(sorted(folder.iterdir()))
        if not args.quick:
            scan_table(folder, template)
    else:
        print(f"(no samples at {folder}: stage tables skipped)")
    pairs_table(10_000, 100_000)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\npeak resident memory of this process: {rss:,.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
