"""The comparison's named steps, each over values (as a duplicate finder's scanner is:
matches, filters, groups, priorities):

* :func:`candidates`: which pairs are measured at all;
* :func:`measure`: each candidate's word-for-word measure (:class:`PairMeasure`);
* :func:`judge`: each measured pair's scores, flag and reasons (:class:`PairScore`);
* :func:`order`: what is reported, best first;
* :func:`~simhash_core.compare.comparison.pair_matrix`: the dense N x N views.

:func:`~simhash_core.compare.comparison.score_corpus` runs them in that order. Each
can be run alone on hand-made documents (``tests/core/test_compare_steps.py``).

Documents with the same content (a file handed in many times) share one key,
:meth:`Corpus.pair_kind <simhash_core.compare.corpus.Corpus.pair_kind>`: a pair of the
same two contents takes the measure and the judgement of the first such pair.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from simhash_core.compare.corpus import Corpus, SharedCounts
from simhash_core.compare.judge_workers import JudgedPair, ToJudge, judge_in_workers, judge_one
from simhash_core.compare.meaning import NOTHING_FOUND, PairMeaning
from simhash_core.compare.memo import ComparisonMemo
from simhash_core.compare.pair_score import (
    MIN_SHARED_SHINGLES,
    PairMeasure,
    judged_as,
    measure_kind,
    shares,
)
from simhash_core.fingerprint import minhash
from simhash_core.fingerprint.index import near_duplicate_pairs
from simhash_core.fingerprint.simhash import fingerprint_array, hamming_matrix
from simhash_core.memory import drop_mapped_pages
from simhash_core.progress import Progress
from simhash_core.types import Document, PairScore

Pair = tuple[int, int]


@dataclass(frozen=True)
class Views:
    """The whole-document measures of a class: fingerprints, MinHash signatures and,
    for a dense class, the N x N Hamming distances and Jaccard estimates.

    >>> from simhash_core.types import Document
    >>> v = Views.of([], dense=True)
    >>> v.distance.shape, v.jaccard is None
    ((0, 0), True)
    """

    docs: Sequence[Document]
    fingerprints: np.ndarray
    signatures: np.ndarray
    distance: np.ndarray | None = None  # uint8, N x N (dense only)
    jaccard: np.ndarray | None = None  # float32, N x N (dense and not empty)

    @classmethod
    def of(cls, docs: Sequence[Document], *, dense: bool) -> Views:
        """The views of ``docs``; the matrices only if ``dense``."""
        fps = fingerprint_array(d.fingerprint for d in docs)
        n = len(docs)
        sigs = np.stack([d.minhash for d in docs]) if n else np.zeros((0, 1), np.uint64)
        dist = hamming_matrix(fps) if dense else None
        jac = minhash.jaccard_matrix(sigs) if dense and n else None
        return cls(docs, fps, sigs, dist, jac)

    def distance_of(self, i: int, j: int) -> int:
        """The Hamming distance of documents ``i`` and ``j``'s fingerprints."""
        if self.distance is not None:
            return int(self.distance[i, j])
        return (self.docs[i].fingerprint ^ self.docs[j].fingerprint).bit_count()

    def jaccard_of(self, i: int, j: int) -> float:
        """The MinHash estimate of documents ``i`` and ``j``'s shingle Jaccard."""
        if self.jaccard is not None:
            return float(self.jaccard[i, j])
        return minhash.estimate_jaccard(self.docs[i].minhash, self.docs[j].minhash)

    def close(self, k: int) -> set[Pair]:
        """Pairs ``i < j`` at most ``k`` apart in SimHash (the pigeonhole block index
        finds them without a dense matrix)."""
        if self.distance is not None:
            ii, jj = np.nonzero(np.triu(self.distance <= k, 1))
        else:
            ii, jj = near_duplicate_pairs(self.fingerprints, k).T
        return set(zip(ii.tolist(), jj.tolist(), strict=True))


def enough_shared(shared: Mapping[Pair, int]) -> set[Pair]:
    """Pairs sharing enough shingles to hold a passage (:data:`MIN_SHARED_SHINGLES`).

    >>> sorted(enough_shared({(0, 1): 2, (0, 2): 3, (1, 2): 9}))
    [(0, 2), (1, 2)]
    """
    if isinstance(shared, SharedCounts):
        return set(shared.at_least(MIN_SHARED_SHINGLES))
    # a plain mapping (a memo made by hand)
    return {pair for pair, count in shared.items() if count >= MIN_SHARED_SHINGLES}


def candidates(
    enough: Collection[Pair],
    close: Collection[Pair],
    meaning: Collection[Pair] = (),
    *,
    measures: Callable[[int, int], bool] | None = None,
    every: Collection[Pair] = (),
) -> list[Pair]:
    """The pairs to measure, in order: those sharing enough shingles, SimHash-close
    ones and those the meaning layer linked; with ``measures`` (a pair predicate, as
    :meth:`Restriction.measures <simhash_core.compare.comparison.Restriction.measures>`)
    only the pairs it allows of the first two; ``every``: pairs measured whatever they
    share (every new x archived pair, when every pair is asked for).

    >>> candidates({(0, 2)}, {(1, 2)}, {(0, 1)})
    [(0, 1), (0, 2), (1, 2)]
    >>> candidates({(0, 2), (2, 3)}, (), measures=lambda i, j: i < 2, every={(1, 3)})
    [(0, 2), (1, 3)]
    """
    found = set(enough)
    found.update(close)
    if measures is not None:
        found = {p for p in found if measures(*p)}
    return sorted(found.union(every, meaning))


def shared_of(corpus: Corpus, shared: Mapping[Pair, int], pairs: Sequence[Pair]) -> list[int]:
    """The shared shingle count of each of ``pairs``: from ``shared``, or counted for
    a pair that a large folder's counts left out (:meth:`SharedCounts.kept`)."""
    if not isinstance(shared, SharedCounts):  # a plain mapping (a memo made by hand)
        return [shared.get(pair, 0) for pair in pairs]
    out = shared.counts_of(pairs, absent=-1 if shared.floor > 1 else 0)
    for step in (at for at, count in enumerate(out) if count < 0):
        out[step] = corpus.shared_with(*pairs[step])
    return out


def measure(
    corpus: Corpus,
    pairs: Sequence[Pair],
    shared: Sequence[int],
    *,
    memo: ComparisonMemo | None = None,
    aligned: Mapping[Pair, PairMeasure] | None = None,
    kinds: Sequence[Pair | None] | None = None,
    progress: Progress | None = None,
    share: tuple[float, float] = (0.0, 1.0),
) -> list[PairMeasure]:
    """The word-for-word measure of each of ``pairs`` (``shared[k]`` shingles shared
    by ``pairs[k]``): from the ``memo``, from ``aligned`` (the workers' measures), or
    aligned here; what is aligned here with enough shared shingles joins the memo, one
    pair of each pair of contents (twins lend their measure through
    ``corpus.measured``). ``kinds``: each pair's :meth:`Corpus.pair_kind`, if known.
    ``progress`` is told how far, as the ``share`` of its stage.
    """
    memo = memo if memo is not None else ComparisonMemo.empty()
    aligned = aligned or {}
    kinds = kinds if kinds is not None else pair_kinds(corpus, pairs)
    kept: set[Pair] = set()  # pairs of contents with a measure in the memo
    out = []
    for step, pair in enumerate(pairs):
        if progress is not None and step % 64 == 0:
            _told(progress, share, step / len(pairs))
        drop_mapped_pages(step + 1)  # those of the documents measured so far
        out.append(_measure_one(corpus, pair, kinds[step], shared[step], memo, aligned, kept))
    return out


def pair_kinds(corpus: Corpus, pairs: Sequence[Pair]) -> list[Pair | None]:
    """Each pair's pair of contents (:meth:`Corpus.pair_kind`): the one key under which
    pairs of documents with the same contents share their measure and judgement."""
    return [corpus.pair_kind(i, j) for i, j in pairs]


def _measure_one(
    corpus: Corpus,
    pair: Pair,
    kind: Pair | None,
    shared: int,
    memo: ComparisonMemo,
    aligned: Mapping[Pair, PairMeasure],
    kept: set[Pair],
) -> PairMeasure:
    """One pair's measure (see :func:`measure`)."""
    i, j = pair
    # twins' pairs: one pair of each pair of contents is kept in the memo (the first,
    # in this order on every run) and lends its measure to the others; a class of
    # 25 copies of each essay keeps 62 measures, not 65,000
    found = memo.measures.get(pair)
    if found is not None:
        if kind is not None:
            corpus.measured.setdefault(kind, found)
            kept.add(kind)
        return found
    found = aligned.get(pair)
    if found is not None:
        if kind is not None:
            corpus.measured.setdefault(kind, found)
        return found
    found = measure_kind(corpus, i, j, shared, kind)
    # below the minimum, measuring is free: not kept
    if shared >= MIN_SHARED_SHINGLES and (kind is None or kind not in kept):
        memo.measures[pair] = found
        memo.changed = True
        if kind is not None:
            kept.add(kind)
    return found


@dataclass(frozen=True)
class Judged:
    """What :func:`judge` gives: the judged pairs (in the order measured, the quiet
    ones left out) and, for each pair of twins with meaning passages, the pair whose
    judged meaning it shares (itself when judged here): pairs with the same contents
    and the same judged meaning show the same passages."""

    pairs: list[PairScore]
    meaning_of: dict[Pair, Pair]


def _told(progress: Progress, share: tuple[float, float], fraction: float) -> None:
    """``fraction`` of a step whose ``share`` of the stage that is, told to
    ``progress``; a cancel is acted on."""
    low, high = share
    progress.reached(low + (high - low) * fraction)
    progress.check()


@dataclass(frozen=True)
class _Plan:
    """What :func:`judge` does with each measured pair: judge it (``judged``, in
    order), or give it the judgement of an earlier pair of the same contents
    (``as_before``: the step it takes it from), or leave it out (neither)."""

    judged: list[ToJudge]
    steps: list[int]  # the step of each of ``judged``
    as_before: dict[int, int]


def judge(
    corpus: Corpus,
    pairs: Sequence[Pair],
    measures: Sequence[PairMeasure],
    shared: Sequence[int],
    views: Views,
    *,
    meaning: Mapping[Pair, PairMeaning] | None = None,
    set_sizes: Sequence[int],
    kinds: Sequence[Pair | None] | None = None,
    quiet: bool = False,
    progress: Progress | None = None,
    share: tuple[float, float] = (0.0, 1.0),
    workers: int = 1,
) -> Judged:
    """Each measured pair's scores, flag and reasons (:func:`judge_pair`), with its
    reworded and translated passages judged from what the meaning layer found
    (``meaning``; the judged ones go to ``corpus.meaning``).

    ``quiet``: a pair without passages, meaning or SimHash closeness (similarity 0, not
    flagged) is left out unjudged (most measured pairs, when only the pairs above the
    report floor are asked for). A pair of the same two contents
    (:meth:`Corpus.pair_kind`), measures, meaning and archive labels as one judged
    before takes that judgement (:func:`judged_as`), as a class of 25 copies of each
    essay has 18,000 such pairs. ``kinds``: each pair's pair of contents, if known.
    ``progress`` is told how far, as the ``share`` of its stage. With ``workers`` > 1,
    the pairs are judged in that many worker processes when there are many
    (:mod:`.judge_workers`): the same pairs, in the same order.
    """
    kinds = kinds if kinds is not None else pair_kinds(corpus, pairs)
    plan = _plan(
        corpus, pairs, measures, shared, views, meaning or {}, set_sizes, kinds, quiet=quiet,
        progress=progress,
    )  # fmt: skip
    low, high = share
    middle = low + (high - low) * 0.95  # what is left after the workers: a few pairs
    # the pairs never sent to a worker are judged here while the workers judge theirs
    places = [k for k, t in enumerate(plan.judged) if not t.measure.passages]
    mine = _Meanwhile(corpus, plan.judged, places)
    done = judge_in_workers(
        corpus, plan.judged, workers, progress, (low, middle), between=mine.judge_some
    )
    if done:
        share = (middle, high)
    judged: dict[int, JudgedPair] = {}
    for k, (step, t) in enumerate(zip(plan.steps, plan.judged, strict=True)):
        if progress is not None and k % 64 == 0:
            _told(progress, share, k / len(plan.judged))
        drop_mapped_pages(k)  # those of the pairs judged so far, now and then
        found = done.get((t.i, t.j))
        if found is None:
            found = mine.judged.get(k)
        judged[step] = found if found is not None else judge_one(corpus, t)
    return _assembled(corpus, pairs, measures, plan, judged)


class _Meanwhile:
    """Pairs judged in this process a few at a time, as
    :meth:`~simhash_core.pool.IsolatedPool.run` asks while the workers judge others (a
    pair is judged from its two documents alone: the order changes nothing)."""

    BATCH = 4  # pairs a call: a few milliseconds, so that a worker waits little

    def __init__(self, corpus: Corpus, tasks: Sequence[ToJudge], places: list[int]) -> None:
        self.corpus, self.tasks = corpus, tasks
        self._left = places[::-1]  # taken from the end: in order
        self.judged: dict[int, JudgedPair] = {}  # by place in ``tasks``

    def judge_some(self) -> bool:
        """Judge the next few pairs; False once none is left."""
        for _ in range(min(self.BATCH, len(self._left))):
            k = self._left.pop()
            self.judged[k] = judge_one(self.corpus, self.tasks[k])
        return bool(self._left)


def _plan(
    corpus: Corpus,
    pairs: Sequence[Pair],
    measures: Sequence[PairMeasure],
    shared: Sequence[int],
    views: Views,
    meaning: Mapping[Pair, PairMeaning],
    set_sizes: Sequence[int],
    kinds: Sequence[Pair | None],
    *,
    quiet: bool,
    progress: Progress | None = None,
) -> _Plan:
    """Which pairs :func:`judge` judges, which take an earlier pair's judgement and
    which it leaves out (see :class:`_Plan`); a cancel of ``progress`` is acted on."""
    k = corpus.settings.simhash_k
    # everything judge_pair reads, but the students' names and the meaning found: the
    # step last judged with it (a pair with other meaning is judged, and then lends)
    earlier: dict[tuple, int] = {}
    plan = _Plan([], [], {})
    for step, (i, j) in enumerate(pairs):
        if progress is not None and step % 4096 == 0:
            progress.check()
        found = meaning.get((i, j))
        d_ij = views.distance_of(i, j)
        if quiet and found is None and d_ij > k and _quiet(corpus, i, j, measures[step]):
            continue  # similarity 0 and nothing to flag: below the floor, not reported
        kind = kinds[step]
        j_ij = views.jaccard_of(i, j)
        if kind is not None:
            labels = (corpus.docs[i].archive_label, corpus.docs[j].archive_label)
            same = (kind, found is None, d_ij, j_ij, shared[step], labels)
            before = earlier.get(same)
            if before is not None and meaning.get(pairs[before]) == found:
                plan.as_before[step] = before
                continue
            earlier[same] = step
        sizes = (set_sizes[i], set_sizes[j])
        plan.judged.append(ToJudge(i, j, measures[step], shared[step], sizes, d_ij, j_ij, found))
        plan.steps.append(step)
    return plan


def _assembled(
    corpus: Corpus,
    pairs: Sequence[Pair],
    measures: Sequence[PairMeasure],
    plan: _Plan,
    judged: Mapping[int, JudgedPair],
) -> Judged:
    """The judged pairs in the order measured, each pair planned to take an earlier
    pair's judgement given it (with its judged meaning)."""
    out: list[PairScore] = []
    meaning_of: dict[Pair, Pair] = {}
    for step, (i, j) in enumerate(pairs):
        here = judged.get(step)
        if here is not None:
            out.append(here.pair)
            if here.meaning is not None:
                meaning_of[(i, j)] = (i, j)
            continue
        before = plan.as_before.get(step)
        if before is None:
            continue  # quiet
        lent = judged[before]
        a, b = pairs[before]
        if lent.meaning is not None:
            corpus.meaning[(i, j)] = corpus.meaning[(a, b)]
            meaning_of[(i, j)] = (a, b)
        share_a, share_b = shares(measures[before], lent.meaning or NOTHING_FOUND)
        # the share reason names the side with the larger share
        out.append(judged_as(lent.pair, corpus, i, j, share_a >= share_b))
    return Judged(out, meaning_of)


def _quiet(corpus: Corpus, i: int, j: int, m: PairMeasure) -> bool:
    """Whether pair ``i, j``, without meaning and not SimHash-close, scores 0 and has
    nothing to flag: no passage, and not an archived copy of the same text."""
    if m.passages != 0:
        return False
    a, b = corpus.docs[i], corpus.docs[j]
    return not (b.archive_label and a.content_hash == b.content_hash)


def order(
    pairs: Sequence[PairScore],
    docs: Sequence[Document],
    *,
    floor: float | None = None,
    kept: Sequence[PairScore] = (),
) -> list[PairScore]:
    """The pairs reported, best first: those flagged or at least ``floor`` similar
    (every one with ``floor`` None) and the ``kept`` ones, by similarity, then SimHash
    distance, then the two documents' paths."""
    shown = (
        list(pairs) if floor is None else [p for p in pairs if p.flagged or p.similarity >= floor]
    )
    out = [*kept, *shown]
    out.sort(key=lambda p: (-p.similarity, p.simhash_distance, docs[p.a].path, docs[p.b].path))
    return out
