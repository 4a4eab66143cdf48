"""Scoring every pair of documents in a scanned class.

Pair scores (see :mod:`simhash_core.compare.pair_score`) are:

* ``simhash_distance``: Hamming distance of the 64-bit fingerprints;
* ``jaccard``: MinHash estimate of the shingle-set Jaccard;
* ``containment_a`` / ``containment_b``: exact share of one side's usable shingles
  present in the other;
* matched passages (word for word, reworded or translated), and ``share_a`` /
  ``share_b``: the share of each document's text inside them.

The headline ``similarity`` is ``max(share_a, share_b)``: "how much of the more-copied
document is matched text". A 30% lifted passage scores about 0.3 while honest pairs,
which share no passage of ``min_passage_units``, score 0.

The class's shared text (:mod:`.shared_text`) and the per-document data live in
:class:`~simhash_core.compare.corpus.Corpus`; a :class:`~simhash_core.compare.memo.
ComparisonMemo` carries the slow, threshold-free part across re-scans.

:func:`compare_documents` is the one comparison: a scan calls it on its class, and the
archive query calls it on the class plus the archived candidates with a
:class:`Restriction` (new x new and new x archived, never archived x archived). Which
pairs are measured, the report floor, the order, the group ids, the likely sources and
the dense matrix are decided only here.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import NamedTuple, TypeVar

import numpy as np

from simhash_core.compare.cluster import groups
from simhash_core.compare.corpus import (
    Corpus,
    SharedCounts,
    expand_shared,
    shared_counts,
)
from simhash_core.compare.direction import pair_directions
from simhash_core.compare.meaning import (
    is_large,
    meaning_key,
    meaning_pairs,
    needs_glosses,
)
from simhash_core.compare.measure_workers import measure_in_workers
from simhash_core.compare.memo import ComparisonMemo
from simhash_core.compare.meta_evidence import MetaEvidence
from simhash_core.compare.pair_score import (
    MIN_SHARED_SHINGLES,
    PairMeasure,
    copy_pair,
    with_seed_passages,
)
from simhash_core.compare.pair_stream import OtherPairs
from simhash_core.compare.same_text import SameText
from simhash_core.compare.shared_text import shared_text_shingles
from simhash_core.compare.steps import (
    Views,
    candidates,
    enough_shared,
    judge,
    measure,
    order,
    pair_kinds,
    shared_of,
)
from simhash_core.compare.verdict import Verdict
from simhash_core.fingerprint import minhash
from simhash_core.fingerprint.simhash import fingerprint_array, hamming_matrix
from simhash_core.memory import give_back_free_memory
from simhash_core.progress import Progress
from simhash_core.types import (
    DENSE_MATRIX_LIMIT,
    Cluster,
    Direction,
    Document,
    PairScore,
    ScanSettings,
    deferrable,
    deferred_array,
)

_A = TypeVar("_A")
_B = TypeVar("_B")


@deferrable("distance", "jaccard")
@dataclass(frozen=True)
class PairMatrix:
    """Dense N x N views of the scores for the matrix display (compact dtypes).
    ``distance`` and ``jaccard`` may be given deferred (a comparison restored from the
    cache: made when the matrix is shown, never for a re-scan from the command line)."""

    distance: np.ndarray | None  # uint8 (None: no document)
    jaccard: np.ndarray | None  # float32 (None: no document)
    similarity: np.ndarray  # float32, symmetric
    containment: np.ndarray  # float32, [i, j] = share of i's shingles found in j
    flagged: np.ndarray  # bool

    def made(self) -> PairMatrix:
        """This matrix with every view made (the app makes the deferred ones in its
        scan thread, not on the GUI thread when the matrix is first shown)."""
        for name in ("distance", "jaccard"):
            getattr(self, name)  # reading a deferred view makes it (types.DeferredField)
        return self


@dataclass(frozen=True)
class Restriction:
    """Which pairs may be compared when a class meets archived documents.

    Documents ``[0, new)`` are the class being checked, the rest are archived: a pair
    is compared only if its first document is new, so archived documents are never
    paired with each other. ``kept`` holds the class's own pairs as its scan scored
    them (their scores cannot change: a pair's scores depend on its two documents and
    the common text, which the class alone decides); they are reported as they are
    instead of being measured again.

    >>> r = Restriction(new=2)
    >>> r.allows(0, 1), r.allows(1, 5), r.allows(2, 3)
    (True, True, False)
    """

    new: int
    kept: tuple[PairScore, ...] | None = None

    def allows(self, i: int, j: int) -> bool:
        return i < self.new

    def measures(self, i: int, j: int) -> bool:
        """Whether pair ``i < j`` is measured here (allowed, and not kept as scored)."""
        return i < self.new and (self.kept is None or j >= self.new)


class Scores(NamedTuple):
    """What :func:`score_corpus` gives: the reported pairs (best first), the dense
    matrix (None above the dense limit), with ``all_pairs`` the unreported rest as a
    stream, the wall time of its parts (``"meaning layer"``, and ``"aligning in the
    workers"`` when they aligned any pair) and, for each pair of twins with meaning
    passages, the pair whose judged meaning it shares (see :class:`.steps.Judged`)."""

    pairs: list[PairScore]
    matrix: PairMatrix | None
    others: OtherPairs | None
    timings: dict[str, float]
    meaning_of: dict[tuple[int, int], tuple[int, int]]


def score_corpus(
    corpus: Corpus,
    *,
    all_pairs: bool = False,
    progress: Progress | None = None,
    dense_limit: int = DENSE_MATRIX_LIMIT,
    memo: ComparisonMemo | None = None,
    restrict: Restriction | None = None,
    workers: int = 1,
) -> Scores:
    """Score every pair worth reporting: the steps of :mod:`.steps` (candidates,
    measure, judge, order) and the matrix, in that order.

    Pairs that share fewer shingles than a passage needs and are far apart in SimHash
    cannot have passages, so they are never measured. Without ``all_pairs`` only pairs
    at or above the report floor (or flagged) are returned. With ``all_pairs`` every
    measured pair is returned and the unmeasured rest comes as :class:`OtherPairs`,
    computed row by row when read (never all held at once); with a restriction, every
    allowed new x archived pair is measured and reported instead. With a ``memo`` (of
    this very corpus), shared counts and pair measures come from it and what is missing
    is computed and added to it. With ``workers`` > 1, the pairs to align are aligned in
    that many worker processes when there are many (:mod:`.measure_workers`).
    """
    progress = progress or Progress()
    memo = memo if memo is not None else ComparisonMemo.empty()
    dense = len(corpus.docs) <= dense_limit
    # a large folder keeps the counts it reads (see _kept_shared); else it needs them all
    pruned = not dense and not all_pairs and restrict is None
    timings: dict[str, float] = {}

    def prepared() -> tuple[Mapping[tuple[int, int], int], np.ndarray, Views, set]:
        shared, set_sizes = _fill_memo(corpus, memo, whole=not pruned, progress=progress)
        views = Views.of(corpus.docs, dense=dense)
        close = views.close(corpus.settings.simhash_k)
        if pruned:
            shared = _kept_shared(memo, shared, close)
        return shared, set_sizes, views, close

    def meaning_links() -> dict:
        started = time.perf_counter()
        found = _meaning_links(corpus, restrict, progress, memo)
        timings["meaning layer"] = time.perf_counter() - started
        return found

    if is_large(len(corpus.docs)):  # one after the other: each takes gigabytes
        shared, set_sizes, views, close = prepared()
        progress.reached(PREPARED)
        progress.check()
        meaning = meaning_links()
    else:
        (shared, set_sizes, views, close), meaning = side_by_side(prepared, meaning_links, progress)
    give_back_free_memory()  # the sentence products', before the aligning
    todo = _candidates(corpus, shared, close, meaning, restrict, all_pairs)
    counts = shared_of(corpus, shared, todo)
    # the stage's first half went to the meaning layer's products, when it ran
    low = MEANING_SHARE if corpus.settings.reworded or corpus.settings.translated else PREPARED
    judging = judging_from(low)
    aligning = (low, low + (judging - low) * ALIGNING_SHARE)
    aligned = _aligned_in_workers(corpus, todo, counts, memo, workers, progress, aligning, timings)
    if aligned:  # the aligning was the most of the measuring
        low = aligning[1]
    kinds = pair_kinds(corpus, todo)
    measures = measure(
        corpus, todo, counts, memo=memo, aligned=aligned, kinds=kinds, progress=progress,
        share=(low, judging),
    )  # fmt: skip
    sizes = set_sizes.tolist()
    # a pair without passages, meaning or SimHash closeness scores 0 and is not flagged:
    # unless every pair is asked for, it is not judged at all (most measured pairs)
    quiet = not all_pairs and corpus.settings.report_floor > 0
    judged = judge(
        corpus, todo, measures, counts, views,
        meaning=meaning, set_sizes=sizes, kinds=kinds, quiet=quiet, progress=progress,
        share=(judging, 1.0), workers=workers,
    )  # fmt: skip
    progress.reached(1.0)
    kept = restrict.kept if restrict is not None and restrict.kept is not None else ()
    floor = None if all_pairs else corpus.settings.report_floor
    pairs = order(judged.pairs, corpus.docs, floor=floor, kept=kept)
    pairs = [with_seed_passages(corpus, p) for p in pairs]
    others = None
    if all_pairs and restrict is None:
        others = OtherPairs.build(
            fingerprints=views.fingerprints,
            signatures=views.signatures,
            set_sizes=set_sizes,
            shared=shared,
            measured=todo,
        )
    matrix = None
    if dense:
        matrix = pair_matrix(views.distance, views.jaccard, shared, sizes, pairs, restrict)
    return Scores(pairs, matrix, others, timings, judged.meaning_of)


def side_by_side(
    first: Callable[[], _A], second: Callable[[], _B], progress: Progress
) -> tuple[_A, _B]:
    """``first()`` here and ``second()`` in a thread, at once; both results, or the
    first exception of either, after both have ended.

    The shared counts and the fingerprints' views run mostly on one core, the meaning
    layer's products on every core but not all the time: side by side they fill the
    cores that either alone leaves idle (0.46 s of 5.1 s comparing 1,000 files, the
    results the same). The bar is at the preparation's end from the start
    (:data:`PREPARED`), and the meaning layer moves it on. A cancel stops both: each
    checks ``progress``.

    >>> side_by_side(lambda: 1, lambda: "two", Progress())
    (1, 'two')
    """
    progress.reached(PREPARED)
    progress.check()
    with ThreadPoolExecutor(1, thread_name_prefix="meaning-layer") as pool:
        later = pool.submit(second)
        try:
            here = first()
        except BaseException:
            ours = not progress.cancelled  # a fault here, not the user's cancel
            if ours:
                progress.cancel()  # the thread stops at its next check
            later.exception()  # waited for: never left running
            if ours:
                progress.resume()
            raise
        return here, later.result()


def _fill_memo(
    corpus: Corpus, memo: ComparisonMemo, *, whole: bool, progress: Progress | None = None
) -> tuple[Mapping[tuple[int, int], int], np.ndarray]:
    """The shared counts and set sizes of ``corpus``, from ``memo`` or made and put
    there where it lacks them (or holds only a large folder's kept counts and
    ``whole`` ones are needed); its comparable units go there too."""
    if (
        memo.shared is None
        or memo.set_sizes is None
        or (whole and getattr(memo.shared, "floor", 1) > 1)
    ):
        memo.shared, memo.set_sizes = _shared(corpus, progress)
        give_back_free_memory()  # the tallies', before the meaning layer
        memo.changed = True
    if memo.comparable is None:
        memo.comparable, memo.changed = corpus.comparable, True
    return memo.shared, memo.set_sizes


def _kept_shared(
    memo: ComparisonMemo,
    shared: Mapping[tuple[int, int], int],
    close: set[tuple[int, int]],
) -> Mapping[tuple[int, int], int]:
    """A large folder's shared counts, without a matrix or every pair: only pairs that
    can have a passage and close ones are read, so tens of millions sharing a shingle
    or two are dropped (the memo too); a meaning pair among them is counted when it
    comes (:func:`.steps.shared_of`)."""
    if isinstance(shared, SharedCounts) and shared.floor < MIN_SHARED_SHINGLES:
        shared = memo.shared = shared.kept(MIN_SHARED_SHINGLES, close)
        memo.changed = True
    return shared


def _candidates(
    corpus: Corpus,
    shared: Mapping[tuple[int, int], int],
    close: set[tuple[int, int]],
    meaning: Mapping[tuple[int, int], object],
    restrict: Restriction | None,
    all_pairs: bool,
) -> list[tuple[int, int]]:
    """:func:`.steps.candidates` for this comparison: with a restriction, the pairs it
    measures, and with ``all_pairs`` every new x archived pair, similar or not."""
    if restrict is None:
        return candidates(enough_shared(shared), close, meaning)
    every: set[tuple[int, int]] = set()
    if all_pairs:
        n = len(corpus.docs)
        every = {(i, j) for i in range(restrict.new) for j in range(restrict.new, n)}
    return candidates(
        enough_shared(shared), close, meaning, measures=restrict.measures, every=every
    )


# of what follows the meaning layer: judging the pairs (their passages found: 9.5 s of
# 10,000 files, where aligning in the workers took 3.4 s), and of the rest, the aligning
# when it is done in the workers
JUDGING_SHARE = 0.5
ALIGNING_SHARE = 0.8


def judging_from(low: float) -> float:
    """Where judging the pairs begins on the compare stage's bar, when what follows the
    meaning layer begins at ``low``.

    >>> judging_from(0.5)
    0.75
    """
    return low + (1 - low) * (1 - JUDGING_SHARE)


def _aligned_in_workers(
    corpus: Corpus,
    todo: list[tuple[int, int]],
    shared_of: list[int],
    memo: ComparisonMemo,
    workers: int,
    progress: Progress,
    share: tuple[float, float],
    timings: dict[str, float],
) -> dict[tuple[int, int], PairMeasure]:
    """The measures of the pairs left to align, one pair of each pair of contents,
    aligned in ``workers`` processes (their runs given to the corpus for the pairs'
    passages and directions; their wall time to ``timings``; ``progress`` told as the
    ``share`` of its stage); empty where too few are left for that to pay."""
    if workers < 2:
        return {}
    memo_kinds = {corpus.pair_kind(i, j) for i, j in memo.measures} - {None}
    pairs, kinds = [], set()
    for (i, j), shared in zip(todo, shared_of, strict=True):
        if shared < MIN_SHARED_SHINGLES or (i, j) in memo.measures:
            continue
        kind = corpus.pair_kind(i, j)
        if kind is not None:
            if kind in kinds or kind in memo_kinds:
                continue
            kinds.add(kind)
        pairs.append((i, j))
    started = time.perf_counter()
    found = measure_in_workers(corpus, pairs, workers, progress, share)
    if found:
        timings["aligning in the workers"] = time.perf_counter() - started
    out = {}
    for (i, j), (measured, matches) in found.items():
        corpus.give_matches(i, j, matches)
        out[(i, j)] = measured
    return out


def pair_matrix(
    dist: np.ndarray | None,
    jac: np.ndarray | None,
    shared: Mapping[tuple[int, int], int],
    sizes: list[int],
    scores: Iterable[PairScore],
    restrict: Restriction | None = None,
) -> PairMatrix:
    """The matrix display's N x N views of one comparison."""
    n = len(sizes)
    sim = np.zeros((n, n), dtype=np.float32)
    cont = np.zeros((n, n), dtype=np.float32)
    flag = np.zeros((n, n), dtype=bool)
    if isinstance(shared, SharedCounts):  # all at once (a class of copies has 500,000)
        pairs = shared.pairs()
        counts = shared.counts.astype(np.float64)
        if restrict is not None:
            keep = pairs[:, 0] < restrict.new  # restrict.allows, for every pair
            pairs, counts = pairs[keep], counts[keep]
        size = np.asarray(sizes, dtype=np.float64)
        for x, y in ((0, 1), (1, 0)):
            rows, cols = pairs[:, x], pairs[:, y]
            has = size[rows] > 0
            cont[rows[has], cols[has]] = (counts[has] / size[rows[has]]).astype(np.float32)
    else:  # a plain mapping (a memo made by hand)
        for (i, j), c in shared.items():
            if restrict is not None and not restrict.allows(i, j):
                continue
            if sizes[i]:
                cont[i, j] = c / sizes[i]
            if sizes[j]:
                cont[j, i] = c / sizes[j]
    for p in scores:
        sim[p.a, p.b] = sim[p.b, p.a] = p.similarity
        flag[p.a, p.b] = flag[p.b, p.a] = p.flagged
    np.fill_diagonal(sim, 1.0)
    np.fill_diagonal(cont, 1.0)
    return PairMatrix(dist, jac, sim, cont, flag)


def restore_comparison(
    docs: list[Document],
    settings: ScanSettings,
    memo: ComparisonMemo,
    verdict: Verdict,
    dense_limit: int = DENSE_MATRIX_LIMIT,
    assignment: Sequence[str] = (),
) -> Comparison:
    """The comparison that :func:`compare_documents` made of these very documents and
    settings (and ``assignment`` text), rebuilt from its complete ``memo`` and its
    ``verdict`` without measuring, judging, orienting or grouping anything: the same
    pairs, groups, passages and matrix."""
    if not memo.complete or memo.shared is None or memo.set_sizes is None:
        raise ValueError("a verdict needs the complete memo of its comparison")
    corpus = Corpus.build(
        docs, settings, memo.common, comparable=memo.comparable, assignment=assignment
    )
    corpus.meaning.update(verdict.meaning)
    corpus.found_shared_texts(verdict.shared_texts)
    if verdict.same_text is not None:
        if len(verdict.same_text) != len(docs):
            raise ValueError("a verdict of another number of documents")
        corpus.found_same_text(SameText.of_labels(verdict.same_text))
    matrix = None
    n = len(docs)
    if 0 < n <= dense_limit:
        fps = fingerprint_array(d.fingerprint for d in docs)
        sigs = np.stack([d.minhash for d in docs])
        matrix = pair_matrix(
            deferred_array(lambda: hamming_matrix(fps), n),
            deferred_array(lambda: minhash.jaccard_matrix(sigs), n),
            memo.shared,
            memo.set_sizes.tolist(),
            verdict.pairs,
        )
    pairs, clusters = list(verdict.pairs), list(verdict.clusters)
    return Comparison(pairs, clusters, corpus, matrix, None, {"meaning layer": 0.0})


def _shared(corpus: Corpus, progress: Progress | None = None) -> tuple[SharedCounts, np.ndarray]:
    """Shared shingle counts of every pair, and each document's set size (a cancel of
    ``progress`` acted on as the sets are made).

    Documents with the same text (the same file handed in many times) are counted
    once: the counts are made over one set per text and spread to the documents
    (:func:`~simhash_core.compare.corpus.expand_shared`), the same numbers.
    """
    docs = corpus.docs
    labels, reps = corpus.same_text.labels, corpus.same_text.first

    def rep_sets() -> Iterable[np.ndarray]:
        return _checked(corpus.iter_sets(reps if len(reps) < len(docs) else None), progress)

    # one pass, the sets packed as they are made: never all of them held at once
    sizes: list[int] = []
    # each set is at most a document's usable shingles
    capacity = sum(int(np.count_nonzero(docs[r].usable)) for r in reps)
    # above ~16 M shingles (about 6,000 essays) two passes halve the packed array
    parts = 2 if capacity > SHARED_PASS_LIMIT else 1
    sets = rep_sets if parts > 1 else rep_sets()
    shared = shared_counts(sets, n=len(reps), capacity=capacity, sizes=sizes, parts=parts)
    if len(reps) < len(docs):
        shared = expand_shared(shared, labels, sizes)
        sizes = [sizes[c] for c in labels.tolist()]
    return shared, np.array(sizes, np.int64)


SHARED_PASS_LIMIT = 1 << 24  # shingles: above, shared counts are made in two passes


def _checked(items: Iterable[np.ndarray], progress: Progress | None) -> Iterator[np.ndarray]:
    """``items``, a cancel of ``progress`` acted on every 64 of them."""
    for k, item in enumerate(items):
        if progress is not None and k % 64 == 0:
            progress.check()
        yield item


# the compare stage's progress bar: its preparation (the shared text, about half of it,
# then the shared counts and the fingerprints' views: half a minute of 10,000 files)
# to PREPARED, the meaning layer's sentence spaces and products to MEANING_SHARE
PREPARED = 0.1
SHARED_TEXT_PART = 0.5
MEANING_SHARE = 0.5


def _meaning_links(
    corpus: Corpus, restrict: Restriction | None, progress: Progress, memo: ComparisonMemo
) -> dict:
    """The meaning layer's matched sentences per pair (see :mod:`compare.meaning`),
    from the memo when it holds them for these settings."""
    s = corpus.settings
    if not (s.reworded or s.translated) or len(corpus.docs) < 2:
        return {}
    sents = [corpus.sentences(i) for i in range(len(corpus.docs))]
    assignment = corpus.assignment_sentences(glossed=False)
    # glosses only where a translated passage could be: English and Chinese passages
    translated = s.translated and needs_glosses([*sents, *assignment], s.meaning_sentences)
    key = meaning_key(s, translated)
    if restrict is None and memo.meaning is not None and memo.meaning_settings == key:
        return memo.meaning
    if translated:
        sents = [corpus.glossed(i) for i in range(len(corpus.docs))]
        assignment = corpus.assignment_sentences(glossed=True)
    found = meaning_pairs(
        sents,
        reworded=s.reworded,
        translated=translated,
        min_margin=s.meaning_margin,
        allowed=restrict.measures if restrict is not None else None,
        progress=progress,
        share=(PREPARED, MEANING_SHARE),
        threads=s.workers or os.cpu_count() or 1,  # the products run side by side
        # in a large folder, a pair with fewer matched sentences than a passage needs is
        # left out: it could only rank an unflagged pair below 1%, and there are millions
        min_links=s.meaning_sentences if is_large(len(sents)) else 1,
        same=corpus.same_text,
        assignment=assignment,
    )
    if restrict is None:
        memo.meaning, memo.meaning_settings, memo.changed = found, key, True
    return found


class Comparison(NamedTuple):
    """What comparing a class gives: reported pairs (best first), groups, the prepared
    corpus, the dense matrix (None above the dense limit), with ``all_pairs`` the
    unreported rest as a stream, and the wall time of the comparison's parts (see
    :class:`Scores`)."""

    pairs: list[PairScore]
    clusters: list[Cluster]
    corpus: Corpus
    matrix: PairMatrix | None
    others: OtherPairs | None = None
    timings: Mapping[str, float] = MappingProxyType({})


def _with_meta(p: PairScore, evidence: MetaEvidence) -> PairScore:
    """A flagged pair with its metadata agreements after its reasons (they never flag)."""
    if not p.flagged:
        return p
    found = evidence.agreements(p.a, p.b)
    return copy_pair(p, reasons=(*p.reasons, *found)) if found else p


def compare_documents(
    docs: list[Document],
    settings: ScanSettings,
    *,
    all_pairs: bool = False,
    progress: Progress | None = None,
    memo: ComparisonMemo | None = None,
    restrict: Restriction | None = None,
    workers: int = 1,
    assignment: Sequence[str] = (),
) -> Comparison:
    """Pairs, clusters, the prepared corpus and the dense matrix for ``docs``.

    ``memo``, if given, must belong to these documents and settings (see
    :func:`~simhash_core.compare.memo.memo_key`); it is used and completed. With
    ``restrict`` (a class and archived documents), the common text is the class's
    alone: last year's essays neither add to it nor hold it. ``workers``: processes
    that many pairs are aligned in (see :func:`score_corpus`). ``assignment``: the
    assignment text (the template files' texts): a sentence saying what it says is
    matched by meaning with no student's (see :func:`~.meaning.links.meaning_pairs`).
    """
    memo = memo if memo is not None else ComparisonMemo.empty()
    progress = progress or Progress()
    if memo.common is None:
        own = docs if restrict is None else docs[: restrict.new]
        memo.common = shared_text_shingles(own, settings.shared_text_files, progress)
        memo.changed = True
        give_back_free_memory()  # its passes' buffers, before the shared counts
    progress.reached(PREPARED * SHARED_TEXT_PART)
    progress.check()  # a cancel is acted on between the steps (each a second or more)
    corpus = Corpus.build(
        docs, settings, memo.common, comparable=memo.comparable, assignment=assignment
    )
    scored = score_corpus(
        corpus,
        all_pairs=all_pairs,
        progress=progress,
        memo=memo,
        restrict=restrict,
        workers=workers,
    )
    pairs = scored.pairs
    if restrict is not None:
        pairs = [replace(p, group=None) for p in pairs]
    pairs, clusters = finish_pairs(pairs, corpus, scored.meaning_of)
    return Comparison(pairs, clusters, corpus, scored.matrix, scored.others, scored.timings)


def finish_pairs(
    pairs: list[PairScore],
    corpus: Corpus,
    meaning_of: Mapping[tuple[int, int], tuple[int, int]],
) -> tuple[list[PairScore], list[Cluster]]:
    """The judged, ordered ``pairs`` of ``corpus`` finished as a comparison gives them:
    flagged pairs with what their files' properties agree on after their reasons, every
    pair with its direction and group; and the groups. ``meaning_of``: see
    :class:`.steps.Judged` (the review's exclusions finish their pairs here too)."""
    docs = corpus.docs
    names = [d.label for d in docs]  # what a teacher reads: the students
    labels = [d.archive_label for d in docs]
    # what the files' own properties agree on joins the reasons of flagged pairs
    evidence = meta_evidence(docs)
    pairs = [_with_meta(p, evidence) for p in pairs]
    directions = pair_directions(
        pairs,
        names=names,
        archived=labels,
        passages=corpus.found_passages,
        authored=evidence.named_other,
        alike=lambda i, j: _alike(corpus, meaning_of, i, j),
    )
    clusters = groups(pairs, len(docs), labels=labels, names=names, directions=directions)
    member_of = {m: c.id for c in clusters for m in c.members}
    return [_finished(p, directions, member_of) for p in pairs], clusters


def meta_evidence(docs: list[Document]) -> MetaEvidence:
    """What the files' own properties say about the pairs of ``docs``."""
    return MetaEvidence(
        [d.meta for d in docs],
        [d.student for d in docs],
        [d.label for d in docs],
        [d.flags for d in docs],
    )


def shared_and_sizes(corpus: Corpus) -> tuple[SharedCounts, np.ndarray]:
    """Shared shingle counts of every pair of ``corpus`` and each document's set size
    (what a comparison counts first)."""
    return _shared(corpus)


def meaning_links(
    corpus: Corpus, restrict: Restriction | None = None, progress: Progress | None = None
) -> dict:
    """The meaning layer's matched sentences per pair of ``corpus``, made afresh."""
    return _meaning_links(corpus, restrict, progress or Progress(), ComparisonMemo.empty())


def _alike(
    corpus: Corpus, meaning_of: Mapping[tuple[int, int], tuple[int, int]], i: int, j: int
) -> tuple | None:
    """A key shared by pairs with the same passages: the same two contents
    (:meth:`Corpus.pair_kind`) and the same judged meaning, named by the pair it was
    judged for (None for a pair of documents without twins)."""
    kind = corpus.pair_kind(i, j)
    return None if kind is None else (kind, meaning_of.get((i, j)))


def _finished(
    p: PairScore, directions: Mapping[tuple[int, int], Direction], member_of: Mapping[int, int]
) -> PairScore:
    """A pair with its direction and group (one copy made, not one per field)."""
    changes: dict = {}
    if (p.a, p.b) in directions:
        changes["direction"] = directions[(p.a, p.b)]
    if p.flagged and member_of.get(p.a):
        changes["group"] = member_of[p.a]
    return copy_pair(p, **changes) if changes else p
