"""Dense matrix values in display order, built once per scan result (pure numpy).

The values are the core's :class:`~simhash_core.compare.PairMatrix`, permuted; the
comparison makes one for every class up to the dense limit (archived documents
included). Above it the matrix is an overview of the groups: the members of the
strongest groups, group by group, up to :data:`OVERVIEW_LIMIT` documents, with the
cells of their reported pairs (a class of 100,000 has no N x N matrix to show).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from app.metrics import Metric, heat
from simhash_core.compare.matrix_order import matrix_order
from simhash_core.types import DENSE_MATRIX_LIMIT, PairScore, ScanResult

OVERVIEW_LIMIT = DENSE_MATRIX_LIMIT  # documents in the group overview of a large class


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
    overview: bool = False  # the group overview of a class above the dense limit
    groups_shown: int = 0  # in an overview: the groups whose members are shown
    groups_total: int = 0
    every_group_whole: bool = False  # in an overview: all members of all groups shown

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
        if n > DENSE_MATRIX_LIMIT and (m is None or len(m.similarity) != n):
            return cls.group_overview(result)  # too many files for a full matrix
        if n == 0 or m is None or len(m.similarity) != n:  # nothing compared (cancelled)
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

    @classmethod
    def group_overview(cls, result: ScanResult, limit: int = OVERVIEW_LIMIT) -> MatrixData:
        """The groups of a class too large for a full matrix: their members in the
        order of the groups (strongest first; a group that does not fit whole is cut),
        the cells of every reported pair between them, nothing elsewhere."""
        pairs = {pair_key(p.a, p.b): p for p in result.pairs}
        order: list[int] = []
        shown = 0
        for cluster in result.clusters:
            if len(order) >= limit:
                break
            lead = cluster.lead
            members = [lead, *sorted(m for m in cluster.members if m != lead)]
            order += members[: limit - len(order)]
            shown += 1
        k = len(order)
        if k == 0:
            data = cls.empty()
            data.pairs = pairs
            data.overview = True
            return data
        values, flagged = _overview_cells(result.pairs, order, len(result.documents))
        n = len(result.documents)
        position = np.full(n, -1, dtype=np.int64)
        position[np.asarray(order, dtype=np.int64)] = np.arange(k)
        return cls(
            np.asarray(order, dtype=np.int64),
            position,
            values,
            flagged,
            pairs,
            overview=True,
            groups_shown=shown,
            groups_total=len(result.clusters),
            every_group_whole=k == sum(len(c.members) for c in result.clusters),
        )

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


def _pair_columns(pairs: list[PairScore]) -> dict[str, np.ndarray]:
    """The pairs' indices and scores as arrays, one per field (one pass each)."""
    count = len(pairs)

    def column(name: str, dtype: type) -> np.ndarray:
        return np.fromiter((getattr(p, name) for p in pairs), dtype=dtype, count=count)

    return {
        "a": column("a", np.int64),
        "b": column("b", np.int64),
        "similarity": column("similarity", np.float32),
        "simhash_distance": column("simhash_distance", np.float32),
        "jaccard": column("jaccard", np.float32),
        "containment_a": column("containment_a", np.float32),
        "containment_b": column("containment_b", np.float32),
        "flagged": column("flagged", np.bool_),
    }


def _overview_cells(
    pairs: list[PairScore], order: list[int], documents: int
) -> tuple[dict[Metric, np.ndarray], np.ndarray]:
    """The overview's ``k x k`` metric arrays and flags: the cells of the reported
    pairs between the documents of ``order``, cold elsewhere. Vectorised: a class of
    5,000 with 25,000 pairs took 0.6 s in a loop over the pairs on the GUI thread."""
    k = len(order)
    position = np.full(documents, -1, dtype=np.int64)
    position[np.asarray(order, dtype=np.int64)] = np.arange(k)
    values = {
        Metric.SIMILARITY: np.zeros((k, k), np.float32),
        Metric.DISTANCE: np.full((k, k), 64, np.float32),
        Metric.JACCARD: np.zeros((k, k), np.float32),
        Metric.CONTAINMENT: np.zeros((k, k), np.float32),
    }
    flagged = np.zeros((k, k), bool)
    if not pairs:
        return values, flagged
    col = _pair_columns(pairs)
    i, j = position[col["a"]], position[col["b"]]
    shown = (i >= 0) & (j >= 0)
    i, j = i[shown], j[shown]
    rows, cols = np.concatenate([i, j]), np.concatenate([j, i])
    for metric, name in (
        (Metric.SIMILARITY, "similarity"),
        (Metric.DISTANCE, "simhash_distance"),
        (Metric.JACCARD, "jaccard"),
    ):
        both = np.concatenate([col[name][shown]] * 2)
        values[metric][rows, cols] = both
    flagged[rows, cols] = np.concatenate([col["flagged"][shown]] * 2)
    values[Metric.CONTAINMENT][i, j] = col["containment_a"][shown]
    values[Metric.CONTAINMENT][j, i] = col["containment_b"][shown]
    return values, flagged
