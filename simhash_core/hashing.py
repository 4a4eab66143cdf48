"""Stable hashing: the same token gives the same 64 bits in every process and machine.

Python's built-in ``hash()`` is salted per process (``PYTHONHASHSEED``) and is never
used. xxHash's XXH3-64 over UTF-8 is fast and fixed by its specification.

>>> stable_hash64("上海") == stable_hash64("上海")
True
>>> hex(stable_hash64(""))
'0x2d06800538d394c2'
"""

from __future__ import annotations

import numpy as np
import xxhash


def stable_hash64(token: str) -> int:
    """64-bit XXH3 of the token's UTF-8 bytes (seed 0)."""
    return xxhash.xxh3_64_intdigest(token.encode("utf-8", "surrogatepass"))


class _HashCache(dict):
    def __missing__(self, token: str) -> int:
        value = stable_hash64(token)
        if len(self) < 2_000_000:
            self[token] = value
        return value


_CACHE = _HashCache()


def stable_hashes(tokens: list[str]) -> np.ndarray:
    """:func:`stable_hash64` of each token as a uint64 array (memoized per process)."""
    return np.fromiter(map(_CACHE.__getitem__, tokens), dtype=np.uint64, count=len(tokens))


def sorted_unique(values: np.ndarray) -> np.ndarray:
    """Sorted distinct values of a 1-D array.

    Same result as ``np.unique`` but sort-based: for uint64 hash arrays of a few
    thousand values it is about 20x faster than NumPy 2's hash-table ``unique``.

    >>> sorted_unique(np.array([3, 1, 3, 2], dtype=np.uint64)).tolist()
    [1, 2, 3]
    """
    s = np.sort(np.asarray(values))
    if len(s) < 2:
        return s
    keep = np.empty(len(s), dtype=bool)
    keep[0] = True
    np.not_equal(s[1:], s[:-1], out=keep[1:])
    return s[keep]


def in_sorted(values: np.ndarray, sorted_set: np.ndarray) -> np.ndarray:
    """``np.isin(values, sorted_set)`` for a sorted ``sorted_set``, by a binary search per
    value (a few dozen template shingles against thousands: 3x faster than isin's sort;
    a large class's every shingle held four times: no sort of both at all).

    >>> in_sorted(np.array([5, 1, 7, 3]), np.array([1, 3, 4])).tolist()
    [False, True, False, True]
    """
    if not len(sorted_set):
        return np.zeros(len(values), bool)
    at = np.minimum(np.searchsorted(sorted_set, values), len(sorted_set) - 1)
    return sorted_set[at] == values
