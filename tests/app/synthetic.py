"""A synthetic scan result of any size (random fingerprints, a few planted groups), for
tests of views that must stay smooth with large classes."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from simhash_core.compare import PairMatrix
from simhash_core.compare.cluster import groups
from simhash_core.fingerprint.simhash import fingerprint_array, hamming_matrix
from simhash_core.types import Document, PairScore, ScanResult, ScanSettings, UnitSpans


def synthetic_document(i: int, fingerprint: int, label: str | None = None) -> Document:
    empty64 = np.zeros(0, np.uint64)
    return Document(
        path=f"s{i:04d}.txt",
        abspath=Path(f"/nonexistent/s{i:04d}.txt"),
        text=f"文档 {i}",
        kind="txt",
        fingerprint=fingerprint,
        minhash=np.zeros(8, np.uint64),
        shingle_seq=empty64,
        usable=np.zeros(0, bool),
        units=UnitSpans.empty(),
        keywords=(("文档", 1.0),),
        archive_label=label,
        ngram=ScanSettings().ngram,
    )


def synthetic_result(n: int, seed: int = 0, archived: int = 0, label: str = "2023") -> ScanResult:
    """``n`` documents; every 50th one copied by the next (similarity 0.9); the first
    ``archived`` ones come from the archive under ``label``."""
    rng = np.random.default_rng(seed)
    fps = [int(x) for x in rng.integers(0, 2**63, size=n, dtype=np.int64)]
    pairs = []
    for i in range(0, n - 1, 50):
        fps[i + 1] = fps[i] ^ 0b101
        pairs.append(PairScore(i, i + 1, 0.9, 2, 0.8, 0.85, 0.9, 500, 500, 0.9, 0.88, 3, True))
    docs = [synthetic_document(i, fp, label if i < archived else None) for i, fp in enumerate(fps)]
    dist = hamming_matrix(fingerprint_array(fps))
    sim = np.zeros((n, n), np.float32)
    flag = np.zeros((n, n), bool)
    for p in pairs:
        sim[p.a, p.b] = sim[p.b, p.a] = p.similarity
        flag[p.a, p.b] = flag[p.b, p.a] = True
    np.fill_diagonal(sim, 1.0)
    jac = sim.copy()
    matrix = PairMatrix(dist, jac, sim, sim.copy(), flag)
    return ScanResult(
        root=None,
        settings=ScanSettings(),
        documents=docs,
        pairs=pairs,
        clusters=groups(pairs, n),
        matrix=matrix,
    )
