"""Aligned matching passages between two documents.

Matching works on shingles (hashes of ``n`` consecutive units). Equal usable shingles
give match points ``(i, j)``; points on the same diagonal with consecutive ``i`` form
runs; runs close to each other in both documents, in the same order, merge into one
passage across small gaps and edits, and passages that touch or overlap in both
documents are one passage. Passages shorter than ``min_units`` are dropped: short
coincidences between honest essays are not evidence.

Repeated text is bounded: a shingle that occurs more than :data:`MAX_REPEATS` times in
B is matched with B's first :data:`MAX_REPEATS` occurrences and, at its ``r``-th
occurrence in A, with those around the ``r``-th. A line repeated 6,000 times (word-count
padding) in both documents then aligns along one diagonal, as the rest of the text
does, and the pieces that match it elsewhere touch or overlap that one passage on both
sides, so they are part of it (they were one passage per repetition, and an alignment
that grew with the square of the text).

All positions here are unit indices. :func:`to_passages` maps them to character
offsets in each document's original text.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from simhash_core.compare.shared_text import Members
from simhash_core.types import Document, Passage

MAX_REPEATS = 8  # a shingle repeated more often than this in B is matched at 16 places
MAX_GAP = 12  # units: runs this close in both documents, in order, are one passage
MIN_UNITS = 12  # units: a passage's least length, unless the caller gives its setting


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

    Both sides come sorted by hash, so the binary searches walk memory in order. Each
    of A's shingles is matched at most ``2 * MAX_REPEATS`` times (see
    :func:`_repeat_blocks`), so the runs grow linearly with the text.
    """
    b_sorted, b_pos = b_index
    a_hash, a_pos = a_index
    if len(b_pos) == 0 or len(a_pos) == 0:
        return np.zeros((0, 3), dtype=np.int64)
    lo = np.searchsorted(b_sorted, a_hash, "left")
    hi = np.searchsorted(b_sorted, a_hash, "right")
    first, count = _repeat_blocks(a_hash, lo, hi)
    hit = count > 0
    if not hit.any():
        return np.zeros((0, 3), dtype=np.int64)
    a_pos, first, count = np.concatenate([a_pos, a_pos])[hit], first[hit], count[hit]
    ii = np.repeat(a_pos, count)
    starts = np.repeat(first - np.cumsum(count) + count, count)
    jj = b_pos[np.arange(len(ii)) + starts]
    diag = jj - ii
    order = np.lexsort((ii, diag))
    ii, diag = ii[order], diag[order]
    new_run = np.ones(len(ii), dtype=bool)
    new_run[1:] = (diag[1:] != diag[:-1]) | (ii[1:] != ii[:-1] + 1)
    run_id = np.cumsum(new_run) - 1
    first_of_run = np.nonzero(new_run)[0]
    lengths = np.bincount(run_id)
    i0 = ii[first_of_run]
    return np.stack([i0, i0 + diag[first_of_run], lengths], axis=1).astype(np.int64)


def _repeat_blocks(
    a_hash: np.ndarray, lo: np.ndarray, hi: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Which of B's occurrences each of A's shingles is matched with: two blocks of B's
    sorted index per shingle, ``(first, count)`` for every first block then every
    second, in A's order.

    A shingle found at most :data:`MAX_REPEATS` times in B is matched with all of them.
    One found more often is matched with B's first :data:`MAX_REPEATS` and, at its
    ``r``-th occurrence in A (in text order), with the :data:`MAX_REPEATS` occurrences
    of B around the ``r``-th: repeated text also aligns with the same repetition on the
    other side, along one diagonal.

    >>> first, count = _repeat_blocks(np.array([5] * 30, np.uint64), np.zeros(30, np.int64),
    ...                               np.full(30, 30))
    >>> first[[0, 10, 29, 30, 40, 59]].tolist(), count[[0, 10, 29, 30, 40, 59]].tolist()
    ([0, 0, 0, 8, 8, 22], [8, 8, 8, 0, 6, 8])
    """
    rank = np.arange(len(a_hash)) - np.searchsorted(a_hash, a_hash, "left")
    spare = np.maximum(hi - lo - MAX_REPEATS, 0)
    window = np.clip(rank - MAX_REPEATS // 2, 0, spare)  # where the second block starts
    second = np.maximum(window, MAX_REPEATS)  # not again what the first block holds
    count2 = np.where(spare > 0, np.minimum(window, MAX_REPEATS), 0)
    first = np.concatenate([lo, lo + second])
    return first, np.concatenate([np.minimum(hi - lo, MAX_REPEATS), count2])


def align_units(
    a_seq: np.ndarray,
    a_ok: np.ndarray,
    b_seq: np.ndarray,
    b_ok: np.ndarray,
    n: int,
    *,
    max_gap: int = MAX_GAP,
    min_units: int = MIN_UNITS,
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
            # the run goes on past the passage on both sides: text repeated on one
            # side only ("images in this gallery" five times in a web page, once in the
            # other) is matched once for each repetition, never as one passage of all
            # of them against a single one
            fits = (
                a0 <= p.a1 + max_gap
                and p.b1 - n <= b0 <= p.b1 + max_gap
                and a0 >= p.a0
                and a1 > p.a1
                and b1 > p.b1
            )
            if fits and (best is None or abs(b0 - p.b1) < abs(b0 - best.b1)):
                best = p
        if best is not None:
            best.units += max(0, a1 - max(a0, best.a1))
            best.a1 = max(best.a1, a1)
            best.b1 = max(best.b1, b1)
        else:
            open_.append(UnitMatch(a0, a1, b0, b1, a1 - a0))
        # close passages that can no longer grow
        still: list[UnitMatch] = []
        for p in open_:
            (still if p.a1 + max_gap >= a0 else done).append(p)
        open_ = still
    done.extend(open_)
    kept = [p for p in done if p.units >= min_units]
    return merge_touching(kept)


def may_hold_passage(
    a_seq: np.ndarray,
    a_ok: np.ndarray,
    b_usable: Members,
    n: int,
    *,
    min_units: int = MIN_UNITS,
) -> bool:
    """Whether :func:`align_units` can find a passage of A in B at all: False only
    where it finds none. ``b_usable``: the set of B's usable shingles.

    Cheap beside aligning (no sort of A, no runs): most pairs of a large folder share a
    few shingles by chance, scattered through both texts. A passage's units are A's
    units inside its runs, and its runs follow one another in A within
    :data:`MAX_GAP` units; so all of them lie in one chain of A's shingles found in B
    (each starting at most ``n + MAX_GAP`` units after the one before), and a passage
    of ``min_units`` needs a chain covering that many units.

    >>> from simhash_core.text.units import shingle_hashes
    >>> a = shingle_hashes(list("abcdefghijklmnopqrstuvwxyz"), 3)
    >>> ok = np.ones(len(a), bool)
    >>> b = usable_set(shingle_hashes(list("0123abcdefgXYZhijklmnop"), 3))
    >>> may_hold_passage(a, ok, b, 3, min_units=12), may_hold_passage(a, ok, b, 3, min_units=30)
    (True, False)
    >>> apart = usable_set(a[[0, 23]])  # two shingles, far apart in A: 3 units each
    >>> [may_hold_passage(a, ok, apart, 3, min_units=u) for u in (5, 3)]
    [False, True]
    """
    at = np.flatnonzero(a_ok)
    return chain_reaches(at[b_usable(a_seq[at])], n, min_units)


def usable_set(shingles: np.ndarray) -> Members:
    """A document's usable ``shingles`` as :func:`may_hold_passage` asks them, of the
    few documents it shares some with: sorted, with a filter of their low bits sized
    to them, and no hash table to build."""
    return Members(np.sort(shingles), least_bits=0, searched=True)


def chain_reaches(starts: np.ndarray, n: int, units: int) -> bool:
    """Whether shingles of ``n`` units starting at ``starts`` (ascending) cover
    ``units`` units in one chain, each starting within :data:`MAX_GAP` units of the end
    of the one before. Read until the answer is known: a few shingles found by chance,
    or the first of a copy's many.

    >>> [chain_reaches(np.array([0, 1, 2, 30, 40]), 5, u) for u in (10, 11)]  # 0-7, 30-45
    [True, False]
    >>> [chain_reaches(np.array(s, int), 5, 10) for s in ([0, 17], [0, 18], [])]
    [True, False, False]
    >>> chain_reaches(np.array([0, 17]), 5, 11)  # the units between are not covered
    False
    """
    covered, last = 0, None
    for start in starts.tolist() if len(starts) <= 64 else starts:
        if last is None or start - last > n + MAX_GAP:
            covered = n
        else:
            covered += min(start - last, n)
        if covered >= units:
            return True
        last = start
    return False


def merge_touching(matches: list[UnitMatch]) -> list[UnitMatch]:
    """Passages in A's order, those that touch or overlap in both documents joined
    into one (a passage inside another on both sides disappears in it: a repeated
    phrase re-matched inside a passage already found).

    One sweep in A's order; a passage is compared only with the joined passages that
    A's span still reaches, and joining repeats until nothing more joins (a joined
    passage may now reach one it did not).

    >>> def spans(ms):
    ...     return [(m.a0, m.a1, m.b0, m.b1, m.units) for m in merge_touching(ms)]
    >>> spans([UnitMatch(0, 50, 0, 50, 50), UnitMatch(10, 20, 12, 22, 10)])
    [(0, 50, 0, 50, 50)]
    >>> spans([UnitMatch(0, 20, 100, 120, 20), UnitMatch(20, 40, 110, 130, 20)])
    [(0, 40, 100, 130, 40)]
    >>> spans([UnitMatch(0, 20, 100, 120, 20), UnitMatch(20, 40, 0, 20, 20)])
    [(0, 20, 100, 120, 20), (20, 40, 0, 20, 20)]
    """
    out = sorted(matches, key=lambda m: (m.a0, m.b0, m.a1, m.b1))
    while True:
        joined = _merge_pass(out)
        if len(joined) == len(out):
            return joined
        out = joined


def _merge_pass(ordered: list[UnitMatch]) -> list[UnitMatch]:
    """One sweep of :func:`merge_touching` over passages sorted by ``a0``."""
    out: list[UnitMatch] = []
    reach: list[UnitMatch] = []  # joined passages whose A span reaches the sweep
    for m in ordered:
        reach = [k for k in reach if k.a1 >= m.a0]
        into = next((k for k in reach if m.b0 <= k.b1 and k.b0 <= m.b1), None)
        if into is None:
            k = UnitMatch(m.a0, m.a1, m.b0, m.b1, m.units)
            out.append(k)
            reach.append(k)
            continue
        shared = max(0, min(into.a1, m.a1) - m.a0)  # A's units of m already in it
        into.units = max(into.units, m.units, into.units + m.units - shared)
        into.a1 = max(into.a1, m.a1)
        into.b0, into.b1 = min(into.b0, m.b0), max(into.b1, m.b1)
        into.units = min(into.units, into.a1 - into.a0)
    return out


def covered(spans: list[tuple[int, int]], size: int) -> np.ndarray:
    """Boolean mask of ``size`` positions covered by any ``[start, end)`` span."""
    delta = np.zeros(size + 1, dtype=np.int64)
    for s, e in spans:
        delta[max(0, s)] += 1
        delta[min(size, e)] -= 1
    return np.cumsum(delta[:-1]) > 0


def char_span(doc: Document, u0: int, u1: int) -> tuple[int, int]:
    """Original-text character span of units ``[u0, u1)``."""
    return _Offsets(doc).span(u0, u1)


def to_passages(a: Document, b: Document, matches: list[UnitMatch]) -> list[Passage]:
    """Unit matches as :class:`Passage` objects with original-text offsets (each
    document's unit offsets unpacked once, not once per passage)."""
    if not matches:
        return []
    a_units, b_units = _Offsets(a), _Offsets(b)
    out = []
    for m in matches:
        a_start, a_end = a_units.span(m.a0, m.a1)
        b_start, b_end = b_units.span(m.b0, m.b1)
        out.append(Passage(a_start, a_end, b_start, b_end, m.units))
    return out


class _Offsets:
    """A document's unit offsets, unpacked once, for :func:`char_span` of many spans."""

    def __init__(self, doc: Document) -> None:
        self.starts = doc.units.starts  # rebuilt from the gaps: once, for the ends too
        self.ends = self.starts + doc.units.lengths
        self.count = doc.unit_count

    def span(self, u0: int, u1: int) -> tuple[int, int]:
        """Original-text character span of units ``[u0, u1)``."""
        u1 = min(u1, self.count)
        if u1 <= u0:
            return 0, 0
        return int(self.starts[u0]), int(self.ends[u1 - 1])
