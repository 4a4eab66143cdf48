"""MinHash over shingle hashes: estimates of Jaccard similarity.

Two variants:

* ``k`` independent permutations ``(a * x + b) mod p`` with ``p = 2**31 - 1`` and
  ``a, b`` drawn from a fixed-seed generator, vectorised over all shingles at once.
* one hash with a bottom-``k`` sketch (the ``k`` smallest shingle hashes).

Exact Jaccard and containment on the shingle sets are here too, for the pairs that
need them.

>>> from simhash_core.hashing import stable_hashes
>>> a = np.unique(stable_hashes([str(i) for i in range(1000)]))
>>> b = np.unique(stable_hashes([str(i) for i in range(500, 1500)]))
>>> exact_jaccard(a, b)
0.3333333333333333
>>> abs(estimate_jaccard(signature(a), signature(b)) - 1 / 3) < 0.1
True
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

PRIME = np.uint64((1 << 31) - 1)  # Mersenne prime: a * x + b < 2**63, no overflow
_EMPTY = PRIME  # larger than any permuted value: "no shingle"
SEED = 20260101


@lru_cache(maxsize=8)
def permutations(num_perm: int = 128, seed: int = SEED) -> tuple[np.ndarray, np.ndarray]:
    """Fixed ``(a, b)`` coefficient arrays, ``1 <= a < p`` and ``0 <= b < p``, drawn from
    a seeded PCG64 generator so signatures are identical on every machine."""
    if num_perm < 1:
        raise ValueError(f"num_perm must be >= 1, got {num_perm}")
    rng = np.random.Generator(np.random.PCG64(seed))
    a = rng.integers(1, int(PRIME), size=num_perm, dtype=np.uint64)
    b = rng.integers(0, int(PRIME), size=num_perm, dtype=np.uint64)
    return a, b


def permute(x: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``(a * x + b) mod p`` for every hash function (rows) and ``x < p`` (columns).

    >>> permute(np.array([3, 5], np.uint64), np.array([7], np.uint64),
    ...         np.array([2**31 - 2], np.uint64)).tolist()
    [[20, 34]]
    """
    v = np.empty((len(a), len(x)), dtype=np.uint64)
    _permute_into(x, a, b, v, np.empty_like(v))
    return v


_SHIFT = np.uint64(31)


def _permute_into(
    x: np.ndarray, a: np.ndarray, b: np.ndarray, v: np.ndarray, t: np.ndarray
) -> None:
    """``(a * x + b) mod p`` into ``v`` (``t`` is scratch of the same shape), for ``a, b,
    x < p``.

    ``a * x + b <= (p - 1) ** 2 + p - 1``, so its bits above 31 are at most ``2**31 - 3``
    and folding them onto the low 31 bits once (``2**31 ≡ 1 mod p``) leaves ``s < 2 *
    p`` congruent to the result. The result is then the smaller of ``s`` and ``s - p``:
    where ``s < p``, ``s - p`` wraps around to above ``2**64 - p``.

    >>> v, t = np.empty((1, 3), np.uint64), np.empty((1, 3), np.uint64)
    >>> top = 2**31 - 2  # p - 1: every operand at its largest
    >>> _permute_into(np.array([top, 1, 0], np.uint64), np.array([top], np.uint64),
    ...               np.array([top], np.uint64), v, t)
    >>> v.tolist() == [[(top * top + top) % (2**31 - 1), (2 * top) % (2**31 - 1), top]]
    True
    """
    np.multiply(a[:, None], x[None, :], out=v)
    v += b[:, None]
    np.right_shift(v, _SHIFT, out=t)
    v &= PRIME
    v += t
    np.subtract(v, PRIME, out=t)
    np.minimum(v, t, out=v)


def signature(shingles: np.ndarray, num_perm: int = 128, chunk: int = 128) -> np.ndarray:
    """MinHash signature (uint64, ``num_perm`` values) of a set of shingle hashes.

    Each 64-bit shingle hash is reduced modulo ``p = 2**31 - 1`` to give ``x``; each
    hash function is the universal permutation ``(a * x + b) mod p``. An empty set
    gives all-``p`` values (similar to nothing).

    The permuted values are computed a chunk of shingles at a time into two reused
    buffers that stay in the CPU cache.
    """
    a, b = permutations(num_perm)
    sig = np.full(num_perm, _EMPTY, dtype=np.uint64)
    x = np.asarray(shingles, dtype=np.uint64) % PRIME
    if len(x) == 0:
        return sig
    v_buf = np.empty((num_perm, min(chunk, len(x))), dtype=np.uint64)
    t_buf = np.empty_like(v_buf)
    for start in range(0, len(x), chunk):
        part = x[start : start + chunk]
        v, t = v_buf[:, : len(part)], t_buf[:, : len(part)]
        _permute_into(part, a, b, v, t)
        np.minimum(sig, v.min(axis=1), out=sig)
    return sig


def estimate_jaccard(sig_a: np.ndarray, sig_b: np.ndarray) -> float:
    """Share of equal positions in two signatures of the same length."""
    if sig_a.shape != sig_b.shape:
        raise ValueError("signatures must have the same number of permutations")
    if len(sig_a) == 0:
        return 0.0
    both_empty = (sig_a == _EMPTY) & (sig_b == _EMPTY)
    return float(np.count_nonzero((sig_a == sig_b) & ~both_empty)) / len(sig_a)


def jaccard_matrix(signatures: np.ndarray, flush: int = 1 << 22) -> np.ndarray:
    """All-pairs MinHash Jaccard estimates (float32 N x N) from an N x k array.

    Entry ``[i, j]`` is :func:`estimate_jaccard` of rows ``i`` and ``j``. Equal values are
    found by sorting each of the ``k`` columns, so the work grows with the number of
    equal (pair, position) events, not with ``N * N * k``: unrelated documents almost
    never share a value. Events are counted with ``bincount`` every ``flush`` of them.

    >>> m = jaccard_matrix(np.array([[1, 2, 3], [1, 2, 4], [5, 6, 7]], np.uint64))
    >>> [round(float(v), 3) for v in m[0]]
    [1.0, 0.667, 0.0]
    """
    sigs = np.asarray(signatures, dtype=np.uint64)
    n, k = sigs.shape
    counts = np.zeros(n * n, dtype=np.int64)
    pending: list[np.ndarray] = []
    size = 0
    for p in range(k):
        col = sigs[:, p]
        keep = np.nonzero(col != _EMPTY)[0]
        order = keep[np.argsort(col[keep], kind="stable")]  # equal values: ascending rows
        values = col[order]
        d = 1
        while d < len(values):
            same = np.nonzero(values[d:] == values[:-d])[0]
            if len(same) == 0:
                break
            codes = order[same] * n + order[same + d]  # row i < row j
            pending.append(codes)
            size += len(codes)
            if size >= flush:
                counts += np.bincount(np.concatenate(pending), minlength=n * n)
                pending, size = [], 0
            d += 1
    if pending:
        counts += np.bincount(np.concatenate(pending), minlength=n * n)
    square = counts.reshape(n, n)
    square += square.T
    square[np.diag_indices(n)] = np.count_nonzero(sigs != _EMPTY, axis=1)
    return (square / max(k, 1)).astype(np.float32)


def _jaccard_matrix_dense(signatures: np.ndarray, chunk: int = 64) -> np.ndarray:
    """The same matrix by comparing every pair at every position (the reference)."""
    sigs = np.asarray(signatures, dtype=np.uint64)
    n, k = sigs.shape
    out = np.empty((n, n), dtype=np.float32)
    valid = sigs != _EMPTY
    for start in range(0, n, chunk):
        part = sigs[start : start + chunk]
        eq = (part[:, None, :] == sigs[None, :, :]) & valid[None, :, :]
        out[start : start + chunk] = eq.sum(axis=2, dtype=np.int32) / np.float32(max(k, 1))
    return out


def bottom_k(shingles: np.ndarray, k: int = 256) -> np.ndarray:
    """One-hash MinHash: the ``k`` smallest shingle hashes, sorted."""
    if k < 1:
        raise ValueError(f"k must be >= 1, got {k}")
    uniq = np.unique(np.asarray(shingles, dtype=np.uint64))
    return uniq[:k]


def bottom_k_jaccard(sketch_a: np.ndarray, sketch_b: np.ndarray, k: int = 256) -> float:
    """Jaccard estimate from two bottom-k sketches: of the ``k`` smallest hashes of
    the union, the share present in both sketches."""
    union = np.union1d(sketch_a, sketch_b)[:k]
    if len(union) == 0:
        return 0.0
    both = np.intersect1d(sketch_a, sketch_b, assume_unique=True)
    return float(np.count_nonzero(np.isin(union, both, assume_unique=True))) / len(union)


def exact_jaccard(a: np.ndarray, b: np.ndarray) -> float:
    """|A ∩ B| / |A ∪ B| of two arrays of unique hashes."""
    inter = len(np.intersect1d(a, b, assume_unique=True))
    union = len(a) + len(b) - inter
    return inter / union if union else 0.0


def containment(a: np.ndarray, b: np.ndarray) -> float:
    """|A ∩ B| / |A|: the share of A's shingles found in B.

    >>> containment(np.array([1, 2, 3, 4], np.uint64), np.array([3, 4, 5], np.uint64))
    0.5
    """
    if len(a) == 0:
        return 0.0
    return len(np.intersect1d(a, b, assume_unique=True)) / len(a)
