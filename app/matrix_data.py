"""Dense matrix values in display order, built once per scan result (pure numpy).

Uses the core's :class:`~simhash_core.compare.PairMatrix` when the scan made one; for
scans too large for a dense matrix it falls back to what the reported pairs and the
fingerprints give (unreported pairs then read as 0 / not flagged).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from app.metrics import Metric, heat
from simhash_core.matrix_order import matrix_order
from simhash_core.simhash import fingerprint_array, hamming_matrix
from simhash_core.types import DENSE_MATRIX_LIMIT, PairScore, ScanResult


def pair_key(a: int, b: int) -> tuple[int, int]:
    """The lookup key of an unordered pair of document indices."""
    return (a, b) if a < b else (b, a)


@dataclass
class MatrixData:
    """Every metric as an ``N x N`` array already permuted into display ``order``."""

    order: np.ndarray  # display position -> document index
    position: np.ndarray  # document index -> display position
    values: dict[Metric, np.ndarray]  # float32, display order
    flagged: np.ndarray  # bool, display order
    pairs: dict[tuple[int, int], PairScore]

    @classmethod
    def empty(cls) -> MatrixData:
        z = np.zeros((0, 0), dtype=np.float32)
        return cls(
            np.zeros(0, np.int64),
            np.zeros(0, np.int64),
            {m: z for m in Metric},
            np.zeros((0, 0), bool),
            {},
        )

    @classmethod
    def from_result(cls, result: ScanResult) -> MatrixData:
        docs = result.documents
        n = len(docs)
        if n == 0 or n > DENSE_MATRIX_LIMIT:
            data = cls.empty()
            data.pairs = {pair_key(p.a, p.b): p for p in result.pairs}
            return data
        order = np.asarray(matrix_order([d.path for d in docs], result.clusters), dtype=np.int64)
        position = np.empty(n, dtype=np.int64)
        position[order] = np.arange(n)
        m = result.matrix
        if m is not None and getattr(m, "similarity", None) is not None and len(m.similarity) == n:
            sim, dist = m.similarity, m.distance
            jac, cont, flag = m.jaccard, m.containment, m.flagged
        else:
            sim, dist, jac, cont, flag = _from_pairs(result)
        ix = np.ix_(order, order)
        values = {
            Metric.SIMILARITY: np.asarray(sim, np.float32)[ix],
            Metric.DISTANCE: np.asarray(dist, np.float32)[ix],
            Metric.JACCARD: np.asarray(jac, np.float32)[ix],
            Metric.CONTAINMENT: np.asarray(cont, np.float32)[ix],
        }
        pairs = {pair_key(p.a, p.b): p for p in result.pairs}
        return cls(order, position, values, np.asarray(flag, bool)[ix], pairs)

    @property
    def size(self) -> int:
        return len(self.order)

    def heat(self, metric: Metric) -> np.ndarray:
        """Heat of every cell for ``metric``; NaN on the diagonal (no value)."""
        h = heat(metric, self.values[metric])
        if len(h):
            np.fill_diagonal(h, np.nan)
        return h

    def pair(self, a: int, b: int) -> PairScore | None:
        return self.pairs.get(pair_key(a, b))


def _from_pairs(result: ScanResult) -> tuple[np.ndarray, ...]:
    """Dense arrays from the reported pairs (when the core made no matrix)."""
    n = len(result.documents)
    sim = np.zeros((n, n), np.float32)
    jac = np.zeros((n, n), np.float32)
    cont = np.zeros((n, n), np.float32)
    flag = np.zeros((n, n), bool)
    for p in result.pairs:
        sim[p.a, p.b] = sim[p.b, p.a] = p.similarity
        jac[p.a, p.b] = jac[p.b, p.a] = p.jaccard
        cont[p.a, p.b], cont[p.b, p.a] = p.containment_a, p.containment_b
        flag[p.a, p.b] = flag[p.b, p.a] = p.flagged
    np.fill_diagonal(sim, 1.0)
    np.fill_diagonal(jac, 1.0)
    np.fill_diagonal(cont, 1.0)
    dist = hamming_matrix(fingerprint_array(d.fingerprint for d in result.documents))
    return sim, dist, jac, cont, flag
