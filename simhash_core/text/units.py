"""Comparison units and shingles: every CJK character is a unit and every run of
Latin letters or digits is a unit (character units make Chinese matching immune to
segmentation changes around an edit). Units feed shingles, MinHash, containment and
passages.

>>> u = units("hello 世界, hi")
>>> u.tokens
['hello', '世', '界', 'hi']
>>> u.starts.tolist(), u.ends.tolist()
([0, 6, 7, 10], [5, 7, 8, 12])
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from simhash_core.hashing import sorted_unique, stable_hashes
from simhash_core.text.lazy_regex import LazyRegex
from simhash_core.text.normalize import CJK_RANGES

_UNIT_RUN = LazyRegex(rf"(?P<cjk>[{CJK_RANGES}]+)|(?P<word>[^\W_{CJK_RANGES}]+)")
_CJK_RUN = LazyRegex(rf"[{CJK_RANGES}]+")
_LATIN_WORD = LazyRegex(rf"[^\W_{CJK_RANGES}]+")

# multiplier for the polynomial combination of unit hashes into a shingle hash
_SHINGLE_MULT = np.uint64(0x9E3779B97F4A7C15)


@dataclass(frozen=True)
class Units:
    """Comparison units with their ``[start, end)`` spans in the normalized text."""

    tokens: list[str]
    starts: np.ndarray  # int32
    ends: np.ndarray  # int32

    def __len__(self) -> int:
        return len(self.tokens)


def units(text: str) -> Units:
    """Split normalized text into CJK characters and Latin/digit words.

    Matches whole CJK runs and splits them in C (``list(run)``), which is several
    times faster than one regex match per character.
    """
    tokens: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    for m in _UNIT_RUN.finditer(text):
        s, e = m.span()
        run = m.group()
        if m.lastgroup == "cjk":
            tokens.extend(run)
            starts.extend(range(s, e))
            ends.extend(range(s + 1, e + 1))
        else:
            tokens.append(run)
            starts.append(s)
            ends.append(e)
    return Units(tokens, np.asarray(starts, dtype=np.int32), np.asarray(ends, dtype=np.int32))


@dataclass(frozen=True)
class UnitHashes:
    """What :func:`units` gives, with each unit's :func:`stable_hash64` instead of its
    text: the form the shingles need."""

    hashes: np.ndarray  # uint64
    starts: np.ndarray  # int32
    ends: np.ndarray  # int32

    def __len__(self) -> int:
        return len(self.hashes)


_OTHER, _WORD, _CJK = 0, 1, 2
# Per code point, filled as code points are met: the class (-1: not seen yet) and, for
# CJK characters (all in the BMP), the hash. 1.1 MB + 0.5 MB per process.
_CLASS_TABLE = np.full(0x110000, -1, np.int8)
_CJK_HASH = np.zeros(0x10000, np.uint64)
_CJK_HASHED = np.zeros(0x10000, bool)


def _classes(codepoints: np.ndarray) -> np.ndarray:
    """Class of each code point (:data:`_CJK`, :data:`_WORD` or :data:`_OTHER`), the
    same decision as the ``_UNIT_RUN`` pattern makes."""
    cls = _CLASS_TABLE[codepoints]
    unseen = cls < 0
    if unseen.any():
        for cp in sorted_unique(codepoints[unseen]).tolist():
            ch = chr(cp)
            _CLASS_TABLE[cp] = (
                _CJK if _CJK_RUN.fullmatch(ch) else _WORD if _LATIN_WORD.fullmatch(ch) else _OTHER
            )
        cls = _CLASS_TABLE[codepoints]
    return cls


def _cjk_hashes(codepoints: np.ndarray) -> np.ndarray:
    """:func:`stable_hash64` of single CJK characters, by code point."""
    unseen = ~_CJK_HASHED[codepoints]
    if unseen.any():
        new = sorted_unique(codepoints[unseen])
        _CJK_HASH[new] = stable_hashes([chr(c) for c in new.tolist()])
        _CJK_HASHED[new] = True
    return _CJK_HASH[codepoints]


def unit_hashes(text: str) -> UnitHashes:
    """:func:`units` of ``text`` as hashes, computed on code point arrays: same units,
    same spans, ``hashes == stable_hashes(units(text).tokens)``, several times faster
    on Chinese text (a CJK character is hashed once per distinct character).

    >>> u = unit_hashes("hello 世界, hi")
    >>> u.starts.tolist(), u.ends.tolist()
    ([0, 6, 7, 10], [5, 7, 8, 12])
    >>> bool((u.hashes == stable_hashes(units("hello 世界, hi").tokens)).all())
    True
    """
    if not text:
        empty = np.zeros(0, np.int32)
        return UnitHashes(np.zeros(0, np.uint64), empty, empty)
    cps = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), np.uint32)
    cls = _classes(cps)
    cjk = np.flatnonzero(cls == _CJK)
    cjk_hashes = _cjk_hashes(cps[cjk])
    word = cls == _WORD
    edges = np.flatnonzero(np.diff(np.concatenate([[False], word, [False]]).astype(np.int8)))
    w_starts, w_ends = edges[::2], edges[1::2]
    w_hashes = stable_hashes(
        [text[a:b] for a, b in zip(w_starts.tolist(), w_ends.tolist(), strict=True)]
    )
    starts = np.concatenate([cjk, w_starts])
    order = np.argsort(starts, kind="stable")
    return UnitHashes(
        np.concatenate([cjk_hashes, w_hashes])[order],
        starts[order].astype(np.int32),
        np.concatenate([cjk + 1, w_ends])[order].astype(np.int32),
    )


def _mix64(x: np.ndarray) -> np.ndarray:
    """SplitMix64 finalizer: spreads the bits of a uint64 array (wrapping arithmetic)."""
    x = x.copy()
    x ^= x >> np.uint64(30)
    x *= np.uint64(0xBF58476D1CE4E5B9)
    x ^= x >> np.uint64(27)
    x *= np.uint64(0x94D049BB133111EB)
    x ^= x >> np.uint64(31)
    return x


def shingle_hashes(tokens: list[str], n: int) -> np.ndarray:
    """Hash of every window of ``n`` consecutive units, in text order (uint64).

    Position ``i`` covers units ``[i, i + n)``. Texts shorter than ``n`` units give
    one shingle over the whole text (or none when empty).

    >>> h = shingle_hashes(list("abcdef"), 3)
    >>> len(h), bool(h[0] == shingle_hashes(list("xabc"), 3)[1])
    (4, True)
    """
    if n < 1:
        raise ValueError(f"n must be >= 1, got {n}")
    return shingles_of_hashes(stable_hashes(tokens), n)


def shingles_of_hashes(unit: np.ndarray, n: int) -> np.ndarray:
    """:func:`shingle_hashes` from the units' hashes (see :func:`unit_hashes`)."""
    if n < 1:
        raise ValueError(f"n must be >= 1, got {n}")
    if len(unit) == 0:
        return np.zeros(0, dtype=np.uint64)
    if len(unit) < n:
        n = len(unit)
    count = len(unit) - n + 1
    acc = np.zeros(count, dtype=np.uint64)
    with np.errstate(over="ignore"):
        for j in range(n):
            acc = acc * _SHINGLE_MULT + unit[j : j + count]
        return _mix64(acc)


def comparable_units(usable: np.ndarray, unit_count: int, n: int) -> np.ndarray:
    """Units covered by at least one usable shingle (the denominator of shares)."""
    width = min(n, max(unit_count, 1))
    pos = np.nonzero(usable)[0]
    delta = np.bincount(pos, minlength=unit_count + 1) - np.bincount(
        np.minimum(pos + width, unit_count), minlength=unit_count + 1
    )
    return np.cumsum(delta[:-1]) > 0
