"""Products within one language, each pair of sentences multiplied once.

Within a language the sentence space is compared with itself, and the cosine of
sentences ``i`` and ``j`` is the same number from either side (the same products,
summed in the same order of terms). So the rows are taken in :data:`GROUPS` groups,
and each group is multiplied only with the sentences from its own first one on: about
half the work of every row with every row.

A row then sees only part of its cosines; the rest it gets from the earlier groups,
whose products hold it as a column. Groups are taken from the last to the first, so a
column's best cosines so far (from its own group and any taken since) bound from below
what it can still be given: only the entries at or above that bound are looked at.
The result is what :func:`~.products.similar_pairs` gives, link for link and best
cosine for best cosine (only the order of the links differs, which the links' sort
undoes).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from itertools import pairwise
from typing import TYPE_CHECKING

import numpy as np

from simhash_core.compare.meaning.products import (
    BLOCK_ENTRIES,
    MAX_THREADS,
    NEIGHBOUR_FLOOR,
    NEIGHBOURS,
    Products,
    entries,
    in_order,
    kept_pairs,
    row_blocks,
    top_per_row,
)

if TYPE_CHECKING:
    from scipy import sparse

    from simhash_core.compare.meaning.tfidf import SentenceSpace

GROUPS = 6  # row groups, each multiplied with the sentences from its first one on

# a block's kept (rows, cols, cosines), its rows' best cosines over the columns it
# saw, and the later groups' columns it holds with their best cosines there
Half = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def half_pairs(
    space: SentenceSpace, how: Products
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """:func:`~.products.similar_pairs` of a space compared with itself
    (``space.one_language``), each pair of sentences multiplied once."""
    left = space.left
    n = left.shape[0]
    starts = group_starts(n)
    top = np.zeros((n, NEIGHBOURS), np.float32)
    threads = max(1, min(how.threads, MAX_THREADS))
    rr, cc, vv = [], [], []
    for first, end in reversed(list(pairwise(starts))):
        if first == end:
            continue
        right_t = left[first:].T.tocsr()
        blocks: list[tuple[np.ndarray, Callable[[], Half]]] = [
            (
                np.arange(first + s, first + e),
                partial(
                    _half_block, space, right_t, (first, end), (first + s, first + e), how, top
                ),
            )
            for s, e in row_blocks(left[first:end], left[first:], BLOCK_ENTRIES // threads)
        ]
        for where, (r, c, v, row_top, cols, col_top) in in_order(blocks, how.job, threads):
            how.job.advance(len(where))
            top[where] = row_top  # the earlier groups, which add to it, come later
            if len(cols):
                top[cols] = merged_tops(top[cols], col_top)
            rr.append(r)
            cc.append(c)
            vv.append(v)
        del right_t, blocks
    return (*entries(rr, cc, vv), top)


def group_starts(rows: int) -> list[int]:
    """Where each of the :data:`GROUPS` groups of ``rows`` rows starts, and the end.

    >>> group_starts(20)
    [0, 3, 6, 10, 13, 16, 20]
    """
    return [rows * g // GROUPS for g in range(GROUPS + 1)]


def merged_tops(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The :data:`NEIGHBOURS` best of each row's two lists of best cosines (each in
    descending order, zeros where there are fewer): the best of the whole.

    >>> merged_tops(np.array([[0.5, 0.25, 0, 0]]), np.array([[0.5, 0.375, 0.125, 0]])).tolist()
    [[0.5, 0.5, 0.375, 0.25]]
    """
    both = np.concatenate([a, b], axis=1)
    both.sort(axis=1)
    return np.ascontiguousarray(both[:, : -NEIGHBOURS - 1 : -1])


def _half_block(
    space: SentenceSpace,
    right_t: sparse.csr_matrix,
    group: tuple[int, int],
    rows: tuple[int, int],
    how: Products,
    top: np.ndarray,
) -> Half:
    """One block of rows ``rows`` of the group ``group`` (first row, end), multiplied
    with the sentences from the group's first one on (``right_t``): its kept links and
    its rows' best cosines, as :func:`~.products.similar_pairs` keeps them, and the best
    cosines it gives the columns of later groups, which ``top`` (the best found so far)
    bounds from below."""
    first, end = group
    block = space.left[rows[0] : rows[1]] @ right_t
    row_doc, col_doc = space.row_doc[rows[0] : rows[1]], space.col_doc[first:]
    copies = how.copies

    def counted(row: np.ndarray, at: np.ndarray, *, as_column: bool = False) -> np.ndarray:
        """How often the column's sentence counts among the row's (``as_column``: the
        row's among the column's) neighbours."""
        a, b = row_doc[row], col_doc[block.indices[at]]
        if copies is None:
            return a != b  # other documents only
        return copies[a if as_column else b] - (a == b)

    r, at, v, row_top = kept_pairs(
        block.indptr, block.data, counted, rows[0], how.min_margin, copies is not None
    )
    by_column = partial(counted, as_column=True)
    cols, col_top = _column_tops(block, end - first, by_column, top[first:], copies is not None)
    return r, block.indices[at].astype(np.int64) + first, v, row_top, cols + first, col_top


def _column_tops(
    block: sparse.csr_matrix,
    later: int,
    counted: Callable[[np.ndarray, np.ndarray], np.ndarray],
    known: np.ndarray,
    with_counts: bool,
) -> tuple[np.ndarray, np.ndarray]:
    """The columns from ``later`` on that ``block`` holds entries of, and their best
    cosines among them (each entry counted as ``counted`` tells, as a number of copies
    if ``with_counts``), looking only at entries at or above each column's
    :data:`NEIGHBOURS`-th best so far (``known``): no entry below it can be among the
    column's best."""
    bound = np.maximum(known[:, NEIGHBOURS - 1], np.float32(NEIGHBOUR_FLOOR))
    bound[:later] = np.inf  # this group's own columns: their rows see them
    at = np.flatnonzero(block.data >= bound[block.indices])
    if len(at) == 0:
        return np.zeros(0, np.int64), np.zeros((0, NEIGHBOURS), np.float32)
    row = np.searchsorted(block.indptr, at, side="right") - 1
    counts = counted(row, at)
    v = block.data[at] * (counts > 0)
    col = block.indices[at].astype(np.int64)
    order = np.argsort(col, kind="stable")
    col, v, counts = col[order], v[order], counts[order]
    cols, firsts = np.unique(col, return_index=True)
    ptr = np.append(firsts, len(col))
    return cols, top_per_row(ptr, v, counts if with_counts else None)
