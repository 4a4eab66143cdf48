"""Judging many pairs in the worker processes, side by side.

Judging a pair (:func:`~simhash_core.compare.pair_score.judge_pair`: its passages made
whole from the word-for-word runs and the sentence seeds, its reasons) reads the two
documents' text, units, shingles and sentences, the class's shared text in them and
what the meaning layer found for the pair. Nothing it reads or writes belongs to
another pair. A folder of 1,000 English essays has 1,300 pairs to judge (2.8 s on one
core), 10,000 essays 9.5 s, so they are sent to isolated workers
(:class:`~simhash_core.pool.IsolatedPool`) in chunks, with a slim copy of each document
a chunk reads. A worker judges exactly as the parent would: the same function on the
same values (the shared text of the chunk's documents, the runs the parent holds), so
the pairs are the same, in any order.

A chunk a worker cannot finish (it crashed, ran out of time or memory) is judged in
the parent instead: a pair is never lost.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import numpy as np

from simhash_core.compare.corpus import Corpus
from simhash_core.compare.meaning import NOTHING_FOUND, MeaningFound, PairMeaning, judge_meaning
from simhash_core.compare.pair_score import PairMeasure, copy_pair, judge_pair
from simhash_core.compare.passages import UnitMatch
from simhash_core.compare.same_text import SameText
from simhash_core.memory import drop_mapped_pages
from simhash_core.pool import IsolatedPool, run_chunks
from simhash_core.progress import Progress
from simhash_core.text.sentences import Sentences
from simhash_core.types import Document, PairScore, ScanSettings, UnitSpans

PAIRS_PER_CHUNK = 128  # at most, pairs a worker is sent at once
CHUNKS_PER_WORKER = 4  # at least, while the chunks have 8 pairs or more (an even load)
MIN_PAIRS = 48  # fewer pairs to send are judged in the parent: starting workers costs more
CHUNK_SECONDS = 600.0  # a chunk running longer than this is judged in the parent


@dataclass(frozen=True)
class ToJudge:
    """One pair to judge, documents ``i < j``, with everything
    :func:`~simhash_core.compare.pair_score.judge_pair` reads besides the corpus: its
    measure, shared shingles, set sizes, SimHash distance, Jaccard estimate, and what
    the meaning layer ``found`` (None: nothing)."""

    i: int
    j: int
    measure: PairMeasure
    shared: int
    set_sizes: tuple[int, int]
    distance: int
    jaccard: float
    found: PairMeaning | None


@dataclass(frozen=True)
class JudgedPair:
    """A judged pair: its scores, and its judged meaning when the meaning layer found
    something (kept in :attr:`Corpus.meaning`)."""

    pair: PairScore
    meaning: MeaningFound | None


def judge_one(corpus: Corpus, t: ToJudge) -> JudgedPair:
    """Pair ``t`` judged: its reworded and translated passages as a teacher is shown
    them (kept in ``corpus.meaning`` first: the pair's passages read them), then its
    scores, flag and reasons."""
    meaning = None
    if t.found is not None:
        s = corpus.settings
        meaning = corpus.meaning[(t.i, t.j)] = judge_meaning(
            t.found,
            corpus.sentences(t.i),
            corpus.sentences(t.j),
            margin=s.meaning_margin,
            min_sentences=s.meaning_sentences,
            texts=(corpus.docs[t.i].text, corpus.docs[t.j].text),
        )
    p = judge_pair(
        corpus,
        t.i,
        t.j,
        t.measure,
        shared=t.shared,
        set_sizes=t.set_sizes,
        distance=t.distance,
        jaccard=t.jaccard,
        meaning=meaning or NOTHING_FOUND,
    )
    return JudgedPair(p, meaning)


def judge_in_workers(
    corpus: Corpus,
    tasks: Sequence[ToJudge],
    workers: int,
    progress: Progress | None = None,
    share: tuple[float, float] = (0.0, 1.0),
    between: Callable[[], bool] | None = None,
) -> dict[tuple[int, int], JudgedPair]:
    """The pairs of ``tasks`` with word-for-word passages judged in ``workers``
    processes, by their pair: they take the time (5-10 ms a pair, their passages made
    whole); a pair without costs more to send than to judge (0.1-1 ms).

    Empty when there are too few such pairs or workers for it to pay, or when the
    corpus leaves out runs or spans of its pairs (the review's exclusions, which are
    functions of the parent): the caller judges those itself, as it does the pairs left
    here and those of a chunk that no worker could finish. The runs a worker had to
    align are given to the corpus (:meth:`Corpus.give_matches`), as aligning them here
    would have kept them. ``progress`` hears how far the chunks are, as the ``share``
    of its stage, and can cancel them (the pairs judged so far are returned).
    ``between`` is the caller's own judging, done while the workers judge (see
    :meth:`~simhash_core.pool.IsolatedPool.run`); it is not called when the workers
    are not used.
    """
    sent = [t for t in tasks if t.measure.passages]
    if workers < 2 or len(sent) < MIN_PAIRS or not _portable(corpus):
        return {}
    size = chunk_size(len(sent), workers)
    chunks = [sent[lo : lo + size] for lo in range(0, len(sent), size)]
    pool = IsolatedPool(workers, timeout=CHUNK_SECONDS, memory_mb=4096)
    out: dict[tuple[int, int], JudgedPair] = {}
    for chunk, outcome in run_chunks(
        _judge_chunk, chunks, partial(_chunk_args, corpus), pool, progress, share, between
    ):
        for t, (judged, aligned) in zip(chunk, outcome, strict=True):
            out[(t.i, t.j)] = _in_parent(corpus, t, judged, aligned)
    return out


def chunk_size(pairs: int, workers: int) -> int:
    """Pairs a chunk holds: :data:`CHUNKS_PER_WORKER` chunks a worker or more, so
    that none waits long for the last, of 8 pairs at least and
    :data:`PAIRS_PER_CHUNK` at most.

    >>> chunk_size(127, 2), chunk_size(20, 2), chunk_size(100_000, 2)
    (16, 8, 128)
    """
    even = -(-pairs // (workers * CHUNKS_PER_WORKER))
    return max(8, min(PAIRS_PER_CHUNK, even))


def _portable(corpus: Corpus) -> bool:
    """Whether a worker can judge the corpus's pairs as it would: not when its pairs'
    runs are filtered or spans left out (the review's exclusions)."""
    return corpus.match_filter is None and corpus.excluded is None


def _in_parent(
    corpus: Corpus, t: ToJudge, judged: JudgedPair, aligned: list[UnitMatch] | None
) -> JudgedPair:
    """What a worker judged of ``t`` (its documents numbered in the chunk), as the
    parent holds it: the pair under its own documents, its judged meaning in
    ``corpus.meaning``, the runs the worker aligned given to the corpus."""
    if judged.meaning is not None:
        corpus.meaning[(t.i, t.j)] = judged.meaning
    if aligned is not None and corpus.pair_kind(t.i, t.j) is not None:
        corpus.give_matches(t.i, t.j, aligned)  # kept for every pair of the two texts
    return JudgedPair(copy_pair(judged.pair, a=t.i, b=t.j), judged.meaning)


# a document as plain values (see _slim)
_Slim = tuple[
    str, np.ndarray, np.ndarray, int, UnitSpans, Sentences, list[tuple[int, int]],
    str, str | None, str,
]  # fmt: skip
_NO_SHINGLES = (np.zeros(0, np.uint64), np.zeros(0, np.uint8), 0)


@dataclass(frozen=True)
class _Chunk:
    """What a worker needs for a chunk of pairs (see :func:`_chunk_args`)."""

    docs: list[_Slim]
    comparable: np.ndarray
    settings: ScanSettings
    tasks: list[ToJudge]  # numbered as places in ``docs``
    held: list[list[UnitMatch] | None]  # each pair's runs, where the parent has them
    before: list[MeaningFound | None]  # each pair's judged meaning kept before, if any


def _chunk_args(corpus: Corpus, chunk: list[ToJudge]) -> tuple[_Chunk]:
    """What a worker needs for ``chunk``: its documents, slimmed to what judging reads,
    the settings, and the pairs as places in that list of documents, with the runs the
    parent holds for them (the shingles of a document go only where a pair of it is
    to be aligned)."""
    drop_mapped_pages()  # those the chunks sent so far were read from
    docs = sorted({d for t in chunk for d in (t.i, t.j)})
    place = {d: k for k, d in enumerate(docs)}
    held = [corpus.held_matches(t.i, t.j) for t in chunk]
    aligned = {d for t, runs in zip(chunk, held, strict=True) if runs is None for d in (t.i, t.j)}
    return (
        _Chunk(
            docs=[_slim(corpus, d, d in aligned) for d in docs],
            comparable=corpus.comparable[docs],
            settings=corpus.settings,
            tasks=[_renumbered(t, place[t.i], place[t.j]) for t in chunk],
            held=held,
            before=[corpus.meaning.get((t.i, t.j)) for t in chunk],
        ),
    )


def _renumbered(t: ToJudge, i: int, j: int) -> ToJudge:
    return ToJudge(i, j, t.measure, t.shared, t.set_sizes, t.distance, t.jaccard, t.found)


def _slim(corpus: Corpus, i: int, aligned: bool) -> _Slim:
    """Document ``i`` as plain values, what judging reads of it: its text, its shingles
    (if ``aligned``: to align a pair of it) and which of them count for this corpus (8
    to a byte) and how many, its units, sentences and the spans of the class's shared
    text, and what the reasons name."""
    d = corpus.docs[i]
    seq, ok, count = _NO_SHINGLES
    if aligned:
        seq, ok, count = d.shingle_seq, corpus.packed_ok(i), len(d.usable)
    return (d.text, seq, ok, count, d.units, corpus.sentences(i), corpus.common_spans(i),
            d.label, d.archive_label, d.content_hash)  # fmt: skip


def _document(slim: _Slim, ngram: int) -> Document:
    """In a worker: a document with what judging reads (the shingles that count only)."""
    text, seq, ok, count, units, sentences, _, label, archive_label, content_hash = slim
    usable = np.unpackbits(ok, count=count).view(bool)
    empty = np.zeros(0, np.uint64)
    return Document(
        label, Path(), text, "", 0, empty, seq, usable, units,
        content_hash=content_hash, archive_label=archive_label, sentences=sentences,
        ngram=ngram,
    )  # fmt: skip


def _judge_chunk(chunk: _Chunk) -> list[tuple[JudgedPair, list[UnitMatch] | None]]:
    """In a worker: each pair judged, with the runs aligned for it here (None where
    the parent gave them or none were needed)."""
    made = [_document(x, chunk.settings.ngram) for x in chunk.docs]
    # no shared text to look up: the shingles are those that count, the spans given
    spans = {k: x[6] for k, x in enumerate(chunk.docs)}
    corpus = Corpus(
        made, chunk.settings, np.zeros(0, np.uint64),
        _comparable=chunk.comparable, _common_spans=spans,
    )  # fmt: skip
    # what the parent shares between documents of the same text it shares here by
    # the runs it gives: each document is on its own
    corpus.found_same_text(SameText.each_alone(len(made)))
    out = []
    for t, held, before in zip(chunk.tasks, chunk.held, chunk.before, strict=True):
        aligned = None
        if held is None and t.measure.passages:  # read by the pair's passages
            held = aligned = corpus.matches(t.i, t.j)
        if held is not None:
            corpus.give_matches(t.i, t.j, held)
        if before is not None:
            corpus.meaning[(t.i, t.j)] = before
        out.append((judge_one(corpus, t), aligned))
    return out
