"""Aligned matching passages between two documents.

Matching works on shingles (hashes of ``n`` consecutive units). Equal usable shingles
give match points ``(i, j)``; points on the same diagonal with consecutive ``i`` form
runs; runs close to each other in both documents, in the same order, merge into one
passage across small gaps and edits. Passages shorter than ``min_units`` are dropped:
short coincidences between honest essays are not evidence.

All positions here are unit indices. :func:`to_passages` maps them to character
offsets in each document's original text.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from simhash_core.types import Document, Passage

MAX_REPEATS = 8  # a shingle repeated more often than this in B is matched at 8 places


@dataclass
class UnitMatch:
    """Units ``[a0, a1)`` of A match units ``[b0, b1)`` of B; ``units`` of A's units
    are inside exact runs (the rest are bridged gaps)."""

    a0: int
    a1: int
    b0: int
    b1: int
    units: int


SortedShingles = tuple[np.ndarray, np.ndarray]


def sorted_shingles(seq: np.ndarray, ok: np.ndarray) -> SortedShingles:
    """Usable shingle hashes sorted, with their positions: B's side of an alignment,
    computed once per document instead of once per pair."""
    pos = np.nonzero(ok)[0]
    hashes = seq[pos]
    # stable: a repeated shingle keeps its occurrences in text order, so which of them
    # (at most MAX_REPEATS) an alignment uses never depends on unrelated positions
    order = np.argsort(hashes, kind="stable")
    return hashes[order], pos[order]


def _runs(a_index: SortedShingles, b_index: SortedShingles) -> np.ndarray:
    """Exact runs as an ``R x 3`` array of (i0, j0, length in shingles).

    Both sides come sorted by hash, so the binary searches walk memory in order.
    """
    b_sorted, b_pos = b_index
    a_hash, a_pos = a_index
    if len(b_pos) == 0 or len(a_pos) == 0:
        return np.zeros((0, 3), dtype=np.int64)
    lo = np.searchsorted(b_sorted, a_hash, "left")
    hi = np.searchsorted(b_sorted, a_hash, "right")
    count = np.minimum(hi - lo, MAX_REPEATS)
    hit = count > 0
    if not hit.any():
        return np.zeros((0, 3), dtype=np.int64)
    a_pos, lo, count = a_pos[hit], lo[hit], count[hit]
    ii = np.repeat(a_pos, count)
    starts = np.repeat(lo - np.cumsum(count) + count, count)
    jj = b_pos[np.arange(len(ii)) + starts]
    diag = jj - ii
    order = np.lexsort((ii, diag))
    ii, diag = ii[order], diag[order]
    new_run = np.ones(len(ii), dtype=bool)
    new_run[1:] = (diag[1:] != diag[:-1]) | (ii[1:] != ii[:-1] + 1)
    run_id = np.cumsum(new_run) - 1
    first = np.nonzero(new_run)[0]
    lengths = np.bincount(run_id)
    i0 = ii[first]
    return np.stack([i0, i0 + diag[first], lengths], axis=1).astype(np.int64)


def align_units(
    a_seq: np.ndarray,
    a_ok: np.ndarray,
    b_seq: np.ndarray,
    b_ok: np.ndarray,
    n: int,
    *,
    max_gap: int = 12,
    min_units: int = 12,
    b_index: SortedShingles | None = None,
    a_index: SortedShingles | None = None,
) -> list[UnitMatch]:
    """Matching passages of A in B, in A's order.

    >>> from simhash_core.text.units import shingle_hashes
    >>> a = list("abcdefghijklmnopqrstuvwxyz")
    >>> b = list("0123") + a[:10] + list("XY") + a[12:20] + list("9")
    >>> sa, sb = shingle_hashes(a, 3), shingle_hashes(b, 3)
    >>> [(m.a0, m.a1, m.b0, m.b1, m.units) for m in align_units(
    ...     sa, np.ones(len(sa), bool), sb, np.ones(len(sb), bool), 3, min_units=5)]
    [(0, 20, 4, 24, 18)]
    """
    runs = _runs(a_index or sorted_shingles(a_seq, a_ok), b_index or sorted_shingles(b_seq, b_ok))
    if len(runs) == 0:
        return []
    runs = runs[np.lexsort((runs[:, 1], runs[:, 0]))]
    open_: list[UnitMatch] = []
    done: list[UnitMatch] = []
    for i0, j0, length in runs.tolist():
        a0, a1, b0, b1 = i0, i0 + length - 1 + n, j0, j0 + length - 1 + n
        best = None
        for p in open_:
            fits = a0 <= p.a1 + max_gap and p.b1 - n <= b0 <= p.b1 + max_gap and a0 >= p.a0
            if fits and (best is None or abs(b0 - p.b1) < abs(b0 - best.b1)):
                best = p
        if best is not None:
            best.units += max(0, a1 - max(a0, best.a1))
            best.a1 = max(best.a1, a1)
            best.b1 = max(best.b1, b1)
        else:
            open_.append(UnitMatch(a0, a1, b0, b1, a1 - a0))
        # close passages that can no longer grow
        still = []
        for p in open_:
            (still if p.a1 + max_gap >= a0 else done).append(p)
        open_ = still
    done.extend(open_)
    kept = [p for p in done if p.units >= min_units]
    return _drop_nested(kept)


def _drop_nested(matches: list[UnitMatch]) -> list[UnitMatch]:
    """Passages in A's order, without those lying inside a longer one on both sides
    (a repeated phrase re-matched inside a passage already found).

    >>> [(m.a0, m.a1) for m in _drop_nested([UnitMatch(0, 50, 0, 50, 50),
    ...                                        UnitMatch(10, 20, 12, 22, 10)])]
    [(0, 50)]
    """
    by_size = sorted(matches, key=lambda m: (-(m.a1 - m.a0), m.a0, m.b0))
    kept: list[UnitMatch] = []
    for m in by_size:
        inside = any(k.a0 <= m.a0 and m.a1 <= k.a1 and k.b0 <= m.b0 and m.b1 <= k.b1 for k in kept)
        if not inside:
            kept.append(m)
    kept.sort(key=lambda p: (p.a0, p.b0))
    return kept


def covered(spans: list[tuple[int, int]], size: int) -> np.ndarray:
    """Boolean mask of ``size`` positions covered by any ``[start, end)`` span."""
    delta = np.zeros(size + 1, dtype=np.int64)
    for s, e in spans:
        delta[max(0, s)] += 1
        delta[min(size, e)] -= 1
    return np.cumsum(delta[:-1]) > 0


def char_span(doc: Document, u0: int, u1: int) -> tuple[int, int]:
    """Original-text character span of units ``[u0, u1)``."""
    u1 = min(u1, doc.unit_count)
    if u1 <= u0:
        return 0, 0
    return int(doc.unit_starts[u0]), int(doc.unit_ends[u1 - 1])


def to_passages(a: Document, b: Document, matches: list[UnitMatch]) -> list[Passage]:
    """Unit matches as :class:`Passage` objects with original-text offsets."""
    out = []
    for m in matches:
        a_start, a_end = char_span(a, m.a0, m.a1)
        b_start, b_end = char_span(b, m.b0, m.b1)
        out.append(Passage(a_start, a_end, b_start, b_end, m.units))
    return out
