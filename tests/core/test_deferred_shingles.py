"""A document read back from the cache carries its shingles (and its units' offsets)
unmade: a re-scan answered by its cached verdict never makes them, nor writes them to a
mapped file; whatever reads them (a pair opened, a report, a comparison) gets exactly
the arrays a cold scan made (#43)."""

from __future__ import annotations

import copy
import gc
import pickle

import numpy as np
import pytest
from pytest import MonkeyPatch

import simhash_core.scan as scan_module
from simhash_core.fingerprint.analyze import analyze_text
from simhash_core.memory import on_a_map
from simhash_core.progress import Progress
from simhash_core.scan import scan
from simhash_core.store.cache import AnalysisCache
from simhash_core.store.codec import _StoredUnits, decode_analysis, encode_analysis
from simhash_core.types import DeferredArray, ScanSettings, given_array
from tests.core.textgen import en_essay, zh_essay

DEFERRED = ("unit_starts", "unit_ends", "shingle_seq")


def test_a_row_read_back_makes_its_arrays_when_read():
    a = analyze_text(zh_essay(7) + en_essay(2, 20), ScanSettings())
    back = decode_analysis(encode_analysis(a), a.kind)
    for name in DEFERRED:
        assert isinstance(given_array(back, name), DeferredArray), name
        made = getattr(back, name)
        assert np.array_equal(made, getattr(a, name)) and made.dtype == getattr(a, name).dtype
        assert given_array(back, name) is made  # made once, then kept
    # pickled (to a worker) and deep-copied, an unmade one is the array itself
    again = decode_analysis(encode_analysis(a), a.kind)
    for moved in (pickle.loads(pickle.dumps(again)), copy.deepcopy(again)):
        held = given_array(moved, "shingle_seq")
        assert type(held) is np.ndarray and np.array_equal(held, a.shingle_seq)


def test_stored_units_that_do_not_fit_are_a_damaged_row():
    small = {"stored_at": np.array([2, 3], np.uint8), "unit_index": np.array([0, 1], np.uint8)}
    plain = {"unit_hashes": np.array([7, 9], np.uint64)}
    assert _StoredUnits.of(small, plain, 6).at.tolist() == [2, 5]
    with pytest.raises(ValueError):
        _StoredUnits.of(small, plain, 5)  # the last stored unit past the units
    with pytest.raises(ValueError):
        _StoredUnits.of({**small, "unit_index": np.array([0, 2], np.uint8)}, plain, 6)
    with pytest.raises(ValueError):
        _StoredUnits.of({**small, "stored_at": np.array([2, -1], np.int8)}, plain, 6)


@pytest.fixture
def folder(tmp_path):
    d = tmp_path / "class"
    d.mkdir()
    for i in range(3):
        (d / f"s{i}.txt").write_text(zh_essay(i), encoding="utf-8")
    # a copy with a few changes: a flagged pair with passages
    (d / "copy.txt").write_text(zh_essay(1).replace("的", "之", 5), encoding="utf-8")
    (d / "e.txt").write_text(en_essay(1), encoding="utf-8")
    return d


def _filled(folder, cache, settings=None):
    """A cold scan that fills ``cache`` as the app's and the command line's do: in
    worker processes, which store the units' hashes (an inline scan stores shingles)."""
    return scan([folder], settings=settings or ScanSettings(workers=1), cache=cache)


def _unmade(result) -> list[bool]:
    return [isinstance(given_array(d, "shingle_seq"), DeferredArray) for d in result.documents]


@pytest.mark.parametrize("mapped_from", [scan_module.MAPPED_FROM, 1])
def test_a_warm_scan_with_its_verdict_does_not_make_the_shingles(
    folder, tmp_path, monkeypatch, mapped_from
):
    """Restored with its verdict (also where a class that large would map its shingles
    to a file), a re-scan leaves every document's shingles unmade; the pairs opened
    after it show the very passages of the cold scan."""
    monkeypatch.setattr(scan_module, "MAPPED_FROM", mapped_from)
    cache = AnalysisCache(tmp_path / "c.sqlite")
    cold = _filled(folder, cache)
    assert any(p.flagged for p in cold.pairs)
    warm = scan([folder], settings=ScanSettings(workers=1), isolate=False, cache=cache)
    assert gc.isenabled()  # the collector, paused while the cache was read, is on again
    assert all(_unmade(warm))
    assert "compare: arrays mapped" not in warm.timings
    assert warm.pairs == cold.pairs
    opened = next(p for p in cold.pairs if p.flagged and p.passages)
    assert warm.corpus.passages(opened.a, opened.b) == cold.corpus.passages(opened.a, opened.b)
    # a pair opened makes its two documents' shingles, and only theirs
    assert [i for i, u in enumerate(_unmade(warm)) if not u] == [opened.a, opened.b]
    for p in cold.pairs:
        assert warm.corpus.passages(p.a, p.b) == cold.corpus.passages(p.a, p.b)
    for d, c in zip(warm.documents, cold.documents, strict=True):
        assert np.array_equal(d.shingle_seq, c.shingle_seq)


def test_a_warm_scan_without_its_verdict_compares_the_shingles_mapped(
    folder, tmp_path, monkeypatch
):
    """Where the verdict can't answer (another threshold), the documents from the cache
    are compared: their arrays made, and mapped to a file from MAPPED_FROM on."""
    monkeypatch.setattr(scan_module, "MAPPED_FROM", 1)
    cache = AnalysisCache(tmp_path / "c.sqlite")
    _filled(folder, cache)
    settings = ScanSettings(workers=1, flag_similarity=0.5)
    fresh = scan([folder], settings=settings, isolate=False)
    warm = scan([folder], settings=settings, isolate=False, cache=cache)
    assert "compare: arrays mapped" in warm.timings
    assert not any(_unmade(warm))
    assert all(not d.shingle_seq.flags.writeable for d in warm.documents)  # mapped
    # and the other arrays the comparison reads, as the reading's shelf holds them
    held = [
        a
        for d in warm.documents
        for a in (d.shingle_seq, d.sentences.word_ids, d.sentences.spans, d.usable, d.units.gaps)
        if a.nbytes
    ]
    assert len(held) >= 3 * len(warm.documents) and all(on_a_map(a) for a in held)
    assert warm.pairs == fresh.pairs


def test_a_read_stopped_half_way_leaves_the_collector_on(folder, tmp_path):
    """The cycle collector waits while the cache is read; a consumer that stops reading
    (an error, a cancel) and closes the read gets it back on."""
    cache = AnalysisCache(tmp_path / "c.sqlite")
    _filled(folder, cache)
    files = [(p, p.name) for p in sorted(folder.iterdir())]
    read = scan_module.analyze_files(
        files, ScanSettings(workers=1), np.zeros(0, np.uint64), Progress(), cache=cache
    )
    next(read)
    assert not gc.isenabled()  # paused while the cache is read
    read.close()
    assert gc.isenabled()
    with pytest.raises(RuntimeError) as caught, MonkeyPatch.context() as patch:
        patch.setattr(scan_module, "submission_document", _fails)
        scan([folder], settings=ScanSettings(workers=1), isolate=False, cache=cache)
    assert caught.traceback  # kept (as an error log would keep it), with the scan's frame
    assert gc.isenabled()


def _fails(*args, **kwargs):
    raise RuntimeError("a consumer that stops")
