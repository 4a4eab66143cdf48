"""Pairs aligned in the worker processes measure exactly as in the parent."""

from __future__ import annotations

import numpy as np
import pytest

from simhash_core.compare import measure_workers
from simhash_core.compare.comparison import compare_documents
from simhash_core.compare.corpus import Corpus
from simhash_core.compare.pair_score import NOTHING, _measure
from simhash_core.compare.shared_text import shared_text_shingles
from simhash_core.types import ScanSettings
from tests.core.samples import CLASS_ZH, PAN13, needs_samples, scanned


@pytest.fixture
def small_chunks(monkeypatch):
    """Workers for any number of pairs, a few pairs per chunk (chunk edges anywhere)."""
    monkeypatch.setattr(measure_workers, "MIN_PAIRS", 1)
    monkeypatch.setattr(measure_workers, "PAIRS_PER_CHUNK", 7)


@needs_samples
def test_pairs_measured_in_workers_are_measured_as_in_the_parent(small_chunks):
    docs = scanned(PAN13)
    settings = ScanSettings()
    corpus = Corpus.build(docs, settings, shared_text_shingles(docs, settings.shared_text_files))
    pairs = [(i, j) for i in range(0, 30) for j in range(i + 1, len(docs), 3)]
    found = measure_workers.measure_in_workers(corpus, pairs, workers=2)
    assert sorted(found) == pairs  # in the order the chunks came back
    with_passages = 0
    for (i, j), (measure, matches) in found.items():
        assert matches == corpus._align(i, j)
        assert measure == _measure(corpus, i, j)
        with_passages += measure.passages > 0
    assert with_passages >= 5  # pan13-en's copies among them


@needs_samples
def test_pairs_that_can_hold_no_passage_are_not_sent_to_workers(small_chunks, monkeypatch):
    """Pairs sharing a few scattered shingles are measured as having no passage
    without a worker; every pair sent or not measures as the parent aligns it."""
    docs = scanned(PAN13)
    settings = ScanSettings()
    corpus = Corpus.build(docs, settings, shared_text_shingles(docs, settings.shared_text_files))
    pairs = [(i, j) for i in range(len(docs)) for j in range(i + 1, len(docs))]
    pairs = [p for p in pairs if len(np.intersect1d(*(docs[k].shingle_seq for k in p))) >= 1]
    sent: list[tuple[int, int]] = []
    run_chunks = measure_workers.run_chunks

    def recorded(func, chunks, *args, **kw):
        sent.extend(pair for chunk in chunks for pair in chunk)
        return run_chunks(func, chunks, *args, **kw)

    monkeypatch.setattr(measure_workers, "run_chunks", recorded)
    found = measure_workers.measure_in_workers(corpus, pairs, workers=2)
    assert sorted(found) == pairs
    kept = set(sent)
    free = [p for p in pairs if p not in kept]
    assert len(free) >= len(pairs) // 4 and len(sent) >= 5
    for i, j in pairs:
        matches = corpus._align(i, j)
        assert found[(i, j)][1] == matches
        if (i, j) not in kept:
            assert matches == [] and found[(i, j)][0] == NOTHING


@needs_samples
def test_too_few_pairs_or_one_worker_stay_in_the_parent():
    docs = scanned(CLASS_ZH)
    settings = ScanSettings()
    corpus = Corpus.build(docs, settings)
    assert measure_workers.measure_in_workers(corpus, [(0, 1)], workers=2) == {}
    assert measure_workers.measure_in_workers(corpus, [(0, 1)] * 600, workers=1) == {}


@needs_samples
@pytest.mark.parametrize("folder", [CLASS_ZH, PAN13], ids=["class-zh", "pan13-en"])
def test_a_comparison_with_workers_gives_the_same_pairs_and_passages(folder, small_chunks):
    """Every score, reason, direction and group, and each flagged pair's passages."""
    docs = scanned(folder)
    settings = ScanSettings()
    one = compare_documents(docs, settings)
    two = compare_documents(docs, settings, workers=2)
    assert two.pairs == one.pairs and two.clusters == one.clusters
    flagged = [p for p in one.pairs if p.flagged]
    assert flagged
    for p in flagged:
        assert two.corpus.passages(p.a, p.b) == one.corpus.passages(p.a, p.b)
    # the flagged pairs' runs came from the workers, not aligned again
    assert any((p.a, p.b) in two.corpus._given for p in flagged)


@needs_samples
def test_the_passage_check_reports_its_share_and_stops_when_cancelled(monkeypatch):
    """The check of a large folder's pairs takes tens of seconds: the bar moves through
    its share as it goes, and a cancel stops it with the pairs found so far."""
    from simhash_core import memory
    from simhash_core.progress import Progress

    monkeypatch.setattr(memory, "DROP_EVERY", 4)  # a report every 4 documents
    docs = scanned(PAN13)
    corpus = Corpus.build(docs, ScanSettings())
    pairs = [(i, j) for i in range(len(docs)) for j in range(i + 1, len(docs))]
    seen: list[float] = []
    progress = Progress(lambda r: seen.append(r.done / r.total) or True)
    free = measure_workers.passage_free(corpus, pairs, progress, (0.2, 0.4))
    assert len(seen) >= 10 and seen == sorted(seen)
    assert seen[0] > 0.2 and seen[-1] <= 0.4
    progress.cancel()
    assert measure_workers.passage_free(corpus, pairs, progress) == set() != free
