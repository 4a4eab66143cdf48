"""TF-IDF: the documents' sentences as L2-normalised rows of one sentence space.

A sentence's terms are Chinese character pairs or English stems within a language
(*reworded*), English stems and CC-CEDICT glosses across Chinese and English
(*translated*); the IDF is over the folder's sentences. The rows are made a slice of
documents at a time, the terms counted in one sorted tally
(:class:`simhash_core.compare.tally.SortedTally`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from simhash_core.compare.tally import SortedTally, distinct_counts
from simhash_core.ordered_threads import map_in_order
from simhash_core.progress import Progress
from simhash_core.text.sentences import Sentences

if TYPE_CHECKING:  # scipy is imported where sentences are multiplied: a re-scan answered
    from scipy import sparse  # from the cache, or a report, never loads it (0.7 s)

COMMON_TERM_SHARE = 0.002  # terms in more than 0.2% of the sentences are left out...
COMMON_TERM_SENTENCES = 200  # ...when that is more than 200 sentences


def _tfidf(
    sides: list[_Side],
    weight: np.ndarray | None = None,
    progress: Progress | None = None,
    threads: int = 1,
) -> list[sparse.csr_matrix]:
    """L2-normalised TF-IDF rows (sublinear term frequency) of each side's sentences,
    IDF over all of them, each row counted ``weight[doc]`` times if given (a sentence
    of a document handed in several times: the same IDF as with every copy's rows).

    Made in two passes over a slice of documents at a time (:data:`TFIDF_SLICE` term
    occurrences): the first counts each term's sentences, the second writes the
    weighted rows straight into arrays of their final size. Beside the matrices, only
    one slice's terms are held: never the folder's every term occurrence (250 million
    in a folder of 100,000 essays), nor the entries of terms left out as too common.
    A cancel of ``progress`` is acted on between the slices. With ``threads`` > 1,
    that many slices are worked on at once (the same rows: each slice is made alone,
    and they are put together in order).
    """
    # per term: the (weighted) number of sentences holding it, then each side's entries
    tally = SortedTally(1 + len(sides), waiting=TFIDF_SLICE, grow=True, dtype=np.uint32)
    for k, side in enumerate(sides):

        def counted(piece: tuple[np.ndarray, np.ndarray, np.ndarray], k: int = k):
            doc, ptr, ids = piece
            distinct = _distinct_terms(ptr, ids.astype(np.int64), 1 << 32)
            per_row = None if weight is None else weight[doc]
            lengths = np.diff(distinct.indptr)
            terms = distinct.indices.astype(np.uint32)
            return _slice_counts(terms, per_row, lengths, k, len(sides))

        for found in map_in_order(counted, side.slices(progress), threads, "tfidf"):
            tally.add(*found)
    vocab, counts = tally.result()
    df, entries = counts[0].astype(np.int64), counts[1:].astype(np.int64)
    if weight is None:
        rows = sum(len(x.doc) for x in sides)
    else:
        rows = int(sum(int(weight[x.doc].sum()) for x in sides))
    idf = np.log((rows + 1) / (df + 1)).astype(np.float32) + 1.0
    # a term in very many sentences says nothing about which two match, and makes every
    # product dense: left out (only in large folders)
    idf[df > max(COMMON_TERM_SENTENCES, COMMON_TERM_SHARE * rows)] = 0.0
    return [
        _weighted_rows(side, vocab, idf, int(n[idf != 0].sum()), progress, threads)
        for side, n in zip(sides, entries, strict=True)
    ]


def _weighted_rows(
    side: _Side,
    vocab: np.ndarray,
    idf: np.ndarray,
    nnz: int,
    progress: Progress | None,
    threads: int = 1,
) -> sparse.csr_matrix:
    """The second pass of :func:`_tfidf` for one side: its ``nnz`` entries of terms
    that count, weighted and normalised, written a slice at a time (``threads`` slices
    weighted at once)."""
    from scipy import sparse

    n = len(side.doc)
    if len(vocab) == 0:
        return sparse.csr_matrix((n, 1), dtype=np.float32)
    index = np.int64 if max(nnz, len(vocab)) >= 2**31 else np.int32
    data, indices = np.empty(nnz, np.float32), np.empty(nnz, index)
    indptr = np.zeros(n + 1, index)
    at = first = 0

    def weighted(piece: tuple[np.ndarray, np.ndarray, np.ndarray]) -> sparse.csr_matrix:
        return _weighted_slice(piece[1], _places(vocab, piece[2]), idf, len(vocab))

    for m in map_in_order(weighted, side.slices(progress), threads, "tfidf"):
        lengths = np.diff(m.indptr)
        data[at : at + m.nnz], indices[at : at + m.nnz] = m.data, m.indices
        indptr[first + 1 : first + len(lengths) + 1] = m.indptr[1:] + at
        at, first = at + m.nnz, first + len(lengths)
        del m  # not held while the next slice is read
    return sparse.csr_matrix((data, indices, indptr), shape=(n, len(vocab)), copy=False)


def _weighted_slice(
    ptr: np.ndarray, cols: np.ndarray, idf: np.ndarray, width: int
) -> sparse.csr_matrix:
    """One slice's rows (``cols[ptr[i]:ptr[i + 1]]``, places in the vocabulary) with
    sublinear term frequencies times ``idf``, without the terms left out (IDF 0), each
    row L2-normalised."""
    from scipy import sparse

    m = _distinct_terms(ptr, cols, width)
    np.log(m.data, out=m.data)
    m.data += 1.0
    m.data *= idf[m.indices]
    m.eliminate_zeros()  # the terms left out
    # each row's norm as a sparse sum makes it (float32, in row order): the same
    # values as weighting the whole matrix at once
    squares = sparse.csr_matrix((m.data * m.data, m.indices, m.indptr), shape=m.shape)
    norms = np.sqrt(np.asarray(squares.sum(axis=1)).ravel())
    m.data *= np.repeat((1.0 / np.maximum(norms, 1e-12)).astype(np.float32), np.diff(m.indptr))
    return m


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


def _slice_counts(
    terms: np.ndarray, weight: np.ndarray | None, lengths: np.ndarray, side: int, sides: int
) -> tuple[np.ndarray, np.ndarray]:
    """One slice of ``side`` for the terms' tally: its distinct terms, and for each the
    (weighted) number of sentences holding it, then each side's number of (sentence,
    term) entries (this side's only). ``terms``: each sentence's distinct terms
    (``lengths`` per sentence, one after the other), the sentence counted ``weight``
    times if given.

    >>> terms, weight, lengths = np.array([4, 2, 4]), np.array([3, 1]), np.array([2, 1])
    >>> t, c = _slice_counts(terms, weight, lengths, 1, 2)
    >>> t.tolist(), c.tolist()
    ([2, 4], [[3, 4], [0, 0], [1, 2]])
    """
    if weight is None:
        terms, entries = distinct_counts(terms)
        df = entries
    else:
        both = np.ones((2, len(terms)), np.int64)
        both[0] = np.repeat(weight, lengths)
        terms, (df, entries) = distinct_counts(terms, both)
    counts = np.zeros((1 + sides, len(terms)), np.int32)
    counts[0], counts[1 + side] = df, entries
    return terms, counts


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

    def slices(
        self, progress: Progress | None = None
    ) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """(each row's document, ptr, term ids) of a slice of documents at a time, in
        row order; a cancel of ``progress`` acted on before each."""
        lo, held = 0, 0
        for hi, s in enumerate(self.sents, start=1):
            held += len(getattr(s, f"{self.field}_ids"))
            if held >= TFIDF_SLICE or hi == len(self.sents):
                if progress is not None:
                    progress.check()
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


class SentenceSpace(NamedTuple):
    """One sentence space: the TF-IDF rows of one language's sentences (``left``) and
    of the sentences they are compared with (``right``: the same matrix within a
    language, the other language's across), and each row's document and place in it.
    A value, not parallel arrays: it unpacks as (left, right, left documents, left
    places, right documents, right places)."""

    left: sparse.csr_matrix
    right: sparse.csr_matrix
    row_doc: np.ndarray
    row_local: np.ndarray
    col_doc: np.ndarray
    col_local: np.ndarray

    @property
    def one_language(self) -> bool:
        """Whether the sentences are compared with those of their own language (one
        matrix: a pair of sentences is found from both of them)."""
        return self.right is self.left

    def flipped(self) -> SentenceSpace:
        """The space seen from its right side: its right sentences as the rows."""
        return SentenceSpace(
            self.right, self.left, self.col_doc, self.col_local, self.row_doc, self.row_local
        )

    def columns(self, rows: np.ndarray) -> SentenceSpace:
        """The space with only the right sentences ``rows``."""
        return self._replace(
            right=self.right[rows], col_doc=self.col_doc[rows], col_local=self.col_local[rows]
        )


def sentence_space(
    sents: list[Sentences],
    field: str,
    row_lang: int,
    col_lang: int,
    copies: np.ndarray | None = None,
    progress: Progress | None = None,
    threads: int = 1,
) -> SentenceSpace | None:
    """The TF-IDF rows of the ``row_lang`` and ``col_lang`` sentences (the same matrix
    when the languages are), and each row's document and place in it. None if a side
    has no sentence. ``copies[d]``: how many documents document ``d`` stands for (the
    IDF counts each of them). A cancel of ``progress`` is acted on as the rows are made."""
    rows = _Side.of(sents, field, row_lang)
    cols = rows if row_lang == col_lang else _Side.of(sents, field, col_lang)
    if len(rows.doc) == 0 or len(cols.doc) == 0:
        return None
    # across languages, one IDF over both sides' sentences: the shared English-stem space
    made = _tfidf([rows] if cols is rows else [rows, cols], copies, progress, threads)
    return SentenceSpace(made[0], made[-1], rows.doc, rows.local, cols.doc, cols.local)
