"""The fingerprint cache: same results, and only what a setting changes is recomputed."""

from dataclasses import replace

import numpy as np
import pytest

import simhash_core.extract as extract_module
from simhash_core.cache import AnalysisCache
from simhash_core.scan import scan
from simhash_core.types import ScanSettings
from tests.core.textgen import zh_essay


@pytest.fixture
def folder(tmp_path):
    d = tmp_path / "class"
    d.mkdir()
    for i in range(4):
        (d / f"s{i}.txt").write_text(zh_essay(i), encoding="utf-8")
    (d / "copy.txt").write_text(zh_essay(1), encoding="utf-8")
    return d


@pytest.fixture
def count_extractions(monkeypatch):
    calls = []
    real = extract_module.extract

    def counting(path, *a, **kw):
        calls.append(path)
        return real(path, *a, **kw)

    monkeypatch.setattr(extract_module, "extract", counting)
    return calls


def summary(result):
    return [
        (result.documents[p.a].path, result.documents[p.b].path, p.similarity, p.flagged)
        for p in result.pairs
    ], [(d.path, d.fingerprint, d.minhash.tobytes()) for d in result.documents]


def test_warm_scan_equals_cold_and_reads_nothing(folder, tmp_path, count_extractions):
    cache = AnalysisCache(tmp_path / "c.sqlite")
    cold = scan([folder], isolate=False, cache=cache)
    assert len(count_extractions) == 5
    warm = scan([folder], isolate=False, cache=cache)
    assert len(count_extractions) == 5, "nothing re-extracted"
    assert summary(warm) == summary(cold)
    for a, b in zip(cold.documents, warm.documents, strict=True):
        assert np.array_equal(a.shingle_seq, b.shingle_seq)
        assert np.array_equal(a.usable, b.usable)
        assert a.keywords == b.keywords and a.text == b.text
    # term counts are only decoded when corpus IDF needs them
    corpus = ScanSettings(idf="corpus")
    cold = scan([folder], settings=corpus, isolate=False, cache=cache)
    warm = scan([folder], settings=corpus, isolate=False, cache=cache)
    assert [d.terms for d in warm.documents] == [d.terms for d in cold.documents]
    assert all(d.terms for d in warm.documents)
    assert summary(warm) == summary(cold)


def test_settings_change_recomputes_only_what_depends_on_it(folder, tmp_path, count_extractions):
    cache = AnalysisCache(tmp_path / "c.sqlite")
    base = ScanSettings()
    scan([folder], settings=base, isolate=False, cache=cache)
    n = len(count_extractions)
    # a threshold changes no analysis
    scan([folder], settings=replace(base, flag_similarity=0.5), isolate=False, cache=cache)
    # a new n-gram size re-analyses from the cached text: no extraction either
    other = scan([folder], settings=replace(base, ngram=7), isolate=False, cache=cache)
    assert len(count_extractions) == n
    fresh = scan([folder], settings=replace(base, ngram=7), isolate=False)
    assert summary(other) == summary(fresh)


def test_changed_file_is_reanalysed(folder, tmp_path, count_extractions):
    cache = AnalysisCache(tmp_path / "c.sqlite")
    scan([folder], isolate=False, cache=cache)
    (folder / "s0.txt").write_text(zh_essay(99), encoding="utf-8")
    n = len(count_extractions)
    scan([folder], isolate=False, cache=cache)
    assert len(count_extractions) == n + 1


def test_damaged_cache_file_is_replaced(tmp_path, folder):
    path = tmp_path / "c.sqlite"
    path.write_bytes(b"this is not a database" * 100)
    cache = AnalysisCache(path)
    assert scan([folder], isolate=False, cache=cache).documents
