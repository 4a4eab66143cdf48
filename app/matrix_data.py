"""Dense matrix values in display order, built once per scan result (pure numpy).

The values are the core's :class:`~simhash_core.compare.PairMatrix`, permuted; the
comparison makes one for every class up to the dense limit (archived documents
included), and above it there is no matrix to show.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from app.metrics import Metric, heat
from simhash_core.compare.matrix_order import matrix_order
from simhash_core.types import PairScore, ScanResult


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
        m = result.matrix
        if n == 0 or m is None or len(m.similarity) != n:  # above the dense limit
            data = cls.empty()
            data.pairs = {pair_key(p.a, p.b): p for p in result.pairs}
            return data
        order = np.asarray(matrix_order([d.path for d in docs], result.clusters), dtype=np.int64)
        position = np.empty(n, dtype=np.int64)
        position[order] = np.arange(n)
        ix = np.ix_(order, order)
        values = {
            Metric.SIMILARITY: np.asarray(m.similarity, np.float32)[ix],
            Metric.DISTANCE: np.asarray(m.distance, np.float32)[ix],
            Metric.JACCARD: np.asarray(m.jaccard, np.float32)[ix],
            Metric.CONTAINMENT: np.asarray(m.containment, np.float32)[ix],
        }
        pairs = {pair_key(p.a, p.b): p for p in result.pairs}
        return cls(order, position, values, np.asarray(m.flagged, bool)[ix], pairs)

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
