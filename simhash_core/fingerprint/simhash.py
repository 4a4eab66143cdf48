"""SimHash (Charikar 2002; Manku, Jain and Das Sarma 2007).

Each feature's hash adds ``+weight`` to the per-bit sums where its bit is 1 and
``-weight`` where it is 0; the fingerprint has a 1 wherever the sum is > 0. Bits are
read most significant first, so the bit string ``"010111"`` is ``0b010111``.

The method's worked example, with an identity hash on bit strings:

>>> feats = [("010111", 5), ("000101", 3), ("100111", 1)]
>>> bit_sums(feats, bits=6, hashfunc=lambda s: int(s, 2)).tolist()
[-7.0, 1.0, -9.0, 9.0, 3.0, 9.0]
>>> format(simhash(feats, bits=6, hashfunc=lambda s: int(s, 2)), "06b")
'010111'
>>> hamming(0b1011, 0b1001)
1
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import numpy as np

from simhash_core.hashing import stable_hash64, stable_hashes

HashFunc = Callable[[str], int]


def _bit_matrix(hashes: Sequence[int] | np.ndarray, bits: int) -> np.ndarray:
    """``len(hashes) x bits`` matrix of 0/1, most significant bit in column 0."""
    if bits == 64:  # the bytes of big-endian words, unpacked most significant bit first
        arr = np.asarray(hashes, dtype=np.uint64) if len(hashes) else np.zeros(0, np.uint64)
        as_bytes = arr.astype(">u8").view(np.uint8)
        return np.unpackbits(as_bytes).reshape(len(arr), 64).view(np.int8)
    if bits < 64:
        arr = np.asarray(hashes, dtype=np.uint64) if len(hashes) else np.zeros(0, np.uint64)
        shifts = np.arange(bits - 1, -1, -1, dtype=np.uint64)
        return ((arr[:, None] >> shifts[None, :]) & np.uint64(1)).astype(np.int8)
    rows = [[(h >> (bits - 1 - i)) & 1 for i in range(bits)] for h in hashes]
    return np.asarray(rows, dtype=np.int8).reshape(len(rows), bits)


def _check(bits: int) -> None:
    if not isinstance(bits, int) or bits < 1:
        raise ValueError(f"bits must be a positive int, got {bits!r}")


def bit_sums(
    features: Iterable[tuple[str, float]], bits: int = 64, hashfunc: HashFunc | None = None
) -> np.ndarray:
    """Per-bit weighted sums, most significant bit first (float64 array of ``bits``)."""
    _check(bits)
    feats = list(features)
    if not feats:
        return np.zeros(bits)
    tokens = [t for t, _ in feats]
    weights = np.asarray([float(w) for _, w in feats])
    hashes: Sequence[int] | np.ndarray
    if hashfunc is None:
        if bits > 64:
            raise ValueError("bits > 64 needs a hashfunc that returns that many bits")
        hashes = stable_hashes(tokens)
        if bits < 64:
            hashes = hashes >> np.uint64(64 - bits)
    else:
        mask = (1 << bits) - 1
        hashes = [int(hashfunc(t)) & mask for t in tokens]
    return weighted_bit_sums(hashes, weights, bits)


def weighted_bit_sums(
    hashes: Sequence[int] | np.ndarray, weights: np.ndarray, bits: int = 64
) -> np.ndarray:
    """Per-bit sums of ``+weight`` (the hash has a 1 there) or ``-weight`` (a 0), most
    significant bit first: :func:`bit_sums` once the features are hashed.

    >>> weighted_bit_sums(np.array([0b10, 0b11], np.uint64), np.array([2.0, 1.0]), 2).tolist()
    [3.0, -1.0]
    """
    if len(hashes) == 0:
        return np.zeros(bits)
    signs = 2 * _bit_matrix(hashes, bits).astype(np.float64) - 1.0
    return np.asarray(weights, dtype=np.float64) @ signs


def simhash(
    features: Iterable[tuple[str, float]], bits: int = 64, hashfunc: HashFunc | None = None
) -> int:
    """SimHash fingerprint of ``(token, weight)`` pairs.

    ``hashfunc`` maps a token to an int of ``bits`` bits; the default is a stable
    64-bit XXH3 (its top ``bits`` bits when ``bits < 64``).

    >>> simhash([("上海", 45.11), ("北京", 32.09)], bits=8,
    ...         hashfunc={"上海": 0b01011001, "北京": 0b11001011}.get) == 0b01011001
    True
    """
    return fingerprint_from_sums(bit_sums(features, bits, hashfunc))


def fingerprint_from_sums(sums: np.ndarray) -> int:
    """The fingerprint whose bit ``i`` (most significant first) is ``sums[i] > 0``.

    >>> fingerprint_from_sums(np.array([-7.0, 1, -9, 9, 3, 9])) == 0b010111
    True
    """
    value = 0
    for s in sums:
        value = (value << 1) | int(s > 0)
    return value


def hamming(a: int, b: int) -> int:
    """Number of differing bits: XOR, then popcount.

    >>> hamming(0b00101110, 0b00001111)
    2
    """
    return (int(a) ^ int(b)).bit_count()


def fingerprint_array(fps: Iterable[int]) -> np.ndarray:
    """Fingerprints as a uint64 array for the vectorised functions."""
    return np.fromiter((int(f) & 0xFFFFFFFFFFFFFFFF for f in fps), dtype=np.uint64)


def hamming_matrix(fps: np.ndarray, chunk: int = 64) -> np.ndarray:
    """All-pairs Hamming distances of uint64 fingerprints as a uint8 N x N array.

    Computed in row chunks (XOR then popcount) into reused buffers small enough to stay
    in cache, never as Python objects.

    >>> hamming_matrix(np.array([0b1011, 0b1001, 0], dtype=np.uint64)).tolist()
    [[0, 1, 3], [1, 0, 2], [3, 2, 0]]
    """
    fps = np.ascontiguousarray(fps, dtype=np.uint64)
    n = len(fps)
    out = np.empty((n, n), dtype=np.uint8)
    buf = np.empty((min(chunk, n), n), dtype=np.uint64)
    for start in range(0, n, chunk):
        stop = min(n, start + chunk)
        block = buf[: stop - start]
        np.bitwise_xor(fps[start:stop, None], fps[None, :], out=block)
        np.bitwise_count(block, out=out[start:stop])
    return out


def bit_contributions(
    keywords: Iterable[tuple[str, float]], bit: int, bits: int = 64
) -> list[tuple[str, float]]:
    """How each keyword pushed one fingerprint bit: ``+weight`` if its hash has a 1
    there, ``-weight`` otherwise, strongest first. ``bit`` 0 is the most significant.
    """
    if not 0 <= bit < bits:
        raise ValueError(f"bit must be in [0, {bits}), got {bit}")
    shift = bits - 1 - bit
    pushes = []
    for token, weight in keywords:
        one = (stable_hash64(token) >> (64 - bits + shift)) & 1
        pushes.append((token, float(weight) if one else -float(weight)))
    pushes.sort(key=lambda tw: (-abs(tw[1]), tw[0]))
    return pushes
