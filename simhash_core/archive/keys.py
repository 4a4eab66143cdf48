"""The index keys an archived document is filed under, computed the same way by every
backend, so SQLite and Redis give the same answers by construction.

Three candidate sources, each a set of integer keys per document:

* **SimHash blocks** (pigeonhole, Manku et al. 2007): the 64 bits cut into ``k + 1``
  blocks; two fingerprints within Hamming distance ``k`` agree on at least one block.
* **MinHash bands**: each band of ``rows`` signature values mixed into a 32-bit key;
  documents with an equal band are Jaccard candidates.
* **Winnowed shingles** (Schleimer, Wilkerson and Aiken 2003, MOSS): the minimum hash
  of every window of ``w`` consecutive shingles. Any passage of at least
  ``w + ngram - 1`` units that two documents share gives them a common selected
  hash, which is what SimHash and MinHash miss when only part of a text is copied.
  Keys keep the top 40 bits of the shingle hash.

>>> simhash_blocks(0x0001_0002_0003_0004, 3)
[1, 2, 3, 4]
>>> winnow(np.array([5, 3, 9, 3, 7, 8, 1, 4], np.uint64), np.ones(8, bool), 4).tolist()
[3, 6]
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from simhash_core.fingerprint.index import block_layout
from simhash_core.fingerprint.minhash import signature

WINNOW_KEY_BITS = 40
BAND_KEY_BITS = 32
_MASK64 = (1 << 64) - 1
_MAX64 = np.uint64(_MASK64)


def to_signed(value: int) -> int:
    """An unsigned 64-bit value as the signed integer SQLite stores.

    >>> to_signed(2**64 - 1), to_signed(5)
    (-1, 5)
    """
    value = int(value) & _MASK64
    return value - (1 << 64) if value >> 63 else value


def to_unsigned(value: int) -> int:
    """Inverse of :func:`to_signed`.

    >>> to_unsigned(-1) == 2**64 - 1
    True
    """
    return int(value) & _MASK64


def simhash_blocks(fingerprint: int, k: int, bits: int = 64) -> list[int]:
    """Block values of ``fingerprint`` for a pigeonhole index of distance ``k``."""
    fingerprint = int(fingerprint)
    return [(fingerprint >> shift) & ((1 << width) - 1) for shift, width in block_layout(bits, k)]


def _mix(z: np.ndarray) -> np.ndarray:
    """SplitMix64's finaliser, vectorised (uint64 arithmetic wraps by definition)."""
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


def band_keys(signatures: np.ndarray, bands: int) -> np.ndarray:
    """32-bit LSH key of each band of each signature: ``N x bands`` uint64.

    Accepts one signature or an ``N x num_perm`` array. Callers skip signatures of
    empty shingle sets (see :func:`has_bands`): such documents would all collide.

    >>> sig = np.arange(8, dtype=np.uint64)
    >>> band_keys(sig, 2).shape, bool((band_keys(sig, 2) < 2**32).all())
    ((1, 2), True)
    """
    sigs = np.atleast_2d(np.asarray(signatures, dtype=np.uint64))
    n, perms = sigs.shape
    if bands < 1 or perms % bands:
        raise ValueError(f"bands must divide the signature length {perms}, got {bands}")
    rows = perms // bands
    blocks = sigs.reshape(n, bands, rows)
    with np.errstate(over="ignore"):
        h = np.broadcast_to(
            _mix(np.arange(1, bands + 1, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)),
            (n, bands),
        ).copy()
        for r in range(rows):
            h = _mix(h ^ blocks[:, :, r])
    return h >> np.uint64(64 - BAND_KEY_BITS)


@lru_cache(maxsize=8)
def _empty_signature(num_perm: int) -> np.ndarray:
    return signature(np.zeros(0, dtype=np.uint64), num_perm)


def has_bands(sig: np.ndarray) -> bool:
    """Whether a signature is worth banding (it is not that of an empty set)."""
    sig = np.asarray(sig, dtype=np.uint64)
    return bool(len(sig)) and not np.array_equal(sig, _empty_signature(len(sig)))


def winnow(seq: np.ndarray, usable: np.ndarray, window: int) -> np.ndarray:
    """Positions selected by robust winnowing over the usable shingles of ``seq``.

    Unusable positions (template text, excluded regions) keep their place in the
    sequence, so windows stay positional, but are never selected. In each window the
    rightmost minimum is chosen; the result is the sorted unique positions.
    """
    if window < 1:
        raise ValueError(f"window must be >= 1, got {window}")
    seq = np.asarray(seq, dtype=np.uint64)
    n = len(seq)
    if n == 0:
        return np.zeros(0, dtype=np.int64)
    values = np.where(np.asarray(usable[:n], dtype=bool), seq, _MAX64)
    w = min(window, n)
    view = np.lib.stride_tricks.sliding_window_view(values, w)
    offset = w - 1 - np.argmin(view[:, ::-1], axis=1)  # rightmost minimum
    picked = np.unique(np.arange(len(view)) + offset)
    return picked[values[picked] != _MAX64]


def winnow_keys(seq: np.ndarray, usable: np.ndarray, window: int) -> np.ndarray:
    """Sorted unique 40-bit keys of the winnowed shingles (uint64)."""
    picked = winnow(seq, usable, window)
    keys = np.asarray(seq, dtype=np.uint64)[picked] >> np.uint64(64 - WINNOW_KEY_BITS)
    return np.unique(keys)


def pack(doc_id: int, key: int, low_bits: int) -> tuple[int, int]:
    """Split ``key`` into a bucket (its high bits) and a set member that carries the
    document id with the key's low bits: ``(bucket, doc_id << low_bits | low)``.

    Redis keeps one small integer set per bucket instead of one key per value, which
    takes a tenth of the memory; the member's low bits tell equal keys apart exactly.

    >>> pack(7, 0xABCDE, 8)
    (2748, 2014)
    >>> unpack(2014, 8)
    (7, 222)
    """
    return key >> low_bits, (doc_id << low_bits) | (key & ((1 << low_bits) - 1))


def unpack(member: int, low_bits: int) -> tuple[int, int]:
    """``(doc_id, low bits of the key)`` of a member made by :func:`pack`."""
    return member >> low_bits, member & ((1 << low_bits) - 1)
