"""Aligning many pairs in the worker processes, side by side.

Measuring a pair (:func:`~simhash_core.compare.pair_score.measure_pair`: its passages
aligned, what they cover) reads only the two documents' shingles, which of them count,
their units and text. A large folder has tens of thousands of such pairs (3,638 in
10,000 essays; about 170 s of comparing 100,000 on one core), so they are sent to isolated
workers (:class:`~simhash_core.pool.IsolatedPool`) in chunks of pairs, with a slim
copy of each document a chunk reads. A worker measures exactly as the parent would:
the same function on the same arrays, so the results are the same, in any order.

Most of a large folder's pairs share a few shingles by chance, scattered through both
texts (of 228,615 pairs of the 100,000-file benchmark folder sharing three or more,
218,563 can hold no passage). Each is checked here first, without aligning it
(:func:`~simhash_core.compare.passages.may_hold_passage`), and measured as having no
passage: only the others, and their documents, are sent.

A chunk a worker cannot finish (it crashed, ran out of time or memory) is measured in
the parent instead: a pair is never lost.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from pathlib import Path

import numpy as np

from simhash_core.compare.corpus import Corpus
from simhash_core.compare.pair_score import NOTHING, PairMeasure, measure_matches
from simhash_core.compare.passages import UnitMatch, may_hold_passage, usable_set
from simhash_core.memory import drop_mapped_pages
from simhash_core.pool import IsolatedPool, run_chunks
from simhash_core.progress import Progress
from simhash_core.types import Document, ScanSettings, UnitSpans

PAIRS_PER_CHUNK = 256  # pairs a worker is sent at once (about 12 MB of documents)
MIN_PAIRS = 512  # fewer pairs are measured in the parent: starting workers costs more
CHUNK_SECONDS = 600.0  # a chunk running longer than this is measured in the parent


def measure_in_workers(
    corpus: Corpus,
    pairs: Sequence[tuple[int, int]],
    workers: int,
    progress: Progress | None = None,
    share: tuple[float, float] = (0.0, 1.0),
) -> dict[tuple[int, int], tuple[PairMeasure, list[UnitMatch]]]:
    """Each pair's measure and aligned runs, worked out in ``workers`` processes.

    Empty when there are too few pairs or workers for it to pay (the caller measures
    those itself), and without the pairs of a chunk that no worker could finish.
    ``progress`` hears how far the check and the chunks are, as the ``share`` of its
    stage (half each), and can cancel them (the pairs measured so far are returned).
    Pairs that can hold no passage are measured without a worker (:func:`passage_free`).
    """
    if workers < 2 or len(pairs) < MIN_PAIRS:
        return {}
    out: dict[tuple[int, int], tuple[PairMeasure, list[UnitMatch]]] = {}
    low, high = share
    middle = (low + high) / 2
    free = passage_free(corpus, pairs, progress, (low, middle))
    out.update((pair, (NOTHING, [])) for pair in free)
    pairs = [pair for pair in pairs if pair not in free]
    if len(pairs) < MIN_PAIRS or (progress is not None and progress.cancelled):
        return out
    step = PAIRS_PER_CHUNK
    chunks = [list(pairs[lo : lo + step]) for lo in range(0, len(pairs), step)]
    pool = IsolatedPool(workers, timeout=CHUNK_SECONDS, memory_mb=4096)
    # each chunk's documents gathered when it is sent, not all of them at once
    for chunk, outcome in run_chunks(
        _measure_chunk, chunks, partial(_chunk_args, corpus), pool, progress, (middle, high)
    ):
        out.update(zip(chunk, outcome, strict=True))
    return out


def passage_free(
    corpus: Corpus,
    pairs: Sequence[tuple[int, int]],
    progress: Progress | None = None,
    share: tuple[float, float] = (0.0, 1.0),
) -> set[tuple[int, int]]:
    """The ``pairs`` that can hold no passage (:func:`may_hold_passage`): taken by
    their second document, whose usable shingles are made a set once for all its
    pairs. ``progress`` hears how far it is, as the ``share`` of its stage; where it is
    cancelled, the pairs found so far.

    One thread: the checks are many small NumPy steps, and two threads sharing the
    interpreter took 68 s where one takes 41 s (the 100,000-file folder's pairs)."""
    firsts: dict[int, list[int]] = {}
    for i, j in pairs:
        firsts.setdefault(j, []).append(i)
    free: set[tuple[int, int]] = set()
    low, high = share
    for done, j in enumerate(sorted(firsts), start=1):
        if progress is not None and progress.cancelled:
            break
        free.update((i, j) for i in _free_of(corpus, firsts[j], j))
        if drop_mapped_pages(done) and progress is not None:  # every 2,048 documents
            progress.reached(low + (high - low) * done / len(firsts))
    return free


def _free_of(corpus: Corpus, firsts: list[int], j: int) -> list[int]:
    """The documents of ``firsts`` that can hold no passage with document ``j``."""
    n, units = corpus.settings.ngram, corpus.settings.min_passage_units
    usable = usable_set(corpus.docs[j].shingle_seq[corpus.ok_mask(j)])
    return [
        i
        for i in firsts
        if not may_hold_passage(
            corpus.docs[i].shingle_seq, corpus.ok_mask(i), usable, n, min_units=units
        )
    ]


_Slim = tuple[np.ndarray, np.ndarray, int, UnitSpans, str]  # see _slim


def _chunk_args(
    corpus: Corpus, chunk: list[tuple[int, int]]
) -> tuple[list[_Slim], np.ndarray, ScanSettings, list[tuple[int, int]]]:
    """What a worker needs for ``chunk``: its documents, slimmed to what aligning and
    measuring read, their comparable units, the settings, and the pairs as places in
    that list of documents."""
    drop_mapped_pages()  # those the chunks sent so far were read from
    docs = sorted({d for pair in chunk for d in pair})
    place = {d: k for k, d in enumerate(docs)}
    slim = [_slim(corpus, d) for d in docs]
    comparable = corpus.comparable[docs]
    return slim, comparable, corpus.settings, [(place[i], place[j]) for i, j in chunk]


def _slim(corpus: Corpus, i: int) -> _Slim:
    """Document ``i`` as plain values (no object to build, little to pickle: the parent
    feeds two workers): its shingles, which of them count for this corpus (common text
    left out; 8 to a byte), how many, its units and its text."""
    d = corpus.docs[i]
    return d.shingle_seq, corpus.packed_ok(i), len(d.usable), d.units, d.text


def _document(slim: _Slim, ngram: int) -> Document:
    """In a worker: a document with what measuring reads."""
    seq, ok, count, units, text = slim
    usable = np.unpackbits(ok, count=count).view(bool)
    empty = np.zeros(0, np.uint64)
    return Document("", Path(), text, "", 0, empty, seq, usable, units, ngram=ngram)


def _measure_chunk(
    docs: list[_Slim],
    comparable: np.ndarray,
    settings: ScanSettings,
    pairs: list[tuple[int, int]],
) -> list[tuple[PairMeasure, list[UnitMatch]]]:
    """In a worker: each pair's measure and its aligned runs."""
    made = [_document(x, settings.ngram) for x in docs]
    corpus = Corpus(made, settings, np.zeros(0, np.uint64), _comparable=comparable)
    out = []
    for i, j in pairs:
        matches = corpus.matches(i, j)
        out.append((measure_matches(corpus, i, j, matches), matches))
    return out
