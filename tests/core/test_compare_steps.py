"""The comparison's named steps (``compare/steps.py``), each on hand-made documents
without a scan: candidates -> measure -> judge -> order, and the matrix; and
``score_corpus`` as nothing but those steps in that order."""

from __future__ import annotations

import numpy as np
import pytest

from simhash_core.compare.comparison import (
    Restriction,
    compare_documents,
    pair_matrix,
    score_corpus,
)
from simhash_core.compare.corpus import Corpus
from simhash_core.compare.memo import ComparisonMemo
from simhash_core.compare.pair_score import NOTHING, PairMeasure, score_pair
from simhash_core.compare.steps import (
    Views,
    candidates,
    enough_shared,
    judge,
    measure,
    order,
    shared_of,
)
from simhash_core.scan import scan
from simhash_core.types import Document, PairScore, ScanSettings
from tests.core.samples import SAMPLES, needs_samples
from tests.core.test_archive import make_doc, partial_copy
from tests.core.textgen import zh_essay

SETTINGS = ScanSettings(reworded=False, translated=False)


@pytest.fixture(scope="module")
def docs() -> list[Document]:
    """Essay 1, the same essay handed in again (a twin under another name), a
    partial copy of essay 1 and an unrelated essay."""
    return [
        make_doc(zh_essay(1), "a.txt", SETTINGS),
        make_doc(zh_essay(1), "a-again.txt", SETTINGS),
        make_doc(partial_copy(1), "copy.txt", SETTINGS),
        make_doc(zh_essay(2), "other.txt", SETTINGS),
    ]


def _shared(corpus: Corpus) -> dict[tuple[int, int], int]:
    """Shared usable shingles of every pair, counted by hand from the sets."""
    n = len(corpus.docs)
    sets = [set(corpus.shingle_set(i).tolist()) for i in range(n)]
    return {(i, j): len(sets[i] & sets[j]) for i in range(n) for j in range(i + 1, n)}


# ----- candidates ---------------------------------------------------------------------


def test_candidates_are_the_pairs_that_can_have_a_passage_close_or_linked_in_order():
    assert candidates({(2, 3), (0, 2)}, {(0, 1)}, {(1, 3)}) == [(0, 1), (0, 2), (1, 3), (2, 3)]
    assert candidates((), ()) == []
    # a pair in several sources is measured once
    assert candidates({(0, 1)}, {(0, 1)}, {(0, 1)}) == [(0, 1)]


def test_a_restriction_keeps_its_pairs_and_adds_every_pair_asked_for():
    r = Restriction(new=2)
    found = candidates({(0, 1), (2, 3), (1, 3)}, {(2, 4)}, measures=r.measures, every={(0, 4)})
    assert found == [(0, 1), (0, 4), (1, 3)]  # never archived x archived
    kept = Restriction(new=2, kept=())
    assert candidates({(0, 1), (1, 3)}, (), measures=kept.measures) == [(1, 3)]


def test_enough_shared_needs_three_shingles():
    assert enough_shared({(0, 1): 3, (0, 2): 2, (1, 2): 40}) == {(0, 1), (1, 2)}


# ----- views --------------------------------------------------------------------------


def test_the_views_are_the_same_with_and_without_the_dense_matrices(docs):
    dense, sparse = Views.of(docs, dense=True), Views.of(docs, dense=False)
    assert sparse.distance is None and sparse.jaccard is None
    assert dense.close(3) == sparse.close(3)
    assert (0, 1) in dense.close(0)  # the twins: one fingerprint
    for i in range(len(docs)):
        for j in range(i + 1, len(docs)):
            assert dense.distance_of(i, j) == sparse.distance_of(i, j)
            assert dense.jaccard_of(i, j) == pytest.approx(sparse.jaccard_of(i, j), abs=1e-6)
    assert dense.jaccard_of(0, 1) == 1.0 and dense.jaccard_of(0, 3) < 0.2


def test_shared_of_reads_a_plain_mapping_and_counts_nothing_for_an_absent_pair(docs):
    corpus = Corpus.build(docs, SETTINGS)
    assert shared_of(corpus, {(0, 2): 7}, [(0, 2), (1, 3)]) == [7, 0]


# ----- measure ------------------------------------------------------------------------


def test_measure_finds_the_copied_passage_and_nothing_between_strangers(docs):
    corpus = Corpus.build(docs, SETTINGS)
    shared = _shared(corpus)
    pairs = [(0, 2), (0, 3)]
    copied, strangers = measure(corpus, pairs, [shared[p] for p in pairs])
    assert copied.passages == 1 and 0.2 < copied.share_a < 0.5 and copied.share_b > 0.3
    assert strangers == NOTHING


def test_twins_share_one_measure_and_the_memo_keeps_one_pair_of_each_pair_of_contents(docs):
    corpus = Corpus.build(docs, SETTINGS)
    shared = _shared(corpus)
    pairs = [(0, 1), (0, 2), (1, 2)]  # (0, 2) and (1, 2): the same two contents
    memo = ComparisonMemo.empty()
    twins, first, second = measure(corpus, pairs, [shared[p] for p in pairs], memo=memo)
    assert twins.share_a == twins.share_b == 1.0
    assert second is first  # lent, not aligned again
    assert set(memo.measures) == {(0, 1), (0, 2)} and memo.changed


def test_measure_takes_the_memo_and_the_workers_measures_without_aligning(docs, monkeypatch):
    corpus = Corpus.build(docs, SETTINGS)
    monkeypatch.setattr(Corpus, "matches", lambda *a: pytest.fail("aligned again"))
    kept = PairMeasure(0.5, 0.25, 10, 20, 1, 5.0)
    given = PairMeasure(0.1, 0.2, 3, 4, 1, 2.0)
    memo = ComparisonMemo.empty()
    memo.measures[(0, 2)] = kept
    out = measure(corpus, [(0, 2), (1, 3)], [50, 50], memo=memo, aligned={(1, 3): given})
    assert out == [kept, given]
    # below the minimum of shared shingles nothing is aligned: the measure is nothing
    assert measure(corpus, [(2, 3)], [2]) == [NOTHING]


# ----- judge --------------------------------------------------------------------------


def _judged(docs, pairs, *, quiet=False):
    corpus = Corpus.build(docs, SETTINGS)
    shared = _shared(corpus)
    counts = [shared[p] for p in pairs]
    views = Views.of(docs, dense=True)
    sizes = [len(corpus.shingle_set(i)) for i in range(len(docs))]
    measures = measure(corpus, pairs, counts)
    return corpus, judge(corpus, pairs, measures, counts, views, set_sizes=sizes, quiet=quiet)


def test_judge_flags_the_copy_and_scores_as_one_pair_scored_alone(docs):
    pairs = [(0, 2), (0, 3)]
    corpus, judged = _judged(docs, pairs)
    copied, strangers = judged.pairs
    assert copied.flagged and (copied.a, copied.b) == (0, 2) and copied.passages == 1
    assert not strangers.flagged and strangers.similarity == 0.0
    views = Views.of(docs, dense=True)
    shared = _shared(corpus)
    for p in judged.pairs:
        alone = score_pair(
            corpus, p.a, p.b, shared[(p.a, p.b)], views.distance_of(p.a, p.b),
            views.jaccard_of(p.a, p.b),
        )  # fmt: skip
        assert alone == p
    assert judged.meaning_of == {}  # no meaning layer


def test_quiet_judging_leaves_out_pairs_with_nothing_to_report(docs):
    _, judged = _judged(docs, [(0, 2), (0, 3), (2, 3)], quiet=True)
    assert [(p.a, p.b) for p in judged.pairs] == [(0, 2)]


def test_a_twin_pair_takes_the_judgement_of_the_first_naming_its_own_student(docs):
    _, judged = _judged(docs, [(0, 2), (1, 2)])
    first, second = judged.pairs
    _, alone = _judged(docs, [(1, 2)])
    assert second == alone.pairs[0]  # what judging it on its own gives
    assert (second.a, second.b) == (1, 2) and second.similarity == first.similarity
    # the share reason names the student of the side with the larger share
    names = [dict(r.values).get("name") for r in second.reasons if r.code == "pair.share"]
    larger = second.a if second.share_a >= second.share_b else second.b
    assert names == [docs[larger].label] and larger in (1, 2)


# ----- order --------------------------------------------------------------------------


def _pair(a: int, b: int, similarity: float, distance: int = 30, flagged: bool = False):
    return PairScore(a, b, similarity, distance, 0.0, 0.0, 0.0, flagged=flagged)


def test_order_reports_the_flagged_and_those_at_the_floor_best_first(docs):
    pairs = [
        _pair(0, 3, 0.0),
        _pair(0, 2, 0.3, flagged=True),
        _pair(1, 3, 0.05),
        _pair(0, 1, 0.02, flagged=True),
        _pair(2, 3, 0.3, distance=12),
    ]
    shown = order(pairs, docs, floor=0.05)
    assert [(p.a, p.b) for p in shown] == [(2, 3), (0, 2), (1, 3), (0, 1)]
    # every pair without a floor; ties by distance, then by the documents' paths
    every = order(pairs, docs)
    assert [(p.a, p.b) for p in every] == [(2, 3), (0, 2), (1, 3), (0, 1), (0, 3)]
    tied = order([_pair(1, 3, 0.5), _pair(0, 3, 0.5)], docs)  # "a-again.txt" < "a.txt"
    assert [(p.a, p.b) for p in tied] == [(1, 3), (0, 3)]


def test_order_reports_kept_pairs_whatever_their_score(docs):
    kept = (_pair(0, 1, 0.0),)
    shown = order([_pair(0, 2, 0.4, flagged=True), _pair(2, 3, 0.0)], docs, floor=0.1, kept=kept)
    assert [(p.a, p.b) for p in shown] == [(0, 2), (0, 1)]


# ----- matrix -------------------------------------------------------------------------


def test_the_matrix_holds_scores_both_ways_and_containment_of_each_side():
    dist = np.zeros((3, 3), np.uint8)
    jac = np.zeros((3, 3), np.float32)
    m = pair_matrix(
        dist, jac, {(0, 1): 5, (1, 2): 4}, [10, 20, 8], [_pair(0, 1, 0.4, flagged=True)]
    )
    assert m.similarity[0, 1] == m.similarity[1, 0] == pytest.approx(0.4)
    assert m.flagged[0, 1] and m.flagged[1, 0] and not m.flagged[1, 2]
    assert m.containment[0, 1] == pytest.approx(0.5) and m.containment[1, 0] == 0.25
    assert m.containment[2, 1] == 0.5 and m.containment[1, 2] == 0.2
    assert (np.diag(m.similarity) == 1).all() and (np.diag(m.containment) == 1).all()
    # archived documents (from 1 on) are never compared with each other
    r = pair_matrix(dist, jac, {(0, 1): 5, (1, 2): 4}, [10, 20, 8], [], Restriction(new=1))
    assert r.containment[1, 2] == 0 and r.containment[0, 1] == pytest.approx(0.5)


# ----- the steps together ---------------------------------------------------------------


def test_score_corpus_is_the_steps_in_order(docs):
    scored = score_corpus(Corpus.build(docs, SETTINGS), all_pairs=True)
    corpus = Corpus.build(docs, SETTINGS)
    shared = _shared(corpus)
    views = Views.of(docs, dense=True)
    pairs = candidates(enough_shared(shared), views.close(SETTINGS.simhash_k))
    counts = shared_of(corpus, shared, pairs)
    sizes = [len(corpus.shingle_set(i)) for i in range(len(docs))]
    judged = judge(corpus, pairs, measure(corpus, pairs, counts), counts, views, set_sizes=sizes)
    assert scored.pairs == order(judged.pairs, docs)
    assert [(p.a, p.b) for p in scored.pairs[:3]] == [(0, 1), (1, 2), (0, 2)]
    assert scored.matrix is not None and scored.matrix.flagged[0, 2]
    assert set(scored.timings) == {"meaning layer"}  # the comparison's, not the corpus's


@needs_samples
def test_twins_share_their_judged_meaning_and_the_same_result_comes_every_time():
    """Essays with reworded passages, eight of them handed in twice: a twin pair takes
    the judged meaning of the first pair of its two contents (named by that pair, no
    object identity), and comparing again gives the same pairs and directions."""
    folder = SAMPLES / "paraphrase-en" / "documents"
    docs = scan([folder], isolate=False, compare=False).documents
    docs = docs + docs[8:16]  # 8 and 14, 12 and 15 share reworded passages, among others
    settings = ScanSettings()
    corpus = Corpus.build(docs, settings)
    scored = score_corpus(corpus)
    assert any(p.reworded for p in scored.pairs)
    twins = {pair: first for pair, first in scored.meaning_of.items() if pair != first}
    assert twins, "no twin pair with reworded passages"
    for (i, j), (a, b) in twins.items():
        assert scored.meaning_of[(a, b)] == (a, b) and (a, b) < (i, j)
        assert corpus.pair_kind(i, j) == corpus.pair_kind(a, b)
        assert corpus.meaning[(i, j)] is corpus.meaning[(a, b)]
        assert corpus.passages(i, j) == corpus.passages(a, b)
    first, again = compare_documents(docs, settings), compare_documents(docs, settings)
    assert first.pairs == again.pairs and first.clusters == again.clusters
    assert {p.direction for p in first.pairs if p.reworded} == {
        p.direction for p in again.pairs if p.reworded
    }
