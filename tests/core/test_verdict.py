"""A re-scan of unchanged files with unchanged settings takes the judged comparison
from the cache (pairs, groups, directions, reasons, passages, matrix) and gives exactly
what judging again gives; anything that could change a verdict makes a new one."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

import simhash_core.compare.comparison as comparison
import simhash_core.scan as scan_module
from simhash_core.compare.verdict import Verdict
from simhash_core.report.export import pair_dict
from simhash_core.scan import scan
from simhash_core.store.cache import VERDICT_PREFIX, AnalysisCache
from simhash_core.types import ScanResult, ScanSettings
from tests.core.samples import CLASS_ZH, needs_samples

pytestmark = needs_samples

# copied pairs, a light copy, a reworded one and unrelated essays
NAMES = (
    "s003.pdf", "s011.txt", "s006.docx", "s015.docx", "s004.docx", "s018.txt", "s029.docx",
    "s000.pdf", "s002.txt", "s001.docx", "s021.txt", "s027.txt",
)  # fmt: skip


def _class(folder: Path) -> Path:
    folder.mkdir(parents=True)
    for name in NAMES:
        shutil.copy(CLASS_ZH / "submissions" / name, folder / name)
    return folder


def _scan(folder: Path, cache: AnalysisCache | None, **settings) -> ScanResult:
    return scan(
        [folder],
        [CLASS_ZH / "template.txt"],
        ScanSettings(**{"workers": 1, **settings}),
        isolate=False,
        cache=cache,
    )


def _same(a: ScanResult, b: ScanResult) -> None:
    assert a.pairs == b.pairs  # every field: scores, reasons, direction, group
    assert a.clusters == b.clusters
    for field in ("distance", "jaccard", "similarity", "containment", "flagged"):
        assert np.array_equal(getattr(a.matrix, field), getattr(b.matrix, field)), field
    for p in a.pairs:
        assert a.corpus.passages(p.a, p.b) == b.corpus.passages(p.a, p.b)
    for i in range(len(a.documents)):
        assert a.corpus.common_spans(i) == b.corpus.common_spans(i)
    assert [pair_dict(a, p) for p in a.pairs] == [pair_dict(b, p) for p in b.pairs]


@pytest.fixture
def judged(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the comparisons actually judged (not restored from a verdict)."""
    calls: list[int] = []
    real = scan_module.compare_documents

    def counting(docs, *args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(len(docs))
        return real(docs, *args, **kwargs)

    monkeypatch.setattr(scan_module, "compare_documents", counting)
    return calls


def test_a_warm_rescan_restores_the_verdict_and_changes_nothing(tmp_path, judged):
    folder = _class(tmp_path / "class")
    cache = AnalysisCache(tmp_path / "cache.sqlite")
    fresh = _scan(folder, None)
    first = _scan(folder, cache)
    assert len(judged) == 2
    again = _scan(folder, cache)
    assert len(judged) == 2  # nothing judged: the verdict came from the cache
    assert any(p.flagged and p.passages for p in again.pairs)
    assert any(p.reworded for p in again.pairs) or any(again.corpus.meaning.values())
    _same(fresh, first)
    _same(fresh, again)


def test_whatever_could_change_a_verdict_makes_a_new_one(tmp_path, judged):
    folder = _class(tmp_path / "class")
    cache = AnalysisCache(tmp_path / "cache.sqlite")
    _scan(folder, cache)
    stricter = _scan(folder, cache, flag_similarity=0.6)  # a threshold
    assert len(judged) == 2
    _same(_scan(folder, None, flag_similarity=0.6), stricter)
    assert len(judged) == 3
    (folder / "s011.txt").rename(folder / "s011-renamed.txt")  # a name: who copied
    renamed = _scan(folder, cache)
    assert len(judged) == 4
    _same(_scan(folder, None), renamed)
    _scan(folder, cache, workers=2)  # the number of workers changes nothing
    assert len(judged) == 5


def test_a_warm_rescan_makes_the_matrix_views_of_minhash_and_simhash_only_when_read(
    tmp_path, monkeypatch
):
    folder = _class(tmp_path / "class")
    cache = AnalysisCache(tmp_path / "cache.sqlite")
    first = _scan(folder, cache)
    made: list[str] = []
    jaccard, hamming = comparison.minhash.jaccard_matrix, comparison.hamming_matrix
    monkeypatch.setattr(
        comparison.minhash, "jaccard_matrix", lambda s: made.append("jaccard") or jaccard(s)
    )
    monkeypatch.setattr(
        comparison, "hamming_matrix", lambda f: made.append("hamming") or hamming(f)
    )
    again = _scan(folder, cache)
    assert made == []  # a re-scan from the command line never shows the matrix
    assert np.array_equal(again.matrix.jaccard, first.matrix.jaccard)
    assert np.array_equal(again.matrix.distance, first.matrix.distance)
    assert np.array_equal(again.matrix.jaccard, first.matrix.jaccard)
    assert made == ["jaccard", "hamming"]  # each made once, when first read
    made.clear()
    _scan(folder, cache).matrix.made()  # the app's scan thread makes both at once
    assert made == ["hamming", "jaccard"]


def test_a_damaged_verdict_is_judged_again(tmp_path, judged):
    folder = _class(tmp_path / "class")
    cache = AnalysisCache(tmp_path / "cache.sqlite")
    first = _scan(folder, cache)
    db = cache._db
    keys = [k for (k,) in db.execute("SELECT key FROM comparisons")]
    keys = [k for k in keys if k.startswith(VERDICT_PREFIX)]
    assert len(keys) == 1
    db.execute("UPDATE comparisons SET data = ? WHERE key = ?", (b"not a verdict", keys[0]))
    again = _scan(folder, cache)
    assert len(judged) == 2
    _same(first, again)
    with pytest.raises(ValueError):
        Verdict.decode(b"not a verdict")


def test_a_warm_rescan_restores_the_shared_texts_without_finding_them_again(
    tmp_path, judged, monkeypatch
):
    """The prompt five students pasted is told again from the verdict (finding it again
    went over every document's shingles: seconds on a large class)."""
    import simhash_core.compare.corpus as corpus_module
    from tests.core.test_shared_text import PROMPT
    from tests.core.textgen import en_essay

    folder = tmp_path / "class"
    folder.mkdir()
    for k in range(12):
        text = (PROMPT if k < 5 else "") + en_essay(700 + k, 25)
        (folder / f"s{k:02}.txt").write_text(text, encoding="utf-8")
    cache = AnalysisCache(tmp_path / "cache.sqlite")
    first = scan([folder], settings=ScanSettings(workers=1), isolate=False, cache=cache)
    (shared,) = first.shared_texts
    assert shared.files == 5 and shared.text.startswith("Assignment three.")
    found: list[int] = []
    real = corpus_module.shared_texts
    monkeypatch.setattr(
        corpus_module,
        "shared_texts",
        lambda *a: found.append(1) or real(*a),  # type: ignore[func-returns-value]
    )
    again = scan([folder], settings=ScanSettings(workers=1), isolate=False, cache=cache)
    assert len(judged) == 1 and found == []  # neither judged nor searched again
    assert again.shared_texts == first.shared_texts


def test_a_verdict_keeps_the_documents_grouped_by_text():
    """The grouping of the documents by text comes back with the verdict (opening a
    pair after a restored scan reads no other document's shingles for it); labels that
    are not such a grouping are a damaged verdict."""
    kept = Verdict([], [], {}, (), [0, 1, 0, 2, 1])
    assert Verdict.decode(kept.encode()).same_text == [0, 1, 0, 2, 1]
    assert Verdict.decode(Verdict([], [], {}).encode()).same_text is None
    for wrong in ([1, 0], [0, 2], [0, -1]):
        with pytest.raises(ValueError):
            Verdict.decode(Verdict([], [], {}, (), wrong).encode())
