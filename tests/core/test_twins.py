"""Files with the same content (one essay handed in many times, a popular source copied
by half a course) are read, aligned and counted once; every score is what reading and
aligning each file and each pair on its own gives."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from simhash_core.compare import meaning
from simhash_core.compare.corpus import Corpus
from simhash_core.compare.meaning import links
from simhash_core.compare.same_text import SameText
from simhash_core.scan import scan
from simhash_core.types import ScanSettings
from tests.core.samples import CLASS_ZH, SAMPLES, needs_samples

pytestmark = needs_samples

# a copied pair (s003/s011 verbatim), a light copy (s006/s015), unrelated essays; seven
# per folder, so that a folder is not taken for one student's submission
NAMES = ("s003.pdf", "s011.txt", "s006.docx", "s015.docx", "s000.pdf", "s002.txt", "s001.docx")


def _class(folder: Path, copies: int = 3) -> Path:
    for k in range(copies):
        part = folder / f"copy{k}"
        part.mkdir(parents=True)
        for name in NAMES:
            shutil.copy(CLASS_ZH / "submissions" / name, part / name)
    return folder


def _each_on_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """Turn every reuse off: each file read, each pair aligned and counted by itself,
    each document's sentences multiplied with every other's."""
    import simhash_core.scan as scan_module
    from simhash_core.compare import comparison

    monkeypatch.setattr(scan_module, "_digests", lambda paths, *a, **k: [None] * len(paths))

    def each_alone(sents, *args, same=None, **kwargs):
        return meaning.meaning_pairs(sents, *args, **kwargs)

    monkeypatch.setattr(comparison, "meaning_pairs", each_alone)
    monkeypatch.setattr(
        Corpus, "same_text", property(lambda self: SameText.each_alone(len(self.docs)))
    )


def _scan(folder: Path):
    settings = ScanSettings(workers=1)
    return scan([folder], [CLASS_ZH / "template.txt"], settings, isolate=False)


def test_twins_score_exactly_as_each_pair_on_its_own(tmp_path, monkeypatch):
    folder = _class(tmp_path / "class")
    reused = _scan(folder)
    with monkeypatch.context() as m:
        _each_on_its_own(m)
        alone = _scan(folder)
    n = len(NAMES) * 3
    assert all(d.student is None for d in reused.documents)
    assert len(reused.documents) == len(alone.documents) == n
    assert [d.path for d in reused.documents] == [d.path for d in alone.documents]
    assert [d.text for d in reused.documents] == [d.text for d in alone.documents]
    # every pair, every field: scores, reasons, direction, group
    assert reused.pairs == alone.pairs
    assert [c.members for c in reused.clusters] == [c.members for c in alone.clusters]
    for field in ("distance", "jaccard", "similarity", "containment", "flagged"):
        assert np.array_equal(getattr(reused.matrix, field), getattr(alone.matrix, field))
    # the three copies of one file are flagged with one another, and their passages too
    names = [d.path for d in reused.documents]
    a, b = names.index("copy0/s006.docx"), names.index("copy2/s006.docx")
    pair = next(p for p in reused.pairs if (p.a, p.b) == (a, b))
    assert pair.flagged and pair.containment_a == pair.containment_b == 1.0
    assert reused.corpus.passages(a, b) == alone.corpus.passages(a, b)


def test_twins_are_read_once_and_aligned_once(tmp_path):
    from simhash_core.scan import _analyze_task

    folder = _class(tmp_path / "class", copies=4)
    read: list[str] = []

    def counting(*args):
        read.append(Path(args[0]).name)
        return _analyze_task(*args)

    result = scan(
        [folder],
        [CLASS_ZH / "template.txt"],
        ScanSettings(workers=1),
        isolate=False,
        task=counting,
    )
    assert len(result.documents) == 4 * len(NAMES)
    assert sorted(read) == sorted(NAMES)  # one file of each content was read
    corpus = result.corpus
    assert len(corpus.same_text.first) == len(NAMES)
    # each pair of contents was measured once, whatever the number of copies
    assert 0 < len(corpus.measured) <= len(NAMES) * len(NAMES)


@pytest.mark.parametrize("name", ["paraphrase-en", "paraphrase-zh", "translated-zh"])
def test_meaning_of_copies_is_found_once_and_is_what_each_pair_gets(name, monkeypatch):
    """Reworded and translated links: a folder where each document is handed in one to
    four times gives every pair of files the links of multiplying every file's
    sentences (the IDF and each sentence's neighbours count every copy), from the
    products of one file per content."""
    result = scan([SAMPLES / name / "documents"], isolate=False)
    own = [result.corpus.glossed(i) for i in range(len(result.documents))]
    held = [k for rep in range(4) for k in range(len(own)) if k % 4 >= rep]
    sents = [own[k] for k in held]
    # each document's text: the file it is a copy of (as the comparison finds them)
    same = SameText.of_keys([k.to_bytes(4, "little") for k in held])
    multiplied: list[int] = []
    space = meaning.sentence_space

    def counted(sents, *args, **kwargs):
        multiplied.append(len(sents))
        return space(sents, *args, **kwargs)

    settings = ScanSettings()
    for kwargs in ({}, {"translated": False}, {"min_links": settings.meaning_sentences}):
        alone = meaning.meaning_pairs(sents, min_margin=settings.meaning_margin, **kwargs)
        monkeypatch.setattr(links, "sentence_space", counted)
        once = meaning.meaning_pairs(sents, min_margin=settings.meaning_margin, same=same, **kwargs)
        monkeypatch.setattr(links, "sentence_space", space)
        assert once == alone
        assert multiplied and set(multiplied) == {len(own)}
        multiplied.clear()
    # copies of one document are paired too: all their pairs, or none
    assert alone
    holder = {}
    for k, s in enumerate(sents):
        holder.setdefault(id(s), []).append(k)
    for group in holder.values():
        inside = [(x, y) for x in group for y in group if x < y]
        assert all((p in alone) == (inside[0] in alone) for p in inside)


def test_a_large_folder_keeps_only_the_shared_counts_it_reads():
    """Without a matrix or every pair, the shared counts keep the pairs that can have a
    passage (3 shingles or more) and SimHash-close ones: every score is the same as
    with them all, a pair found by meaning alone is counted when it comes, the memo
    left so serves again, and asking for every pair makes it whole again."""
    from simhash_core.compare.comparison import score_corpus
    from simhash_core.compare.memo import ComparisonMemo

    docs = scan([SAMPLES / "paraphrase-en" / "documents"], isolate=False, compare=False).documents
    settings = ScanSettings()

    def run(memo, **kwargs):
        return score_corpus(Corpus.build(docs, settings), memo=memo, **kwargs)

    whole = ComparisonMemo.empty()
    dense_pairs, matrix = run(whole)[:2]
    kept = ComparisonMemo.empty()
    pairs, no_matrix = run(kept, dense_limit=2)[:2]
    assert matrix is not None and no_matrix is None
    assert pairs == dense_pairs and any(p.reworded for p in pairs)
    assert kept.shared.floor == 3 and 0 < len(kept.shared) < len(whole.shared)
    # counted on demand as the folder's pass counts them
    corpus = Corpus.build(docs, settings)
    few = [(pair, c) for pair, c in whole.shared.items() if c < 3][:40]
    assert few and all(corpus.shared_with(*pair) == c for pair, c in few)
    assert corpus.shared_with(0, 1) == whole.shared.get((0, 1), 0)
    # the memo as stored: the same scores again; every pair asked for: whole counts
    kept.common = corpus.common
    again = ComparisonMemo.decode(kept.encode())
    assert again.shared.floor == 3
    assert run(again, dense_limit=2)[0] == dense_pairs
    run(again, dense_limit=2, all_pairs=True)
    assert again.shared.floor == 1 and dict(again.shared) == dict(whole.shared)


def test_a_warm_scan_asks_the_cache_once_per_content(tmp_path, monkeypatch):
    """From the cache too, each content is looked up once and its copies take that result
    (kept only until the last copy): the same documents and pairs as the cold scan."""
    from simhash_core.scan import _analyze_task
    from simhash_core.store.cache import AnalysisCache

    folder = _class(tmp_path / "class", copies=3)
    cache = AnalysisCache(tmp_path / "cache.db")
    settings = ScanSettings(workers=1)
    cold = scan([folder], [CLASS_ZH / "template.txt"], settings, isolate=False, cache=cache)
    read: list[str] = []
    asked: list[str] = []

    def counting(*args):
        read.append(Path(args[0]).name)
        return _analyze_task(*args)

    lookup = cache.get_analyses

    def counted(digests, *args, **kwargs):
        asked.extend(dict.fromkeys(digests))  # read in one query: each once
        return lookup(digests, *args, **kwargs)

    monkeypatch.setattr(cache, "get_analyses", counted)
    warm = scan(
        [folder], [CLASS_ZH / "template.txt"], settings, isolate=False, cache=cache,
        task=counting,
    )  # fmt: skip
    assert read == []
    assert sorted(asked) == sorted({d.content_hash for d in cold.documents})
    assert len(asked) == len(NAMES)
    assert [(d.path, d.fingerprint) for d in warm.documents] == [
        (d.path, d.fingerprint) for d in cold.documents
    ]
    for d, e in zip(warm.documents, cold.documents, strict=True):
        assert np.array_equal(d.shingle_seq, e.shingle_seq)
        assert np.array_equal(d.unit_starts, e.unit_starts)
    assert warm.pairs == cold.pairs
