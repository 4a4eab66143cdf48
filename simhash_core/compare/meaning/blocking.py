"""Blocking: in a large folder, each document meets its candidates and a reference.

Comparing every sentence with every other grows with the square of the folder: 69 s for
4,000 essays, days for 100,000. From :data:`BLOCKING_FROM` documents on, each
document's sentences are compared only with

* its **candidate documents**: the :data:`CANDIDATES` documents that share the most
  *rare* terms with it (terms in at most :func:`rare_limit` documents, weighted by
  their rarity; a reworded or translated copy keeps the names, numbers and specialist
  words of its source), in both directions; and
* a fixed **reference sample** of :data:`REFERENCE_DOCS` documents spread over the
  folder, so that each sentence's usual closeness (the margin's denominator) is still
  measured against the folder and not only against its look-alikes.

Which sentences are compared depends only on the documents, never on how the work is
split into blocks or threads: the same folder gives the same passages on any machine.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

from simhash_core.compare.meaning import products
from simhash_core.compare.meaning.products import (
    BLOCK_ENTRIES,
    NEIGHBOURS,
    Found,
    Products,
    kept_pairs,
    row_blocks,
    run_blocks,
    similar_pairs,
)
from simhash_core.hashing import sorted_unique
from simhash_core.ordered_threads import map_in_order
from simhash_core.progress import Progress

if TYPE_CHECKING:
    from scipy import sparse

    from simhash_core.compare.meaning.tfidf import SentenceSpace

BLOCKING_FROM = 3000  # documents: from this many, sentences meet candidate documents only
CANDIDATES = 32  # per document, the documents sharing the most rare terms with it
QUERY_TERMS = 128  # a document's rarest terms, looked up to find its candidates
MIN_SHARED = 3  # a candidate shares at least 3 of them
REFERENCE_DOCS = 256  # documents spread over the folder that every sentence meets
RARE_SHARE = 0.002  # a rare term is in at most 0.2% of the documents...
RARE_MIN_DOCS = 32  # ...or in at most 32 of them, whichever is more
BLOCK_RIGHT = 16384  # candidate sentences on the right of one blocked product, at most


def is_large(documents: int) -> bool:
    """Whether a folder of this many documents compares candidate documents only."""
    return documents >= BLOCKING_FROM


def rare_limit(documents: int) -> int:
    """The most documents a *rare* term is in, for choosing candidate documents.

    >>> rare_limit(3000), rare_limit(100_000)
    (32, 200)
    """
    return max(RARE_MIN_DOCS, int(RARE_SHARE * documents))


DOC_CHUNK = 4096  # documents whose terms are gathered or ranked at once
KEPT_TERMS = 1 << 25  # (document, term) entries kept between passes (128 MB) at most

_Part = tuple[np.ndarray, np.ndarray, int]  # a chunk's CSR row pointers and terms, its rows


class _DocTerms:
    """Which terms each of the sorted ``docs`` has, from its sentences' rows of ``m``
    (rows grouped by document, in order; ``row_doc`` each row's document), gathered
    :data:`DOC_CHUNK` documents at a time (a product of the documents' rows with the
    sentences').

    :func:`candidate_documents` reads them three times (the terms' document
    frequencies, each document's rarest terms, its terms that are asked for). A folder
    whose documents hold at most :data:`KEPT_TERMS` (document, term) entries keeps them
    from the first pass (10,000 essays: 22 million, the product 2 s a pass); a larger
    one gathers them again each time, and the folder's every term per document is
    never held."""

    def __init__(
        self,
        m: sparse.csr_matrix,
        row_doc: np.ndarray,
        docs: np.ndarray,
        progress: Progress,
        threads: int = 1,
    ) -> None:
        self.m, self.row_doc, self.docs, self.progress = m, row_doc, docs, progress
        self.threads = threads  # chunks gathered or asked of at once
        self._kept: list[_Part] | None = None

    def _parts(self) -> Iterator[_Part]:
        """Each chunk of documents' terms, in order."""
        if self._kept is not None:
            yield from self._kept
            return
        kept: list[_Part] | None = []
        entries = 0
        for part in self._gathered():
            entries += len(part[1])
            if kept is not None:
                kept = [*kept, part] if entries <= KEPT_TERMS else None
            yield part
        self._kept = kept

    def _gathered(self) -> Iterator[_Part]:
        bounds = np.append(np.searchsorted(self.row_doc, self.docs[::DOC_CHUNK]), len(self.row_doc))
        chunks = zip(bounds[:-1].tolist(), bounds[1:].tolist(), strict=True)
        yield from map_in_order(self._chunk, chunks, self.threads, "candidates")

    def _chunk(self, rows_of: tuple[int, int]) -> _Part:
        """The terms of the documents whose sentences are rows ``lo`` to ``hi``."""
        from scipy import sparse

        lo, hi = rows_of
        self.progress.check()
        m, row_doc, docs = self.m, self.row_doc, self.docs
        local = np.searchsorted(docs, row_doc[lo:hi]) - np.searchsorted(docs, row_doc[lo])
        rows = int(local[-1]) + 1 if hi > lo else 0
        a = sparse.csr_matrix(
            (np.ones(hi - lo, np.float32), (local, np.arange(hi - lo))), shape=(rows, hi - lo)
        )
        part = (a @ m[lo:hi]).tocsr()
        return part.indptr, part.indices, rows

    def df(self) -> np.ndarray:
        """How many of the documents hold each term."""
        df = np.zeros(self.m.shape[1], np.int64)
        for _, terms, _ in self._parts():
            df += np.bincount(terms, minlength=len(df))
        return df

    def having(self, terms: np.ndarray, rarest: np.ndarray | None = None) -> sparse.csr_matrix:
        """Each document's ``terms`` (a mask over the terms), 1 where it has them, and
        of those only its :data:`QUERY_TERMS` rarest by the document frequencies
        ``rarest``, if given."""
        from scipy import sparse

        def own(part: _Part) -> sparse.csr_matrix:
            indptr, held, rows = part
            keep = terms[held]
            at = np.concatenate([[0], np.cumsum(keep)])[indptr]
            found = sparse.csr_matrix(
                (np.ones(int(at[-1]), np.float32), held[keep], at), shape=(rows, len(terms))
            )
            return found if rarest is None else _rarest(found, rarest, QUERY_TERMS, self.progress)

        parts = list(map_in_order(own, self._parts(), self.threads, "candidates"))
        if not parts:
            return sparse.csr_matrix((0, self.m.shape[1]), dtype=np.float32)
        return sparse.vstack(parts, format="csr")


def _rarest(
    d: sparse.csr_matrix, df: np.ndarray, count: int, progress: Progress
) -> sparse.csr_matrix:
    """Each row of ``d`` with only its ``count`` rarest terms (ties: lower column).

    Each entry's place in its row's order is one integer, ``(row, df, column)`` read as
    digits: one sort of those, not a sort per key, and each row keeps what is at most its
    ``count``-th value (a few rows at a time where the integers would not fit 63 bits).

    >>> from scipy import sparse
    >>> d = sparse.csr_matrix(np.array([[1, 1, 1, 0], [0, 1, 1, 1]], np.float32))
    >>> _rarest(d, np.array([5, 2, 2, 9]), 2, Progress()).toarray().tolist()
    [[0.0, 1.0, 1.0, 0.0], [0.0, 1.0, 1.0, 0.0]]
    """
    from scipy import sparse

    parts = []
    for lo in range(0, d.shape[0], DOC_CHUNK):
        progress.check()
        part = d[lo : lo + DOC_CHUNK].tocsr()
        if not part.nnz:
            parts.append(part)
            continue
        cols = part.indices.astype(np.int64)
        held = df[cols].astype(np.int64)
        width = int(cols.max()) + 1
        within = held * width + cols  # (df, column) in its row
        digits = (int(held.max()) + 1) * width
        keep = np.zeros(part.nnz, bool)
        step = max(1, RARE_KEY_LIMIT // digits)  # rows whose keys fit at once
        for first in range(0, part.shape[0], step):
            a, b = part.indptr[first], part.indptr[min(first + step, part.shape[0])]
            if a == b:
                continue
            lengths = np.diff(part.indptr[first : first + step + 1])
            row = np.repeat(np.arange(len(lengths), dtype=np.int64), lengths)
            key = row * digits + within[a:b]
            ordered = np.sort(key)
            ends = np.cumsum(lengths)
            # each row's count-th smallest key (its last when it has fewer)
            limit = ordered[np.maximum(ends - lengths + np.minimum(lengths, count) - 1, 0)]
            keep[a:b] = key <= limit[row]
        part.data = part.data * keep
        part.eliminate_zeros()
        parts.append(part)
    return sparse.vstack(parts, format="csr") if parts else d


RARE_KEY_LIMIT = 1 << 62  # _rarest's sort keys stay below this


def _top_docs(
    scores: sparse.csr_matrix, shared: sparse.csr_matrix, k: int
) -> tuple[np.ndarray, np.ndarray]:
    """(row, col) of each row's ``k`` highest scores (ties: lower column), among the
    entries with at least :data:`MIN_SHARED` terms ``shared`` (the same pattern)."""
    row = np.repeat(np.arange(scores.shape[0], dtype=np.int64), np.diff(scores.indptr))
    live = (shared.data >= MIN_SHARED) & (scores.data > 0)
    row, col, val = row[live], scores.indices[live].astype(np.int64), scores.data[live]
    order = np.lexsort((col, -val, row))
    row, col = row[order], col[order]
    rank = np.arange(len(row)) - np.searchsorted(row, row, side="left")
    return row[rank < k], col[rank < k]


def candidate_documents(
    space: SentenceSpace, documents: int, progress: Progress, threads: int = 1
) -> np.ndarray:
    """Pairs of documents whose sentences are compared in a large folder, as sorted keys
    ``left document * documents + right document``.

    A document's :data:`QUERY_TERMS` rarest terms (in 2 to :func:`rare_limit`
    documents) are looked up among the other side's documents; each document found
    scores the inverse document frequency of the terms it shares, and the
    :data:`CANDIDATES` best sharing at least :data:`MIN_SHARED` are its candidates.
    Both sides ask (a pair is a candidate if either finds the other), so the relation
    is symmetric. The cost is bounded by the rare terms' postings, not by the square
    of the folder. ``threads``: chunks of documents worked on at once (the same
    candidates)."""
    left, right, left_doc, _, right_doc, _ = space
    ldocs, rdocs = sorted_unique(left_doc), sorted_unique(right_doc)
    same = space.one_language
    lterms = _DocTerms(left, left_doc, ldocs, progress, threads)
    rterms = lterms if same else _DocTerms(right, right_doc, rdocs, progress, threads)
    df = lterms.df() if same else lterms.df() + rterms.df()
    held = len(np.union1d(ldocs, rdocs))
    usable = (df >= 2) & (df <= rare_limit(held))
    idf = np.where(usable, np.log((held + 1) / np.maximum(df, 1)), 0.0).astype(np.float32)
    # each document's rarest terms first; then the documents' terms among those asked
    # for only: a term nobody asks for adds nothing to a product, and every document's
    # every rare term (gigabytes in a folder of 100,000) is never held
    ql = lterms.having(usable, rarest=df)
    qr = ql if same else rterms.having(usable, rarest=df)
    asked = np.zeros(len(usable), bool)
    asked[ql.indices] = True
    asked[qr.indices] = True
    dl = lterms.having(asked)
    dr = dl if same else rterms.having(asked)
    keys = [_candidate_keys(ql, dr, ldocs, rdocs, idf, documents, progress, threads)]
    back = (
        _candidate_keys(qr, dl, rdocs, ldocs, idf, documents, progress, threads)
        if not same
        else keys[0]
    )
    keys.append((back % documents) * documents + back // documents)  # the other side's
    return sorted_unique(np.concatenate(keys))


def _candidate_keys(
    query: sparse.csr_matrix,
    b: sparse.csr_matrix,
    adocs: np.ndarray,
    bdocs: np.ndarray,
    idf: np.ndarray,
    documents: int,
    progress: Progress,
    threads: int = 1,
) -> np.ndarray:
    """Each ``a`` document's best ``b`` documents (see :func:`candidate_documents`),
    from its rarest terms (``query``), as keys ``a document * documents + b
    document``; ``threads`` blocks of rows at once, each of a ``threads``-th of the
    entries (the memory of one block alone)."""
    from scipy import sparse

    weighted = (query @ sparse.diags(idf)).tocsr()
    b_t = b.T.tocsr()

    def best(rows: tuple[int, int]) -> np.ndarray:
        start, stop = rows
        progress.check()
        shared = (query[start:stop] @ b_t).tocsr()
        scores = (weighted[start:stop] @ b_t).tocsr()
        shared.sort_indices()
        scores.sort_indices()
        row = np.repeat(np.arange(stop - start), np.diff(scores.indptr))
        scores.data[adocs[start + row] == bdocs[scores.indices]] = 0.0  # not itself
        r, c = _top_docs(scores, shared, CANDIDATES)
        return adocs[start + r].astype(np.int64) * documents + bdocs[c]

    blocks = row_blocks(query, b, BLOCK_ENTRIES // max(threads, 1))
    out = list(map_in_order(best, blocks, threads, "candidates"))
    return np.concatenate(out) if out else np.zeros(0, np.int64)


def _reference(docs: np.ndarray) -> np.ndarray:
    """:data:`REFERENCE_DOCS` of the (sorted) ``docs``, evenly spread.

    >>> _reference(np.arange(1000, dtype=np.int64))[:3].tolist()
    [0, 3, 7]
    """
    if len(docs) <= REFERENCE_DOCS:
        return docs
    return np.unique(docs[np.linspace(0, len(docs) - 1, REFERENCE_DOCS).astype(np.int64)])


def blocked_pairs(space: SentenceSpace, pairs: np.ndarray, documents: int, how: Products) -> Found:
    """:func:`~.products.similar_pairs` for a large folder: each left sentence is
    compared with the right sentences of the reference sample, and of its document's
    candidates (``pairs``, keys as :func:`candidate_documents` makes them). Candidates
    are taken a few documents at a time, in an order that keeps each block's
    candidates together (reverse Cuthill-McKee over the candidate graph); only
    candidate pairs count, so which documents share a block changes nothing. Each
    half (the reference, the candidates) is half of ``how.job``."""
    right = _RightRows.of(space.col_doc, documents)
    reference = _reference(right.docs)
    is_reference = np.zeros(documents, bool)
    is_reference[reference] = True
    ref_rows = right.rows(reference)
    rows = space.left.shape[0]
    halves = [replace(how, job=how.job.subjob(0.5 * rows, total=rows)) for _ in range(2)]
    r1, c1, v1, top1 = similar_pairs(space.columns(ref_rows), halves[0])
    c1 = ref_rows[c1]
    pairs = pairs[~is_reference[pairs % documents]]  # the reference is compared already
    blocks = [
        _blocked_job(space, group, right, pairs, how.min_margin)
        for group in _candidate_groups(space.row_doc, pairs, right, documents)
    ]
    r2, c2, v2, top2 = run_blocks(blocks, rows, halves[1].job, how.threads)
    del blocks
    # a sentence's best cosines: the best of the reference's and its candidates' (sorted
    # in place: a folder of 100,000 essays has ten million sentences)
    both = np.concatenate([top1, top2], axis=1)
    del top1, top2
    both.sort(axis=1)
    top = np.ascontiguousarray(both[:, : -NEIGHBOURS - 1 : -1])
    del both
    return np.concatenate([r1, r2]), np.concatenate([c1, c2]), np.concatenate([v1, v2]), top


@dataclass(frozen=True)
class _RightRows:
    """Where each document's right sentences are: ``first[d]`` on, ``count[d]`` of
    them (the right rows are grouped by document, in order); ``docs``: the documents
    that have some."""

    docs: np.ndarray
    first: np.ndarray
    count: np.ndarray

    @classmethod
    def of(cls, col_doc: np.ndarray, documents: int) -> _RightRows:
        """The right rows of each of ``documents`` documents, from each row's."""
        docs, start, count = np.unique(col_doc, return_index=True, return_counts=True)
        first = np.zeros(documents, np.int64)
        counts = np.zeros(documents, np.int64)
        first[docs], counts[docs] = start, count
        return cls(docs, first, counts)

    def rows(self, docs: np.ndarray) -> np.ndarray:
        """The rows of ``docs``."""
        return _rows_of(docs, self.first, self.count)


_Group = tuple[list[np.ndarray], list[np.ndarray]]  # a block's left rows, and candidates


def _candidate_groups(
    row_doc: np.ndarray, pairs: np.ndarray, right: _RightRows, documents: int
) -> list[_Group]:
    """The left documents a few at a time (their rows, and their candidates), in
    reverse Cuthill-McKee order over the candidate graph: each block's candidates
    together, at most :data:`BLOCK_RIGHT` right rows and about a quarter of
    ``products.ROWS_PER_BLOCK`` left rows per block."""
    from scipy import sparse
    from scipy.sparse.csgraph import reverse_cuthill_mckee

    ldocs, lstart, lcount = np.unique(row_doc, return_index=True, return_counts=True)
    pa, pb = pairs // documents, pairs % documents  # sorted by left document
    graph = sparse.csr_matrix((np.ones(len(pairs), np.int8), (pa, pb)), shape=(documents,) * 2)
    order = reverse_cuthill_mckee((graph + graph.T).tocsr(), symmetric_mode=True)
    del graph
    place = np.empty(documents, np.int64)
    place[order] = np.arange(documents)
    groups: list[_Group] = []  # each block's documents
    rows: list[np.ndarray] = []
    partners: list[np.ndarray] = []
    height = width = 0
    lo_of, hi_of = np.searchsorted(pa, ldocs), np.searchsorted(pa, ldocs + 1)
    for k in np.argsort(place[ldocs], kind="stable").tolist():
        mine = pb[lo_of[k] : hi_of[k]]
        size = int(right.count[mine].sum())
        if size == 0:
            continue
        if rows and (height >= products.ROWS_PER_BLOCK // 4 or width + size > BLOCK_RIGHT):
            groups.append((rows, partners))
            rows, partners, height, width = [], [], 0, 0
        rows.append(np.arange(lstart[k], lstart[k] + lcount[k]))
        partners.append(mine)
        height += int(lcount[k])
        width += size
    if rows:
        groups.append((rows, partners))
    return groups


def _rows_of(docs: np.ndarray, first: np.ndarray, count: np.ndarray) -> np.ndarray:
    """The rows of ``docs``, whose rows are ``first[d]`` on, ``count[d]`` of them.

    >>> _rows_of(np.array([0, 2]), np.array([0, 3, 5]), np.array([3, 2, 2])).tolist()
    [0, 1, 2, 5, 6]
    """
    n = count[docs]
    total = int(n.sum())
    starts = np.repeat(first[docs] - np.concatenate([[0], np.cumsum(n)[:-1]]), n)
    return (starts + np.arange(total)).astype(np.int64)


def _blocked_job(
    space: SentenceSpace, group: _Group, right: _RightRows, pairs: np.ndarray, min_margin: float
) -> tuple[np.ndarray, Callable[[], Found]]:
    """One block of :func:`blocked_pairs`' candidates: its left rows and the function
    computing it."""
    rows, partners = group
    where = np.concatenate(rows)
    cols = right.rows(sorted_unique(np.concatenate(partners)))
    documents = len(right.first)

    def job() -> Found:
        block = (space.left[where] @ space.right[cols].T).tocsr()

        def counted(row: np.ndarray, at: np.ndarray) -> np.ndarray:
            a = space.row_doc[where[row]].astype(np.int64)
            b = space.col_doc[cols[block.indices[at]]].astype(np.int64)
            key = a * documents + b
            found = np.minimum(np.searchsorted(pairs, key), len(pairs) - 1)
            return (a != b) & (pairs[found] == key)

        rows, at, v, top = kept_pairs(block.indptr, block.data, counted, where, min_margin)
        return rows, cols[block.indices[at]], v, top

    return where, job
