"""Sparse products: every sentence's cosines with the sentences of other documents.

The rows are multiplied a block at a time (memory stays bounded however common a term
is), blocks side by side in threads, collected in block order: the same result
whatever the number of threads. Of each block only the pairs that may become links
are kept, with each row's :data:`NEIGHBOURS` best cosines: a sentence's usual
closeness, the denominator of its margin (the ratio margin of Artetxe and Schwenk
2019: a cosine divided by how similar the two sentences are to their nearest sentences
in *other* documents).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, TypeVar

import numpy as np

from simhash_core.ordered_threads import map_in_order
from simhash_core.progress import Job

if TYPE_CHECKING:
    from scipy import sparse

    from simhash_core.compare.meaning.tfidf import SentenceSpace

NEIGHBOURS = 4  # a sentence's usual closeness: the mean of its 4 best in other documents
KEEP_COSINE = 0.08  # sentence pairs less similar than this are never part of a passage
MARGIN_FLOOR = 0.05  # a sentence with no neighbour at all is compared with this
NEIGHBOUR_FLOOR = 0.02  # cosines below this count as 0 among a sentence's neighbours


ROWS_PER_BLOCK = 2048  # sentences multiplied at once
BLOCK_ENTRIES = 8_000_000  # at most about this many products at once (bounds memory)
MAX_THREADS = 4  # blocks multiplied side by side, at most


def neighbour_closeness(top: np.ndarray) -> np.ndarray:
    return np.maximum(top.mean(axis=1), MARGIN_FLOOR)


def row_blocks(
    left: sparse.csr_matrix, right: sparse.csr_matrix, budget: int = 0
) -> list[tuple[int, int]]:
    """Row ranges of ``left`` whose products with ``right`` have at most about
    ``budget`` (:data:`BLOCK_ENTRIES`) entries each (a row's count is at most the number
    of right rows sharing one of its terms): memory stays bounded however common a term
    is."""
    budget = budget or BLOCK_ENTRIES
    df = np.bincount(right.indices, minlength=right.shape[1]).astype(np.int64)
    cost = _row_sums(left.indptr, left.indices, df)
    out, start, total = [], 0, 0
    for row, c in enumerate(cost.tolist()):
        if row > start and (total + c > budget or row - start >= ROWS_PER_BLOCK):
            out.append((start, row))
            start, total = row, 0
        total += c
    if start < left.shape[0]:
        out.append((start, left.shape[0]))
    return out


def _row_sums(indptr: np.ndarray, indices: np.ndarray, values: np.ndarray) -> np.ndarray:
    """``values[indices]`` summed over each CSR row (int64), a few million entries at a
    time: never an array as long as a large folder's every term occurrence.

    >>> _row_sums(np.array([0, 2, 2, 3]), np.array([0, 1, 1]), np.array([5, 7])).tolist()
    [12, 0, 7]
    """
    # the running total at each row's start, one slice of entries at a time
    rows = len(indptr) - 1
    at_start = np.zeros(rows + 1, np.int64)
    total = 0
    for lo in range(0, len(indices), ROW_SUM_SLICE):
        hi = min(lo + ROW_SUM_SLICE, len(indices))
        run = np.cumsum(values[indices[lo:hi]], dtype=np.int64) + total
        inside = (indptr > lo) & (indptr <= hi)
        at_start[inside] = run[indptr[inside] - lo - 1]
        total = int(run[-1])
    at_start[indptr > len(indices)] = total
    return np.diff(at_start)


ROW_SUM_SLICE = 1 << 22  # term occurrences summed at once


@dataclass(frozen=True)
class Products:
    """How one sentence space is multiplied: ``job`` is told how far the products are
    (one unit per left row) and asked whether to stop; ``threads`` blocks side by
    side; links that cannot reach ``min_margin`` dropped at once; ``copies[d]``: how
    many identical documents document ``d`` stands for (see :func:`_block_pairs`)."""

    job: Job
    threads: int = 1
    min_margin: float = 0.0
    copies: np.ndarray | None = None


def top_per_row(
    indptr: np.ndarray, values: np.ndarray, counts: np.ndarray | None = None
) -> np.ndarray:
    """The :data:`NEIGHBOURS` largest positive ``values`` of each CSR row (zeros where a
    row has fewer), by repeated row maxima: no sort of all the entries. Equal values
    fill as many places as there are of them; an entry counts ``counts[k]`` times if
    given (a sentence of a document handed in that many times).

    >>> top_per_row(np.array([0, 1, 4]), np.array([0.25, 0.5, 0.75, 0.5]))[:, :3].tolist()
    [[0.25, 0.0, 0.0], [0.75, 0.5, 0.5]]
    >>> top_per_row(np.array([0, 2]), np.array([0.5, 0.25]), np.array([2, 1]))[:, :3].tolist()
    [[0.5, 0.5, 0.25]]
    """
    k = NEIGHBOURS
    rows = len(indptr) - 1
    top = np.zeros((rows, k), np.float32)
    lengths = np.diff(indptr)
    busy = np.flatnonzero(lengths > 0)
    if len(busy) == 0:
        return top
    d = values.astype(np.float32, copy=True)
    starts, sizes = indptr[busy], lengths[busy]
    filled = np.zeros(len(busy), np.int64)
    for _ in range(k):
        best = np.maximum.reduceat(d, starts)
        live = best > 0
        same = (d == np.repeat(best, sizes)) & (d > 0)
        ties = np.add.reduceat(
            same.astype(np.int64) if counts is None else np.where(same, counts, 0), starts
        )
        for slot in range(k):
            put = live & (filled <= slot) & (slot < filled + ties)
            top[busy[put], slot] = best[put]
        filled += np.where(live, ties, 0)
        d[same] = 0.0
        if not live.any() or (filled >= k).all():
            break
    return top


def _block_pairs(
    space: SentenceSpace,
    right_t: sparse.csr_matrix,
    start: int,
    stop: int,
    min_margin: float,
    copies: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """One block of rows of :func:`similar_pairs`: its kept (row, col, cosine) and its
    rows' best cosines. Pure numpy and scipy, which release the GIL while multiplying:
    blocks run in threads side by side. With ``copies`` (documents standing for that
    many identical ones), a column of another document counts once per copy of it, and
    one of the row's own document once per *other* copy."""
    block = space.left[start:stop] @ right_t
    row_doc, col_doc = space.row_doc[start:stop], space.col_doc

    def counted(row: np.ndarray, at: np.ndarray) -> np.ndarray:
        a, b = row_doc[row], col_doc[block.indices[at]]
        if copies is None:
            return a != b  # other documents only
        return copies[b] - (a == b)

    rows, at, v, top = kept_pairs(
        block.indptr, block.data, counted, start, min_margin, copies is not None
    )
    return rows, block.indices[at].astype(np.int64), v, top


SAMPLED = 48  # entries of a row whose best cosines bound the row's from below


def kept_pairs(
    indptr: np.ndarray,
    data: np.ndarray,
    counted: Callable[[np.ndarray, np.ndarray], np.ndarray],
    first: int | np.ndarray,
    min_margin: float,
    with_counts: bool = False,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A block's products (CSR ``indptr``, cosines ``data``): the (row, place in
    ``data``, cosine) at or above :data:`KEEP_COSINE` that may reach ``min_margin``,
    and each row's best cosines. ``counted(rows, places)`` tells how often each entry
    counts (0 or False: not at all, a sentence of the same document); ``with_counts``:
    as a number of copies among the best (else once). ``first`` turns block rows into
    rows of the whole (an offset, or each block row's row).

    A link's margin is its cosine over the mean closeness of its two sentences; the
    row's closeness is at least what this block saw, the column's at least
    :data:`MARGIN_FLOOR`. A link that fails even with those is dropped here, so the
    folder's millions of weak pairs are never held at once.

    Only the entries that can matter are looked at beyond one comparison: those at or
    above :data:`KEEP_COSINE`, and those at or above a bound of the row's
    :data:`NEIGHBOURS`-th best (:func:`_least_best`), which holds all its best ones:
    the same links and best cosines as looking at every entry, for a tenth of the work.
    """
    lengths = np.diff(indptr)
    low = np.minimum(_least_best(indptr, data, counted, with_counts), np.float32(KEEP_COSINE))
    at = np.flatnonzero(data >= np.repeat(low, lengths))
    row = np.searchsorted(indptr, at, side="right") - 1
    counts = counted(row, at)
    v = data[at] * (counts > 0)
    v[v < NEIGHBOUR_FLOOR] = 0.0
    top = top_per_row(np.searchsorted(at, indptr), v, counts if with_counts else None)
    near = neighbour_closeness(top)
    strong = np.flatnonzero(v >= KEEP_COSINE)
    row, at, v = row[strong], at[strong], v[strong]
    best = v * np.float32(2.0) / (near[row] + np.float32(MARGIN_FLOOR))
    keep = best >= min_margin * (1.0 - 1e-4)
    rows = row[keep] + first if isinstance(first, int) else first[row[keep]]
    return rows, at[keep], v[keep], top


def _least_best(
    indptr: np.ndarray,
    data: np.ndarray,
    counted: Callable[[np.ndarray, np.ndarray], np.ndarray],
    with_counts: bool,
) -> np.ndarray:
    """For each CSR row, a cosine its :data:`NEIGHBOURS` best (counted entries, each as
    often as it counts) all reach, at least :data:`NEIGHBOUR_FLOOR`: the least of the
    best among its first :data:`SAMPLED` entries (a part's best are never better than
    the whole's).

    >>> ptr, data = np.array([0, 5, 6]), np.array([0.5, 0.9, 0.3, 0.4, 0.6, 0.7], np.float32)
    >>> _least_best(ptr, data, lambda row, at: at != 1, False).tolist()
    [0.30000001192092896, 0.019999999552965164]
    """
    lengths = np.diff(indptr)
    taken = np.minimum(lengths, SAMPLED)
    ptr = np.zeros(len(taken) + 1, np.int64)
    np.cumsum(taken, out=ptr[1:])
    row = np.repeat(np.arange(len(taken)), taken)
    at = np.arange(ptr[-1]) + (indptr[:-1] - ptr[:-1])[row]
    counts = counted(row, at)
    v = data[at] * (counts > 0)
    v[v < NEIGHBOUR_FLOOR] = 0.0
    least = top_per_row(ptr, v, counts if with_counts else None)[:, NEIGHBOURS - 1]
    return np.maximum(least, np.float32(NEIGHBOUR_FLOOR))


Found = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]  # rows, cols, cosines, tops


def run_blocks(
    blocks: Sequence[tuple[np.ndarray, Callable[[], Found]]], rows: int, job: Job, threads: int
) -> Found:
    """Run each block's product (its left rows, and the function computing it),
    ``threads`` at a time, collected in block order: the same result whatever the
    number. A row's best cosines go to its place among ``rows``; ``job`` advances by
    each block's rows."""
    top_rows = np.zeros((rows, NEIGHBOURS), np.float32)
    rr, cc, vv = [], [], []
    for where, (r, c, v, top) in in_order(blocks, job, threads):
        job.advance(len(where))
        top_rows[where] = top
        rr.append(r)
        cc.append(c)
        vv.append(v)
    return (*entries(rr, cc, vv), top_rows)


def entries(
    rows: list[np.ndarray], cols: list[np.ndarray], values: list[np.ndarray]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The blocks' kept entries in one array each (rows and columns int64, values
    float32; empty when there were none).

    >>> r, c, v = entries([], [], [])
    >>> len(r), c.dtype, v.dtype
    (0, dtype('int64'), dtype('float32'))
    """
    cat = np.concatenate
    return (
        cat(rows) if rows else np.zeros(0, np.int64),
        cat(cols) if cols else np.zeros(0, np.int64),
        cat(values) if values else np.zeros(0, np.float32),
    )


Computed = TypeVar("Computed")  # what a block's function gives


def in_order(
    blocks: Sequence[tuple[np.ndarray, Callable[[], Computed]]], job: Job, threads: int
) -> Iterator[tuple[np.ndarray, Computed]]:
    """Each block's left rows and product, in block order, ``threads`` computed at a
    time and that many ahead of the one collected (every thread busy while a block's
    pairs are taken; memory stays bounded). A cancelled ``job`` stops at the next
    block."""
    threads = max(1, min(threads, MAX_THREADS)) if len(blocks) > 1 else 1
    yield from map_in_order(partial(_computed, job), blocks, threads, "meaning", ahead=threads)


def _computed(
    job: Job, block: tuple[np.ndarray, Callable[[], Computed]]
) -> tuple[np.ndarray, Computed]:
    """A block's left rows and product, unless ``job`` was cancelled."""
    job.check()
    return block[0], block[1]()


def similar_pairs(space: SentenceSpace, how: Products) -> Found:
    """Cosines of the space's left x right sentences of different documents: the pairs
    at or above :data:`KEEP_COSINE` as (row, col, cosine), and each row's
    :data:`NEIGHBOURS` best cosines over all pairs. With ``how.threads`` > 1 the blocks
    are multiplied that many at a time; the results are taken in block order, so they
    are the same whatever the number. ``how.copies``: see :func:`_block_pairs`."""
    right_t = space.right.T.tocsr()
    threads = max(1, min(how.threads, MAX_THREADS))
    # blocks side by side share the memory one block had: the same links, smaller blocks
    blocks = [
        (
            np.arange(start, stop),
            partial(_block_pairs, space, right_t, start, stop, how.min_margin, how.copies),
        )
        for start, stop in row_blocks(space.left, space.right, BLOCK_ENTRIES // threads)
    ]
    return run_blocks(blocks, space.left.shape[0], how.job, threads)
