"""Every pair of a class, streamed: what ``--all-pairs`` writes without holding it.

A class of *n* documents has *n(n-1)/2* pairs: 200 million for 20,000 files, far too
many to keep as objects. The comparison keeps only the pairs it measured (those that
share enough shingles to hold a passage, or are SimHash-close); every other pair is,
by construction, unflagged with similarity 0, and only its SimHash distance, MinHash
Jaccard and containment differ. :class:`OtherPairs` computes those one row of the
matrix at a time, with numpy, so the reports can stream them.

>>> import numpy as np
>>> others = OtherPairs.build(
...     fingerprints=np.array([0, 1, 0xFF], np.uint64),
...     signatures=np.array([[1, 2], [1, 3], [4, 5]], np.uint64),
...     set_sizes=np.array([10, 20, 5]),
...     shared={(0, 1): 2},
...     measured=[(0, 2)],
... )
>>> len(others)
2
>>> [(p.a, p.b, p.simhash_distance, p.jaccard, p.containment_a) for p in others]
[(0, 1, 1, 0.5, 0.2), (1, 2, 7, 0.0, 0.0)]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

import numpy as np

from simhash_core.compare.corpus import SharedCounts
from simhash_core.fingerprint.minhash import _EMPTY
from simhash_core.types import PairScore


@dataclass(frozen=True)
class PairRow:
    """The unmeasured pairs ``(a, b[k])`` of one row of the matrix, as arrays."""

    a: int
    b: np.ndarray  # int64 partner indices, ascending, all > a
    distance: np.ndarray  # int SimHash distances
    jaccard_count: np.ndarray  # equal MinHash positions (Jaccard = count / perms)
    shared: np.ndarray  # int64 shared usable shingles


@dataclass(frozen=True, eq=False)
class OtherPairs:
    """The pairs among the first ``n`` documents that the comparison did not measure.

    Each is unflagged with similarity 0 and no passage (fewer than a passage's shingles
    in common and SimHash-far, which is why it was not measured).
    """

    fingerprints: np.ndarray  # uint64 (n,)
    signatures: np.ndarray  # uint64 (n, perms)
    set_sizes: np.ndarray  # int64 usable shingle set sizes
    measured_rows: tuple[np.ndarray, ...]  # per a: sorted partners b > a that were measured
    shared_starts: np.ndarray  # CSR over a of the pairs that share a shingle
    shared_partners: np.ndarray
    shared_counts: np.ndarray
    count: int

    @classmethod
    def build(
        cls,
        *,
        fingerprints: np.ndarray,
        signatures: np.ndarray,
        set_sizes: np.ndarray,
        shared: Mapping[tuple[int, int], int],
        measured: Iterable[tuple[int, int]],
    ) -> OtherPairs:
        """From the documents' arrays, the shared-shingle counts of the comparison
        (keys ``i < j``) and the pairs it measured (ignored where not both ``< n``)."""
        n = len(fingerprints)
        rows: list[list[int]] = [[] for _ in range(n)]
        for a, b in measured:
            a, b = min(a, b), max(a, b)
            if b < n:
                rows[a].append(b)
        measured_rows = tuple(np.unique(np.array(r, np.int64)) for r in rows)
        if isinstance(shared, SharedCounts):
            keys, counts = shared.pairs(), shared.counts.astype(np.int64)
        else:
            keys = np.array(list(shared.keys()), np.int64).reshape(-1, 2)
            counts = np.fromiter(shared.values(), np.int64, len(shared))
        inside = keys[:, 1] < n
        keys, counts = keys[inside], counts[inside]
        order = np.lexsort((keys[:, 1], keys[:, 0]))
        keys, counts = keys[order], counts[order]
        starts = np.searchsorted(keys[:, 0], np.arange(n + 1))
        total = n * (n - 1) // 2 - sum(len(r) for r in measured_rows)
        return cls(
            np.asarray(fingerprints, np.uint64),
            np.asarray(signatures, np.uint64),
            np.asarray(set_sizes, np.int64),
            measured_rows,
            starts,
            keys[:, 1].copy(),
            counts,
            total,
        )

    @property
    def perms(self) -> int:
        return self.signatures.shape[1] if self.signatures.ndim == 2 else 0

    def __len__(self) -> int:
        return self.count

    def rows(self) -> Iterator[PairRow]:
        """One :class:`PairRow` per document that has unmeasured partners, in order."""
        n = len(self.fingerprints)
        sigs = self.signatures
        empty = sigs == _EMPTY
        for a in range(n - 1):
            b = np.arange(a + 1, n, dtype=np.int64)
            skip = self.measured_rows[a]
            if len(skip):
                b = b[~np.isin(b, skip, assume_unique=True)]
            if not len(b):
                continue
            distance = np.bitwise_count(self.fingerprints[b] ^ self.fingerprints[a])
            equal = (sigs[b] == sigs[a]) & ~(empty[b] & empty[a])
            shared = np.zeros(len(b), np.int64)
            lo, hi = self.shared_starts[a], self.shared_starts[a + 1]
            if hi > lo:
                where = np.searchsorted(b, self.shared_partners[lo:hi])
                found = where < len(b)
                found[found] = b[where[found]] == self.shared_partners[lo:hi][found]
                shared[where[found]] = self.shared_counts[lo:hi][found]
            yield PairRow(a, b, distance, equal.sum(axis=1), shared)

    def measures(self) -> Iterator[tuple[int, list[tuple[int, int, float, float, float]]]]:
        """Per matrix row ``a``: ``[(b, distance, jaccard, containment_a, containment_b)]``,
        rounded as :func:`~simhash_core.compare.pair_score.judge_pair` rounds them."""
        perms = self.perms
        sizes = self.set_sizes.tolist()
        for row in self.rows():
            na = sizes[row.a]
            values = []
            for b, d, eq, sh in zip(
                row.b.tolist(),
                row.distance.tolist(),
                row.jaccard_count.tolist(),
                row.shared.tolist(),
                strict=True,
            ):
                nb = sizes[b]
                values.append(
                    (
                        b,
                        d,
                        round(eq / perms, 4) if perms else 0.0,
                        round(sh / na, 4) if na and sh else 0.0,
                        round(sh / nb, 4) if nb and sh else 0.0,
                    )
                )
            yield row.a, values

    def __iter__(self) -> Iterator[PairScore]:
        """Each pair as a :class:`PairScore` (for small classes and tests: one object
        per pair; reports use :meth:`measures`)."""
        for a, values in self.measures():
            for b, d, jaccard, ca, cb in values:
                yield PairScore(a, b, 0.0, d, jaccard, ca, cb)


def every_pair(pairs: Iterable[PairScore], others: OtherPairs | None) -> Iterator[PairScore]:
    """The reported pairs, then (with ``--all-pairs``) every other pair."""
    yield from pairs
    if others is not None:
        yield from others
