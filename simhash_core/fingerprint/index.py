"""Indexes that find near-duplicates without comparing against everything.

:class:`SimHashIndex` uses the pigeonhole principle (Manku, Jain and Das Sarma 2007):
split the ``bits`` into ``k + 1`` blocks; two fingerprints within Hamming distance
``k`` agree exactly on at least one block. For ``bits=64, k=3`` that is 4 blocks of 16
bits. Candidates share a block value; each is then checked exactly, so results equal
brute force.

:class:`MinHashLSH` bands MinHash signatures (``bands x rows``) for Jaccard candidates.

>>> idx = SimHashIndex(k=3)
>>> idx.add("a", 0b1011); idx.add("b", 0b1011 ^ (1 << 63)); idx.add("c", 0xFFFF << 20)
>>> sorted(idx.query(0b1001))
['a', 'b']
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable

import numpy as np
import xxhash


def block_layout(bits: int, k: int) -> list[tuple[int, int]]:
    """``(shift, width)`` of each of the ``k + 1`` blocks, most significant first.

    >>> block_layout(64, 3)
    [(48, 16), (32, 16), (16, 16), (0, 16)]
    """
    if bits < 1 or bits > 64:
        raise ValueError(f"bits must be in [1, 64], got {bits}")
    if k < 0 or k >= bits:
        raise ValueError(f"k must be in [0, bits), got {k}")
    blocks = k + 1
    widths = [bits // blocks + (1 if i < bits % blocks else 0) for i in range(blocks)]
    layout = []
    shift = bits
    for w in widths:
        shift -= w
        layout.append((shift, w))
    return layout


class SimHashIndex:
    """Exact Hamming-ball search over fingerprints with pigeonhole block tables."""

    def __init__(self, bits: int = 64, k: int = 3) -> None:
        self.bits = bits
        self.k = k
        self.layout = block_layout(bits, k)
        self._tables: list[dict[int, set[Hashable]]] = [defaultdict(set) for _ in self.layout]
        self._fps: dict[Hashable, int] = {}

    def __len__(self) -> int:
        return len(self._fps)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._fps

    def _blocks(self, fp: int) -> list[int]:
        return [(fp >> shift) & ((1 << width) - 1) for shift, width in self.layout]

    def add(self, key: Hashable, fingerprint: int) -> None:
        """Insert or replace ``key``."""
        fingerprint = int(fingerprint)
        if fingerprint < 0 or fingerprint >> self.bits:
            raise ValueError(f"fingerprint must fit in {self.bits} bits")
        if key in self._fps:
            self.remove(key)
        self._fps[key] = fingerprint
        for table, value in zip(self._tables, self._blocks(fingerprint), strict=True):
            table[value].add(key)

    def remove(self, key: Hashable) -> None:
        """Delete ``key``; a missing key raises ``KeyError``."""
        fingerprint = self._fps.pop(key)
        for table, value in zip(self._tables, self._blocks(fingerprint), strict=True):
            bucket = table[value]
            bucket.discard(key)
            if not bucket:
                del table[value]

    def candidates(self, fingerprint: int) -> set[Hashable]:
        """Keys sharing at least one block with ``fingerprint`` (before the exact check)."""
        found: set[Hashable] = set()
        for table, value in zip(self._tables, self._blocks(int(fingerprint)), strict=True):
            bucket = table.get(value)
            if bucket:
                found |= bucket
        return found

    def query(self, fingerprint: int) -> list[Hashable]:
        """Keys within Hamming distance ``k`` of ``fingerprint``."""
        fingerprint = int(fingerprint)
        return [
            key
            for key in self.candidates(fingerprint)
            if (self._fps[key] ^ fingerprint).bit_count() <= self.k
        ]


def _equal_runs_pairs(keys: np.ndarray) -> np.ndarray:
    """All index pairs ``(i, j)``, ``i < j`` in original order, with equal ``keys``."""
    order = np.argsort(keys)
    sorted_keys = keys[order]
    found = []
    d = 1
    while d < len(sorted_keys):
        same = np.nonzero(sorted_keys[d:] == sorted_keys[:-d])[0]
        if len(same) == 0:
            break
        found.append(np.stack([order[same], order[same + d]], axis=1))
        d += 1
    if not found:
        return np.zeros((0, 2), dtype=np.int64)
    pairs = np.concatenate(found).astype(np.int64)
    return np.sort(pairs, axis=1)


def near_duplicate_pairs(fps: np.ndarray, k: int = 3, bits: int = 64) -> np.ndarray:
    """All pairs ``(i, j)``, ``i < j``, of fingerprints within distance ``k``.

    Vectorised pigeonhole: for each block, sort by block value and pair equal runs;
    then verify every candidate exactly. Returns an ``M x 2`` int64 array sorted by
    ``(i, j)``.

    >>> near_duplicate_pairs(np.array([0, 1, 0xFF, 3], dtype=np.uint64), k=1).tolist()
    [[0, 1], [1, 3]]
    """
    fps = np.asarray(fps, dtype=np.uint64)
    n = len(fps)
    cands = []
    for shift, width in block_layout(bits, k):
        block = (fps >> np.uint64(shift)) & np.uint64((1 << width) - 1)
        cands.append(_equal_runs_pairs(block))
    if not cands or n < 2:
        return np.zeros((0, 2), dtype=np.int64)
    pairs = np.concatenate(cands)
    codes = np.unique(pairs[:, 0] * n + pairs[:, 1])
    i, j = codes // n, codes % n
    close = np.bitwise_count(fps[i] ^ fps[j]) <= k
    return np.stack([i[close], j[close]], axis=1)


class MinHashLSH:
    """Banded LSH over MinHash signatures: keys whose signatures agree on all rows of
    at least one band are candidates (probability ``1 - (1 - s**rows)**bands``)."""

    def __init__(self, num_perm: int = 128, bands: int = 32) -> None:
        if bands < 1 or num_perm % bands:
            raise ValueError(f"bands must divide num_perm ({num_perm}), got {bands}")
        self.num_perm = num_perm
        self.bands = bands
        self.rows = num_perm // bands
        self._tables: list[dict[int, set[Hashable]]] = [defaultdict(set) for _ in range(bands)]
        self._keys: dict[Hashable, list[int]] = {}

    def _band_keys(self, sig: np.ndarray) -> list[int]:
        sig = np.ascontiguousarray(sig, dtype=np.uint64)
        if sig.shape != (self.num_perm,):
            raise ValueError(f"signature must have {self.num_perm} values")
        r = self.rows
        return [
            xxhash.xxh3_64_intdigest(sig[i * r : (i + 1) * r].tobytes()) for i in range(self.bands)
        ]

    def add(self, key: Hashable, sig: np.ndarray) -> None:
        if key in self._keys:
            self.remove(key)
        bands = self._band_keys(sig)
        self._keys[key] = bands
        for table, value in zip(self._tables, bands, strict=True):
            table[value].add(key)

    def remove(self, key: Hashable) -> None:
        for table, value in zip(self._tables, self._keys.pop(key), strict=True):
            table[value].discard(key)
            if not table[value]:
                del table[value]

    def query(self, sig: np.ndarray) -> set[Hashable]:
        found: set[Hashable] = set()
        for table, value in zip(self._tables, self._band_keys(sig), strict=True):
            bucket = table.get(value)
            if bucket:
                found |= bucket
        return found
