"""Sentences aligned by meaning: reworded passages, and passages translated zh <-> en.

Word passages (:mod:`simhash_core.compare.passages`) need runs of identical words; a
student who rewords each sentence, or translates an English source, leaves none. This
layer compares sentences instead (:mod:`simhash_core.text.sentences`):

1. **Sentence similarity.** TF-IDF cosine of each sentence's terms, IDF over the
   folder's sentences: Chinese character pairs or English stems within a language
   (*reworded*), English stems and CC-CEDICT glosses across Chinese and English
   (*translated*).
2. **Relative to the folder (ratio margin).** A cosine is divided by how similar the
   two sentences are to their nearest sentences in *other* documents (the mean of the
   :data:`NEIGHBOURS` best, Artetxe and Schwenk 2019). A formulaic sentence ("the
   river flows through five provinces") resembles many sentences and gains little; a
   sentence that matches one other sentence far better than anything else stands out.
   A margin of 2 means "twice as close as this sentence's usual closest".
3. **Passages, not sentences.** Matched sentences are chained in order on both sides
   (a step may skip one sentence, or merge two into one: translators split and join
   sentences). A reworded or translated passage is a chain of at least
   :data:`MIN_SENTENCES` sentences, each with a margin of at least the threshold: one
   similar sentence is never evidence.

Everything is computed from the folder's sentences alone, with no randomness: the same
files give the same passages in any process.

**Large folders.** Comparing every sentence with every other grows with the square of
the folder: 69 s for 4,000 essays, days for 100,000. From :data:`BLOCKING_FROM`
documents on, each document's sentences are compared only with

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

import hashlib
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import numpy as np

from simhash_core.hashing import sorted_unique
from simhash_core.memory import give_back_free_memory
from simhash_core.progress import Progress
from simhash_core.text.sentences import CHINESE, ENGLISH, Sentences
from simhash_core.types import Passage

if TYPE_CHECKING:  # scipy is imported where sentences are multiplied: a re-scan answered
    from scipy import sparse  # from the cache, or a report, never loads it (0.7 s)

NEIGHBOURS = 4  # a sentence's usual closeness: the mean of its 4 best in other documents
KEEP_COSINE = 0.08  # sentence pairs less similar than this are never part of a passage
MARGIN_FLOOR = 0.05  # a sentence with no neighbour at all is compared with this
NEIGHBOUR_FLOOR = 0.02  # cosines below this count as 0 among a sentence's neighbours
MIN_SENTENCES = 3  # a reworded or translated passage has at least 3 sentences
MAX_STEP = 2  # consecutive matched sentences may skip one sentence on either side
COMMON_TERM_SHARE = 0.002  # terms in more than 0.2% of the sentences are left out...
COMMON_TERM_SENTENCES = 200  # ...when that is more than 200 sentences
ROWS_PER_BLOCK = 2048  # sentences multiplied at once
BLOCK_ENTRIES = 8_000_000  # at most about this many products at once (bounds memory)
MAX_THREADS = 4  # blocks multiplied side by side, at most

BLOCKING_FROM = 3000  # documents: from this many, sentences meet candidate documents only
CANDIDATES = 32  # per document, the documents sharing the most rare terms with it
QUERY_TERMS = 128  # a document's rarest terms, looked up to find its candidates
MIN_SHARED = 3  # a candidate shares at least 3 of them
REFERENCE_DOCS = 256  # documents spread over the folder that every sentence meets
RARE_SHARE = 0.002  # a rare term is in at most 0.2% of the documents...
RARE_MIN_DOCS = 32  # ...or in at most 32 of them, whichever is more
BLOCK_RIGHT = 16384  # candidate sentences on the right of one blocked product, at most

COPIED_COSINE = 0.9  # sentences this alike keep their words: copied, not reworded

REWORDED, TRANSLATED = "reworded", "translated"


@dataclass(frozen=True)
class SentenceLink:
    """Sentence ``a`` of the first document matches sentence ``b`` of the second."""

    a: int
    b: int
    margin: float
    cosine: float


@dataclass(frozen=True)
class MeaningRun:
    """Consecutive matched sentences of two documents: one reworded or translated
    passage. ``links`` are in order on both sides."""

    kind: str  # REWORDED or TRANSLATED
    links: tuple[SentenceLink, ...]

    @property
    def sentences(self) -> int:
        """Distinct sentences on the side with fewer of them."""
        return min(len({k.a for k in self.links}), len({k.b for k in self.links}))


@dataclass(frozen=True)
class PairMeaning:
    """What the meaning layer found for documents ``a < b``: every run of matched
    sentences (longest first) and a ranking strength."""

    runs: tuple[MeaningRun, ...]
    strength: float  # best mean margin of MIN_SENTENCES chained sentences (0: none)


def _tfidf(sides: list[_Side], weight: np.ndarray | None = None) -> list[sparse.csr_matrix]:
    """L2-normalised TF-IDF rows (sublinear term frequency) of each side's sentences,
    IDF over all of them, each row counted ``weight[doc]`` times if given (a sentence
    of a document handed in several times: the same IDF as with every copy's rows).

    Made in two passes over a slice of documents at a time (:data:`TFIDF_SLICE` term
    occurrences): the first counts each term's sentences, the second writes the
    weighted rows straight into arrays of their final size. Beside the matrices, only
    one slice's terms are held: never the folder's every term occurrence (250 million
    in a folder of 100,000 essays), nor the entries of terms left out as too common.
    """
    counts = _TermCounts(len(sides))
    for k, side in enumerate(sides):
        for doc, ptr, ids in side.slices():
            distinct = _distinct_terms(ptr, ids.astype(np.int64), 1 << 32)
            per_row = None if weight is None else weight[doc]
            counts.add(k, distinct.indices.astype(np.uint32), per_row, np.diff(distinct.indptr))
            del distinct, ptr, ids  # not held while the next slice is read
    vocab, df, entries = counts.result()
    if weight is None:
        rows = sum(len(x.doc) for x in sides)
    else:
        rows = int(sum(int(weight[x.doc].sum()) for x in sides))
    idf = np.log((rows + 1) / (df + 1)).astype(np.float32) + 1.0
    # a term in very many sentences says nothing about which two match, and makes every
    # product dense: left out (only in large folders)
    idf[df > max(COMMON_TERM_SENTENCES, COMMON_TERM_SHARE * rows)] = 0.0
    return [
        _weighted_rows(side, vocab, idf, int(n[idf != 0].sum()))
        for side, n in zip(sides, entries, strict=True)
    ]


def _weighted_rows(side: _Side, vocab: np.ndarray, idf: np.ndarray, nnz: int) -> sparse.csr_matrix:
    """The second pass of :func:`_tfidf` for one side: its ``nnz`` entries of terms
    that count, weighted and normalised, written a slice at a time."""
    from scipy import sparse

    n = len(side.doc)
    if len(vocab) == 0:
        return sparse.csr_matrix((n, 1), dtype=np.float32)
    index = np.int64 if max(nnz, len(vocab)) >= 2**31 else np.int32
    data, indices = np.empty(nnz, np.float32), np.empty(nnz, index)
    indptr = np.zeros(n + 1, index)
    at = first = 0
    for _, ptr, ids in side.slices():
        m = _distinct_terms(ptr, _places(vocab, ids), len(vocab))
        np.log(m.data, out=m.data)
        m.data += 1.0
        m.data *= idf[m.indices]
        m.eliminate_zeros()  # the terms left out
        # each row's norm as a sparse sum makes it (float32, in row order): the same
        # values as weighting the whole matrix at once
        squares = sparse.csr_matrix((m.data * m.data, m.indices, m.indptr), shape=m.shape)
        norms = np.sqrt(np.asarray(squares.sum(axis=1)).ravel())
        lengths = np.diff(m.indptr)
        m.data *= np.repeat((1.0 / np.maximum(norms, 1e-12)).astype(np.float32), lengths)
        data[at : at + m.nnz], indices[at : at + m.nnz] = m.data, m.indices
        indptr[first + 1 : first + len(lengths) + 1] = m.indptr[1:] + at
        at, first = at + m.nnz, first + len(lengths)
        del m, squares, ptr, ids  # not held while the next slice is read
    return sparse.csr_matrix((data, indices, indptr), shape=(n, len(vocab)), copy=False)


TFIDF_SLICE = 1 << 22  # term occurrences of the documents weighted at once


def _distinct_terms(ptr: np.ndarray, cols: np.ndarray, width: int) -> sparse.csr_matrix:
    """Rows ``cols[ptr[i]:ptr[i + 1]]`` as a canonical CSR matrix: each row's distinct
    columns, sorted, with how often each occurs (float32).

    >>> m = _distinct_terms(np.array([0, 3, 3, 4]), np.array([9, 2, 9, 5]), 10)
    >>> m.indptr.tolist(), m.indices.tolist(), m.data.tolist()
    ([0, 2, 2, 3], [2, 9, 5], [1.0, 2.0, 1.0])
    """
    from scipy import sparse

    index = np.int64 if max(width, len(cols)) >= 2**31 else np.int32
    m = sparse.csr_matrix(
        (np.ones(len(cols), np.float32), cols.astype(index, copy=False), ptr.astype(index)),
        shape=(len(ptr) - 1, width),
        copy=False,
    )
    m.sum_duplicates()  # sorts each row's terms and counts repeats
    return m


def _places(vocab: np.ndarray, ids: np.ndarray) -> np.ndarray:
    """Each id's place in the sorted ``vocab`` (int32), looked up in sorted order: ten
    times faster than looking up millions of ids at random.

    >>> _places(np.array([3, 7, 9]), np.array([7, 3, 7, 9], np.uint32)).tolist()
    [1, 0, 1, 2]
    """
    keys = (ids.astype(np.uint64) << np.uint64(32)) | np.arange(len(ids), dtype=np.uint64)
    keys.sort()
    place = np.empty(len(ids), np.int32)
    at = (keys & np.uint64(0xFFFFFFFF)).astype(np.int64)
    place[at] = np.searchsorted(vocab, (keys >> np.uint64(32)).astype(vocab.dtype))
    return place


class _TermCounts:
    """Per term: the (weighted) number of sentences holding it, and each side's number
    of (sentence, term) entries, summed over slices. A slice's counts wait until there
    are more than the terms seen so far, then all are folded in by one sort."""

    def __init__(self, sides: int) -> None:
        self.sides = sides
        self.vocab = np.zeros(0, np.uint32)
        self.counts = np.zeros((1 + sides, 0), np.int32)  # df, then entries per side
        self.waiting: list[tuple[np.ndarray, np.ndarray]] = []
        self.size = 0

    def add(
        self, side: int, term: np.ndarray, weight: np.ndarray | None, lengths: np.ndarray
    ) -> None:
        """One slice of ``side``: each sentence's distinct terms (``lengths`` per
        sentence, one after the other), the sentence counted ``weight`` times."""
        if weight is None:
            term = np.sort(term)
        else:
            order = np.argsort(term, kind="stable")
            term, weight = term[order], np.repeat(weight, lengths)[order]
        first = np.ones(len(term), bool)
        np.not_equal(term[1:], term[:-1], out=first[1:])
        starts = np.flatnonzero(first)
        counts = np.zeros((1 + self.sides, len(starts)), np.int32)
        counts[1 + side] = np.diff(np.append(starts, len(term)))
        if weight is None:
            counts[0] = counts[1 + side]
        elif len(starts):
            counts[0] = np.add.reduceat(weight.astype(np.int64), starts)
        self.waiting.append((term[starts], counts))
        self.size += len(starts)
        if self.size > max(len(self.vocab), TFIDF_SLICE):
            self._fold()

    def _fold(self) -> None:
        terms = np.concatenate([self.vocab, *(t for t, _ in self.waiting)])
        counts = np.concatenate([self.counts, *(c for _, c in self.waiting)], axis=1)
        self.waiting, self.size = [], 0
        order = np.argsort(terms, kind="stable")  # sorted runs: merged
        terms, counts = terms[order], counts[:, order]
        first = np.ones(len(terms), bool)
        np.not_equal(terms[1:], terms[:-1], out=first[1:])
        starts = np.flatnonzero(first)
        self.vocab = terms[starts]
        self.counts = np.add.reduceat(counts, starts, axis=1) if len(starts) else counts

    def result(self) -> tuple[np.ndarray, np.ndarray, list[np.ndarray]]:
        """The sorted terms, their (weighted) sentence counts, and each side's entries
        per term."""
        self._fold()
        counts = self.counts.astype(np.int64)
        return self.vocab, counts[0], [counts[1 + k] for k in range(self.sides)]


@dataclass(frozen=True)
class _Side:
    """The documents' sentences in one language as the rows of a matrix: each row's
    document and place in it; its terms (``field``: words or glosses) are read a slice
    of documents at a time."""

    sents: list[Sentences]
    field: str
    lang: int
    doc: np.ndarray
    local: np.ndarray

    @classmethod
    def of(cls, sents: list[Sentences], field: str, lang: int) -> _Side:
        """The ``lang`` sentences of ``sents``."""
        docs, local = [np.zeros(0, np.int32)], [np.zeros(0, np.int32)]
        for d, s in enumerate(sents):
            mine = np.flatnonzero(s.lang == lang).astype(np.int32)
            docs.append(np.full(len(mine), d, np.int32))
            local.append(mine)
        return cls(sents, field, lang, np.concatenate(docs), np.concatenate(local))

    def slices(self) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """(each row's document, ptr, term ids) of a slice of documents at a time, in
        row order."""
        lo, held = 0, 0
        for hi, s in enumerate(self.sents, start=1):
            held += len(getattr(s, f"{self.field}_ids"))
            if held >= TFIDF_SLICE or hi == len(self.sents):
                doc, _, ptr, ids = _gather(self.sents[lo:hi], self.field, self.lang)
                if len(doc):
                    yield doc + lo, ptr, ids
                lo, held = hi, 0


def _gather(
    sents: list[Sentences], field: str, lang: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The documents' sentences in ``lang`` as one list: (doc, local index, ptr, ids),
    copying only those sentences' terms."""
    docs, local, ptrs, ids = [], [], [np.zeros(1, np.int64)], []
    offset = 0
    for d, s in enumerate(sents):
        mine = np.flatnonzero(s.lang == lang).astype(np.int32)
        if len(mine) == 0:
            continue
        ptr = getattr(s, f"{field}_ptr").astype(np.int64)
        terms = getattr(s, f"{field}_ids")
        if len(mine) < s.count:  # some sentences are in the other language
            ptr, terms = _subset(ptr, terms, mine)
        docs.append(np.full(len(mine), d, np.int32))
        local.append(mine)
        ptrs.append(ptr[1:] + offset)
        ids.append(terms)
        offset += int(ptr[-1])
    return (
        np.concatenate(docs) if docs else np.zeros(0, np.int32),
        np.concatenate(local) if local else np.zeros(0, np.int32),
        np.concatenate(ptrs),
        np.concatenate(ids) if ids else np.zeros(0, np.uint32),
    )


def _subset(ptr: np.ndarray, ids: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """CSR ``(ptr, ids)`` of only ``rows``."""
    lengths = ptr[rows + 1] - ptr[rows]
    new_ptr = np.concatenate([[0], np.cumsum(lengths)])
    take = np.repeat(ptr[rows] - new_ptr[:-1], lengths) + np.arange(new_ptr[-1])
    return new_ptr, ids[take.astype(np.int64)]


def _neighbour_closeness(top: np.ndarray) -> np.ndarray:
    return np.maximum(top.mean(axis=1), MARGIN_FLOOR)


def _blocks(
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


class _Steps:
    """How far the sentence products are, reported as a share of the current stage."""

    SCALE = 1000

    def __init__(self, progress: Progress, total_rows: int, share: tuple[float, float]) -> None:
        self.progress, self.total, self.share = progress, max(total_rows, 1), share
        self.done = 0.0

    def advance(self, rows: float) -> None:
        self.done += rows
        low, high = self.share
        at = low + (high - low) * min(1.0, self.done / self.total)
        self.progress.update(int(at * self.SCALE), self.SCALE)


def _top_per_row(
    indptr: np.ndarray, values: np.ndarray, counts: np.ndarray | None = None
) -> np.ndarray:
    """The :data:`NEIGHBOURS` largest positive ``values`` of each CSR row (zeros where a
    row has fewer), by repeated row maxima: no sort of all the entries. Equal values
    fill as many places as there are of them; an entry counts ``counts[k]`` times if
    given (a sentence of a document handed in that many times).

    >>> _top_per_row(np.array([0, 1, 4]), np.array([0.25, 0.5, 0.75, 0.5]))[:, :3].tolist()
    [[0.25, 0.0, 0.0], [0.75, 0.5, 0.5]]
    >>> _top_per_row(np.array([0, 2]), np.array([0.5, 0.25]), np.array([2, 1]))[:, :3].tolist()
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
    left: sparse.csr_matrix,
    right_t: sparse.csr_matrix,
    left_doc: np.ndarray,
    right_doc: np.ndarray,
    start: int,
    stop: int,
    min_margin: float,
    copies: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """One block of rows of :func:`_similar_pairs`: its kept (row, col, cosine) and its
    rows' best cosines. Pure numpy and scipy, which release the GIL while multiplying:
    blocks run in threads side by side. With ``copies`` (documents standing for that
    many identical ones), a column of another document counts once per copy of it, and
    one of the row's own document once per *other* copy."""
    block = left[start:stop] @ right_t
    row = np.repeat(np.arange(block.shape[0], dtype=np.int64), np.diff(block.indptr))
    col = block.indices.astype(np.int64)
    a, b = left_doc[row + start], right_doc[col]
    if copies is None:
        v = block.data * (a != b)  # other documents only
        return _kept(block.indptr, row, col, v, start, min_margin)
    counts = copies[b] - (a == b)
    v = block.data * (counts > 0)
    return _kept(block.indptr, row, col, v, start, min_margin, counts)


def _kept(
    indptr: np.ndarray,
    row: np.ndarray,
    col: np.ndarray,
    v: np.ndarray,
    first: int | np.ndarray,
    min_margin: float,
    counts: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A block's products ``v`` (0 where not to count): the (row, col, cosine) at or
    above :data:`KEEP_COSINE` that may reach ``min_margin``, and each row's best
    cosines (an entry counting ``counts`` times among them, if given). ``first`` turns
    block rows into rows of the whole (an offset, or each block row's row).

    A link's margin is its cosine over the mean closeness of its two sentences; the
    row's closeness is at least what this block saw, the column's at least
    :data:`MARGIN_FLOOR`. A link that fails even with those is dropped here, so the
    folder's millions of weak pairs are never held at once."""
    v[v < NEIGHBOUR_FLOOR] = 0.0
    top = _top_per_row(indptr, v, counts)
    near = _neighbour_closeness(top)
    best = v * np.float32(2.0) / (near[row] + np.float32(MARGIN_FLOOR))
    keep = (v >= KEEP_COSINE) & (best >= min_margin * (1.0 - 1e-4))
    rows = row[keep] + first if isinstance(first, int) else first[row[keep]]
    return rows, col[keep], v[keep], top


_Found = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]  # rows, cols, cosines, tops


def _run_blocks(
    blocks: list[tuple[np.ndarray, Callable[[], _Found]]],
    rows: int,
    progress: Progress,
    steps: _Steps | None,
    threads: int,
    weight: float = 1.0,
) -> _Found:
    """Run each block's product (its left rows, and the function computing it),
    ``threads`` at a time, collected in block order: the same result whatever the
    number. A row's best cosines go to its place among ``rows``."""
    top_rows = np.zeros((rows, NEIGHBOURS), np.float32)
    rr, cc, vv = [], [], []
    threads = max(1, min(threads, MAX_THREADS))
    pool = ThreadPoolExecutor(threads, "meaning") if threads > 1 and len(blocks) > 1 else None
    try:
        # at most ``threads`` blocks ahead of the one being collected: memory stays bounded
        ahead = threads if pool is not None else 0
        pending = [pool.submit(job) for _, job in blocks[:ahead]] if pool is not None else []
        for k, (where, job) in enumerate(blocks):
            progress.check()
            if pool is not None:
                if k + ahead < len(blocks):
                    pending.append(pool.submit(blocks[k + ahead][1]))
                r, c, v, top = pending[k].result()
                pending[k] = None  # type: ignore[call-overload]
            else:
                r, c, v, top = job()
            if steps is not None:
                steps.advance(len(where) * weight)
            top_rows[where] = top
            rr.append(r)
            cc.append(c)
            vv.append(v)
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
    cat = np.concatenate
    return (
        cat(rr) if rr else np.zeros(0, np.int64),
        cat(cc) if cc else np.zeros(0, np.int64),
        cat(vv) if vv else np.zeros(0, np.float32),
        top_rows,
    )


def _similar_pairs(
    left: sparse.csr_matrix,
    right: sparse.csr_matrix,
    left_doc: np.ndarray,
    right_doc: np.ndarray,
    progress: Progress,
    steps: _Steps | None = None,
    threads: int = 1,
    weight: float = 1.0,
    min_margin: float = 0.0,
    copies: np.ndarray | None = None,
) -> _Found:
    """Cosines of ``left`` x ``right`` sentences of different documents: the pairs at
    or above :data:`KEEP_COSINE` as (row, col, cosine), and each row's
    :data:`NEIGHBOURS` best cosines over all pairs. With ``threads`` > 1 the blocks
    are multiplied that many at a time; the results are taken in block order, so they
    are the same whatever the number. ``copies``: see :func:`_block_pairs`."""
    right_t = right.T.tocsr()
    threads = max(1, min(threads, MAX_THREADS))
    # blocks side by side share the memory one block had: the same links, smaller blocks
    blocks = [
        (
            np.arange(start, stop),
            partial(
                _block_pairs, left, right_t, left_doc, right_doc, start, stop, min_margin, copies
            ),
        )
        for start, stop in _blocks(left, right, BLOCK_ENTRIES // threads)
    ]
    return _run_blocks(blocks, left.shape[0], progress, steps, threads, weight)


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


def _doc_terms(
    m: sparse.csr_matrix,
    row_doc: np.ndarray,
    docs: np.ndarray,
    progress: Progress,
    usable: np.ndarray | None = None,
    rarest: np.ndarray | None = None,
) -> sparse.csr_matrix | np.ndarray:
    """Which terms each of the sorted ``docs`` has (1 or absent), from its sentences'
    rows of ``m`` (rows grouped by document, in order), a few thousand documents at a
    time; only the ``usable`` terms if given, and of those only the
    :data:`QUERY_TERMS` rarest by the document frequencies ``rarest``, if given. Without
    ``usable``, only how many of the documents hold each term (a first pass: the
    folder's every term is never held per document)."""
    from scipy import sparse

    bounds = np.searchsorted(row_doc, docs[::DOC_CHUNK])
    bounds = np.append(bounds, len(row_doc))
    parts = []
    df = np.zeros(m.shape[1], np.int64)
    for lo, hi in zip(bounds[:-1].tolist(), bounds[1:].tolist(), strict=True):
        progress.check()
        local = np.searchsorted(docs, row_doc[lo:hi]) - np.searchsorted(docs, row_doc[lo])
        a = sparse.csr_matrix(
            (np.ones(hi - lo, np.float32), (local, np.arange(hi - lo))),
            shape=(int(local[-1]) + 1 if hi > lo else 0, hi - lo),
        )
        part = (a @ m[lo:hi]).tocsr()
        if usable is None:
            df += np.bincount(part.indices, minlength=m.shape[1])
            continue
        part.data = usable[part.indices].astype(np.float32)
        part.eliminate_zeros()
        parts.append(part if rarest is None else _rarest(part, rarest, QUERY_TERMS, progress))
    if usable is None:
        return df
    return sparse.vstack(parts, format="csr") if parts else sparse.csr_matrix((0, m.shape[1]))


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
    left: sparse.csr_matrix,
    right: sparse.csr_matrix,
    left_doc: np.ndarray,
    right_doc: np.ndarray,
    documents: int,
    progress: Progress,
) -> np.ndarray:
    """Pairs of documents whose sentences are compared in a large folder, as sorted keys
    ``left document * documents + right document``.

    A document's :data:`QUERY_TERMS` rarest terms (in 2 to :func:`rare_limit`
    documents) are looked up among the other side's documents; each document found
    scores the inverse document frequency of the terms it shares, and the
    :data:`CANDIDATES` best sharing at least :data:`MIN_SHARED` are its candidates.
    Both sides ask (a pair is a candidate if either finds the other), so the relation
    is symmetric. The cost is bounded by the rare terms' postings, not by the square
    of the folder."""
    ldocs, rdocs = sorted_unique(left_doc), sorted_unique(right_doc)
    same = right is left
    df = _doc_terms(left, left_doc, ldocs, progress)
    if not same:
        df = df + _doc_terms(right, right_doc, rdocs, progress)
    held = len(np.union1d(ldocs, rdocs))
    usable = (df >= 2) & (df <= rare_limit(held))
    idf = np.where(usable, np.log((held + 1) / np.maximum(df, 1)), 0.0).astype(np.float32)
    # each document's rarest terms first; then the documents' terms among those asked
    # for only: a term nobody asks for adds nothing to a product, and every document's
    # every rare term (gigabytes in a folder of 100,000) is never held
    ql = _doc_terms(left, left_doc, ldocs, progress, usable, df)
    qr = ql if same else _doc_terms(right, right_doc, rdocs, progress, usable, df)
    asked = np.zeros(len(usable), bool)
    asked[ql.indices] = True
    asked[qr.indices] = True
    dl = _doc_terms(left, left_doc, ldocs, progress, asked)
    dr = dl if same else _doc_terms(right, right_doc, rdocs, progress, asked)
    keys = [_candidate_keys(ql, dr, ldocs, rdocs, idf, documents, progress)]
    back = _candidate_keys(qr, dl, rdocs, ldocs, idf, documents, progress) if not same else keys[0]
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
) -> np.ndarray:
    """Each ``a`` document's best ``b`` documents (see :func:`candidate_documents`),
    from its rarest terms (``query``), as keys ``a document * documents + b
    document``."""
    from scipy import sparse

    weighted = (query @ sparse.diags(idf)).tocsr()
    b_t = b.T.tocsr()
    out = []
    for start, stop in _blocks(query, b):
        progress.check()
        shared = (query[start:stop] @ b_t).tocsr()
        scores = (weighted[start:stop] @ b_t).tocsr()
        shared.sort_indices()
        scores.sort_indices()
        row = np.repeat(np.arange(stop - start), np.diff(scores.indptr))
        scores.data[adocs[start + row] == bdocs[scores.indices]] = 0.0  # not itself
        r, c = _top_docs(scores, shared, CANDIDATES)
        out.append(adocs[start + r].astype(np.int64) * documents + bdocs[c])
    return np.concatenate(out) if out else np.zeros(0, np.int64)


def _reference(docs: np.ndarray) -> np.ndarray:
    """:data:`REFERENCE_DOCS` of the (sorted) ``docs``, evenly spread.

    >>> _reference(np.arange(1000, dtype=np.int64))[:3].tolist()
    [0, 3, 7]
    """
    if len(docs) <= REFERENCE_DOCS:
        return docs
    return np.unique(docs[np.linspace(0, len(docs) - 1, REFERENCE_DOCS).astype(np.int64)])


def _blocked_pairs(
    left: sparse.csr_matrix,
    right: sparse.csr_matrix,
    left_doc: np.ndarray,
    right_doc: np.ndarray,
    pairs: np.ndarray,
    documents: int,
    progress: Progress,
    steps: _Steps | None = None,
    threads: int = 1,
    min_margin: float = 0.0,
) -> _Found:
    """:func:`_similar_pairs` for a large folder: each left sentence is compared with
    the right sentences of the reference sample, and of its document's candidates
    (``pairs``, keys as :func:`candidate_documents` makes them). Candidates are taken a
    few documents at a time, in an order that keeps each block's candidates together
    (reverse Cuthill-McKee over the candidate graph); only candidate pairs count, so
    which documents share a block changes nothing."""
    from scipy import sparse
    from scipy.sparse.csgraph import reverse_cuthill_mckee

    rdocs, rstart, rcount = np.unique(right_doc, return_index=True, return_counts=True)
    ldocs, lstart, lcount = np.unique(left_doc, return_index=True, return_counts=True)
    first = np.zeros(documents, np.int64)  # each document's right rows: first, how many
    count = np.zeros(documents, np.int64)
    first[rdocs], count[rdocs] = rstart, rcount
    reference = _reference(rdocs)
    is_reference = np.zeros(documents, bool)
    is_reference[reference] = True
    ref_rows = _rows_of(reference, first, count)
    r1, c1, v1, top1 = _similar_pairs(
        left,
        right[ref_rows],
        left_doc,
        right_doc[ref_rows],
        progress,
        steps,
        threads,
        0.5,
        min_margin,
    )
    c1 = ref_rows[c1]
    pairs = pairs[~is_reference[pairs % documents]]  # the reference is compared already
    pa, pb = pairs // documents, pairs % documents  # sorted by left document
    graph = sparse.csr_matrix((np.ones(len(pairs), np.int8), (pa, pb)), shape=(documents,) * 2)
    order = reverse_cuthill_mckee((graph + graph.T).tocsr(), symmetric_mode=True)
    place = np.empty(documents, np.int64)
    place[order] = np.arange(documents)
    groups: list[tuple[list[np.ndarray], list[np.ndarray]]] = []  # each block's documents
    rows: list[np.ndarray] = []
    partners: list[np.ndarray] = []
    height = width = 0
    lo_of, hi_of = np.searchsorted(pa, ldocs), np.searchsorted(pa, ldocs + 1)
    for k in np.argsort(place[ldocs], kind="stable").tolist():
        mine = pb[lo_of[k] : hi_of[k]]
        size = int(count[mine].sum())
        if size == 0:
            continue
        if rows and (height >= ROWS_PER_BLOCK // 4 or width + size > BLOCK_RIGHT):
            groups.append((rows, partners))
            rows, partners, height, width = [], [], 0, 0
        rows.append(np.arange(lstart[k], lstart[k] + lcount[k]))
        partners.append(mine)
        height += int(lcount[k])
        width += size
    if rows:
        groups.append((rows, partners))
    blocks = [
        _blocked_job(
            left, right, left_doc, right_doc, *group, first, count, pairs, documents, min_margin
        )
        for group in groups
    ]
    r2, c2, v2, top2 = _run_blocks(blocks, left.shape[0], progress, steps, threads, 0.5)
    del blocks, groups, graph
    # a sentence's best cosines: the best of the reference's and its candidates' (sorted
    # in place: a folder of 100,000 essays has ten million sentences)
    both = np.concatenate([top1, top2], axis=1)
    del top1, top2
    both.sort(axis=1)
    top = np.ascontiguousarray(both[:, : -NEIGHBOURS - 1 : -1])
    del both
    return np.concatenate([r1, r2]), np.concatenate([c1, c2]), np.concatenate([v1, v2]), top


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
    left: sparse.csr_matrix,
    right: sparse.csr_matrix,
    left_doc: np.ndarray,
    right_doc: np.ndarray,
    rows: list[np.ndarray],
    partners: list[np.ndarray],
    first: np.ndarray,
    count: np.ndarray,
    pairs: np.ndarray,
    documents: int,
    min_margin: float,
) -> tuple[np.ndarray, Callable[[], _Found]]:
    """One block of :func:`_blocked_pairs`' candidates: its left rows and the function
    computing it."""
    where = np.concatenate(rows)
    cols = _rows_of(sorted_unique(np.concatenate(partners)), first, count)

    def job() -> _Found:
        block = (left[where] @ right[cols].T).tocsr()
        row = np.repeat(np.arange(block.shape[0], dtype=np.int64), np.diff(block.indptr))
        col = cols[block.indices]
        a, b = left_doc[where[row]].astype(np.int64), right_doc[col].astype(np.int64)
        key = a * documents + b
        at = np.minimum(np.searchsorted(pairs, key), len(pairs) - 1)
        counted = (a != b) & (pairs[at] == key)
        return _kept(block.indptr, row, col, block.data * counted, where, min_margin)

    return where, job


@dataclass(frozen=True)
class _Links:
    """Matched sentences of the whole folder, as parallel arrays."""

    doc_a: np.ndarray
    doc_b: np.ndarray
    sent_a: np.ndarray
    sent_b: np.ndarray
    margin: np.ndarray
    cosine: np.ndarray
    kind: np.ndarray  # 0 reworded, 1 translated


def sentence_space(
    sents: list[Sentences],
    field: str,
    row_lang: int,
    col_lang: int,
    copies: np.ndarray | None = None,
) -> tuple[sparse.csr_matrix, sparse.csr_matrix, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The TF-IDF rows of the ``row_lang`` and ``col_lang`` sentences (the same matrix
    when the languages are), and each row's document and place in it: (left, right,
    left documents, left places, right documents, right places). None if a side has
    no sentence. ``copies[d]``: how many documents document ``d`` stands for (the
    IDF counts each of them)."""
    rows = _Side.of(sents, field, row_lang)
    cols = rows if row_lang == col_lang else _Side.of(sents, field, col_lang)
    if len(rows.doc) == 0 or len(cols.doc) == 0:
        return None
    # across languages, one IDF over both sides' sentences: the shared English-stem space
    made = _tfidf([rows] if cols is rows else [rows, cols], copies)
    return made[0], made[-1], rows.doc, rows.local, cols.doc, cols.local


def _links_of_space(
    sents: list[Sentences],
    field: str,
    row_lang: int,
    col_lang: int,
    kind: int,
    min_margin: float,
    progress: Progress,
    steps: _Steps | None = None,
    threads: int = 1,
    copies: np.ndarray | None = None,
) -> _Links:
    """The links of one space (a language with itself, or Chinese with English), each
    once, for documents ``doc_a < doc_b``. With ``copies`` (the documents stand for
    that many identical ones, see :func:`meaning_pairs`), every link comes in both
    orientations instead, documents in any order: pairs of copies take it from either
    side."""
    space = sentence_space(sents, field, row_lang, col_lang, copies)
    give_back_free_memory()  # the slices' buffers: the products need the room
    if space is None:
        return _empty_links()
    left, right, row_doc, row_local, col_doc, col_local = space
    blocked = is_large(len(sents))
    if blocked and copies is not None:
        raise ValueError("documents standing for copies are compared in a small folder only")
    if blocked:  # each document meets its candidates only
        n = len(sents)
        pairs = candidate_documents(left, right, row_doc, col_doc, n, progress)
        r, c, cos, top_r = _blocked_pairs(
            left, right, row_doc, col_doc, pairs, n, progress, steps, threads, min_margin
        )
        if row_lang == col_lang:
            top_c = top_r
        else:  # the columns' closeness only: no link is kept
            flipped = np.sort((pairs % n) * n + pairs // n)
            top_c = _blocked_pairs(
                right, left, col_doc, row_doc, flipped, n, progress, steps, threads, np.inf
            )[3]
    else:
        r, c, cos, top_r = _similar_pairs(
            left,
            right,
            row_doc,
            col_doc,
            progress,
            steps,
            threads,
            min_margin=min_margin,
            copies=copies,
        )
        if row_lang == col_lang:  # symmetric: a column's neighbours are its row's
            top_c = top_r
        else:
            top_c = _similar_pairs(
                right,
                left,
                col_doc,
                row_doc,
                progress,
                steps,
                threads,
                min_margin=np.inf,
                copies=copies,
            )[3]
    near_r, near_c = _neighbour_closeness(top_r), _neighbour_closeness(top_c)
    margin = cos / ((near_r[r] + near_c[c]) / 2.0)
    good = margin >= min_margin
    r, c, cos, margin = r[good], c[good], cos[good], margin[good]
    da, db = row_doc[r], col_doc[c]
    sa, sb = row_local[r], col_local[c]
    if copies is not None:  # both orientations (a same-language link is found twice)
        cat = np.concatenate
        da, db, sa, sb = cat([da, db]), cat([db, da]), cat([sa, sb]), cat([sb, sa])
        cos, margin = cat([cos, cos]), cat([margin, margin])
    else:
        if row_lang == col_lang and not blocked:  # each pair was found from both sides
            keep = da < db
            da, db, sa, sb, cos, margin = (x[keep] for x in (da, db, sa, sb, cos, margin))
        swap = da > db
        da, db = np.where(swap, db, da), np.where(swap, da, db)
        sa, sb = np.where(swap, sb, sa), np.where(swap, sa, sb)
    # in a large folder a same-language link is found from one of its sentences or
    # both: each is kept once, at its larger cosine
    order = np.lexsort((-cos, sb, sa, db, da))
    da, db, sa, sb, cos, margin = (x[order] for x in (da, db, sa, sb, cos, margin))
    first = np.ones(len(da), bool)
    first[1:] = (
        (da[1:] != da[:-1]) | (db[1:] != db[:-1]) | (sa[1:] != sa[:-1]) | (sb[1:] != sb[:-1])
    )
    return _Links(
        da[first],
        db[first],
        sa[first],
        sb[first],
        margin[first].astype(np.float64),
        cos[first].astype(np.float64),
        np.full(int(first.sum()), kind, np.int8),
    )


def _empty_links() -> _Links:
    z = np.zeros(0, np.int64)
    return _Links(z, z, z, z, np.zeros(0), np.zeros(0), np.zeros(0, np.int8))


def chain_runs(links: list[SentenceLink], kind: str) -> list[MeaningRun]:
    """Matched sentences of one pair grouped into runs that keep their order.

    Each link continues the longest run ending at a link at most :data:`MAX_STEP`
    sentences before it on both sides (and not behind it on either). Runs are returned
    longest first; a link belongs to one run.

    >>> L = [SentenceLink(a, b, 3.0, 0.5) for a, b in [(0, 5), (1, 6), (3, 7), (9, 1)]]
    >>> [[(k.a, k.b) for k in r.links] for r in chain_runs(L, "reworded")]
    [[(0, 5), (1, 6), (3, 7)], [(9, 1)]]
    """
    links = sorted(links, key=lambda k: (k.a, k.b))
    best_len = [1] * len(links)
    best_sum = [k.margin for k in links]
    prev = [-1] * len(links)
    for x, lx in enumerate(links):
        for y in range(x - 1, -1, -1):
            ly = links[y]
            if lx.a - ly.a > MAX_STEP:
                break
            da, db = lx.a - ly.a, lx.b - ly.b
            if 0 <= db <= MAX_STEP and (da, db) != (0, 0):
                better = (best_len[y] + 1, best_sum[y] + lx.margin) > (best_len[x], best_sum[x])
                if better:
                    best_len[x], best_sum[x], prev[x] = best_len[y] + 1, best_sum[y] + lx.margin, y
    used = [False] * len(links)
    runs: list[MeaningRun] = []
    for end in sorted(range(len(links)), key=lambda x: (-best_len[x], -best_sum[x], x)):
        chain, x = [], end
        while x != -1 and not used[x]:
            chain.append(x)
            x = prev[x]
        for x in chain:
            used[x] = True
        if chain:
            runs.append(MeaningRun(kind, tuple(links[x] for x in reversed(chain))))
    runs.sort(key=lambda r: (-r.sentences, -sum(k.margin for k in r.links), r.links[0].a))
    return runs


def _strength(links: list[SentenceLink]) -> float:
    """The best sum of margins of up to :data:`MIN_SENTENCES` links chained in order,
    divided by :data:`MIN_SENTENCES`: how close the pair's best few sentences in a row
    are (it ranks pairs that have no passage)."""
    links = sorted(links, key=lambda k: (k.a, k.b))
    best: list[list[float]] = []  # best[x][n - 1]: best sum of a chain of n ending at x
    top = 0.0
    for x, lx in enumerate(links):
        sums = [lx.margin] + [-1.0] * (MIN_SENTENCES - 1)
        for y in range(x - 1, -1, -1):
            ly = links[y]
            if lx.a - ly.a > MAX_STEP:
                break
            da, db = lx.a - ly.a, lx.b - ly.b
            if da >= 1 and 1 <= db <= MAX_STEP:
                for n in range(1, MIN_SENTENCES):
                    if best[y][n - 1] >= 0:
                        sums[n] = max(sums[n], best[y][n - 1] + lx.margin)
        best.append(sums)
        top = max(top, max(sums) / MIN_SENTENCES)  # a shorter chain counts its part
    return top


def needs_glosses(sents: list[Sentences], min_sentences: int) -> bool:
    """Whether a translated passage is possible at all: one document has
    ``min_sentences`` English sentences and another as many Chinese ones.

    >>> from simhash_core.text.sentences import sentences_of
    >>> en = sentences_of("One two three four five six. Seven eight nine ten eleven twelve.")
    >>> zh = sentences_of("第一句话就在这里吧。第二句话也在这里吧。")
    >>> needs_glosses([en, zh], 2), needs_glosses([en, zh], 3), needs_glosses([en, en], 2)
    (True, False, False)
    """
    english = {
        i for i, x in enumerate(sents) if np.count_nonzero(x.lang == ENGLISH) >= min_sentences
    }
    chinese = {
        i for i, x in enumerate(sents) if np.count_nonzero(x.lang == CHINESE) >= min_sentences
    }
    return bool(english) and bool(chinese) and len(english | chinese) > 1


def meaning_pairs(
    sents: list[Sentences],
    *,
    reworded: bool = True,
    translated: bool = True,
    min_margin: float = 1.0,
    allowed: Callable[[int, int], bool] | None = None,
    progress: Progress | None = None,
    share: tuple[float, float] = (0.0, 1.0),
    threads: int = 1,
    min_links: int = 1,
    by_content: bool = True,
) -> dict[tuple[int, int], PairMeaning]:
    """Sentences matched by meaning between documents, per pair ``(i, j)``, ``i < j``.

    Links weaker than ``min_margin`` are left out; a pair with fewer than ``min_links``
    links (in one layer) is absent.
    ``progress`` is told how far the products are, as the ``share`` of its stage.
    ``threads``: sentence products multiplied at once (the same links whatever it is).

    Documents with the same sentences (a file handed in many times) are compared once
    (``by_content``, below :data:`BLOCKING_FROM` documents): one of them stands for all,
    its sentences counted once per copy in the IDF and among each sentence's
    neighbours, so every pair gets the links it would get from its own products.
    """
    progress = progress or Progress()
    labels, reps = _same_sentences(sents)
    copies = None
    if by_content and len(reps) < len(sents) and not is_large(len(sents)):
        copies = np.bincount(labels).astype(np.int64)
        sents = [sents[r] for r in reps]
    zh = sum(int(np.count_nonzero(x.lang == CHINESE)) for x in sents)
    en = sum(int(np.count_nonzero(x.lang == ENGLISH)) for x in sents)
    cross = translated and all(x.glossed for x in sents)  # the caller glossed them if needed
    steps = _Steps(progress, (zh + en if reworded else 0) + (zh + en if cross else 0), share)
    parts = []
    space = partial(
        _links_of_space,
        min_margin=min_margin,
        progress=progress,
        steps=steps,
        threads=threads,
        copies=copies,
    )
    if reworded:
        for lang in (CHINESE, ENGLISH):
            parts.append(space(sents, "word", lang, lang, 0))
    if cross:
        parts.append(space(sents, "gloss", CHINESE, ENGLISH, 1))
    if copies is None:
        return _pair_meanings(parts, min_links, allowed)
    # per ordered pair of contents, then for each pair of documents holding them
    found = _pair_meanings(parts, min_links, None)
    members: list[list[int]] = [[] for _ in reps]
    for d, label in enumerate(labels.tolist()):
        members[label].append(d)
    out: dict[tuple[int, int], PairMeaning] = {}
    for (p, q), meaning in found.items():
        for x in members[p]:
            for y in members[q]:
                if x < y and (allowed is None or allowed(x, y)):
                    out[(x, y)] = meaning
    return dict(sorted(out.items()))


def _same_sentences(sents: list[Sentences]) -> tuple[np.ndarray, list[int]]:
    """Documents grouped by their sentences' languages and terms (what the links are
    made of): each document's group, and the first document of each group."""
    labels = np.empty(len(sents), np.int64)
    first: dict[bytes, int] = {}
    reps: list[int] = []
    for d, x in enumerate(sents):
        h = hashlib.blake2b(digest_size=16)
        for a in (x.lang, x.word_ptr, x.word_ids, x.gloss_ptr, x.gloss_ids):
            h.update(len(a).to_bytes(8, "little"))
            h.update(np.ascontiguousarray(a).tobytes())
        label = first.setdefault(h.digest(), len(reps))
        if label == len(reps):
            reps.append(d)
        labels[d] = label
    return labels, reps


def _pair_meanings(
    parts: list[_Links], min_links: int, allowed: Callable[[int, int], bool] | None
) -> dict[tuple[int, int], PairMeaning]:
    """Each pair's links (from every part, in order) chained into runs."""
    out: dict[tuple[int, int], PairMeaning] = {}
    for part in parts:
        if len(part.doc_a) == 0:
            continue
        order = np.lexsort((part.sent_b, part.sent_a, part.doc_b, part.doc_a))
        keys = np.stack([part.doc_a[order], part.doc_b[order]], axis=1)
        cut = np.flatnonzero(np.any(keys[1:] != keys[:-1], axis=1)) + 1
        bounds = np.concatenate([[0], cut, [len(order)]])
        enough = np.flatnonzero(np.diff(bounds) >= min_links)
        for group in (order[bounds[g] : bounds[g + 1]] for g in enough.tolist()):
            i, j = int(part.doc_a[group[0]]), int(part.doc_b[group[0]])
            if allowed is not None and not allowed(i, j):
                continue
            links = [
                SentenceLink(int(a), int(b), round(float(m), 4), round(float(c), 4))
                for a, b, m, c in zip(
                    part.sent_a[group],
                    part.sent_b[group],
                    part.margin[group],
                    part.cosine[group],
                    strict=True,
                )
            ]
            kind = TRANSLATED if part.kind[group[0]] else REWORDED
            runs = chain_runs(links, kind)
            found = PairMeaning(tuple(runs), round(_strength(links), 4))
            if (i, j) in out:  # a mixed-language pair: both layers
                old = out[(i, j)]
                found = PairMeaning(
                    tuple(sorted([*old.runs, *found.runs], key=lambda r: -r.sentences)),
                    max(old.strength, found.strength),
                )
            out[(i, j)] = found
    return out


@dataclass(frozen=True)
class MeaningFound:
    """A pair's reworded and translated passages, judged by the settings' thresholds.
    Which side they come from is not guessed here (see :mod:`.direction`)."""

    passages: tuple[Passage, ...]
    reworded: int  # sentences (the fewer of the two sides) in reworded passages
    translated: int
    share_a: float  # share of A's sentence text inside the passages
    share_b: float
    strength: float


NOTHING_FOUND = MeaningFound((), 0, 0, 0.0, 0.0, 0.0)


def spans_covered(spans: list[tuple[int, int]], start: int, end: int) -> float:
    """Share of ``[start, end)`` inside ``spans`` (which do not overlap each other).

    >>> spans_covered([(0, 5), (8, 10)], 0, 10)
    0.7
    """
    if end <= start:
        return 0.0
    inside = sum(max(0, min(e, end) - max(s, start)) for s, e in spans)
    return min(1.0, inside / (end - start))


def shown_beside(words: Sequence[Passage], found: Sequence[Passage]) -> list[Passage]:
    """The reworded and translated passages of ``found`` that a pair shows beside its
    word-for-word passages ``words``: one mostly copied word for word (half of it or
    more inside word passages on both sides) shows as copied, not again.

    >>> copied = Passage(0, 100, 0, 100, 50)
    >>> meant = [Passage(10, 60, 10, 60, 3, kind="reworded"), Passage(200, 260, 200, 260, 3)]
    >>> [x.a_start for x in shown_beside([copied], meant)]
    [200]
    """
    a_spans = [(p.a_start, p.a_end) for p in words]
    b_spans = [(p.b_start, p.b_end) for p in words]
    return [
        p
        for p in found
        if spans_covered(a_spans, p.a_start, p.a_end) < 0.5
        or spans_covered(b_spans, p.b_start, p.b_end) < 0.5
    ]


def judge_meaning(
    found: PairMeaning,
    a: Sentences,
    b: Sentences,
    *,
    margin: float,
    min_sentences: int,
) -> MeaningFound:
    """The passages of ``found`` that a teacher is shown: runs of at least
    ``min_sentences`` sentences, each link at least ``margin``. Sentences that keep
    their words (a cosine of at least :data:`COPIED_COSINE`) are left out: word
    passages show them as copied.

    >>> from simhash_core.text.sentences import sentences_of
    >>> s = sentences_of(" ".join(f"Sentence {k} has six words here." for k in range(4)))
    >>> links = tuple(SentenceLink(k, k, 2.0, 0.5) for k in range(4))
    >>> f = judge_meaning(PairMeaning((MeaningRun(REWORDED, links),), 2.0), s, s,
    ...                   margin=1.3, min_sentences=3)
    >>> f.reworded, f.passages[0].kind, f.passages[0].sentences, f.share_a
    (4, 'reworded', 4, 1.0)
    """
    passages: list[Passage] = []
    counts = {REWORDED: 0, TRANSLATED: 0}
    a_spans: set[int] = set()
    b_spans: set[int] = set()
    for run in found.runs:
        links = [
            k
            for k in run.links
            if k.margin >= margin and (run.kind == TRANSLATED or k.cosine < COPIED_COSINE)
        ]
        for part in chain_runs(links, run.kind):
            if part.sentences < min_sentences:
                continue
            counts[part.kind] += part.sentences
            sa = {k.a for k in part.links}
            sb = {k.b for k in part.links}
            a_spans |= sa
            b_spans |= sb
            a0, a1 = a.text_span(min(sa))[0], a.text_span(max(sa))[1]
            b0, b1 = b.text_span(min(sb))[0], b.text_span(max(sb))[1]
            passages.append(
                Passage(a0, a1, b0, b1, part.sentences, False, part.kind, part.sentences)
            )
    if not passages:
        return MeaningFound((), 0, 0, 0.0, 0.0, found.strength)
    share_a = _text_share(a, a_spans)
    share_b = _text_share(b, b_spans)
    passages.sort(key=lambda p: (p.a_start, p.b_start))
    return MeaningFound(
        tuple(passages),
        counts[REWORDED],
        counts[TRANSLATED],
        share_a,
        share_b,
        found.strength,
    )


def _text_share(s: Sentences, chosen: set[int]) -> float:
    lengths = s.spans[1::2].astype(np.int64) - s.spans[0::2]
    total = int(lengths.sum())
    return float(lengths[sorted(chosen)].sum() / total) if total else 0.0


def meaning_key(settings: object, translated: bool) -> str:
    """What the meaning layer's links depend on besides the documents (a memo key)."""
    fields = ("reworded", "meaning_margin", "meaning_sentences", "t2s")
    return repr((*(getattr(settings, f) for f in fields), translated))


def encode_meaning(found: dict[tuple[int, int], PairMeaning]) -> dict[str, np.ndarray]:
    """Flat arrays of :func:`meaning_pairs`' result, for the comparison memo.

    >>> k = SentenceLink(1, 2, 1.5, 0.4)
    >>> m = {(0, 3): PairMeaning((MeaningRun(TRANSLATED, (k,)),), 0.5)}
    >>> decode_meaning(encode_meaning(m)) == m
    True
    """
    keys = sorted(found)
    runs = [(n, r) for n, key in enumerate(keys) for r in found[key].runs]
    links = [(m, k) for m, (_, r) in enumerate(runs) for k in r.links]
    return {
        "meaning_pairs": np.array(keys, np.int64).reshape(-1, 2),
        "meaning_strength": np.array([found[k].strength for k in keys], np.float64),
        "meaning_run_pair": np.array([n for n, _ in runs], np.int64),
        "meaning_run_kind": np.array([r.kind == TRANSLATED for _, r in runs], np.int8),
        "meaning_link_run": np.array([m for m, _ in links], np.int64),
        "meaning_links": np.array([(k.a, k.b) for _, k in links], np.int64).reshape(-1, 2),
        "meaning_link_scores": np.array(
            [(k.margin, k.cosine) for _, k in links], np.float64
        ).reshape(-1, 2),
    }


def decode_meaning(a: dict[str, np.ndarray]) -> dict[tuple[int, int], PairMeaning]:
    """The result :func:`encode_meaning` flattened."""
    links: list[list[SentenceLink]] = [[] for _ in range(len(a["meaning_run_pair"]))]
    for m, (x, y), (margin, cosine) in zip(
        a["meaning_link_run"].tolist(),
        a["meaning_links"].tolist(),
        a["meaning_link_scores"].tolist(),
        strict=True,
    ):
        links[m].append(SentenceLink(x, y, margin, cosine))
    runs: list[list[MeaningRun]] = [[] for _ in range(len(a["meaning_pairs"]))]
    for m, (n, kind) in enumerate(
        zip(a["meaning_run_pair"].tolist(), a["meaning_run_kind"].tolist(), strict=True)
    ):
        runs[n].append(MeaningRun(TRANSLATED if kind else REWORDED, tuple(links[m])))
    return {
        (int(i), int(j)): PairMeaning(tuple(r), float(s))
        for (i, j), r, s in zip(
            a["meaning_pairs"].tolist(), runs, a["meaning_strength"].tolist(), strict=True
        )
    }
