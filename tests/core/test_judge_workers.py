"""Pairs judged in the worker processes are judged exactly as in the parent."""

from __future__ import annotations

import pytest

from simhash_core.compare import judge_workers, steps
from simhash_core.compare.comparison import compare_documents, score_corpus
from simhash_core.compare.corpus import Corpus
from simhash_core.compare.judge_workers import ToJudge, judge_in_workers, judge_one
from simhash_core.compare.pair_score import measure_pair
from simhash_core.compare.shared_text import shared_text_shingles
from simhash_core.compare.steps import Views
from simhash_core.types import ScanSettings
from tests.core.samples import CLASS_ZH, PAN13, needs_samples, scanned


@pytest.fixture
def small_chunks(monkeypatch):
    """Workers for any number of pairs, a few pairs per chunk (chunk edges anywhere)."""
    monkeypatch.setattr(judge_workers, "MIN_PAIRS", 1)
    monkeypatch.setattr(judge_workers, "PAIRS_PER_CHUNK", 5)


def _tasks(corpus: Corpus, pairs: list[tuple[int, int]]) -> list[ToJudge]:
    views = Views.of(corpus.docs, dense=True)
    sizes = [len(s) for s in corpus.sets]
    out = []
    for i, j in pairs:
        shared = corpus.shared_with(i, j)
        m = measure_pair(corpus, i, j, shared)
        out.append(
            ToJudge(i, j, m, shared, (sizes[i], sizes[j]), views.distance_of(i, j),
                    views.jaccard_of(i, j), None)
        )  # fmt: skip
    return out


@needs_samples
@pytest.mark.parametrize("folder", [CLASS_ZH, PAN13], ids=["class-zh", "pan13-en"])
def test_pairs_judged_in_workers_are_judged_as_in_the_parent(folder, small_chunks):
    """Scores, reasons, passages: with the class's shared text, the runs the parent
    holds for some pairs and not for others (those the workers align themselves)."""
    docs = scanned(folder)
    settings = ScanSettings()
    common = shared_text_shingles(docs, settings.shared_text_files)
    here, there = (Corpus.build(docs, settings, common) for _ in range(2))
    pairs = [(i, j) for i in range(0, 12) for j in range(i + 1, len(docs), 2)]
    tasks = _tasks(there, pairs)
    found = judge_in_workers(there, tasks, workers=2)
    # the pairs with passages; those without cost more to send than to judge
    sent = [(t.i, t.j) for t in tasks if t.measure.passages]
    assert sorted(found) == sent and len(sent) >= 3
    flagged = 0
    for t in tasks:
        if (t.i, t.j) in found:
            alone = judge_one(here, t)
            assert found[(t.i, t.j)] == alone
            assert there.passages(t.i, t.j) == here.passages(t.i, t.j)
            flagged += alone.pair.flagged
    assert flagged >= 3  # the samples' copies among them


@needs_samples
def test_too_few_pairs_one_worker_or_the_reviews_exclusions_stay_in_the_parent():
    docs = scanned(CLASS_ZH)
    settings = ScanSettings()
    corpus = Corpus.build(docs, settings)
    near = [(i, i + 1) for i in range(len(docs) - 1)] + [(i, i + 2) for i in range(len(docs) - 2)]
    tasks = [t for t in _tasks(corpus, near) if t.measure.passages][:5]
    assert tasks  # pairs with passages, too few to send
    assert judge_in_workers(corpus, tasks, workers=2) == {}
    assert judge_in_workers(corpus, tasks * 100, workers=1) == {}
    excluded = corpus.derived(lambda i, j, runs: runs, lambda i, j: [])
    assert judge_in_workers(excluded, tasks * 100, workers=2) == {}


@needs_samples
@pytest.mark.parametrize("folder", [CLASS_ZH, PAN13], ids=["class-zh", "pan13-en"])
def test_a_comparison_judged_in_workers_gives_the_same_pairs_passages_and_meaning(
    folder, small_chunks, monkeypatch
):
    """Every score, reason, direction and group, each flagged pair's passages, and the
    judged reworded and translated passages; with the pairs the workers are not sent
    judged in the parent meanwhile."""
    docs = scanned(folder)
    settings = ScanSettings()
    one = compare_documents(docs, settings)
    meanwhile = []  # the pairs this process judged while the workers judged theirs
    real = steps._Meanwhile.judge_some

    def counted(self: steps._Meanwhile) -> bool:
        more = real(self)
        meanwhile.append(len(self.judged))
        return more

    monkeypatch.setattr(steps._Meanwhile, "judge_some", counted)
    two = compare_documents(docs, settings, workers=2)
    assert meanwhile and meanwhile[-1] > 0
    assert two.pairs == one.pairs and two.clusters == one.clusters
    assert two.corpus.meaning == one.corpus.meaning
    flagged = [p for p in one.pairs if p.flagged]
    assert flagged
    for p in flagged:
        assert two.corpus.passages(p.a, p.b) == one.corpus.passages(p.a, p.b)


@needs_samples
def test_twins_take_the_judgement_of_the_first_pair_the_workers_judged(small_chunks):
    """Essays with reworded passages, eight of them handed in twice: judged in the
    workers, the twin pairs take the first pair's judgement and judged meaning as
    they do when the parent judges them all."""
    docs = scanned(PAN13.parent / "paraphrase-en" / "documents")
    docs = docs + docs[8:16]
    settings = ScanSettings()
    alone, split = Corpus.build(docs, settings), Corpus.build(docs, settings)
    one, two = score_corpus(alone), score_corpus(split, workers=2)
    assert two.pairs == one.pairs and two.meaning_of == one.meaning_of
    twins = {pair: first for pair, first in two.meaning_of.items() if pair != first}
    assert twins
    for (i, j), (a, b) in twins.items():
        assert split.meaning[(i, j)] is split.meaning[(a, b)]
        assert split.meaning[(i, j)] == alone.meaning[(i, j)]
